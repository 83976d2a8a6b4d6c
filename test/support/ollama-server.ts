/**
 * A fake Ollama server for tests: a plain `node:http` server on 127.0.0.1 that speaks enough of
 * Ollama's REST API for the real `ollama` npm client (`new Ollama({ host: server.host })`) to work
 * against it, with scripted behaviours so tests can inject every failure a real server shows.
 *
 * Wire format (checked against ollama-js 0.6.4, node_modules/ollama/dist/browser.mjs):
 * - Success bodies are JSON (`application/json; charset=utf-8`); streams are NDJSON
 *   (`application/x-ndjson`), one object per `\n`-terminated line. The client stops reading at the
 *   first line with `done: true` (or `status: "success"` for pull) and throws
 *   `Error("Did not receive done or success response in stream.")` if the stream ends first.
 * - Errors before the body starts are a non-2xx status with `{"error": "..."}`; the client turns
 *   them into `ResponseError` (name 'ResponseError', `.status_code`, `.message` = the error text).
 * - Errors after a stream has started are a `{"error": "..."}` line on a 200 response (as real
 *   Ollama does); the client throws a plain `Error(text)` from the iteration.
 * - Lines that are not JSON are skipped by the client with `console.warn("invalid json: ", line)`.
 * - Like real Ollama, a streamed chat sends no response headers until its first chunk, so
 *   `await client.chat({ stream: true })` itself waits for the first token (see `firstTokenDelayMs`).
 *   NB: `client.abort()` only aborts streams whose headers have arrived; to abort a request that is
 *   still waiting for its first token, give the client a `fetch` that adds your own AbortSignal.
 *
 * Endpoints: GET/HEAD `/` ("Ollama is running"), GET/HEAD `/api/version`, GET `/api/tags`,
 * GET `/api/ps`, POST `/api/show`, `/api/chat`, `/api/generate`, `/api/embed`, `/api/embeddings`,
 * `/api/pull`, DELETE `/api/delete`. Anything else: 404 text/plain "404 page not found" (as gin).
 *
 * Model names: a name without a tag means `:latest` (so "nomic-embed-text" and
 * "nomic-embed-text:latest" are the same model), and `/api/tags` lists the full `name:tag` form,
 * exactly like real Ollama. Responses echo the model string the request used.
 */
import http from 'node:http';
import type { Socket } from 'node:net';
import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';

// ---------------------------------------------------------------------------------------------
// Public types
// ---------------------------------------------------------------------------------------------

export interface FakeModel {
  /** e.g. "llama3.2:3b"; no tag means ":latest". */
  name: string;
  /** Ollama capabilities, e.g. ["completion", "tools", "thinking"] or ["embedding"]. Default ["completion"]. */
  capabilities?: string[];
  /** details.family / general.architecture. Default "llama". */
  family?: string;
  /** details.parameter_size, e.g. "3.2B". */
  parameterSize?: string;
  /** details.quantization_level. Default "Q4_K_M". */
  quantizationLevel?: string;
  /** model_info["<family>.context_length"]; for embedding models also the truncation limit (in words). */
  contextLength?: number;
  /** model_info["<family>.embedding_length"]; for embedding models the vector size (default: the server's embeddingDims). */
  embeddingLength?: number;
  /** Size in bytes reported by /api/tags, /api/ps and pull progress. */
  size?: number;
}

export interface ChatMessageRecord {
  role: string;
  content: string;
  thinking?: string;
  [key: string]: unknown;
}

/** A chat (or generate) request as received. For /api/generate, `messages` is [system?, user(prompt)]. */
export interface ChatRequestRecord {
  endpoint: 'chat' | 'generate';
  model: string;
  messages: ChatMessageRecord[];
  options?: Record<string, unknown>;
  stream?: boolean;
  think?: unknown;
  keep_alive?: unknown;
  format?: unknown;
  tools?: unknown;
  /** The whole JSON body. */
  body: Record<string, unknown>;
}

/**
 * What the fake model does for one chat/generate request. Everything is optional; `{}` means the
 * default deterministic reply (see {@link defaultReply}) streamed word by word without delay.
 *
 * "Chunks" below are the streamed message lines (thinking chunks first, then content chunks); for a
 * non-streamed request the same counts and delays apply to the single response.
 */
export interface ChatScript {
  /** What the model "writes"; a function of the request so tests can derive it from the prompt. */
  reply?: string | ((req: ChatRequestRecord) => string);
  /**
   * Reasoning text. Emitted as `message.thinking` chunks (generate: `thinking`) when the model has
   * the "thinking" capability and the request did not say `think: false`; as `<think>…</think>`
   * at the start of the content when `thinkInContent` is set (whatever the model/request); otherwise dropped.
   */
  thinking?: string | ((req: ChatRequestRecord) => string);
  thinkInContent?: boolean;
  /** Answer with this HTTP status and an Ollama-style `{"error"}` body (before any model checks). */
  status?: number;
  /** Error text for `status` / `failAfterChunks` (defaults mimic real Ollama messages). */
  errorMessage?: string;
  /** Delay before the first chunk (and before the response headers, like real Ollama). */
  firstTokenDelayMs?: number;
  /** Delay between chunks. */
  tokenDelayMs?: number;
  /** Characters per streamed chunk. Default: one word (with its leading whitespace) per chunk. */
  chunkSize?: number;
  /** After N chunks send an `{"error": errorMessage}` line and end the response (non-streamed: 500). */
  failAfterChunks?: number;
  /** After N chunks destroy the socket abruptly (0 = before any response byte: fetch itself fails). */
  destroyAfterChunks?: number;
  /** After N chunks stop writing until the client goes away or the server stops (0 = headers sent, no chunk). */
  hangAfterChunks?: number;
  /** Streamed: insert a non-JSON line after the first chunk (the client skips it with a warning). Non-streamed: a body that is not JSON. */
  malformed?: boolean;
  /** Streamed: end the response cleanly but without the final `done: true` line. */
  omitDone?: boolean;
  /** The model writes nothing: done with empty content. */
  empty?: boolean;
  /** Never answer (no headers, nothing) until the client aborts or the server stops. */
  hang?: boolean;
  /** done_reason of the final line. Default "stop" ("length" when options.num_predict cut the reply). */
  doneReason?: string;
}

