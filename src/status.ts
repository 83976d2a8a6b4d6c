import type { PapercordService } from './service.js';
import type { AnswerKindId, ModelStatus } from './types.js';
import type { FeedbackStatus } from './feedback.js';
import { formatMs } from './text/durations.js';

/** Durations of the last requests a front end served, for /status. */
export class LatencyTracker {
  private readonly samples: number[] = [];
  constructor(private readonly keep = 50) {}

  record(ms: number): void {
    this.samples.push(ms);
    if (this.samples.length > this.keep) this.samples.shift();
  }

  summary(): LatencySummary {
    const ms = [...this.samples].sort((a, b) => a - b);
    if (ms.length === 0) return { count: 0 };
    const at = (q: number) => ms[Math.min(ms.length - 1, Math.floor(q * ms.length))]!;
    return { count: ms.length, p50Ms: at(0.5), p95Ms: at(0.95) };
  }
}

export interface LatencySummary {
  count: number;
  p50Ms?: number;
  p95Ms?: number;
}

export interface StatusSnapshot {
  papers: number;
  chunks: number;
  embedder: string;
  /** Why questions are searched by their words only right now, with the server and the fix: for whoever can fix it. */
  embedderFailing?: string;
  buildId: string;
  /** When the index was built (ISO 8601). */
  builtAt: string;
  reindexing: boolean;
  model: ModelStatus;
  uptimeMs: number;
  /** Whole requests as the front end served them (retrieval, queue and writing). */
  latencies: LatencySummary;
  feedback?: FeedbackStatus;
  /** How many answers of each kind this process gave since it started, most first. */
  answerKinds: { kind: AnswerKindId; count: number }[];
}

export async function collectStatus(service: PapercordService, extra: { latencies: LatencyTracker; feedback?: FeedbackStatus; startedAt?: number }): Promise<StatusSnapshot> {
  const info = service.info();
  return {
    papers: info.papers,
    chunks: info.chunks,
    embedder: info.embedder,
    ...(info.embedderFailing ? { embedderFailing: info.embedderFailing } : {}),
    buildId: info.buildId,
    builtAt: info.builtAt,
    reindexing: service.isReindexing,
    // Asks the Ollama hosts again (bounded by OLLAMA_CONNECT_TIMEOUT_MS), so /status is current.
    model: await service.refreshModelStatus(),
    uptimeMs: Date.now() - (extra.startedAt ?? service.startedAt),
    latencies: extra.latencies.summary(),
    feedback: extra.feedback,
    answerKinds: service.answerKinds(),
  };
}

/** Request and model-writing latencies in one line, for /status in every front end. */
export function latencyLine(s: StatusSnapshot): string {
  const m = s.model;
  const gen = m.latency.count ? `; writing: median ${formatMs(m.latency.medianMs)}, first token ${formatMs(m.latency.firstTokenMedianMs)}` : '';
  return s.latencies.count ? `median ${formatMs(s.latencies.p50Ms)}, p95 ${formatMs(s.latencies.p95Ms)} (last ${s.latencies.count})${gen}` : `no requests yet${gen}`;
}

/**
 * Why the model was last not used (a timeout, a busy server), for whoever can fix it: when, as
 * `when` shows a moment (ISO 8601 in), and once the model has answered since, that it is past,
 * so an old failure does not read as today's. `text` makes the reason fit the front end.
 */
export function lastNotUsedLine(m: ModelStatus, when: (iso: string) => string, text: (s: string) => string = (s) => s): string | undefined {
  const last = m.lastError;
  if (!last) return undefined;
  return `Last time the model was not used (${when(last.at)}${last.answeredSince ? '; it has answered since' : ''}): ${text(last.message)}`;
}

/**
 * Whether Ollama writes the answers, as /status opens its Ollama line. Most details already
 * end in "answers are extractive" (and the console banner shows them alone), so then it says
 * "not used" only, rather than that twice.
 */
export function ollamaLead(m: ModelStatus): string {
  if (m.answers) return 'writes the answers';
  return /answers are extractive/.test(m.detail) ? 'not used' : 'not used: answers are extractive';
}

/** Kinds named on the /status line; the rest are counted together. */
const KINDS_SHOWN = 6;

/** The answers given since start by kind, in one line: "search 12, paper-summary 5, authors 2". */
export function answerKindsLine(s: StatusSnapshot): string {
  if (s.answerKinds.length === 0) return 'none yet';
  const shown = s.answerKinds.slice(0, KINDS_SHOWN).map((k) => `${k.kind} ${k.count}`);
  const rest = s.answerKinds.slice(KINDS_SHOWN).reduce((n, k) => n + k.count, 0);
  return [...shown, ...(rest ? [`${rest} of ${s.answerKinds.length - KINDS_SHOWN} other kinds`] : [])].join(', ');
}
