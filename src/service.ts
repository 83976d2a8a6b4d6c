import { dataPath, type Settings } from './config.js';
import { loadCorpus, summarizeLoad } from './corpus/load.js';
import type { Paper } from './corpus/paper.js';
import { PaperCatalog, paperRef } from './catalog.js';
import { chooseEmbedder, localEmbedderId, LOCAL_DIMS, type EmbedderChoice } from './embed/select.js';
import type { Embedder } from './embed/embedder.js';
import { buildIndex, loadIndex, staleReason, type BuildProgress, type LoadedIndex } from './index/store.js';
import { Retriever } from './retrieval/retriever.js';
import { relatedPapers } from './retrieval/related.js';
import { extractiveAnswer, extractiveSummary, REFUSAL_TEXT, type SummaryLength } from './answer/extractive.js';
import { toSources } from './answer/sources.js';
import { PapercordError } from './errors.js';
import { log as rootLog, type Logger } from './log.js';
import { cleanText } from './text/clean.js';
import type { Answer, PaperRef, Related, RequestOptions, Summary, Turn } from './types.js';

export interface ServiceOptions {
  log?: Logger;
  /** Progress of an index build (ingest shows it on a terminal). */
  onBuildProgress?: (p: BuildProgress) => void;
  /** Rebuild even when the index is up to date. */
  forceRebuild?: boolean;
}

export interface AskOptions extends RequestOptions {
  /** Limit the answer to one paper (id, alias or title). */
  paper?: string;
  /** Earlier turns of a conversation, for follow-ups. */
  history?: Turn[];
}

export interface IndexInfo {
  papers: number;
  chunks: number;
  embedder: string;
  embedderReason: string;
  buildId: string;
  builtAt: string;
  corpusProblems: number;
  corpusSkipped: number;
}

/** Everything loaded for one version of the index; swapped whole on reindex. */
interface State {
  papers: Paper[];
  index: LoadedIndex;
  retriever: Retriever;
  catalog: PaperCatalog;
  embedderChoice: EmbedderChoice;
  corpus: { problems: number; skipped: number };
}

/**
 * The one service every front end (command line, local console, Discord) goes through:
 * corpus, index, retrieval and answering, with no knowledge of Discord.
 */
export class PapercordService {
  private state: State;
  private reindexing: Promise<IndexInfo> | null = null;
  readonly startedAt = Date.now();

  private constructor(
    readonly settings: Settings,
    state: State,
    private readonly log: Logger,
  ) {
    this.state = state;
  }

  static async open(settings: Settings, opts: ServiceOptions = {}): Promise<PapercordService> {
    const log = opts.log ?? rootLog;
    const state = await loadState(settings, log, opts);
    return new PapercordService(settings, state, log);
  }

  get papers(): Paper[] {
    return this.state.papers;
  }

  get retriever(): Retriever {
    return this.state.retriever;
  }

  get catalog(): PaperCatalog {
    return this.state.catalog;
  }

  /** Changes whenever the index is rebuilt: caches key on it. */
  get indexVersion(): string {
    return this.state.index.manifest.buildId;
  }

  info(): IndexInfo {
    const { index, embedderChoice, corpus } = this.state;
    return {
      papers: index.manifest.papers,
      chunks: index.manifest.chunks,
      embedder: index.manifest.embedder.id,
      embedderReason: embedderChoice.reason,
      buildId: index.manifest.buildId,
      builtAt: index.manifest.createdAt,
      corpusProblems: corpus.problems,
      corpusSkipped: corpus.skipped,
    };
  }

  listPapers(search?: string, limit = Infinity): PaperRef[] {
    const list = search?.trim() ? this.catalog.suggest(search, limit === Infinity ? 1000 : limit).map((m) => m.paper) : this.papers.slice(0, limit);
    return list.map(paperRef);
  }

  /** The paper a user named, or an UNKNOWN_PAPER error that suggests the closest ones. */
  resolvePaper(query: string): Paper {
    const q = cleanText(query);
    if (!q) throw new PapercordError('BAD_INPUT', 'No paper was named.', 'Give a paper id or part of its title; /papers lists them.');
    const r = this.catalog.resolve(q);
    if ('paper' in r) return r.paper;
    const hint = r.candidates.length ? `Did you mean: ${r.candidates.slice(0, 3).map((p) => `"${p.title}" (${p.id})`).join(', ')}?` : 'Use /papers to see the papers that are indexed.';
    throw new PapercordError('UNKNOWN_PAPER', `No paper matches "${truncate(q, 80)}".`, hint);
  }

  validateQuestion(question: string): string {
    const q = cleanText(question);
    if (!q) throw new PapercordError('EMPTY_QUESTION', 'The question is empty.', 'Ask something about the papers, for example: What does MentisOculi evaluate?');
    if (q.length > this.settings.maxQuestionChars) throw new PapercordError('QUESTION_TOO_LONG', `The question has ${q.length} characters; the limit is ${this.settings.maxQuestionChars}.`, 'Shorten it to the essential question.');
    return q;
  }

