/**
 * A build with papers added in segments searches as an index rebuilt with the same papers:
 * BM25 weighs terms by the statistics of the build and the segments together, so the same
 * chunks come out in the same order with the same scores, before and after removals and
 * compaction. The vectors come from an embedder that is not refitted (as Ollama's), so the
 * hybrid search can be compared whole.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { loadCorpus } from '../src/corpus/load.js';
import type { Paper } from '../src/corpus/paper.js';
import { buildIndex, type LoadedIndex } from '../src/index/store.js';
import { addPapers, removePaper } from '../src/index/additions.js';
import { compactSegments } from '../src/index/compact.js';
import { LocalEmbedder } from '../src/embed/local.js';
import type { Embedder } from '../src/embed/embedder.js';
import { Retriever } from '../src/retrieval/retriever.js';
import { chunkIndexText } from '../src/chunking.js';
import { DEFAULT_RETRIEVAL, PROJECT_ROOT } from '../src/config.js';
import { loadQuestions } from '../src/eval/questions.js';
import { benchQueries } from '../bench/queries.js';
import { tempDir } from './support/env.js';

const all = (await loadCorpus(['icml2026', 'pmlr-v306'])).papers;
const base = all.slice(0, 240);
const added = all.slice(240);
const evalQuestions = (await loadQuestions(path.join(PROJECT_ROOT, 'data/eval/questions.jsonl'))).map((q) => q.question);
const queries = benchQueries(all, evalQuestions, 120, 5);

/** A hashing embedder fitted once, on the build's papers, and never again: what an Ollama model is to the index. */
function fixedEmbedder(): Embedder {
  const fitted = LocalEmbedder.fit(base.map((p) => chunkIndexText(p, { text: p.abstract })));
  return { id: 'fixed-hash-512', kind: 'ollama', dims: fitted.dims, embedDocuments: (texts) => fitted.embedDocuments(texts), embedQuery: (t) => fitted.embedQuery(t) };
}
const embedder = fixedEmbedder();

const rebuilt = async (papers: Paper[]) => new Retriever(await buildIndex({ root: await tempDir(), papers, embedder }), embedder, DEFAULT_RETRIEVAL);

/** The build, with `added` in three segments of collection "c" (and one of collection "other"). */
async function withSegments(): Promise<{ root: string; index: LoadedIndex }> {
  const root = await tempDir();
  let index = await buildIndex({ root, papers: base, embedder });
  for (const part of [added.slice(0, 20), added.slice(20, 21), added.slice(21)]) {
    index = (await addPapers(root, part.map((paper) => ({ collection: 'c', paper })), { index, embedder, maxSegments: 0 })).index;
  }
  index = (await addPapers(root, added.slice(0, 5).map((paper) => ({ collection: 'other', paper })), { index, embedder, maxSegments: 0 })).index;
  return { root, index };
}

async function assertSameRanking(segmented: Retriever, whole: Retriever): Promise<void> {
  for (const q of queries) {
    assert.deepEqual(segmented.keywordHits(q, undefined, 200), whole.keywordHits(q, undefined, 200), q);
    const [a, b] = await Promise.all([segmented.search(q), whole.search(q)]);
    assert.deepEqual(
      a.hits.map((h) => [h.chunk.id, h.score, h.cosine, h.coverage]),
      b.hits.map((h) => [h.chunk.id, h.score, h.cosine, h.coverage]),
      q,
    );
    assert.equal(a.relevant, b.relevant, q);
  }
  for (const t of ['model', 'diffus', 'reinforc', 'token', 'graph']) assert.equal(segmented.termStats.idf(t), whole.termStats.idf(t), t);
}

test('a build with three segments ranks every question as an index rebuilt with the same papers: same chunks, same scores, same order', async () => {
  const { index } = await withSegments();
  assert.equal(index.segments.length, 4);
  const view = new Retriever(index, embedder, DEFAULT_RETRIEVAL).view('c');
  await assertSameRanking(view, await rebuilt(all));
});

test('the build alone, as the root retriever sees it, still ranks as the build did', async () => {
  const { index } = await withSegments();
  await assertSameRanking(new Retriever(index, embedder, DEFAULT_RETRIEVAL), await rebuilt(base));
});

test('after removals the ranking is that of an index rebuilt without the removed papers; after compaction too', async () => {
  const { root, index } = await withSegments();
  const gone = [added[3]!.id, added[20]!.id, added[40]!.id];
  let current = index;
  for (const id of gone) current = (await removePaper(root, 'c', id, { index: current })).index;
  const expected = await rebuilt(all.filter((p) => !gone.includes(p.id)));
  await assertSameRanking(new Retriever(current, embedder, DEFAULT_RETRIEVAL).view('c'), expected);
  const compacted = await compactSegments(root, { index: current, collections: ['c'] });
  assert.deepEqual(compacted.merges.map((m) => [m.collection, m.from.length, m.papers, m.dropped]), [['c', 3, added.length - 3, 3]]);
  assert.equal(compacted.index.segments.filter((s) => s.collection === 'c').length, 1);
  await assertSameRanking(new Retriever(compacted.index, embedder, DEFAULT_RETRIEVAL).view('c'), expected);
});
