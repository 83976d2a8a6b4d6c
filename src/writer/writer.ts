/**
 * The model side of papercord: sends chat requests to the Ollama hosts through the generation
 * queue, and turns every way a request can fail into either a (possibly partial) generation
 * or a WriterError whose notice says what happened (for members) and what to do (for the
 * operator), its message both, for the log. It knows nothing about
 * papers or prompts; the service builds those.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { Settings } from '../config.js';
import { isPapercordError } from '../errors.js';
import type { Logger } from '../log.js';
import { abortSignal, credentialsFix, errorText, fetchWithSignal, isCredentialsRejected, ollamaClient, refusalText } from '../ollama/client.js';
import { hasModel, probeOllama } from '../ollama/probe.js';
import { formatMs } from '../text/durations.js';
import type { LatencyStats, ModelHostStatus, ModelStatus, Notice, ProgressEvent } from '../types.js';
import { ChatFault, streamChat, toChatFault, type CutReason } from './chat.js';
import { stripThinking } from './citations.js';
import { cancelledError, WriterError } from './errors.js';
import { HostPool, hostsVariable, noHostNote, type HostState } from './hosts.js';
import type { ChatMessage } from './prompts.js';
import { startPull, type ModelPull } from '../ollama/pull.js';
import { GenerationQueue } from './queue.js';
import { canChat, checkOllama, type StartupReport } from './startup.js';

export type WriterSettings = Pick<
  Settings,
  | 'ollamaHost'
  | 'ollamaHosts'
  | 'chatModel'
  | 'embedModel'
  | 'numCtx'
  | 'temperature'
  | 'keepAlive'
  | 'connectTimeoutMs'
  | 'firstTokenTimeoutMs'
  | 'generationTimeoutMs'
  | 'autoPull'
  | 'generationConcurrency'
  | 'busyRetries'
  | 'retryDelayMs'
  | 'embeddings'
  | 'ollamaAuth'
>;

export interface GenerateRequest {
  messages: ChatMessage[];
  /** The most tokens the answer may take (what the prompt budget left free). */
  numPredict?: number;
}

export interface GenerateOptions {
  signal?: AbortSignal;
  /** queued (with the position), started, and notices (retries, pull progress). */
  onProgress?: (event: ProgressEvent) => void;
  /** The raw text written so far, after each chunk. */
  onText?: (soFar: string) => void;
}

export interface Generation {
  /** What the model wrote, reasoning blocks removed. */
  text: string;
  raw: string;
  model: string;
  host: string;
  /** Set when the text is partial. */
  cut?: CutReason;
  /** What to tell the user about a partial text. */
  notice?: Notice;
  /** What stopped the model, without "the answer is cut off": for a fallback that shows another answer instead. */
  stopped?: Notice;
  firstTokenMs?: number;
  ms: number;
}

/** The model side of the status; the service adds the cache and a one-line verdict. */
export type WriterStatus = Omit<ModelStatus, 'answers' | 'detail' | 'cache'>;

/** What the service needs from a writer; tests may inject their own. */
export interface Writer {
  readonly model: string;
  /** Start-up checks (bounded by the connect timeout); never throws. */
  start(): Promise<StartupReport | undefined>;
  generate(req: GenerateRequest, opts?: GenerateOptions): Promise<Generation>;
  status(): WriterStatus;
  /** Checks every host again, then reports. */
  refresh(): Promise<WriterStatus>;
  close(): Promise<void>;
}

const LATENCY_WINDOW = 50;

