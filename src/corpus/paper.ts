/** One paper of the corpus, as every importer produces it. */
export interface Paper {
  /** Stable, readable id: the PMLR id, else the arXiv id, else a slug of the title. */
  id: string;
  title: string;
  abstract: string;
  authors: string[];
  year?: number;
  venue?: string;
  url?: string;
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
}

/** What an importer returns for one file. */
export interface ImportResult {
  papers: Paper[];
  problems: CorpusProblem[];
  /** Records that were seen in the file but not imported. */
  skipped: number;
}
