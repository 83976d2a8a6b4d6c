import type { Ollama } from 'ollama';
import type { Embedder } from './embedder.js';
import { PapercordError, type ErrorCode } from '../errors.js';
import type { Logger } from '../log.js';
import type { OllamaAuth } from '../config.js';
import { credentialsFix, errorText, isCredentialsRejected, isTimeout, isUnreachable, ollamaClient, ollamaStatus, refusalText } from '../ollama/client.js';

/** Task prefixes some embedding models were trained with; without them retrieval quality drops. */
const PREFIXES: { match: RegExp; document: string; query: string }[] = [
  { match: /nomic-embed/, document: 'search_document: ', query: 'search_query: ' },
  { match: /mxbai-embed|snowflake-arctic-embed|bge-/, document: '', query: 'Represent this sentence for searching relevant passages: ' },
  { match: /e5/, document: 'passage: ', query: 'query: ' },
];

export function embeddingPrefixes(model: string): { document: string; query: string } {
  return PREFIXES.find((p) => p.match.test(model)) ?? { document: '', query: '' };
}

export interface OllamaEmbedderOptions {
  /** Bounds every embedding request but the start-up probe (OLLAMA_EMBED_TIMEOUT_MS): a server that accepts and never answers must not hang a question or an ingest. */
  timeoutMs: number;
  /** Bounds the start-up probe (OLLAMA_CONNECT_TIMEOUT_MS), as the server's health check is. */
  probeTimeoutMs: number;
  batchSize?: number;
  keepAlive?: string;
  /** Told once when query embeddings start failing and once when they work again. */
  log?: Logger;
  /** The credentials of the host, if its address carried any. */
  auth: OllamaAuth;
}

/** An embedding Ollama did not give: what happened, at which host, and what the operator can do (the hint). */
export class EmbeddingFailed extends PapercordError {
  declare readonly hint: string;

  constructor(
    code: ErrorCode,
    message: string,
    hint: string,
    cause: unknown,
  ) {
    super(code, message, hint, { cause });
  }

  /** Nothing answered in time: the server accepts connections and stays silent (stuck, or still loading the model). */
  get timedOut(): boolean {
    return this.code === 'TIMEOUT';
  }

  /** What happened and what to do, as an operator reads it. */
  get forOperator(): string {
    return `${this.message}. ${this.hint}`;
  }
}

/**
 * Why an embedding request failed, in the operator's terms. "TypeError: fetch failed" alone names
 * neither the server nor that embeddings were asked; a timeout names the setting that ran out.
 */
function embeddingFailure(host: string, model: string, e: unknown, timeout: { ms: number; variable: string }, auth: OllamaAuth): EmbeddingFailed {
  const local = 'or restart papercord with EMBEDDINGS=local to use the built-in embedder (its index is built at start-up)';
  const status = ollamaStatus(e);
  if (isCredentialsRejected(status)) {
    return new EmbeddingFailed('MODEL_UNREACHABLE', `Ollama at ${host} refused an embedding request (${refusalText(status, auth.has(host))})`, `${credentialsFix('OLLAMA_HOST')}, ${local}.`, e);
  }
  if (isTimeout(e)) {
    return new EmbeddingFailed('TIMEOUT', `Ollama at ${host} did not answer an embedding request with ${model} within ${timeout.ms} ms (${timeout.variable})`, `It may be stuck or still loading the model: restart it (ollama serve), raise ${timeout.variable}, ${local}.`, e);
  }
  if (isUnreachable(e)) {
    return new EmbeddingFailed('MODEL_UNREACHABLE', `Ollama at ${host} did not answer an embedding request (${errorText(e)})`, `Start Ollama (ollama serve) and check OLLAMA_HOST, ${local}.`, e);
  }
  // A model the server has but cannot embed with is most often a chat model named as the embedding model.
  const missing = status === 404;
  const fix = missing ? `Check that it has ${model} (ollama pull ${model}), ${local}.` : `Check that ${model} is an embedding model (ollama show ${model}), ${local}.`;
  return new EmbeddingFailed(missing ? 'MODEL_NOT_FOUND' : 'MODEL_UNREACHABLE', `Ollama at ${host} failed to embed with ${model} (${errorText(e)})`, fix, e);
}

/** Embeddings from an Ollama server, in batches. */
export class OllamaEmbedder implements Embedder {
  readonly kind = 'ollama' as const;
  readonly id: string;
  private readonly prefixes: { document: string; query: string };
  private readonly client: Ollama;
  /** Why query embeddings fail, from the first failure until one works again. */
  private failing: EmbeddingFailed | null = null;
  /** Why questions are searched by their words only right now, for whoever runs papercord (/status); null while embeddings work. */
  get failingNow(): EmbeddingFailed | null {
    return this.failing;
  }

