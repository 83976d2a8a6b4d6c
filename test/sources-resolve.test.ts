import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadSettings } from '../src/config.js';
import { resolveDeps, resolveRefs, type ResolveResult } from '../src/sources/resolve.js';
import { captureLog } from './support/env.js';
import { startScholarly, testDeps } from './support/sources.js';

const server = await startScholarly();
const ABSTRACT = 'An abstract long enough to be indexed, about retrieval and answering.';

const ids = (r: ResolveResult) => r.papers.map((p) => p.id);
const skippedRefs = (r: ResolveResult) => r.skipped.map((s) => s.ref);

test('one message with a ref of every kind: the papers in order, each with its origin, id by the corpus rules, and a reason for each skip', async () => {
  const text = [
    'arXiv:2505.23727v2',
    'https://doi.org/10.1038/nature14539',
    'https://openreview.net/forum?id=tU3raVqvYe',
    'https://proceedings.mlr.press/v306/abas26a.html',
    'https://example.com/paper.pdf',
    'whatever',
    `@article{own26, title={Our Own Paper}, author={Doe, Jane}, year=2026, abstract={${ABSTRACT}}}`,
  ].join('\n');
  const r = await resolveRefs({ text }, testDeps(server));
  assert.deepEqual(ids(r), ['2505.23727', 'deep-learning', 'sparse-mixture-routing-for-long-context-retrieval', 'abas26a', 'our-own-paper']);
  assert.deepEqual(r.papers.map((p) => p.origin), ['arxiv', 'crossref', 'openreview', 'pmlr', 'bibtex']);
  const [arxiv, crossref, openreview, pmlr] = r.papers;
  assert.equal(arxiv!.pdfUrl, `${server.origin}/arxiv/pdf/2505.23727v2`);
  assert.equal(crossref!.doi, '10.1038/nature14539');
  assert.equal(openreview!.openreview, 'tU3raVqvYe');
  assert.ok(openreview!.aliases.includes('tu3ravqvye'));
  assert.equal(pmlr!.pmlrPage, 'https://proceedings.mlr.press/v306/abas26a.html');
  assert.deepEqual(arxiv!.source, { file: 'https://arxiv.org/abs/2505.23727', record: 'arXiv:2505.23727v2' });
  assert.deepEqual(skippedRefs(r), ['https://example.com/paper.pdf', 'whatever']);
  assert.match(r.skipped[0]!.reason, /papercord only fetches from arXiv, Crossref \(for DOIs\), OpenReview and PMLR/);
  assert.match(r.skipped[1]!.reason, /^not a paper ref papercord reads: expected an arXiv id/);
});

test('a link to any other host is refused and the server sees no request at all', async () => {
  const before = server.requests.length;
  const refused = [`${server.origin}/arxiv/api/query?id_list=2505.23727`, 'http://127.0.0.1:9/secret', 'https://example.org/abs/2505.23727', 'http://localhost/x'];
  const r = await resolveRefs({ text: refused.join(' ') }, testDeps(server));
  assert.deepEqual(r.papers, []);
  assert.deepEqual(skippedRefs(r), refused);
  for (const s of r.skipped) assert.match(s.reason, /is not one of the services papercord reads, so the link was not opened/);
  assert.equal(server.requests.length, before);
});

test('every failure is a skip with its reason while the other refs are still added', async () => {
  server.script('crossref', { status: 500 }, { status: 500 });
  server.script('openreview', { hang: true });
  const r = await resolveRefs({ text: '2505.23727 2505.99999 10.1038/nature14539 10.1145/3292500.3330701 tU3raVqvYe https://proceedings.mlr.press/v306/abas26a.html' }, testDeps(server, {}, { ADD_FETCH_TIMEOUT_MS: '1000', ADD_FETCH_RETRIES: '1' }));
  assert.deepEqual(ids(r), ['2505.23727', 'abas26a']);
  const reasons = Object.fromEntries(r.skipped.map((s) => [s.ref, s.reason]));
  assert.match(reasons['2505.99999']!, /^no such arXiv id/);
  assert.match(reasons['10.1038/nature14539']!, /^Crossref answered 500/);
  // The next DOI is asked after the failed one and answered.
  assert.match(reasons['10.1145/3292500.3330701']!, /^Crossref has no abstract/);
  assert.match(reasons['tU3raVqvYe']!, /^OpenReview did not answer within 1 s/);
});

