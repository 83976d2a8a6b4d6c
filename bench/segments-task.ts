/**
 * The 'segments' task of the bench worker: papers added one at a time to an ingested index
 * (each addition its own segment, with its record, as /add does), then the same questions
 * through the collection's view on the build alone, with every segment, and after compaction.
 */
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { Paper } from '../src/corpus/paper.js';
import type { Task, SegmentsResult } from './protocol.js';
import { latencyStats, loopLateMs, peakRssMB, since } from './measure.js';
import { Prng } from './prng.js';

const COLLECTION = 'bench';

/** A paper made of sentences of the index's papers, under an id and title of its own. */
function madeUpPaper(papers: readonly Paper[], n: number, rng: Prng): Paper {
  const text = Array.from({ length: 3 }, () => rng.pick(papers).abstract.split(/(?<=\.)\s+/)[0]!).join(' ');
  const name = `Segmentor${n}`;
  return { id: `bench-added-${n}`, title: `${name}: ${rng.pick(papers).title}`, abstract: text, authors: ['B. Enchmark'], aliases: [], source: { file: 'bench', record: String(n) } };
}

export async function segments(task: Extract<Task, { kind: 'segments' }>, progress: (phase: string, done: number, total: number) => void): Promise<SegmentsResult> {
  const { loadIndex } = await import('../src/index/store.js');
  const { addPapers } = await import('../src/index/additions.js');
  const { compactSegments } = await import('../src/index/compact.js');
  const { Retriever } = await import('../src/retrieval/retriever.js');
  const { DEFAULT_RETRIEVAL, PROJECT_ROOT } = await import('../src/config.js');
  const { localEmbedderId, LOCAL_DIMS } = await import('../src/embed/select.js');
  const { loadQuestions } = await import('../src/eval/questions.js');
  const { benchQueries } = await import('./queries.js');
  const root = path.join(task.dataDir, 'index', localEmbedderId(LOCAL_DIMS));
  const records = path.join(task.dataDir, 'collections');
  const rng = new Prng(task.seed);
  let index = await loadIndex(root);
  const embedder = index.localEmbedder!;
  const added = Array.from({ length: task.additions }, (_, i) => madeUpPaper(index.papers, i, rng));
  // Questions about the added papers and about the build's, in equal parts.
  const evalQuestions = (await loadQuestions(path.join(PROJECT_ROOT, 'data/eval/questions.jsonl'))).map((q) => q.question);
  const about = [...added, ...Array.from({ length: added.length }, () => rng.pick(index.papers))];
  const queries = [...evalQuestions.slice(0, 20), ...benchQueries(about, [], task.queries - 20, task.seed)];
  const timeQueries = async (label: string) => {
    const view = new Retriever(index, embedder, { ...DEFAULT_RETRIEVAL }).view(COLLECTION);
    await view.search(queries[0]!);
    const samples: number[] = [];
    for (const [i, q] of queries.entries()) {
      const t = performance.now();
      await view.search(q);
      samples.push(since(t));
      if (i % 50 === 49) progress(label, i + 1, queries.length);
    }
    return latencyStats(samples);
  };
  const baseLatency = await timeQueries('questions, build alone');
  const addMs: number[] = [];
  let firstQueryMs = 0;
  for (const [i, paper] of added.entries()) {
    const t = performance.now();
    index = (await addPapers(root, [{ collection: COLLECTION, paper }], { index, records, maxSegments: 0 })).index;
    addMs.push(since(t));
    if (i === 0) {
      const q = performance.now();
      await new Retriever(index, embedder, { ...DEFAULT_RETRIEVAL }).view(COLLECTION).search(`What does ${paper.title.split(':')[0]} do?`);
      firstQueryMs = since(q);
    }
    progress('additions', i + 1, added.length);
  }
  const segmentCount = index.segments.length;
  const segmentedLatency = await timeQueries(`questions, ${segmentCount} segments`);
  const loop = monitorEventLoopDelay({ resolution: 5 });
  loop.enable();
  const t = performance.now();
  index = (await compactSegments(root, { index })).index;
  const compactMs = since(t);
  loop.disable();
  const compactedLatency = await timeQueries('questions, compacted');
  return {
    chunks: index.chunks.length,
    addMs: latencyStats(addMs),
    firstAddMs: addMs[0]!,
    firstQueryMs,
    segments: segmentCount,
    baseLatency,
    segmentedLatency,
    compactedLatency,
    compactMs,
    compactMaxStallMs: loopLateMs(loop.max),
    peakRssMB: peakRssMB(),
  };
}
