/**
 * The speed-ups made for the benchmarks change how results are computed, never what they are:
 * each fast path is checked here against the code it replaced, on the real corpus with its
 * distractors, with the eval questions and generated ones.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import MiniSearch from 'minisearch';
import { loadCorpus } from '../src/corpus/load.js';
import { buildIndex } from '../src/index/store.js';
import { bm25Options } from '../src/index/bm25.js';
import { VectorTable } from '../src/retrieval/vectors.js';
import { chunkIndexText } from '../src/chunking.js';
import { loadQuestions } from '../src/eval/questions.js';
import { PROJECT_ROOT } from '../src/config.js';
import { terms } from '../src/text/terms.js';
import { benchQueries } from '../bench/queries.js';
import { tempDir } from './support/env.js';

const papers = (await loadCorpus(['icml2026', 'pmlr-v306'])).papers;
const index = await buildIndex({ root: await tempDir(), papers, embedder: null });
const evalQuestions = (await loadQuestions(path.join(PROJECT_ROOT, 'data/eval/questions.jsonl'))).map((q) => q.question);
const queries = benchQueries(index.papers, evalQuestions, 150, 11);
const titles = new Map(index.papers.map((p) => [p.id, p.title]));

test('compact BM25 ranks exactly as MiniSearch does: same ids, same scores, same order, with and without a filter', () => {
  const mini = new MiniSearch(bm25Options());
  mini.addAll(index.chunks.map((c) => ({ id: c.id, title: titles.get(c.paperId)!, text: c.text })));
  for (const q of queries) {
    const want = mini.search(q).map((r) => [r.id, r.score]);
    assert.deepEqual(index.bm25.search(q).map((r) => [r.id, r.score]), want, q);
    assert.deepEqual(index.bm25.search(q, { limit: 50 }).map((r) => [r.id, r.score]), want.slice(0, 50), q);
  }
  for (const [i, q] of queries.slice(0, 20).entries()) {
    const prefix = `${index.papers[(i * 37) % index.papers.length]!.id}#`;
    const want = mini.search(q, { filter: (r) => String(r.id).startsWith(prefix) }).map((r) => [r.id, r.score]);
    assert.deepEqual(index.bm25.search(q, { filter: (id) => id.startsWith(prefix) }).map((r) => [r.id, r.score]), want);
  }
});

test('the vector table finds what vectra queryItems finds, with the same cosine to the last bit', async () => {
  const table = await VectorTable.fromShards(index.shards);
  const embedder = index.localEmbedder!;
  // The replaced code: queryItems on every shard, merged.
  const viaVectra = async (v: number[], limit: number, paperId?: string) => {
    const filter = paperId ? { paperId: { $eq: paperId } } : undefined;
    const perShard = await Promise.all(index.shards.map((s) => s.queryItems(v, '', limit, filter)));
    return perShard
      .flat()
      .filter((r) => Number.isFinite(r.score))
      .sort((a, b) => b.score - a.score)
      .slice(0, limit)
      .map((r) => [r.item.id, r.score]);
  };
  for (const [i, q] of queries.entries()) {
    const v = await embedder.embedQuery(q);
    if (!v.some((x) => x !== 0)) continue;
    assert.deepEqual(table.search(v, 50).map((h) => [h.id, h.score]), await viaVectra(v, 50), q);
    const paperId = index.papers[(i * 13) % index.papers.length]!.id;
    assert.deepEqual(table.search(v, 50, paperId).map((h) => [h.id, h.score]), await viaVectra(v, 50, paperId), q);
  }
});

test('the local embedder gives the vectors of its original implementation, bit for bit', () => {
  const embedder = index.localEmbedder!;
  const state = embedder.toState();
  // The implementation before the speed-up, kept here as the reference.
  const reference = (text: string): number[] => {
    const fnv1a = (s: string) => {
      let h = 0x811c9dc5;
      for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
      return h >>> 0;
    };
    const idf = (t: string) => Math.log((state.docs + 1) / ((state.df[t] ?? 0) + 1)) + 1;
    const toks = terms(text);
    const counts = new Map<string, number>();
    for (let i = 0; i < toks.length; i++) {
      counts.set(toks[i]!, (counts.get(toks[i]!) ?? 0) + 1);
      if (i + 1 < toks.length) counts.set(`${toks[i]} ${toks[i + 1]}`, (counts.get(`${toks[i]} ${toks[i + 1]}`) ?? 0) + 1);
    }
    const v = new Array<number>(state.dims).fill(0);
    for (const [feature, tf] of counts) {
      const space = feature.indexOf(' ');
      const w = space < 0 ? idf(feature) : 0.6 * Math.max(idf(feature.slice(0, space)), idf(feature.slice(space + 1)));
      const h = fnv1a(feature);
      v[h % state.dims]! += (h & 0x80000000 ? -1 : 1) * (1 + Math.log(tf)) * w;
    }
    let norm = 0;
    for (const x of v) norm += x * x;
    norm = Math.sqrt(norm) || 1;
    return v.map((x) => x / norm);
  };
  const byId = new Map(index.papers.map((p) => [p.id, p]));
  for (const c of index.chunks) {
    const text = chunkIndexText(byId.get(c.paperId)!, c);
    assert.deepEqual(embedder.vector(text), reference(text), c.id);
  }
  for (const q of queries) assert.deepEqual(embedder.vector(q), reference(q), q);
});
