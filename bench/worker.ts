/**
 * One measurement in its own process, so that each size's peak memory is its own. Started by
 * the runner with an IPC channel: gets a Task as JSON in argv, sends progress and one result.
 */
import { promises as fs } from 'node:fs';
import path from 'node:path';
import type { Logger } from '../src/log.js';
import type { Turn } from '../src/types.js';
import type { Task, TaskResult, WorkerMessage, IngestResult, StartResult, ServeResult, VectraResult, VectraRecallResult, QualityResult, QualityRow, BotResult, RelatedResult } from './protocol.js';
import { cpuMs, dirBytes, heapAfterGcMB, latencyStats, peakRssMB, since } from './measure.js';

const send = (m: WorkerMessage) => process.send?.(m);
const progress = (phase: string, done: number, total: number) => send({ type: 'progress', phase, done, total });

/** Where a data folder keeps the local embedder's index, as the service lays it out. */
async function indexRoot(dataDir: string): Promise<string> {
  const { localEmbedderId, LOCAL_DIMS } = await import('../src/embed/select.js');
  return path.join(dataDir, 'index', localEmbedderId(LOCAL_DIMS));
}

async function ingest(task: Extract<Task, { kind: 'ingest' }>): Promise<IngestResult> {
  const { corpusFingerprint, loadCorpus, loadCounts } = await import('../src/corpus/load.js');
  const { buildIndex, currentBuildDir } = await import('../src/index/store.js');
  const { LOCAL_DIMS } = await import('../src/embed/select.js');
  await fs.rm(task.dataDir, { recursive: true, force: true });
  const root = await indexRoot(task.dataDir);
  const t0 = performance.now();
  const cpu0 = cpuMs();
  progress('load corpus', 0, 1);
  // As `npm run ingest` does: the fingerprint lets a restart skip reading unchanged files.
  const fingerprint = await corpusFingerprint(task.corpus);
  const corpus = await loadCorpus(task.corpus);
  const loadCorpusMs = since(t0);
  // Time of each phase's last progress report: a phase runs from the previous phase's last report to its own.
  const lastReport = new Map<string, number>();
  const buildStart = performance.now();
  const index = await buildIndex({
    root,
    papers: corpus.papers,
    embedder: null,
    localDims: LOCAL_DIMS,
    corpus: fingerprint ? { fingerprint, ...loadCounts(corpus) } : undefined,
    onProgress: (p) => {
      lastReport.set(p.phase, performance.now());
      progress(p.phase, p.done, p.total);
    },
  });
  const end = performance.now();
  const ingestMs = end - t0;
  const ingestCpuMs = cpuMs() - cpu0;
  const phasesMs: Record<string, number> = {};
  let prev = buildStart;
  for (const [phase, t] of lastReport) {
    phasesMs[phase] = t - prev;
    prev = t;
  }
  // After the last report: papers, chunks, BM25 and manifest files, the switch to the new build and its reload.
  phasesMs.finish = end - prev;
  const dir = (await currentBuildDir(root))!;
  const files = Object.values(index.manifest.files);
  return {
    papers: index.manifest.papers,
    chunks: index.manifest.chunks,
    ingestMs,
    ingestCpuMs,
    loadCorpusMs,
    phasesMs,
    indexBytes: await dirBytes(dir),
    largestFileBytes: Math.max(...files),
    shards: index.manifest.shards.length,
    peakRssMB: peakRssMB(),
  };
}

async function start(task: Extract<Task, { kind: 'start' }>): Promise<StartResult> {
  const { PapercordService } = await import('../src/service.js');
  const settings = await serviceSettings(task.corpus, task.dataDir);
  const messages: string[] = [];
  const log: Logger = { debug: () => undefined, info: (m) => void messages.push(m), warn: (m) => void messages.push(m), error: (m) => void messages.push(m), child: () => log };
  const t0 = performance.now();
  const service = await PapercordService.open(settings, { log });
  const openMs = since(t0);
  const t1 = performance.now();
  await service.ask('Which papers study uncertainty in language models?');
  const firstAnswerMs = since(t1);
  const metadataAnswers: StartResult['metadataAnswers'] = [];
  let last: Turn | undefined;
  for (const { question, followUp } of METADATA_QUESTIONS) {
    const t = performance.now();
    const a = await service.ask(question, { useModel: false, ...(followUp && last ? { history: [last] } : {}) });
    metadataAnswers.push({ question, ms: since(t), answer: a.answer.split('\n')[0]!.slice(0, 80) });
    last = { question, answer: a.answer, papers: a.citations.map((c) => c.paperId) };
  }
  return { openMs, firstAnswerMs, corpusSkipped: messages.some((m) => m.startsWith('corpus files unchanged')), metadataAnswers, peakRssMB: peakRssMB() };
}

