import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fetchArxiv, parseArxivFeed } from '../src/sources/arxiv.js';
import { fetchCrossref } from '../src/sources/crossref.js';
import { fetchOpenReview, noteFields } from '../src/sources/openreview.js';
import { fetchPmlr } from '../src/sources/pmlr.js';
import type { Outcome } from '../src/sources/outcome.js';
import { jatsToText, MalformedXml } from '../src/sources/xml.js';
import { DEEP_LEARNING, OPENREVIEW_NOTE, PIXELTHINK, TUR_DPO } from './support/scholarly-fixtures.js';
import type { ScholarlyService, Scripted } from './support/scholarly-server.js';
import { startScholarly, testHttp } from './support/sources.js';

const server = await startScholarly();
const h = testHttp(server, { ADD_FETCH_RETRIES: '1' });
/** For the hangs only: a short timeout for requests that never end, a long one for the rest. */
const impatient = testHttp(server, { ADD_FETCH_TIMEOUT_MS: '300', ADD_FETCH_RETRIES: '1' });

function fields(o: Outcome | undefined) {
  assert.ok(o?.ok, o && !o.ok ? o.reason : 'no outcome');
  return o.found;
}
function reason(o: Outcome | undefined): string {
  assert.ok(o && !o.ok, 'expected a skip');
  return o.reason;
}

test('arXiv: ids are asked for in one request, and each entry is read from the Atom feed', async () => {
  const before = server.requestsTo('arxiv').length;
  const out = await fetchArxiv(h, ['2505.23727', 'hep-th/9711200']);
  const sent = server.requestsTo('arxiv').slice(before);
  assert.equal(sent.length, 1);
  assert.equal(sent[0]!.query.get('id_list'), '2505.23727,hep-th/9711200');
  const pixel = fields(out.get('2505.23727'));
  assert.equal(pixel.fields.title, 'PixelThink: Towards Efficient Chain-of-Pixel Reasoning');
  assert.match(pixel.fields.abstract!, /^Existing reasoning segmentation .* 48\.2% & latency by 30\.4% for x<y\.$/);
  assert.deepEqual([pixel.fields.authors?.length, pixel.fields.year, pixel.fields.arxiv, pixel.origin], [9, 2025, '2505.23727', 'arxiv']);
  assert.equal(pixel.pdfUrl, `${server.origin}/arxiv/pdf/2505.23727v2`);
  const old = fields(out.get('hep-th/9711200'));
  assert.deepEqual([old.doi, old.fields.year, old.pdfUrl], ['10.1023/A:1026654312961', 1997, `${server.origin}/arxiv/pdf/hep-th/9711200v3`]);
});

test('arXiv: an unknown id is missing from the feed (which still says totalResults 1); a malformed one gets the error entry, and the rest are asked again', async () => {
  const before = server.requestsTo('arxiv').length;
  const out = await fetchArxiv(h, ['2505.99999', '1234.12345', '2505.23727']);
  assert.match(reason(out.get('2505.99999')), /^no such arXiv id 2505\.99999/);
  assert.match(reason(out.get('1234.12345')), /not a well-formed arXiv id \("incorrect id format for 1234\.12345"\)/);
  assert.ok(out.get('2505.23727')?.ok);
  assert.deepEqual(server.requestsTo('arxiv').slice(before).map((r) => r.query.get('id_list')), ['2505.99999,1234.12345,2505.23727', '2505.99999,2505.23727']);
});

