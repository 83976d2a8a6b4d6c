/**
 * Corpus faults end to end (issue 6): a CORPUS folder mixing good and bad files goes through
 * PapercordService.open; every valid paper must be indexed and answerable, and every bad file
 * or record logged with its file and record. Also the sizes: a 1 MB abstract and a 50,000-record
 * file. test/corpus-*.test.ts covers the same faults at the parser level.
 */
import { before, test } from 'node:test';
import assert from 'node:assert/strict';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { loadCorpus, summarizeLoad } from '../src/corpus/load.js';
import { buildIndex } from '../src/index/store.js';
import { Retriever } from '../src/retrieval/retriever.js';
import type { Embedder } from '../src/embed/embedder.js';
import { DEFAULT_RETRIEVAL } from '../src/config.js';
import { DEFAULT_CHUNKER } from '../src/chunking.js';
import { PapercordService } from '../src/service.js';
import { captureLog, tempDir, testSettings, type CapturedLog } from './support/env.js';

const TOPICS = [
  'glacier melt forecasting', 'protein folding kinetics', 'urban traffic routing', 'coral reef acoustics', 'volcanic ash dispersion',
  'honeybee swarm navigation', 'wind turbine wake modelling', 'ancient script decipherment', 'wildfire smoke forecasting', 'solar flare prediction',
  'crop yield estimation', 'earthquake early warning', 'river sediment transport', 'bird migration tracking', 'sea ice thickness retrieval',
  'lightning strike localisation', 'soil moisture mapping', 'tidal energy harvesting', 'permafrost thaw monitoring', 'desert dune migration',
];
const record = (id: string, title: string | undefined, topic: string) =>
  JSON.stringify({ id, ...(title ? { title } : {}), abstract: `We study ${topic} with a new model. Our model improves ${topic} accuracy by twelve percent on three public benchmarks.` });

const PLANTED = 'The zebrafish lantern protocol reduces calibration drift by 37 percent.';
/** About 1 MB of sentences, with one sentence no other text shares planted in the middle. */
function hugeAbstract(): string {
  const vocab = ['retrieval', 'graph', 'neural', 'bandit', 'audio', 'spatial', 'kernel', 'sparse', 'diffusion', 'policy', 'gradient', 'token', 'vision', 'language', 'robot'];
  const out: string[] = [];
  let size = 0;
  for (let i = 0; size < 1_000_000; i++) {
    const s = i === 5_000 ? PLANTED : `Sentence ${i} examines ${vocab[i % 15]} ${vocab[(i * 7) % 15]} methods under ${vocab[(i * 3) % 15]} settings.`;
    out.push(s);
    size += s.length + 1;
  }
  return out.join(' ');
}

const BOMB = ['---', 'a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]', ...'bcdefghi'.split('').map((k, i) => `${k}: &${k} [${Array(9).fill(`*${'abcdefghi'[i]}`).join(',')}]`), 'title: Bomb', 'abstract: A billion laughs hidden in the front matter of a post.', '---', ''].join('\n');
const POST = "---\ntitle: 'Quantum Kelp Farming at Scale'\nabstract: We grow quantum kelp in offshore farms and measure its growth under varied light.\nid: good26a\nvolume: '306'\nauthor:\n- given: Ann\n  family: Smith\n---\n";

