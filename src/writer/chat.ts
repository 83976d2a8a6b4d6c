/**
 * One streamed chat request to one Ollama host through the `ollama` client, with a first-token
 * timeout, a total deadline and the caller's AbortSignal, all wired into the request's own
 * fetch so they also end a request that has not received its first byte. Whatever was written
 * before a timeout or a broken stream is returned, marked as cut off; failures before that are
 * thrown as a ChatFault for the writer to retry, fail over or explain.
 */
import type { OllamaAuth } from '../config.js';
import { errorText, fetchWithSignal, isUnreachable, ollamaClient, ollamaStatus } from '../ollama/client.js';
import { cancelledError } from './errors.js';
import type { ChatMessage } from './prompts.js';

export interface ChatCall {
  host: string;
  /** The credentials of the hosts whose address carried any. */
  auth: OllamaAuth;
  model: string;
  messages: ChatMessage[];
  numCtx: number;
  temperature: number;
  keepAlive: string;
  /** Caps the answer's tokens; Ollama reports done_reason "length" when it hits it. */
  numPredict?: number;
  /** Send `think: false` (only to models whose capabilities include "thinking"; others reject the field). */
  noThinking?: boolean;
  firstTokenTimeoutMs: number;
  /** Date.now() value after which the request is cut off. */
  deadline: number;
  signal?: AbortSignal;
  /** The content written so far (reasoning chunks excluded), after each chunk. */
  onText?: (soFar: string) => void;
}

export type CutReason = 'timeout' | 'stream-error' | 'length';

export interface ChatOutcome {
  /** Everything the model wrote, before any cleaning. */
  raw: string;
  /** Set when the answer is partial. */
  cut?: CutReason;
  /** The error that broke the stream, for the log. */
  error?: string;
  firstTokenMs?: number;
  ms: number;
}

/** A request that produced nothing usable. */
export class ChatFault extends Error {
  override readonly name = 'ChatFault';
  constructor(
    readonly kind: 'status' | 'unreachable' | 'first-token-timeout' | 'timeout' | 'failed',
    message: string,
    /** The HTTP status for kind "status". */
    readonly status?: number,
  ) {
    super(message);
  }
}

/** What went wrong in a request to Ollama, by kind: an HTTP status, an unreachable server, or anything else. */
export function toChatFault(e: unknown): ChatFault {
  const status = ollamaStatus(e);
  if (status !== undefined) return new ChatFault('status', (e as Error).message, status);
  if (isUnreachable(e)) return new ChatFault('unreachable', errorText(e));
  return new ChatFault('failed', errorText(e));
}

export async function streamChat(call: ChatCall): Promise<ChatOutcome> {
  if (call.signal?.aborted) throw cancelledError();
  const started = Date.now();
  const ctrl = new AbortController();
  let ended: 'first-token' | 'total' | 'cancelled' | null = null;
  const stop = (why: typeof ended) => {
    if (ended) return;
    ended = why;
    ctrl.abort();
  };
  const onCallerAbort = () => stop('cancelled');
  call.signal?.addEventListener('abort', onCallerAbort, { once: true });
  const firstTimer = setTimeout(() => stop('first-token'), Math.max(0, Math.min(call.firstTokenTimeoutMs, call.deadline - started)));
  const totalTimer = setTimeout(() => stop('total'), Math.max(0, call.deadline - started));

  const client = ollamaClient(call.host, call.auth, { fetch: fetchWithSignal(ctrl.signal) });
  let raw = '';
  let firstTokenMs: number | undefined;
  let received = false;
  let doneReason: string | undefined;
  try {
    const stream = await client.chat({
      model: call.model,
      messages: call.messages,
      stream: true,
      keep_alive: call.keepAlive,
      options: { num_ctx: call.numCtx, temperature: call.temperature, ...(call.numPredict ? { num_predict: call.numPredict } : {}) },
      ...(call.noThinking ? { think: false } : {}),
    });
    for await (const part of stream) {
      if (!received) {
        received = true;
        firstTokenMs = Date.now() - started;
        clearTimeout(firstTimer);
      }
      // Reasoning arrives in message.thinking when a model thinks anyway; it is never shown.
      const text = part.message?.content ?? '';
      if (text) {
        raw += text;
        call.onText?.(raw);
      }
      if (part.done) {
        doneReason = part.done_reason;
      }
    }
    return { raw, firstTokenMs, ms: Date.now() - started, ...(doneReason === 'length' ? { cut: 'length' as const } : {}) };
  } catch (e) {
    const ms = Date.now() - started;
    if (ended === 'cancelled') throw cancelledError();
    if (ended === 'first-token') throw new ChatFault('first-token-timeout', `no first token within ${call.firstTokenTimeoutMs} ms`);
    if (ended === 'total') {
      if (raw) return { raw, cut: 'timeout', firstTokenMs, ms };
      throw new ChatFault('timeout', `nothing written within ${ms} ms`);
    }
    if (received) {
      // The stream broke after it started: an error line, a dropped connection, no "done" line.
      if (raw) return { raw, cut: 'stream-error', error: errorText(e), firstTokenMs, ms };
      throw new ChatFault('failed', (e as Error).message ?? String(e));
    }
    throw toChatFault(e);
  } finally {
    clearTimeout(firstTimer);
    clearTimeout(totalTimer);
    call.signal?.removeEventListener('abort', onCallerAbort);
    // Ends the connection if we stopped reading early; a no-op after a clean end.
    if (!ended) ctrl.abort();
  }
}
