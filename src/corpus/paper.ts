/** One paper of the corpus, as every importer produces it. */
import { escapeRegExp, wholeWord } from '../text/pattern.js';
import { isEnglishWord } from '../text/english.js';

export interface Paper {
  /** Stable, readable id: the PMLR id, else the arXiv id, else a slug of the title. */
  id: string;
  title: string;
  abstract: string;
  authors: string[];
  year?: number;
  venue?: string;
  url?: string;
  /** Links to the paper's code (the metadata's `code`, or PMLR's `software`), all http(s). */
  code?: string[];
  /** Its OpenReview forum id as the metadata writes it: OpenReview's links need its case, which the alias folds away. */
  openreview?: string;
  /** Its page in the PMLR proceedings, when the metadata gives its PMLR id and volume (its `url` may be another page). */
  pmlrPage?: string;
  /** True when `authors` names only the first author (a sidecar's `first_author`): shown as "et al.". */
  authorsIncomplete?: boolean;
  /** Other ids the same paper is known by (PMLR id, arXiv id, OpenReview id), used to find duplicates and to look papers up. */
  aliases: string[];
  /** Where the record came from, for error messages and provenance. */
  source: { file: string; record: string };
}

/** The system's name in a "Name: what it does" title (PixelThink, MentisOculi), or '' when there is none. */
export function shortName(title: string): string {
  const colon = title.indexOf(':');
  if (colon <= 0) return '';
  const name = title.slice(0, colon).trim();
  return name.split(/\s+/).length <= 3 ? name : '';
}

/** Headings of structured abstracts: a title made from an abstract's first sentence can start with one. */
const HEADING = /^(abstract|background|motivation|objectives?|purpose|aims?|introduction|overview|summary|context|methods?|results|conclusions?|findings|problem|goals?)$/i;

/** A made-up word (PixelThink, cMoLLM, MLLM-4D, PRISM, S3): a capital inside, a digit, a hyphen, or all capitals. */
export function isCoined(word: string): boolean {
  return /\p{Ll}\p{Lu}|\p{N}|-/u.test(word) || /^\p{Lu}{2,}$/u.test(word);
}

/**
 * What a paper's system is called, for spotting it in a question or a sentence: the short
 * name's first word when it is made up ("PixelThink" of "PixelThink: Towards ..."), a single
 * capitalised word ("Furina"), or a short name of several words ("Group Cognition Learning").
 * '' when there is none, or when it is a heading ("Motivation: ...").
 */
export function systemName(title: string): string {
  const short = shortName(title);
  const words = short.split(/\s+/);
  const first = words[0] ?? '';
  if (first.length >= 2 && isCoined(first)) return first;
  if (words.length === 1) return /^\p{Lu}\p{Ll}{2,}$/u.test(first) && !HEADING.test(first) ? first : '';
  return short;
}

/**
 * Whether `text` names the paper's system (see systemName) as a word of its own. A made-up name
 * is found in any case ("pixelthink"); an ordinary word or phrase only as the title writes it,
 * so "graph neural networks" does not name "Graph Neural Networks: ...".
 */
export function namesSystem(text: string, title: string): boolean {
  return systemNamePattern(title)?.test(text) ?? false;
}

/**
 * Patterns by title: every question tests the names of its sources. Bounded, and without the
 * g flag, so a cached pattern keeps no state between tests.
 */
const namePatterns = new Map<string, RegExp | null>();
const NAME_PATTERNS_MAX = 10_000;

/**
 * Whether a system name is found in any case ("pixelthink", "veq"): a made-up one, but not
 * capitals that spell an English word (BEST, PRISM, INDUCTION), which in lower case is that
 * word ("the best way", "induction heads").
 */
function foundInAnyCase(name: string): boolean {
  const first = name.split(/\s+/)[0]!;
  return isCoined(first) && !(/^\p{Lu}+$/u.test(first) && isEnglishWord(first));
}

/** The pattern namesSystem matches, for testing many texts against one title; null when the paper has no system name. */
export function systemNamePattern(title: string): RegExp | null {
  let pattern = namePatterns.get(title);
  if (pattern === undefined) {
    const name = systemName(title);
    pattern = name ? wholeWord(escapeRegExp(name), foundInAnyCase(name) ? 'iu' : 'u') : null;
    if (namePatterns.size >= NAME_PATTERNS_MAX) namePatterns.clear();
    namePatterns.set(title, pattern);
  }
  return pattern;
}

/** What a byline is made of; papers, paper references and sources all carry these fields. */
export type BylineFields = { authors?: readonly string[] } & Partial<Pick<Paper, 'authorsIncomplete' | 'year' | 'venue'>>;

/**
 * Who wrote a paper and where it appeared: "A, B and C (ICML 2026)"; '' when the authors are
 * unknown. A long author list is cut to its first `maxAuthors`, with "et al.".
 */
export function byline(p: BylineFields, maxAuthors = 6): string {
  const authors = p.authors ?? [];
  if (authors.length === 0) return '';
  const names = authors.length > maxAuthors || p.authorsIncomplete ? `${authors.slice(0, maxAuthors).join(', ')} et al.` : authors.length > 1 ? `${authors.slice(0, -1).join(', ')} and ${authors.at(-1)}` : authors[0]!;
  const year = p.year === undefined ? '' : String(p.year);
  const where = p.venue ? (year && !p.venue.includes(year) ? `${p.venue} ${year}` : p.venue) : year;
  return where ? `${names} (${where})` : names;
}

/** A record that could not be imported, or a file that could not be read. */
export interface CorpusProblem {
  file: string;
  /** The record or line, for example "line 12" or "record 3 (id abas26a)". Absent for whole-file problems. */
  record?: string;
  message: string;
  /** Absent means 'warning'. Expected events, such as a paper found in two corpora, are 'info'. */
  severity?: 'warning' | 'info';
  /** Set when the record was skipped as a duplicate: the id of the paper that was kept. */
  duplicateOf?: string;
}

export interface CorpusLoadResult {
  papers: Paper[];
  problems: CorpusProblem[];
  /** Records that were seen but not indexed (bad records and duplicates). */
  skipped: number;
  /** The files that were read. */
  files: string[];
  /** Files that folder walks passed over (README-like files and hidden ones aside). */
  ignored: IgnoredFiles;
}

export interface IgnoredFiles {
  /** Files of a type no importer reads (a .csv, a .pdf). */
  unsupported: string[];
  /** Papercord's own files and folders (its index, its eval labels). */
  own: string[];
}

/** What an importer returns for one file. */
export interface ImportResult {
  papers: Paper[];
  problems: CorpusProblem[];
  /** Records that were seen in the file but not imported. */
  skipped: number;
}
