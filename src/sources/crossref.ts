/**
 * Paper metadata from the Crossref REST API: `works/{doi}` answers `{status: "ok", message-type:
 * "work", message: {...}}`; an unknown DOI is a 404 with the text "Resource not found.". The
 * abstract, when the publisher deposited one, is JATS XML; many DOIs have none.
 */
import { parseAuthors, yearFrom } from '../corpus/text.js';
import { FetchFailure, type ScholarlyHttp } from './http.js';
import { failureReason, malformedReason, miss, type Outcome } from './outcome.js';
import { jatsToText } from './xml.js';

type Work = Record<string, unknown>;

function first(value: unknown): string | undefined {
  const v = Array.isArray(value) ? value[0] : value;
  return typeof v === 'string' && v.trim() ? v.trim() : undefined;
}

/** The first year of a Crossref date ({"date-parts": [[2015, 5, 27]]}). */
function dateYear(value: unknown): number | undefined {
  const parts = (value as { 'date-parts'?: unknown } | undefined)?.['date-parts'];
  return Array.isArray(parts) && Array.isArray(parts[0]) ? yearFrom(parts[0][0]) : undefined;
}

/** The work of a Crossref answer, or a description of why it is not one. */
export function crossrefWork(body: string): Work | string {
  let data: unknown;
  try {
    data = JSON.parse(body);
  } catch {
    return 'not JSON';
  }
  const o = data as { status?: unknown; 'message-type'?: unknown; message?: unknown };
  if (!o || typeof o !== 'object' || o.status !== 'ok' || !o.message || typeof o.message !== 'object') return 'not a Crossref answer';
  if (o['message-type'] !== 'work') return `a "${String(o['message-type'])}" answer, not a work`;
  return o.message as Work;
}

/** The fields of a work; its abstract '' when Crossref has none. */
export function workFields(work: Work, doi: string): { title?: string; abstract: string; authors: string[]; year?: number; venue?: string; url: string } {
  const abstract = typeof work.abstract === 'string' ? jatsToText(work.abstract) : '';
  const subtitle = first(work.subtitle);
  const title = first(work.title);
  return {
    title: title && subtitle && !title.includes(subtitle) ? `${title}: ${subtitle}` : title,
    abstract,
    authors: parseAuthors(Array.isArray(work.author) ? work.author : []),
    year: dateYear(work.issued) ?? dateYear(work.published) ?? dateYear(work['published-print']) ?? dateYear(work['published-online']) ?? dateYear(work.created),
    venue: first(work['container-title']) ?? first((work.event as Work | undefined)?.name),
    url: first(work.URL) ?? `https://doi.org/${doi}`,
  };
}

export async function fetchCrossref(http: ScholarlyHttp, doi: string, signal?: AbortSignal): Promise<Outcome> {
  const subject = `DOI ${doi}`;
  let body: string;
  try {
    const res = await http.get('crossref', http.url('crossref', `works/${encodeURIComponent(doi)}`), { signal, accept: 'application/json' });
    body = res.body.toString('utf8');
  } catch (e) {
    if (!(e instanceof FetchFailure)) throw e;
    return miss(failureReason(e, subject, `no such DOI ${doi}: Crossref does not know it. Check the DOI; one registered elsewhere (DataCite, mEDRA) cannot be looked up, so paste the paper's arXiv id or attach its PDF.`));
  }
  const work = crossrefWork(body);
  if (typeof work === 'string') return miss(malformedReason('crossref', subject, work));
  const f = workFields(work, doi);
  if (!f.abstract) {
    return miss(`Crossref has no abstract for DOI ${doi}${f.title ? ` ("${f.title}")` : ''}, and papercord answers from abstracts; paste the paper's arXiv id, or attach its PDF or a BibTeX entry with an abstract.`);
  }
  return {
    ok: true,
    found: {
      origin: 'crossref',
      from: `https://doi.org/${doi}`,
      doi,
      fields: { title: f.title, abstract: f.abstract, authors: f.authors, year: f.year, venue: f.venue, url: f.url },
    },
  };
}
