/** What lets a bot on a large corpus start in seconds: unchanged corpus files are not read again, and paper names are indexed in the background. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { corpusFingerprint } from '../src/corpus/load.js';
import { dataPath } from '../src/config.js';
import { currentBuildDir } from '../src/index/store.js';
import { corpusHash, type IndexManifest } from '../src/index/manifest.js';
import type { PapersFile } from '../src/index/papers-file.js';
import { PaperCatalog, SYNC_CATALOG_MAX } from '../src/names/catalog.js';
import { PapercordService } from '../src/service.js';
import type { Paper } from '../src/corpus/paper.js';
import { captureLog, tempDir, testSettings } from './support/env.js';

const record = (i: number, title: string) => JSON.stringify({ id: `p${i}`, title, abstract: `This paper studies ${title.toLowerCase()} with a new method and reports results on three benchmarks.`, authors: ['Ada Lovelace'] });

async function corpusDir(): Promise<{ dir: string; file: string }> {
  const dir = await tempDir();
  const file = path.join(dir, 'papers.jsonl');
  await fs.writeFile(file, [record(1, 'Sparse attention for long documents'), record(2, 'Robot grasping from video')].join('\n') + '\n');
  return { dir, file };
}

test('the corpus fingerprint changes with a file\'s content, a new file, a new sidecar; it is null for a missing entry', async () => {
  const { dir, file } = await corpusDir();
  const first = await corpusFingerprint([dir]);
  assert.match(first ?? '', /^[0-9a-f]{16}$/);
  assert.equal(await corpusFingerprint([dir]), first);
  await fs.appendFile(file, record(3, 'Protein folding with diffusion') + '\n');
  const grown = await corpusFingerprint([dir]);
  assert.notEqual(grown, first);
  await fs.writeFile(path.join(dir, 'more.jsonl'), record(4, 'Speech recognition in noise') + '\n');
  const more = await corpusFingerprint([dir]);
  assert.notEqual(more, grown);
  const txt = path.join(dir, 'abstracts.txt');
  await fs.writeFile(txt, 'Abstracts\n\nWe study graph colouring with a new solver and report faster solutions.\n');
  const withTxt = await corpusFingerprint([dir]);
  await fs.writeFile(path.join(dir, 'abstracts.meta.json'), JSON.stringify([{ title: 'Graph colouring solver' }]));
  assert.notEqual(await corpusFingerprint([dir]), withTxt, 'a new sidecar changes it');
  assert.equal(await corpusFingerprint([path.join(dir, 'nope.jsonl')]), null);
});

test('a second start on unchanged files does not read the corpus; a changed file is read and the index rebuilt; touched files are read once', async () => {
  const { dir, file } = await corpusDir();
  const settings = await testSettings({ CORPUS: dir });
  const first = await PapercordService.open(settings, { log: captureLog() });
  const log = captureLog();
  const second = await PapercordService.open(settings, { log });
  assert.ok(log.lines.some((l) => l.msg.startsWith('corpus files unchanged')), log.text());
  assert.ok(!log.lines.some((l) => l.msg.startsWith('corpus:')), 'the corpus was read again');
  assert.equal(second.indexVersion, first.indexVersion);
  assert.equal((await second.ask('sparse attention long documents')).sources[0]?.paperId, 'p1');
  assert.deepEqual(second.info().corpusProblems, first.info().corpusProblems);

  await fs.appendFile(file, record(3, 'Protein folding with diffusion') + '\n');
  const changed = captureLog();
  const third = await PapercordService.open(settings, { log: changed });
  assert.ok(changed.lines.some((l) => l.msg === 'building the index' && l.fields.reason === 'the corpus changed'), changed.text());
  assert.equal(third.papers.length, 3);
  // Same content written again: the times changed, so the files are read, and the index is kept.
  await fs.writeFile(file, await fs.readFile(file));
  const touched = captureLog();
  const fourth = await PapercordService.open(settings, { log: touched });
  assert.ok(touched.lines.some((l) => l.msg.startsWith('corpus:')), touched.text());
  assert.equal(fourth.indexVersion, third.indexVersion);
  // ...and the index now records the touched files, so the start after that does not read them.
  const fifth = captureLog();
  await PapercordService.open(settings, { log: fifth });
  assert.ok(fifth.lines.some((l) => l.msg.startsWith('corpus files unchanged')), fifth.text());
});

test('an index built before the importers read code links is built again at the first start, and answers with them', async () => {
  const { dir, file } = await corpusDir();
  await fs.appendFile(file, JSON.stringify({ id: 'p3', title: 'Coded: Protein folding with diffusion', abstract: 'We fold proteins with a diffusion model and report results on three benchmarks.', software: 'https://github.com/ada/coded' }) + '\n');
  const settings = await testSettings({ CORPUS: dir });
  const first = await PapercordService.open(settings, { log: captureLog() });
  // What papercord wrote before: the same index without the code links, its files recorded by importers v2.
  const build = (await currentBuildDir(dataPath(settings, 'index', first.info().embedder)))!;
  const papersFile = path.join(build, 'papers.json');
  const papers = JSON.parse(await fs.readFile(papersFile, 'utf8')) as PapersFile;
  papers.papers = papers.papers.map((row) => row.slice(0, 11) as PapersFile['papers'][number]);
  const json = JSON.stringify(papers);
  await fs.writeFile(papersFile, json);
  const manifestFile = path.join(build, 'manifest.json');
  const manifest = JSON.parse(await fs.readFile(manifestFile, 'utf8')) as IndexManifest;
  manifest.files['papers.json'] = Buffer.byteLength(json);
  manifest.corpusHash = corpusHash(first.papers.map(({ code: _, ...p }) => p));
  manifest.corpus!.fingerprint = (await corpusFingerprint([dir], {}, 2))!;
  await fs.writeFile(manifestFile, JSON.stringify(manifest));
  const log = captureLog();
  const upgraded = await PapercordService.open(settings, { log });
  assert.ok(log.lines.some((l) => l.msg === 'building the index' && l.fields.reason === 'the corpus changed'), log.text());
  assert.match((await upgraded.ask('Is Coded open source?', { useModel: false })).answer, /\nCode: https:\/\/github\.com\/ada\/coded$/);
});

test('two services starting at once on a data folder without an index build it once; a requested rebuild after a wait still builds', async () => {
  const { dir } = await corpusDir();
  const settings = await testSettings({ CORPUS: dir });
  const logs = [captureLog(), captureLog()];
  const [a, b] = await Promise.all(logs.map((log) => PapercordService.open(settings, { log })));
  assert.equal(a.indexVersion, b.indexVersion);
  const built = logs.filter((l) => l.lines.some((x) => x.msg === 'index ready' && x.fields.build === a.indexVersion && !l.lines.some((y) => y.msg.startsWith('the ingest waited for'))));
  assert.equal(built.length, 1, logs.map((l) => l.text()).join('\n---\n'));
  assert.ok(logs.some((l) => l.lines.some((x) => x.msg.startsWith('the ingest waited for built this corpus'))), 'the other one reused it');

  const forced = [captureLog(), captureLog()];
  const [c, d] = await Promise.all(forced.map((log) => PapercordService.open(settings, { log, forceRebuild: true })));
  assert.notEqual(c.indexVersion, d.indexVersion, 'both requested rebuilds happened');
});

test('a large catalog answers by plain word matches while its fuzzy index is built, then tolerates typos', async (t) => {
  const papers: Paper[] = Array.from({ length: SYNC_CATALOG_MAX + 1500 }, (_, i) => ({
    id: `p${i}`,
    title: i === 4242 ? 'PhaseCoder: Microphone Geometry-Agnostic Spatial Audio' : `Generated paper number ${i} on topic ${i % 97}`,
    abstract: 'x',
    authors: [`Author ${i % 13}`],
    aliases: i === 77 ? ['rl2uqlcoqx'] : [],
    source: { file: 'f', record: String(i) },
  }));
  // The slices wait on unref'd timers (a finished command-line run must not wait for them): keep this process up meanwhile.
  const keepAlive = setInterval(() => undefined, 1000);
  t.after(() => clearInterval(keepAlive));
  const catalog = new PaperCatalog(papers);
  assert.equal(catalog.fuzzy, false);
  assert.equal(catalog.suggest('phasecoder microphone', 3)[0]?.paper.id, 'p4242');
  assert.equal(catalog.get('p4242')?.id, 'p4242');
  assert.deepEqual(catalog.suggest('phasecodre', 3), [], 'no typo tolerance yet');
  // Nor a short word's prefix, as with the fuzzy index: "phas" starts "PhaseCoder" but names nothing.
  assert.ok(!('paper' in catalog.resolve('phas')));
  // An id from its start only for a word typed as one, before the fuzzy index as after: "rl" does not start the OpenReview id "rl2uqlcoqx".
  const idSuggested = () => [catalog.suggest('rl', 25).some((m) => m.paper.id === 'p77'), catalog.suggest('rl2u', 3)[0]?.paper.id];
  assert.deepEqual(idSuggested(), [false, 'p77']);
  await catalog.ready;
  assert.equal(catalog.fuzzy, true);
  assert.equal(catalog.suggest('phasecodre', 3)[0]?.paper.id, 'p4242');
  assert.deepEqual(idSuggested(), [false, 'p77']);

  const stopped = new PaperCatalog(papers);
  stopped.close();
  await stopped.ready;
  assert.equal(stopped.fuzzy, false, 'a closed catalog stops adding');
});