export type ChatScriptSource = ChatScript | ((req: ChatRequestRecord, index: number) => ChatScript);

/** A fault for a whole endpoint (any path, including /api/chat, where it applies before the chat script). */
export interface EndpointScript {
  /** Answer with this status and `{"error": errorMessage}`. */
  status?: number;
  errorMessage?: string;
  /** Wait this long before handling the request normally (or failing). */
  delayMs?: number;
  /** Never answer until the client aborts or the server stops. */
  hang?: boolean;
  /** Destroy the socket without answering. */
  destroy?: boolean;
}

export type RequestOutcome =
  | 'completed' // the response was sent completely
  | 'client-closed' // the client went away (abort, timeout) before the response ended
  | 'server-destroyed' // a script destroyed the socket
  | 'server-stopped'; // stop()/restart() cut the request

export interface RequestRecord {
  /** 0-based, in arrival order, unique for the server's lifetime (across restarts). */
  readonly id: number;
  readonly method: string;
  /** Path without the query string, e.g. "/api/chat". */
  readonly path: string;
  /** Parsed JSON body; the raw string if it was not JSON; undefined if there was none. */
  readonly body: unknown;
  /** Date.now() when the request (with its body) was received. */
  readonly at: number;
  /** The status sent, once headers are sent. */
  readonly status?: number;
  /** The Authorization header as received, if any. */
  readonly authorization?: string;
  /** How the exchange ended; undefined while it is in progress. */
  readonly outcome?: RequestOutcome;
  readonly endedAt?: number;
}

export interface OllamaTestServerOptions {
  /** Installed models. Default: {@link DEFAULT_MODELS}. */
  models?: FakeModel[];
  /** Models that /api/pull can fetch (installed models can always be re-pulled). Default none. */
  pullable?: FakeModel[];
  /** /api/version. Default "0.12.6". */
  version?: string;
  /** Default vector size of embedding models without embeddingLength. Default 768. */
  embeddingDims?: number;
  /** Port to listen on. Default 0 (random). */
  port?: number;
  /** Number of "downloading" progress lines per pull. Default 4. */
  pullSteps?: number;
  /** Delay between pull progress lines. Default 0. */
  pullStepDelayMs?: number;
  /** Emulates OLLAMA_MAX_QUEUE: chat/generate requests beyond this many in flight get 503 "server busy". Default unlimited. */
  maxPending?: number;
  /**
   * Emulates a reverse proxy with basic auth in front of Ollama: every request must carry this
   * user and password, or is answered 401 with the proxy's HTML page (as nginx does). See also `requireAuth`.
   */
  basicAuth?: { user: string; password: string };
  /**
   * Emulates a reverse proxy that serves Ollama under a path ("/ollama"): only requests under it
   * reach the API (recorded without it, as Ollama sees them); others get the proxy's 404 page.
   */
  pathPrefix?: string;
}

export interface WaitOptions {
  /** Also match requests received before the call (the first match wins). Default false. */
  includePast?: boolean;
  /** Reject after this long so a test cannot hang forever. Default 5000. */
  timeoutMs?: number;
}

export const DEFAULT_MODELS: readonly FakeModel[] = Object.freeze([
  { name: 'llama3.2:3b', capabilities: ['completion', 'tools'], family: 'llama', parameterSize: '3.2B', contextLength: 131072, embeddingLength: 3072, size: 2019393189 },
  { name: 'qwen3:4b', capabilities: ['completion', 'tools', 'thinking'], family: 'qwen3', parameterSize: '4.0B', contextLength: 40960, embeddingLength: 2560, size: 2497293918 },
  { name: 'nomic-embed-text', capabilities: ['embedding'], family: 'nomic-bert', parameterSize: '137M', quantizationLevel: 'F16', contextLength: 2048, size: 274302450 },
]);

export const BUSY_MESSAGE = 'server busy, please try again.  maximum pending requests exceeded';
export const NO_ANSWER_REPLY = 'The sources do not answer this question.';
export const MID_STREAM_ERROR = 'an error was encountered while running the model: unexpected EOF';

// ---------------------------------------------------------------------------------------------
// Deterministic behaviour, exported so tests can compute expectations
// ---------------------------------------------------------------------------------------------

/**
 * The reply when no script gives one. Deterministic, derived from the prompt:
 * look at the last user message, then the last system message, for a numbered source whose marker
 * `[1]` starts a line (leading whitespace allowed, e.g. "[1] Title (2017)\nText..."). The reply is the
 * first sentence of the text after that marker (whitespace collapsed, so a title line and the text
 * below it run together; a sentence ends at . ! or ? followed by the end or by whitespace and a capital
 * letter/quote/bracket; capped at 300 characters on a word boundary), followed by " [1]".
 * If no message has such a marker: "The sources do not answer this question." ({@link NO_ANSWER_REPLY}).
 */
export function defaultReply(req: { messages: readonly { role: string; content: unknown }[] }): string {
  const last = (role: string) => [...req.messages].reverse().find((m) => m.role === role && typeof m.content === 'string');
  for (const m of [last('user'), last('system')]) {
    if (!m) continue;
    const sentence = firstSourceSentence(m.content as string);
    if (sentence) return `${sentence} [1]`;
  }
  return NO_ANSWER_REPLY;
}