test('BibTeX entries without abstracts are looked up by their arXiv id or DOI; broken entries are reported, good ones kept', async () => {
  const bib = `@misc{scholar, title={PixelThink}, journal={arXiv preprint arXiv:2505.23727}, year={2025}}
@article{broken, title={Missing brace, year=2020
@article{kept, title={Kept}, abstract={${ABSTRACT}}}
@misc{bare, title={No way to find it}}`;
  const r = await resolveRefs({ attachments: [{ name: 'group.bib', text: bib }] }, testDeps(server));
  assert.deepEqual(ids(r), ['kept', '2505.23727']);
  assert.deepEqual(r.papers.map((p) => p.source.record), ['group.bib: kept', 'group.bib: scholar (arXiv:2505.23727)']);
  assert.deepEqual(skippedRefs(r).sort(), ['group.bib: bare', 'group.bib: broken']);
});

test('.json and .jsonl attachments are read as the corpus reads them; other files are refused with what to attach', async () => {
  const json = JSON.stringify([{ id: 'r1', title: 'From JSON', abstract: ABSTRACT, authors: ['A B'], arxiv: '2601.00001' }, { title: 'No abstract' }]);
  const jsonl = `${JSON.stringify({ title: 'From JSONL', abstract: ABSTRACT, pmlr_id: 'x26a', pmlr_volume: '306' })}\nnot json\n`;
  const r = await resolveRefs({ attachments: [{ name: 'a.json', text: json }, { name: 'b.jsonl', text: jsonl }, { name: 'c.csv', text: 'x,y' }] }, testDeps(server));
  assert.deepEqual(ids(r), ['r1', 'x26a']);
  assert.deepEqual(r.papers.map((p) => p.origin), ['json', 'json']);
  assert.deepEqual(skippedRefs(r), ['a.json: record 2', 'b.jsonl: line 2', 'c.csv']);
  assert.match(r.skipped[2]!.reason, /attach BibTeX \(\.bib\), JSON \(\.json\) or JSON Lines \(\.jsonl\)/);
});

test('a paper given twice is added once; lookups past ADD_MAX_REFS are skipped with the setting named', async () => {
  const before = server.requestsTo('arxiv').length;
  const crossrefBefore = server.requestsTo('crossref').length;
  const r = await resolveRefs({ text: '2505.23727 https://arxiv.org/abs/2505.23727v1 hep-th/9711200 10.1038/nature14539' }, testDeps(server, { maxRefs: 2 }));
  assert.deepEqual(ids(r), ['2505.23727', 'hep-th-9711200']);
  assert.match(r.skipped.find((s) => s.ref === 'https://arxiv.org/abs/2505.23727v1')!.reason, /^the same paper as 2505\.23727/);
  assert.match(r.skipped.find((s) => s.ref === '10.1038/nature14539')!.reason, /over the limit of 2 papers .*ADD_MAX_REFS/);
  assert.equal(server.requestsTo('arxiv').length - before, 1);
  assert.equal(server.requestsTo('crossref').length, crossrefBefore, 'the DOI past the limit was not asked for');
});

test('nothing to add says what is accepted; progress is reported per lookup', async () => {
  const empty = await resolveRefs({ text: '  ' }, testDeps(server));
  assert.deepEqual(empty.papers, []);
  assert.match(empty.skipped[0]!.reason, /^nothing to add: give an arXiv id/);
  const progress: string[] = [];
  await resolveRefs({ text: '2505.23727 10.1038/nature14539 tU3raVqvYe' }, testDeps(server, { onProgress: (done, total) => progress.push(`${done}/${total}`) }));
  assert.deepEqual(progress.sort(), ['1/3', '2/3', '3/3']);
});

test('resolveDeps builds the fetcher from the settings', async () => {
  const deps = resolveDeps(loadSettings({ ...server.env(), ADD_MAX_REFS: '7', ARXIV_INTERVAL_MS: '0' }));
  assert.equal(deps.maxRefs, 7);
  const r = await resolveRefs({ text: 'arXiv:2505.23727' }, deps);
  assert.deepEqual(ids(r), ['2505.23727']);
});

test("a fault of papercord's own while reading one answer costs that ref only, and is logged", async () => {
  const deps = testDeps(server, { log: captureLog() });
  const real = deps.http;
  // Crossref's answers break the reader; the other services answer as usual.
  const broken = Object.assign(Object.create(real) as typeof real, {
    get: (service: Parameters<typeof real.get>[0], url: string, opts?: Parameters<typeof real.get>[2]) => (service === 'crossref' ? Promise.reject(new TypeError('reader bug')) : real.get(service, url, opts)),
  });
  const r = await resolveRefs({ text: '10.1038/nature14539 2505.23727' }, { ...deps, http: broken });
  assert.deepEqual(ids(r), ['2505.23727']);
  assert.match(r.skipped[0]!.reason, /^papercord failed while reading the answer for 10\.1038\/nature14539 \(its error is logged\)/);
  const log = deps.log as ReturnType<typeof captureLog>;
  assert.ok(log.lines.some((l) => l.level === 'error' && /reader bug/.test(JSON.stringify(l.fields))));
});