/** The fixture: [file, content]; the expected outcome is spelled out in the tests. */
const FILES: [string, string | Uint8Array][] = [
  [
    '01-good.jsonl',
    [
      ...TOPICS.map((t, i) => record(`g${i}`, `Advances in ${t}`, t)),
      record('g1', 'A Completely Different Paper', 'quasar spectra'), // line 21: same id, another paper
      record('g2copy', `Advances in ${TOPICS[2]}`, TOPICS[2]), // line 22: same title: a duplicate
      record('untitled1', undefined, 'meteor shower counting'), // line 23: no title
      JSON.stringify({ id: 'noabs', title: 'No Abstract Here' }), // line 24
      '{oops', // line 25
      'null', // line 26
    ].join('\n'),
  ],
  ['02-empty.jsonl', ''],
  ['03-blank.txt', '\n  \n\t\n'],
  ['04-binary.json', new Uint8Array([0x7b, 0x22, 0x00, 0x01, 0x02, 0xff, 0x7d])],
  ['05-latin1.jsonl', new Uint8Array([...Buffer.from('{"id": "caf", "title": "Caf'), 0xe9, ...Buffer.from('", "abstract": "An abstract that is long enough."}')])],
  ['06-notyaml.md', '---\ntitle: [unclosed\n  abstract: : :\n---\n'],
  ['07-bomb.md', BOMB],
  ['08-nofront.md', 'Just some notes, with no front matter at all.\n'],
  ['09-post.md', POST],
  ['10-huge.jsonl', JSON.stringify({ id: 'huge1', title: 'An Enormous Abstract', abstract: hugeAbstract() })],
  ['11-deep.json', '['.repeat(100_000)],
  ['12-clash.jsonl', record('good26a', 'Not The Kelp Paper', 'asteroid mining')],
  ['13-notes.pdf', '%PDF-1.4 not a corpus file'],
];