export class OllamaWriter implements Writer {
  readonly model: string;
  readonly pool: HostPool;
  readonly queue: GenerationQueue;
  private readonly capabilities = new Map<string, Promise<string[] | null>>();
  private readonly pulls = new Map<string, ModelPull>();
  private readonly latencies: { ms: number; firstTokenMs?: number }[] = [];
  private lastError: { message: string; at: number; answeredSince: boolean } | undefined;
  /** When the model was last not used because no server could be reached; cleared by the next answer it writes. */
  private unreachableSince: number | undefined;
  /**
   * Why the log last said the model was not used: the same reason at the next question, until the
   * model writes again, is no news (each answer's note says it to the asker), so it goes to debug.
   */
  private toldNotUsed: string | undefined;
  private modelPresent = new Map<string, boolean>();
  private warming: Promise<void> | undefined;
  /** Aborted by close(): ends the warm-up and any download. */
  private readonly closing = new AbortController();

  constructor(
    private readonly settings: WriterSettings,
    private readonly log: Logger,
  ) {
    this.model = settings.chatModel;
    const hosts = settings.ollamaHosts.length ? settings.ollamaHosts : [settings.ollamaHost];
    this.pool = new HostPool(hosts, (host) => probeOllama(host, settings.connectTimeoutMs, settings.ollamaAuth));
    this.queue = new GenerationQueue(settings.generationConcurrency);
  }

  async start(): Promise<StartupReport | undefined> {
    try {
      const report = await checkOllama(this.pool, this.settings, this.log);
      // A model that cannot chat (an embedding model named as the chat model) would only fail to load.
      const ready: typeof report.hosts = [];
      for (const h of report.hosts) {
        const chats = canChat(h);
        if (h.chat) this.modelPresent.set(h.host, chats);
        if (h.chat?.capabilities) this.capabilities.set(h.host, Promise.resolve(h.chat.capabilities));
        if (chats) ready.push(h);
      }
      // Loading a model takes seconds to minutes; the first question should not pay for it.
      if (ready.length) this.warming = Promise.all(ready.map((h) => this.warm(h.host))).then(() => {});
      if (this.settings.autoPull) for (const h of report.hosts) if (h.reachable && h.chat && !h.chat.present) this.pull(h.host);
      return report;
    } catch (e) {
      this.log.warn('ollama start-up check failed', { error: errorText(e) });
      return undefined;
    }
  }

  /** Resolves when the start-up warm-up requests have ended (for tests and orderly shutdown). */
  get warmed(): Promise<void> {
    return this.warming ?? Promise.resolve();
  }

  generate(req: GenerateRequest, opts: GenerateOptions = {}): Promise<Generation> {
    if (this.closing.signal.aborted) return Promise.reject(new WriterError('unreachable', { said: 'papercord is shutting down.' }));
    return this.queue.run(() => this.attempts(req, opts), {
      signal: opts.signal,
      onPosition: (position) => opts.onProgress?.({ type: 'queued', position }),
    });
  }

  status(): WriterStatus {
    const hosts = this.pool.states();
    const anyUp = hosts.some((h) => h.up === true);
    const anyKnown = hosts.some((h) => h.up !== null);
    const presence = hosts.filter((h) => h.up).map((h) => this.modelPresent.get(h.host)).filter((p): p is boolean => p !== undefined);
    const pull = [...this.pulls.values()].find((p) => !p.settled);
    return {
      chatModel: this.model,
      reachable: anyKnown ? anyUp : null,
      chatModelPresent: presence.length ? presence.some(Boolean) : null,
      hosts: hosts.map(publicHost),
      waiting: this.queue.waiting,
      running: this.queue.running,
      concurrency: this.queue.concurrency,
      latency: latencyStats(this.latencies),
      ...(pull ? { pulling: { host: pull.host, model: pull.model, status: pull.progress.status, percent: pull.progress.percent } } : {}),
      ...(this.lastError ? { lastError: { ...this.lastError, at: new Date(this.lastError.at).toISOString() } } : {}),
    };
  }

  async refresh(): Promise<WriterStatus> {
    const states = await this.pool.checkAll();
    for (const h of states) if (h.up && h.models) this.modelPresent.set(h.host, hasModel(h.models, this.model));
    return this.status();
  }