/**
 * Questions answered by reading many abstracts or the whole metadata rather than by a search: a
 * count of a common topic reads every abstract that writes its words, and a follow-up to it reads
 * them again unless the count was kept.
 */
const METADATA_QUESTIONS: { question: string; followUp?: boolean }[] = [
  { question: 'How many papers mention video?' },
  { question: 'Which papers use RL?' },
  { question: 'Who wrote the 12th one?', followUp: true },
  { question: 'How many of them use diffusion?', followUp: true },
  { question: 'Which papers have code?' },
  { question: 'Who is the most prolific author?' },
];

/** Settings for a PapercordService on a bench index: the local embedder, and Ollama on port 9 (discard), which refuses at once, so a start does not wait out a connect timeout. */
async function serviceSettings(corpus: string[], dataDir: string) {
  const { loadSettings } = await import('../src/config.js');
  return loadSettings({ CORPUS: corpus.join(','), DATA_DIR: dataDir, EMBEDDINGS: 'local', OLLAMA_HOST: 'http://127.0.0.1:9', LOG_LEVEL: 'warn' });
}

async function related(task: Extract<Task, { kind: 'related' }>): Promise<RelatedResult> {
  const { PapercordService } = await import('../src/service.js');
  const { benchTopics } = await import('./queries.js');
  const { Prng } = await import('./prng.js');
  const silent: Logger = { debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined, child: () => silent };
  const service = await PapercordService.open(await serviceSettings(task.corpus, task.dataDir), { log: silent });
  // Steady state, as a bot that has run a while: the catalog complete, the vector table built by a first /ask.
  // The catalog is built on unref'd timers, so that a command-line run need not wait for it: a timer of ours keeps this process waiting.
  const keepAlive = setInterval(() => undefined, 1000);
  await service.catalog.ready;
  clearInterval(keepAlive);
  await service.ask('Which papers study uncertainty in language models?', { useModel: false });
  const papers = service.retriever.index.papers;
  const rng = new Prng(task.seed);
  const seeds = new Set<number>();
  while (seeds.size < Math.min(task.seeds, papers.length)) seeds.add(rng.int(papers.length));
  const seedPapers = [...seeds].map((i) => papers[i]!);
  const asked = { byId: seedPapers.map((p) => p.id), byTitle: seedPapers.map((p) => p.title), byText: benchTopics(papers, task.seeds, task.seed) };
  const heapBeforeMB = heapAfterGcMB();
  const total = asked.byId.length + asked.byTitle.length + asked.byText.length;
  const stats = {} as Record<keyof typeof asked, ReturnType<typeof latencyStats>>;
  let listed = 0;
  let done = 0;
  const cpu0 = cpuMs();
  for (const [kind, queries] of Object.entries(asked) as [keyof typeof asked, string[]][]) {
    const samples: number[] = [];
    for (const q of queries) {
      const t = performance.now();
      const r = await service.related(q, { useModel: false });
      samples.push(since(t));
      listed += r.related.length;
      if (++done % 6 === 0) progress('related', done, total);
    }
    stats[kind] = latencyStats(samples);
  }
  const cpuMsPerRequest = (cpuMs() - cpu0) / total;
  const heapAfterMB = heapAfterGcMB();
  await service.close();
  return { papers: papers.length, ...stats, cpuMsPerRequest, meanListed: listed / total, heapBeforeMB, heapAfterMB, peakRssMB: peakRssMB() };
}

async function serve(task: Extract<Task, { kind: 'serve' }>): Promise<ServeResult> {
  const t0 = performance.now();
  const { loadIndex } = await import('../src/index/store.js');
  const { Retriever } = await import('../src/retrieval/retriever.js');
  const { DEFAULT_RETRIEVAL, PROJECT_ROOT } = await import('../src/config.js');
  const { loadQuestions } = await import('../src/eval/questions.js');
  const { benchQueries } = await import('./queries.js');
  const importMs = since(t0);
  const root = await indexRoot(task.dataDir);
  const evalQuestions = (await loadQuestions(path.join(PROJECT_ROOT, 'data/eval/questions.jsonl'))).map((q) => q.question);

  const t1 = performance.now();
  const cpu1 = cpuMs();
  const index = await loadIndex(root);
  const loadIndexMs = since(t1);
  // Built the way the service builds it; the first question pays for whatever is lazy.
  const retriever = new Retriever(index, index.localEmbedder!, { ...DEFAULT_RETRIEVAL });
  const queries = benchQueries(index.papers, evalQuestions, task.queries, task.seed);
  const t2 = performance.now();
  await retriever.search(queries[0]!);
  const firstQueryMs = since(t2);
  const coldStartMs = since(t1);
  const coldStartCpuMs = cpuMs() - cpu1;

  const samples: number[] = [];
  for (const [i, q] of queries.entries()) {
    const t = performance.now();
    await retriever.search(q);
    samples.push(since(t));
    if (i % 25 === 24) progress('queries', i + 1, queries.length);
  }
  const filtered: number[] = [];
  for (let i = 0; i < task.filtered; i++) {
    const paper = index.papers[(i * 7919) % index.papers.length]!;
    const t = performance.now();
    await retriever.search(queries[i % queries.length]!, { paperId: paper.id });
    filtered.push(since(t));
  }
  return { chunks: index.chunks.length, importMs, loadIndexMs, coldStartMs, coldStartCpuMs, firstQueryMs, latency: latencyStats(samples), filteredLatency: latencyStats(filtered), peakRssMB: peakRssMB() };
}

