import { promises as fs } from 'node:fs';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';

export interface Lock {
  release(): Promise<void>;
}

/**
 * An exclusive lock file holding the owner's pid. A lock whose process is gone (a killed
 * ingest) is stale and taken over at once, so a crash never blocks the next build.
 */
export async function acquireLock(file: string, opts: { waitMs?: number; pollMs?: number; onWait?: (ownerPid: number) => void } = {}): Promise<Lock> {
  const deadline = Date.now() + (opts.waitMs ?? 10 * 60_000);
  let told = false;
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
    const owner = Number((await fs.readFile(file, 'utf8').catch(() => '')).trim());
    if (!owner || !isAlive(owner)) {
      // Stale: remove it only if it still holds the same owner, then race for it again.
      const again = Number((await fs.readFile(file, 'utf8').catch(() => '')).trim());
      if (again === owner) await fs.rm(file, { force: true });
      continue;
    }
    if (Date.now() > deadline) throw new Error(`another process (pid ${owner}) holds ${file}`);
    if (!told) opts.onWait?.(owner);
    told = true;
    await delay(opts.pollMs ?? 200);
  }
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
