/**
 * A burst of interactions against a bot connected to the Discord emulator, and what became of
 * each: acknowledged (and how fast), then answered (after a queue position or not), told to
 * wait for the cooldown, shown a page of papers, or failed. Used by test/load.test.ts (a small
 * burst, in process) and bench/load.ts (the full burst, with the bot in its own process so its
 * memory can be measured alone). The bot may be anywhere; only the emulator is driven here.
 */
import type { DiscordEmulator, EmuUser, InteractionHandle, OptionValue, StoredMessage } from './discord-emulator.js';
import { defaultReply, type ChatRequestRecord, type ChatScript } from './ollama-server.js';
import { RELATED_SYSTEM_PROMPT } from '../../src/writer/prompts.js';
import { Prng } from '../../bench/prng.js';
import { percentile } from '../../bench/measure.js';

/**
 * What the fake model writes under load: the test server's default cited sentence for answers
 * and summaries, and for related papers one line per candidate naming it and the query (which
 * passes the writer's check that each reason talks about both papers).
 */
export function loadModelScript(latencyMs: number): ChatScript {
  return { firstTokenDelayMs: latencyMs, reply: (req) => (req.messages[0]?.content === RELATED_SYSTEM_PROMPT ? relatedReply(req) : defaultReply(req)) };
}

