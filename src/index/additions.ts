/**
 * Adding papers to the index and removing them without a rebuild. An addition writes the
 * papers' records (when given a records folder), then one small segment per collection, then
 * switches the segments list; a removal deletes the record, then switches to a list with a
 * tombstone. Each takes the index lock. A process killed at any point leaves the last list in
 * force; what it wrote besides is removed at the next start (cleanOrphans), and the addition
 * can be repeated: a paper its collection already holds is skipped.
 */
import { promises as fs } from 'node:fs';
import type { Embedder } from '../embed/embedder.js';
import { collectionProblem, removeRecord, writeRecords } from '../collections/records.js';
import { baseIds, buildEmbedder, currentIndex, livePapers, withIndexLock } from './live.js';
import { partitionAdded, writeNewSegments, type SkippedPaper } from './new-segments.js';
import { readSegment, type AddedPaper } from './segment.js';
import { readSegmentList, segmentDir, segmentsOf, writeSegmentList, type SegmentList, type StepHook } from './segment-list.js';
import { compactSegments } from './compact.js';
import type { LoadedIndex } from './store.js';

/** Segments one collection may have before an addition compacts them. */
export const DEFAULT_MAX_SEGMENTS = 10;

export interface ChangeOptions {
  /** The index this process has open: only what changed since is read (another build is loaded whole). */
  index?: LoadedIndex;
  /** The collections folder (DATA_DIR/collections): records are written there first, as what a rebuild keeps. */
  records?: string;
  log?: (msg: string, fields?: Record<string, unknown>) => void;
  /** Called at each named step of the change; tests stop the process there. */
  step?: StepHook;
}

export interface AddOptions extends ChangeOptions {
  /** The embedder the build was made with; the build's fitted local embedder by default. */
  embedder?: Embedder;
  /** A collection with more segments than this is compacted in the background after the addition; 0: never. */
  maxSegments?: number;
  /** Told the index a compaction started by this addition left, once it is in force. */
  onCompacted?: (index: LoadedIndex) => void;
}

export interface AddResult {
  /** The index with the papers added (the one given, unchanged, when nothing was). */
  index: LoadedIndex;
  added: AddedPaper[];
  skipped: SkippedPaper[];
  /** The compaction the addition started, when it did: the compacted index, or null when it failed (logged). */
  compaction?: Promise<LoadedIndex | null>;
}

export class AddError extends Error {
  override readonly name = 'AddError';
}

/** Why an added paper cannot be indexed, or null. */
function addedProblem({ collection, paper, fullText }: AddedPaper): string | null {
  const bad = collectionProblem(collection);
  if (bad) return bad;
  if (typeof paper?.id !== 'string' || !paper.id.trim() || paper.id.length > 300 || /[\u0000-\u001f]/.test(paper.id)) return 'a paper needs an id (at most 300 printable characters)';
  if (typeof paper.title !== 'string' || !paper.title.trim()) return `paper ${paper.id} has no title`;
  if (typeof paper.abstract !== 'string') return `paper ${paper.id} has no abstract (an empty one is allowed)`;
  if (fullText?.some((p) => typeof p.section !== 'string' || typeof p.text !== 'string' || !Number.isSafeInteger(p.page) || p.page < 1)) return `paper ${paper.id}: each passage of its full text needs a section, a page (1 or more) and a text`;
  return null;
}

/**
 * Adds papers to their collections: one segment per collection, in force at once. Papers of
 * the build (every collection sees them) and papers their collection holds already are
 * skipped, so an addition cut short can be repeated.
 */
export async function addPapers(root: string, papers: readonly AddedPaper[], opts: AddOptions = {}): Promise<AddResult> {
  for (const a of papers) {
    const problem = addedProblem(a);
    if (problem) throw new AddError(problem);
  }
  const result = await withIndexLock(root, async (): Promise<AddResult> => {
    const index = await currentIndex(root, opts.index);
    const embed = buildEmbedder(index, opts.embedder);
    const live = livePapers(index);
    const base = baseIds(index);
    const { groups, skipped } = partitionAdded(papers, (id) => base.has(id), (c, id) => live.get(c)?.has(id) ?? false);
    if (groups.size === 0) return { index, added: [], skipped };
    const added = [...groups.values()].flat();
    const records = opts.records ? await writeRecords(opts.records, added) : [];
    let list: SegmentList;
    let created: string[] = [];
    try {
      await opts.step?.('records-written');
      const before = await readSegmentList(index.dir);
      const entries = await writeNewSegments(index.dir, before.generation + 1, groups, embed, opts.step);
      created = entries.map((e) => e.name);
      list = { ...before, generation: before.generation + 1, segments: [...before.segments, ...entries] };
      await writeSegmentList(index.dir, list, opts.step);
    } catch (e) {
      // Not in force: nothing of it may outlive the failure, its records least of all.
      await Promise.all([...records.map((f) => fs.rm(f, { force: true })), ...created.map((name) => fs.rm(segmentDir(index.dir, name), { recursive: true, force: true }))]);
      throw e;
    }
    await opts.step?.('list-switched');
    const fresh = await Promise.all(created.map((name) => readSegment(segmentDir(index.dir, name), index.manifest.embedder.dims)));
    opts.log?.('papers added to the index', { papers: added.length, segments: created, generation: list.generation });
    return { index: { ...index, segments: segmentsOf(list, [...index.segments, ...fresh]), generation: list.generation }, added, skipped };
  });
  const max = opts.maxSegments ?? DEFAULT_MAX_SEGMENTS;
  const crowded = [...new Set(result.added.map((a) => a.collection))].filter((c) => max > 0 && result.index.segments.filter((s) => s.collection === c).length > max);
  if (crowded.length === 0) return result;
  const compaction = compactSegments(root, { index: result.index, collections: crowded, log: opts.log }).then(
    (r) => {
      opts.onCompacted?.(r.index);
      return r.index;
    },
    (e: Error) => {
      opts.log?.('the compaction of the segments failed; they are searched as they are', { error: e.message, collections: crowded });
      return null;
    },
  );
  return { ...result, compaction };
}

export interface RemoveResult {
  index: LoadedIndex;
  /** Whether the collection held the paper (in its index or its records). */
  removed: boolean;
  /** Why it was not removed. */
  reason?: 'in the shipped corpus' | 'not in the collection';
}

/** Takes a paper out of its collection: its record, then (a tombstone in the list) its chunks from every search. */
export async function removePaper(root: string, collection: string, id: string, opts: ChangeOptions = {}): Promise<RemoveResult> {
  const problem = collectionProblem(collection);
  if (problem) throw new AddError(problem);
  return withIndexLock(root, async (): Promise<RemoveResult> => {
    const index = await currentIndex(root, opts.index);
    const holder = livePapers(index).get(collection)?.get(id);
    const hadRecord = opts.records ? await removeRecord(opts.records, collection, id) : false;
    if (!holder) {
      if (hadRecord) return { index, removed: true };
      return { index, removed: false, reason: baseIds(index).has(id) ? 'in the shipped corpus' : 'not in the collection' };
    }
    await opts.step?.('records-written');
    const before = await readSegmentList(index.dir);
    const list: SegmentList = { ...before, generation: before.generation + 1, tombstones: { ...before.tombstones, [holder]: [...(before.tombstones[holder] ?? []), id] } };
    await writeSegmentList(index.dir, list, opts.step);
    await opts.step?.('list-switched');
    opts.log?.('paper removed from the index', { collection, paper: id, segment: holder, generation: list.generation });
    return { index: { ...index, segments: segmentsOf(list, index.segments), generation: list.generation }, removed: true };
  });
}

