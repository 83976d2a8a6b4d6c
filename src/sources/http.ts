/**
 * The one way papercord fetches from the paper services (arXiv, Crossref, OpenReview, PMLR):
 * only URLs under a configured base, one request at a time per service with a least interval
 * between them, a timeout per request, retries with back-off on 429, 5xx and failed connections
 * (as Retry-After asks, within a cap), a size cap on answers and a User-Agent naming papercord.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { PROJECT_ROOT, type Settings } from '../config.js';

export type Service = 'arxiv' | 'crossref' | 'openreview' | 'pmlr';

/** How each service is named to users. */
export const SERVICE_NAMES: Readonly<Record<Service, string>> = { arxiv: 'arXiv', crossref: 'Crossref', openreview: 'OpenReview', pmlr: 'PMLR' };

export interface FetchPolicy {
  /** The bases each service is fetched under; the first is its API (arXiv's second is its PDFs). */
  bases: Readonly<Record<Service, readonly string[]>>;
  timeoutMs: number;
  retries: number;
  /** The first back-off; it doubles with each retry. */
  retryBaseMs: number;
  /** No wait is longer; a Retry-After asking for more fails the request at once. */
  retryMaxWaitMs: number;
  /** The least time between the starts of two requests to one service. */
  intervalMs: Readonly<Record<Service, number>>;
  /** Answers larger than this are not read. */
  maxBytes: number;
  userAgent: string;
}

/** Metadata answers are small (an Atom feed, a Crossref work, a PMLR page: tens of KB). */
export const DEFAULT_MAX_BYTES = 5_000_000;
const DEFAULT_RETRY_BASE_MS = 1000;
const MAX_REDIRECTS = 3;

export type FailureKind = 'not-found' | 'rate-limited' | 'server-error' | 'client-error' | 'timeout' | 'network' | 'too-large' | 'outside-base' | 'aborted';

/** Why a request gave nothing, with what resolve.ts needs to say so. */
export class FetchFailure extends Error {
  override readonly name = 'FetchFailure';
  constructor(
    readonly kind: FailureKind,
    readonly service: Service,
    readonly url: string,
    message: string,
    readonly details: { status?: number; attempts?: number; retryAfterMs?: number; timeoutMs?: number; body?: string } = {},
  ) {
    super(message);
  }
}

export interface Fetched {
  url: string;
  status: number;
  contentType: string;
  body: Buffer;
}

