import type { AddProgress, AddReport } from '../collections/add.js';
import type { RemoveReport } from '../collections/remove.js';
import { renderAddReport, renderRemoveReport } from '../render/collections.js';
import { layoutEmbeds } from './layout.js';
import { escapeText } from './markdown.js';
import { COLORS, type Outgoing } from './render.js';

const STAGES: Record<AddProgress['stage'], string> = { 'looking-up': 'Looking the papers up', 'reading-pdf': 'Reading the PDF', indexing: 'Indexing' };

/** The line a long /add shows while it runs. */
export function addProgressText(p: AddProgress): string {
  return `📥 ${STAGES[p.stage] ?? 'Adding'} (${p.done}/${p.total})…`;
}

/** How a collection is named to a server's members: "guild:<id>" means nothing to them. */
function shownCollection(collection: string): string {
  return collection.startsWith('guild:') ? 'this server' : collection === 'shared' ? 'the collection all servers share' : collection;
}

/** /add's reply: the same report as the console's, as embeds (green when something was added). */
export function addedMessages(report: AddReport): Outgoing[] {
  const text = renderAddReport({ ...report, collection: shownCollection(report.collection) });
  return layoutEmbeds({ description: escapeText(text), color: report.added.length ? COLORS.extractive : COLORS.warning }).map((embeds) => ({ embeds }));
}

/** /remove's reply. */
export function removedMessage(report: RemoveReport): Outgoing {
  const [embeds] = layoutEmbeds({ description: escapeText(renderRemoveReport({ ...report, collection: shownCollection(report.collection) })), color: COLORS.info });
  return { embeds: embeds! };
}
