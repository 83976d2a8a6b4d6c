import type { Settings } from './config.js';
import type { Paper } from './corpus/paper.js';
import { withSearchNotice } from './embed/query-vector.js';
import type { BuildProgress, LoadedIndex } from './index/store.js';
import { Library } from './library/library.js';
import { openIndex, withIndex, type OpenOptions } from './library/open.js';
import { CollectionLibraries } from './library/views.js';
import { addToCollection, checkCollection, type AddInput, type AddOptions, type AddReport } from './collections/add.js';
import { removeFromCollection, type RemoveReport } from './collections/remove.js';
import { exportPapers, type ExportFormat } from './collections/export.js';
import { addedPapersOf, LOCAL_COLLECTION } from './collections/view.js';
import { followIndex, type IndexFollower } from './index/watch.js';
import type { ScholarlyHttp } from './sources/http.js';
import { log as rootLog, type Logger } from './log.js';
import { paperRef, type PaperCatalog } from './names/catalog.js';
import { validateQuestion } from './question/read.js';
import type { Retriever } from './retrieval/retriever.js';
import type { Answer, AnswerKindId, ModelStatus, PaperRef, Related, Summary } from './types.js';
import { answerQuestion } from './answer/pipeline.js';
import type { AnswerContext, AskRequest } from './answer/kind.js';
import { relatedQuery, relatedWork, type RelatedRequest } from './answer/related-work.js';
import { summarize, type SummaryRequest } from './answer/summarize.js';
import { ModelSide } from './writer/model-side.js';
import { BackgroundWork } from './background.js';
import { OllamaWriter, type Writer } from './writer/writer.js';

export interface ServiceOptions extends OpenOptions {
  log?: Logger;
  /** Who writes answers: default an OllamaWriter for the settings' hosts; null never asks a model. */
  writer?: Writer | null;
  /** The collection a request that names none sees (the command line's and console's: LOCAL_COLLECTION). */
  defaultCollection?: string;
  /** For tests: the HTTP client of the paper services. */
  http?: ScholarlyHttp;
  /** Follow changes other processes make to the index (another shard's /add) within a second or so. */
  follow?: boolean;
}

/** Which collection a request sees: the shipped corpus and that collection's additions. */
export interface InCollection {
  collection?: string;
}

/** The options of /ask. */
export type AskOptions = AskRequest & InCollection;

export interface IndexInfo {
  papers: number;
  chunks: number;
  embedder: string;
  embedderReason: string;
  /** embedderReason in a few words. */
  embedderBrief: string;
  buildId: string;
  builtAt: string;
  corpusProblems: number;
  corpusSkipped: number;
  /** Why questions are searched by their words only right now (the Ollama embeddings fail), with the fix. */
  embedderFailing?: string;
}

/**
 * The one service every front end (command line, local console, Discord) goes through: open
 * the index, ask, summarize, find related work, report status, reindex. It knows nothing of
 * Discord; what a question means is read in src/question/ and answered by src/answer/.
 */
export class PapercordService {
  private views: CollectionLibraries;
  /** With ServiceOptions.follow: what follows other processes' changes (check() checks at once). */
  follower?: IndexFollower;
  readonly defaultCollection: string;
  private reindexing: Promise<IndexInfo> | null = null;
  private readonly model: ModelSide;
  /** How many answers each kind gave since start, for /status. */
  private readonly kindCounts = new Map<AnswerKindId, number>();
  private readonly background = new BackgroundWork();
  readonly startedAt = Date.now();

  private constructor(
    readonly settings: Settings,
    library: Library,
    private readonly log: Logger,
    /** null: answers are always extractive. */
    readonly writer: Writer | null,
    private readonly opts: ServiceOptions,
  ) {
    this.views = new CollectionLibraries(library);
    this.defaultCollection = opts.defaultCollection ?? LOCAL_COLLECTION;
    checkCollection(this.defaultCollection);
    this.model = new ModelSide(settings, log, writer);
  }

