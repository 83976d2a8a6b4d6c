/**
 * Local stand-ins for the paper services papercord asks, on one `node:http` server on 127.0.0.1,
 * each under its own path and speaking the real service's format:
 *
 * - arXiv API, `/arxiv/api/query?id_list=a,b&max_results=n`: an Atom feed as export.arxiv.org
 *   writes it (the user manual's layout: `xmlns:arxiv` on each extension element, links `alternate`
 *   and `related`/`pdf`). An unknown id is simply absent, and the feed still says totalResults 1
 *   as the classic API did; an id the API cannot read ("1234.12345": no month 34) gives, with
 *   status 200, one entry titled "Error" whose id is `http://arxiv.org/api/errors#incorrect_id_format_for_<id>`.
 *   PDFs under `/arxiv/pdf/<id>v<n>`: those given with `addPdf`, else a stand-in that is no real PDF.
 * - Crossref, `/crossref/works/<doi>`: `{status: "ok", message-type: "work", message-version,
 *   message: {...}}` with `abstract` as JATS when the work has one; an unknown DOI is a 404 with
 *   the text "Resource not found.".
 * - OpenReview API v2, `/openreview/notes?id=<id>` (or `forum=`): `{notes: [...], count}` with
 *   content fields as `{value: ...}`; an unknown id is a 404 `{name: "NotFoundError", ...}`.
 * - PMLR, `/pmlr/v<volume>/<id>.html`: the proceedings page as its Jekyll layout renders it
 *   (`citation_*` meta tags, `div#abstract`, the BibTeX in `code#bibtex`); unknown pages 404.
 *
 * Failures are scripted per service with `script(service, ...replies)`: the next requests to that
 * service get them in order (a status with an optional Retry-After, a hang that never answers, a
 * malformed body, an oversized body), then the service answers normally again. Every request is
 * recorded (service, path, query, headers, time) so tests can assert what was, or was not, sent.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type ScholarlyService = 'arxiv' | 'crossref' | 'openreview' | 'pmlr';

export interface ArxivFixture {
  id: string;
  version: number;
  title: string;
  summary: string;
  authors: string[];
  published: string;
  updated?: string;
  doi?: string;
  journalRef?: string;
  comment?: string;
  category?: string;
}

export interface CrossrefFixture {
  doi: string;
  title: string;
  authors: { given?: string; family?: string; name?: string }[];
  /** JATS, as publishers deposit it; absent for the many works without one. */
  abstract?: string;
  containerTitle?: string;
  issued: number[];
  type?: string;
  publisher?: string;
}

export interface OpenReviewFixture {
  id: string;
  forum?: string;
  /** Plain values; written as API v2's `{value: ...}`. */
  content: Record<string, unknown>;
  pdate?: number;
  domain?: string;
}

export interface PmlrFixture {
  volume: string;
  id: string;
  title: string;
  texTitle?: string;
  authors: { given: string; family: string }[];
  abstract: string;
  conference: string;
  published: string;
  pages: string;
}

export type Scripted =
  | { status: number; retryAfter?: string; body?: string; contentType?: string }
  | { hang: true }
  | { malformed: true }
  | { oversize: number };

export interface RecordedRequest {
  service: ScholarlyService | 'other';
  method: string;
  path: string;
  query: URLSearchParams;
  headers: http.IncomingHttpHeaders;
  /** performance.now() when the request arrived. */
  at: number;
}

const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
/** arXiv's abstracts come hard-wrapped, with a leading indent and a trailing newline. */
const wrap = (s: string) => `  ${s.replace(/(.{1,76})(?:\s+|$)/g, '$1\n').trimEnd()}\n`;

const ARXIV_NS = 'xmlns:arxiv="http://arxiv.org/schemas/atom"';
const OPENSEARCH = 'xmlns:opensearch="http://a9.com/-/spec/opensearch/1.1/"';