function firstSourceSentence(text: string): string | null {
  const marker = /(?:^|\n)[ \t]*\[1\][ \t]*/.exec(text);
  if (!marker) return null;
  // The byline line is metadata, not the passage a model would quote.
  const rest = text.slice(marker.index + marker[0].length).replace(/\nAuthors: [^\n]*/g, '').replace(/\s+/g, ' ').trim();
  const end = /[.!?](?=\s+[A-Z"'“‘(\[]|\s*$)/.exec(rest);
  let sentence = end ? rest.slice(0, end.index + 1) : rest;
  if (sentence.length > 300) {
    const cut = sentence.lastIndexOf(' ', 300);
    sentence = sentence.slice(0, cut > 0 ? cut : 300);
  }
  return sentence || null;
}

const STOP_WORDS = new Set('a an and are as at be by for from has have in is it its of on or that the their this to was were which with'.split(' '));

/** The words an embedding is built from: lowercase letters/digits runs, minus stop words, plural "s" trimmed. */
export function embeddingTokens(text: string): string[] {
  const words = text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  return words
    .filter((w) => !STOP_WORDS.has(w))
    .map((w) => (w.length > 3 && w.endsWith('s') && !w.endsWith('ss') ? w.slice(0, -1) : w));
}

function fnv1a(s: string, seed = 0x811c9dc5): number {
  let h = seed >>> 0;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}

/**
 * The vector /api/embed returns for `text`: feature hashing of {@link embeddingTokens} (each token
 * adds ±1 at a hashed index), L2-normalised. Texts sharing words get a higher cosine similarity;
 * a text without words gets a fixed unit vector (never a zero vector).
 */
export function fakeEmbedding(text: string, dims = 768): number[] {
  const v = new Array<number>(dims).fill(0);
  const tokens = embeddingTokens(text);
  if (tokens.length === 0) tokens.push('\u0000empty');
  for (const t of tokens) {
    const idx = fnv1a(t) % dims;
    const sign = fnv1a(t, 0x9747b28c) & 1 ? 1 : -1;
    v[idx] += sign;
  }
  return l2normalize(v);
}

function l2normalize(v: number[]): number[] {
  const norm = Math.sqrt(v.reduce((s, x) => s + x * x, 0));
  return norm === 0 ? v : v.map((x) => x / norm);
}

/** Cosine similarity of two vectors (a convenience for tests). */
export function cosine(a: readonly number[], b: readonly number[]): number {
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < a.length; i++) {
    dot += a[i] * (b[i] ?? 0);
    na += a[i] * a[i];
    nb += (b[i] ?? 0) * (b[i] ?? 0);
  }
  return na === 0 || nb === 0 ? 0 : dot / Math.sqrt(na * nb);
}

// ---------------------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------------------

function normalizeName(name: string): string {
  const lastSegment = name.split('/').pop() ?? name;
  return lastSegment.includes(':') ? name : `${name}:latest`;
}

function digestOf(name: string): string {
  return createHash('sha256').update(normalizeName(name)).digest('hex');
}

function isRecord(x: unknown): x is Record<string, unknown> {
  return typeof x === 'object' && x !== null && !Array.isArray(x);
}

/** Waits ms; false if the signal fired first. */
async function pause(ms: number | undefined, signal: AbortSignal): Promise<boolean> {
  if (signal.aborted) return false;
  if (!ms || ms <= 0) return true;
  try {
    await sleep(ms, undefined, { signal });
    return true;
  } catch {
    return false;
  }
}

function untilAborted(signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) resolve();
    else signal.addEventListener('abort', () => resolve(), { once: true });
  });
}

/** Splits text into chunks: `size` characters each, or one word (with its leading whitespace) each. */
function chunk(text: string, size?: number): string[] {
  if (!text) return [];
  if (size && size > 0) {
    const out: string[] = [];
    for (let i = 0; i < text.length; i += size) out.push(text.slice(i, i + size));
    return out;
  }
  return text.match(/\s*\S+(?:\s+$)?/g) ?? [text];
}

/** Ollama's keep_alive: a number of seconds or a duration string ("10m", "1h", "30s", "0"); negative = forever. */
function keepAliveMs(v: unknown): number {
  const units: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 };
  if (typeof v === 'number') return v * 1000;
  if (typeof v === 'string') {
    const m = /^(-?\d+(?:\.\d+)?)(ms|s|m|h)?$/.exec(v.trim());
    if (m) return Number(m[1]) * (m[2] ? units[m[2]] : 1000);
  }
  return 5 * 60_000;
}

function estimateTokens(text: string): number {
  return Math.ceil(text.length / 4);
}

const DEFAULT_ERROR_TEXT: Record<number, string> = {
  400: 'invalid request',
  429: 'too many requests',
  500: 'llama runner process has terminated: exit status 2',
  502: 'bad gateway',
  503: BUSY_MESSAGE,
};

function errorText(status: number, model?: string): string {
  if (status === 404) return model !== undefined ? `model "${model}" not found, try pulling it first` : 'not found';
  return DEFAULT_ERROR_TEXT[status] ?? `${status} ${http.STATUS_CODES[status] ?? 'error'}`;
}

interface MutableRecord {
  id: number;
  method: string;
  path: string;
  body: unknown;
  at: number;
  status?: number;
  authorization?: string;
  outcome?: RequestOutcome;
  endedAt?: number;
}

interface Exchange {
  record: MutableRecord;
  req: http.IncomingMessage;
  res: http.ServerResponse;
  /** Fires when the response closes (finished, client gone, destroyed) or the server stops. */
  signal: AbortSignal;
  controller: AbortController;
  destroyedByServer: boolean;
  stoppedByServer: boolean;
}

type Waiter = { kind: 'request' | 'end'; predicate: (r: RequestRecord) => boolean; resolve: (r: RequestRecord) => void };

// ---------------------------------------------------------------------------------------------
// The server
// ---------------------------------------------------------------------------------------------

export class OllamaTestServer {
  /** Everything received, in order (including 404s and failed requests). */
  readonly requests: RequestRecord[] = [];
  /** Every chat/generate request with a JSON body, in order. */
  readonly chats: ChatRequestRecord[] = [];

  private server: http.Server | null = null;
  private readonly sockets = new Set<Socket>();
  private readonly inflight = new Set<Exchange>();
  private stopping = false;
  private stopPromise: Promise<void> | null = null;
  private port = 0;
  private nextId = 0;
  private waiters: Waiter[] = [];

