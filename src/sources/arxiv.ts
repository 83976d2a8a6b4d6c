/**
 * Paper metadata from the arXiv API: an Atom feed for `query?id_list=…`, many ids per request
 * (arXiv asks for one request every 3 s). Traps of the feed: an unknown id gives a feed with no
 * entry for it (and an older API said totalResults 1 all the same); a malformed id gives one
 * entry titled "Error" instead of any paper; a throttled request may answer plain text.
 */
import { collapseWhitespace } from '../corpus/text.js';
import { FetchFailure, type ScholarlyHttp } from './http.js';
import { failureReason, malformedReason, miss, type Outcome } from './outcome.js';
import { arxivId } from './refs.js';
import { MalformedXml, parseXml } from './xml.js';

export interface ArxivEntry {
  /** Without version: "2505.23727", "hep-th/9901001". */
  id: string;
  version: number;
  title: string;
  summary: string;
  authors: string[];
  /** When version 1 was submitted (ISO 8601). */
  published?: string;
  doi?: string;
  journalRef?: string;
}

export type ArxivFeed =
  | { kind: 'entries'; entries: ArxivEntry[] }
  /** The API's error entry: `id` is the id it names, when it names one. */
  | { kind: 'error'; message: string; id?: string };

/** Ids per request: the API takes long lists, and a shorter one keeps one answer small. */
const BATCH = 50;

type Node = Record<string, unknown>;

function text(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value && typeof value === 'object' && '#text' in value) return String((value as Node)['#text']);
  return '';
}

function list(value: unknown): Node[] {
  return (Array.isArray(value) ? value : value === undefined ? [] : [value]).filter((v): v is Node => !!v && typeof v === 'object');
}

/** The id and version an entry's `<id>` (http://arxiv.org/abs/2505.23727v2) names. */
function entryId(idUrl: string): { id: string; version: number } | undefined {
  const m = /\/abs\/(.+?)(?:v(\d+))?$/.exec(idUrl.trim());
  const id = m ? arxivId(m[1]!) : undefined;
  return id ? { id, version: Number(m![2] ?? 1) } : undefined;
}

/** Reads an arXiv API answer; MalformedXml when it is not an Atom feed. */
export function parseArxivFeed(xml: string): ArxivFeed {
  const doc = parseXml(xml, ['entry', 'author', 'link', 'category']);
  const feed = doc.feed as Node | undefined;
  if (!feed || typeof feed !== 'object') throw new MalformedXml('not an Atom feed');
  const entries: ArxivEntry[] = [];
  for (const e of list(feed.entry)) {
    const idUrl = text(e.id);
    if (idUrl.includes('/api/errors')) {
      const named = /#incorrect_id_format_for_(.+)$/.exec(idUrl)?.[1];
      return { kind: 'error', message: collapseWhitespace(text(e.summary)) || 'error', ...(named ? { id: named } : {}) };
    }
    const ids = entryId(idUrl);
    if (!ids) continue;
    const doi = collapseWhitespace(text(e['arxiv:doi']));
    const journalRef = collapseWhitespace(text(e['arxiv:journal_ref']));
    entries.push({
      ...ids,
      title: collapseWhitespace(text(e.title)),
      summary: collapseWhitespace(text(e.summary)),
      authors: list(e.author).map((a) => collapseWhitespace(text(a.name))).filter(Boolean),
      published: text(e.published).trim() || undefined,
      ...(doi ? { doi } : {}),
      ...(journalRef ? { journalRef } : {}),
    });
  }
  return { kind: 'entries', entries };
}

function found(http: ScholarlyHttp, e: ArxivEntry): Outcome {
  return {
    ok: true,
    found: {
      origin: 'arxiv',
      from: `https://arxiv.org/abs/${e.id}`,
      fields: {
        title: e.title,
        abstract: e.summary,
        authors: e.authors,
        year: e.published ? Number(e.published.slice(0, 4)) || undefined : undefined,
        venue: 'arXiv',
        url: `https://arxiv.org/abs/${e.id}`,
        arxiv: e.id,
      },
      ...(e.doi ? { doi: e.doi } : {}),
      pdfUrl: http.url('arxiv', `${e.id}v${e.version}`, {}, 1),
    },
  };
}

/**
 * Looks the ids up (canonical, without versions), in as few requests as the batch allows; the
 * outcome of each id by its id. An id the API calls malformed is reported and the rest asked again.
 */
export async function fetchArxiv(http: ScholarlyHttp, ids: readonly string[], signal?: AbortSignal): Promise<Map<string, Outcome>> {
  const out = new Map<string, Outcome>();
  const unique = [...new Set(ids)];
  for (let i = 0; i < unique.length; i += BATCH) await fetchBatch(http, unique.slice(i, i + BATCH), out, signal);
  return out;
}

async function fetchBatch(http: ScholarlyHttp, batch: string[], out: Map<string, Outcome>, signal?: AbortSignal): Promise<void> {
  let pending = batch;
  while (pending.length) {
    const subject = pending.length === 1 ? `arXiv id ${pending[0]}` : `arXiv ids ${pending.join(', ')}`;
    const url = http.url('arxiv', 'query', { id_list: pending.join(','), max_results: String(pending.length) });
    let feed: ArxivFeed;
    try {
      const res = await http.get('arxiv', url, { signal, accept: 'application/atom+xml' });
      feed = parseArxivFeed(res.body.toString('utf8'));
    } catch (e) {
      // A 400 may carry the same error entry a 200 does.
      if (e instanceof FetchFailure && e.details.status === 400 && e.details.body) {
        try {
          feed = parseArxivFeed(e.details.body);
        } catch {
          return failAll(pending, out, failureReason(e, subject, ''));
        }
      } else if (e instanceof FetchFailure) {
        // The API answers an unknown id with a feed, so a 404 means its address is wrong.
        return failAll(pending, out, failureReason(e, subject, `the arXiv API answered 404 (not found) for ${subject}; try again later, or ask the operator to check ARXIV_API_BASE.`));
      } else if (e instanceof MalformedXml) {
        return failAll(pending, out, malformedReason('arxiv', subject, `not an Atom feed: ${e.message}`));
      } else throw e;
    }
    if (feed.kind === 'error') {
      const bad = feed.id ? pending.find((id) => id === arxivId(feed.id!) || id === feed.id) : undefined;
      if (!bad) return failAll(pending, out, `arXiv refused the request for ${subject}: "${feed.message}"; check the ids.`);
      out.set(bad, miss(`arXiv says ${bad} is not a well-formed arXiv id ("${feed.message}"); check it (arXiv ids look like 2505.23727).`));
      pending = pending.filter((id) => id !== bad);
      continue;
    }
    for (const e of feed.entries) if (pending.includes(e.id)) out.set(e.id, found(http, e));
    for (const id of pending) if (!out.has(id)) out.set(id, miss(`no such arXiv id ${id}: arXiv has no paper with it. Check the id (the digits after arxiv.org/abs/).`));
    return;
  }
}

function failAll(ids: readonly string[], out: Map<string, Outcome>, reason: string): void {
  for (const id of ids) out.set(id, miss(reason));
}
