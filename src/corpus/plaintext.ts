/**
 * Plain-text abstracts: one abstract per blank-line-separated paragraph, optionally after a short
 * heading. Titles and ids come from a JSON metadata sidecar next to the file.
 */
import path from 'node:path';
import type { CorpusProblem, ImportResult, Paper } from './paper.js';
import { buildPaper, str } from './build.js';
import { describeJsonError } from './jsonpos.js';
import { collapseWhitespace, parseAuthors, yearFrom } from './text.js';

export interface Paragraph {
  text: string;
  /** 1-based, counting the heading. */
  index: number;
  /** 1-based line of the paragraph's first line. */
  line: number;
}

export function splitParagraphs(text: string): Paragraph[] {
  const out: Paragraph[] = [];
  let current: string[] = [];
  let start = 0;
  const lines = text.split(/\r\n|\r|\n/);
  const flush = () => {
    if (current.length) out.push({ text: collapseWhitespace(current.join(' ')), index: out.length + 1, line: start });
    current = [];
  };
  lines.forEach((line, i) => {
    if (line.trim() === '') flush();
    else {
      if (!current.length) start = i + 1;
      current.push(line);
    }
  });
  flush();
  return out;
}

/** A short line without a sentence end ("ICML 2026 Papers") or a Markdown heading is a heading, not an abstract. */
export function isHeading(paragraph: string): boolean {
  if (/^#{1,6}\s/.test(paragraph)) return true;
  return paragraph.length < 120 && !/[.!?]["'”’)\]]?$/.test(paragraph);
}

/** A paragraph that opens with a header line such as "Title: Paper A" or "Authors: X Y". */
const HEADER_LINE = /^(title|authors?)\s*:/i;

/** Sidecar names tried for `X.txt`, in order: X.meta.json, X.metadata.json, and foo-metadata.json for foo-abstracts.txt. */
export function sidecarCandidates(txtPath: string): string[] {
  const dir = path.dirname(txtPath);
  const stem = path.basename(txtPath).replace(/\.txt$/i, '');
  const names = [`${stem}.meta.json`, `${stem}.metadata.json`];
  const shared = /^(.*)-abstracts$/i.exec(stem);
  if (shared) names.push(`${shared[1]}-metadata.json`);
  return names.map((n) => path.join(dir, n));
}

interface MetadataRecord {
  title?: string;
  startsWith?: string;
  authors: string[];
  authorsIncomplete: boolean;
  arxiv?: string;
  openreview?: string;
  pmlrId?: string;
  pmlrVolume?: string;
  url?: string;
  /** As written; buildPaper checks it. */
  code?: unknown;
  venue?: string;
  year?: number;
  /** 1-based position in the sidecar, for messages. */
  n: number;
}

function prefixKey(text: string): string {
  return collapseWhitespace(text.normalize('NFC')).toLowerCase();
}

/** A sidecar's records and problems; `unread` when the whole file is unusable, which its one problem says for every paper. */
function parseMetadata(text: string, file: string): { records: MetadataRecord[]; problems: CorpusProblem[]; unread?: boolean } {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (e) {
    return { records: [], problems: [{ file, message: `metadata is not valid JSON ${describeJsonError(text, e)}; titles taken from the abstracts` }], unread: true };
  }
  const obj = data && typeof data === 'object' && !Array.isArray(data) ? (data as Record<string, unknown>) : undefined;
  const list = Array.isArray(data) ? data : Array.isArray(obj?.papers) ? (obj!.papers as unknown[]) : undefined;
  if (!list) return { records: [], problems: [{ file, message: 'metadata has no `papers` array; titles taken from the abstracts' }], unread: true };
  const venue = str(obj?.venue);
  // A sidecar of one volume's papers may say the volume once, as it does the venue.
  const pmlrVolume = str(obj?.pmlr_volume);
  const problems: CorpusProblem[] = [];
  const records: MetadataRecord[] = [];
  list.forEach((item, i) => {
    if (!item || typeof item !== 'object' || Array.isArray(item)) {
      problems.push({ file, record: `record ${i + 1}`, message: 'not an object; ignored' });
      return;
    }
    const r = item as Record<string, unknown>;
    // `first_author` is one name even when written "Family, Given".
    const authors = parseAuthors(r.authors ?? r.author ?? (typeof r.first_author === 'string' ? [r.first_author] : undefined));
    const authorsIncomplete = r.authors === undefined && r.author === undefined;
    const year = yearFrom(r.year);
    records.push({
      title: str(r.title),
      startsWith: str(r.abstract_starts_with),
      authors,
      authorsIncomplete,
      arxiv: str(r.arxiv),
      openreview: str(r.openreview),
      pmlrId: str(r.pmlr_id),
      pmlrVolume: str(r.pmlr_volume) ?? pmlrVolume,
      url: str(r.url),
      code: r.code ?? r.software,
      venue: str(r.venue) ?? venue,
      year,
      n: i + 1,
    });
  });
  return { records, problems };
}

/**
 * Pairs sidecar records with abstracts: by `abstract_starts_with` first, then records without
 * one by position. A record whose prefix matches nothing is not guessed onto another abstract.
 */
function matchMetadata(abstracts: Paragraph[], records: MetadataRecord[], file: string): { byParagraph: Map<Paragraph, MetadataRecord>; problems: CorpusProblem[] } {
  const byParagraph = new Map<Paragraph, MetadataRecord>();
  const problems: CorpusProblem[] = [];
  const keys = abstracts.map((p) => prefixKey(p.text));
  const unpositioned: MetadataRecord[] = [];
  for (const r of records) {
    if (!r.startsWith) {
      unpositioned.push(r);
      continue;
    }
    const prefix = prefixKey(r.startsWith);
    const free = (j: number) => j >= 0 && j < keys.length && keys[j].startsWith(prefix) && !byParagraph.has(abstracts[j]);
    // Sidecars are usually in file order, so try the record's own position before scanning.
    const i = free(r.n - 1) ? r.n - 1 : keys.findIndex((_, j) => free(j));
    if (i >= 0) byParagraph.set(abstracts[i], r);
    else problems.push({ file, record: `record ${r.n}`, message: `abstract_starts_with "${r.startsWith.slice(0, 60)}" matches no abstract; record ignored` });
  }
  for (const r of unpositioned) {
    const p = abstracts[r.n - 1];
    if (p && !byParagraph.has(p)) byParagraph.set(p, r);
    else problems.push({ file, record: `record ${r.n}`, message: 'no abstract_starts_with and no free abstract at its position; record ignored' });
  }
  return { byParagraph, problems };
}

export interface Sidecar {
  file: string;
  text: string;
}

export function parsePlaintext(text: string, file: string, sidecar?: Sidecar): ImportResult {
  const paragraphs = splitParagraphs(text);
  const abstracts = paragraphs.length && isHeading(paragraphs[0].text) ? paragraphs.slice(1) : paragraphs;
  let problems: CorpusProblem[] = [];
  let byParagraph = new Map<Paragraph, MetadataRecord>();
  // Without a sidecar to read, a paper without a title is no problem of its own: the file's one message says it.
  let titleOptional = !sidecar;
  if (sidecar) {
    const meta = parseMetadata(sidecar.text, sidecar.file);
    titleOptional = meta.unread === true;
    const matched = matchMetadata(abstracts, meta.records, sidecar.file);
    // One per sidecar record at most, so not push(...): as many arguments as records overflow the stack.
    problems = [...meta.problems, ...matched.problems];
    byParagraph = matched.byParagraph;
  }
  const papers: Paper[] = [];
  let skipped = 0;
  for (const p of abstracts) {
    const m = byParagraph.get(p);
    const built = buildPaper(
      {
        title: m?.title,
        abstract: p.text,
        authors: m?.authors,
        authorsIncomplete: m?.authorsIncomplete,
        year: m?.year,
        venue: m?.venue,
        url: m?.url,
        code: m?.code,
        pmlrId: m?.pmlrId,
        pmlrVolume: m?.pmlrVolume,
        arxiv: m?.arxiv,
        openreview: m?.openreview,
        titleOptional,
      },
      file,
      `paragraph ${p.index} (line ${p.line})`,
    );
    problems.push(...built.problems);
    if (built.paper) papers.push(built.paper);
    else skipped++;
  }
  const names = sidecarCandidates(file).map((f) => path.basename(f)).join(' or ');
  // Once for the file, not once per paper: the sidecar is optional.
  if (!sidecar && papers.length) {
    problems.push({ file, message: `no metadata sidecar read (${names}): the titles of its ${papers.length} paper${papers.length === 1 ? '' : 's'} are their abstracts' first sentences` });
  }
  // What people write above an abstract; read as a heading (or as an abstract), the title was lost without a word.
  const header = paragraphs.find((p) => HEADER_LINE.test(p.text));
  if (header) {
    problems.push({ file, record: `paragraph ${header.index} (line ${header.line})`, message: `"${HEADER_LINE.exec(header.text)![1]}:" lines are not read from a .txt file (a short first paragraph is a heading, any other an abstract): put titles and authors in a metadata sidecar (${names}), or use a .json or .jsonl file with title and authors` });
  }
  return { papers, problems, skipped };
}
