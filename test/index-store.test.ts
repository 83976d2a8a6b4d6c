import { test } from 'node:test';
import assert from 'node:assert/strict';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { loadCorpus } from '../src/corpus/load.js';
import { buildIndex, loadIndex, staleReason, currentBuildDir, IndexError } from '../src/index/store.js';
import { localEmbedderId } from '../src/embed/select.js';
import type { Embedder } from '../src/embed/embedder.js';
import { PapercordService } from '../src/service.js';
import { tempDir, testSettings, captureLog } from './support/env.js';
import { Retriever } from '../src/retrieval/retriever.js';
import { DEFAULT_RETRIEVAL } from '../src/config.js';

const { papers } = await loadCorpus(['icml2026']);

test('a built index loads back with every paper, chunk and shard', async () => {
  const root = await tempDir();
  const built = await buildIndex({ root, papers, embedder: null });
  const loaded = await loadIndex(root);
  assert.equal(loaded.manifest.buildId, built.manifest.buildId);
  assert.equal(loaded.papers.length, 19);
  assert.equal(loaded.chunks.length, 19);
  assert.equal(loaded.manifest.embedder.id, localEmbedderId());
  assert.equal((await loaded.shards[0]!.listItems()).length, 19);
  assert.equal(staleReason(loaded, papers, localEmbedderId()), null);
  assert.equal(staleReason(loaded, papers.slice(1), localEmbedderId()), 'the corpus changed');
  assert.match(staleReason(loaded, papers, 'ollama-nomic-embed-text-768')!, /built by local-hash/);
});

