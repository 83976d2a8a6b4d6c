import { isUtf8 } from 'node:buffer';
import type { Paper } from '../corpus/paper.js';

/**
 * papers.json: one array per paper, with file names and venues, which repeat across a corpus,
 * written once in their own lists. The abstracts are not in it: they are most of a corpus
 * (120 MB at 100,000 chunks), so they go to abstracts.bin, one UTF-8 run per paper.
 */
export interface PapersFile {
  files: string[];
  venues: string[];
  /** id, title, authors, aliases, index in files, record, year (0: none), index in venues (-1: none), url ('' none), abstract's first byte, its end, 1 when only the first author is known (else 0, or absent when nothing follows), the code links ([] none, or absent when nothing follows), and its other pages. */
  papers: [string, string, string[], string[], number, string, number, number, string, number, number, (0 | 1)?, string[]?, PaperPages?][];
}

/** A paper's pages besides its url: its OpenReview forum id and its PMLR page. */
type PaperPages = Pick<Paper, 'openreview' | 'pmlrPage'>;

export function encodePapers(papers: Paper[]): { json: string; abstracts: Buffer } {
  const files = new Map<string, number>();
  const venues = new Map<string, number>();
  const indexOf = (map: Map<string, number>, key: string) => map.get(key) ?? map.set(key, map.size).get(key)!;
  const lengths = papers.map((p) => Buffer.byteLength(p.abstract, 'utf8'));
  const abstracts = Buffer.allocUnsafe(lengths.reduce((a, b) => a + b, 0));
  let at = 0;
  const rows = papers.map((p, i): PapersFile['papers'][number] => {
    abstracts.write(p.abstract, at, 'utf8');
    at += lengths[i]!;
    const row: PapersFile['papers'][number] = [p.id, p.title, p.authors, p.aliases, indexOf(files, p.source.file), p.source.record, p.year ?? 0, p.venue === undefined ? -1 : indexOf(venues, p.venue), p.url ?? '', at - lengths[i]!, at];
    const pages: PaperPages = { ...(p.openreview ? { openreview: p.openreview } : {}), ...(p.pmlrPage ? { pmlrPage: p.pmlrPage } : {}) };
    const hasPages = Object.keys(pages).length > 0;
    if (p.authorsIncomplete || p.code || hasPages) row.push(p.authorsIncomplete ? 1 : 0);
    if (p.code || hasPages) row.push(p.code ?? []);
    if (hasPages) row.push(pages);
    return row;
  });
  const file: PapersFile = { files: [...files.keys()], venues: [...venues.keys()], papers: rows };
  return { json: JSON.stringify(file), abstracts };
}

/**
 * Decoded abstracts kept for the next read: a long paper's chunks are each read from its
 * abstract, and decoding a 1 MB abstract once per chunk made a summary of it take seconds.
 */
const RECENT_ABSTRACTS = 32;

/**
 * Papers whose abstract is decoded from `abstracts` when it is read: at start-up only the small
 * rows are parsed, and a running bot decodes the few abstracts its answers quote.
 */
export function decodePapers(file: PapersFile, abstracts: Buffer): Paper[] {
  // The file's size is checked against the manifest, but bytes changed in place would be
  // decoded to U+FFFD in answers for good: checking it is UTF-8 costs ~30 ms at 120 MB.
  if (!isUtf8(abstracts)) throw new Error('abstracts.bin is not UTF-8 text (changed or damaged in place)');
  const recent = new Map<number, string>();
  const abstractOf = (paper: number, start: number, end: number) => {
    let text = recent.get(paper);
    if (text === undefined) {
      text = abstracts.toString('utf8', start, end);
      if (recent.size >= RECENT_ABSTRACTS) recent.delete(recent.keys().next().value!);
      recent.set(paper, text);
    }
    return text;
  };
  return file.papers.map(([id, title, authors, aliases, fileIndex, record, year, venueIndex, url, start, end, authorsIncomplete, code, pages], i) => {
    if (!(start >= 0 && start <= end && end <= abstracts.length)) throw new Error(`paper ${id}: its abstract's bytes ${start}-${end} are outside abstracts.bin (${abstracts.length} bytes)`);
    if (startsInsideCharacter(abstracts, start) || startsInsideCharacter(abstracts, end)) throw new Error(`paper ${id}: its abstract's bytes ${start}-${end} cut through a character of abstracts.bin`);
    const sourceFile = file.files[fileIndex];
    if (sourceFile === undefined || (venueIndex >= 0 && file.venues[venueIndex] === undefined)) throw new Error(`paper ${id}: its file or venue is not in papers.json's lists`);
    const paper: Paper = {
      id,
      title,
      // An own, enumerable getter: JSON, spreads and copies see `abstract` like any other field.
      get abstract() {
        return abstractOf(i, start, end);
      },
      authors,
      aliases,
      source: { file: sourceFile, record },
    };
    if (authorsIncomplete === 1) paper.authorsIncomplete = true;
    if (year) paper.year = year;
    if (venueIndex >= 0) paper.venue = file.venues[venueIndex];
    if (url) paper.url = url;
    if (Array.isArray(code) && code.length) paper.code = code;
    if (typeof pages?.openreview === 'string') paper.openreview = pages.openreview;
    if (typeof pages?.pmlrPage === 'string') paper.pmlrPage = pages.pmlrPage;
    return paper;
  });
}

/** Whether byte `at` continues a UTF-8 character rather than starting one (the end of the buffer starts none). */
function startsInsideCharacter(bytes: Buffer, at: number): boolean {
  return at < bytes.length && (bytes[at]! & 0xc0) === 0x80;
}
