/**
 * segments.json, in a build's folder: which segments are live, in the order they were added,
 * and which of their papers were removed since (tombstones). It is the one file an addition,
 * a removal or a compaction changes to take effect, replaced whole (write a temporary file,
 * flush it, rename it over the old one, flush the folder): a reader sees the old list or the
 * new one. A segment folder that no list names is an orphan of a process that died.
 */
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { readJson, syncFolder, writeSynced } from '../fsutil.js';
import { readSegment, type LoadedSegment, type SegmentData } from './segment.js';

export const SEGMENTS_FILE = 'segments.json';
export const SEGMENTS_FOLDER = 'segments';
const LIST_FORMAT = 1;

export interface SegmentEntry {
  name: string;
  collection: string;
  papers: number;
  chunks: number;
}

export interface SegmentList {
  format: number;
  /** Counts every change of the list: 0 before the first. */
  generation: number;
  segments: SegmentEntry[];
  /** Ids of the papers removed from a segment, by segment name. */
  tombstones: Record<string, string[]>;
}

export function emptyList(): SegmentList {
  return { format: LIST_FORMAT, generation: 0, segments: [], tombstones: {} };
}

/** The named steps of a change to the index, at which a test may stop the process (see AddOptions.step). */
export type IndexStep =
  | 'records-written'
  | 'segment-written'
  | 'segment-renamed'
  | 'list-written'
  | 'list-switched'
  | 'compaction-written'
  | 'compaction-switched';

export type StepHook = (step: IndexStep) => void | Promise<void>;

function isSegmentList(x: unknown): x is SegmentList {
  const l = x as SegmentList;
  return !!l && l.format === LIST_FORMAT && Number.isSafeInteger(l.generation) && Array.isArray(l.segments) && !!l.tombstones && typeof l.tombstones === 'object';
}

/** The build's segments list; the empty list when none was written. */
export async function readSegmentList(buildDir: string): Promise<SegmentList> {
  let list: unknown;
  try {
    list = await readJson(path.join(buildDir, SEGMENTS_FILE));
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return emptyList();
    throw new Error(`${SEGMENTS_FILE} is unreadable (${(e as Error).message})`);
  }
  if (!isSegmentList(list)) throw new Error(`${SEGMENTS_FILE} is not a list this version writes`);
  return list;
}

/** Replaces the list atomically: temporary file, flush, `step('list-written')`, rename, flush of the folder. */
export async function writeSegmentList(buildDir: string, list: SegmentList, step?: StepHook): Promise<void> {
  const file = path.join(buildDir, SEGMENTS_FILE);
  const tmp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  await writeSynced(tmp, JSON.stringify(list));
  try {
    await step?.('list-written');
    await fs.rename(tmp, file);
  } catch (e) {
    await fs.rm(tmp, { force: true });
    throw e;
  }
  await syncFolder(buildDir);
}

/** A new segment's folder name: the list generation it is written for, and a random part. */
export function segmentName(generation: number): string {
  return `seg-${String(generation).padStart(6, '0')}-${randomBytes(3).toString('hex')}`;
}

export function segmentDir(buildDir: string, name: string): string {
  return path.join(buildDir, SEGMENTS_FOLDER, name);
}

/** A segment of the list with its tombstones: the previous object when nothing about it changed (so what is cached on it stays). */
function served(data: SegmentData, list: SegmentList, previous: LoadedSegment | undefined): LoadedSegment {
  const removed = list.tombstones[data.name] ?? [];
  if (previous && previous.removed.size === removed.length && removed.every((id) => previous.removed.has(id))) return previous;
  return { ...data, removed: new Set(removed) };
}

/**
 * The live segments of a build, read from disk, reusing those of `previous` (an earlier load of
 * the same build) that are still listed. A segment removed by a compaction between reading the
 * list and reading it means a newer list: read again.
 */
export async function loadSegments(buildDir: string, dims: number, previous: readonly LoadedSegment[] = []): Promise<{ list: SegmentList; segments: LoadedSegment[] }> {
  for (let attempt = 0; ; attempt++) {
    const list = await readSegmentList(buildDir);
    const known = new Map(previous.map((s) => [s.name, s]));
    try {
      const segments = await Promise.all(
        list.segments.map(async (entry) => {
          const data = known.get(entry.name) ?? (await readSegment(segmentDir(buildDir, entry.name), dims));
          if (data.collection !== entry.collection) throw new Error(`segment ${entry.name} holds collection ${data.collection}, the list says ${entry.collection}`);
          return served(data, list, known.get(entry.name));
        }),
      );
      return { list, segments };
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'ENOENT' || attempt >= 3) throw e;
      const again = await readSegmentList(buildDir);
      if (again.generation === list.generation) throw e;
    }
  }
}

/** The segments of a list after a change, from those already loaded and the new ones: in list order. */
export function segmentsOf(list: SegmentList, loaded: readonly (SegmentData | LoadedSegment)[]): LoadedSegment[] {
  const byName = new Map(loaded.map((s) => [s.name, s]));
  return list.segments.map((entry) => {
    const data = byName.get(entry.name);
    if (!data) throw new Error(`segment ${entry.name} is listed but was not loaded`);
    return served(data, list, 'removed' in data ? data : undefined);
  });
}

/**
 * Removes what no list names: segment folders of additions or compactions that died before
 * their switch, folders of segments a compaction replaced, and temporary files. Only under
 * the index lock, with the list as it is on disk.
 */
export async function removeOrphans(buildDir: string, list: SegmentList): Promise<string[]> {
  const removed: string[] = [];
  const live = new Set(list.segments.map((s) => s.name));
  const folder = path.join(buildDir, SEGMENTS_FOLDER);
  for (const name of await fs.readdir(folder).catch(() => [] as string[])) {
    if (live.has(name)) continue;
    await fs.rm(path.join(folder, name), { recursive: true, force: true });
    removed.push(name);
  }
  for (const name of await fs.readdir(buildDir)) {
    if (!name.startsWith(`${SEGMENTS_FILE}.`) || !name.endsWith('.tmp')) continue;
    await fs.rm(path.join(buildDir, name), { force: true });
    removed.push(name);
  }
  return removed;
}
