/**
 * Index faults (issue 6): ingests killed half-way and racing in real processes, indexes that
 * are corrupt, half-written or built by another embedder, and rebuilds that fail while the
 * service is answering. test/index-store.test.ts covers the same faults one level down
 * (buildIndex/loadIndex in one process); these go through processes and PapercordService.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { buildIndex, currentBuildDir, loadIndex, type LoadedIndex } from '../src/index/store.js';
import { corpusHash, type IndexManifest } from '../src/index/manifest.js';
import { Float32VectorCodec } from '../src/index/vector-codec.js';
import type { IndexItem } from '../src/index/vectra.js';
import { Retriever } from '../src/retrieval/retriever.js';
import { loadCorpus } from '../src/corpus/load.js';
import { dataPath, type Settings } from '../src/config.js';
import { localEmbedderId } from '../src/embed/select.js';
import type { Embedder } from '../src/embed/embedder.js';
import { PapercordService } from '../src/service.js';
import { isPapercordError } from '../src/errors.js';
import { startChild } from './support/fault-child.js';
import { captureLog, tempDir, testSettings } from './support/env.js';

const QUESTION = 'What does MentisOculi evaluate?';
const vectorCodec = new Float32VectorCodec();

function indexRoot(settings: Settings): string {
  return dataPath(settings, 'index', localEmbedderId());
}

async function leftovers(root: string): Promise<string[]> {
  return (await fs.readdir(root)).filter((n) => n.startsWith('.tmp') || n === '.lock');
}

/** An index is whole when what it holds agrees with its manifest (counts and corpus hash). */
function assertWhole(index: LoadedIndex): void {
  assert.equal(index.papers.length, index.manifest.papers);
  assert.equal(index.chunks.length, index.manifest.chunks);
  assert.equal(corpusHash(index.papers), index.manifest.corpusHash);
  assert.equal(
    index.manifest.shards.reduce((n, s) => n + s.items, 0),
    index.chunks.length,
  );
}

/** Generous: a lock that is never taken over would otherwise block for ten minutes. */
const CHILD_TEST = { timeout: 60_000 };

test('an ingest SIGKILLed half-way leaves the last good index serving; the next build takes its stale lock and removes its temp folder', { ...CHILD_TEST, concurrency: 2 }, async (t) => {
  const killedWhile = async (killAt: 'embedding' | 'writing') => {
    const settings = await testSettings();
    const first = await PapercordService.open(settings, { log: captureLog() });
    const good = first.indexVersion;
    const root = indexRoot(settings);

    const child = startChild({ task: 'build', root, papers: 19, embedder: 'stub', pause: killAt === 'embedding', killAt: killAt === 'writing' ? 'write' : undefined });
    if (killAt === 'embedding') {
      await child.next('paused');
      child.proc.kill('SIGKILL');
    }
    const { signal } = await child.exited;
    assert.equal(signal, 'SIGKILL');

    // The fault really happened: a half-built temp folder and a lock held by a dead process.
    const left = await leftovers(root);
    assert.ok(left.includes('.lock'), `left: ${left.join(', ')}`);
    assert.equal(Number(await fs.readFile(path.join(root, '.lock'), 'utf8')), child.proc.pid);
    const tmp = left.filter((n) => n.startsWith('.tmp-'));
    assert.equal(tmp.length, 1);
    if (killAt === 'writing') assert.ok((await fs.readdir(path.join(root, tmp[0]!))).includes('shard-000'), 'killed after a shard was written');

    // A restart serves the last good index as it is: no rebuild.
    const log = captureLog();
    const restarted = await PapercordService.open(settings, { log });
    assert.equal(restarted.indexVersion, good);
    assert.ok(!log.lines.some((l) => l.msg === 'building the index'), log.text());
    const answer = await restarted.ask(QUESTION);
    assert.equal(answer.refused, false);

    // The next build is not blocked by the dead ingest's lock, and sweeps its temp folder.
    const info = await restarted.reindex();
    assert.notEqual(info.buildId, good);
    assert.deepEqual(await leftovers(root), []);
    assert.equal((await restarted.ask(QUESTION)).refused, false);
  };
  // Two separate data folders, so the two kills run side by side.
  await Promise.all([
    t.test('killed by the parent while embedding (lock held, temp folder empty)', () => killedWhile('embedding')),
    t.test('killed by itself while writing shards (lock held, temp folder half-written)', () => killedWhile('writing')),
  ]);
});

