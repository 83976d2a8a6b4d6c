import { promises as fs } from 'node:fs';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';

export interface Lock {
  release(): Promise<void>;
}

/**
 * A lock file as long as its owner may still be writing its pid into it: an empty lock younger
 * than this is a builder that just created it, not a stale one.
 */
const EMPTY_LOCK_GRACE_MS = 2_000;
const MAX_RETRIES_AT_ONCE = 3;

/** The pid a lock file holds; null when it holds none (empty, or garbage no builder writes). */
function lockOwner(content: string): number | null {
  const text = content.trim();
  return /^[1-9]\d{0,9}$/.test(text) ? Number(text) : null;
}

/**
 * An exclusive lock file holding the owner's pid. A lock whose process is gone (a killed
 * ingest) is stale and taken over at once, so a crash never blocks the next build; so is one
 * that holds no pid (garbage, or empty for longer than a builder takes to write its pid).
 */
export async function acquireLock(file: string, opts: { waitMs?: number; pollMs?: number; onWait?: (ownerPid: number) => void } = {}): Promise<Lock> {
  const deadline = Date.now() + (opts.waitMs ?? 10 * 60_000);
  let told = false;
  // Retries at once after a lock vanished or was removed as stale; bounded, so that a lock
  // recreated as fast as it goes can never make this loop spin.
  let retriesAtOnce = 0;
  await fs.mkdir(path.dirname(file), { recursive: true });
  for (;;) {
    try {
      const handle = await fs.open(file, 'wx');
      await handle.writeFile(String(process.pid));
      await handle.close();
      return { release: () => fs.rm(file, { force: true }) };
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    }
    const content = await fs.readFile(file, 'utf8').catch(() => null);
    // Gone between the open and the read: race for it again.
    if (content === null && retriesAtOnce++ < MAX_RETRIES_AT_ONCE) continue;
    const owner = content === null ? null : lockOwner(content);
    if (content !== null && (owner === null ? await heldPastGrace(file, content) : !isAlive(owner))) {
      // Stale: remove it only if it still holds the same content, then race for it again.
      const again = await fs.readFile(file, 'utf8').catch(() => null);
      if (again === content) {
        await fs.rm(file, { force: true });
        if (retriesAtOnce++ < MAX_RETRIES_AT_ONCE) continue;
      }
    }
    if (Date.now() >= deadline) throw new Error(`another process (${owner === null ? 'no pid in the lock file' : `pid ${owner}`}) holds ${file}`);
    if (!told && owner !== null) {
      opts.onWait?.(owner);
      told = true;
    }
    retriesAtOnce = 0;
    await delay(opts.pollMs ?? 200);
  }
}

/** Whether a lock holding no pid is stale: garbage always is; an empty one once its owner had time to write. */
async function heldPastGrace(file: string, content: string): Promise<boolean> {
  if (content.trim() !== '') return true;
  const stat = await fs.stat(file).catch(() => null);
  return !stat || Date.now() - stat.mtimeMs > EMPTY_LOCK_GRACE_MS;
}

function isAlive(pid: number): boolean {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}
