import { promises as fs } from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';

/** Writes a file and flushes it to the disk before returning. */
export async function writeSynced(file: string, data: string | Uint8Array): Promise<void> {
  await fs.mkdir(path.dirname(file), { recursive: true });
  const handle = await fs.open(file, 'w');
  try {
    await handle.writeFile(data);
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** Flushes a folder's entries (a rename into it, a new file) to the disk. */
export async function syncFolder(dir: string): Promise<void> {
  const handle = await fs.open(dir, 'r');
  try {
    await handle.sync();
  } catch (e) {
    // Some file systems refuse to sync a folder; the renames are still atomic there.
    if ((e as NodeJS.ErrnoException).code !== 'EINVAL' && (e as NodeJS.ErrnoException).code !== 'EISDIR') throw e;
  } finally {
    await handle.close();
  }
}

/** Writes a file so that readers see the old content or the new, never a half-written one. */
export async function writeFileAtomic(file: string, data: string | Uint8Array): Promise<void> {
  const tmp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  await writeSynced(tmp, data);
  try {
    await fs.rename(tmp, file);
  } catch (e) {
    await fs.rm(tmp, { force: true });
    throw e;
  }
}

/**
 * Appends one line in a single write on a file opened for appending, so concurrent writers
 * (and a crash) never leave half a line between two whole ones. Not fs.appendFile: it writes
 * in 512 KiB pieces, and another writer's line can land between two pieces of a long one.
 */
export async function appendLine(file: string, line: string): Promise<void> {
  if (line.includes('\n')) throw new Error('appendLine: a line must not contain a newline');
  await fs.mkdir(path.dirname(file), { recursive: true });
  const data = Buffer.from(line + '\n', 'utf8');
  const handle = await fs.open(file, 'a');
  try {
    // One write(2) with O_APPEND: the kernel puts the whole buffer at the end in one go.
    const { bytesWritten } = await handle.write(data, 0, data.length);
    if (bytesWritten !== data.length) throw new Error(`appendLine: only ${bytesWritten} of ${data.length} bytes were written to ${file} (disk full?)`);
  } finally {
    await handle.close();
  }
}

export async function readJson<T>(file: string): Promise<T> {
  return JSON.parse(await fs.readFile(file, 'utf8')) as T;
}