test('two ingests in two processes at once: the second waits for the first, both finish, and readers only ever see a whole index', CHILD_TEST, async () => {
  const root = await tempDir();
  const { papers } = await loadCorpus(['icml2026']);
  const previous = await buildIndex({ root, papers: papers.slice(0, 5), embedder: null });

  // Both start at once (loading takes a while); B builds only once A holds the lock and is paused inside it.
  const a = startChild({ task: 'build', root, papers: 19, embedder: 'stub', pause: true });
  const b = startChild({ task: 'build', root, papers: 10, embedder: 'local', waitForGo: true });
  await Promise.all([a.next('paused'), b.next('ready')]);
  b.go();
  const waiting = await b.next('waiting');
  assert.equal(waiting.ownerPid, a.proc.pid, 'the second ingest waits on the first one\'s lock');

  // At every step either ingest reports (each phase, the switch), a reader loads a whole index: the old one until a build switches.
  const seen = new Set<string>();
  const loads: Promise<unknown>[] = [];
  const sample = () =>
    loads.push(
      loadIndex(root)
        .then((index) => {
          assertWhole(index);
          seen.add(index.manifest.buildId);
        })
        // Kept as a value (not left rejected) until the ingests are done, then asserted on.
        .catch((e: unknown) => e),
    );
  for (const c of [a, b]) c.proc.on('message', sample);
  sample();

  a.go();
  const [builtA, builtB] = await Promise.all([a.next('built'), b.next('built')]);
  const [exitA, exitB] = await Promise.all([a.exited, b.exited]);
  assert.deepEqual([exitA.code, exitB.code], [0, 0]);
  const failed = (await Promise.all(loads)).filter((r) => r instanceof Error);
  assert.deepEqual(failed, [], 'every load while the ingests ran gave a whole index');
  assert.ok(loads.length >= 6, `${loads.length} loads`);

  // Serialised: the second build started only after the first had written its manifest.
  const bStarted = (await b.next('progress')).at;
  assert.ok(bStarted >= Date.parse(builtA.createdAt), `second build started at ${bStarted}, first finished at ${builtA.createdAt}`);
  for (const id of seen) assert.ok([previous.manifest.buildId, builtA.buildId, builtB.buildId].includes(id), id);

  const final = await loadIndex(root);
  assertWhole(final);
  assert.equal(final.manifest.buildId, builtB.buildId);
  assert.equal(final.papers.length, 10);
  assert.equal(final.manifest.embedder.id, localEmbedderId());
  assert.deepEqual(await leftovers(root), []);
});

test('an index built by another embedder is rebuilt at start-up, with the reason logged', async () => {
  const settings = await testSettings();
  const { papers } = await loadCorpus(settings.corpus);
  // Same corpus, same folder, another embedder: as if the folder was copied or the embedder changed under it.
  const other: Embedder = { id: 'ollama-other-model-8', kind: 'ollama', dims: 8, embedDocuments: async (t) => t.map(() => [1, 0, 0, 0, 0, 0, 0, 0]), embedQuery: async () => [1, 0, 0, 0, 0, 0, 0, 0] };
  const foreign = await buildIndex({ root: indexRoot(settings), papers, embedder: other });

  const log = captureLog();
  const service = await PapercordService.open(settings, { log });
  const line = log.lines.find((l) => l.msg === 'building the index');
  assert.ok(line, log.text());
  assert.equal(line.fields.reason, `it was built by ollama-other-model-8, not ${localEmbedderId()}`);
  assert.notEqual(service.indexVersion, foreign.manifest.buildId);
  assert.equal(service.info().embedder, localEmbedderId());
  assert.equal((await service.ask(QUESTION)).refused, false);
});

