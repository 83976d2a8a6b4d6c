/** What the benchmark runner asks a worker process to measure, and what the worker reports back. */
import type { LatencyStats } from './measure.js';
import type { RetrievalScores } from '../src/eval/metrics.js';

export type Task =
  /** Corpus files to a ready index, in a fresh data folder. */
  | { kind: 'ingest'; corpus: string[]; dataDir: string }
  /** What a bot restart waits for: PapercordService.open on an ingested index (no Ollama), then a first /ask. */
  | { kind: 'start'; corpus: string[]; dataDir: string }
  /** Load the index, answer a first question, then time `queries` more (and some limited to one paper). */
  | { kind: 'serve'; dataDir: string; queries: number; filtered: number; seed: number }
  /** The plain vectra way on the same corpus: upsertDocument per paper, then timed queryDocuments (BM25 mode). */
  | { kind: 'vectra'; corpus: string[]; folder: string; queries: number; seed: number }
  /**
   * Eval questions `from`..`to` against a plain vectra index a 'vectra' task built. Separate
   * processes of a few questions each: vectra's BM25 mode loads a new wink-nlp model on every
   * query, and after about 20 queries in one process that fails with "Invalid string length".
   */
  | { kind: 'vectra-recall'; corpus: string[]; folder: string; from: number; to: number }
  /** Our hybrid against BM25 alone on the eval questions, over indexes the ingest tasks built. */
  | { kind: 'quality'; corpora: { name: string; dataDir: string; singlePaperOnly: boolean }[] }
  /** The bot against the Discord emulator, the model replaced by the Ollama test server with a fixed delay. */
  | { kind: 'bot'; interactions: number; modelDelayMs: number }
  /** /related through PapercordService on an ingested index: `seeds` papers asked by id and by title, and `seeds` topics. */
  | { kind: 'related'; corpus: string[]; dataDir: string; seeds: number; seed: number }
  /** Papers added to an ingested index one at a time (each its own segment), questions with them before and after compaction. */
  | { kind: 'segments'; dataDir: string; additions: number; queries: number; seed: number };

export interface IngestResult {
  papers: number;
  chunks: number;
  /** Corpus files to a ready index: load, chunk, embed, write, reload. */
  ingestMs: number;
  /** CPU time (user + system) of the ingest: less disturbed than wall time when other processes share the cores. */
  ingestCpuMs: number;
  loadCorpusMs: number;
  /** Time spent in each build phase (as reported by buildIndex's progress). */
  phasesMs: Record<string, number>;
  indexBytes: number;
  largestFileBytes: number;
  shards: number;
  peakRssMB: number;
}

export interface ServeResult {
  chunks: number;
  /** Importing the store and retriever modules (vectra, MiniSearch): paid once per process. */
  importMs: number;
  loadIndexMs: number;
  /** loadIndex, building the retriever and answering the first question. */
  coldStartMs: number;
  coldStartCpuMs: number;
  firstQueryMs: number;
  latency: LatencyStats;
  /** Questions limited to one paper (`ask --paper`), which look the paper's chunks up in the vector table. */
  filteredLatency: LatencyStats;
  peakRssMB: number;
}

export interface StartResult {
  /** PapercordService.open: embedder choice, corpus check, index load, retriever and catalog. */
  openMs: number;
  /** The first ask after that (extractive: no model). */
  firstAnswerMs: number;
  /** Whether the corpus files were found unchanged and not read again. */
  corpusSkipped: boolean;
  /** Questions the metadata and the postings answer without a search, in order (see METADATA_QUESTIONS), each timed: the event loop is busy for all of it. */
  metadataAnswers: { question: string; ms: number; answer: string }[];
  peakRssMB: number;
}

export interface VectraResult {
  documents: number;
  chunks: number;
  ingestMs: number;
  /** Fitting our local embedder for vectra's use; not part of ingestMs (the plain way assumes a ready model). */
  fitMs: number;
  latency: LatencyStats;
  /** On the eval questions, scored like `npm run eval` scores this corpus (set by the runner from 'vectra-recall' tasks). */
  recall?: RetrievalScores;
  indexBytes: number;
  peakRssMB: number;
}

export interface VectraRecallResult {
  /** Per question (by eval id): the paper ids vectra returned, best first. */
  ranked: Record<string, string[]>;
}

export interface QualityRow {
  corpus: string;
  method: string;
  scores: RetrievalScores;
}

export interface QualityResult {
  rows: QualityRow[];
}

export interface BotResult {
  interactions: number;
  modelDelayMs: number;
  /** Interaction created in the emulator to the bot's acknowledgement (deferred reply) received, ms. */
  ack: LatencyStats;
  /** Callback types the bot answered with (5 = deferred reply), by count. */
  callbackTypes: Record<string, number>;
  /** The first interaction, sent alone before the burst: the bot's first-use costs. */
  firstAckMs: number;
  peakRssMB: number;
}

export interface RelatedResult {
  papers: number;
  /** One /related per seed, extractive (no model): a paper's id, the same papers' titles, free-text topics. */
  byId: LatencyStats;
  byTitle: LatencyStats;
  byText: LatencyStats;
  /** CPU time (user + system, with the garbage collector's threads) per request, over all of them: less disturbed than wall time when other processes share the cores. */
  cpuMsPerRequest: number;
  /** Mean length of the lists (of at most the default count), to show the timed lists are not empty. */
  meanListed: number;
  /** Heap held after a full collection, before the first /related (after one /ask) and after the last: what /related keeps between requests. */
  heapBeforeMB: number;
  heapAfterMB: number;
  peakRssMB: number;
}

export interface SegmentsResult {
  chunks: number;
  /** addPapers of one paper (with its record) on the loaded index, to the index in force with it: each of the additions. */
  addMs: LatencyStats;
  /** The first addition alone: it also makes the build's lookups the checks use. */
  firstAddMs: number;
  /** A new Retriever over the index after an addition and its first question seeing the collection. */
  firstQueryMs: number;
  segments: number;
  /** The same questions through the collection's view: the build alone (before any addition), with every segment, after compaction. */
  baseLatency: LatencyStats;
  segmentedLatency: LatencyStats;
  compactedLatency: LatencyStats;
  compactMs: number;
  /** The event loop's longest stall while the compaction ran in the background (what a question waited at most). */
  compactMaxStallMs: number;
  peakRssMB: number;
}

export type TaskResult = IngestResult | StartResult | ServeResult | VectraResult | VectraRecallResult | QualityResult | BotResult | RelatedResult | SegmentsResult;

/** Messages from a worker to the runner, over the IPC channel. */
export type WorkerMessage =
  | { type: 'progress'; phase: string; done: number; total: number }
  | { type: 'result'; result: TaskResult }
  | { type: 'error'; message: string };
