/**
 * /add through the service: each kind of ref against the scholarly test server, PDFs written
 * with pdf-lib, duplicates, broken entries beside good ones, refused hosts, limits, collections
 * that never see each other's papers, full-text citations, and export read back.
 */
import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { PapercordService } from '../src/service.js';
import type { AddReport } from '../src/collections/add.js';
import { builtIndexSettings, captureLog } from './support/env.js';
import { startScholarly, testHttp } from './support/sources.js';
import { DEEP_LEARNING, MALDACENA, OPENREVIEW_NOTE, TUR_DPO } from './support/scholarly-fixtures.js';
import { methodPaper, paperPdf } from './support/paper-pdf.js';
import { encryptedPdf, PAGE_LINES } from './support/hostile-pdf.js';
import type { ScholarlyServer } from './support/scholarly-server.js';

const server: ScholarlyServer = await startScholarly();

async function openService(env: Record<string, string> = {}): Promise<PapercordService> {
  const settings = await builtIndexSettings({ ...server.env(), ARXIV_INTERVAL_MS: '0', ADD_FETCH_INTERVAL_MS: '0', ...env });
  const service = await PapercordService.open(settings, { log: captureLog(), writer: null, http: testHttp(server, env) });
  after(() => service.close());
  return service;
}

const ids = (r: AddReport) => r.added.map((a) => a.id);
/** An OpenReview paper the shipped corpus does not hold (the shared fixture's forum id is a shipped paper's). */
const FRESH_NOTE = { ...OPENREVIEW_NOTE, id: 'Zq9FreshNote', content: { ...OPENREVIEW_NOTE.content, title: 'Wombat Routing for Burrow Retrieval' } };
server.addNote(FRESH_NOTE);

test('each kind of ref is added with its metadata and source', async () => {
  const service = await openService();
  const report = await service.add({ text: `arXiv:${MALDACENA.id}v3 https://doi.org/${DEEP_LEARNING.doi} https://openreview.net/forum?id=${FRESH_NOTE.id} https://proceedings.mlr.press/v${TUR_DPO.volume}/${TUR_DPO.id}.html` }, { collection: 'c1' });
  assert.deepEqual(report.skipped, []);
  assert.deepEqual(report.added.map((a) => [a.source, a.fullText]), [['arxiv', false], ['crossref', false], ['openreview', false], ['pmlr', false]]);
  for (const a of report.added) assert.equal(service.resolvePaper(a.id, { collection: 'c1' }).id, a.id);
});

