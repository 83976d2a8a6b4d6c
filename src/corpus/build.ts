/** Turns the fields an importer found into a checked Paper, the same way for every format. */
import type { CorpusProblem, Paper } from './paper.js';
import { paperIds } from './ids.js';
import { cleanTitle, collapseWhitespace, isHttpUrl, titleFromAbstract, yearFrom } from './text.js';

/** Shorter abstracts are stubs ("TBD", "n/a") rather than something worth answering from. */
export const MIN_ABSTRACT_CHARS = 20;

export interface PaperFields {
  title?: string;
  /** Already clean text: importers strip markup and collapse whitespace. */
  abstract?: string;
  authors?: string[];
  /** Only the first author is known. */
  authorsIncomplete?: boolean;
  year?: number;
  venue?: string;
  url?: string;
  pmlrId?: string;
  recordId?: string;
  arxiv?: string;
  openreview?: string;
  /**
   * The file may well have no titles (plain text without its sidecar): one taken from the
   * abstract is then not a problem of this record, and the importer says so once for the file.
   */
  titleOptional?: boolean;
}

export type BuildOutcome =
  | { paper: Paper; problems: CorpusProblem[] }
  | { paper?: undefined; problems: CorpusProblem[] };

/** Either a paper (maybe with a note, such as a stand-in title) or the reason the record is skipped. */
export function buildPaper(fields: PaperFields, file: string, record: string): BuildOutcome {
  const abstract = (fields.abstract ?? '').trim();
  if (!abstract) return { problems: [{ file, record, message: 'no abstract; skipped' }] };
  if (abstract.length < MIN_ABSTRACT_CHARS) {
    return { problems: [{ file, record, message: `abstract too short (${abstract.length} characters, at least ${MIN_ABSTRACT_CHARS} needed); skipped` }] };
  }
  const problems: CorpusProblem[] = [];
  let title = cleanTitle(fields.title ?? '');
  if (!title) {
    title = titleFromAbstract(abstract);
    if (!fields.titleOptional) problems.push({ file, record, message: 'no title in the metadata; using the first sentence' });
  }
  const { id, aliases } = paperIds({ title, pmlrId: fields.pmlrId, recordId: fields.recordId, arxiv: fields.arxiv, openreview: fields.openreview });
  const paper: Paper = {
    id,
    title,
    abstract,
    authors: fields.authors ?? [],
    aliases,
    source: { file, record },
  };
  if (fields.authorsIncomplete && paper.authors.length) paper.authorsIncomplete = true;
  const year = fields.year ?? yearFrom(fields.venue);
  if (year !== undefined) paper.year = year;
  const venue = fields.venue ? collapseWhitespace(fields.venue) : '';
  if (venue) paper.venue = venue;
  const url = fields.url?.trim();
  if (url) {
    paper.url = url;
    // Kept, as the text front ends show it as written; Discord links only http(s) URLs.
    if (!isHttpUrl(url)) problems.push({ file, record, message: `url "${url.slice(0, 100)}" is not an http(s) link; shown as text, not linked` });
  }
  return { paper, problems };
}

/** Label of a record in problems: "record 5 (id foo)". */
export function recordLabel(base: string, id?: unknown): string {
  return typeof id === 'string' || typeof id === 'number' ? `${base} (id ${id})` : base;
}

/** A string field, or undefined for absent/null/empty/non-string values. */
export function str(value: unknown): string | undefined {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return typeof value === 'string' && value.trim() ? value.trim() : undefined;
}