  async close(): Promise<void> {
    this.closing.abort();
    for (const p of this.pulls.values()) p.cancel();
    await this.warmed;
  }

  // ---------------------------------------------------------------------------------------

  /** Tries hosts until one writes something: fails over when a host is unreachable, backs off when busy. */
  private async attempts(req: GenerateRequest, opts: GenerateOptions): Promise<Generation> {
    opts.onProgress?.({ type: 'started' });
    const started = Date.now();
    const deadline = started + this.settings.generationTimeoutMs;
    const unreachable = new Set<string>();
    const busy = new Set<string>();
    let busyResponses = 0;
    let pulled = false;
    for (;;) {
      if (opts.signal?.aborted) throw cancelledError();
      const host = await this.pool.pick(new Set([...unreachable, ...busy]));
      if (!host) {
        if (busy.size > 0) {
          // Every host that answers is busy: wait, then try them again.
          await this.backOff(busyResponses, deadline, opts);
          busy.clear();
          continue;
        }
        const states = this.pool.states();
        const { what, fix } = noHostNote(states, hostsVariable(this.settings), this.settings.connectTimeoutMs);
        const said = states.every((h) => h.refused) ? 'The model server refused papercord' : 'The model server could not be reached';
        throw this.fail(new WriterError('unreachable', { said: `${said}, so this answer is quoted from the abstracts instead of written by ${this.model}.`, forOperator: `${what}. ${fix}` }));
      }
      try {
        const caps = await this.capabilitiesOf(host);
        const out = await streamChat({
          host,
          auth: this.settings.ollamaAuth,
          model: this.model,
          messages: req.messages,
          numCtx: this.settings.numCtx,
          temperature: this.settings.temperature,
          keepAlive: this.settings.keepAlive,
          numPredict: req.numPredict,
          noThinking: caps?.includes('thinking') ?? false,
          firstTokenTimeoutMs: this.settings.firstTokenTimeoutMs,
          deadline,
          signal: opts.signal,
          onText: opts.onText,
        });
        this.pool.markUp(host);
        this.modelPresent.set(host, true);
        this.recordLatency(out.ms, out.firstTokenMs);
        this.usedAgain(host);
        // Why it was last not used stays for /status, as past: an admin may still be asked about that answer.
        if (this.lastError) this.lastError.answeredSince = true;
        this.toldNotUsed = undefined;
        const text = stripThinking(out.raw);
        if (out.cut) this.log.warn('answer cut off', { host, model: this.model, cut: out.cut, ms: out.ms, error: out.error });
        return { text, raw: out.raw, model: this.model, host, ms: Date.now() - started, firstTokenMs: out.firstTokenMs, ...(out.cut ? { cut: out.cut, ...this.cutNotices(out.cut, out.error) } : {}) };
      } catch (e) {
        if (isPapercordError(e)) throw e;
        const fault = e instanceof ChatFault ? e : new ChatFault('failed', errorText(e));
        if (fault.kind === 'unreachable') {
          this.pool.markDown(host, fault.message);
          unreachable.add(host);
          this.log.warn('ollama host unreachable', { host, error: fault.message });
          continue;
        }
        // Another host may take the credentials; if none does, the note names the setting that holds them.
        if (fault.kind === 'status' && isCredentialsRejected(fault.status)) {
          const error = refusalText(fault.status, this.settings.ollamaAuth.has(host));
          this.pool.markDown(host, error, fault.status);
          unreachable.add(host);
          this.log.warn('ollama host refused papercord', { host, error });
          continue;
        }
        if (fault.kind === 'status' && fault.status === 404) {
          this.capabilities.delete(host);
          this.modelPresent.set(host, false);
          if (this.settings.autoPull && !pulled) {
            await this.waitForPull(host, deadline, opts);
            pulled = true;
            continue;
          }
          throw this.fail(
            new WriterError('not-found', {
              said: `The chat model ${this.model} is not installed on the Ollama server, so this answer is quoted from the abstracts.`,
              forOperator: `The server is ${host}. To fix it, run: ollama pull ${this.model} (or set OLLAMA_AUTO_PULL=true).`,
            }),
          );
        }
        if (fault.kind === 'status' && (fault.status === 503 || fault.status === 429)) {
          busyResponses++;
          this.log.warn('ollama busy', { host, attempt: busyResponses, status: fault.status });
          if (busyResponses > this.settings.busyRetries) {
            throw this.fail(
              new WriterError('busy', {
                said: `The Ollama server stayed busy after ${busyResponses} attempts, so this answer is quoted from the abstracts. Try again in a minute.`,
                forOperator: `Its last reply was HTTP ${fault.status} (${fault.message}); the server's OLLAMA_MAX_QUEUE and OLLAMA_NUM_PARALLEL set how much it takes at once.`,
              }),
            );
          }
          opts.onProgress?.({ type: 'notice', notice: { said: `The model server is busy; trying again (${busyResponses}/${this.settings.busyRetries}).` } });
          busy.add(host);
          continue;
        }
        if (fault.kind === 'first-token-timeout' || fault.kind === 'timeout') {
          const first = fault.kind === 'first-token-timeout';
          const wait = formatMs(first ? this.settings.firstTokenTimeoutMs : this.settings.generationTimeoutMs);
          throw this.fail(
            new WriterError(
              'timeout',
              first
                ? { said: `${this.model} did not start answering within ${wait} (it may still be loading), so this answer is quoted from the abstracts. Try again shortly.`, forOperator: 'OLLAMA_FIRST_TOKEN_TIMEOUT_MS sets the wait.' }
                : { said: `${this.model} wrote nothing usable within ${wait}, so this answer is quoted from the abstracts.`, forOperator: 'OLLAMA_TIMEOUT_MS sets the time allowed.' },
            ),
          );
        }
        throw this.fail(new WriterError('failed', { said: `${this.model} failed, so this answer is quoted from the abstracts.`, forOperator: `The server at ${host} reported: ${fault.message}.` }, { cause: e }));
      }
    }
  }