test("arXiv: the current API's feed layout (namespaces on the root, https ids) reads the same", () => {
  const feed = `<?xml version='1.0' encoding='UTF-8'?>
<feed xmlns:opensearch="http://a9.com/-/spec/opensearch/1.1/" xmlns:arxiv="http://arxiv.org/schemas/atom" xmlns="http://www.w3.org/2005/Atom">
  <id>https://arxiv.org/api/x</id>
  <title>arXiv Query: search_query=&amp;id_list=2505.23727&amp;start=0&amp;max_results=10</title>
  <opensearch:totalResults>1</opensearch:totalResults>
  <entry>
    <id>http://arxiv.org/abs/2505.23727v2</id>
    <title>PixelThink</title>
    <updated>2025-06-02T08:01:12Z</updated>
    <link href="https://arxiv.org/abs/2505.23727v2" rel="alternate" type="text/html"/>
    <link href="https://arxiv.org/pdf/2505.23727v2" rel="related" type="application/pdf" title="pdf"/>
    <summary>An abstract
  over two lines.</summary>
    <published>2025-05-29T17:55:37Z</published>
    <arxiv:primary_category term="cs.CV"/>
    <author><name>Song Wang</name></author>
  </entry>
</feed>`;
  assert.deepEqual(parseArxivFeed(feed), { kind: 'entries', entries: [{ id: '2505.23727', version: 2, title: 'PixelThink', summary: 'An abstract over two lines.', authors: ['Song Wang'], published: '2025-05-29T17:55:37Z' }] });
  assert.deepEqual(parseArxivFeed(feed.replace(/<entry>[\s\S]*<\/entry>/, '')), { kind: 'entries', entries: [] });
});

test('Crossref: the work is read, its JATS abstract as plain text', async () => {
  const found = fields(await fetchCrossref(h, '10.1038/NATURE14539'));
  assert.deepEqual([found.fields.title, found.fields.year, found.fields.venue, found.fields.url, found.doi], ['Deep learning', 2015, 'Nature', 'https://doi.org/10.1038/nature14539', '10.1038/NATURE14539']);
  assert.deepEqual(found.fields.authors, ['Yann LeCun', 'Yoshua Bengio', 'Geoffrey Hinton']);
  assert.match(found.fields.abstract!, /^Deep learning allows .* object recognition & object detection; backpropagation indicates/);
  assert.equal(jatsToText(DEEP_LEARNING.abstract!).startsWith('Abstract'), false);
  assert.equal(jatsToText('<jats:sec><jats:title>Background</jats:title><jats:p>H<jats:sub>2</jats:sub>O is <jats:bold>wet</jats:bold>.</jats:p></jats:sec><jats:p>Next.</jats:p>'), 'Background H2O is wet. Next.');
  assert.equal(jatsToText('<jats:p>Broken <jats:italic>markup</jats:p>'), 'Broken markup');
});

test('Crossref: a DOI without an abstract, and an unknown DOI, each say so and what to try', async () => {
  assert.match(reason(await fetchCrossref(h, '10.1145/3292500.3330701')), /^Crossref has no abstract for DOI 10\.1145\/3292500\.3330701 \("A Paper Whose.*"\).*arXiv id.*PDF/);
  assert.match(reason(await fetchCrossref(h, '10.9999/nothing')), /^no such DOI 10\.9999\/nothing: Crossref does not know it/);
});

test('OpenReview: a v2 note is read from its {value} fields; a v1 note from its plain ones', async () => {
  const found = fields(await fetchOpenReview(h, 'tU3raVqvYe'));
  assert.deepEqual([found.fields.title, found.fields.venue, found.fields.year, found.fields.openreview, found.fields.url], [OPENREVIEW_NOTE.content.title, 'ICLR 2026 Poster', 2026, 'tU3raVqvYe', 'https://openreview.net/forum?id=tU3raVqvYe']);
  assert.deepEqual(found.fields.authors, ['Ana García', 'Bo Li']);
  const v1 = noteFields({ id: 'ryx', forum: 'ryx', invitation: 'ICLR.cc/2019/Conference/-/Blind_Submission', cdate: 1538000000000, content: { title: 'Old', authors: ['A B'], abstract: 'An abstract of the API v1 era, long enough.' } });
  assert.deepEqual([v1.title, v1.authors, v1.venue, v1.year], ['Old', ['A B'], 'ICLR 2019', 2019]);
  assert.match(reason(await fetchOpenReview(h, 'NoSuchNote')), /^no such OpenReview forum NoSuchNote/);
});

