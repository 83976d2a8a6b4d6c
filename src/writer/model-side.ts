import type { Settings } from '../config.js';
import type { Logger } from '../log.js';
import type { Answer, ModelStatus, Notice, Related, RequestOptions, Summary } from '../types.js';
import type { WriteContext } from './answers.js';
import { AnswerCache, cacheKey, type CacheKeyParts } from './cache.js';
import { hostsVariable, noHostNote } from './hosts.js';
import type { Writer, WriterStatus } from './writer.js';

/** The model side of the service: the writer (or none), the cache of what it wrote, and what /status says of it. */
export class ModelSide {
  /** Recent model-written results (answers, summaries, related lists), per index version. */
  readonly cache: AnswerCache<Answer | Summary | Related>;

  constructor(
    private readonly settings: Settings,
    private readonly log: Logger,
    /** null: answers are always extractive. */
    readonly writer: Writer | null,
  ) {
    this.cache = new AnswerCache(settings.answerCacheSize);
  }

  /** Whether the model may write this request's result: asked for, and a writer configured. */
  usable(useModel: boolean | undefined): boolean {
    return useModel !== false && this.writer !== null;
  }

  /** The cache key of a result in an index version; the cache is emptied when the version changes. */
  key(p: Pick<CacheKeyParts, 'kind' | 'text' | 'variant'>, indexVersion: string): string {
    this.cache.useVersion(indexVersion);
    return cacheKey({ ...p, model: this.settings.chatModel, indexVersion });
  }

  writeContext(opts: RequestOptions): WriteContext {
    return { writer: this.writer!, numCtx: this.settings.numCtx, log: this.log, signal: opts.signal, onProgress: opts.onProgress };
  }

  /** Tells the front end why the model was not used, as it happens, and returns the notice for the result. */
  announce(notice: Notice, opts: RequestOptions): Notice {
    opts.onProgress?.({ type: 'notice', notice });
    return notice;
  }

  /**
   * The model side for /status: whether answers are written by the model right now, and why
   * not; the queue, recent latencies and the answer cache. From what the last start-up check
   * and requests saw; refresh() asks the servers again.
   */
  status(): ModelStatus {
    return this.describe(this.writer?.status());
  }

  /** status() after checking every Ollama host again (bounded by OLLAMA_CONNECT_TIMEOUT_MS). */
  async refresh(): Promise<ModelStatus> {
    return this.describe(await this.writer?.refresh());
  }

  private describe(w: WriterStatus | undefined): ModelStatus {
    const cache = { size: this.cache.size, capacity: this.cache.capacity };
    const chatModel = this.settings.chatModel;
    if (!w) {
      return { chatModel, answers: false, detail: 'No model is used: answers are extractive (quoted from the abstracts).', reachable: null, chatModelPresent: null, hosts: [], waiting: 0, running: 0, concurrency: 0, latency: { count: 0 }, cache };
    }
    const up = w.hosts.find((h) => h.up);
    const none = noHostNote(w.hosts, hostsVariable(this.settings), this.settings.connectTimeoutMs);
    const answers = w.reachable === true && w.chatModelPresent === true;
    const detail = answers
      ? `Ollama ${up?.version ?? ''} at ${up?.host} writes answers with ${chatModel}.`.replace('  ', ' ')
      : w.pulling
        ? `Downloading ${chatModel}${w.pulling.percent !== undefined ? ` (${w.pulling.percent}%)` : ''}; answers are extractive until it is ready.`
        : w.reachable === null
          ? 'Ollama has not been checked yet.'
          : !w.reachable
            ? `${none.what}: answers are extractive. ${none.fix}`
            : w.chatModelPresent === false
              ? `Ollama at ${up?.host} does not have ${chatModel}: answers are extractive. Run: ollama pull ${chatModel}`
              : `Ollama at ${up?.host} answers; ${chatModel} has not been used yet.`;
    return { ...w, answers, detail, cache };
  }
}
