/**
 * Pulls a model onto an Ollama server (OLLAMA_AUTO_PULL=true), reporting progress. A pull can
 * take minutes, so it runs on its own: requests that need the model wait for it only as long
 * as they would wait for a first token, and are told how far it got.
 */
import type { OllamaAuth } from '../config.js';
import { errorText, fetchWithSignal, isCredentialsRejected, ollamaClient, ollamaStatus, refusalText } from './client.js';
import type { Logger } from '../log.js';

/** What Ollama says when the registry has no model of that name or tag ("pull model manifest: file does not exist"). */
const UNKNOWN_NAME = /manifest: file does not exist|manifest unknown/i;

export interface PullProgress {
  status: string;
  /** 0-100 over the bytes of the layers seen so far; undefined before the first layer. */
  percent?: number;
}

export class ModelPull {
  readonly done: Promise<void>;
  private latest: PullProgress = { status: 'starting' };
  private finished = false;
  private failure: string | undefined;
  private refusal = false;
  private readonly listeners = new Set<(p: PullProgress) => void>();
  private readonly ctrl = new AbortController();

  constructor(
    readonly host: string,
    readonly model: string,
    private readonly auth: OllamaAuth,
  ) {
    this.done = this.run();
    // Callers that gave up waiting must not see an unhandled rejection later.
    this.done.catch(() => {});
  }

  get progress(): PullProgress {
    return this.latest;
  }

  get settled(): boolean {
    return this.finished;
  }

  get error(): string | undefined {
    return this.failure;
  }

  /** It failed because the registry has no such model: pulling it again cannot help, unlike after a network failure. */
  get nameUnknown(): boolean {
    return this.failure !== undefined && UNKNOWN_NAME.test(this.failure);
  }

  /** It failed because the server, or a proxy in front of it, refused the user and password sent, or their absence. */
  get refused(): boolean {
    return this.refusal;
  }

  onProgress(listener: (p: PullProgress) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  cancel(): void {
    this.ctrl.abort();
  }

  private async run(): Promise<void> {
    const client = ollamaClient(this.host, this.auth, { fetch: fetchWithSignal(this.ctrl.signal) });
    const layers = new Map<string, { total: number; completed: number }>();
    try {
      const stream = await client.pull({ model: this.model, stream: true });
      for await (const p of stream) {
        if (p.digest && p.total) layers.set(p.digest, { total: p.total, completed: p.completed ?? 0 });
        const total = [...layers.values()].reduce((s, l) => s + l.total, 0);
        const completed = [...layers.values()].reduce((s, l) => s + l.completed, 0);
        this.emit({ status: p.status, percent: total ? Math.floor((100 * completed) / total) : this.latest.percent });
      }
    } catch (e) {
      const status = ollamaStatus(e);
      // A proxy's refusal is its login page: what it means is the operator's to read, not its HTML.
      this.refusal = isCredentialsRejected(status);
      this.failure = isCredentialsRejected(status) ? refusalText(status, this.auth.has(this.host)) : errorText(e);
      throw e;
    } finally {
      this.finished = true;
    }
  }

  private emit(p: PullProgress): void {
    this.latest = p;
    for (const l of this.listeners) {
      try {
        l(p);
      } catch {
        // A listener's failure is its own business.
      }
    }
  }
}

/**
 * Starts pulling the chat or the embedding model onto a host (OLLAMA_AUTO_PULL=true), saying so
 * in `log` when it starts, as it goes and once it is done; a failure is the caller's to report.
 */
export function startPull(host: string, model: string, auth: OllamaAuth, role: 'chat' | 'embedding', log: Logger): ModelPull {
  const pull = new ModelPull(host, model, auth);
  log.info(`pulling the ${role} model (OLLAMA_AUTO_PULL=true)`);
  logPullProgress(pull, log);
  pull.done.then(() => log.info(`pulled the ${role} model`), () => {});
  return pull;
}

/** Logs a pull's progress every 10 %: a download of minutes must show that it moves, without a line per chunk. */
function logPullProgress(pull: ModelPull, log: Logger): void {
  let lastLogged = -1;
  pull.onProgress((pr) => {
    if (pr.percent !== undefined && pr.percent >= lastLogged + 10) {
      lastLogged = pr.percent;
      log.info('pull progress', { percent: pr.percent });
    }
  });
}