test('a missing or half-written manifest, a truncated shard, a missing papers.json or a CURRENT that points nowhere: the service rebuilds and logs why', async () => {
  const settings = await testSettings();
  const root = indexRoot(settings);
  let last = (await PapercordService.open(settings, { log: captureLog() })).indexVersion;
  const faults: { name: string; inject: (dir: string) => Promise<void>; reason: RegExp }[] = [
    { name: 'missing manifest', inject: (dir) => fs.rm(path.join(dir, 'manifest.json')), reason: /manifest is missing or unreadable/ },
    {
      name: 'half-written manifest',
      inject: async (dir) => {
        const m = await fs.readFile(path.join(dir, 'manifest.json'));
        await fs.writeFile(path.join(dir, 'manifest.json'), m.subarray(0, m.length >> 1));
      },
      reason: /manifest is missing or unreadable/,
    },
    {
      name: 'truncated shard index.f32',
      inject: async (dir) => {
        const f = path.join(dir, 'shard-000', 'index.f32');
        const data = await fs.readFile(f);
        await fs.writeFile(f, data.subarray(0, data.length - 100));
      },
      reason: /shard-000\/index\.f32 has \d+ bytes, the manifest says \d+/,
    },
    { name: 'missing papers.json', inject: (dir) => fs.rm(path.join(dir, 'papers.json')), reason: /papers\.json is missing/ },
    { name: 'CURRENT points at a build that is gone', inject: (dir) => fs.rm(dir, { recursive: true }), reason: /manifest is missing/ },
    { name: 'empty CURRENT', inject: () => fs.writeFile(path.join(root, 'CURRENT'), ''), reason: /no index has been built yet/ },
  ];
  for (const fault of faults) {
    await fault.inject((await currentBuildDir(root))!);
    const log = captureLog();
    const service = await PapercordService.open(settings, { log });
    const line = log.lines.find((l) => l.msg === 'building the index');
    assert.ok(line, `${fault.name}: ${log.text()}`);
    assert.match(String(line.fields.reason), fault.reason, fault.name);
    assert.notEqual(service.indexVersion, last, fault.name);
    assert.equal((await service.ask(QUESTION)).refused, false, fault.name);
    assertWhole(await loadIndex(root));
    last = service.indexVersion;
  }
});

/**
 * Rewrites shard-000 of a build through the float32 codec after `edit` changed its items in
 * place; the manifest is told the new size only when `recordSize` (a tool that rewrote both).
 */
async function editShard(dir: string, edit: (items: IndexItem[]) => IndexItem[] | void, recordSize = false): Promise<void> {
  const name = path.join('shard-000', `index${vectorCodec.extension}`);
  const data = vectorCodec.deserializeIndex(await fs.readFile(path.join(dir, name)));
  const bytes = vectorCodec.serializeIndex({ ...data, items: edit(data.items) ?? data.items });
  await fs.writeFile(path.join(dir, name), bytes);
  if (!recordSize) return;
  const manifest = JSON.parse(await fs.readFile(path.join(dir, 'manifest.json'), 'utf8')) as IndexManifest;
  manifest.files[name] = bytes.length;
  await fs.writeFile(path.join(dir, 'manifest.json'), JSON.stringify(manifest));
}

const zeroed = (item: IndexItem) => (item.vector as unknown as Float32Array).fill(0);

