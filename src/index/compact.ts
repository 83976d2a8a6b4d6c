/**
 * Compaction: a collection's segments merged into one, without the papers removed from them,
 * so that its questions search two parts (the build and one segment) however many additions
 * it had. The vectors are copied, not embedded again; the postings and frequencies are made
 * anew from the chunks' texts. The work yields to the event loop between pieces, so a process
 * that serves questions while it compacts keeps answering them. The merged segment is switched
 * to like an addition; the old folders are removed only after the switch.
 */
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Chunk } from '../chunking.js';
import type { Paper } from '../corpus/paper.js';
import type { Embedder } from '../embed/embedder.js';
import { currentIndex, withIndexLock } from './live.js';
import { readSegment, segmentVectors, writeSegment, type LoadedSegment } from './segment.js';
import { syncFolder } from '../fsutil.js';
import { readSegmentList, SEGMENTS_FOLDER, segmentDir, segmentName, segmentsOf, writeSegmentList, type SegmentEntry, type SegmentList, type StepHook } from './segment-list.js';
import type { LoadedIndex } from './store.js';

export interface CompactOptions {
  /** The index this process has open (see ChangeOptions.index). */
  index?: LoadedIndex;
  /** Only these collections; by default every collection with more than one segment or with removed papers. */
  collections?: readonly string[];
  log?: (msg: string, fields?: Record<string, unknown>) => void;
  step?: StepHook;
}

export interface Merge {
  collection: string;
  /** The segments merged, and the one they became (absent when every paper had been removed). */
  from: string[];
  into?: string;
  papers: number;
  /** Papers removed from them that the merged segment leaves out. */
  dropped: number;
}

export interface CompactResult {
  index: LoadedIndex;
  merges: Merge[];
}

const pause = () => nextTurn();

/** Whether a collection's segments are worth merging: more than one, or papers removed from them. */
function needsMerge(segments: readonly LoadedSegment[]): boolean {
  return segments.length > 1 || segments.some((s) => s.removed.size > 0);
}

/** Merges the segments of each collection into one (see the module's comment). */
export async function compactSegments(root: string, opts: CompactOptions = {}): Promise<CompactResult> {
  return withIndexLock(root, async (): Promise<CompactResult> => {
    const index = await currentIndex(root, opts.index);
    const before = await readSegmentList(index.dir);
    const byCollection = new Map<string, LoadedSegment[]>();
    for (const s of index.segments) byCollection.set(s.collection, [...(byCollection.get(s.collection) ?? []), s]);
    const chosen = [...byCollection].filter(([c, segments]) => (!opts.collections || opts.collections.includes(c)) && needsMerge(segments));
    if (chosen.length === 0) return { index, merges: [] };
    const generation = before.generation + 1;
    const merges: Merge[] = [];
    const entries = new Map<string, SegmentEntry | null>();
    const written: string[] = [];
    try {
      for (const [collection, segments] of chosen) {
        const merge = await mergeInto(index.dir, collection, segments, generation, index.manifest.embedder);
        merges.push(merge.merge);
        entries.set(collection, merge.entry);
        if (merge.entry) written.push(merge.entry.name);
        await pause();
      }
      await syncFolder(path.join(index.dir, SEGMENTS_FOLDER));
      await opts.step?.('compaction-written');
    } catch (e) {
      await Promise.all(written.map((name) => fs.rm(segmentDir(index.dir, name), { recursive: true, force: true })));
      throw e;
    }
    const list = replaced(before, entries, generation);
    await writeSegmentList(index.dir, list, opts.step);
    await opts.step?.('compaction-switched');
    // Readers that loaded the old list read those folders at load time; one reading them now finds a newer list and reads again.
    const old = merges.flatMap((m) => m.from);
    await Promise.all(old.map((name) => fs.rm(segmentDir(index.dir, name), { recursive: true, force: true })));
    const fresh = await Promise.all(written.map((name) => readSegment(segmentDir(index.dir, name), index.manifest.embedder.dims)));
    opts.log?.('segments compacted', { merges: merges.map((m) => ({ collection: m.collection, segments: m.from.length, papers: m.papers, dropped: m.dropped })), generation });
    return { index: { ...index, segments: segmentsOf(list, [...index.segments, ...fresh]), generation }, merges };
  });
}

/** Writes the merged segment of one collection (none when nothing is left of it). */
async function mergeInto(buildDir: string, collection: string, segments: readonly LoadedSegment[], generation: number, built: LoadedIndex['manifest']['embedder']): Promise<{ merge: Merge; entry: SegmentEntry | null }> {
  const papers: Paper[] = [];
  const chunks: Chunk[] = [];
  const vectors: ArrayLike<number>[] = [];
  let dropped = 0;
  for (const s of segments) {
    dropped += s.removed.size;
    const stored = await segmentVectors(s);
    papers.push(...s.papers.filter((p) => !s.removed.has(p.id)));
    for (const c of s.chunks) {
      if (s.removed.has(c.paperId)) continue;
      chunks.push(c);
      vectors.push(stored.get(c.id)!);
    }
  }
  const from = segments.map((s) => s.name);
  if (papers.length === 0) return { merge: { collection, from, papers: 0, dropped }, entry: null };
  const name = segmentName(generation);
  const tmp = path.join(buildDir, SEGMENTS_FOLDER, `.tmp-${name}`);
  try {
    // The vectors are given, so the build's embedder is only named, never asked.
    const named: Embedder = { ...built, embedDocuments: () => Promise.reject(new Error('a compaction copies vectors')), embedQuery: () => Promise.reject(new Error('a compaction copies vectors')) };
    const manifest = await writeSegment(tmp, { name, collection, papers, chunks, vectors }, { embedder: named }, pause);
    await fs.rename(tmp, segmentDir(buildDir, name));
    return { merge: { collection, from, into: name, papers: papers.length, dropped }, entry: { name, collection, papers: manifest.papers, chunks: manifest.chunks } };
  } catch (e) {
    await fs.rm(tmp, { recursive: true, force: true });
    throw e;
  }
}

/** The list with each merged collection's segments replaced by its merged one, where its first was, and their tombstones gone. */
function replaced(list: SegmentList, merged: ReadonlyMap<string, SegmentEntry | null>, generation: number): SegmentList {
  const segments: SegmentEntry[] = [];
  const tombstones: Record<string, string[]> = {};
  const placed = new Set<string>();
  for (const entry of list.segments) {
    if (!merged.has(entry.collection)) {
      segments.push(entry);
      if (list.tombstones[entry.name]) tombstones[entry.name] = list.tombstones[entry.name]!;
      continue;
    }
    if (placed.has(entry.collection)) continue;
    placed.add(entry.collection);
    const into = merged.get(entry.collection);
    if (into) segments.push(into);
  }
  return { ...list, generation, segments, tombstones };
}