async function vectra(task: Extract<Task, { kind: 'vectra' }>): Promise<VectraResult> {
  const { loadCorpus } = await import('../src/corpus/load.js');
  const { LocalEmbedder } = await import('../src/embed/local.js');
  const { PROJECT_ROOT } = await import('../src/config.js');
  const { loadQuestions } = await import('../src/eval/questions.js');
  const { benchQueries } = await import('./queries.js');
  const { createPlainIndex, documentText, plainQuery } = await import('./vectra-plain.js');

  // The embedder is fitted before the clock starts: the plain way assumes a model that exists.
  const fitStart = performance.now();
  const papers = (await loadCorpus(task.corpus)).papers;
  const embedder = LocalEmbedder.fit(papers.map(documentText));
  const fitMs = since(fitStart);

  const t0 = performance.now();
  const corpus = await loadCorpus(task.corpus);
  const index = await createPlainIndex(task.folder, embedder);
  for (const [i, p] of corpus.papers.entries()) {
    await index.upsertDocument(p.id, documentText(p), 'txt');
    if (i % 10 === 9 || i === corpus.papers.length - 1) progress('upsertDocument', i + 1, corpus.papers.length);
  }
  const ingestMs = since(t0);
  const chunks = (await index.getCatalogStats()).chunks;

  const questions = await loadQuestions(path.join(PROJECT_ROOT, 'data/eval/questions.jsonl'));
  const queries = benchQueries(corpus.papers, questions.map((q) => q.question), task.queries, task.seed);
  const samples: number[] = [];
  for (const [i, q] of queries.entries()) {
    const t = performance.now();
    await plainQuery(index, q);
    samples.push(since(t));
    progress('queryDocuments', i + 1, queries.length);
  }
  return { documents: corpus.papers.length, chunks, ingestMs, fitMs, latency: latencyStats(samples), indexBytes: await dirBytes(task.folder), peakRssMB: peakRssMB() };
}

async function vectraRecall(task: Extract<Task, { kind: 'vectra-recall' }>): Promise<VectraRecallResult> {
  const { loadCorpus } = await import('../src/corpus/load.js');
  const { LocalEmbedder } = await import('../src/embed/local.js');
  const { PROJECT_ROOT } = await import('../src/config.js');
  const { loadQuestions } = await import('../src/eval/questions.js');
  const { openPlainIndex, documentText, plainQuery } = await import('./vectra-plain.js');
  // The same fit as the 'vectra' task that built the index (same corpus, deterministic).
  const embedder = LocalEmbedder.fit((await loadCorpus(task.corpus)).papers.map(documentText));
  const index = openPlainIndex(task.folder, embedder);
  const questions = (await loadQuestions(path.join(PROJECT_ROOT, 'data/eval/questions.jsonl'))).slice(task.from, task.to);
  const ranked: Record<string, string[]> = {};
  for (const q of questions) ranked[q.id] = await plainQuery(index, q.question);
  return { ranked };
}