function arxivEntry(p: ArxivFixture): string {
  const v = `${p.id}v${p.version}`;
  const lines = [
    '  <entry>',
    `    <id>http://arxiv.org/abs/${v}</id>`,
    `    <updated>${p.updated ?? p.published}</updated>`,
    `    <published>${p.published}</published>`,
    `    <title>${escapeXml(p.title)}</title>`,
    `    <summary>${escapeXml(wrap(p.summary))}</summary>`,
    ...p.authors.map((a) => `    <author>\n      <name>${escapeXml(a)}</name>\n    </author>`),
    ...(p.doi ? [`    <arxiv:doi ${ARXIV_NS}>${escapeXml(p.doi)}</arxiv:doi>`, `    <link title="doi" href="http://dx.doi.org/${escapeXml(p.doi)}" rel="related"/>`] : []),
    ...(p.comment ? [`    <arxiv:comment ${ARXIV_NS}>${escapeXml(p.comment)}</arxiv:comment>`] : []),
    ...(p.journalRef ? [`    <arxiv:journal_ref ${ARXIV_NS}>${escapeXml(p.journalRef)}</arxiv:journal_ref>`] : []),
    `    <link href="http://arxiv.org/abs/${v}" rel="alternate" type="text/html"/>`,
    `    <link title="pdf" href="http://arxiv.org/pdf/${v}" rel="related" type="application/pdf"/>`,
    `    <arxiv:primary_category ${ARXIV_NS} term="${p.category ?? 'cs.LG'}" scheme="http://arxiv.org/schemas/atom"/>`,
    `    <category term="${p.category ?? 'cs.LG'}" scheme="http://arxiv.org/schemas/atom"/>`,
    '  </entry>',
  ];
  return lines.join('\n');
}

/** The feed head export.arxiv.org writes; the classic API said totalResults 1 even with no entry. */
function arxivFeed(idList: string, entries: string[]): string {
  const q = `search_query=&amp;id_list=${escapeXml(idList)}&amp;start=0&amp;max_results=10`;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<feed xmlns="http://www.w3.org/2005/Atom">',
    `  <link href="http://arxiv.org/api/query?search_query%3D%26id_list%3D${encodeURIComponent(idList)}%26start%3D0%26max_results%3D10" rel="self" type="application/atom+xml"/>`,
    `  <title type="html">ArXiv Query: ${q}</title>`,
    '  <id>http://arxiv.org/api/SkuXkYxumgL1drFIL7NufdnpkFc</id>',
    '  <updated>2026-11-20T00:00:00-05:00</updated>',
    `  <opensearch:totalResults ${OPENSEARCH}>${Math.max(1, entries.length)}</opensearch:totalResults>`,
    `  <opensearch:startIndex ${OPENSEARCH}>0</opensearch:startIndex>`,
    `  <opensearch:itemsPerPage ${OPENSEARCH}>10</opensearch:itemsPerPage>`,
    ...entries,
    '</feed>',
    '',
  ].join('\n');
}

/** The API's answer to an id it cannot read: one "Error" entry instead of any paper. */
export function arxivErrorFeed(idList: string, badId: string): string {
  const errId = `http://arxiv.org/api/errors#incorrect_id_format_for_${escapeXml(badId)}`;
  const entry = ['  <entry>', `    <id>${errId}</id>`, '    <title>Error</title>', `    <summary>incorrect id format for ${escapeXml(badId)}</summary>`, '    <updated>2026-11-20T00:00:00-05:00</updated>', `    <link href="${errId}" rel="alternate" type="text/html"/>`, '    <author>\n      <name>arXiv api core</name>\n    </author>', '  </entry>'].join('\n');
  return arxivFeed(idList, [entry]);
}

/** What the arXiv API cannot read: a modern id whose month is not 01-12, or anything that is no id at all. */
function arxivIdUnreadable(id: string): boolean {
  const bare = id.replace(/v\d+$/, '');
  const modern = /^(\d{2})(\d{2})\.\d{4,5}$/.exec(bare);
  if (modern) return Number(modern[2]) < 1 || Number(modern[2]) > 12;
  return !/^[a-z-]+(\.[A-Z]{2})?\/\d{7}$/.test(bare);
}

function crossrefMessage(w: CrossrefFixture): Record<string, unknown> {
  const parts = { 'date-parts': [w.issued] };
  return {
    indexed: { 'date-parts': [[2026, 11, 1]], 'date-time': '2026-11-01T00:00:00Z', timestamp: 1793491200000 },
    'reference-count': 12,
    publisher: w.publisher ?? 'Springer Science and Business Media LLC',
    ...(w.abstract ? { abstract: w.abstract } : {}),
    DOI: w.doi,
    type: w.type ?? 'journal-article',
    created: { ...parts, 'date-time': '2015-05-27T00:00:00Z', timestamp: 1432684800000 },
    source: 'Crossref',
    'is-referenced-by-count': 100,
    title: [w.title],
    prefix: w.doi.split('/')[0],
    author: w.authors.map((a, i) => ({ ...a, sequence: i === 0 ? 'first' : 'additional', affiliation: [] })),
    member: '297',
    'container-title': w.containerTitle ? [w.containerTitle] : [],
    language: 'en',
    deposited: { 'date-parts': [[2026, 1, 1]], 'date-time': '2026-01-01T00:00:00Z', timestamp: 1767225600000 },
    score: 1,
    resource: { primary: { URL: `https://publisher.example/${w.doi}` } },
    issued: parts,
    published: parts,
    URL: `https://doi.org/${w.doi}`,
    relation: {},
  };
}