function relatedReply(req: ChatRequestRecord): string {
  const prompt = req.messages.find((m) => m.role === 'user')?.content ?? '';
  const query = /<query>\n(?:Topic: )?(.+)/.exec(prompt)?.[1]?.replace(/ \(paper id: .*\)$/, '') ?? 'the query';
  return [...prompt.matchAll(/^\[(\d+)\] (.+?) \(paper id: /gm)].map(([, n, title]) => `${n}. ${title} relates to ${query}.`).join('\n');
}

export interface LoadPlan {
  interactions: number;
  users: number;
  /** Interactions arrive at random moments spread over this window. */
  windowMs: number;
  seed?: number;
  /** Questions for /ask; paper ids for /summary and /related. */
  questions: readonly string[];
  paperIds: readonly string[];
  /** How long to wait for each interaction's final reply once the burst is sent. */
  answerTimeoutMs?: number;
}

export type Command = 'ask' | 'summary' | 'related' | 'papers';
export type Outcome = 'answered' | 'queued, then answered' | 'cooldown' | 'papers page' | 'failed';

export interface InteractionResult {
  command: Command;
  user: string;
  /** When the emulator created the interaction. */
  createdAt: number;
  outcome: Outcome;
  /** From the interaction's creation to the emulator accepting the bot's acknowledgement; undefined when never acknowledged. */
  ackMs?: number;
  /** From creation to the final reply. */
  doneMs?: number;
  /** 'model' or 'extractive' for answers. */
  mode?: 'model' | 'extractive';
  /** The answer's note, when it has one (the model failed or cut off, so it says why). */
  note?: string;
  /** Why it counts as failed. */
  problem?: string;
}

export interface LoadReport {
  plan: Omit<LoadPlan, 'questions' | 'paperIds'>;
  /** From the first interaction sent to the last. */
  sendSpanMs: number;
  /** From the first interaction sent to the last final reply. */
  totalMs: number;
  results: InteractionResult[];
  outcomes: Record<Outcome, number>;
  acknowledged: number;
  /** Callbacks the emulator refused as too late (404, Unknown interaction 10062). */
  unknownInteraction: number;
  ack: Stats;
  done: Stats;
  modes: { model: number; extractive: number };
  /** Answers that carry a note: the model could not be used as asked (timeouts, errors). */
  withNote: number;
  /** Interactions whose progress showed a queue position, and the highest position shown. */
  maxQueuePosition: number;
}

export interface Stats {
  count: number;
  p50: number;
  p99: number;
  max: number;
}

/** The mix of commands in a burst, as shares of its interactions. */
export const COMMAND_WEIGHTS: [Command, number][] = [
  ['ask', 0.7],
  ['summary', 0.12],
  ['related', 0.1],
  ['papers', 0.08],
];
const EPHEMERAL = 64;
const QUEUE = /Waiting for the model: number (\d+) in the queue/;

interface Planned {
  atMs: number;
  user: EmuUser;
  command: Command;
  options: Record<string, OptionValue>;
}

/** Who sends what when: each user sends interactions/users of them, at random moments of the window. */
function planBurst(emu: DiscordEmulator, plan: LoadPlan): Planned[] {
  // Seeded: the same burst on every run with the same seed.
  const rng = new Prng(plan.seed ?? 6);
  const rand = () => rng.next();
  const pick = <T>(xs: readonly T[]) => rng.pick(xs);
  const users = Array.from({ length: plan.users }, (_, i) => emu.createUser({ username: `load${i + 1}` }));
  const out: Planned[] = [];
  for (let i = 0; i < plan.interactions; i++) {
    let r = rand();
    const command = COMMAND_WEIGHTS.find(([, w]) => (r -= w) < 0)?.[0] ?? 'ask';
    const options: Record<string, OptionValue> =
      command === 'ask' ? { question: pick(plan.questions) } : command === 'summary' ? { paper: pick(plan.paperIds) } : command === 'related' ? { paper_or_topic: pick(plan.paperIds), count: 3 } : {};
    out.push({ atMs: rand() * plan.windowMs, user: users[i % users.length]!, command, options });
  }
  return out.sort((a, b) => a.atMs - b.atMs);
}

/** The sentence a /related list shorter than asked for starts its note with (see fewerRelated). */
const FEWER_RELATED = /^Listed \d+ of the \d+ papers asked for: [^.]*\.\s*/;

/**
 * Sends the burst on schedule (the arrival process: timers here are the load, not a wait for
 * an event), then waits for every interaction's final reply and classifies it.
 */
export async function runBurst(emu: DiscordEmulator, plan: LoadPlan, onProgress?: (sent: number, done: number) => void): Promise<LoadReport> {
  const planned = planBurst(emu, plan);
  const timeoutMs = plan.answerTimeoutMs ?? 60_000;
  const t0 = Date.now();
  let sent = 0;
  let done = 0;
  let lastSent = t0;
  const runs = planned.map(
    (p) =>
      new Promise<InteractionResult>((resolve) => {
        setTimeout(() => {
          void (async () => {
            const it = await emu.slashCommand(p.command, p.options, { user: p.user });
            lastSent = Date.now();
            onProgress?.(++sent, done);
            const result = await settle(emu, it, p.command, p.user.id, timeoutMs);
            onProgress?.(sent, ++done);
            resolve(result);
          })().catch((e: unknown) => resolve({ command: p.command, user: p.user.id, createdAt: Date.now(), outcome: 'failed', problem: String(e) }));
        }, Math.max(0, p.atMs - (Date.now() - t0)));
      }),
  );
  const results = await Promise.all(runs);
  const totalMs = Date.now() - t0;
  const outcomes: Record<Outcome, number> = { answered: 0, 'queued, then answered': 0, cooldown: 0, 'papers page': 0, failed: 0 };
  for (const r of results) outcomes[r.outcome]++;
  let maxQueuePosition = 0;
  for (const m of emu.botMessages()) for (const rev of m.history) maxQueuePosition = Math.max(maxQueuePosition, Number(QUEUE.exec(rev.content)?.[1] ?? 0));
  const { questions: _q, paperIds: _p, ...shown } = plan;
  return {
    plan: shown,
    sendSpanMs: lastSent - t0,
    totalMs,
    results,
    outcomes,
    acknowledged: results.filter((r) => r.ackMs !== undefined).length,
    unknownInteraction: emu.requests.filter((c) => /\/callback$/.test(c.path) && (c.response as { code?: number } | undefined)?.code === 10062).length,
    ack: stats(results.flatMap((r) => (r.ackMs === undefined ? [] : [r.ackMs]))),
    done: stats(results.flatMap((r) => (r.doneMs === undefined ? [] : [r.doneMs]))),
    modes: { model: results.filter((r) => r.mode === 'model').length, extractive: results.filter((r) => r.mode === 'extractive').length },
    withNote: results.filter((r) => r.note).length,
    maxQueuePosition,
  };
}

const footer = (m: StoredMessage) => m.embeds.map((e) => e.footer?.text ?? '').find((t) => /^(Written by|Extractive)/.test(t));
const text = (m: StoredMessage) => [m.content, ...m.embeds.map((e) => e.description ?? '')].join('\n');

/** Waits for the interaction's final reply (the answer's footer may be on a follow-up) and says what it was. */
async function settle(emu: DiscordEmulator, it: InteractionHandle, command: Command, user: string, timeoutMs: number): Promise<InteractionResult> {
  const base = { command, user, createdAt: it.createdAt };
  let final: StoredMessage;
  try {
    // The deferred reply has no embed until the answer (or an error) replaces the progress text; a
    // question stopped by the cooldown as it reached the model has its deferred reply taken away
    // and is told so in a follow-up only the asker sees.
    final = await emu.waitFor(() => {
      const original = it.original();
      return original && !original.deleted && original.embeds.length > 0 ? original : it.followups().find((m) => m.flags & EPHEMERAL);
    }, `the final reply of interaction ${it.id}`, timeoutMs);
  } catch {
    return { ...base, outcome: 'failed', ackMs: ackOf(it), problem: it.acknowledgedAt === undefined ? 'never acknowledged' : 'no final reply' };
  }
  const ackMs = ackOf(it);
  const doneMs = final.history.at(-1)!.at - it.createdAt;
  if (ackMs === undefined) return { ...base, outcome: 'failed', problem: 'never acknowledged' };
  if (command === 'papers') return /Page \d+ of \d+/.test(final.embeds[0]?.footer?.text ?? '') ? { ...base, outcome: 'papers page', ackMs, doneMs } : { ...base, outcome: 'failed', ackMs, problem: text(final) };
  if (final.flags & EPHEMERAL) {
    return /Please wait \d+ s before your next question/.test(text(final)) ? { ...base, outcome: 'cooldown', ackMs, doneMs } : { ...base, outcome: 'failed', ackMs, problem: text(final) };
  }
  let last = final;
  // An answer too long for one message has its buttons here and its footer on the last follow-up; an error reply has neither.
  if (!footer(final) && final.components.length === 0) return { ...base, outcome: 'failed', ackMs, problem: text(final).slice(0, 300) };
  if (!footer(final)) {
    try {
      last = await emu.waitFor(() => it.followups().find((m) => footer(m)), 'the last part of the answer', timeoutMs);
    } catch {
      return { ...base, outcome: 'failed', ackMs, problem: `no footer: ${text(final).slice(0, 200)}` };
    }
  }
  const mode = /^Written by/.test(footer(last)!) ? 'model' : 'extractive';
  const queued = final.history.some((r) => QUEUE.test(r.content));
  // A /related list shorter than asked says so in its note too; that says nothing of the model.
  const note = final.embeds.flatMap((e) => e.fields ?? []).find((f) => f.name === '⚠️ Note')?.value.replace(FEWER_RELATED, '').trim();
  return { ...base, outcome: queued ? 'queued, then answered' : 'answered', ackMs, doneMs: last.history.at(-1)!.at - it.createdAt, mode, ...(note ? { note } : {}) };
}

function ackOf(it: InteractionHandle): number | undefined {
  return it.acknowledgedAt === undefined ? undefined : it.acknowledgedAt - it.createdAt;
}

function stats(xs: number[]): Stats {
  if (xs.length === 0) return { count: 0, p50: NaN, p99: NaN, max: NaN };
  const s = [...xs].sort((a, b) => a - b);
  return { count: s.length, p50: percentile(s, 50), p99: percentile(s, 99), max: s[s.length - 1]! };
}

/** The report as a few lines of text. */
export function describeReport(r: LoadReport): string {
  return reportLines(r).join('\n');
}

export function reportLines(r: LoadReport): string[] {
  const o = r.outcomes;
  return [
    `${r.plan.interactions} interactions from ${r.plan.users} users, sent over ${(r.sendSpanMs / 1000).toFixed(1)} s (window ${(r.plan.windowMs / 1000).toFixed(1)} s); last reply ${(r.totalMs / 1000).toFixed(1)} s after the first interaction`,
    `acknowledged: ${r.acknowledged}/${r.results.length}; refused as too late (10062): ${r.unknownInteraction}; ack latency p50 ${r.ack.p50} ms, p99 ${r.ack.p99} ms, max ${r.ack.max} ms`,
    `outcomes: ${o.answered} answered, ${o['queued, then answered']} queued then answered (highest position ${r.maxQueuePosition}), ${o.cooldown} cooldown, ${o['papers page']} papers pages, ${o.failed} failed`,
    `answers written by the model: ${r.modes.model}, extractive (off-topic refusals and fallbacks): ${r.modes.extractive}, with a note (model not used as asked): ${r.withNote}; time to the final reply p50 ${r.done.p50} ms, p99 ${r.done.p99} ms, max ${r.done.max} ms`,
    ...r.results.filter((x) => x.outcome === 'failed').slice(0, 5).map((x) => `  failed: /${x.command} by ${x.user}: ${x.problem}`),
    ...r.results.filter((x) => x.note).slice(0, 3).map((x) => `  note: /${x.command} by ${x.user}: ${x.note}`),
  ];
}