  private modelList: FakeModel[];
  private readonly initialModels: FakeModel[];
  private readonly pullable: FakeModel[];
  private readonly versionString: string;
  private readonly embeddingDims: number;
  private readonly pullSteps: number;
  private readonly pullStepDelayMs: number;
  private readonly maxPending: number;
  private requiredAuthorization: string | null = null;
  private readonly pathPrefix: string;

  private persistentScript: ChatScriptSource | null = null;
  private onceScripts: ChatScript[] = [];
  private endpointScripts = new Map<string, EndpointScript>();
  private failAllStatus: { status: number; message?: string } | null = null;
  private readonly loaded = new Map<string, { model: FakeModel; expiresAt: number; numCtx: number }>();
  private pendingGenerations = 0;
  private peakGenerations = 0;

  private constructor(opts: OllamaTestServerOptions) {
    this.initialModels = (opts.models ?? DEFAULT_MODELS).map((m) => ({ ...m }));
    this.modelList = this.initialModels.map((m) => ({ ...m }));
    this.pullable = (opts.pullable ?? []).map((m) => ({ ...m }));
    this.versionString = opts.version ?? '0.12.6';
    this.embeddingDims = opts.embeddingDims ?? 768;
    this.pullSteps = opts.pullSteps ?? 4;
    this.pullStepDelayMs = opts.pullStepDelayMs ?? 0;
    this.maxPending = opts.maxPending ?? Infinity;
    this.requireAuth(opts.basicAuth ?? null);
    this.pathPrefix = opts.pathPrefix ?? '';
    this.port = opts.port ?? 0;
  }

  /** Starts a server on 127.0.0.1 (random port unless `port` is given). */
  static async start(opts: OllamaTestServerOptions = {}): Promise<OllamaTestServer> {
    const s = new OllamaTestServer(opts);
    await s.listen();
    return s;
  }