  /**
   * What to say about a partial text: `notice` when it is shown, cut off; `stopped` when an
   * answer from the abstracts is shown instead, which is complete and must not be called cut off.
   */
  private cutNotices(cut: CutReason, error?: string): { notice: Notice; stopped: Notice } {
    if (cut === 'timeout') {
      const forOperator = 'OLLAMA_TIMEOUT_MS sets the time allowed.';
      const stoppedAfter = `The model was stopped after ${formatMs(this.settings.generationTimeoutMs)}`;
      return { notice: { said: `${stoppedAfter}, so the answer is cut off.`, forOperator }, stopped: { said: `${stoppedAfter}.`, forOperator } };
    }
    if (cut === 'length') return { notice: { said: 'The answer reached its length limit and is cut off.' }, stopped: { said: 'The model reached its length limit.' } };
    // The server's words may name its address or its files: the operator's to read.
    const forOperator = `The error: ${shortError(error)}.`;
    return { notice: { said: 'The model stopped with an error part-way, so the answer is cut off.', forOperator }, stopped: { said: 'The model stopped with an error part-way.', forOperator } };
  }

  /** After the model was not used because no server answered, the first answer it writes says in the log that it is used again: once, not per answer. */
  private usedAgain(host: string): void {
    if (this.unreachableSince === undefined) return;
    this.log.info('model used again: the server answers', { host, model: this.model, unusedForMs: Date.now() - this.unreachableSince });
    this.unreachableSince = undefined;
  }

