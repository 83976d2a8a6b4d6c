/**
 * Following changes another process makes to an index this one has open: with `npm run
 * start:sharded`, one shard adds a paper and every other shard must answer with it within
 * seconds. CURRENT (a rebuild) and the build's segments list (an addition, a removal, a
 * compaction) are watched with fs.watch, which tells at once where it works, and polled with a
 * stat every second, which works everywhere (network file systems, containers' bind mounts).
 */
import { watch, type FSWatcher, promises as fs } from 'node:fs';
import path from 'node:path';
import { refreshIndex } from './live.js';
import { SEGMENTS_FILE } from './segment-list.js';
import type { LoadedIndex } from './store.js';

export const DEFAULT_POLL_MS = 1000;

export interface FollowOptions {
  /** How often the files are polled (fs.watch may also tell sooner). */
  pollMs?: number;
  /** false: poll only, without fs.watch. */
  watch?: boolean;
  /** A change that could not be read (the index keeps serving what it had; the next change tries again). */
  onError?: (error: Error) => void;
}

export interface IndexFollower {
  /** The latest index this follower knows of. */
  readonly index: LoadedIndex;
  /** Tells the follower of an index this process changed itself, so that change is not reported back to it. */
  update(index: LoadedIndex): void;
  /** Checks now (also what fs.watch and the poll do); resolves once the check is done. */
  check(): Promise<void>;
  /** Stops following; resolves once a check under way has ended. */
  close(): Promise<void>;
}

/** What the poll compares: CURRENT's content and the list's identity, size and time. */
async function stamp(index: LoadedIndex): Promise<string> {
  const root = path.dirname(index.dir);
  const [current, list] = await Promise.all([fs.readFile(path.join(root, 'CURRENT'), 'utf8').catch(() => ''), fs.stat(path.join(index.dir, SEGMENTS_FILE)).catch(() => null)]);
  return `${current.trim()}|${list ? `${list.ino}:${list.size}:${list.mtimeMs}` : '-'}`;
}

/**
 * Calls `onChange` with the index as it is after each change made on disk by another process
 * (or by this one without telling `update`): the same build with its new segments list, or a
 * new build loaded whole. Checks never overlap; events are never reported twice.
 */
export function followIndex(index: LoadedIndex, onChange: (index: LoadedIndex) => void, opts: FollowOptions = {}): IndexFollower {
  let current = index;
  let last: string | undefined;
  let closed = false;
  let running: Promise<void> | null = null;
  let again = false;
  const watchers: FSWatcher[] = [];

  const once = async () => {
    const seen = await stamp(current);
    if (seen === last) return;
    const next = await refreshIndex(current);
    last = seen;
    if (closed || next === current) return;
    use(next);
    onChange(next);
  };
  const check = (): Promise<void> => {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        try {
          await once();
        } catch (e) {
          opts.onError?.(e as Error);
        }
      } while (again && !closed);
      running = null;
    })();
    return running;
  };
  const watchFolder = (dir: string) => {
    try {
      const w = watch(dir, { persistent: false }, () => void check());
      w.on('error', () => w.close());
      watchers.push(w);
    } catch {
      // Not every file system can be watched: the poll covers it.
    }
  };
  const rewatch = () => {
    for (const w of watchers.splice(0)) w.close();
    if (opts.watch === false) return;
    watchFolder(path.dirname(current.dir));
    watchFolder(current.dir);
  };
  const use = (next: LoadedIndex) => {
    const moved = next.dir !== current.dir;
    current = next;
    if (moved) rewatch();
  };
  rewatch();
  void stamp(current).then((s) => (last ??= s));
  const timer = setInterval(() => void check(), opts.pollMs ?? DEFAULT_POLL_MS);
  timer.unref();
  return {
    get index() {
      return current;
    },
    update(next) {
      use(next);
      last = undefined;
    },
    check,
    async close() {
      closed = true;
      clearInterval(timer);
      for (const w of watchers.splice(0)) w.close();
      await running;
    },
  };
}
