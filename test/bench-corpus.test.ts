import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { ensureSynthCorpus, sentencePool, synthesize, writeSynthCorpus } from '../bench/corpus.js';
import { benchTopics } from '../bench/queries.js';
import { isStopword, words } from '../src/text/terms.js';
import { loadCorpus } from '../src/corpus/load.js';
import { chunkPaper } from '../src/chunking.js';
import { tempDir } from './support/env.js';

const sample = (await loadCorpus(['pmlr-v306'])).papers;
const pool = sentencePool(sample);

test('the generated corpus is the same for the same seed and differs for another', () => {
  const a = [...synthesize(pool, { chunks: 60, seed: 7 })];
  const b = [...synthesize(pool, { chunks: 60, seed: 7 })];
  const c = [...synthesize(pool, { chunks: 60, seed: 8 })];
  assert.deepEqual(a, b);
  assert.notDeepEqual(a.map((r) => r.abstract), c.map((r) => r.abstract));
});

test('the generated corpus has exactly the requested number of chunks once loaded, with unique titles and no problems', async () => {
  const dir = await tempDir();
  const written = await writeSynthCorpus(dir, synthesize(pool, { chunks: 120, seed: 3 }));
  assert.equal(written.chunks, 120);
  const loaded = await loadCorpus([dir]);
  assert.deepEqual(loaded.problems, []);
  assert.equal(loaded.papers.length, written.papers);
  assert.equal(loaded.papers.reduce((n, p) => n + chunkPaper(p).length, 0), 120);
  assert.equal(new Set(loaded.papers.map((p) => p.title.toLowerCase())).size, loaded.papers.length);
  // Every sentence is a real one from the sample: recombined, never invented.
  const first = loaded.papers[0]!.abstract.slice(0, 40);
  assert.ok(sample.some((p) => p.abstract.startsWith(first)), 'an abstract opens with a real abstract\'s first sentence');
});

test('a size in papers gives that many papers', () => {
  assert.equal([...synthesize(pool, { papers: 25, seed: 1 })].length, 25);
});

test('ensureSynthCorpus reuses a corpus generated with the same settings and regenerates for others', async () => {
  const workDir = await tempDir();
  const first = await ensureSynthCorpus({ workDir, chunks: 40, seed: 5, sample });
  assert.equal(first.reused, false);
  assert.equal(first.chunks, 40);
  const again = await ensureSynthCorpus({ workDir, chunks: 40, seed: 5, sample });
  assert.equal(again.reused, true);
  assert.equal(again.dir, first.dir);
  const files = await readdir(first.dir);
  const text = await readFile(path.join(first.dir, files[0]!), 'utf8');
  const other = await ensureSynthCorpus({ workDir, chunks: 40, seed: 6, sample });
  assert.equal(other.reused, false);
  assert.notEqual(await readFile(path.join(other.dir, files[0]!), 'utf8'), text);
});

test('the /related benchmark\'s topics are the same for the same seed, and each is a phrase an abstract writes, without a stopword at either end', () => {
  const topics = benchTopics(sample, 36, 5);
  assert.deepEqual(benchTopics(sample, 36, 5), topics);
  assert.notDeepEqual(benchTopics(sample, 36, 6), topics);
  const abstracts = sample.map((p) => words(p.abstract).join(' '));
  for (const topic of topics) {
    const w = topic.split(' ');
    assert.ok(w.length >= 2 && w.length <= 4, topic);
    assert.ok(!isStopword(w[0]!) && !isStopword(w.at(-1)!), topic);
    assert.ok(abstracts.some((a) => ` ${a} `.includes(` ${topic} `)), topic);
  }
});
