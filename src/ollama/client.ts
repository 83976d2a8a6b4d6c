import { Ollama } from 'ollama';
import { credentialForms, type OllamaAuth } from '../config.js';

/**
 * A signal that aborts when any of `signals` does, or `timeoutMs` from now, with a TimeoutError.
 * Not AbortSignal.any() of AbortSignal.timeout(): Node 20 holds those weakly, and once garbage
 * was collected the timeout never fired, so a probe of a host that accepts and never answers
 * waited for ever (`npm start` loads discord.js, which collects within 2 s). Here the timer and
 * the sources' listeners hold the signal; each listener goes when it aborts.
 */
export function abortSignal(signals: readonly (AbortSignal | null | undefined)[], timeoutMs?: number): AbortSignal {
  const ctrl = new AbortController();
  for (const source of signals) {
    if (!source) continue;
    if (source.aborted) {
      ctrl.abort(source.reason);
      return ctrl.signal;
    }
    source.addEventListener('abort', () => ctrl.abort(source.reason), { once: true, signal: ctrl.signal });
  }
  if (timeoutMs !== undefined) {
    // Unref'd: a request that is done does not keep a command-line run waiting for its timer.
    const timer = setTimeout(() => ctrl.abort(new DOMException('The operation was aborted due to timeout', 'TimeoutError')), timeoutMs).unref();
    ctrl.signal.addEventListener('abort', () => clearTimeout(timer), { once: true });
  }
  return ctrl.signal;
}

/** A fetch that gives up after `timeoutMs` unless the caller's own signal ends it first. */
export function fetchWithTimeout(timeoutMs: number): typeof fetch {
  return (input, init) => fetch(input, { ...init, signal: abortSignal([init?.signal], timeoutMs) });
}

/**
 * A fetch that also ends when `signal` does, for the whole exchange: the `ollama` client's own
 * abort() cannot reach a streamed request still waiting for its first token (Ollama sends the
 * response headers with it), and a first-token or total timeout must.
 */
export function fetchWithSignal(signal: AbortSignal): typeof fetch {
  return (input, init) => fetch(input, { ...init, signal: init?.signal ? abortSignal([init.signal, signal]) : signal });
}

/**
 * An `ollama` client for one host, which sends the user and password written in the host's
 * address (OLLAMA_HOST, OLLAMA_HOSTS) as its Authorization header. `timeoutMs` bounds every
 * request (use it for quick calls, not streams); `fetch` replaces the client's own.
 */
export function ollamaClient(host: string, auth: OllamaAuth, opts: { timeoutMs?: number; fetch?: typeof fetch } = {}): Ollama {
  const authorization = auth.get(host);
  const fetch = opts.fetch ?? (opts.timeoutMs ? fetchWithTimeout(opts.timeoutMs) : undefined);
  if (!authorization) return new Ollama({ host, fetch });
  return new Ollama({ host, fetch: errorRepliesWithout(credentialForms(authorization), fetch ?? globalThis.fetch), headers: { Authorization: authorization } });
}

/**
 * A fetch whose replies say none of `secrets`. A proxy may echo the request's Authorization
 * header, or the user and password, in its error page, and the client makes that text the error's
 * message, which goes to the log, /status and the operator's notes of answers. The same goes for
 * an `{"error": ...}` line that Ollama, or a proxy, streams inside a 200 reply: the client throws
 * it just as well, so a streamed reply is scrubbed line by line (the client parses it by lines).
 */
function errorRepliesWithout(secrets: readonly string[], base: typeof fetch): typeof fetch {
  // Inside a JSON string a secret with a quote or a backslash is sent escaped.
  const forms = [...new Set(secrets.flatMap((secret) => [secret, JSON.stringify(secret).slice(1, -1)]))];
  const without = (text: string) => forms.reduce((t, secret) => t.split(secret).join('[redacted]'), text);
  return async (input, init) => {
    const reply = await base(input, init);
    const headers = new Headers(reply.headers);
    // The text is decoded and may be shorter now.
    headers.delete('content-length');
    headers.delete('content-encoding');
    const init2 = { status: reply.status, statusText: reply.statusText, headers };
    if (!reply.ok) return new Response(without(await reply.text()), init2);
    if (!reply.body) return reply;
    return new Response(reply.body.pipeThrough(new TextDecoderStream()).pipeThrough(linesWithout(without)).pipeThrough(new TextEncoderStream()), init2);
  };
}

/** Text scrubbed by `without` a whole line at a time, so that a secret split between two chunks is still found. */
function linesWithout(without: (text: string) => string): TransformStream<string, string> {
  let rest = '';
  return new TransformStream({
    transform(chunk, out) {
      const text = rest + chunk;
      const end = text.lastIndexOf('\n') + 1;
      rest = text.slice(end);
      if (end) out.enqueue(without(text.slice(0, end)));
    },
    flush(out) {
      if (rest) out.enqueue(without(rest));
    },
  });
}

/** 401 and 403: the server, or a reverse proxy in front of it, refused the credentials sent, or their absence. */
export function isCredentialsRejected(status: number | undefined): status is 401 | 403 {
  return status === 401 || status === 403;
}

/** A refusal in the operator's terms: "HTTP 401" alone does not say that the credentials are what to look at. */
export function refusalText(status: number, sentCredentials: boolean): string {
  return `HTTP ${status}: ${sentCredentials ? 'the user and password given were refused' : 'it asks for a user and password, and none is given'}`;
}

/** What to do about a refusal, as a sentence's start: where the credentials go. */
export function credentialsFix(variable: string): string {
  return `Check the user and password in ${variable}, written in the address: https://user:password@host:port`;
}

/** `ResponseError` is not exported by ollama 0.6, so it is recognised by shape. */
export function ollamaStatus(e: unknown): number | undefined {
  if (e && typeof e === 'object' && (e as { name?: unknown }).name === 'ResponseError') {
    const code = (e as { status_code?: unknown }).status_code;
    return typeof code === 'number' ? code : undefined;
  }
  return undefined;
}

/** True for a request that ran out of its time (AbortSignal.timeout's TimeoutError), whatever wraps it. */
export function isTimeout(e: unknown): boolean {
  return (e as { name?: unknown } | null)?.name === 'TimeoutError';
}

/** True for errors that mean "no server answered": refused, reset, DNS, or our connect timeout. */
export function isUnreachable(e: unknown): boolean {
  if (ollamaStatus(e) !== undefined) return false;
  const text = errorText(e);
  return /ECONNREFUSED|ECONNRESET|ENOTFOUND|EHOSTUNREACH|ENETUNREACH|EAI_AGAIN|fetch failed|TimeoutError|timed out|socket hang up|other side closed/i.test(text);
}

export function errorText(e: unknown): string {
  const parts: string[] = [];
  for (let cur: unknown = e, depth = 0; cur && depth < 4; cur = (cur as { cause?: unknown }).cause, depth++) {
    if (cur instanceof Error) parts.push(`${cur.name}: ${cur.message}${(cur as { code?: string }).code ? ` (${(cur as { code?: string }).code})` : ''}`);
    else parts.push(String(cur));
  }
  return parts.join(' <- ');
}

/** Ollama names a model "name:tag"; "name" alone means "name:latest". */
export function sameModel(a: string, b: string): boolean {
  const full = (m: string) => (m.includes(':') ? m : `${m}:latest`);
  return full(a) === full(b);
}