function openReviewNote(n: OpenReviewFixture): Record<string, unknown> {
  const content = Object.fromEntries(Object.entries(n.content).map(([k, v]) => [k, { value: v }]));
  const domain = n.domain ?? 'ICLR.cc/2026/Conference';
  return {
    content,
    id: n.id,
    forum: n.forum ?? n.id,
    number: 4242,
    cdate: 1758000000000,
    mdate: 1770000000000,
    pdate: n.pdate ?? 1769000000000,
    odate: 1760000000000,
    license: 'CC BY 4.0',
    signatures: [`${domain}/Submission4242/Authors`],
    readers: ['everyone'],
    writers: [domain, `${domain}/Submission4242/Authors`],
    invitations: [`${domain}/-/Submission`, `${domain}/-/Post_Submission`],
    domain,
    version: 2,
  };
}

function pmlrPage(p: PmlrFixture, base: string): string {
  const year = p.published.slice(0, 4);
  const pdf = `https://raw.githubusercontent.com/mlresearch/v${p.volume}/main/assets/${p.id}/${p.id}.pdf`;
  const authors = p.authors.map((a) => `${a.given} ${a.family}`);
  const [first, last] = p.pages.split('-');
  return `<!DOCTYPE html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <title>${escapeXml(p.title)}</title>
<meta name="citation_title" content="${escapeXml(p.title)}">
${authors.map((a) => `<meta name="citation_author" content="${escapeXml(a)}">`).join('\n')}
<meta name="citation_publication_date" content="${p.published.replace(/-/g, '/')}">
<meta name="citation_conference_title" content="${escapeXml(p.conference)}">
<meta name="citation_issn" content="1938-7228">
<meta name="citation_volume" content="${p.volume}">
<meta name="citation_firstpage" content="${first}">
<meta name="citation_lastpage" content="${last}">
<meta name="citation_pdf_url" content="${pdf}">
<meta name="description" content="Electronic ${escapeXml(p.conference)}">
  <meta name="viewport" content="width=device-width">
</head>
<body>
<article class="post-content">
  <h1>${escapeXml(p.title)}</h1>
  <div id="authors" class="authors">
    ${authors.map(escapeXml).join(',\n    ')};
  </div>
  <div id="info" class="authors">
    ${escapeXml(p.conference)}, PMLR ${p.volume}:${p.pages}, ${year}.
  </div> <!-- info -->
  <h4>Abstract</h4>
  <div id="abstract" class="abstract">
    ${escapeXml(p.abstract)}
  </div>
  <h4>Related Material</h4>
  <div id="extras"><ul><li><a href="${pdf}">Download PDF</a></li></ul></div>
</article>
<table><tr><td><div class="codebox"><pre><code id="bibtex">@InProceedings{pmlr-v${p.volume}-${p.id},
  title = \t {${escapeXml(p.texTitle ?? p.title)}},
  author = \t {${escapeXml(authors.join(' and '))}},
  booktitle = \t {${escapeXml(p.conference)}},
  pages = \t {${first}--${last}},
  year = \t {${year}},
  volume = \t {${p.volume}},
  series = \t {Proceedings of Machine Learning Research},
  publisher = \t {PMLR},
  pdf = \t {${pdf}},
  url = \t {${base}/v${p.volume}/${p.id}.html},
  abstract = \t {${escapeXml(p.abstract)}}
}
</code></pre></div></td></tr></table>
</body>
</html>
`;
}

/** Bodies that are not the service's format: cut-off XML or JSON, an error page. */
const MALFORMED: Record<ScholarlyService, { body: string; contentType: string }> = {
  arxiv: { body: '<?xml version="1.0" encoding="UTF-8"?>\n<feed xmlns="http://www.w3.org/2005/Atom">\n  <entry>\n    <id>http://arxiv.org/abs/2505.2', contentType: 'application/atom+xml; charset=utf-8' },
  crossref: { body: '{"status":"ok","message-type":"work","message-version":"1.0.0","message":{"DOI":"10.', contentType: 'application/json;charset=utf-8' },
  openreview: { body: '<html><body><h1>502 Bad Gateway</h1></body></html>', contentType: 'application/json; charset=utf-8' },
  pmlr: { body: '<!DOCTYPE html><html><head><title>PMLR</title></head><body><p>Site maintenance.</p></body></html>', contentType: 'text/html; charset=utf-8' },
};

