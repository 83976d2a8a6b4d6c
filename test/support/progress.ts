import { after, before } from 'node:test';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { ProgressEvent } from '../../src/types.js';
import { noticeText } from '../../src/notice.js';
import { PapercordService } from '../../src/service.js';
import { OllamaTestServer, type ChatRequestRecord } from './ollama-server.js';
import { captureLog, testSettings } from './env.js';

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
    outline: () => events.filter((e) => e.type !== 'token').map((e) => (e.type === 'queued' ? `queued ${e.position}` : e.type === 'notice' ? `notice: ${noticeText(e.notice)}` : e.type)),
  };
}

/**
 * One Ollama test server and data folder per test file, and `open()` for a service on them:
 * inside a test the service is closed when the test ends (in a hook, the caller closes it).
 */
export function modelServiceFixture() {
  let dataDir = '';
  let server: OllamaTestServer | undefined;
  before(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'papercord-model-'));
    server = await OllamaTestServer.start();
  });
  after(async () => {
    await server?.stop();
    await rm(dataDir, { recursive: true, force: true });
  });
  return {
    get server(): OllamaTestServer {
      return server!;
    },
    async open(env: Record<string, string> = {}, closeAfter = true) {
      const log = captureLog();
      const service = await PapercordService.open(await testSettings({ DATA_DIR: dataDir, OLLAMA_HOST: server!.host, ...env }), { log });
      if (closeAfter) after(() => service.close());
      return { service, log };
    },
  };
}

/**
 * A model's answer as models write them, quoting no abstract word for word: "Two papers train
 * with GRPO [a] and [b].", citing the first two papers of the prompt's sources.
 */
export function citingTwoPapers(req: ChatRequestRecord): string {
  const firstOfEach = new Map<string, string>();
  for (const [, n, id] of userText(req).matchAll(/^\[(\d+)\] .* \(paper id: (\S+)\)$/gm)) if (!firstOfEach.has(id!)) firstOfEach.set(id!, n!);
  const [a, b] = [...firstOfEach.values()];
  return `Two papers train with GRPO [${a}] and [${b}].`;
}

const LETTERS = 'abcdefghijklmnopqrstuvwxyz';

/**
 * A sentence said `times` times, each told apart by letters ("It keeps the budget (c a)."), for a
 * long scripted reply: the writer leaves out a sentence said before, as a model stuck in a loop
 * writes it, and a number no source states would be an invented figure. `from`: where the
 * letters start, for paragraphs that say it each.
 */
export function distinctRepeats(sentence: string, times: number, from = 0): string {
  return Array.from({ length: times }, (_, k) => {
    const i = from + k;
    return `${sentence.replace(/[.!?]\s*$/, '')} (${LETTERS[i % 26]} ${LETTERS[Math.floor(i / 26) % 26]}).`;
  }).join(' ');
}