  /** "http://127.0.0.1:PORT" — pass it as `new Ollama({ host })`. Stays the same across restart(). */
  get host(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /** True between start()/restart() and stop(). */
  get listening(): boolean {
    return this.server !== null && !this.stopping;
  }

  /** The installed models (copies). */
  get models(): FakeModel[] {
    return this.modelList.map((m) => ({ ...m }));
  }

  /** Chat/generate requests being handled right now. */
  get pendingChats(): number {
    return this.pendingGenerations;
  }

  /** The most chat/generate requests that were in flight at once (to test client-side concurrency limits). */
  get peakConcurrentChats(): number {
    return this.peakGenerations;
  }

  /** Behaviour for all following chat/generate requests (until changed); null = default reply. */
  script(s: ChatScriptSource | null): void {
    this.persistentScript = s;
  }

  /** A queue of behaviours, one consumed per chat/generate request, before falling back to script(). */
  scriptOnce(...scripts: ChatScript[]): void {
    this.onceScripts.push(...scripts);
  }

  /** A fault for every request to `path` (e.g. "/api/embed", "/api/tags"); null removes it. */
  scriptEndpoint(path: string, s: EndpointScript | null): void {
    if (s) this.endpointScripts.set(path, s);
    else this.endpointScripts.delete(path);
  }

  /** Replaces the installed models (e.g. remove the chat model to get 404s). */
  setModels(models: readonly FakeModel[]): void {
    this.modelList = models.map((m) => ({ ...m }));
    for (const key of [...this.loaded.keys()]) if (!this.findModel(key)) this.loaded.delete(key);
  }

  /** From now on, requests must carry this user and password (see OllamaTestServerOptions.basicAuth); null lets every request in. */
  requireAuth(credentials: { user: string; password: string } | null): void {
    this.requiredAuthorization = credentials ? `Basic ${Buffer.from(`${credentials.user}:${credentials.password}`, 'utf8').toString('base64')}` : null;
  }

  /** Every endpoint answers this status with an Ollama-style error (default text per status); null to stop. */
  failAll(status: number | null, errorMessage?: string): void {
    this.failAllStatus = status === null ? null : { status, message: errorMessage };
  }

  /** Forgets recorded requests and scripts, restores the initial models, unloads everything. */
  reset(): void {
    this.requests.length = 0;
    this.chats.length = 0;
    this.persistentScript = null;
    this.onceScripts = [];
    this.endpointScripts.clear();
    this.failAllStatus = null;
    this.modelList = this.initialModels.map((m) => ({ ...m }));
    this.loaded.clear();
    this.peakGenerations = this.pendingGenerations;
  }

  /** Resolves with the first request (by arrival) matching `predicate`, as soon as its body is read. */
  waitForRequest(predicate: (r: RequestRecord) => boolean = () => true, opts: WaitOptions = {}): Promise<RequestRecord> {
    if (opts.includePast) {
      const found = this.requests.find(predicate);
      if (found) return Promise.resolve(found);
    }
    return this.addWaiter('request', predicate, opts.timeoutMs, 'waitForRequest');
  }

  /** Resolves with the first request matching `predicate` whose exchange has ended (see `outcome`). */
  waitForRequestEnd(predicate: (r: RequestRecord) => boolean = () => true, opts: WaitOptions = {}): Promise<RequestRecord> {
    if (opts.includePast) {
      const found = this.requests.find((r) => r.outcome !== undefined && predicate(r));
      if (found) return Promise.resolve(found);
    }
    return this.addWaiter('end', (r) => predicate(r), opts.timeoutMs, 'waitForRequestEnd');
  }

  /** Closes the server and destroys every open socket (hanging streams end). Idempotent. */
  stop(): Promise<void> {
    if (!this.server) return this.stopPromise ?? Promise.resolve();
    if (this.stopPromise) return this.stopPromise;
    const server = this.server;
    this.stopping = true;
    this.stopPromise = new Promise<void>((resolve) => {
      server.close(() => resolve());
      for (const ex of this.inflight) {
        ex.stoppedByServer = true;
        ex.controller.abort();
      }
      server.closeAllConnections();
      for (const s of this.sockets) s.destroy();
    }).then(() => {
      this.server = null;
      this.stopping = false;
      this.stopPromise = null;
      this.loaded.clear();
    });
    return this.stopPromise;
  }

  /** stop(), then listen again on the same port (models, scripts and records are kept). */
  async restart(): Promise<void> {
    await this.stop();
    await this.listen();
  }

  // -------------------------------------------------------------------------------------------

  private listen(): Promise<void> {
    const server = http.createServer((req, res) => {
      void this.handle(req, res).catch((err: unknown) => {
        if (!res.headersSent && !res.destroyed) this.sendError(res, 500, `test server error: ${String(err)}`);
        else res.destroy();
      });
    });
    server.on('connection', (socket) => {
      this.sockets.add(socket);
      socket.on('close', () => this.sockets.delete(socket));
    });
    return new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => {
        server.off('error', reject);
        const addr = server.address();
        if (addr && typeof addr === 'object') this.port = addr.port;
        this.server = server;
        resolve();
      });
    });
  }

  private addWaiter(kind: Waiter['kind'], predicate: (r: RequestRecord) => boolean, timeoutMs = 5000, what: string): Promise<RequestRecord> {
    return new Promise<RequestRecord>((resolve, reject) => {
      const waiter: Waiter = {
        kind,
        predicate,
        resolve: (r) => {
          clearTimeout(timer);
          resolve(r);
        },
      };
      const timer = setTimeout(() => {
        this.waiters = this.waiters.filter((w) => w !== waiter);
        reject(new Error(`OllamaTestServer.${what}: no matching request within ${timeoutMs} ms (received: ${this.requests.map((r) => `${r.method} ${r.path}`).join(', ') || 'none'})`));
      }, timeoutMs);
      this.waiters.push(waiter);
    });
  }

  private notify(kind: Waiter['kind'], record: RequestRecord): void {
    const matched = this.waiters.filter((w) => w.kind === kind && w.predicate(record));
    if (matched.length === 0) return;
    this.waiters = this.waiters.filter((w) => !matched.includes(w));
    for (const w of matched) w.resolve(record);
  }

  private findModel(name: string): FakeModel | undefined {
    const n = normalizeName(name);
    return this.modelList.find((m) => normalizeName(m.name) === n);
  }

  private caps(m: FakeModel): string[] {
    return m.capabilities ?? ['completion'];
  }

  private details(m: FakeModel) {
    const family = m.family ?? 'llama';
    return {
      parent_model: '',
      format: 'gguf',
      family,
      families: [family],
      parameter_size: m.parameterSize ?? '3.2B',
      quantization_level: m.quantizationLevel ?? 'Q4_K_M',
    };
  }

  private embeddingLength(m: FakeModel): number {
    return m.embeddingLength ?? this.embeddingDims;
  }

  private async handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const ac = new AbortController();
    const pathname = new URL(req.url ?? '/', 'http://x').pathname;
    const underPrefix = pathname === this.pathPrefix || pathname.startsWith(`${this.pathPrefix}/`);
    const record: MutableRecord = { id: this.nextId++, method: req.method ?? 'GET', path: underPrefix ? pathname.slice(this.pathPrefix.length) || '/' : pathname, body: undefined, at: 0, ...(req.headers.authorization ? { authorization: req.headers.authorization } : {}) };
    const ex: Exchange = { record, req, res, signal: ac.signal, controller: ac, destroyedByServer: false, stoppedByServer: false };
    this.inflight.add(ex);
    statusTargets.set(res, record);
    let recorded = false;
    res.on('close', () => {
      this.inflight.delete(ex);
      ac.abort();
      if (!recorded) return;
      record.outcome = ex.destroyedByServer ? 'server-destroyed' : res.writableFinished ? 'completed' : ex.stoppedByServer ? 'server-stopped' : 'client-closed';
      record.endedAt = Date.now();
      this.notify('end', record);
    });

    const raw = await readBody(req, ac.signal);
    if (raw === null) return; // client went away while sending
    let body: unknown = undefined;
    let parsed: { ok: true; value: unknown } | { ok: false } = { ok: false };
    if (raw.length > 0) {
      try {
        body = JSON.parse(raw);
        parsed = { ok: true, value: body };
      } catch {
        body = raw;
      }
    }
    record.body = body;
    record.at = Date.now();
    this.requests.push(record);
    recorded = true;
    this.notify('request', record);

    if (!underPrefix) {
      res.writeHead(404, { 'Content-Type': 'text/html' });
      res.end('<html>\r\n<head><title>404 Not Found</title></head>\r\n<body>\r\n<center><h1>404 Not Found</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n');
      this.markStatus(res, 404);
      return;
    }
    if (this.requiredAuthorization && req.headers.authorization !== this.requiredAuthorization) {
      res.writeHead(401, { 'Content-Type': 'text/html', 'WWW-Authenticate': 'Basic realm="ollama"' });
      res.end('<html>\r\n<head><title>401 Authorization Required</title></head>\r\n<body>\r\n<center><h1>401 Authorization Required</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n');
      this.markStatus(res, 401);
      return;
    }
    if (this.failAllStatus) {
      const model = isRecord(body) && typeof body.model === 'string' ? body.model : undefined;
      return this.sendError(res, this.failAllStatus.status, this.failAllStatus.message ?? errorText(this.failAllStatus.status, model));
    }
    const es = this.endpointScripts.get(record.path);
    if (es) {
      if (es.hang) return untilAborted(ac.signal);
      if (!(await pause(es.delayMs, ac.signal))) return;
      if (es.destroy) return this.destroy(ex);
      if (es.status) {
        const model = isRecord(body) && typeof body.model === 'string' ? body.model : undefined;
        return this.sendError(res, es.status, es.errorMessage ?? errorText(es.status, model));
      }
    }

    const route = `${record.method === 'HEAD' ? 'GET' : record.method} ${record.path}`;
    const needsBody = (fn: (b: Record<string, unknown>) => Promise<void> | void) => {
      if (raw.length === 0) return this.sendError(res, 400, 'missing request body');
      if (!parsed.ok || !isRecord(parsed.value)) return this.sendError(res, 400, 'invalid JSON request body');
      return fn(parsed.value);
    };
    switch (route) {
      case 'GET /':
        res.writeHead(200, { 'Content-Type': 'text/plain; charset=utf-8' });
        res.end('Ollama is running');
        this.markStatus(res, 200);
        return;
      case 'GET /api/version':
        return this.sendJson(res, 200, { version: this.versionString });
      case 'GET /api/tags':
        return this.sendJson(res, 200, { models: this.modelList.map((m) => this.tagEntry(m)) });
      case 'GET /api/ps':
        return this.sendJson(res, 200, { models: this.psEntries() });
      case 'POST /api/show':
        return needsBody((b) => this.handleShow(res, b));
      case 'POST /api/embed':
        return needsBody((b) => this.handleEmbed(res, b, false));
      case 'POST /api/embeddings':
        return needsBody((b) => this.handleEmbed(res, b, true));
      case 'POST /api/chat':
        return needsBody((b) => this.handleGeneration(ex, b, 'chat'));
      case 'POST /api/generate':
        return needsBody((b) => this.handleGeneration(ex, b, 'generate'));
      case 'POST /api/pull':
        return needsBody((b) => this.handlePull(ex, b));
      case 'DELETE /api/delete':
        return needsBody((b) => this.handleDelete(res, b));
      default:
        res.writeHead(404, { 'Content-Type': 'text/plain' });
        res.end('404 page not found');
        this.markStatus(res, 404);
        return;
    }
  }

  private sendJson(res: http.ServerResponse, status: number, obj: unknown): void {
    if (res.destroyed) return;
    res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8' });
    res.end(JSON.stringify(obj));
    this.markStatus(res, status);
  }

  private sendError(res: http.ServerResponse, status: number, message: string): void {
    this.sendJson(res, status, { error: message });
  }

  private markStatus(res: http.ServerResponse, status: number): void {
    const rec = statusTargets.get(res);
    if (rec) rec.status = status;
  }

  private destroy(ex: Exchange): void {
    ex.destroyedByServer = true;
    ex.res.destroy();
    ex.req.socket.destroy();
  }

  private tagEntry(m: FakeModel) {
    return {
      name: normalizeName(m.name),
      model: normalizeName(m.name),
      modified_at: '2025-01-01T00:00:00.000000000Z',
      size: m.size ?? 1_000_000_000,
      digest: digestOf(m.name),
      details: this.details(m),
    };
  }

  private psEntries() {
    const now = Date.now();
    const out = [];
    for (const [key, { model, expiresAt, numCtx }] of this.loaded) {
      if (expiresAt <= now) {
        this.loaded.delete(key);
        continue;
      }
      const base = this.tagEntry(model);
      out.push({
        name: base.name,
        model: base.model,
        size: base.size,
        digest: base.digest,
        details: base.details,
        expires_at: new Date(Math.min(expiresAt, 8.64e15)).toISOString(),
        size_vram: base.size,
        context_length: numCtx,
      });
    }
    return out;
  }

  /** Marks a model loaded for keep_alive (0 unloads, negative = forever), as /api/ps reports. */
  private touch(m: FakeModel, keepAlive: unknown, options?: Record<string, unknown>): void {
    const ms = keepAliveMs(keepAlive);
    const key = normalizeName(m.name);
    const numCtx = typeof options?.num_ctx === 'number' ? options.num_ctx : Math.min(m.contextLength ?? 4096, 4096);
    if (ms === 0) this.loaded.delete(key);
    else this.loaded.set(key, { model: m, expiresAt: ms < 0 ? 8.64e15 : Date.now() + ms, numCtx });
  }

  private handleShow(res: http.ServerResponse, b: Record<string, unknown>): void {
    const name = typeof b.model === 'string' ? b.model : typeof b.name === 'string' ? b.name : '';
    const m = this.findModel(name);
    if (!m) return this.sendError(res, 404, `model '${name}' not found`);
    const d = this.details(m);
    const arch = d.family;
    const info: Record<string, unknown> = {
      'general.architecture': arch,
      'general.basename': name.split(':')[0],
      'general.parameter_count': 0,
      [`${arch}.context_length`]: m.contextLength ?? 4096,
      [`${arch}.embedding_length`]: this.embeddingLength(m),
    };
    this.sendJson(res, 200, {
      license: 'Test license',
      modelfile: `# Modelfile generated by OllamaTestServer\nFROM ${normalizeName(m.name)}\n`,
      parameters: '',
      template: '{{ .Prompt }}',
      details: d,
      model_info: info,
      capabilities: this.caps(m),
      modified_at: '2025-01-01T00:00:00.000000000Z',
    });
  }

  private handleEmbed(res: http.ServerResponse, b: Record<string, unknown>, legacy: boolean): void {
    const name = typeof b.model === 'string' ? b.model : '';
    if (!name) return this.sendError(res, 400, 'model is required');
    const m = this.findModel(name);
    if (!m) return this.sendError(res, 404, errorText(404, name));
    if (!this.caps(m).includes('embedding')) return this.sendError(res, 400, `"${name}" does not support embeddings`);
    const dims = this.embeddingLength(m);
    this.touch(m, b.keep_alive, isRecord(b.options) ? b.options : undefined);
    if (legacy) {
      const prompt = typeof b.prompt === 'string' ? b.prompt : '';
      return this.sendJson(res, 200, { embedding: prompt ? fakeEmbedding(prompt, dims) : [] });
    }
    const input = b.input;
    let inputs: string[];
    if (input === undefined || input === '') inputs = [];
    else if (typeof input === 'string') inputs = [input];
    else if (Array.isArray(input) && input.every((x) => typeof x === 'string')) inputs = input as string[];
    else return this.sendError(res, 400, `invalid input type`);
    const limit = m.contextLength ?? Infinity;
    if (b.truncate === false && inputs.some((t) => (t.match(/\S+/g)?.length ?? 0) > limit)) {
      return this.sendError(res, 400, 'input length exceeds maximum context length');
    }
    const want = typeof b.dimensions === 'number' && b.dimensions > 0 && b.dimensions < dims ? b.dimensions : null;
    const embeddings = inputs.map((t) => {
      const v = fakeEmbedding(t, dims);
      return want ? l2normalize(v.slice(0, want)) : v;
    });
    this.sendJson(res, 200, {
      model: name,
      embeddings,
      total_duration: 1_000_000,
      load_duration: 100_000,
      prompt_eval_count: inputs.reduce((s, t) => s + estimateTokens(t), 0),
    });
  }

  private handleDelete(res: http.ServerResponse, b: Record<string, unknown>): void {
    const name = typeof b.model === 'string' ? b.model : typeof b.name === 'string' ? b.name : '';
    const m = this.findModel(name);
    if (!m) return this.sendError(res, 404, `model '${name}' not found`);
    this.modelList = this.modelList.filter((x) => x !== m);
    this.loaded.delete(normalizeName(m.name));
    res.writeHead(200);
    res.end();
    this.markStatus(res, 200);
  }

  private async handlePull(ex: Exchange, b: Record<string, unknown>): Promise<void> {
    const { res, signal } = ex;
    const name = typeof b.model === 'string' ? b.model : typeof b.name === 'string' ? b.name : '';
    const stream = b.stream !== false; // Ollama streams unless told not to
    const installed = this.findModel(name);
    const source = installed ?? this.pullable.find((m) => normalizeName(m.name) === normalizeName(name));
    const notFound = 'pull model manifest: file does not exist';
    if (!stream) {
      // Real Ollama (waitForStream) answers a failed non-streamed pull with 500.
      if (!source) return this.sendError(res, 500, notFound);
      for (let i = 0; i < this.pullSteps; i++) if (!(await pause(this.pullStepDelayMs, signal))) return;
      this.installPulled(source);
      return this.sendJson(res, 200, { status: 'success' });
    }
    res.writeHead(200, { 'Content-Type': 'application/x-ndjson' });
    this.markStatus(res, 200);
    const line = (o: unknown) => {
      if (!signal.aborted) res.write(JSON.stringify(o) + '\n');
    };
    line({ status: 'pulling manifest' });
    if (!source) {
      line({ error: notFound });
      res.end();
      return;
    }
    const digest = `sha256:${digestOf(source.name)}`;
    const total = source.size ?? 1_000_000_000;
    const steps = Math.max(1, this.pullSteps);
    for (let i = 1; i <= steps; i++) {
      if (!(await pause(this.pullStepDelayMs, signal))) return;
      line({ status: `pulling ${digest.slice(7, 19)}`, digest, total, completed: Math.round((total * i) / steps) });
    }
    if (signal.aborted) return;
    line({ status: 'verifying sha256 digest' });
    line({ status: 'writing manifest' });
    this.installPulled(source);
    line({ status: 'success' });
    res.end();
  }

  private installPulled(m: FakeModel): void {
    if (!this.findModel(m.name)) this.modelList.push({ ...m });
  }

  private pickScript(rec: ChatRequestRecord, index: number): ChatScript {
    const once = this.onceScripts.shift();
    if (once) return once;
    const p = this.persistentScript;
    if (!p) return {};
    return typeof p === 'function' ? p(rec, index) : p;
  }

  private async handleGeneration(ex: Exchange, b: Record<string, unknown>, endpoint: 'chat' | 'generate'): Promise<void> {
    const { res } = ex;
    const name = typeof b.model === 'string' ? b.model : '';
    let messages: ChatMessageRecord[];
    if (endpoint === 'chat') {
      messages = Array.isArray(b.messages) ? (b.messages.filter(isRecord) as ChatMessageRecord[]) : [];
    } else {
      messages = [];
      if (typeof b.system === 'string' && b.system) messages.push({ role: 'system', content: b.system });
      if (typeof b.prompt === 'string' && b.prompt) messages.push({ role: 'user', content: b.prompt });
    }
    const rec: ChatRequestRecord = {
      endpoint,
      model: name,
      messages,
      options: isRecord(b.options) ? b.options : undefined,
      stream: typeof b.stream === 'boolean' ? b.stream : undefined,
      think: b.think,
      keep_alive: b.keep_alive,
      format: b.format,
      tools: b.tools,
      body: b,
    };
    const index = this.chats.length;
    this.chats.push(rec);

    if (this.pendingGenerations >= this.maxPending) return this.sendError(res, 503, BUSY_MESSAGE);
    this.pendingGenerations++;
    this.peakGenerations = Math.max(this.peakGenerations, this.pendingGenerations);
    try {
      await this.generate(ex, rec, this.pickScript(rec, index));
    } finally {
      this.pendingGenerations--;
    }
  }

  private async generate(ex: Exchange, rec: ChatRequestRecord, script: ChatScript): Promise<void> {
    const { res, signal } = ex;
    const name = rec.model;
    if (script.status) return this.sendError(res, script.status, script.errorMessage ?? errorText(script.status, name));
    if (!name) return this.sendError(res, 400, 'model is required');
    const m = this.findModel(name);
    if (!m) return this.sendError(res, 404, errorText(404, name));
    const caps = this.caps(m);
    if (!caps.includes('completion')) return this.sendError(res, 400, `"${name}" does not support ${rec.endpoint === 'chat' ? 'chat' : 'generate'}`);
    const thinkRequested = rec.think !== undefined && rec.think !== false && rec.think !== null;
    if (thinkRequested && !caps.includes('thinking')) return this.sendError(res, 400, `"${name}" does not support thinking`);

    const streaming = rec.stream !== false; // Ollama streams unless told not to
    const created = () => new Date().toISOString();
    const started = Date.now();

    // An empty chat/generate only loads (or, with keep_alive 0, unloads) the model.
    if (rec.messages.length === 0 && !script.hang) {
      const unload = keepAliveMs(rec.keep_alive) === 0;
      this.touch(m, rec.keep_alive, rec.options);
      const base = rec.endpoint === 'chat' ? { message: { role: 'assistant', content: '' } } : { response: '' };
      return this.sendJson(res, 200, { model: name, created_at: created(), ...base, done_reason: unload ? 'unload' : 'load', done: true });
    }
    if (script.hang) return untilAborted(signal);

    // What the model writes.
    const replyText = script.empty ? '' : typeof script.reply === 'function' ? script.reply(rec) : script.reply ?? defaultReply(rec);
    const thinkingText = script.thinking === undefined ? '' : typeof script.thinking === 'function' ? script.thinking(rec) : script.thinking;
    let content = replyText;
    let thinking = '';
    if (thinkingText && script.thinkInContent) content = `<think>\n${thinkingText}\n</think>\n\n${replyText}`;
    else if (thinkingText && caps.includes('thinking') && rec.think !== false) thinking = thinkingText;

    type Piece = { kind: 'thinking' | 'content'; text: string };
    let pieces: Piece[] = [
      ...chunk(thinking, script.chunkSize).map((text): Piece => ({ kind: 'thinking', text })),
      ...chunk(content, script.chunkSize).map((text): Piece => ({ kind: 'content', text })),
    ];
    let doneReason = 'stop';
    const numPredict = typeof rec.options?.num_predict === 'number' ? rec.options.num_predict : -1;
    if (numPredict > 0 && pieces.length > numPredict) {
      pieces = pieces.slice(0, numPredict);
      doneReason = 'length';
    }
    if (script.doneReason) doneReason = script.doneReason;

    const promptTokens = rec.messages.reduce((s, msg) => s + estimateTokens(typeof msg.content === 'string' ? msg.content : ''), 0);
    const stats = () => {
      const total = (Date.now() - started) * 1e6;
      return {
        total_duration: total + 1_000_000,
        load_duration: 500_000,
        prompt_eval_count: promptTokens,
        prompt_eval_duration: 250_000,
        eval_count: pieces.length,
        eval_duration: total + 250_000,
      };
    };
    const chatShape = rec.endpoint === 'chat';
    const pieceLine = (p: Piece) =>
      chatShape
        ? { model: name, created_at: created(), message: { role: 'assistant', content: p.kind === 'content' ? p.text : '', ...(p.kind === 'thinking' ? { thinking: p.text } : {}) }, done: false }
        : { model: name, created_at: created(), response: p.kind === 'content' ? p.text : '', ...(p.kind === 'thinking' ? { thinking: p.text } : {}), done: false };
    const finalLine = () =>
      chatShape
        ? { model: name, created_at: created(), message: { role: 'assistant', content: '' }, done_reason: doneReason, done: true, ...stats() }
        : { model: name, created_at: created(), response: '', done_reason: doneReason, done: true, context: [1, 2, 3], ...stats() };
    const errText = script.errorMessage ?? MID_STREAM_ERROR;
    const at = (n: number | undefined, i: number) => n !== undefined && n === i;

    if (!streaming) {
      for (let i = 0; i <= pieces.length; i++) {
        if (!(await pause(i === 0 ? script.firstTokenDelayMs : script.tokenDelayMs, signal))) return;
        if (at(script.failAfterChunks, i)) return this.sendError(res, 500, errText);
        if (at(script.destroyAfterChunks, i)) return this.destroy(ex);
        if (at(script.hangAfterChunks, i)) return untilAborted(signal);
      }
      this.touch(m, rec.keep_alive, rec.options);
      if (script.malformed) {
        res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8' });
        res.end(`{"model":${JSON.stringify(name)},"message":{"role":"assistant","content":`);
        this.markStatus(res, 200);
        return;
      }
      const full = pieces.filter((p) => p.kind === 'content').map((p) => p.text).join('');
      const fullThinking = pieces.filter((p) => p.kind === 'thinking').map((p) => p.text).join('');
      const fin = finalLine() as Record<string, unknown>;
      if (chatShape) fin.message = { role: 'assistant', content: full, ...(fullThinking ? { thinking: fullThinking } : {}) };
      else Object.assign(fin, { response: full }, fullThinking ? { thinking: fullThinking } : {});
      return this.sendJson(res, 200, fin);
    }

    // Resolves when everything written so far has reached the socket, so a scripted destroy does
    // not discard chunks still buffered in the response (the client must see them first).
    let flushed: Promise<void> = Promise.resolve();
    const write = (o: unknown) => {
      if (signal.aborted || res.destroyed) return;
      flushed = new Promise<void>((resolve) => {
        res.write(typeof o === 'string' ? o : JSON.stringify(o) + '\n', () => resolve());
      });
    };
    const startResponse = () => {
      if (!res.headersSent) {
        res.writeHead(200, { 'Content-Type': 'application/x-ndjson' });
        this.markStatus(res, 200);
      }
    };
    for (let i = 0; i <= pieces.length; i++) {
      if (!(await pause(i === 0 ? script.firstTokenDelayMs : script.tokenDelayMs, signal))) return;
      if (at(script.destroyAfterChunks, i)) {
        await Promise.race([flushed, untilAborted(signal)]);
        return this.destroy(ex);
      }
      if (at(script.failAfterChunks, i)) {
        startResponse();
        write({ error: errText });
        res.end();
        return;
      }
      if (at(script.hangAfterChunks, i)) {
        startResponse();
        res.flushHeaders();
        return untilAborted(signal);
      }
      if (script.malformed && i === Math.min(1, pieces.length)) {
        startResponse();
        write(`{"model":${JSON.stringify(name)},"message":{"role":"assistant","content":\n`);
      }
      if (i === pieces.length) break;
      startResponse();
      write(pieceLine(pieces[i]));
    }
    startResponse();
    this.touch(m, rec.keep_alive, rec.options);
    if (!script.omitDone) write(finalLine());
    res.end();
  }
}

/** Maps a response to its request record (so status can be stored without threading it everywhere). */
const statusTargets = new WeakMap<http.ServerResponse, MutableRecord>();

function readBody(req: http.IncomingMessage, signal: AbortSignal): Promise<string | null> {
  return new Promise((resolve) => {
    const parts: Buffer[] = [];
    req.on('data', (c: Buffer) => parts.push(c));
    req.on('end', () => resolve(Buffer.concat(parts).toString('utf8')));
    req.on('error', () => resolve(null));
    signal.addEventListener('abort', () => resolve(null), { once: true });
  });
}
