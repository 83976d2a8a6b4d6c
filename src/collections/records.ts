/**
 * The papers added to collections, as records under DATA_DIR/collections: what an addition
 * must never lose. The index's segments are made from them and can be made again: a rebuild
 * (`/reindex`, a changed corpus, another embedder chosen at start) adds every record to the new
 * build, and a start adds any record its index lacks (an addition cut short after its record was
 * written) and removes from the index what no record holds (a removal cut short).
 *
 * One file per paper, `<collection>/<key>.json`, written whole (temporary file and rename) and
 * removed on /remove: no file is ever half-written, and a collection is listed without reading
 * its papers. The key is a hash of the paper's id: ids such as DOIs hold characters that file
 * names cannot.
 */
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { createHash } from 'node:crypto';
import type { Paper } from '../corpus/paper.js';
import type { FullTextPassage } from '../chunking.js';
import type { AddedPaper } from '../index/segment.js';
import { writeFileAtomic } from '../fsutil.js';

const RECORD_FORMAT = 1;
const MAX_COLLECTION_CHARS = 100;

/** A paper as its record keeps it. */
export interface PaperRecord extends AddedPaper {
  addedAt: string;
}

interface RecordFile {
  format: number;
  collection: string;
  addedAt: string;
  paper: Paper;
  fullText?: FullTextPassage[];
}

/** Why `collection` cannot name a collection, or null when it can. */
export function collectionProblem(collection: unknown): string | null {
  if (typeof collection !== 'string' || collection.length === 0) return 'a collection id must be a non-empty string';
  if (collection.length > MAX_COLLECTION_CHARS) return `a collection id has at most ${MAX_COLLECTION_CHARS} characters`;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(collection)) return 'a collection id holds no control characters';
  return null;
}

/** A collection's folder name: its id with everything but letters, digits, - and _ escaped as %XX ("guild:1" is "guild%3A1"). */
function folderName(collection: string): string {
  return encodeURIComponent(collection).replace(/[.!'()*~]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

function collectionOf(folder: string): string | null {
  try {
    const collection = decodeURIComponent(folder);
    return folderName(collection) === folder && collectionProblem(collection) === null ? collection : null;
  } catch {
    return null;
  }
}

/** The key a paper's record is filed under in its collection. */
export function recordKey(paperId: string): string {
  return createHash('sha256').update(paperId).digest('hex').slice(0, 32);
}

function recordFile(dir: string, collection: string, paperId: string): string {
  return path.join(dir, folderName(collection), `${recordKey(paperId)}.json`);
}

/** Writes the papers' records (each whole or not at all); returns their files. */
export async function writeRecords(dir: string, added: readonly AddedPaper[]): Promise<string[]> {
  const addedAt = new Date().toISOString();
  const files: string[] = [];
  for (const { collection, paper, fullText } of added) {
    const file = recordFile(dir, collection, paper.id);
    const record: RecordFile = { format: RECORD_FORMAT, collection, addedAt, paper, ...(fullText?.length ? { fullText } : {}) };
    await writeFileAtomic(file, JSON.stringify(record));
    files.push(file);
  }
  return files;
}

/** Removes a paper's record; false when there was none. */
export async function removeRecord(dir: string, collection: string, paperId: string): Promise<boolean> {
  try {
    await fs.rm(recordFile(dir, collection, paperId));
    return true;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw e;
  }
}

/** The collections that have records, by id, with the keys of their papers: from the folder listings, no record read. */
export async function recordKeys(dir: string): Promise<Map<string, Set<string>>> {
  const out = new Map<string, Set<string>>();
  for (const folder of await fs.readdir(dir).catch(() => [] as string[])) {
    const collection = collectionOf(folder);
    if (collection === null) continue;
    const names = await fs.readdir(path.join(dir, folder)).catch(() => [] as string[]);
    out.set(collection, new Set(names.filter((n) => /^[0-9a-f]{32}\.json$/.test(n)).map((n) => n.slice(0, -5))));
  }
  return out;
}

/** Why a record cannot be used, or null. */
function recordProblem(r: RecordFile, collection: string): string | null {
  const p = r?.paper;
  if (r?.format !== RECORD_FORMAT) return 'a record this version does not read';
  if (r.collection !== collection) return `a record of collection ${r.collection} filed under ${collection}`;
  if (!p || typeof p.id !== 'string' || !p.id || typeof p.title !== 'string' || typeof p.abstract !== 'string' || !Array.isArray(p.authors) || !Array.isArray(p.aliases) || typeof p.source !== 'object') return 'its paper lacks an id, title, abstract, authors, aliases or source';
  if (r.fullText !== undefined && !Array.isArray(r.fullText)) return 'its full text is not a list of passages';
  return null;
}

/**
 * A collection's records, oldest first (of `keys` only, when given). A record that cannot be
 * read is left out and reported to `onProblem`.
 */
export async function readCollection(dir: string, collection: string, opts: { keys?: Iterable<string>; onProblem?: (file: string, problem: string) => void } = {}): Promise<PaperRecord[]> {
  const folder = path.join(dir, folderName(collection));
  const keys = opts.keys ? [...opts.keys] : (await fs.readdir(folder).catch(() => [] as string[])).filter((n) => n.endsWith('.json')).map((n) => n.slice(0, -5));
  const records: PaperRecord[] = [];
  for (const key of keys) {
    const file = path.join(folder, `${key}.json`);
    let r: RecordFile;
    try {
      r = JSON.parse(await fs.readFile(file, 'utf8')) as RecordFile;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'ENOENT') opts.onProblem?.(file, (e as Error).message);
      continue;
    }
    const problem = recordProblem(r, collection);
    if (problem) {
      opts.onProblem?.(file, problem);
      continue;
    }
    records.push({ collection, addedAt: r.addedAt, paper: r.paper, ...(r.fullText?.length ? { fullText: r.fullText } : {}) });
  }
  return records.sort((a, b) => a.addedAt.localeCompare(b.addedAt) || a.paper.id.localeCompare(b.paper.id));
}

/** Every collection's records, collection by collection (in id order), each oldest first. */
export async function readAllRecords(dir: string, onProblem?: (file: string, problem: string) => void): Promise<PaperRecord[]> {
  const collections = [...(await recordKeys(dir)).keys()].sort();
  const out: PaperRecord[] = [];
  for (const c of collections) out.push(...(await readCollection(dir, c, { onProblem })));
  return out;
}