  /** While the server is silent: the one embedding asked in the background to learn when it answers again. */
  private recheck: Promise<void> | null = null;

  constructor(
    readonly host: string,
    readonly model: string,
    readonly dims: number,
    private readonly opts: OllamaEmbedderOptions,
  ) {
    this.id = `ollama-${model.replace(/[^a-z0-9.-]+/gi, '_')}-${dims}`;
    this.prefixes = embeddingPrefixes(model);
    this.client = ollamaClient(host, opts.auth, { timeoutMs: opts.timeoutMs });
  }

  /** Learns the model's dimensions from one embedding, within the probe's timeout. */
  static async connect(host: string, model: string, opts: OllamaEmbedderOptions): Promise<OllamaEmbedder> {
    let res;
    try {
      res = await ollamaClient(host, opts.auth, { timeoutMs: opts.probeTimeoutMs }).embed({ model, input: 'dimension probe', keep_alive: opts.keepAlive });
    } catch (e) {
      throw embeddingFailure(host, model, e, { ms: opts.probeTimeoutMs, variable: 'OLLAMA_CONNECT_TIMEOUT_MS' }, opts.auth);
    }
    const dims = res.embeddings[0]?.length;
    if (!dims) throw new EmbeddingFailed('MODEL_UNREACHABLE', `Ollama at ${host} returned no embedding for a test text with ${model}`, `Check that ${model} is an embedding model (ollama show ${model}), or use EMBEDDINGS=local.`, undefined);
    return new OllamaEmbedder(host, model, dims, opts);
  }

  async embedDocuments(texts: string[], onProgress?: (done: number, total: number) => void): Promise<number[][]> {
    const batch = this.opts.batchSize ?? 32;
    const out: number[][] = [];
    for (let i = 0; i < texts.length; i += batch) {
      const input = texts.slice(i, i + batch).map((t) => this.prefixes.document + t);
      let res;
      try {
        res = await this.client.embed({ model: this.model, input, truncate: true, keep_alive: this.opts.keepAlive });
      } catch (e) {
        const f = this.failure(e);
        throw new PapercordError(f.code, `Could not embed the corpus at chunk ${i + 1} of ${texts.length}: ${f.message}.`, f.hint, { cause: e });
      }
      if (res.embeddings.length !== input.length) throw new Error(`${this.model} returned ${res.embeddings.length} embeddings for ${input.length} texts`);
      out.push(...res.embeddings);
      onProgress?.(out.length, texts.length);
    }
    return out;
  }

  /**
   * Throws EmbeddingFailed when the server does not give the vector. A server that let the last
   * question's embedding time out is not waited for again, which would cost every question the
   * whole timeout: one embedding asked in the background learns when it answers, and the
   * question after that is embedded again.
   */
  async embedQuery(text: string): Promise<number[]> {
    if (this.failing?.timedOut) {
      this.recheck ??= this.embedOnce(text).then(
        () => this.answered(),
        (e: unknown) => void this.failed(e),
      ).finally(() => (this.recheck = null));
      throw this.failing;
    }
    let v: number[];
    try {
      v = await this.embedOnce(text);
    } catch (e) {
      throw this.failed(e);
    }
    this.answered();
    return v;
  }

  private async embedOnce(text: string): Promise<number[]> {
    const res = await this.client.embed({ model: this.model, input: this.prefixes.query + text, truncate: true, keep_alive: this.opts.keepAlive });
    const v = res.embeddings[0];
    if (!v) throw new Error(`${this.model} returned no embedding`);
    return v;
  }

  private failure(e: unknown): EmbeddingFailed {
    return embeddingFailure(this.host, this.model, e, { ms: this.opts.timeoutMs, variable: 'OLLAMA_EMBED_TIMEOUT_MS' }, this.opts.auth);
  }

  /** Logged once, not per question: a stopped server would otherwise fill the log with the same line. */
  private failed(e: unknown): EmbeddingFailed {
    const f = this.failure(e);
    if (!this.failing) this.opts.log?.warn('Ollama embeddings failed: questions are searched by their words only until it answers again', { host: this.host, model: this.model, error: f.message, fix: f.hint });
    this.failing = f;
    return f;
  }

  private answered(): void {
    if (!this.failing) return;
    this.failing = null;
    this.opts.log?.info('Ollama embeddings answer again: questions are searched by meaning again', { host: this.host, model: this.model });
  }
}
