/** Ingest, cold start, retrieval latency and memory from 19 papers to 100,000 chunks, local embedder. */
import path from 'node:path';
import { ensureSynthCorpus } from '../corpus.js';
import { runTask } from '../child.js';
import { int, mb, ms, type Table } from '../format.js';
import type { IngestResult, ServeResult, StartResult } from '../protocol.js';
import type { Section, SectionContext, SectionResult } from './section.js';
import { SYNC_CATALOG_MAX } from '../../src/names/catalog.js';

/** Timed questions per size (the issue asks for at least 200) and questions limited to one paper. */
export const QUERIES = 300;
export const FILTERED_QUERIES = 50;

interface SizeSpec {
  label: string;
  /** Where the papers come from, for the table. */
  source: string;
  quick: boolean;
  corpus(ctx: SectionContext, onProgress: (done: number, total: number) => void): Promise<string[]>;
}

const synth = (chunks: number) => async (ctx: SectionContext, onProgress: (done: number, total: number) => void) => [
  (await ensureSynthCorpus({ workDir: ctx.workDir, chunks, seed: ctx.seed, onProgress })).dir,
];

export const SIZES: SizeSpec[] = [
  { label: '19', source: 'icml2026 (real)', quick: true, corpus: async () => ['icml2026'] },
  // The eval corpus with distractors: the quality comparison reuses this index.
  { label: '306', source: 'icml2026 + pmlr-v306 (real)', quick: true, corpus: async () => ['icml2026', 'pmlr-v306'] },
  { label: '1k', source: 'generated', quick: true, corpus: synth(1_000) },
  { label: '10k', source: 'generated', quick: false, corpus: synth(10_000) },
  { label: '100k', source: 'generated', quick: false, corpus: synth(100_000) },
];

export interface SizeResult {
  label: string;
  source: string;
  corpus: string[];
  dataDir: string;
  ingest: IngestResult;
  serve: ServeResult;
  start: StartResult;
}

/** A size the scale section measured in this run, for the sections that reuse its indexes. */
export function scaleSize(results: ReadonlyMap<string, SectionResult>, label: string): SizeResult | undefined {
  return (results.get('scale')?.data as { sizes: SizeResult[] } | undefined)?.sizes.find((s) => s.label === label);
}

/** Ingest in one process, then load and query in another: each peak is its own. */
export async function measureSize(ctx: SectionContext, label: string, source: string, corpus: string[]): Promise<SizeResult> {
  const dataDir = path.join(ctx.workDir, `data-${label}`);
  const step = `ingest ${label}`;
  ctx.progress.start(step);
  const ingest = await runTask<IngestResult>({ kind: 'ingest', corpus, dataDir }, (phase, done, total) => ctx.progress.update(step, phase, done, total));
  ctx.progress.done(step, `${ms(ingest.ingestMs)}, ${int(ingest.papers / (ingest.ingestMs / 1000))} papers/s, ${mb(ingest.indexBytes, 'bytes')} on disk, peak ${mb(ingest.peakRssMB)}`, { ...ingest });
  const serveStep = `queries ${label}`;
  ctx.progress.start(serveStep);
  const serve = await runTask<ServeResult>({ kind: 'serve', dataDir, queries: QUERIES, filtered: FILTERED_QUERIES, seed: ctx.seed }, (phase, done, total) => ctx.progress.update(serveStep, phase, done, total));
  ctx.progress.done(serveStep, `cold start ${ms(serve.coldStartMs)}, p50 ${ms(serve.latency.p50)}, p95 ${ms(serve.latency.p95)}, peak ${mb(serve.peakRssMB)}`, { ...serve, latency: undefined, filteredLatency: undefined, p50: serve.latency.p50, p95: serve.latency.p95 });
  const startStep = `service start ${label}`;
  ctx.progress.start(startStep);
  const start = await runTask<StartResult>({ kind: 'start', corpus, dataDir }, () => undefined);
  ctx.progress.done(startStep, `open ${ms(start.openMs)} (corpus ${start.corpusSkipped ? 'not read again' : 'read'}), first answer ${ms(start.firstAnswerMs)}, peak ${mb(start.peakRssMB)}`, { ...start });
  return { label, source, corpus, dataDir, ingest, serve, start };
}