test('a paper already present is skipped, naming the paper: in the shipped corpus, in the collection, or by its title', async () => {
  const service = await openService();
  const first = await service.add({ text: MALDACENA.id }, { collection: 'dup' });
  assert.equal(first.added.length, 1);
  const again = await service.add({ text: `https://arxiv.org/abs/${MALDACENA.id}` }, { collection: 'dup' });
  assert.deepEqual(again.added, []);
  assert.match(again.skipped[0]!.reason, /already in this collection as "The Large N Limit/);
  const shipped = await service.add({ text: '2505.23727' }, { collection: 'dup' });
  assert.deepEqual(shipped.added, []);
  assert.match(shipped.skipped[0]!.reason, /already in the shipped corpus as "PixelThink/);
  const byTitle = `@article{other, title = {The {Large} N limit of superconformal field theories and supergravity}, author = {Someone Else}, year = {1999}, abstract = {A restatement of the same paper under another key, with enough words to count as an abstract.}}`;
  const titled = await service.add({ text: byTitle }, { collection: 'dup' });
  assert.deepEqual(titled.added, []);
  assert.match(titled.skipped[0]!.reason, /same title/);
  // Another collection does not hold it: there it is added.
  assert.equal((await service.add({ text: MALDACENA.id }, { collection: 'dup2' })).added.length, 1);
});

test('a BibTeX file with broken entries: the good ones are added, each broken one skipped with its reason', async () => {
  const service = await openService();
  const bib = [
    '@inproceedings{good1, title = {Burrow Attention for Marsupial Graphs}, author = {Ann Wombat and Bo Quokka}, year = {2025}, booktitle = {ICML}, abstract = {We introduce burrow attention, a sparse attention over marsupial graphs that scales to many burrows.}}',
    '@article{broken, title = {Unclosed Entry, author = {Nobody}',
    '@article{noabstract, title = {A Paper With No Abstract}, author = {C. D. Writer}, year = {2024}}',
    '@misc{good2, title = {Pouch Tokenizers}, author = {Dee Kangaroo}, year = {2026}, abstract = {Pouch tokenizers keep rare words whole by storing them in a pouch beside the vocabulary.}}',
  ].join('\n\n');
  const report = await service.add({ files: [{ name: 'refs.bib', bytes: new TextEncoder().encode(bib) }] }, { collection: 'bib' });
  assert.deepEqual(report.added.map((a) => [a.title, a.source]).sort(), [['Burrow Attention for Marsupial Graphs', 'bibtex'], ['Pouch Tokenizers', 'bibtex']]);
  assert.ok(report.skipped.length >= 1, 'the broken entries are reported');
  assert.ok(report.skipped.some((s) => /noabstract/.test(s.ref) && /no abstract/.test(s.reason)));
  assert.equal(service.resolvePaper('Pouch Tokenizers', { collection: 'bib' }).title, 'Pouch Tokenizers');
});

test('a link to a host that is not a configured service is refused and never fetched', async () => {
  const service = await openService();
  const before = server.requests.length;
  const report = await service.add({ text: `https://example.org/papers/1234.pdf ${MALDACENA.id}` }, { collection: 'hosts' });
  assert.deepEqual(ids(report).length, 1, 'the good ref is still added');
  const refused = report.skipped.find((s) => s.ref.includes('example.org'));
  assert.ok(refused, 'the link is reported');
  assert.match(refused.reason, /example\.org is not one of the services/);
  assert.ok(server.requests.slice(before).every((r) => r.service === 'arxiv'));
});

test('limits: papers per collection (ADD_MAX_PAPERS) and PDF size (PDF_MAX_MB)', async () => {
  const service = await openService({ ADD_MAX_PAPERS: '1', PDF_MAX_MB: '0.1' });
  const report = await service.add({ text: `${MALDACENA.id} https://doi.org/${DEEP_LEARNING.doi}` }, { collection: 'small' });
  assert.equal(report.added.length, 1);
  assert.equal(report.skipped.length, 1);
  assert.match(report.skipped[0]!.reason, /ADD_MAX_PAPERS/);
  const big = new Uint8Array(200_000);
  big.set(new TextEncoder().encode('%PDF-1.7\n'));
  const pdf = await service.add({ files: [{ name: 'huge.pdf', bytes: big }] }, { collection: 'other' });
  assert.deepEqual(pdf.added, []);
  assert.equal(pdf.skipped[0]!.ref, 'huge.pdf');
  assert.match(pdf.skipped[0]!.reason, /MB/);
});

const WOMBAT_RECORD = { id: 'wombat-retrieval', title: 'Wombat Retrieval: Burrow-Aware Dense Passage Search', authors: ['Ann Wombat'], year: 2026, venue: 'ICML 2026', abstract: 'Wombat retrieval indexes every burrow of a passage graph and searches them with a burrow-aware dense retriever, halving latency on marsupial question answering.' };

test('two collections never see each other\'s papers', async () => {
  const service = await openService();
  const report = await service.add({ files: [{ name: 'papers.jsonl', bytes: new TextEncoder().encode(JSON.stringify(WOMBAT_RECORD) + '\n') }] }, { collection: 'guild:1' });
  assert.deepEqual(ids(report), ['wombat-retrieval']);
  assert.equal(service.resolvePaper('wombat-retrieval', { collection: 'guild:1' }).id, 'wombat-retrieval');
  assert.throws(() => service.resolvePaper('wombat-retrieval', { collection: 'guild:2' }), (e: Error & { code?: string }) => e.code === 'UNKNOWN_PAPER');
  assert.ok(service.listPapers(undefined, Infinity, { collection: 'guild:1' }).some((p) => p.id === 'wombat-retrieval'));
  assert.ok(!service.listPapers(undefined, Infinity, { collection: 'guild:2' }).some((p) => p.id === 'wombat-retrieval'));
  assert.ok(!service.listPapers().some((p) => p.id === 'wombat-retrieval'), 'nor the default (local) collection');
  const question = 'How does burrow-aware dense passage search halve latency?';
  const seen = await service.ask(question, { collection: 'guild:1' });
  assert.ok(seen.citations.some((c) => c.paperId === 'wombat-retrieval'));
  const unseen = await service.ask(question, { collection: 'guild:2' });
  assert.ok(!unseen.sources.some((s) => s.paperId === 'wombat-retrieval'));
  assert.ok(service.catalogFor({ collection: 'guild:1' }).papers.some((p) => p.id === 'wombat-retrieval'));
  assert.ok(!service.catalogFor({ collection: 'guild:2' }).papers.some((p) => p.id === 'wombat-retrieval'));
  const related = await service.related('wombat-retrieval', { collection: 'guild:1' });
  assert.equal(related.paper?.id, 'wombat-retrieval');
});

test('a PDF is added with its full text, and an answer from it cites section and page', async () => {
  const service = await openService();
  const written = await paperPdf(methodPaper());
  const report = await service.add({ files: [{ name: 'quokka.pdf', bytes: written.bytes }] }, { collection: 'pdf' });
  assert.deepEqual(report.skipped, []);
  const [added] = report.added;
  assert.equal(added?.title, 'Quokka: Syllable Tokenizers for Burrow Names');
  assert.equal(added?.source, 'pdf');
  assert.equal(added?.fullText, true);
  assert.equal(added?.pages, written.pageCount);
  const answer = await service.ask('How does the quokka tokenizer split each burrow name before embedding?', { collection: 'pdf' });
  const cited = answer.citations.find((c) => c.paperId === added!.id && c.section);
  assert.ok(cited, `a full-text passage is cited: ${JSON.stringify(answer.citations)}`);
  assert.equal(cited.section, '§3 Method');
  assert.equal(cited.page, written.sentencePages.get('Sentence 7 of section 3'));
  const summary = await service.summary(added!.id, { collection: 'pdf' });
  assert.equal(summary.paper.id, added!.id);
});

test('export writes a collection that /add reads back: JSON Lines and BibTeX', async () => {
  const service = await openService();
  await service.add({ text: `${MALDACENA.id} https://doi.org/${DEEP_LEARNING.doi}`, files: [{ name: 'w.jsonl', bytes: new TextEncoder().encode(JSON.stringify(WOMBAT_RECORD)) }] }, { collection: 'from' });
  const original = service.findPapers(undefined, Infinity, { collection: 'from' }).slice(-3);
  const jsonl = service.exportCollection('from', 'jsonl');
  assert.equal(jsonl.trim().split('\n').length, 3);
  const back = await service.add({ files: [{ name: 'export.jsonl', bytes: new TextEncoder().encode(jsonl) }] }, { collection: 'to-jsonl' });
  assert.deepEqual(back.skipped, []);
  assert.deepEqual(back.added.map((a) => [a.id, a.title]), original.map((p) => [p.id, p.title]));
  const bib = service.exportCollection('from', 'bibtex');
  const fromBib = await service.add({ files: [{ name: 'export.bib', bytes: new TextEncoder().encode(bib) }] }, { collection: 'to-bib' });
  assert.deepEqual(fromBib.added.map((a) => a.title).sort(), original.map((p) => p.title).sort());
  assert.equal(service.exportCollection('nobody', 'jsonl'), '');
});

test('remove takes an added paper out of its collection only; a shipped paper cannot be removed', async () => {
  const service = await openService();
  await service.add({ text: MALDACENA.id }, { collection: 'r1' });
  await service.add({ text: MALDACENA.id }, { collection: 'r2' });
  const removed = await service.remove(MALDACENA.id, { collection: 'r1' });
  assert.equal(removed.collection, 'r1');
  assert.throws(() => service.resolvePaper(MALDACENA.id, { collection: 'r1' }));
  assert.equal(service.resolvePaper(MALDACENA.id, { collection: 'r2' }).title, removed.title);
  await assert.rejects(service.remove('2505.23727', { collection: 'r1' }), /shipped corpus/);
  // Removed, it can be added again.
  assert.equal((await service.add({ text: MALDACENA.id }, { collection: 'r1' })).added.length, 1);
});

test('ADD_FULL_TEXT=true fetches an arXiv paper\'s PDF for its full text; a PDF that cannot be read leaves the abstract', async () => {
  const fixture = { id: '2611.00042', version: 1, title: 'Quokka: Syllable Tokenizers for Burrow Names', summary: 'We present Quokka, a tokenizer for names of burrows, evaluated on marsupial corpora against byte-level baselines.', authors: ['Ann Wombat'], published: '2026-11-01T00:00:00Z' };
  server.addArxiv(fixture, { ...fixture, id: '2611.00043', title: 'A Paper Whose PDF Is Broken' });
  server.addPdf(fixture.id, (await paperPdf(methodPaper())).bytes);
  const service = await openService({ ADD_FULL_TEXT: 'true' });
  const report = await service.add({ text: '2611.00042 2611.00043' }, { collection: 'ft' });
  assert.deepEqual(report.added.map((a) => [a.id, a.source, a.fullText]), [['2611.00042', 'arxiv', true], ['2611.00043', 'arxiv', false]]);
  assert.match(report.added[1]!.note ?? '', /abstract only/);
  const answer = await service.ask('How does the quokka tokenizer split each burrow name before embedding?', { collection: 'ft' });
  assert.ok(answer.citations.some((c) => c.paperId === '2611.00042' && c.section === '§3 Method'));
});

test('a service that follows the index (each shard\'s) sees a paper another process added', async () => {
  const settings = await builtIndexSettings({ ...server.env(), ARXIV_INTERVAL_MS: '0', ADD_FETCH_INTERVAL_MS: '0' });
  const adder = await PapercordService.open(settings, { log: captureLog(), writer: null, http: testHttp(server) });
  const follower = await PapercordService.open(settings, { log: captureLog(), writer: null, follow: true });
  after(() => Promise.all([adder.close(), follower.close()]));
  await adder.add({ text: MALDACENA.id }, { collection: 'guild:9' });
  // fs.watch may have told it already; check() makes sure it has looked.
  await follower.follower!.check();
  assert.equal(follower.resolvePaper(MALDACENA.id, { collection: 'guild:9' }).title.startsWith('The Large N Limit'), true);
});

test('an encrypted or truncated PDF is skipped with its reason; the good PDF and refs beside it are added', async () => {
  const service = await openService();
  const good = await paperPdf(methodPaper());
  const encrypted = encryptedPdf(PAGE_LINES, { user: 'secret', owner: 'owner' });
  const truncated = good.bytes.slice(0, Math.floor(good.bytes.length / 2));
  const report = await service.add({ text: MALDACENA.id, files: [{ name: 'locked.pdf', bytes: encrypted }, { name: 'cut.pdf', bytes: truncated }, { name: 'good.pdf', bytes: good.bytes }] }, { collection: 'bad-pdfs' });
  assert.deepEqual(report.added.map((a) => a.source).sort(), ['arxiv', 'pdf']);
  assert.deepEqual(report.skipped.map((s) => s.ref).sort(), ['cut.pdf', 'locked.pdf']);
  assert.match(report.skipped.find((s) => s.ref === 'locked.pdf')!.reason, /password|encrypt/i);
});
