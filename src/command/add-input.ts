import { promises as fs } from 'node:fs';
import path from 'node:path';
import { PapercordError } from '../errors.js';
import { checkAddedFileSize, type PdfLimits } from '../fulltext/limits.js';

/** The files /add reads, by their ending; anything else typed is a ref or BibTeX. */
const FILE_ENDINGS = /\.(pdf|bib|json|jsonl)$/i;

export interface TextAddInput {
  text?: string;
  files?: { name: string; bytes: Uint8Array }[];
}

/** A link with or without its scheme: `https://arxiv.org/pdf/….pdf`, `arxiv.org/pdf/….pdf`. */
const LINK = /^(?:[a-z]+:\/\/|(?:[a-z0-9-]+\.)+[a-z]{2,}\/)/i;

/** A path rather than a ref: one line, a file's ending, and not a link. */
function namesFile(token: string): boolean {
  return !/\n/.test(token) && FILE_ENDINGS.test(token) && !LINK.test(token);
}

async function readFileArgument(token: string, limits: Pick<PdfLimits, 'maxBytes'>, cwd: string): Promise<{ name: string; bytes: Uint8Array }> {
  const file = path.resolve(cwd, token);
  const stat = await fs.stat(file).catch(() => null);
  if (!stat?.isFile()) throw new PapercordError('BAD_INPUT', `There is no file at ${file}.`, 'Check the path (relative paths start from where papercord was started).');
  const name = path.basename(file);
  checkAddedFileSize(stat.size, limits, name);
  return { name, bytes: await fs.readFile(file) };
}

/**
 * What `/add <ref or file path>` on a text surface gives the service: a path to a PDF, .bib,
 * .json or .jsonl file (relative to `cwd`) is read, its size checked first; anything else is
 * passed on as refs or BibTeX. `args`, where the surface has them (the command line's
 * arguments), are read one by one, so refs and files can be given together; without them the
 * whole of `typed` is one path or refs (the console's line).
 */
export async function addInputOfText(typed: string, limits: Pick<PdfLimits, 'maxBytes'>, opts: { args?: readonly string[]; cwd?: string } = {}): Promise<TextAddInput> {
  const cwd = opts.cwd ?? process.cwd();
  const tokens = (opts.args ?? [typed]).map((t) => t.trim()).filter((t) => t !== '');
  if (!tokens.length) throw new PapercordError('BAD_INPUT', 'Give /add a paper or a file.', 'For example /add 2505.23727, /add 10.1234/abcd, /add paper.pdf or /add refs.bib.');
  const refs: string[] = [];
  const files: { name: string; bytes: Uint8Array }[] = [];
  for (const token of tokens) {
    if (namesFile(token)) files.push(await readFileArgument(token, limits, cwd));
    else refs.push(token);
  }
  return { ...(refs.length ? { text: refs.join('\n') } : {}), ...(files.length ? { files } : {}) };
}