async function quality(task: Extract<Task, { kind: 'quality' }>): Promise<QualityResult> {
  const { loadIndex } = await import('../src/index/store.js');
  const { Retriever } = await import('../src/retrieval/retriever.js');
  const { DEFAULT_RETRIEVAL, PROJECT_ROOT } = await import('../src/config.js');
  const { loadQuestions } = await import('../src/eval/questions.js');
  const { retrievalScores } = await import('../src/eval/metrics.js');
  const { default: MiniSearch } = await import('minisearch');
  const questions = await loadQuestions(path.join(PROJECT_ROOT, 'data/eval/questions.jsonl'));
  const rows: QualityRow[] = [];
  for (const c of task.corpora) {
    const index = await loadIndex(await indexRoot(c.dataDir));
    const retriever = new Retriever(index, index.localEmbedder!, { ...DEFAULT_RETRIEVAL });
    const paperOf = (chunkId: string) => chunkId.slice(0, chunkId.lastIndexOf('#'));
    const titles = new Map(index.papers.map((p) => [p.id, p.title]));
    // BM25 as anyone would set it up: MiniSearch's defaults (its tokenizer, lower-casing, no stemming).
    const plain = new MiniSearch<{ id: string; title: string; text: string }>({ fields: ['title', 'text'], storeFields: [] });
    plain.addAll(index.chunks.map((ch) => ({ id: ch.id, title: titles.get(ch.paperId)!, text: ch.text })));
    const scored = c.singlePaperOnly ? questions.filter((q) => q.kind !== 'multi') : questions;
    const methods: Record<string, (q: string) => Promise<{ ranked: string[]; refused: boolean }>> = {
      'hybrid (papercord)': async (q) => {
        const r = await retriever.search(q);
        return { ranked: r.relevant ? [...new Set(r.hits.map((h) => h.paper.id))] : [], refused: !r.relevant };
      },
      'BM25 alone (MiniSearch defaults)': async (q) => ({ ranked: [...new Set(plain.search(q).map((r) => paperOf(String(r.id))))], refused: false }),
      "BM25 alone (MiniSearch, papercord's stemming)": async (q) => ({ ranked: [...new Set(retriever.keywordSearch(q).map(paperOf))], refused: false }),
    };
    for (const [method, run] of Object.entries(methods)) {
      const outcomes = [];
      for (const q of scored) outcomes.push({ question: q, ...(await run(q.question)), answer: '', cited: [] });
      rows.push({ corpus: c.name, method, scores: retrievalScores(outcomes) });
    }
    progress('quality', task.corpora.indexOf(c) + 1, task.corpora.length);
  }
  return { rows };
}

async function bot(task: Extract<Task, { kind: 'bot' }>): Promise<BotResult> {
  // The bot's own test harness: emulator, service over the 19 papers, the real discord.js client.
  const { startHarness } = await import('../test/support/bot.js');
  const { loadQuestions } = await import('../src/eval/questions.js');
  const { PROJECT_ROOT } = await import('../src/config.js');
  const questions = (await loadQuestions(path.join(PROJECT_ROOT, 'data/eval/questions.jsonl'))).map((q) => q.question);
  const h = await startHarness({ ollama: true });
  try {
    h.ollama!.script({ firstTokenDelayMs: task.modelDelayMs });
    const ackMs = (it: { createdAt: number; acknowledgedAt: number | undefined }) => (it.acknowledgedAt ?? Number.NaN) - it.createdAt;
    const first = await h.emu.slashCommand('ask', { question: questions[0]! }, { user: h.user() });
    await first.callback(30_000);
    const firstAckMs = ackMs(first);
    progress('interactions', 0, task.interactions);
    const users = Array.from({ length: task.interactions }, () => h.user());
    // All at once: every interaction is created before any acknowledgement is awaited.
    const handles = await Promise.all(users.map((user, i) => h.emu.slashCommand('ask', { question: questions[(i + 1) % questions.length]! }, { user })));
    let acked = 0;
    await Promise.all(
      handles.map(async (it) => {
        await it.callback(30_000);
        progress('interactions', ++acked, task.interactions);
      }),
    );
    const callbackTypes: Record<string, number> = {};
    for (const it of handles) callbackTypes[String(it.callbackType)] = (callbackTypes[String(it.callbackType)] ?? 0) + 1;
    return { interactions: task.interactions, modelDelayMs: task.modelDelayMs, ack: latencyStats(handles.map(ackMs)), callbackTypes, firstAckMs, peakRssMB: peakRssMB() };
  } finally {
    await h.close();
  }
}

async function main(): Promise<void> {
  const task = JSON.parse(process.argv[2] ?? '') as Task;
  // Library log lines would interleave with the runner's progress display; warnings still show.
  const { configureLogging } = await import('../src/log.js');
  configureLogging({ level: 'warn' });
  const { segments } = await import('./segments-task.js');
  const run: Record<Task['kind'], (t: never) => Promise<TaskResult>> = { ingest, start, serve, vectra, 'vectra-recall': vectraRecall, quality, bot, related, segments: (t: Extract<Task, { kind: 'segments' }>) => segments(t, progress) };
  const result = await run[task.kind](task as never);
  send({ type: 'result', result });
}

main().then(
  () => process.disconnect?.(),
  (e: Error) => {
    send({ type: 'error', message: e.message });
    process.exitCode = 1;
    process.disconnect?.();
  },
);
