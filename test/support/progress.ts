import type { ProgressEvent } from '../../src/types.js';
import type { ChatRequestRecord, OllamaTestServer } from './ollama-server.js';

/** Chats that asked something (the start-up warm-up has no messages). */
export const asked = (s: OllamaTestServer) => s.chats.filter((c) => c.messages.length > 0);
export const userText = (c: ChatRequestRecord) => c.messages.find((m) => m.role === 'user')!.content;

/** Records progress events and lets a test wait for one without sleeping. */
export function recorder() {
  const events: ProgressEvent[] = [];
  const waiters: { pred: (e: ProgressEvent) => boolean; resolve: () => void }[] = [];
  return {
    events,
    onProgress: (e: ProgressEvent) => {
      events.push(e);
      for (const w of waiters.filter((w) => w.pred(e))) w.resolve();
    },
    next: (pred: (e: ProgressEvent) => boolean) => new Promise<void>((resolve) => waiters.push({ pred, resolve })),
    /** The events other than tokens, as short strings. */
    outline: () => events.filter((e) => e.type !== 'token').map((e) => (e.type === 'queued' ? `queued ${e.position}` : e.type === 'notice' ? `notice: ${e.message}` : e.type)),
  };
}