test('PMLR: the page gives title, authors, abstract and venue', async () => {
  const found = fields(await fetchPmlr(h, '306', 'abas26a'));
  assert.deepEqual([found.fields.title, found.fields.venue, found.fields.year, found.fields.pmlrId, found.fields.pmlrVolume], [TUR_DPO.title, 'ICML 2026', 2026, 'abas26a', '306']);
  assert.deepEqual(found.fields.authors, ['Abdulhady Abas', 'Fatemeh Daneshfar']);
  assert.equal(found.fields.abstract, TUR_DPO.abstract);
  assert.equal(found.from, 'https://proceedings.mlr.press/v306/abas26a.html');
  assert.match(reason(await fetchPmlr(h, '306', 'nobody26a')), /^no such PMLR paper v306\/nobody26a/);
});

/** Each service's lookup of a paper it knows, for the failure table below. */
const LOOKUPS: Record<ScholarlyService, (http: typeof h) => Promise<Outcome>> = {
  arxiv: async (http) => (await fetchArxiv(http, [PIXELTHINK.id])).get(PIXELTHINK.id)!,
  crossref: (http) => fetchCrossref(http, DEEP_LEARNING.doi),
  openreview: (http) => fetchOpenReview(http, OPENREVIEW_NOTE.id),
  pmlr: (http) => fetchPmlr(http, TUR_DPO.volume, TUR_DPO.id),
};
const NAMES = { arxiv: 'arXiv', crossref: 'Crossref', openreview: 'OpenReview', pmlr: 'PMLR' } as const;

test('every service: 429 after retries, 5xx after retries, a hang, a malformed body and a 404 each give a reason that says what happened and what to try', async () => {
  const cases: [string, Scripted[], RegExp][] = [
    ['429', [{ status: 429, retryAfter: '0' }, { status: 429, retryAfter: '0' }], /is rate-limiting papercord \(429 after 2 tries\).*try again in a minute/],
    ['5xx', [{ status: 500 }, { status: 503 }], /answered 503 \(a server error after 2 tries\).*may be down, try again later/],
    ['hang', [{ hang: true }], /did not answer within 300 ms.*try again later/],
    ['malformed', [{ malformed: true }], /answer for .* could not be read \(.+\); it may be having trouble, try again later/],
  ];
  for (const service of Object.keys(LOOKUPS) as ScholarlyService[]) {
    for (const [label, replies, want] of cases) {
      server.script(service, ...replies);
      const r = reason(await LOOKUPS[service](label === 'hang' ? impatient : h));
      assert.match(r, want, `${service} ${label}: ${r}`);
      assert.ok(r.includes(NAMES[service]), `${service} ${label} names the service: ${r}`);
    }
    // After the scripted failures the service answers again.
    assert.ok((await LOOKUPS[service](h)).ok, `${service} recovers`);
  }
  server.script('arxiv', { status: 404, body: 'Not Found' });
  assert.match(reason(await LOOKUPS.arxiv(h)), /^the arXiv API answered 404 \(not found\) for arXiv id 2505\.23727; .*ARXIV_API_BASE/);
});

test("arXiv: a throttled plain-text answer, an HTML page and a DOCTYPE with entities are not read as feeds", () => {
  const bomb = '<?xml version="1.0"?><!DOCTYPE feed [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;">]><feed xmlns="http://www.w3.org/2005/Atom"><entry><id>http://arxiv.org/abs/2505.23727v1</id><title>&b;</title></entry></feed>';
  for (const body of ['Rate exceeded.', '<html><body>busy</body></html>', bomb]) {
    assert.throws(() => parseArxivFeed(body), MalformedXml, body.slice(0, 30));
  }
});