  /** Waits retryDelayMs, doubling with each busy answer, but never past the deadline. */
  private async backOff(busyResponses: number, deadline: number, opts: GenerateOptions): Promise<void> {
    const wait = this.settings.retryDelayMs * 2 ** Math.max(0, busyResponses - 1);
    const left = deadline - Date.now();
    if (left <= wait) throw this.fail(new WriterError('busy', { said: 'The Ollama server stayed busy until the time allowed for an answer ran out, so this answer is quoted from the abstracts. Try again in a minute.', forOperator: 'OLLAMA_TIMEOUT_MS sets the time allowed.' }));
    try {
      await sleep(wait, undefined, { signal: opts.signal });
    } catch {
      throw cancelledError();
    }
  }

  /** The model's capabilities on a host from /api/show (cached), or null when the server does not report them. */
  private capabilitiesOf(host: string): Promise<string[] | null> {
    let p = this.capabilities.get(host);
    if (!p) {
      p = ollamaClient(host, this.settings.ollamaAuth, { timeoutMs: this.settings.connectTimeoutMs })
        .show({ model: this.model })
        .then((r) => (Array.isArray(r.capabilities) ? r.capabilities : null))
        .catch((e: unknown) => {
          this.capabilities.delete(host);
          throw toChatFault(e);
        });
      this.capabilities.set(host, p);
    }
    return p;
  }

  /**
   * Starts pulling the chat model onto a host, or joins the pull already running. A pull that
   * failed is tried again, unless the registry has no such model: that holds for the whole run.
   */
  private pull(host: string): ModelPull {
    let p = this.pulls.get(host);
    if (p && !(p.settled && p.error && !p.nameUnknown)) return p;
    const log = this.log.child({ host, model: this.model });
    p = startPull(host, this.model, this.settings.ollamaAuth, 'chat', log);
    this.pulls.set(host, p);
    p.done.then(
      () => this.modelPresent.set(host, true),
      () => log.warn(p.nameUnknown ? 'pulling the chat model failed: no model of that name, check OLLAMA_CHAT_MODEL; not tried again' : 'pulling the chat model failed', { error: p.error }),
    );
    return p;
  }

  /**
   * Waits for a pull as long as the request would wait for a first token, passing progress
   * on as notices; the pull goes on in the background if the request stops waiting.
   */
  private async waitForPull(host: string, deadline: number, opts: GenerateOptions): Promise<void> {
    const pull = this.pull(host);
    let lastPercent = -1;
    const off = pull.onProgress((pr) => {
      if (pr.percent === undefined || pr.percent < lastPercent + 5) return;
      lastPercent = pr.percent;
      opts.onProgress?.({ type: 'notice', notice: { said: `Downloading ${this.model}: ${pr.percent}%` } });
    });
    opts.onProgress?.({ type: 'notice', notice: { said: `${this.model} is not on the server yet; downloading it.`, forOperator: 'OLLAMA_AUTO_PULL=true downloads a missing model.' } });
    const limit = Math.max(0, Math.min(this.settings.firstTokenTimeoutMs, deadline - Date.now()));
    const giveUp = new AbortController();
    try {
      const outcome = await Promise.race([
        pull.done.then(() => 'done' as const, () => 'failed' as const),
        sleep(limit, 'waiting' as const, { signal: giveUp.signal }).catch(() => 'waiting' as const),
        abortPromise(opts.signal),
      ]);
      if (outcome === 'cancelled') throw cancelledError();
      if (outcome === 'failed') {
        const failed = `Pulling it at ${host} failed (${shortError(pull.error)}).`;
        throw this.fail(
          new WriterError('not-found', {
            said: `The chat model ${this.model} is not installed on the Ollama server and could not be downloaded, so this answer is quoted from the abstracts.`,
            // Advising the very pull that just failed would send the operator round in a circle.
            forOperator: pull.nameUnknown
              ? `${failed} No model is published under that name: check OLLAMA_CHAT_MODEL for a typo or a tag that does not exist (ollama.com/library lists them; ollama list shows what is installed).`
              : pull.refused
                ? `${failed} ${credentialsFix(hostsVariable(this.settings))}.`
                : `${failed} Run: ollama pull ${this.model}`,
          }),
        );
      }
      if (outcome === 'waiting') {
        const pct = pull.progress.percent;
        throw this.fail(new WriterError('pulling', { said: `${this.model} is still downloading${pct !== undefined ? ` (${pct}%)` : ''}, so this answer is quoted from the abstracts meanwhile. Ask again when the download is done.` }));
      }
      this.log.info('chat model ready after pull', { host, model: this.model });
    } finally {
      off();
      giveUp.abort();
    }
  }