/** Every warning the service must log: [file, record or '', message pattern]. */
const EXPECTED_WARNINGS: [string, string, RegExp][] = [
  ['01-good.jsonl', 'line 21 (id g1)', /^id g1 is already used by a different paper, "Advances in protein folding kinetics" \(g1, from .*01-good\.jsonl, line 2 \(id g1\)\); skipped$/],
  ['01-good.jsonl', 'line 23 (id untitled1)', /^no title in the metadata; using the first sentence$/],
  ['01-good.jsonl', 'line 24 (id noabs)', /^no abstract; skipped$/],
  ['01-good.jsonl', 'line 25', /^not valid JSON: .*; skipped$/],
  ['01-good.jsonl', 'line 26', /^not a record object \(got null\); skipped$/],
  ['02-empty.jsonl', '', /^empty file$/],
  ['03-blank.txt', '', /^empty file$/],
  ['04-binary.json', '', /^binary file \(NUL bytes\), not text$/],
  ['05-latin1.jsonl', '', /^not valid UTF-8 text$/],
  ['06-notyaml.md', '', /^front matter is not valid YAML at line 2: .*; skipped$/],
  ['07-bomb.md', '', /^front matter could not be read: Excessive alias count .*; skipped$/],
  ['08-nofront.md', '', /^no YAML front matter .*; skipped$/],
  // Indexed all the same (EXPECTED_IDS): its size is said, as no abstract runs that long.
  ['10-huge.jsonl', 'line 1 (id huge1)', /^the abstract has [\d,]+ characters, far beyond an abstract's \(over 20,000\): indexed anyway/],
  ['11-deep.json', '', /^not valid JSON at line 1, column \d+: /],
  ['12-clash.jsonl', 'line 1 (id good26a)', /^id good26a is already used by a different paper, "Quantum Kelp Farming at Scale" \(good26a, from .*09-post\.md, front matter \(id good26a\)\); skipped$/],
];
const EXPECTED_IDS = [...TOPICS.map((_, i) => `g${i}`), 'untitled1', 'good26a', 'huge1'];

const corpusDir = await tempDir();
for (const [name, content] of FILES) await fs.writeFile(path.join(corpusDir, name), content);
const settings = await testSettings({ CORPUS: corpusDir });
const log: CapturedLog = captureLog();
let service: PapercordService;

before(async () => {
  service = await PapercordService.open(settings, { log });
});

test('a folder mixing good and bad files: every valid paper is indexed, each bad file and record is logged with its file and record', () => {
  assert.deepEqual(service.papers.map((p) => p.id).sort(), [...EXPECTED_IDS].sort());
  assert.deepEqual(service.info().papers, EXPECTED_IDS.length);
  assert.equal(service.info().corpusProblems, EXPECTED_WARNINGS.length);

  const warnings = log.lines.filter((l) => l.level === 'warn' && l.fields.file !== undefined);
  const got = warnings.map((l) => [path.basename(String(l.fields.file)), String(l.fields.record ?? ''), l.msg]);
  assert.equal(got.length, EXPECTED_WARNINGS.length, JSON.stringify(got, null, 1));
  for (const [file, rec, pattern] of EXPECTED_WARNINGS) {
    assert.ok(
      got.some(([f, r, m]) => f === file && r === rec && pattern.test(m!)),
      `no warning for ${file} ${rec} matching ${pattern}:\n${JSON.stringify(got, null, 1)}`,
    );
  }
  // The duplicate is expected, not a problem: logged quietly, counted in the summary line.
  const dup = log.lines.find((l) => l.level === 'debug' && /^duplicate of g2 /.test(l.msg));
  assert.ok(dup, log.text());
  assert.equal(dup.fields.record, 'line 22 (id g2copy)');
  assert.ok(
    log.lines.some((l) => l.level === 'info' && l.msg === `corpus: ${EXPECTED_IDS.length} papers indexed, 9 skipped (1 duplicate), ${EXPECTED_WARNINGS.length} problems from 12 files`),
    log.lines.filter((l) => l.msg.startsWith('corpus:')).map((l) => l.msg).join('\n'),
  );
});

test('every valid paper is answerable: the first source for a question on its topic is that paper', async () => {
  for (const [i, topic] of TOPICS.entries()) {
    const a = await service.ask(`What is new in ${topic}?`);
    assert.equal(a.refused, false, topic);
    assert.equal(a.sources[0]?.paperId, `g${i}`, topic);
  }
  // The clash kept the first paper; the untitled one got a stand-in title from its first sentence.
  assert.equal(service.catalog.get('g1')!.title, 'Advances in protein folding kinetics');
  assert.equal(service.catalog.get('good26a')!.title, 'Quantum Kelp Farming at Scale');
  assert.equal(service.catalog.get('g2copy')!.id, 'g2', 'the duplicate id is an alias of the kept paper');
  assert.equal(service.resolvePaper('untitled1').title, 'We study meteor shower counting with a new model');
  assert.equal((await service.ask('How is meteor shower counting improved?')).sources[0]?.paperId, 'untitled1');
  assert.equal((await service.summary('good26a')).paper.id, 'good26a');
});

test('a 1 MB abstract is split into many whole chunks, and a sentence in its middle is found and quoted', async () => {
  const paper = service.catalog.get('huge1')!;
  assert.ok(paper.abstract.length >= 1_000_000);
  const chunks = service.retriever.index.chunks.filter((c) => c.paperId === 'huge1');
  assert.ok(chunks.length > 500, `${chunks.length} chunks`);
  assert.equal(chunks[0]!.start, 0);
  assert.equal(chunks.at(-1)!.end, paper.abstract.length);
  for (const [i, c] of chunks.entries()) {
    assert.equal(c.text, paper.abstract.slice(c.start, c.end));
    assert.ok(c.text.length <= DEFAULT_CHUNKER.targetChunkChars, `chunk ${i} has ${c.text.length} characters`);
    // No gap between chunks: each starts inside (overlap) or right after the previous one.
    if (i > 0) assert.ok(c.start <= chunks[i - 1]!.end + 1 && c.start > chunks[i - 1]!.start, `chunk ${i} starts at ${c.start}`);
  }

  const a = await service.ask('What does the zebrafish lantern protocol reduce?');
  assert.equal(a.sources[0]?.paperId, 'huge1');
  assert.ok(a.sources[0]!.text.includes(PLANTED));
  assert.ok(a.answer.includes(`${PLANTED} [1]`), a.answer);

  const summary = await service.summary('huge1', { length: 'long' });
  assert.match(summary.summary, /^\*\*TL;DR:\*\* .+ \[1\]/);
  const related = await service.related('huge1');
  assert.ok(related.related.every((r) => r.paperId !== 'huge1'));
});

/** Four numbers from the text's length and letters: enough for a vector index to hold. */
function tiny(text: string): number[] {
  return [text.length % 7, text.charCodeAt(0) % 5, text.charCodeAt(text.length - 1) % 3, 1];
}

test('50,000 records in one JSON Lines file with bad lines among them: every valid record is indexed and findable', async () => {
  const lines: string[] = [];
  const bad = new Set([7, 12_345, 33_333, 49_990]);
  for (let i = 0; i < 50_000; i++) {
    lines.push(JSON.stringify({ id: `r${i}`, title: `Record ${i} on ${TOPICS[i % TOPICS.length]}`, abstract: `Record ${i} reports a study of ${TOPICS[i % TOPICS.length]} in enough words to be indexed.` }));
    if (bad.has(i)) lines.push(i % 2 ? '{"id": "broken", "title": ' : JSON.stringify({ id: `short${i}`, title: 'Stub', abstract: 'n/a' }));
  }
  const file = path.join(await tempDir(), 'big.jsonl');
  await fs.writeFile(file, lines.join('\n'));

  const corpus = await loadCorpus([file]);
  assert.equal(corpus.papers.length, 50_000);
  assert.deepEqual(corpus.problems.map((p) => p.record), ['line 9', 'line 12348', 'line 33337', 'line 49995 (id short49990)']);
  assert.equal(summarizeLoad(corpus), 'corpus: 50000 papers indexed, 4 skipped, 4 problems from 1 file');

  // A tiny embedder keeps this test fast: what is checked is that every paper and chunk lands in the
  // shards and the keyword index (the 512-dimension embedder over 10,000+ chunks is in index-store.test.ts).
  const embedder: Embedder = { id: 'test-tiny-4', kind: 'ollama', dims: 4, embedDocuments: async (t) => t.map(tiny), embedQuery: async (t) => tiny(t) };
  const index = await buildIndex({ root: await tempDir(), papers: corpus.papers, embedder });
  assert.equal(index.papers.length, 50_000);
  assert.equal(index.chunks.length, 50_000);
  assert.deepEqual(index.manifest.shards.map((s) => s.items), [10_000, 10_000, 10_000, 10_000, 10_000]);
  const retriever = new Retriever(index, embedder, DEFAULT_RETRIEVAL);
  for (const i of [0, 25_000, 49_999]) {
    const { hits } = await retriever.search(`Record ${i} on ${TOPICS[i % TOPICS.length]}`);
    assert.ok(hits.some((h) => h.paper.id === `r${i}`), `r${i} found`);
  }
});

test('CORPUS naming the folder that holds DATA_DIR: the index built there is not read as papers, and the log says so once', async () => {
  const dataDir = await tempDir();
  const corpusFile = path.join(dataDir, 'corpus', 'a.jsonl');
  const records = (n: number) => TOPICS.slice(0, n).map((t, i) => record(`d${i}`, `Advances in ${t}`, t)).join('\n');
  await fs.mkdir(path.dirname(corpusFile));
  await fs.writeFile(corpusFile, records(3));
  const own = await testSettings({ DATA_DIR: dataDir, CORPUS: dataDir });
  await (await PapercordService.open(own, { log: captureLog() })).close();
  // Changed, so that the next start reads the folder again, now with an index in it.
  await fs.writeFile(corpusFile, records(4));
  const second = captureLog();
  const service = await PapercordService.open(own, { log: second });
  try {
    assert.equal(service.info().papers, 4);
    assert.equal(service.info().corpusProblems, 0);
    assert.deepEqual(second.lines.filter((l) => l.level === 'warn' && l.fields.file !== undefined), []);
    assert.deepEqual(second.lines.filter((l) => l.msg.startsWith('not read as corpus files')).map((l) => l.msg), [`not read as corpus files, as papercord keeps its own index or eval labels there: ${path.join(dataDir, 'index')}`]);
  } finally {
    await service.close();
  }
});
