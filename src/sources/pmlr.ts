/**
 * Paper metadata from a PMLR proceedings page (`v<volume>/<id>.html`), parsed with htmlparser2:
 * the Google Scholar `citation_*` meta tags (title, authors, date, conference), the abstract in
 * `div#abstract`, and the BibTeX the page shows in `code#bibtex` for whatever those lack.
 */
import { DomUtils, parseDocument } from 'htmlparser2';
import { venueOf } from '../corpus/pmlr.js';
import { pmlrPageUrl } from '../corpus/ids.js';
import { collapseWhitespace, yearFrom } from '../corpus/text.js';
import { readBibtex } from './bibtex.js';
import { FetchFailure, type ScholarlyHttp } from './http.js';
import { failureReason, malformedReason, miss, type Outcome } from './outcome.js';

export interface PmlrPage {
  title?: string;
  authors: string[];
  abstract?: string;
  year?: number;
  conference?: string;
  pdf?: string;
}

/** What a PMLR page says of its paper; undefined when the page is not a PMLR paper page. */
export function readPmlrPage(html: string, page: string): PmlrPage | undefined {
  const doc = parseDocument(html, { decodeEntities: true });
  const metas = DomUtils.getElementsByTagName('meta', doc);
  const meta = (name: string) => metas.filter((m) => m.attribs.name === name).map((m) => collapseWhitespace(m.attribs.content ?? '')).filter(Boolean);
  const text = (id: string) => {
    const el = DomUtils.getElementById(id, doc);
    return el ? collapseWhitespace(DomUtils.textContent(el)) || undefined : undefined;
  };
  const h1 = DomUtils.getElementsByTagName('h1', doc)[0];
  const title = meta('citation_title')[0] ?? (h1 ? collapseWhitespace(DomUtils.textContent(h1)) || undefined : undefined);
  const abstract = text('abstract');
  const bib = DomUtils.getElementById('bibtex', doc);
  const fromBib = bib ? readBibtex(DomUtils.textContent(bib), page).found[0]?.found.fields : undefined;
  if (!title && !abstract && !fromBib) return undefined;
  const authors = meta('citation_author');
  const year = yearFrom(meta('citation_publication_date')[0]) ?? fromBib?.year;
  return {
    title: title ?? fromBib?.title,
    authors: authors.length ? authors : (fromBib?.authors ?? []),
    abstract: abstract ?? fromBib?.abstract,
    year,
    conference: meta('citation_conference_title')[0],
    pdf: meta('citation_pdf_url')[0],
  };
}

export async function fetchPmlr(http: ScholarlyHttp, volume: string, id: string, signal?: AbortSignal): Promise<Outcome> {
  const subject = `PMLR paper v${volume}/${id}`;
  const page = pmlrPageUrl(volume, id);
  let html: string;
  try {
    const res = await http.get('pmlr', http.url('pmlr', `v${volume}/${encodeURIComponent(id)}.html`), { signal, accept: 'text/html' });
    html = res.body.toString('utf8');
  } catch (e) {
    if (!(e instanceof FetchFailure)) throw e;
    return miss(failureReason(e, subject, `no such PMLR paper v${volume}/${id}: PMLR has no page ${page}. Check the link (proceedings.mlr.press/v<volume>/<id>.html).`));
  }
  const p = readPmlrPage(html, page);
  if (!p) return miss(malformedReason('pmlr', subject, 'not a PMLR paper page'));
  if (!p.abstract) return miss(`the PMLR page of v${volume}/${id} shows no abstract, and papercord answers from abstracts; attach the paper's PDF instead.`);
  return {
    ok: true,
    found: {
      origin: 'pmlr',
      from: page,
      fields: { title: p.title, abstract: p.abstract, authors: p.authors, year: p.year, venue: venueOf(p.conference, p.year), url: page, pmlrId: id, pmlrVolume: volume },
    },
  };
}
