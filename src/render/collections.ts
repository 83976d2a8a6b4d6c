/** What /add and /remove say back, as text for Discord, the console and the command line. */
import type { AddReport } from '../collections/add.js';
import type { RemoveReport } from '../collections/remove.js';


/** Lines past this many are summed up: a .bib of 200 entries must still fit a message. */
const LINES_SHOWN = 15;

function listed<T>(items: readonly T[], line: (item: T) => string): string[] {
  const lines = items.slice(0, LINES_SHOWN).map(line);
  if (items.length > LINES_SHOWN) lines.push(`- …and ${items.length - LINES_SHOWN} more`);
  return lines;
}

export function renderAddReport(report: AddReport): string {
  const out: string[] = [];
  if (report.added.length) {
    out.push(`Added ${report.added.length} paper${report.added.length === 1 ? '' : 's'} to ${report.collection}:`);
    out.push(
      ...listed(report.added, (a) => {
        const meta = [a.authors.length ? `${a.authors[0]}${a.authors.length > 1 ? ' et al.' : ''}` : '', a.year?.toString() ?? '', a.venue ?? ''].filter(Boolean).join(', ');
        const text = a.fullText ? `full text${a.pages ? `, ${a.pages} pages` : ''}${a.sections ? `, ${a.sections} sections` : ''}` : 'abstract only';
        return `- "${a.title}" (${a.id})${meta ? ` — ${meta}` : ''} [${a.source}; ${text}]${a.note ? ` Note: ${a.note}` : ''}`;
      }),
    );
  } else out.push(`Nothing was added to ${report.collection}.`);
  if (report.skipped.length) {
    out.push(`Skipped ${report.skipped.length}:`);
    out.push(...listed(report.skipped, (s) => `- ${s.ref ? `${s.ref}: ` : ''}${s.reason}`));
  }
  return out.join('\n');
}

/** What `--json` prints for an /add: the same keys for every paper, null where one is unknown. */
export function addReportJson(r: AddReport) {
  return {
    added: r.added.map((a) => ({ id: a.id, title: a.title, authors: a.authors, year: a.year ?? null, venue: a.venue ?? null, url: a.url ?? null, source: a.source, fullText: a.fullText })),
    skipped: r.skipped.map((s) => ({ ref: s.ref, reason: s.reason })),
  };
}

export function renderRemoveReport(report: RemoveReport): string {
  return `Removed "${report.title}" (${report.id}) from ${report.collection}.`;
}
