import { ollamaClient, errorText, sameModel } from './client.js';

export interface ProbeResult {
  host: string;
  reachable: boolean;
  version?: string;
  models: string[];
  error?: string;
}

/** Probes in flight: at start the embedder choice and the writer ask the same server at the same moment. */
const probing = new Map<string, Promise<ProbeResult>>();

/**
 * Asks a server for its version and models, giving up after `timeoutMs` (an unreachable host
 * must not hang start-up). A probe of the same host already running is shared, not repeated.
 */
export function probeOllama(host: string, timeoutMs: number): Promise<ProbeResult> {
  const key = `${timeoutMs} ${host}`;
  let p = probing.get(key);
  if (!p) {
    p = probeNow(host, timeoutMs).finally(() => probing.delete(key));
    probing.set(key, p);
  }
  return p;
}

async function probeNow(host: string, timeoutMs: number): Promise<ProbeResult> {
  const client = ollamaClient(host, timeoutMs);
  try {
    const [version, tags] = await Promise.all([client.version(), client.list()]);
    return { host, reachable: true, version: version.version, models: tags.models.map((m) => m.name) };
  } catch (e) {
    // "The operation was aborted due to timeout (23)" does not say which wait ran out.
    const error = e instanceof Error && e.name === 'TimeoutError' ? `no answer within ${timeoutMs} ms, OLLAMA_CONNECT_TIMEOUT_MS` : errorText(e);
    return { host, reachable: false, models: [], error };
  }
}

/** Whether a server's model list holds `model` (a missing tag means latest). */
export function hasModel(models: readonly string[], model: string): boolean {
  return models.some((m) => sameModel(m, model));
}