export class ScholarlyServer {
  readonly requests: RecordedRequest[] = [];
  readonly arxiv = new Map<string, ArxivFixture>();
  readonly works = new Map<string, CrossrefFixture>();
  readonly notes = new Map<string, OpenReviewFixture>();
  readonly pmlr = new Map<string, PmlrFixture>();
  private readonly scripts = new Map<ScholarlyService, Scripted[]>();
  /** PDFs served under /arxiv/pdf/<id>v<n> by arXiv id; any other id gets a stand-in that is no real PDF. */
  readonly pdfs = new Map<string, Uint8Array>();
  private readonly waiters: { service: ScholarlyService; resolve: (r: RecordedRequest) => void }[] = [];
  private readonly hanging = new Set<http.ServerResponse>();

  private constructor(private readonly server: http.Server) {}

  static async start(): Promise<ScholarlyServer> {
    const server = http.createServer();
    const s = new ScholarlyServer(server);
    server.on('request', (req, res) => s.handle(req, res));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return s;
  }

  get origin(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  /** The settings that point papercord here. */
  env(): Record<string, string> {
    return { ARXIV_API_BASE: `${this.origin}/arxiv/api`, ARXIV_PDF_BASE: `${this.origin}/arxiv/pdf`, CROSSREF_API_BASE: `${this.origin}/crossref`, OPENREVIEW_API_BASE: `${this.origin}/openreview`, PMLR_BASE: `${this.origin}/pmlr` };
  }

  /** The next requests to `service` get these replies, in order. */
  script(service: ScholarlyService, ...replies: Scripted[]): this {
    this.scripts.set(service, [...(this.scripts.get(service) ?? []), ...replies]);
    return this;
  }

  /** Drops the connections a `hang` holds, as a connection lost midway: the client sees it fail (and may try again). */
  endHanging(): void {
    for (const res of this.hanging) res.destroy();
  }

  /** Serves `bytes` as the arXiv PDF of `id`. */
  addPdf(id: string, bytes: Uint8Array): this {
    this.pdfs.set(id, bytes);
    return this;
  }

  /** Settles when the next request to `service` arrives (before it is answered). */
  nextRequest(service: ScholarlyService): Promise<RecordedRequest> {
    return new Promise((resolve) => this.waiters.push({ service, resolve }));
  }

  requestsTo(service: ScholarlyService): RecordedRequest[] {
    return this.requests.filter((r) => r.service === service);
  }

  async close(): Promise<void> {
    for (const res of this.hanging) res.destroy();
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private handle(req: http.IncomingMessage, res: http.ServerResponse): void {
    const url = new URL(req.url ?? '/', this.origin);
    const service = (['arxiv', 'crossref', 'openreview', 'pmlr'] as const).find((s) => url.pathname.startsWith(`/${s}/`)) ?? 'other';
    const recorded: RecordedRequest = { service, method: req.method ?? 'GET', path: url.pathname, query: url.searchParams, headers: req.headers, at: performance.now() };
    this.requests.push(recorded);
    for (const w of this.waiters.filter((x) => x.service === service)) {
      this.waiters.splice(this.waiters.indexOf(w), 1);
      w.resolve(recorded);
    }
    if (service === 'other') return send(res, 404, 'not found', 'text/plain');
    const scripted = this.scripts.get(service)?.shift();
    if (scripted) return this.reply(service, res, scripted);
    const rest = url.pathname.slice(service.length + 1);
    switch (service) {
      case 'arxiv':
        return this.arxivAnswer(rest, url.searchParams, res);
      case 'crossref':
        return this.crossrefAnswer(rest, res);
      case 'openreview':
        return this.openReviewAnswer(rest, url.searchParams, res);
      case 'pmlr':
        return this.pmlrAnswer(rest, res);
    }
  }

  private reply(service: ScholarlyService, res: http.ServerResponse, s: Scripted): void {
    if ('hang' in s) {
      this.hanging.add(res);
      res.on('close', () => this.hanging.delete(res));
      return;
    }
    if ('malformed' in s) return send(res, 200, MALFORMED[service].body, MALFORMED[service].contentType);
    if ('oversize' in s) return send(res, 200, 'x'.repeat(s.oversize), 'application/octet-stream');
    const headers: http.OutgoingHttpHeaders = s.retryAfter === undefined ? {} : { 'retry-after': s.retryAfter };
    const body = s.body ?? (s.status === 429 ? 'Rate exceeded.' : s.status >= 500 ? `${s.status} server error` : 'error');
    send(res, s.status, body, s.contentType ?? 'text/plain', headers);
  }

  private arxivAnswer(rest: string, query: URLSearchParams, res: http.ServerResponse): void {
    if (rest.startsWith('/pdf/')) {
      const pdf = this.pdfs.get(decodeURIComponent(rest.slice('/pdf/'.length)).replace(/v\d+$/, ''));
      if (pdf) {
        res.writeHead(200, { 'content-type': 'application/pdf', 'content-length': pdf.byteLength });
        return void res.end(pdf);
      }
      return send(res, 200, '%PDF-1.5\n%stand-in\n', 'application/pdf');
    }
    if (rest !== '/api/query') return send(res, 404, 'not found', 'text/plain');
    const idList = query.get('id_list') ?? '';
    const ids = idList.split(',').filter(Boolean);
    const bad = ids.find(arxivIdUnreadable);
    if (bad) return send(res, 200, arxivErrorFeed(idList, bad), 'application/atom+xml; charset=utf-8');
    const entries = ids.map((id) => this.arxiv.get(id.replace(/v\d+$/, ''))).filter((p): p is ArxivFixture => !!p);
    send(res, 200, arxivFeed(idList, entries.map(arxivEntry)), 'application/atom+xml; charset=utf-8');
  }

  private crossrefAnswer(rest: string, res: http.ServerResponse): void {
    const m = /^\/works\/(.+)$/.exec(rest);
    const work = m ? this.works.get(decodeURIComponent(m[1]!).toLowerCase()) : undefined;
    if (!work) return send(res, 404, 'Resource not found.', 'text/plain');
    send(res, 200, JSON.stringify({ status: 'ok', 'message-type': 'work', 'message-version': '1.0.0', message: crossrefMessage(work) }), 'application/json');
  }

  private openReviewAnswer(rest: string, query: URLSearchParams, res: http.ServerResponse): void {
    if (rest !== '/notes') return send(res, 404, JSON.stringify({ name: 'NotFoundError', message: 'Not Found', status: 404 }), 'application/json');
    const id = query.get('id');
    const forum = query.get('forum');
    if (id) {
      const note = this.notes.get(id);
      if (!note) return send(res, 404, JSON.stringify({ name: 'NotFoundError', message: `The Note ${id} was not found`, status: 404, details: { path: 'id', value: id } }), 'application/json');
      return send(res, 200, JSON.stringify({ notes: [openReviewNote(note)], count: 1 }), 'application/json');
    }
    const notes = [...this.notes.values()].filter((n) => (n.forum ?? n.id) === forum).map(openReviewNote);
    send(res, 200, JSON.stringify({ notes, count: notes.length }), 'application/json');
  }

  private pmlrAnswer(rest: string, res: http.ServerResponse): void {
    const m = /^\/v(\d+)\/([\w-]+)\.html$/.exec(rest);
    const paper = m ? this.pmlr.get(`${m[1]}/${m[2]}`) : undefined;
    if (!paper) return send(res, 404, '<!DOCTYPE html><html><body><h1>404</h1><p>File not found</p></body></html>', 'text/html; charset=utf-8');
    send(res, 200, pmlrPage(paper, 'https://proceedings.mlr.press'), 'text/html; charset=utf-8');
  }

  addArxiv(...papers: ArxivFixture[]): this {
    for (const p of papers) this.arxiv.set(p.id, p);
    return this;
  }

  addWork(...works: CrossrefFixture[]): this {
    for (const w of works) this.works.set(w.doi.toLowerCase(), w);
    return this;
  }

  addNote(...notes: OpenReviewFixture[]): this {
    for (const n of notes) this.notes.set(n.id, n);
    return this;
  }

  addPmlr(...papers: PmlrFixture[]): this {
    for (const p of papers) this.pmlr.set(`${p.volume}/${p.id}`, p);
    return this;
  }
}

function send(res: http.ServerResponse, status: number, body: string, contentType: string, headers: http.OutgoingHttpHeaders = {}): void {
  res.writeHead(status, { 'content-type': contentType, 'content-length': Buffer.byteLength(body), ...headers });
  res.end(body);
}
