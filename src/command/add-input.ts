import { promises as fs } from 'node:fs';
import path from 'node:path';
import { PapercordError } from '../errors.js';
import { checkPdfSize, type PdfLimits } from '../fulltext/limits.js';

/** The files /add reads, by their ending; anything else typed is a ref or BibTeX. */
const FILE_ENDINGS = /\.(pdf|bib|json|jsonl)$/i;

export interface TextAddInput {
  text?: string;
  files?: { name: string; bytes: Uint8Array }[];
}

/**
 * What `/add <ref or file path>` on a text surface gives the service: a path to a PDF, .bib,
 * .json or .jsonl file (relative to `cwd`) is read, its size checked first; anything else is
 * passed on as refs or BibTeX.
 */
export async function addInputOfText(typed: string, limits: Pick<PdfLimits, 'maxBytes'>, cwd = process.cwd()): Promise<TextAddInput> {
  const text = typed.trim();
  if (!text) throw new PapercordError('BAD_INPUT', 'Give /add a paper or a file.', 'For example /add 2505.23727, /add 10.1234/abcd, /add paper.pdf or /add refs.bib.');
  if (/\n/.test(text) || !FILE_ENDINGS.test(text) || /^[a-z]+:\/\//i.test(text)) return { text };
  const file = path.resolve(cwd, text);
  const stat = await fs.stat(file).catch(() => null);
  if (!stat?.isFile()) throw new PapercordError('BAD_INPUT', `There is no file at ${file}.`, 'Check the path (relative paths start from where papercord was started).');
  const name = path.basename(file);
  checkPdfSize(stat.size, limits, name);
  return { files: [{ name, bytes: await fs.readFile(file) }] };
}
