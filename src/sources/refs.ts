/**
 * What a user pasted, read as paper references: arXiv ids and links, DOIs and doi.org links,
 * OpenReview forums, PMLR pages, BibTeX. A link to any other host is refused here, so it is
 * never fetched.
 */
import { pageOfPdf } from '../corpus/ids.js';
import { ARXIV_ID } from '../lexicon/ids.js';

export type Ref =
  /** `id` without its version: "2505.23727", or an old-style "hep-th/9901001". */
  | { kind: 'arxiv'; raw: string; id: string }
  | { kind: 'doi'; raw: string; doi: string }
  /** The forum id as OpenReview writes it (its case matters in links). */
  | { kind: 'openreview'; raw: string; id: string }
  | { kind: 'pmlr'; raw: string; volume: string; id: string }
  /** One or more BibTeX entries. */
  | { kind: 'bibtex'; raw: string; text: string }
  | { kind: 'refused'; raw: string; host: string }
  | { kind: 'unknown'; raw: string; hint: string };

export type RefKind = Ref['kind'];

/** A ref that is looked up at one of the services. */
export type LookupRef = Extract<Ref, { kind: 'arxiv' | 'doi' | 'openreview' | 'pmlr' }>;

/** The public hosts whose links papercord reads; it asks the configured services, never the link itself. */
const ARXIV_HOSTS = new Set(['arxiv.org', 'www.arxiv.org', 'export.arxiv.org']);
const DOI_HOSTS = new Set(['doi.org', 'dx.doi.org', 'www.doi.org']);
const OPENREVIEW_HOSTS = new Set(['openreview.net', 'www.openreview.net']);
const PMLR_HOSTS = new Set(['proceedings.mlr.press', 'raw.githubusercontent.com', 'github.com', 'www.github.com']);

export const ACCEPTED =
  'an arXiv id (2505.23727, arXiv:2505.23727v2, hep-th/9901001) or arxiv.org link, a DOI (10.1234/…) or doi.org link, an OpenReview forum link (openreview.net/forum?id=…) or openreview:<id>, a PMLR paper link (proceedings.mlr.press/v306/….html), or BibTeX entries';

export const REFUSED_HINT =
  'papercord only fetches from arXiv, Crossref (for DOIs), OpenReview and PMLR, and never opens other links. Paste the paper\'s arXiv id, DOI, OpenReview or PMLR link, or attach its BibTeX or PDF';