test('vectors zeroed, NaN or of the wrong length in a shard that kept its size: the service logs why, rebuilds, and searches by meaning again', async () => {
  const settings = await testSettings();
  const root = indexRoot(settings);
  let last = (await PapercordService.open(settings, { log: captureLog() })).indexVersion;
  const faults: { name: string; inject: (dir: string) => Promise<void>; reason: RegExp }[] = [
    { name: 'every vector zeroed, the norms kept', inject: (dir) => editShard(dir, (items) => void items.forEach(zeroed)), reason: /shard-000: the vector of \S+#\d+ is all zeros, yet its stored norm is 0\.\d+/ },
    {
      name: 'norms and vectors zeroed (all but the header)',
      inject: (dir) => editShard(dir, (items) => void items.forEach((item) => (zeroed(item), (item.norm = 0)))),
      reason: /shard-000: its norms add up to 0, the manifest says \d/,
    },
    { name: 'the norms zeroed, the vectors kept', inject: (dir) => editShard(dir, (items) => void items.forEach((item) => (item.norm = 0))), reason: /the vector of \S+ is not zero, yet its stored norm is 0/ },
    { name: 'one vector NaN', inject: (dir) => editShard(dir, (items) => void (items[3]!.vector as unknown as Float32Array).fill(NaN)), reason: /the vector of \S+#\d+ holds NaN/ },
    { name: 'one norm NaN', inject: (dir) => editShard(dir, (items) => void (items[5]!.norm = NaN)), reason: /\S+#\d+ has a stored norm of NaN/ },
    {
      name: 'vectors of half the length, the file size recorded to match',
      inject: (dir) => editShard(dir, (items) => items.map((item) => ({ ...item, vector: Array.from(item.vector).slice(0, item.vector.length / 2) })), true),
      reason: /\S+#\d+ has a vector of 256 numbers, the embedder gives 512/,
    },
    {
      name: 'every vector and norm zeroed in a build from before norm sums were recorded',
      inject: async (dir) => {
        const manifest = JSON.parse(await fs.readFile(path.join(dir, 'manifest.json'), 'utf8')) as IndexManifest;
        for (const s of manifest.shards) delete s.normSum;
        await fs.writeFile(path.join(dir, 'manifest.json'), JSON.stringify(manifest));
        await editShard(dir, (items) => void items.forEach((item) => (zeroed(item), (item.norm = 0))));
      },
      reason: /shard-000: every vector is zero/,
    },
  ];
  for (const fault of faults) {
    await fault.inject((await currentBuildDir(root))!);
    const log = captureLog();
    const service = await PapercordService.open(settings, { log });
    const warned = log.lines.find((l) => l.level === 'warn' && l.msg === 'the index is damaged: it will be built again');
    assert.ok(warned, `${fault.name}: ${log.text()}`);
    assert.match(String(warned.fields.reason), /^the vectors are damaged \(/, fault.name);
    assert.match(String(warned.fields.reason), fault.reason, fault.name);
    const line = log.lines.find((l) => l.msg === 'building the index');
    assert.equal(line?.fields.reason, warned.fields.reason, fault.name);
    assert.notEqual(service.indexVersion, last, fault.name);
    // The rebuilt vectors score the question again: the vector search is not silently empty.
    const index = await loadIndex(root);
    assertWhole(index);
    const hits = await new Retriever(index, index.localEmbedder!, settings.retrieval).vectorSearch(await index.localEmbedder!.embedQuery(QUESTION));
    assert.ok(hits.length > 0 && hits[0]!.cosine > 0, `${fault.name}: ${JSON.stringify(hits.slice(0, 2))}`);
    assert.equal((await service.ask(QUESTION)).sources[0]?.paperId, 'zeller26a', fault.name);
    last = service.indexVersion;
  }
});

test('a service that built its index at start-up keeps answering after two later ingests removed that build folder', async () => {
  const settings = await testSettings();
  const service = await PapercordService.open(settings, { log: captureLog() });
  const served = service.indexVersion;
  // `npm run ingest`, twice, while the bot runs and before anyone asked it anything.
  const { papers } = await loadCorpus(settings.corpus);
  await buildIndex({ root: indexRoot(settings), papers, embedder: null });
  await buildIndex({ root: indexRoot(settings), papers, embedder: null });
  assert.ok(!(await fs.readdir(indexRoot(settings))).includes(served), 'the build it serves is gone from disk');
  const a = await service.ask(QUESTION);
  assert.equal(a.refused, false);
  assert.equal(a.sources[0]?.paperId, 'zeller26a');
});

/** A corpus folder of our own, so a test can break it under a running service. */
async function ownCorpus(): Promise<{ dir: string; file: string; write: (n: number) => Promise<void> }> {
  const dir = await tempDir();
  const file = path.join(dir, 'papers.jsonl');
  const topics = ['glacier melt forecasting', 'protein folding kinetics', 'urban traffic routing', 'coral reef acoustics', 'volcanic ash dispersion', 'honeybee swarm navigation'];
  const write = (n: number) =>
    fs.writeFile(
      file,
      topics
        .slice(0, n)
        .map((t, i) => JSON.stringify({ id: `own${i}`, title: `Advances in ${t}`, abstract: `We study ${t} with a new model. Our model improves ${t} accuracy by ${10 + i} percent on three benchmarks.` }))
        .join('\n'),
    );
  await write(5);
  return { dir, file, write };
}

test('the service keeps answering from the last good index while a rebuild fails, and takes the fixed corpus on the next rebuild', async () => {
  const corpus = await ownCorpus();
  const settings = await testSettings({ CORPUS: corpus.dir });
  const service = await PapercordService.open(settings, { log: captureLog() });
  const good = service.indexVersion;
  const before = await service.ask('How is glacier melt forecasting improved?');
  assert.equal(before.refused, false);
  assert.equal(before.sources[0]!.paperId, 'own0');

  const breakages: { name: string; inject: () => Promise<void> }[] = [
    { name: 'the corpus file is emptied', inject: () => fs.writeFile(corpus.file, '') },
    { name: 'the corpus file becomes binary', inject: () => fs.writeFile(corpus.file, Buffer.from([0x7b, 0, 1, 2, 0xff, 0xfe])) },
    { name: 'the corpus file holds only bad records', inject: () => fs.writeFile(corpus.file, '{"title": "no abstract"}\n{oops\n') },
    { name: 'the corpus folder is gone', inject: () => fs.rm(corpus.dir, { recursive: true }) },
  ];
  for (const b of breakages) {
    await b.inject();
    const rebuild = service.reindex();
    // Settled into a value at once, so the rejection is handled while we keep asking.
    const outcome = rebuild.then(() => null, (e: unknown) => e);
    assert.equal(service.isReindexing, true);
    // Asked while the rebuild runs, and after it failed: the last good index answers.
    const during = await service.ask('How is glacier melt forecasting improved?');
    const error = await outcome;
    assert.ok(isPapercordError(error) && error.code === 'NO_INDEX' && /holds no usable paper/.test(error.message), `${b.name}: ${String(error)}`);
    const after = await service.ask('How is glacier melt forecasting improved?');
    for (const a of [during, after]) {
      assert.equal(a.refused, false, b.name);
      assert.equal(a.answer, before.answer, b.name);
    }
    assert.equal(service.indexVersion, good, b.name);
    assert.equal(service.isReindexing, false, b.name);
    await fs.mkdir(corpus.dir, { recursive: true });
  }

  // Fixed, with one more paper: the next rebuild switches to it.
  await corpus.write(6);
  const info = await service.reindex();
  assert.equal(info.papers, 6);
  assert.notEqual(service.indexVersion, good);
  const added = await service.ask('How do honeybee swarms navigate?');
  assert.equal(added.sources[0]!.paperId, 'own5');
});

test('questions asked during a successful rebuild are all answered, each from the old index or the new one', async () => {
  const corpus = await ownCorpus();
  const settings = await testSettings({ CORPUS: corpus.dir });
  const service = await PapercordService.open(settings, { log: captureLog() });
  const oldVersion = service.indexVersion;
  await corpus.write(6);
  const rebuild = service.reindex();
  assert.equal(service.reindex(), rebuild, 'a second reindex joins the running one');
  let settled = false;
  void rebuild.finally(() => (settled = true));
  // Keep asking about the paper only the new index has, until the rebuild settles.
  const asks: Promise<{ version: string; first?: string; refused: boolean }>[] = [];
  while (!settled && asks.length < 200) {
    const version = service.indexVersion;
    asks.push(service.ask('How do honeybee swarms navigate?').then((a) => ({ version, first: a.sources[0]?.paperId, refused: a.refused })));
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
  const info = await rebuild;
  const results = await Promise.all(asks);
  assert.ok(results.length > 0);
  for (const r of results) {
    assert.ok([oldVersion, info.buildId].includes(r.version));
    if (r.version === oldVersion) assert.notEqual(r.first, 'own5', 'the old index has no own5');
    else assert.equal(r.first, 'own5');
  }
  assert.equal(info.papers, 6);
  assert.equal(service.indexVersion, info.buildId);
  assert.equal((await service.ask('How do honeybee swarms navigate?')).sources[0]!.paperId, 'own5');
});
