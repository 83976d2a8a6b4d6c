/**
 * The index as it changes while it serves: what every change (an addition, a removal, a
 * compaction) starts from, under the index lock, and how a process that has the index open
 * catches up with changes another process made.
 */
import path from 'node:path';
import type { Embedder } from '../embed/embedder.js';
import type { LocalEmbedder } from '../embed/local.js';
import { acquireLock } from './lock.js';
import { loadSegments, readSegmentList, removeOrphans } from './segment-list.js';
import { currentBuildDir, loadIndex, type LoadedIndex } from './store.js';

/** Changes of one index root queued in this process: the lock file keeps other processes out, this keeps our own changes in line. */
const queues = new Map<string, Promise<unknown>>();

/**
 * Runs `change` holding the index lock (the one builds take): one change at a time, whichever
 * process makes it. A lock left by a process that died is taken over.
 */
export function withIndexLock<T>(root: string, change: () => Promise<T>): Promise<T> {
  const run = async () => {
    const lock = await acquireLock(path.join(root, '.lock'));
    try {
      return await change();
    } finally {
      await lock.release();
    }
  };
  const previous = queues.get(root) ?? Promise.resolve();
  const next = previous.then(run, run);
  const settled = next.catch(() => undefined);
  queues.set(root, settled);
  void settled.then(() => {
    if (queues.get(root) === settled) queues.delete(root);
  });
  return next;
}

/**
 * The index as it is now on disk: `index` itself when nothing changed, the same build with the
 * segments list's changes (only new segments are read), or another build loaded whole when
 * CURRENT moved (a rebuild).
 */
export async function refreshIndex(index: LoadedIndex): Promise<LoadedIndex> {
  const root = path.dirname(index.dir);
  if ((await currentBuildDir(root)) !== index.dir) return loadIndex(root);
  const list = await readSegmentList(index.dir);
  if (list.generation === index.generation) return index;
  const live = await loadSegments(index.dir, index.manifest.embedder.dims, index.segments);
  return { ...index, segments: live.segments, generation: live.list.generation };
}

/** The index to change: `index` brought up to date when given, else loaded. */
export async function currentIndex(root: string, index?: LoadedIndex): Promise<LoadedIndex> {
  return index && path.dirname(index.dir) === path.resolve(root) ? refreshIndex(index) : loadIndex(root);
}

/** Ids of the build's papers, kept per build: every addition checks them. */
const baseIdSets = new WeakMap<object, ReadonlySet<string>>();

export function baseIds(index: LoadedIndex): ReadonlySet<string> {
  let ids = baseIdSets.get(index.papers);
  if (!ids) baseIdSets.set(index.papers, (ids = new Set(index.papers.map((p) => p.id))));
  return ids;
}

/** The added papers still live, by collection: paper id -> the segment that holds it. */
export function livePapers(index: LoadedIndex): Map<string, Map<string, string>> {
  const out = new Map<string, Map<string, string>>();
  for (const s of index.segments) {
    let ids = out.get(s.collection);
    if (!ids) out.set(s.collection, (ids = new Map()));
    for (const p of s.papers) if (!s.removed.has(p.id)) ids.set(p.id, s.name);
  }
  return out;
}

/**
 * The embedder whose vectors the build holds: the one given, checked against the build, or the
 * local embedder as it was fitted for the build (never refitted: added papers get the vectors
 * the build would have given them).
 */
export function buildEmbedder(index: LoadedIndex, embedder?: Embedder): { embedder: Embedder; local?: LocalEmbedder } {
  const local = index.localEmbedder;
  const chosen = embedder ?? local;
  if (!chosen) throw new Error(`the index was built by ${index.manifest.embedder.id}: pass that embedder to add papers to it`);
  if (chosen.id !== index.manifest.embedder.id || chosen.dims !== index.manifest.embedder.dims) throw new Error(`the index was built by ${index.manifest.embedder.id}, not ${chosen.id}: papers added to it must be embedded the same way`);
  // The local embedder given by a caller is the build's fitted state only if it is that very object.
  return chosen.kind === 'local' ? { embedder: local ?? chosen, local: (local ?? chosen) as LocalEmbedder } : { embedder: chosen };
}

/**
 * Removes what a process that died in the middle of a change left (segment folders no list
 * names, temporary files), unless another process holds the lock: it may be writing them.
 * Returns what was removed.
 */
export async function cleanOrphans(root: string): Promise<string[]> {
  let lock;
  try {
    lock = await acquireLock(path.join(root, '.lock'), { waitMs: 0 });
  } catch {
    return [];
  }
  try {
    const dir = await currentBuildDir(root);
    return dir ? await removeOrphans(dir, await readSegmentList(dir)) : [];
  } finally {
    await lock.release();
  }
}
