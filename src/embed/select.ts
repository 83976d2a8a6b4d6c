import type { Settings } from '../config.js';
import type { Logger } from '../log.js';
import { ollamaClient } from '../ollama/client.js';
import { hasModel, probeOllama } from '../ollama/probe.js';
import { LOCAL_EMBEDDER_VERSION } from './local.js';
import { OllamaEmbedder } from './ollama.js';

export const LOCAL_DIMS = 512;

export function localEmbedderId(dims = LOCAL_DIMS): string {
  return `local-hash-v${LOCAL_EMBEDDER_VERSION}-${dims}`;
}

export interface EmbedderChoice {
  /** The Ollama embedder, or null for the local one (fitted on the corpus when the index is built). */
  embedder: OllamaEmbedder | null;
  id: string;
  reason: string;
}

/**
 * EMBEDDINGS=auto takes Ollama when the server answers within the connect timeout and has
 * the model, else the local embedder; `ollama` insists and fails loudly; `local` never asks.
 */
export async function chooseEmbedder(settings: Settings, log: Logger): Promise<EmbedderChoice> {
  if (settings.embeddings === 'local') return { embedder: null, id: localEmbedderId(), reason: 'EMBEDDINGS=local' };
  const p = await probeOllama(settings.ollamaHost, settings.connectTimeoutMs);
  const problem = p.answeredAs ? `${settings.ollamaHost} answered, but not as an Ollama server (${p.answeredAs})` : !p.reachable ? `Ollama at ${settings.ollamaHost} is unreachable (${p.error})` : !hasModel(p.models, settings.embedModel) ? `Ollama at ${settings.ollamaHost} does not have ${settings.embedModel} (run: ollama pull ${settings.embedModel})` : null;
  if (problem) {
    if (settings.embeddings === 'ollama') throw new Error(`EMBEDDINGS=ollama but ${problem}`);
    return { embedder: null, id: localEmbedderId(), reason: `${problem}; using the built-in local embedder` };
  }
  try {
    const embedder = await OllamaEmbedder.connect(ollamaClient(settings.ollamaHost), settings.embedModel, { keepAlive: settings.keepAlive });
    return { embedder, id: embedder.id, reason: `Ollama ${settings.embedModel} at ${settings.ollamaHost}` };
  } catch (e) {
    if (settings.embeddings === 'ollama') throw e;
    log.warn('ollama embeddings failed; using the local embedder', { error: e });
    return { embedder: null, id: localEmbedderId(), reason: `Ollama ${settings.embedModel} failed to embed; using the built-in local embedder` };
  }
}
