import { promises as fs } from 'node:fs';
import path from 'node:path';
import type { Embedder } from '../embed/embedder.js';
import type { LocalEmbedder } from '../embed/local.js';
import { SEGMENTS_FOLDER, segmentName, type SegmentEntry, type StepHook } from './segment-list.js';
import { segmentSource, writeSegment, type AddedPaper } from './segment.js';
import { syncFolder } from '../fsutil.js';

/** Why an added paper was not added. */
export type SkipReason = 'in the shipped corpus' | 'already in the collection' | 'twice in this request';

export interface SkippedPaper {
  collection: string;
  id: string;
  reason: SkipReason;
}

/**
 * The papers to add, by collection in the order given, and those skipped: a paper of the shipped
 * corpus (which every collection sees), one its collection already holds, or one given twice.
 */
export function partitionAdded(added: readonly AddedPaper[], inBase: (id: string) => boolean, inCollection: (collection: string, id: string) => boolean): { groups: Map<string, AddedPaper[]>; skipped: SkippedPaper[] } {
  const groups = new Map<string, AddedPaper[]>();
  const skipped: SkippedPaper[] = [];
  const seen = new Set<string>();
  for (const a of added) {
    const { collection } = a;
    const id = a.paper.id;
    const key = `${collection}\n${id}`;
    const reason: SkipReason | null = inBase(id) ? 'in the shipped corpus' : inCollection(collection, id) ? 'already in the collection' : seen.has(key) ? 'twice in this request' : null;
    seen.add(key);
    if (reason) {
      skipped.push({ collection, id, reason });
      continue;
    }
    const group = groups.get(collection);
    if (group) group.push(a);
    else groups.set(collection, [a]);
  }
  return { groups, skipped };
}

/**
 * Writes one segment per collection into `<buildDir>/segments/`: each into a temporary folder,
 * flushed, then renamed into place (steps 'segment-written' and 'segment-renamed'). They are
 * not live until a list names them. On failure, what was written is removed.
 */
export async function writeNewSegments(buildDir: string, generation: number, groups: ReadonlyMap<string, AddedPaper[]>, embed: { embedder: Embedder; local?: LocalEmbedder }, step?: StepHook): Promise<SegmentEntry[]> {
  const folder = path.join(buildDir, SEGMENTS_FOLDER);
  await fs.mkdir(folder, { recursive: true });
  const written: string[] = [];
  try {
    const entries: SegmentEntry[] = [];
    for (const [collection, papers] of groups) {
      const name = segmentName(generation);
      const tmp = path.join(folder, `.tmp-${name}`);
      written.push(tmp);
      const manifest = await writeSegment(tmp, segmentSource(name, collection, papers), embed);
      await step?.('segment-written');
      await fs.rename(tmp, path.join(folder, name));
      written.push(path.join(folder, name));
      entries.push({ name, collection, papers: manifest.papers, chunks: manifest.chunks });
    }
    await syncFolder(folder);
    await step?.('segment-renamed');
    return entries;
  } catch (e) {
    await Promise.all(written.map((dir) => fs.rm(dir, { recursive: true, force: true })));
    throw e;
  }
}
