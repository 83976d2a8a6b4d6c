import type { Settings } from '../config.js';
import type { Logger } from '../log.js';
import { PapercordError, type ErrorCode } from '../errors.js';
import { credentialsFix } from '../ollama/client.js';
import { hasModel, probeOllama, type ProbeResult } from '../ollama/probe.js';
import { LOCAL_EMBEDDER_VERSION } from './local.js';
import { startPull } from '../ollama/pull.js';
import { EmbeddingFailed, OllamaEmbedder } from './ollama.js';

export const LOCAL_DIMS = 512;

export function localEmbedderId(dims = LOCAL_DIMS): string {
  return `local-hash-v${LOCAL_EMBEDDER_VERSION}-${dims}`;
}

export interface EmbedderChoice {
  /** The Ollama embedder, or null for the local one (fitted on the corpus when the index is built). */
  embedder: OllamaEmbedder | null;
  id: string;
  /** Why this embedder, with what to do about Ollama when it is not used: for the log and --json. */
  reason: string;
  /** The same in a few words, for a one-line summary (`npm run ingest`): the error chain behind it is in the log. */
  brief: string;
}

/**
 * EMBEDDINGS=auto takes Ollama when the server answers within the connect timeout and has
 * the model (pulled first when OLLAMA_AUTO_PULL=true), else the local embedder; `ollama`
 * insists and fails loudly; `local` never asks.
 */
export async function chooseEmbedder(settings: Settings, log: Logger): Promise<EmbedderChoice> {
  if (settings.embeddings === 'local') return { embedder: null, id: localEmbedderId(), reason: 'EMBEDDINGS=local', brief: 'built-in local embedder: EMBEDDINGS=local' };
  const p = await probeOllama(settings.ollamaHost, settings.connectTimeoutMs, settings.ollamaAuth);
  let problem = embedderProblem(settings, p);
  if (problem?.code === 'MODEL_NOT_FOUND' && settings.autoPull) problem = await pullEmbedModel(settings, log);
  if (problem) {
    if (settings.embeddings === 'ollama') throw new PapercordError(problem.code, `EMBEDDINGS=ollama but ${problem.what}.`, `${problem.fix}, or set EMBEDDINGS=auto to fall back to the built-in local embedder.`);
    return { embedder: null, id: localEmbedderId(), reason: `${problem.what} (${problem.fix.charAt(0).toLowerCase()}${problem.fix.slice(1)}); using the built-in local embedder`, brief: `built-in local embedder: ${problem.brief}` };
  }
  try {
    const embedder = await OllamaEmbedder.connect(settings.ollamaHost, settings.embedModel, {
      timeoutMs: settings.embedTimeoutMs,
      probeTimeoutMs: settings.connectTimeoutMs,
      keepAlive: settings.keepAlive,
      log: log.child({ part: 'embeddings' }),
      auth: settings.ollamaAuth,
    });
    const ollama = `Ollama ${settings.embedModel} at ${settings.ollamaHost}`;
    return { embedder, id: embedder.id, reason: ollama, brief: ollama };
  } catch (e) {
    if (!(e instanceof EmbeddingFailed)) throw e;
    if (settings.embeddings === 'ollama') throw new PapercordError(e.code, `EMBEDDINGS=ollama, but ${e.message} when asked to embed a test text.`, e.hint, { cause: e });
    log.warn('ollama embeddings failed; using the local embedder', { error: e.message, fix: e.hint });
    return { embedder: null, id: localEmbedderId(), reason: `${e.message}; using the built-in local embedder`, brief: 'built-in local embedder: Ollama embeddings failed' };
  }
}

interface EmbedderProblem {
  code: ErrorCode;
  what: string;
  /** `what` in a few words. */
  brief: string;
  /** A sentence's start. */
  fix: string;
}

/** Why the Ollama embedder cannot be used, and the fix (a sentence's start), or null when it can. */
function embedderProblem(settings: Settings, p: ProbeResult): EmbedderProblem | null {
  const host = settings.ollamaHost;
  if (p.refused) return { code: 'MODEL_UNREACHABLE', what: `Ollama at ${host} refused papercord (${p.error})`, brief: 'Ollama refused papercord', fix: credentialsFix('OLLAMA_HOST') };
  if (p.answeredAs) return { code: 'MODEL_UNREACHABLE', what: `what answered at ${host} is not an Ollama server (${p.answeredAs})`, brief: 'OLLAMA_HOST is not an Ollama server', fix: 'Set OLLAMA_HOST to the address of an Ollama server' };
  if (!p.reachable) return { code: 'MODEL_UNREACHABLE', what: `Ollama at ${host} is unreachable (${p.error})`, brief: 'Ollama unreachable', fix: 'Start Ollama (ollama serve) and check OLLAMA_HOST' };
  if (!hasModel(p.models, settings.embedModel)) return { code: 'MODEL_NOT_FOUND', what: `Ollama at ${host} does not have ${settings.embedModel}`, brief: `Ollama lacks ${settings.embedModel}`, fix: `Run: ollama pull ${settings.embedModel}` };
  return null;
}

/**
 * OLLAMA_AUTO_PULL=true pulls a missing embedding model as it does the chat model, but waits for
 * it: the index is built with it. Null once pulled, else why it could not be.
 */
async function pullEmbedModel(settings: Settings, log: Logger): Promise<EmbedderProblem | null> {
  const { ollamaHost: host, embedModel: model } = settings;
  const pull = startPull(host, model, settings.ollamaAuth, 'embedding', log.child({ host, model }));
  try {
    await pull.done;
  } catch {
    const fix = pull.nameUnknown ? 'Check the name in OLLAMA_EMBED_MODEL (ollama list shows the models there)' : pull.refused ? credentialsFix('OLLAMA_HOST') : `Try again once the server can reach the model registry, or pull it yourself: ollama pull ${model}`;
    return { code: 'MODEL_NOT_FOUND', what: `Ollama at ${host} does not have ${model}, and pulling it failed (${pull.error})`, brief: `pulling ${model} failed`, fix };
  }
  return null;
}
