import type { OllamaAuth } from '../config.js';
import { errorText, fetchWithTimeout, isCredentialsRejected, isTimeout, isUnreachable, ollamaClient, ollamaStatus, refusalText, sameModel } from './client.js';
import { cutAt } from '../text/clean.js';

export interface ProbeResult {
  host: string;
  reachable: boolean;
  version?: string;
  models: string[];
  error?: string;
  /**
   * Set when something answered but not as an Ollama server (a 404 page, a proxy's HTML, another
   * service): its reply, such as `HTTP 404, text/plain, "404 page not found"`. Starting Ollama
   * will not help then; pointing OLLAMA_HOST at it will.
   */
  answeredAs?: string;
  /** Nothing answered within the timeout: the host accepts connections (or drops them) and stays silent. */
  timedOut?: boolean;
  /**
   * The HTTP status (401, 403) by which the server, or a proxy in front of it, refused the
   * user and password in its address, or asked for some. Neither starting Ollama nor another
   * address would help; the credentials would.
   */
  refused?: number;
}

/** Probes in flight: at start the embedder choice and the writer ask the same server at the same moment. */
const probing = new Map<string, Promise<ProbeResult>>();

/**
 * Asks a server for its version and models, giving up after `timeoutMs` (an unreachable host
 * must not hang start-up). A probe of the same host already running is shared, not repeated.
 */
export function probeOllama(host: string, timeoutMs: number, auth: OllamaAuth): Promise<ProbeResult> {
  const key = `${timeoutMs} ${host} ${auth.get(host) ?? ''}`;
  let p = probing.get(key);
  if (!p) {
    p = probeNow(host, timeoutMs, auth).finally(() => probing.delete(key));
    probing.set(key, p);
  }
  return p;
}

async function probeNow(host: string, timeoutMs: number, auth: OllamaAuth): Promise<ProbeResult> {
  let reply: Response | undefined;
  const timed = fetchWithTimeout(timeoutMs);
  const client = ollamaClient(host, auth, { fetch: async (input, init) => (reply = await timed(input, init)) });
  try {
    const [version, tags] = await Promise.all([client.version(), client.list()]);
    return { host, reachable: true, version: version.version, models: tags.models.map((m) => m.name) };
  } catch (e) {
    const status = ollamaStatus(e);
    if (isCredentialsRejected(status)) return { host, reachable: false, models: [], refused: status, error: refusalText(status, auth.has(host)) };
    if (reply && !isUnreachable(e)) {
      const answeredAs = replyShape(reply, e);
      return { host, reachable: false, models: [], answeredAs, error: `answered, but not as an Ollama server (${answeredAs})` };
    }
    // "The operation was aborted due to timeout (23)" does not say which wait ran out.
    const timedOut = isTimeout(e);
    const error = timedOut ? `no answer within ${timeoutMs} ms, OLLAMA_CONNECT_TIMEOUT_MS` : errorText(e);
    return { host, reachable: false, models: [], error, ...(timedOut ? { timedOut } : {}) };
  }
}

/** A reply that is not Ollama's, in a few words: status, type, and the start of an error text (not of a web page). */
function replyShape(reply: Response, e: unknown): string {
  const type = reply.headers.get('content-type')?.split(';')[0]?.trim();
  const text = ollamaStatus(e) !== undefined && !/html/i.test(type ?? '') ? (e as Error).message.replace(/\s+/g, ' ').trim() : '';
  const quoted = text ? `"${cutAt(text, 60)}"` : '';
  return [`HTTP ${reply.status}`, type, quoted].filter(Boolean).join(', ');
}

/** Whether a server's model list holds `model` (a missing tag means latest). */
export function hasModel(models: readonly string[], model: string): boolean {
  return models.some((m) => sameModel(m, model));
}