  async ask(question: string, opts: AskOptions = {}): Promise<Answer> {
    const started = Date.now();
    const q = this.validateQuestion(question);
    const paper = opts.paper ? this.resolvePaper(opts.paper) : undefined;
    // A follow-up like "what about its results?" needs the earlier question's words to find anything.
    const searchText = opts.history?.length ? `${opts.history[opts.history.length - 1]!.question} ${q}` : q;
    const { hits, relevant } = await this.retriever.search(searchText, { paperId: paper?.id });
    const sources = toSources(hits);
    opts.onProgress?.({ type: 'retrieved', sources });
    if (!relevant) {
      return { question: q, answer: REFUSAL_TEXT, mode: 'extractive', refused: true, citations: [], sources: [], elapsedMs: Date.now() - started };
    }
    const ex = extractiveAnswer(q, sources, this.retriever.termStats, this.settings.retrieval);
    return { question: q, answer: ex.answer, mode: 'extractive', refused: false, citations: ex.citations, sources, elapsedMs: Date.now() - started };
  }

  async summary(paperQuery: string, opts: RequestOptions & { length?: SummaryLength } = {}): Promise<Summary> {
    const started = Date.now();
    const paper = this.resolvePaper(paperQuery);
    const sources = toSources(this.retriever.chunksOf(paper.id).map((chunk) => ({ chunk, paper, score: 1, cosine: 1, coverage: 1, matched: 1 })));
    const summary = extractiveSummary(paper, opts.length ?? 'medium');
    const first = sources[0];
    return {
      paper: paperRef(paper),
      summary,
      mode: 'extractive',
      citations: first ? [{ n: 1, paperId: paper.id, title: paper.title, url: paper.url }] : [],
      sources: sources.slice(0, 1).map((s) => ({ ...s, text: paper.abstract, start: 0, end: paper.abstract.length })),
      elapsedMs: Date.now() - started,
    };
  }

  async related(query: string, opts: RequestOptions & { count?: number } = {}): Promise<Related> {
    const started = Date.now();
    const q = cleanText(query);
    if (!q) throw new PapercordError('BAD_INPUT', 'Name a paper or describe a topic.', 'For example: /related paper_or_topic: spatial audio');
    if (q.length > this.settings.maxQuestionChars) throw new PapercordError('QUESTION_TOO_LONG', `The topic has ${q.length} characters; the limit is ${this.settings.maxQuestionChars}.`, 'Shorten it.');
    const count = Math.min(Math.max(opts.count ?? this.settings.retrieval.relatedCount, 1), 10);
    const paper = this.catalog.named(q);
    const related = await relatedPapers(this.retriever, paper ? { paper } : { text: q }, count, this.settings.retrieval);
    return { query: q, paper: paper ? paperRef(paper) : undefined, related, mode: 'extractive', elapsedMs: Date.now() - started };
  }

  /**
   * Reloads the corpus and rebuilds the index while the current one keeps answering, then
   * switches. A second call while one runs joins it.
   */
  reindex(opts: { onBuildProgress?: (p: BuildProgress) => void } = {}): Promise<IndexInfo> {
    this.reindexing ??= (async () => {
      try {
        this.state = await loadState(this.settings, this.log, { forceRebuild: true, onBuildProgress: opts.onBuildProgress });
        return this.info();
      } finally {
        this.reindexing = null;
      }
    })();
    return this.reindexing;
  }

  get isReindexing(): boolean {
    return this.reindexing !== null;
  }
}

async function loadState(settings: Settings, log: Logger, opts: ServiceOptions): Promise<State> {
  const corpus = await loadCorpus(settings.corpus);
  for (const p of corpus.problems) {
    const fields = { file: p.file, record: p.record };
    if (p.severity === 'info') log.debug(p.message, fields);
    else log.warn(p.message, fields);
  }
  log.info(summarizeLoad(corpus));
  if (corpus.papers.length === 0) throw new PapercordError('NO_INDEX', `The corpus (${settings.corpus.join(', ')}) holds no usable paper.`, 'Check CORPUS and the problems logged above.');
  const embedderChoice = await chooseEmbedder(settings, log);
  log.info('embedder chosen', { embedder: embedderChoice.id, why: embedderChoice.reason });
  const root = dataPath(settings, 'index', embedderChoice.id);
  let index: LoadedIndex | null = null;
  let reason: string | null = opts.forceRebuild ? 'a rebuild was requested' : null;
  if (!reason) {
    try {
      index = await loadIndex(root);
      reason = staleReason(index, corpus.papers, embedderChoice.embedder ? embedderChoice.id : localEmbedderId(LOCAL_DIMS));
    } catch (e) {
      reason = (e as Error).message;
    }
  }
  if (reason) {
    log.info('building the index', { reason, papers: corpus.papers.length, embedder: embedderChoice.id });
    const t = Date.now();
    index = await buildIndex({ root, papers: corpus.papers, embedder: embedderChoice.embedder, localDims: LOCAL_DIMS, onProgress: opts.onBuildProgress, log: (m, f) => log.info(m, f) });
    log.info('index ready', { build: index.manifest.buildId, chunks: index.manifest.chunks, ms: Date.now() - t });
  }
  const embedder: Embedder = embedderChoice.embedder ?? index!.localEmbedder!;
  return {
    papers: index!.papers,
    index: index!,
    retriever: new Retriever(index!, embedder, settings.retrieval),
    catalog: new PaperCatalog(index!.papers),
    embedderChoice,
    corpus: { problems: corpus.problems.filter((p) => p.severity !== 'info').length, skipped: corpus.skipped },
  };
}

function truncate(s: string, n: number): string {
  return s.length > n ? `${s.slice(0, n - 1)}…` : s;
}
