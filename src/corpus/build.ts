/** Turns the fields an importer found into a checked Paper, the same way for every format. */
import type { CorpusProblem, Paper } from './paper.js';
import { LINK_START } from '../lexicon/ids.js';
import { openReviewForum, paperIds, pmlrPageUrl } from './ids.js';
import { cleanTitle, collapseWhitespace, isHttpUrl, titleFromAbstract, yearFrom } from './text.js';

/** A link written without its scheme: "github.com/org/repo". */
const SCHEMELESS_LINK = new RegExp(`^(?!https?:)(?=${LINK_START})\\S+$`, 'i');

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
  /** The record's code links as written: one link or a list of them (see codeLinks). */
  code?: unknown;
  pmlrId?: string;
  /** The PMLR volume ("306"), which with the PMLR id makes its proceedings page. */
  pmlrVolume?: string;
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
  const code = codeLinks(fields.code, (message) => problems.push({ file, record, message }));
  if (code.length) paper.code = code;
  const openreview = fields.openreview ? openReviewForum(fields.openreview) : undefined;
  if (openreview) paper.openreview = openreview;
  const volume = fields.pmlrVolume?.trim().replace(/^v/i, '');
  const pmlrId = fields.pmlrId?.trim();
  if (pmlrId && volume && /^\d+$/.test(volume) && /^[\w-]+$/.test(pmlrId)) paper.pmlrPage = pmlrPageUrl(volume, pmlrId);
  return { paper, problems };
}

/**
 * The http(s) links of a record's code field (a link, links in one string, or a list), each
 * once; anything else is left out with a warning, as answers give these as links. Two slips of
 * PMLR posts are read as the link meant: a link broken by spaces ("https: //github.com/...",
 * "https://github. com/..."; a link has none) and one without its scheme ("github.com/...", as
 * people paste them).
 */
export function codeLinks(value: unknown, warn: (message: string) => void): string[] {
  if (value === undefined || value === null || value === '') return [];
  const links = new Set<string>();
  for (const item of Array.isArray(value) ? value : [value]) {
    const written = str(item);
    if (written === undefined) {
      if (item !== null && item !== '') warn(`code field holds ${Array.isArray(item) ? 'a list' : typeof item}, not a link; left out`);
      continue;
    }
    // Several links in one string are read one by one.
    for (const piece of written.split(/[\s,;]+(?=https?:)/i)) {
      const schemeless = SCHEMELESS_LINK.test(piece) ? `https://${piece}` : undefined;
      const link = [piece, piece.replace(/\s+/g, ''), schemeless].find((l) => l !== undefined && !/\s/.test(l) && isHttpUrl(l));
      if (link) links.add(link);
      else warn(`code link "${piece.slice(0, 100)}" is not an http(s) link; left out`);
    }
  }
  return [...links];
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
