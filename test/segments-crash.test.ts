/**
 * Changes to the index killed half-way (SIGKILL, at each named step of an addition, a removal
 * and a compaction): readers see the last good state meanwhile, the next start cleans what was
 * left and brings the index in line with the collections' records, and the addition can be
 * repeated. Also: a process following the index sees another process's addition.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { COLLECTIONS_DIR, dataPath, type Settings } from '../src/config.js';
import type { Paper } from '../src/corpus/paper.js';
import { openIndex } from '../src/library/open.js';
import { loadIndex, type LoadedIndex } from '../src/index/store.js';
import { addPapers } from '../src/index/additions.js';
import { followIndex } from '../src/index/watch.js';
import type { IndexStep } from '../src/index/segment-list.js';
import { localEmbedderId } from '../src/embed/select.js';
import { startChild } from './support/fault-child.js';
import { captureLog, testSettings } from './support/env.js';

const CHILD_TEST = { timeout: 60_000 };
const COLLECTION = 'guild:7';

/** Papers no shipped corpus holds, so that they can be added. */
function paper(n: number): Paper {
  return {
    id: `added-${n}`,
    title: `Quokka${n}: Marsupial Sampling for Crash-Safe Retrieval`,
    abstract: `We introduce Quokka${n}, a sampler that ranks marsupial trajectories. It is tested on ${n} islands.`,
    authors: ['A. Tester'],
    aliases: [],
    source: { file: 'test', record: `paper ${n}` },
  };
}

interface Setup {
  settings: Settings;
  root: string;
  records: string;
}

async function setup(): Promise<Setup> {
  const settings = await testSettings();
  await openIndex(settings, captureLog(), {});
  return { settings, root: dataPath(settings, 'index', localEmbedderId()), records: dataPath(settings, COLLECTIONS_DIR) };
}

/** Runs a change in a child process until it reaches `step`, then kills it with SIGKILL. */
async function killedAt(s: Setup, op: 'add' | 'remove' | 'compact', papers: Paper[], step: IndexStep): Promise<void> {
  const child = startChild({ task: 'change', op, root: s.root, records: s.records, collection: COLLECTION, papers, stopAt: step });
  assert.equal((await child.next('stopped')).step, step);
  child.proc.kill('SIGKILL');
  assert.equal((await child.exited).signal, 'SIGKILL');
}

async function changed(s: Setup, op: 'add' | 'remove' | 'compact', papers: Paper[]): Promise<void> {
  const child = startChild({ task: 'change', op, root: s.root, records: s.records, collection: COLLECTION, papers });
  await child.next('done');
  await child.exited;
}

const holders = (index: LoadedIndex, id: string) => index.segments.filter((seg) => seg.papers.some((p) => p.id === id) && !seg.removed.has(id)).length;

/** Nothing but what the list names: no temporary file, no unlisted segment folder, no lock. */
async function assertClean(index: LoadedIndex): Promise<void> {
  const folder = await fs.readdir(path.join(index.dir, 'segments')).catch(() => [] as string[]);
  assert.deepEqual(folder.sort(), index.segments.map((seg) => seg.name).sort());
  assert.deepEqual((await fs.readdir(index.dir)).filter((n) => n.endsWith('.tmp')), []);
  assert.deepEqual((await fs.readdir(path.dirname(index.dir))).filter((n) => n === '.lock' || n.startsWith('.tmp')), []);
}

const ADD_STEPS: IndexStep[] = ['records-written', 'segment-written', 'segment-renamed', 'list-written', 'list-switched'];

