/**
 * The collections' records under DATA_DIR/collections are what keeps added papers: a restart,
 * a rebuild (/reindex), or an index built anew for another embedder serves them again.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { promises as fs } from 'node:fs';
import { COLLECTIONS_DIR, dataPath, type Settings } from '../src/config.js';
import { loadCorpus } from '../src/corpus/load.js';
import type { Paper } from '../src/corpus/paper.js';
import { openIndex, withIndex } from '../src/library/open.js';
import { addPapers, removePaper } from '../src/index/additions.js';
import { collectionProblem, readAllRecords, readCollection, recordKeys, writeRecords } from '../src/collections/records.js';
import { localEmbedderId } from '../src/embed/select.js';
import { captureLog, testSettings } from './support/env.js';

const fullText = [{ section: '§4 Experiments', page: 6, text: 'The wombat benchmark has forty burrows and one hundred queries.' }];

function paper(n: number): Paper {
  return { id: `10.1234/added.${n}`, title: `Wombat${n}: Burrow-Aware Retrieval`, abstract: `Wombat${n} retrieves burrows. It is evaluated on marsupial data.`, authors: ['B. Tester'], aliases: [], source: { file: 'doi', record: `10.1234/added.${n}` } };
}

async function setup(): Promise<{ settings: Settings; root: string; records: string }> {
  const settings = await testSettings();
  return { settings, root: dataPath(settings, 'index', localEmbedderId()), records: dataPath(settings, COLLECTIONS_DIR) };
}

test('added papers survive a restart and a rebuild (/reindex): their records become the new build\'s segments before it is current', async () => {
  const { settings, root, records } = await setup();
  const first = await openIndex(settings, captureLog(), {});
  await addPapers(root, [{ collection: 'guild:1', paper: paper(1), fullText }, { collection: 'local', paper: paper(2) }], { index: first.index, records });
  const restarted = await openIndex(settings, captureLog(), {});
  assert.equal(restarted.index.manifest.buildId, first.index.manifest.buildId);
  assert.equal(restarted.retriever.view('guild:1').paper(paper(1).id)?.title, paper(1).title);
  const rebuilt = await openIndex(settings, captureLog(), { forceRebuild: true });
  assert.notEqual(rebuilt.index.manifest.buildId, first.index.manifest.buildId);
  assert.equal(rebuilt.index.generation, 1, 'carried in the build, not added after it');
  const guild = rebuilt.retriever.view('guild:1');
  assert.equal(guild.paper(paper(1).id)?.abstract, paper(1).abstract);
  assert.equal(guild.paper(paper(2).id), undefined);
  const hit = (await guild.search('wombat benchmark burrows queries')).hits.find((h) => h.chunk.section);
  assert.deepEqual([hit?.paper.id, hit?.chunk.section, hit?.chunk.page], [paper(1).id, '§4 Experiments', 6]);
  assert.equal(rebuilt.retriever.view('local').paper(paper(2).id)?.id, paper(2).id);
});

test('an index built anew (another embedder, or its folder lost) serves the added papers from their records', async () => {
  const { settings, root, records } = await setup();
  const first = await openIndex(settings, captureLog(), {});
  await addPapers(root, [{ collection: 'guild:1', paper: paper(3) }], { index: first.index, records });
  await fs.rm(dataPath(settings, 'index'), { recursive: true });
  const again = await openIndex(settings, captureLog(), {});
  assert.equal(again.retriever.view('guild:1').paper(paper(3).id)?.id, paper(3).id);
});

test('a start adds the records its index lacks and removes what no record holds', async () => {
  const { settings, root, records } = await setup();
  const first = await openIndex(settings, captureLog(), {});
  await addPapers(root, [{ collection: 'c', paper: paper(4) }], { index: first.index, records });
  // As if a process had died between writing a record and indexing it, and another between deleting one and its tombstone.
  await writeRecords(records, [{ collection: 'c', paper: paper(5) }]);
  await fs.rm(records, { recursive: true });
  await writeRecords(records, [{ collection: 'c', paper: paper(5) }]);
  const log = captureLog();
  const state = await openIndex(settings, log, {});
  const view = state.retriever.view('c');
  assert.equal(view.paper(paper(5).id)?.id, paper(5).id);
  assert.equal(view.paper(paper(4).id), undefined);
  assert.ok(log.lines.some((l) => l.msg.startsWith('papers of the collections that the index lacked')), log.text());
  assert.ok(log.lines.some((l) => l.msg.startsWith('papers no collection record holds')), log.text());
  // In line now: the next start changes nothing.
  const next = await openIndex(settings, captureLog(), {});
  assert.equal(next.index.generation, state.index.generation);
});

test('records: one whole file per paper, listed without being read, read back oldest first, removed with the paper', async () => {
  const { settings, root, records } = await setup();
  const state = await openIndex(settings, captureLog(), {});
  await addPapers(root, [{ collection: 'guild:9', paper: paper(6), fullText }], { index: state.index, records });
  const after = await addPapers(root, [{ collection: 'guild:9', paper: paper(7) }], { records });
  assert.deepEqual([...(await fs.readdir(records))], ['guild%3A9']);
  assert.equal((await recordKeys(records)).get('guild:9')?.size, 2);
  const read = await readCollection(records, 'guild:9');
  assert.deepEqual(read.map((r) => [r.paper.id, r.fullText?.length ?? 0]), [[paper(6).id, 1], [paper(7).id, 0]]);
  assert.deepEqual(read[0]!.paper, paper(6));
  await removePaper(root, 'guild:9', paper(6).id, { index: after.index, records });
  assert.deepEqual((await readAllRecords(records)).map((r) => r.paper.id), [paper(7).id]);
  // A damaged record is reported and left out, not fatal.
  const [key] = (await recordKeys(records)).get('guild:9')!;
  await fs.writeFile(`${records}/guild%3A9/${key}.json`, '{"format":1');
  const problems: string[] = [];
  assert.deepEqual(await readCollection(records, 'guild:9', { onProblem: (file) => problems.push(file) }), []);
  assert.equal(problems.length, 1);
  assert.equal(collectionProblem('..'), null, 'a collection named ".." is a folder named %2E%2E');
  assert.match(collectionProblem('')!, /non-empty/);
});

test('a record of a paper the corpus now holds is not added again: the corpus paper serves every collection', async () => {
  const { settings, root, records } = await setup();
  const { papers } = await loadCorpus(['icml2026']);
  await writeRecords(records, [{ collection: 'c', paper: papers[0]! }]);
  const state = await openIndex(settings, captureLog(), { forceRebuild: true });
  assert.equal(state.index.segments.length, 0);
  assert.equal(state.retriever.view('c').paper(papers[0]!.id)?.id, papers[0]!.id);
  assert.equal((await addPapers(root, [{ collection: 'c', paper: papers[0]! }], { index: state.index })).skipped[0]?.reason, 'in the shipped corpus');
});

test('withIndex swaps in a newer version of the same build, keeping the paper catalog', async () => {
  const { settings, root, records } = await setup();
  const state = await openIndex(settings, captureLog(), {});
  const { index } = await addPapers(root, [{ collection: 'c', paper: paper(8) }], { index: state.index, records });
  const next = withIndex(state, index, settings, captureLog());
  assert.equal(next.catalog, state.catalog);
  assert.equal(next.retriever.view('c').paper(paper(8).id)?.id, paper(8).id);
  assert.equal(state.retriever.view('c').paper(paper(8).id), undefined);
});
