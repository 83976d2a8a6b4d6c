/**
 * PMLR proceedings posts (the `_posts/*.md` of an `mlresearch/vNNN` repository): the paper is
 * in the YAML front matter; the body is empty.
 */
import { parseDocument } from 'yaml';
import type { ImportResult } from './paper.js';
import { buildPaper, recordLabel, str } from './build.js';
import { htmlToText, lineAndColumn, parseAuthors, yearFrom } from './text.js';
import { pmlrPageUrl } from './ids.js';

/** The YAML between a leading `---` line and the next `---` (or `...`) line, and the file line it starts on. */
export function splitFrontMatter(text: string): { yaml: string; firstLine: number } | undefined {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  if (lines[0].trimEnd() !== '---') return undefined;
  const end = lines.findIndex((l, i) => i > 0 && (l.trimEnd() === '---' || l.trimEnd() === '...'));
  return end < 0 ? undefined : { yaml: lines.slice(1, end).join('\n'), firstLine: 2 };
}

function issuedYear(fm: Record<string, unknown>): number | undefined {
  const issued = fm.issued as Record<string, unknown> | undefined;
  const parts = issued && typeof issued === 'object' ? issued['date-parts'] : undefined;
  // Citeproc nests the parts ([[2026, 9, 29]]); PMLR posts write them flat ([2026, 9, 29]).
  const first = Array.isArray(parts) ? (Array.isArray(parts[0]) ? parts[0][0] : parts[0]) : undefined;
  return yearFrom(first) ?? yearFrom(fm.date) ?? yearFrom(fm.year);
}

/** "ICML 2026" for the ICML proceedings, else the container title as written. */
export function venueOf(containerTitle: string | undefined, year: number | undefined): string | undefined {
  if (!containerTitle) return undefined;
  return /International Conference on Machine Learning/i.test(containerTitle) ? (year ? `ICML ${year}` : 'ICML') : containerTitle;
}

export function parsePmlrPost(text: string, file: string): ImportResult {
  const fail = (message: string): ImportResult => ({ papers: [], problems: [{ file, message }], skipped: 1 });
  const fm = splitFrontMatter(text);
  if (!fm) return fail('no YAML front matter (a leading `---` line, the fields, and a closing `---` line); skipped');
  const doc = parseDocument(fm.yaml, { prettyErrors: false });
  if (doc.errors.length) {
    const e = doc.errors[0];
    const line = ` at line ${lineAndColumn(fm.yaml, e.pos[0]).line + fm.firstLine - 1}`;
    return fail(`front matter is not valid YAML${line}: ${e.message.split('\n')[0]}; skipped`);
  }
  let data: unknown;
  try {
    data = doc.toJS();
  } catch (e) {
    // Alias bombs and similar are refused by the parser at this point.
    return fail(`front matter could not be read: ${(e as Error).message}; skipped`);
  }
  if (!data || typeof data !== 'object' || Array.isArray(data)) return fail('front matter is not a mapping of fields; skipped');
  const f = data as Record<string, unknown>;
  const id = str(f.id);
  const year = issuedYear(f);
  const volume = str(f.volume) ?? /\/v(\d+)\//.exec(str(f.pdf) ?? '')?.[1];
  const abstract = str(f.abstract);
  const built = buildPaper(
    {
      title: str(f.title) ?? str(f.tex_title),
      abstract: abstract === undefined ? undefined : htmlToText(abstract),
      authors: parseAuthors(f.author ?? f.authors),
      year,
      venue: venueOf(str(f['container-title']), year),
      url: id && volume ? pmlrPageUrl(volume, id) : str(f.pdf),
      code: f.software,
      pmlrId: id,
      pmlrVolume: volume,
      arxiv: str(f.arxiv),
      openreview: str(f.openreview),
    },
    file,
    recordLabel('front matter', id),
  );
  return { papers: built.paper ? [built.paper] : [], problems: built.problems, skipped: built.paper ? 0 : 1 };
}