test('an addition killed at any step: readers keep the last good index, the next start completes it from its record, and repeating it adds nothing twice', { ...CHILD_TEST, concurrency: 2 }, async (t) => {
  for (const step of ADD_STEPS) {
    await t.test(step, async () => {
      const s = await setup();
      const added = paper(1);
      await killedAt(s, 'add', [added], step);
      // What a process reading the index now sees: the addition is in force only once the list was switched.
      const meanwhile = await loadIndex(s.root);
      assert.equal(holders(meanwhile, added.id), step === 'list-switched' ? 1 : 0);
      const state = await openIndex(s.settings, captureLog(), {});
      assert.equal(state.retriever.view(COLLECTION).paper(added.id)?.title, added.title);
      assert.equal(holders(state.index, added.id), 1);
      assert.ok((await state.retriever.view(COLLECTION).search('marsupial sampling quokka')).hits.some((h) => h.paper.id === added.id));
      await assertClean(state.index);
      const again = await addPapers(s.root, [{ collection: COLLECTION, paper: added }], { index: state.index, records: s.records });
      assert.deepEqual(again.skipped.map((x) => x.reason), ['already in the collection']);
      assert.equal(holders(await loadIndex(s.root), added.id), 1);
    });
  }
});

test('a removal killed after its record was deleted is completed at the next start', CHILD_TEST, async () => {
  const s = await setup();
  const gone = paper(2);
  await addPapers(s.root, [gone, paper(3)].map((p) => ({ collection: COLLECTION, paper: p })), { records: s.records });
  await killedAt(s, 'remove', [gone], 'records-written');
  assert.equal(holders(await loadIndex(s.root), gone.id), 1);
  const state = await openIndex(s.settings, captureLog(), {});
  assert.equal(state.retriever.view(COLLECTION).paper(gone.id), undefined);
  assert.equal(state.retriever.view(COLLECTION).paper('added-3')?.id, 'added-3');
});

test('a compaction killed before or after its switch leaves every paper served once, and nothing behind after the next start', { ...CHILD_TEST, concurrency: 2 }, async (t) => {
  for (const step of ['compaction-written', 'compaction-switched'] as const) {
    await t.test(step, async () => {
      const s = await setup();
      for (const n of [4, 5, 6]) await addPapers(s.root, [{ collection: COLLECTION, paper: paper(n) }], { records: s.records, maxSegments: 0 });
      await killedAt(s, 'compact', [], step);
      const meanwhile = await loadIndex(s.root);
      assert.equal(meanwhile.segments.length, step === 'compaction-written' ? 3 : 1);
      const state = await openIndex(s.settings, captureLog(), {});
      for (const n of [4, 5, 6]) assert.equal(holders(state.index, `added-${n}`), 1);
      await assertClean(state.index);
    });
  }
});

test('a process that has the index open sees another process\'s addition, by fs.watch and by polling alone', CHILD_TEST, async () => {
  const s = await setup();
  const index = await loadIndex(s.root);
  const seen = (watch: boolean) =>
    new Promise<LoadedIndex>((resolve, reject) => {
      const follower = followIndex(index, (next) => {
        follower.close();
        resolve(next);
      }, { watch, pollMs: watch ? 1000 : 100, onError: reject });
    });
  // The followers' timer and watches do not keep a process alive (a bot has its gateway for that): this test needs a handle of its own.
  const keepAlive = setInterval(() => undefined, 1000);
  try {
    const [watched, polled] = [seen(true), seen(false)];
    await changed(s, 'add', [paper(8)]);
    for (const next of await Promise.all([watched, polled])) assert.equal(holders(next, 'added-8'), 1);
  } finally {
    clearInterval(keepAlive);
  }
});

test('a follower is not told of a change this process made and passed to update()', CHILD_TEST, async () => {
  const s = await setup();
  const index = await loadIndex(s.root);
  const told: LoadedIndex[] = [];
  const follower = followIndex(index, (next) => told.push(next), { watch: false, pollMs: 60_000 });
  const { index: mine } = await addPapers(s.root, [{ collection: COLLECTION, paper: paper(9) }], { index, records: s.records });
  follower.update(mine);
  await follower.check();
  assert.deepEqual(told, []);
  await changed(s, 'add', [paper(10)]);
  await follower.check();
  assert.equal(told.length, 1);
  assert.equal(holders(told[0]!, 'added-10'), 1);
  assert.equal(follower.index, told[0]);
  follower.close();
});