/** Time as the limiter and back-off see it: real in the bot, virtual in tests of the 3 s spacing. */
export interface Clock {
  now(): number;
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

export const realClock: Clock = {
  now: () => Date.now(),
  sleep: (ms, signal) =>
    new Promise((resolve, reject) => {
      if (signal?.aborted) return reject(signal.reason);
      const timer = setTimeout(() => {
        signal?.removeEventListener('abort', onAbort);
        resolve();
      }, ms);
      const onAbort = () => {
        clearTimeout(timer);
        reject(signal!.reason);
      };
      signal?.addEventListener('abort', onAbort, { once: true });
    }),
};

export interface GetOptions {
  signal?: AbortSignal;
  accept?: string;
  maxBytes?: number;
}

function packageVersion(): string {
  try {
    return (JSON.parse(readFileSync(path.join(PROJECT_ROOT, 'package.json'), 'utf8')) as { version?: string }).version ?? '0';
  } catch {
    return '0';
  }
}

/** "papercord/0.1.0 (research-paper bot for Discord; mailto:ops@lab.org)": the services ask to be told who is calling. */
export function userAgent(contact = ''): string {
  const reach = contact ? `; ${contact.includes('@') && !/^https?:/i.test(contact) ? `mailto:${contact}` : `+${contact}`}` : '';
  return `papercord/${packageVersion()} (research-paper bot for Discord${reach})`;
}

/** The policy the settings describe. */
export function fetchPolicy(settings: Settings): FetchPolicy {
  return {
    bases: {
      arxiv: [settings.arxivApiBase, settings.arxivPdfBase],
      crossref: [settings.crossrefApiBase],
      openreview: [settings.openreviewApiBase],
      pmlr: [settings.pmlrBase],
    },
    timeoutMs: settings.addFetchTimeoutMs,
    retries: settings.addFetchRetries,
    retryBaseMs: DEFAULT_RETRY_BASE_MS,
    retryMaxWaitMs: settings.addRetryMaxWaitMs,
    intervalMs: { arxiv: settings.arxivIntervalMs, crossref: settings.addFetchIntervalMs, openreview: settings.addFetchIntervalMs, pmlr: settings.addFetchIntervalMs },
    maxBytes: DEFAULT_MAX_BYTES,
    userAgent: userAgent(settings.addContact),
  };
}

/** A Retry-After value (seconds, or an HTTP date) in milliseconds from now; undefined when absent or unreadable. */
export function retryAfterMs(value: string | null, now: number): number | undefined {
  if (!value) return undefined;
  const v = value.trim();
  if (/^\d+$/.test(v)) return Number(v) * 1000;
  const at = Date.parse(v);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

function isUnder(url: URL, base: string): boolean {
  const b = new URL(base);
  if (url.origin !== b.origin) return false;
  const prefix = b.pathname.replace(/\/+$/, '');
  return url.pathname === prefix || url.pathname.startsWith(`${prefix}/`) || prefix === '';
}

type Attempt = { ok: true; fetched: Fetched } | { ok: false; failure: FetchFailure; retry: boolean; waitMs?: number };

export class ScholarlyHttp {
  private readonly chains = new Map<Service, Promise<void>>();
  private readonly lastStart = new Map<Service, number>();
  private readonly clock: Clock;
  private readonly fetchImpl: typeof fetch;

  constructor(
    readonly policy: FetchPolicy,
    opts: { clock?: Clock; fetch?: typeof fetch } = {},
  ) {
    this.clock = opts.clock ?? realClock;
    this.fetchImpl = opts.fetch ?? fetch;
  }

  /** `<first base of service>/<path>?<query>`, each path segment as given (callers encode what needs it). */
  url(service: Service, pathname: string, query: Record<string, string> = {}, baseIndex = 0): string {
    const base = this.policy.bases[service][baseIndex];
    if (!base) throw new Error(`no base ${baseIndex} for ${service}`);
    const qs = new URLSearchParams(query).toString();
    return `${base}/${pathname.replace(/^\/+/, '')}${qs ? `?${qs}` : ''}`;
  }

  /** Whether a URL is one papercord may fetch for that service. */
  allows(service: Service, url: string): boolean {
    let u: URL;
    try {
      u = new URL(url);
    } catch {
      return false;
    }
    return (u.protocol === 'http:' || u.protocol === 'https:') && this.policy.bases[service].some((b) => isUnder(u, b));
  }

  /** The answer of a 2xx; anything else is a FetchFailure saying what happened. */
  async get(service: Service, url: string, opts: GetOptions = {}): Promise<Fetched> {
    if (!this.allows(service, url)) throw new FetchFailure('outside-base', service, url, `${url} is not under a configured ${SERVICE_NAMES[service]} base`);
    let last: FetchFailure | undefined;
    for (let attempt = 0; attempt <= this.policy.retries; attempt++) {
      const result = await this.inTurn(service, url, opts.signal, () => this.attempt(service, url, opts));
      if (result.ok) return result.fetched;
      last = result.failure;
      Object.assign(last.details, { attempts: attempt + 1 });
      if (!result.retry || attempt === this.policy.retries) break;
      const wait = result.waitMs ?? Math.min(this.policy.retryBaseMs * 2 ** attempt, this.policy.retryMaxWaitMs);
      await this.clock.sleep(wait, opts.signal).catch(() => {
        throw new FetchFailure('aborted', service, url, `stopped while waiting to try ${SERVICE_NAMES[service]} again`, { attempts: attempt + 1 });
      });
    }
    throw last!;
  }

  /**
   * Runs `work` when this service's previous request has finished and its interval has passed
   * since that request started: the services ask for one request at a time, not only spacing.
   */
  private async inTurn<T>(service: Service, url: string, signal: AbortSignal | undefined, work: () => Promise<T>): Promise<T> {
    const previous = this.chains.get(service) ?? Promise.resolve();
    let done!: () => void;
    const mine = new Promise<void>((resolve) => (done = resolve));
    this.chains.set(service, mine);
    try {
      await raceAbort(previous, signal);
      const since = this.clock.now() - (this.lastStart.get(service) ?? -Infinity);
      const wait = this.policy.intervalMs[service] - since;
      if (wait > 0) await this.clock.sleep(wait, signal);
      this.lastStart.set(service, this.clock.now());
      return await work();
    } catch (e) {
      if (signal?.aborted && !(e instanceof FetchFailure)) throw new FetchFailure('aborted', service, url, 'stopped before the request was sent');
      throw e;
    } finally {
      // A request that gave up while queued still keeps its place: the next waits for the one before it.
      void previous.then(done, done);
    }
  }

  private async attempt(service: Service, url: string, opts: GetOptions): Promise<Attempt> {
    const timeout = AbortSignal.timeout(this.policy.timeoutMs);
    const signal = opts.signal ? AbortSignal.any([opts.signal, timeout]) : timeout;
    const name = SERVICE_NAMES[service];
    let current = url;
    try {
      for (let hop = 0; ; hop++) {
        const res = await this.fetchImpl(current, { signal, redirect: 'manual', headers: { 'user-agent': this.policy.userAgent, accept: opts.accept ?? '*/*' } });
        if (res.status >= 300 && res.status < 400 && res.headers.get('location')) {
          await res.body?.cancel();
          const next = new URL(res.headers.get('location')!, current).toString();
          // A redirect is followed only within the service's bases, never to another host.
          if (!this.allows(service, next) || hop >= MAX_REDIRECTS) {
            return { ok: false, retry: false, failure: new FetchFailure('client-error', service, current, `${name} redirected to ${next}, which papercord does not fetch`, { status: res.status }) };
          }
          current = next;
          continue;
        }
        return await this.answer(service, current, res, opts.maxBytes ?? this.policy.maxBytes, signal);
      }
    } catch (e) {
      if (e instanceof FetchFailure) return { ok: false, retry: false, failure: e };
      if (timeout.aborted && !opts.signal?.aborted) {
        return { ok: false, retry: false, failure: new FetchFailure('timeout', service, current, `${name} did not answer within ${formatMs(this.policy.timeoutMs)}`, { timeoutMs: this.policy.timeoutMs }) };
      }
      if (opts.signal?.aborted) return { ok: false, retry: false, failure: new FetchFailure('aborted', service, current, 'stopped while waiting for the answer') };
      const cause = (e as { cause?: { code?: string } }).cause?.code ?? (e as Error).message;
      return { ok: false, retry: true, failure: new FetchFailure('network', service, current, `could not reach ${name} (${cause})`) };
    }
  }

  private async answer(service: Service, url: string, res: Response, maxBytes: number, signal: AbortSignal): Promise<Attempt> {
    const name = SERVICE_NAMES[service];
    const status = res.status;
    if (status === 429 || status >= 500) {
      await res.body?.cancel();
      const asked = retryAfterMs(res.headers.get('retry-after'), Date.now());
      const kind = status === 429 ? 'rate-limited' : 'server-error';
      const failure = new FetchFailure(kind, service, url, `${name} answered ${status}`, { status, retryAfterMs: asked });
      // A wait longer than the cap is not worth holding a reply for: report it at once.
      if (asked !== undefined && asked > this.policy.retryMaxWaitMs) return { ok: false, retry: false, failure };
      return { ok: false, retry: true, failure, waitMs: asked };
    }
    const body = await readCapped(res, maxBytes, signal).catch((e: unknown) => {
      if (e instanceof TooLarge) throw new FetchFailure('too-large', service, url, `${name}'s answer is larger than ${formatBytes(maxBytes)}`, { status });
      throw e;
    });
    if (status >= 200 && status < 300) return { ok: true, fetched: { url, status, contentType: res.headers.get('content-type') ?? '', body } };
    const text = body.subarray(0, 2000).toString('utf8');
    const kind = status === 404 || status === 410 ? 'not-found' : 'client-error';
    return { ok: false, retry: false, failure: new FetchFailure(kind, service, url, `${name} answered ${status}`, { status, body: text }) };
  }
}

class TooLarge extends Error {}

/** The body, read until `max` bytes and no further. */
async function readCapped(res: Response, max: number, signal: AbortSignal): Promise<Buffer> {
  const declared = Number(res.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > max) {
    await res.body?.cancel();
    throw new TooLarge();
  }
  if (!res.body) return Buffer.alloc(0);
  const chunks: Buffer[] = [];
  let size = 0;
  const reader = res.body.getReader();
  for (;;) {
    if (signal.aborted) {
      await reader.cancel();
      throw signal.reason;
    }
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel();
      throw new TooLarge();
    }
    chunks.push(Buffer.from(value));
  }
  return Buffer.concat(chunks);
}

async function raceAbort(p: Promise<void>, signal: AbortSignal | undefined): Promise<void> {
  if (!signal) return p;
  if (signal.aborted) throw signal.reason;
  let onAbort!: () => void;
  const aborted = new Promise<never>((_, reject) => {
    onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
  });
  try {
    await Promise.race([p, aborted]);
  } finally {
    signal.removeEventListener('abort', onAbort);
  }
}

export function formatMs(ms: number): string {
  return ms >= 1000 ? `${Math.round(ms / 100) / 10} s` : `${ms} ms`;
}

function formatBytes(n: number): string {
  return n >= 1_000_000 ? `${Math.round(n / 100_000) / 10} MB` : `${Math.round(n / 1000)} KB`;
}