test('a truncated, corrupt or half-written index is detected with the reason', async () => {
  const root = await tempDir();
  await buildIndex({ root, papers, embedder: null });
  const dir = (await currentBuildDir(root))!;
  const shard = path.join(dir, 'shard-000', 'index.f32');
  const original = await fs.readFile(shard);

  await fs.writeFile(shard, original.subarray(0, original.length / 2));
  await assert.rejects(loadIndex(root), (e: Error) => e instanceof IndexError && /truncated/.test(e.message));

  // Same size, garbage content: caught by parsing.
  await fs.writeFile(shard, Buffer.alloc(original.length, 0x7b));
  await assert.rejects(loadIndex(root), (e: Error) => e instanceof IndexError && /corrupt/.test(e.message));

  await fs.writeFile(shard, original);
  // Same size, the abstracts' second half overwritten: caught by checking they are UTF-8.
  const abstracts = path.join(dir, 'abstracts.bin');
  const text = await fs.readFile(abstracts);
  await fs.writeFile(abstracts, Buffer.concat([text.subarray(0, text.length >> 1), Buffer.alloc(text.length - (text.length >> 1), 0xff)]));
  await assert.rejects(loadIndex(root), (e: Error) => e instanceof IndexError && /corrupt \(abstracts\.bin is not UTF-8/.test(e.message));
  await fs.writeFile(abstracts, text);

  await fs.rm(path.join(dir, 'manifest.json'));
  await assert.rejects(loadIndex(root), (e: Error) => e instanceof IndexError && /manifest is missing/.test(e.message));
});

test('the service rebuilds a corrupt index at start-up and logs why', async () => {
  const settings = await testSettings();
  const first = await PapercordService.open(settings, { log: captureLog() });
  const dir = path.join(settings.dataDir, 'index', localEmbedderId());
  const build = (await currentBuildDir(dir))!;
  await fs.writeFile(path.join(build, 'bm25.json'), '{"broken":');
  const log = captureLog();
  const second = await PapercordService.open(settings, { log });
  assert.notEqual(second.indexVersion, first.indexVersion);
  const line = log.lines.find((l) => l.msg === 'building the index');
  assert.ok(line, log.text());
  assert.match(String(line.fields.reason), /bm25\.json has \d+ bytes/);
  // Opening again with nothing wrong reuses the index.
  const third = await PapercordService.open(settings, { log: captureLog() });
  assert.equal(third.indexVersion, second.indexVersion);
});

test('a damaged index is a warning whose reason quotes no binary; no index at all is not', async () => {
  const settings = await testSettings();
  const firstLog = captureLog();
  const first = await PapercordService.open(settings, { log: firstLog });
  await first.close();
  assert.deepEqual(firstLog.lines.filter((l) => l.level === 'warn' && /index/.test(l.msg)), []);
  const build = (await currentBuildDir(path.join(settings.dataDir, 'index', localEmbedderId())))!;
  const file = path.join(build, 'embedder.json');
  const bytes = await fs.readFile(file);
  // Same size, a run of control and non-UTF-8 bytes in the middle: JSON.parse quotes them in its message.
  for (let i = bytes.length >> 1, n = 0; n < 40; i++, n++) bytes[i] = [0x07, 0xff, 0x3a, 0x9f][n % 4]!;
  await fs.writeFile(file, bytes);
  const log = captureLog();
  const second = await PapercordService.open(settings, { log });
  await second.close();
  assert.notEqual(second.indexVersion, first.indexVersion, 'rebuilt');
  const warning = log.lines.find((l) => l.level === 'warn' && /index is damaged/.test(l.msg));
  assert.ok(warning, log.text());
  const reason = String(warning.fields.reason);
  assert.match(reason, /^the index is corrupt \(.+\)$/);
  assert.doesNotMatch(reason, /[\u0000-\u001f\u007f-\u009f\ufffd]/);
  assert.ok(reason.length <= 250, reason);
});

test('a build that fails half-way leaves the previous index in place and no temp folder', async () => {
  const root = await tempDir();
  const good = await buildIndex({ root, papers, embedder: null });
  const failing: Embedder = { id: 'failing', kind: 'ollama', dims: 4, embedDocuments: async () => { throw new Error('embedding server died'); }, embedQuery: async () => [0, 0, 0, 1] };
  await assert.rejects(buildIndex({ root, papers, embedder: failing }), /embedding server died/);
  const loaded = await loadIndex(root);
  assert.equal(loaded.manifest.buildId, good.manifest.buildId);
  const left = await fs.readdir(root);
  assert.deepEqual(left.filter((n) => n.startsWith('.tmp')), []);
  assert.ok(!left.includes('.lock'));
});

test('two builds at once never mix: the lock serialises them and the result is whole', async () => {
  const root = await tempDir();
  const [a, b] = await Promise.all([buildIndex({ root, papers, embedder: null }), buildIndex({ root, papers: papers.slice(0, 10), embedder: null })]);
  assert.notEqual(a.manifest.buildId, b.manifest.buildId);
  const loaded = await loadIndex(root);
  assert.ok([a.manifest.buildId, b.manifest.buildId].includes(loaded.manifest.buildId));
  assert.equal(loaded.papers.length, loaded.manifest.papers);
  const builds = (await fs.readdir(root)).filter((n) => n.startsWith('build-'));
  assert.ok(builds.length <= 2);
});

test('a stale lock from a killed ingest does not block the next build', async () => {
  const root = await tempDir();
  await fs.mkdir(root, { recursive: true });
  await fs.writeFile(path.join(root, '.lock'), '999999');
  const built = await buildIndex({ root, papers, embedder: null });
  assert.equal(built.papers.length, 19);
});

// The timeout is the failure: before, a lock holding no pid made the build spin at full CPU for good.
test('a lock file holding garbage instead of a pid is stale: the build takes it over', { timeout: 10_000 }, async () => {
  const root = await tempDir();
  await fs.mkdir(root, { recursive: true });
  await fs.writeFile(path.join(root, '.lock'), 'garbage\n');
  const built = await buildIndex({ root, papers, embedder: null });
  assert.equal(built.papers.length, 19);
  assert.ok(!(await fs.readdir(root)).includes('.lock'));
});

test('an empty lock file just created is a builder writing its pid: waited for, not taken over', async () => {
  const root = await tempDir();
  const file = path.join(root, '.lock');
  await fs.mkdir(root, { recursive: true });
  await fs.writeFile(file, '');
  const { acquireLock } = await import('../src/index/lock.js');
  await assert.rejects(acquireLock(file, { waitMs: 50, pollMs: 10 }), /no pid in the lock file/);
  assert.equal(await fs.readFile(file, 'utf8'), '', 'the lock is left to its owner');
  // Empty for longer than any builder takes to write its pid: stale.
  const old = new Date(Date.now() - 60_000);
  await fs.utimes(file, old, old);
  const lock = await acquireLock(file, { waitMs: 50, pollMs: 10 });
  assert.equal(await fs.readFile(file, 'utf8'), String(process.pid));
  await lock.release();
});

test('an index with more chunks than one shard holds is split into shards that are queried together', async () => {
  const root = await tempDir();
  const { SHARD_SIZE } = await import('../src/index/store.js');
  const many = Array.from({ length: SHARD_SIZE + 5 }, (_, i) => ({ ...papers[i % papers.length]!, id: `p${i}`, aliases: [], title: `${papers[i % papers.length]!.title} ${i}` }));
  const built = await buildIndex({ root, papers: many, embedder: null });
  assert.equal(built.shards.length, 2);
  assert.deepEqual(built.manifest.shards.map((s) => s.items), [SHARD_SIZE, 5]);
  const { Retriever } = await import('../src/retrieval/retriever.js');
  const { DEFAULT_RETRIEVAL } = await import('../src/config.js');
  const retriever = new Retriever(built, built.localEmbedder!, DEFAULT_RETRIEVAL);
  const last = many.at(-1)!;
  const hits = await retriever.vectorSearch(await built.localEmbedder!.embedQuery(`${last.title}\n${last.abstract}`), last.id);
  assert.equal(hits[0]?.id, `${last.id}#0`, 'a chunk in the second shard is found');
});

test('an index built with other word processing is stale, so tokenizer changes rebuild it', async () => {
  const root = await tempDir();
  const built = await buildIndex({ root, papers, embedder: null });
  const { TERMS_VERSION } = await import('../src/text/terms.js');
  assert.equal(built.manifest.termsVersion, TERMS_VERSION);
  assert.match(staleReason({ ...built, manifest: { ...built.manifest, termsVersion: TERMS_VERSION - 1 } }, papers, localEmbedderId())!, /word processing changed/);
});

test('an index built by another embedder keeps its document frequencies, so starting it does not split every chunk into words again', async () => {
  const root = await tempDir();
  const dims = 8;
  const other: Embedder = { id: 'other', kind: 'ollama', dims, embedDocuments: async (texts) => texts.map((_, i) => Array.from({ length: dims }, (_, d) => (d === i % dims ? 1 : 0.1))), embedQuery: async () => Array(dims).fill(0.1) };
  const built = await buildIndex({ root, papers, embedder: other });
  const loaded = await loadIndex(root);
  assert.ok(loaded.frequencies, 'saved with the build');
  assert.deepEqual(loaded.frequencies, built.frequencies);
  assert.equal(loaded.frequencies.docs, loaded.chunks.length);
  const fromFile = new Retriever(loaded, other, DEFAULT_RETRIEVAL).termStats;
  // The same statistics the retriever counted from the chunk texts before they were saved.
  const counted = new Retriever({ ...loaded, frequencies: undefined }, other, DEFAULT_RETRIEVAL).termStats;
  for (const term of ['microphon', 'audio', 'benchmark', 'model', 'constructor', 'nonexistentword']) assert.equal(fromFile.idf(term), counted.idf(term), term);
  const { files } = loaded.manifest;
  await fs.writeFile(path.join(loaded.dir, 'frequencies.json'), JSON.stringify({ docs: 1, df: {} }).padEnd(files['frequencies.json']!));
  await assert.rejects(loadIndex(root), /frequencies\.json counts 1 chunks/);
});