  static async open(settings: Settings, opts: ServiceOptions = {}): Promise<PapercordService> {
    const log = opts.log ?? rootLog;
    const writer = opts.writer === undefined ? new OllamaWriter(settings, log.child({ part: 'writer' })) : opts.writer;
    // The Ollama check runs while the index loads; it is bounded by OLLAMA_CONNECT_TIMEOUT_MS.
    const [state] = await Promise.all([openIndex(settings, log, opts), writer?.start()]);
    const service = new PapercordService(settings, new Library(state, settings), log, writer, opts);
    if (opts.follow) service.follower = followIndex(state.index, (index) => service.adopt(index), { onError: (e) => log.warn('could not read a change another process made to the index; serving what it had', { error: e }) });
    return service;
  }

  /** The index version every request starts from; swapped whole on reindex and on each addition. */
  private get library(): Library {
    return this.views.base;
  }

  /** What one collection sees: the shipped corpus and its own additions. */
  private libraryFor(opts: InCollection = {}): Library {
    return this.views.for(opts.collection ?? this.defaultCollection);
  }

  /** Puts a changed index in force (an addition, a removal, a compaction), unless a newer one already is. */
  private adopt(index: LoadedIndex): void {
    const current = this.library.state.index;
    if (index.dir === current.dir && index.generation < current.generation) return;
    this.views = this.views.replacedBy(new Library(withIndex(this.library.state, index, this.settings, this.log), this.settings));
    this.follower?.update(index);
  }

  get papers(): Paper[] {
    return this.library.papers;
  }

  get retriever(): Retriever {
    return this.library.retriever;
  }

  get catalog(): PaperCatalog {
    return this.library.catalog;
  }

  /** Changes whenever the index is rebuilt: caches key on it. */
  get indexVersion(): string {
    return this.library.version;
  }

  info(): IndexInfo {
    const { index, embedderChoice, corpus } = this.library.state;
    const failing = embedderChoice.embedder?.failingNow;
    return {
      papers: index.manifest.papers,
      chunks: index.manifest.chunks,
      embedder: index.manifest.embedder.id,
      embedderReason: embedderChoice.reason,
      embedderBrief: embedderChoice.brief,
      buildId: index.manifest.buildId,
      builtAt: index.manifest.createdAt,
      corpusProblems: corpus.problems,
      corpusSkipped: corpus.skipped,
      ...(failing ? { embedderFailing: failing.forOperator } : {}),
    };
  }

  listPapers(search?: string, limit = Infinity, opts: InCollection = {}): PaperRef[] {
    return this.findPapers(search, limit, opts).map(paperRef);
  }

  /** The papers themselves (abstracts included), best match first; every paper, in corpus order then added order, without a search. */
  findPapers(search?: string, limit = Infinity, opts: InCollection = {}): Paper[] {
    const lib = this.libraryFor(opts);
    return search?.trim() ? lib.catalog.list(search, limit === Infinity ? 1000 : limit).map((m) => m.paper) : lib.papers.slice(0, limit);
  }

  /** The paper a user named, or an UNKNOWN_PAPER error that suggests the closest ones (AMBIGUOUS_PAPER when the name is several papers'). */
  resolvePaper(query: string, opts: InCollection = {}): Paper {
    return this.libraryFor(opts).resolvePaper(query);
  }

  /** The names a collection's autocomplete offers. */
  catalogFor(opts: InCollection = {}): PaperCatalog {
    return this.libraryFor(opts).catalog;
  }

  /** /add: papers from refs, BibTeX, JSON records and PDFs into a collection; what was added and what was skipped, with why. */
  async add(input: AddInput, opts: AddOptions): Promise<AddReport> {
    const state = this.library.state;
    const ctx = { settings: this.settings, log: this.log, index: state.index, embedder: state.embedderChoice.embedder ?? undefined, http: this.opts.http };
    const out = await addToCollection(ctx, input, opts);
    if (out.index) this.adopt(out.index);
    if (out.compaction) void this.background.track(out.compaction.then((index) => index && !this.background.isClosed && this.adopt(index)));
    return out.report;
  }

  /** /remove: takes a paper added to a collection out of it. */
  async remove(paperQuery: string, opts: InCollection = {}): Promise<RemoveReport> {
    const collection = opts.collection ?? this.defaultCollection;
    checkCollection(collection);
    const paper = this.resolvePaper(paperQuery, { collection });
    const out = await removeFromCollection({ settings: this.settings, log: this.log, index: this.library.state.index }, paper, collection);
    this.adopt(out.index);
    return out.report;
  }