  /** A load request (no messages) so the model is in memory before the first question. */
  private async warm(host: string): Promise<void> {
    const t = Date.now();
    try {
      const signal = abortSignal([this.closing.signal], this.settings.firstTokenTimeoutMs);
      await ollamaClient(host, this.settings.ollamaAuth, { fetch: fetchWithSignal(signal) }).chat({ model: this.model, messages: [], keep_alive: this.settings.keepAlive, options: { num_ctx: this.settings.numCtx } });
      this.log.debug('chat model warmed', { host, model: this.model, ms: Date.now() - t });
    } catch (e) {
      this.log.debug('warming the chat model failed', { host, model: this.model, error: errorText(e) });
    }
  }

  private recordLatency(ms: number, firstTokenMs?: number): void {
    this.latencies.push({ ms, firstTokenMs });
    if (this.latencies.length > LATENCY_WINDOW) this.latencies.shift();
  }

  private fail(e: WriterError): WriterError {
    this.lastError = { message: e.message, at: Date.now(), answeredSince: false };
    if (e.kind === 'unreachable') this.unreachableSince ??= Date.now();
    // The operator's detail goes to the log too: the bot shows server members only what happened.
    const fields = { kind: e.kind, model: this.model, said: e.notice.said, forOperator: e.notice.forOperator };
    const reason = `${e.kind}: ${e.notice.forOperator ?? e.notice.said}`;
    if (reason === this.toldNotUsed) {
      this.log.debug('model not used', fields);
    } else {
      this.toldNotUsed = reason;
      this.log.warn('model not used', { ...fields, repeats: 'logged at debug until the reason changes or the model writes again' });
    }
    return e;
  }
}

function abortPromise(signal: AbortSignal | undefined): Promise<'cancelled'> {
  if (!signal) return new Promise(() => {});
  if (signal.aborted) return Promise.resolve('cancelled');
  return new Promise((resolve) => signal.addEventListener('abort', () => resolve('cancelled'), { once: true }));
}

function shortError(e: string | undefined): string {
  const text = (e ?? 'unknown error').replace(/^(?:Error|TypeError): /, '');
  return text.length > 120 ? `${text.slice(0, 119)}…` : text;
}

function publicHost(h: HostState): ModelHostStatus {
  return { host: h.host, up: h.up, ...(h.version ? { version: h.version } : {}), ...(h.error ? { error: h.error } : {}), ...(h.answeredAs ? { answeredAs: h.answeredAs } : {}), ...(h.silent ? { silent: true } : {}), ...(h.refused ? { refused: h.refused } : {}), ...(h.checkedAt ? { checkedAt: new Date(h.checkedAt).toISOString() } : {}) };
}

export function latencyStats(samples: readonly { ms: number; firstTokenMs?: number }[]): LatencyStats {
  if (samples.length === 0) return { count: 0 };
  const sorted = samples.map((s) => s.ms).sort((a, b) => a - b);
  const first = samples.map((s) => s.firstTokenMs).filter((x): x is number => x !== undefined).sort((a, b) => a - b);
  const at = (xs: number[], q: number) => xs[Math.min(xs.length - 1, Math.floor(q * xs.length))]!;
  return {
    count: samples.length,
    lastMs: samples[samples.length - 1]!.ms,
    medianMs: at(sorted, 0.5),
    p90Ms: at(sorted, 0.9),
    ...(first.length ? { firstTokenMedianMs: at(first, 0.5) } : {}),
  };
}