function scaleTable(sizes: SizeResult[]): Table {
  return {
    columns: ['chunks', 'papers', 'source', 'ingest', 'ingest CPU', 'papers/s', 'µs/chunk', 'index on disk', 'ingest peak RSS', 'cold start', 'cold start CPU', 'p50', 'p95', 'p50 one paper', 'query peak RSS', 'service start + first answer', 'service peak RSS'],
    rows: sizes.map((s) => [
      int(s.ingest.chunks),
      int(s.ingest.papers),
      s.source,
      ms(s.ingest.ingestMs),
      ms(s.ingest.ingestCpuMs),
      int(s.ingest.papers / (s.ingest.ingestMs / 1000)),
      int((s.ingest.ingestMs * 1000) / s.ingest.chunks),
      mb(s.ingest.indexBytes, 'bytes'),
      mb(s.ingest.peakRssMB),
      ms(s.serve.coldStartMs),
      ms(s.serve.coldStartCpuMs),
      ms(s.serve.latency.p50),
      ms(s.serve.latency.p95),
      ms(s.serve.filteredLatency.p50),
      mb(s.serve.peakRssMB),
      `${ms(s.start.openMs + s.start.firstAnswerMs)}${s.start.corpusSkipped ? '' : ' (corpus read)'}`,
      mb(s.start.peakRssMB),
    ]),
  };
}

/** Each metadata question's time at each size (see METADATA_QUESTIONS in bench/worker.ts). */
function metadataTable(sizes: SizeResult[]): Table {
  const questions = sizes[0]?.start.metadataAnswers.map((a) => a.question) ?? [];
  return {
    columns: ['question', ...sizes.map((s) => `${s.label} chunks`)],
    rows: questions.map((q, i) => [q, ...sizes.map((s) => ms(s.start.metadataAnswers[i]?.ms ?? NaN))]),
  };
}

export const scaleSection: Section = {
  id: 'scale',
  title: 'Ingest and retrieval by corpus size (local embedder)',
  async run(ctx): Promise<SectionResult> {
    const sizes: SizeResult[] = [];
    for (const spec of SIZES.filter((s) => (ctx.sizes ? ctx.sizes.includes(s.label) : s.quick || !ctx.quick))) {
      const step = `corpus ${spec.label}`;
      ctx.progress.start(step);
      const corpus = await spec.corpus(ctx, (done, total) => ctx.progress.update(step, 'generate', done, total));
      ctx.progress.done(step, corpus.join(', '));
      sizes.push(await measureSize(ctx, spec.label, spec.source, corpus));
    }
    const phases = sizes.map((s) => `${s.label}: ${Object.entries({ 'load corpus': s.ingest.loadCorpusMs, ...s.ingest.phasesMs }).map(([k, v]) => `${k} ${ms(v)}`).join(', ')}`);
    return {
      id: 'scale',
      title: this.title,
      status: 'ok',
      tables: [scaleTable(sizes), metadataTable(sizes)],
      notes: [
        `Ingest: corpus files to a ready index (load and parse the files, chunk, fit and run the local embedder, write shards, BM25 and metadata, switch CURRENT, load the new build). Each ingest and each query run is its own process; peak RSS is that process's high-water mark. CPU: user + system time of that step (with the garbage collector's threads), for comparison when other processes share the cores.`,
        `Cold start: load the index and answer a first question. Latency: ${QUERIES} questions through Retriever.search (the hybrid path of ask): the labeled eval questions, then generated ones; "one paper": ${FILTERED_QUERIES} questions limited to one paper (ask --paper).`,
        `Service start: what a bot restart on an ingested index waits for, in its own process: PapercordService.open (embedder choice with Ollama refusing at once, the corpus files' fingerprint, which finds them unchanged so they are not read again, the index, retriever and paper catalog; above ${int(SYNC_CATALOG_MAX)} papers the catalog's typo-tolerant index is built in the background afterwards), then one /ask answered extractively.`,
        `Questions answered from the metadata or by reading every abstract that writes a topic, asked in this order after the service start, extractively, each after the one before ("the 12th one" of the RL papers). Nothing else runs on the event loop meanwhile: a bot answers no other interaction for that long.`,
        // Shards are embedded and written one after the other, so "embed" runs until the last shard is written.
        `Ingest phases ("embed" also tokenizes, fits and writes every shard but the last; "write" is the last shard), ${phases.join('; ')}.`,
      ],
      data: { sizes },
    };
  },
};