const OLD_ARXIV = /^([a-z][a-z-]*)(\.[a-z]{2})?\/(\d{7})(?:v\d+)?$/i;
const DOI = /^(10\.\d{4,9}\/\S+)$/;
/** OpenReview's generated ids: 10 characters of both cases with a digit, _ or -, or several capitals (tU3raVqvYe, HkxLXnAcFQ), unlike a word such as PixelThink. */
const OPENREVIEW_BARE = /^(?=.*[a-z])(?=.*[A-Z])(?=.*[\d_-]|(?:.*[A-Z]){3})[A-Za-z\d_-]{10}$/;
const BIBTEX_START = /(?:^|\s)@[a-z]+\s*[{(]/i;
const SCHEMELESS = /^(?:www\.)?[a-z\d-]+(?:\.[a-z\d-]+)+(?::\d+)?\//i;

/** An arXiv id as written ("arXiv:2505.23727v2", "math.gt/0309136") in its canonical form without version, or undefined. */
export function arxivId(raw: string): string | undefined {
  const s = raw.trim().replace(/^arxiv:\s*/i, '');
  const modern = ARXIV_ID.exec(s);
  if (modern) return modern[1];
  const old = OLD_ARXIV.exec(s);
  return old ? `${old[1]!.toLowerCase()}${old[2] ? old[2].toUpperCase() : ''}/${old[3]}` : undefined;
}

/** A DOI as written ("doi:10.1038/nature14539", "10.1038/NATURE14539.") without a prefix or trailing punctuation, or undefined. */
export function doiOf(raw: string): string | undefined {
  const s = raw.trim().replace(/^doi:\s*/i, '');
  const m = DOI.exec(s);
  return m ? trimPunctuation(m[1]!) : undefined;
}

/** Trailing sentence punctuation and an unbalanced closing bracket are not part of a pasted id or link. */
function trimPunctuation(s: string): string {
  let out = s.replace(/[.,;:!?'"]+$/, '');
  for (const [open, close] of [['(', ')'], ['[', ']']] as const) {
    while (out.endsWith(close) && count(out, close) > count(out, open)) out = out.slice(0, -1).replace(/[.,;:!?'"]+$/, '');
  }
  return out;
}

function count(s: string, c: string): number {
  return s.split(c).length - 1;
}

function fromArxivUrl(raw: string, u: URL): Ref {
  const m = /^\/(?:abs|pdf|html|format)\/(.+?)(?:\.pdf)?\/?$/.exec(decodeURIComponent(u.pathname));
  // An HTML version's path can go on past the id ("/html/2505.23727v1/section").
  const candidates = m ? [m[1]!, m[1]!.split('/')[0]!, m[1]!.split('/').slice(0, 2).join('/')] : [];
  const id = candidates.map(arxivId).find((x) => x !== undefined);
  return id ? { kind: 'arxiv', raw, id } : { kind: 'unknown', raw, hint: 'an arxiv.org link to one paper looks like arxiv.org/abs/2505.23727 (or /pdf/, /html/)' };
}

function fromUrl(raw: string, url: string): Ref {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return { kind: 'unknown', raw, hint: `not a link papercord can read; expected ${ACCEPTED}` };
  }
  const host = u.hostname.toLowerCase();
  if (u.protocol !== 'http:' && u.protocol !== 'https:') return { kind: 'refused', raw, host: `${u.protocol}${host}` };
  if (ARXIV_HOSTS.has(host)) return fromArxivUrl(raw, u);
  if (DOI_HOSTS.has(host)) {
    const doi = doiOf(decodeURIComponent(u.pathname.slice(1)));
    return doi ? doiRef(raw, doi) : { kind: 'unknown', raw, hint: 'a doi.org link looks like https://doi.org/10.1234/…' };
  }
  if (OPENREVIEW_HOSTS.has(host)) {
    const id = u.searchParams.get('id');
    return id && /^[\w-]{4,}$/.test(id) ? { kind: 'openreview', raw, id } : { kind: 'unknown', raw, hint: 'an OpenReview link to a paper looks like https://openreview.net/forum?id=…' };
  }
  if (PMLR_HOSTS.has(host)) {
    const page = /^https?:\/\/proceedings\.mlr\.press\/v(\d+)\/([\w-]+)\.html$/i.exec(pageOfPdf(`${u.origin}${u.pathname}`));
    if (page) return { kind: 'pmlr', raw, volume: page[1]!, id: page[2]! };
    if (host === 'proceedings.mlr.press') return { kind: 'unknown', raw, hint: 'a PMLR paper link looks like https://proceedings.mlr.press/v306/zeller26a.html (or its PDF)' };
  }
  return { kind: 'refused', raw, host };
}

/** arXiv's own DOIs (10.48550/arXiv.2505.23727) are registered with DataCite, not Crossref: asked of arXiv instead. */
function doiRef(raw: string, doi: string): Ref {
  const arxiv = /^10\.48550\/arxiv\.(.+)$/i.exec(doi);
  const id = arxiv ? arxivId(arxiv[1]!) : undefined;
  return id ? { kind: 'arxiv', raw, id } : { kind: 'doi', raw, doi };
}

/** "<link>" (Discord's link without preview), "(ref)" and "[ref]" as their ref; a bracket that only opens is dropped too. */
function unwrap(token: string): string {
  const s = token.replace(/[.,;:!?]+$/, '');
  const pair = /^([<([])(.*)([>)\]])$/.exec(s);
  if (pair && '<([' .indexOf(pair[1]!) === '>)]'.indexOf(pair[3]!)) return pair[2]!;
  if (/^[([]/.test(s) && count(s, s[0]!) > count(s, s[0] === '(' ? ')' : ']')) return s.slice(1);
  return token;
}

/** One pasted token. */
export function classifyRef(token: string): Ref {
  const raw = token.trim();
  const s = trimPunctuation(unwrap(raw));
  const arxiv = arxivId(s);
  if (arxiv) return { kind: 'arxiv', raw, id: arxiv };
  const doi = doiOf(s);
  if (doi) return doiRef(raw, doi);
  if (/^openreview:/i.test(s)) {
    const id = s.replace(/^openreview:\s*/i, '');
    return /^[\w-]{4,}$/.test(id) ? { kind: 'openreview', raw, id } : { kind: 'unknown', raw, hint: 'openreview: is followed by a forum id, such as openreview:tU3raVqvYe' };
  }
  if (/^[a-z][a-z\d+.-]*:\/\//i.test(s)) return fromUrl(raw, s);
  if (SCHEMELESS.test(s)) return fromUrl(raw, `https://${s}`);
  if (OPENREVIEW_BARE.test(s)) return { kind: 'openreview', raw, id: s };
  return { kind: 'unknown', raw, hint: `expected ${ACCEPTED}` };
}

/**
 * Every ref in a message, in order: tokens separated by spaces, newlines or commas, and from the
 * first BibTeX entry on, BibTeX (its fields hold spaces and commas of their own).
 */
export function classifyRefs(text: string): Ref[] {
  const start = BIBTEX_START.exec(text);
  const cut = start ? start.index + start[0].search(/@/) : text.length;
  // "arXiv: 2505.23727" and "doi: 10.…" are one ref each.
  const head = text.slice(0, cut).replace(/\b(arxiv|doi|openreview)\s*:\s+/gi, '$1:');
  const refs = head
    .split(/[\s,]+/)
    .filter((t) => t.length > 0)
    .map(classifyRef);
  if (start) {
    const bib = text.slice(cut).trim();
    refs.push({ kind: 'bibtex', raw: bib, text: bib });
  }
  return refs;
}

/** The ref as a user would recognise it in a reply, at most 120 characters. */
export function shownRef(ref: Ref): string {
  const raw = ref.raw.replace(/\s+/g, ' ');
  return raw.length > 120 ? `${raw.slice(0, 119)}…` : raw;
}