  /** A collection's added papers as JSON Lines (read back by /add and CORPUS) or BibTeX. */
  exportCollection(collection: string, format: ExportFormat = 'jsonl'): string {
    checkCollection(collection);
    return exportPapers(addedPapersOf(this.library.state.index, collection), format);
  }

  validateQuestion(question: string): string {
    return validateQuestion(question, this.settings.maxQuestionChars);
  }

  /** /ask: a cited answer, saying which kind of answer it is. */
  async ask(question: string, opts: AskOptions = {}): Promise<Answer> {
    // One index version for the whole request: a reindex that lands meanwhile does not mix its papers in.
    const ctx = this.answerContext(this.libraryFor(opts), opts);
    const answer = await withSearchNotice(() => answerQuestion(ctx, question, { paper: opts.paper, history: opts.history }));
    if (answer.kind) this.kindCounts.set(answer.kind, (this.kindCounts.get(answer.kind) ?? 0) + 1);
    return answer;
  }

  /** /summary: one paper's summary. */
  summary(paperQuery: string, opts: SummaryRequest & InCollection = {}): Promise<Summary> {
    return summarize(this.libraryFor(opts), this.model, paperQuery, opts);
  }

  /**
   * The checks of a /related query that need no search, which a front end can answer at once:
   * an empty or too long one, and one that only points back ("it") with no conversation to
   * point into. Throws as related() would.
   */
  checkRelatedQuery(query: string, history?: RelatedRequest['history'], opts: InCollection = {}): void {
    this.libraryFor(opts).paperPointedAt(relatedQuery(query, this.settings.maxQuestionChars), history);
  }

  /** /related: papers like one paper, or on a topic, with the reason for each. */
  related(query: string, opts: RelatedRequest & InCollection = {}): Promise<Related> {
    const library = this.libraryFor(opts);
    return withSearchNotice(() => relatedWork(library, this.model, query, opts));
  }

  /** The model side for /status (see ModelSide.status). */
  modelStatus(): ModelStatus {
    return this.model.status();
  }

  /** modelStatus() after checking every Ollama host again (bounded by OLLAMA_CONNECT_TIMEOUT_MS). */
  refreshModelStatus(): Promise<ModelStatus> {
    return this.model.refresh();
  }

  /** How many answers of each kind were given since start, most first. */
  answerKinds(): { kind: AnswerKindId; count: number }[] {
    return [...this.kindCounts].map(([kind, count]) => ({ kind, count })).sort((a, b) => b.count - a.count);
  }

  /** Stops background work (a model download, the warm-up) and waits for what changes the index (a compaction, a reindex); answers already running finish. */
  async close(): Promise<void> {
    await Promise.all([this.follower?.close(), this.writer?.close(), this.background.close()]);
  }

  /**
   * Reloads the corpus and rebuilds the index while the current one keeps answering, then
   * switches. A second call while one runs joins it.
   */
  reindex(opts: { onBuildProgress?: (p: BuildProgress) => void } = {}): Promise<IndexInfo> {
    this.reindexing ??= this.background.track((async () => {
      try {
        const previous = this.library;
        this.views = this.views.replacedBy(new Library(await openIndex(this.settings, this.log, { forceRebuild: true, onBuildProgress: opts.onBuildProgress }), this.settings));
        previous.catalog.close();
        this.follower?.update(this.library.state.index);
        // Every cached answer was written from the old index's sources.
        this.model.cache.clear();
        return this.info();
      } finally {
        this.reindexing = null;
      }
    })());
    return this.reindexing;
  }

  get isReindexing(): boolean {
    return this.reindexing !== null;
  }

  /** What the answer kinds use for one request, on one index version. */
  private answerContext(library: Library, request: AskOptions): AnswerContext {
    const model = this.model;
    return {
      library,
      settings: this.settings,
      request,
      started: Date.now(),
      useModel: model.usable(request.useModel),
      modelAnswers: () => this.modelStatus().answers,
      writeContext: () => model.writeContext(request),
      cache: {
        get: (key) => model.cache.get(key) as Answer | undefined,
        set: (key, answer) => model.cache.set(key, answer),
        key: (text, variant) => model.key({ kind: 'ask', text, variant }, library.version),
      },
      announce: (notice) => model.announce(notice, request),
      related: (paperId) => relatedWork(library, model, paperId, request),
    };
  }
}
