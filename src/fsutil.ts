import { promises as fs } from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';

/** Writes a file so that readers see the old content or the new, never a half-written one. */
export async function writeFileAtomic(file: string, data: string | Uint8Array): Promise<void> {
  await fs.mkdir(path.dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  const handle = await fs.open(tmp, 'w');
  try {
    await handle.writeFile(data);
    await handle.sync();
  } finally {
    await handle.close();
  }
  try {
    await fs.rename(tmp, file);
  } catch (e) {
    await fs.rm(tmp, { force: true });
    throw e;
  }
}

/**
 * Appends one line in a single write on a file opened for appending, so concurrent writers
 * (and a crash) never leave half a line between two whole ones.
 */
export async function appendLine(file: string, line: string): Promise<void> {
  if (line.includes('\n')) throw new Error('appendLine: a line must not contain a newline');
  await fs.mkdir(path.dirname(file), { recursive: true });
  await fs.appendFile(file, line + '\n', { flag: 'a' });
}

export async function readJson<T>(file: string): Promise<T> {
  return JSON.parse(await fs.readFile(file, 'utf8')) as T;
}

export async function exists(p: string): Promise<boolean> {
  try {
    await fs.access(p);
    return true;
  } catch {
    return false;
  }
}
