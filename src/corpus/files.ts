/** Reading corpus files as text, refusing what is not text before any parser sees it. */
import { readFile } from 'node:fs/promises';

export type TextOrProblem = { text: string; problem?: undefined } | { text?: undefined; problem: string };

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** UTF-8 text with line endings normalised, or why the bytes are not a usable text file. */
export function decodeText(bytes: Uint8Array): TextOrProblem {
  if (bytes.length === 0) return { problem: 'empty file' };
  if (bytes.subarray(0, 8192).includes(0)) return { problem: 'binary file (NUL bytes), not text' };
  let text: string;
  try {
    text = utf8.decode(bytes);
  } catch {
    return { problem: 'not valid UTF-8 text' };
  }
  if (text.trim() === '') return { problem: 'empty file' };
  return { text: text.replace(/\r\n?/g, '\n') };
}

export async function readText(file: string): Promise<TextOrProblem> {
  try {
    return decodeText(await readFile(file));
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    return { problem: code === 'ENOENT' ? 'not found' : code === 'EACCES' ? 'permission denied' : `cannot be read (${(e as Error).message})` };
  }
}
