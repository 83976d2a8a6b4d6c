import type { Turn } from '../types.js';
import type { TextContext } from './types.js';

/** What a text surface gives every service request: the conversation so far, cancellation and progress. */
export function requestOf(ctx: TextContext): { history?: Turn[]; signal?: AbortSignal; onProgress?: TextContext['onProgress'] } {
  return { history: ctx.turns && [...ctx.turns], signal: ctx.signal, onProgress: ctx.onProgress };
}
