/**
 * npm run load: the full load run. 200 interactions from 50 users within 10 s against the real
 * bot (in its own process, bench/load-bot.ts), the Discord emulator and the Ollama test server
 * answering after a fixed latency. Prints the configuration, the acknowledgement latencies,
 * what each interaction got, and the bot's memory after a full GC before and after the burst.
 * Exits 1 if a property the issue asks for does not hold:
 * - every interaction acknowledged in time (the emulator enforces Discord's 3 s: a late
 *   acknowledgement gets 404 10062);
 * - every one answered, queued then answered, told to wait for the cooldown, or shown its page;
 * - the bot did not crash (it still answers, and stops cleanly);
 * - heap and RSS after GC back within 10 % of their level before the burst.
 *
 * Options: `usage` below (`npm run load -- --help`); --settle is the idle time after the burst
 * before the last measurement.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { DiscordEmulator } from '../test/support/discord-emulator.js';
import { OllamaTestServer } from '../test/support/ollama-server.js';
import { COMMAND_WEIGHTS, loadModelScript, reportLines, runBurst, type LoadReport } from '../test/support/load.js';
import { loadQuestions } from '../src/eval/questions.js';
import { PROJECT_ROOT, VARIABLES } from '../src/config.js';
import { exitWithError, parseFlags } from '../src/cli/flags.js';
import { DISCORD_TOKEN_LIFETIME } from '../src/bot/token.js';
import type { ChildMessage, Held, ParentMessage } from './load-bot.js';
import { LOOP_RESOLUTION_MS, loopLateMs } from './measure.js';

type Memory = Extract<ChildMessage, { type: 'memory' }>;

const usage = [
  'usage: npm run load -- [--json] [--interactions 200] [--users 50] [--window 10] [--cooldown 2] [--concurrency 1]',
  '                       [--latency 150] [--cache 0] [--seed 6] [--settle 2] [--warmup N] [--bursts 1]',
  '       (seconds for --window, --cooldown and --settle; ms before the first token for --latency; --cache is ANSWER_CACHE_SIZE;',
  '        --warmup is the interactions of the warm-up, by default as many as the burst; --bursts > 1 sends more bursts after the',
  '        first, each by new users, and reports the heap after each: the limit applies to the first)',
].join('\n');
const { values: args } = parseFlags(
  {
    interactions: { type: 'string', default: '200' },
    users: { type: 'string', default: '50' },
    window: { type: 'string', default: '10' },
    cooldown: { type: 'string', default: '2' },
    concurrency: { type: 'string', default: '1' },
    latency: { type: 'string', default: '150' },
    cache: { type: 'string', default: '0' },
    seed: { type: 'string', default: '6' },
    settle: { type: 'string', default: '2' },
    warmup: { type: 'string' },
    bursts: { type: 'string', default: '1' },
  },
  usage,
);
const num = (k: string) => {
  const n = Number(args[k]);
  if (!Number.isFinite(n) || n < 0) exitWithError(args.json === true, { code: 'BAD_INPUT', message: `--${k} must be a number of at least 0, not ${String(args[k])}`, hint: usage });
  return n;
};
const config = {
  interactions: num('interactions'),
  users: num('users'),
  windowMs: num('window') * 1000,
  cooldownSeconds: num('cooldown'),
  concurrency: num('concurrency'),
  modelLatencyMs: num('latency'),
  answerCacheSize: num('cache'),
  seed: num('seed'),
  settleMs: num('settle') * 1000,
  warmupInteractions: args.warmup === undefined ? num('interactions') : num('warmup'),
  bursts: Math.max(1, num('bursts')),
};
const TOLERANCE = 0.1;
/** With one answer written at a time, the queue takes about this long to drain after the last interaction arrives. */
const WORST_CASE_MS = config.windowMs + (config.interactions * (config.modelLatencyMs + 50)) / Math.max(1, config.concurrency);
const CHILD = fileURLToPath(new URL('./load-bot.ts', import.meta.url));

/** The bot's environment: nothing inherited from a .env or the shell's papercord settings, only these. */
function childEnv(vars: Record<string, string>): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const v of Object.values(VARIABLES)) delete env[v.env];
  delete env.NODE_OPTIONS;
  return { ...env, LOG_FORMAT: 'json', ...vars };
}

function nextMessage<T extends ChildMessage['type']>(child: ChildProcess, type: T): Promise<Extract<ChildMessage, { type: T }>> {
  return new Promise((resolve, reject) => {
    const onMessage = (m: ChildMessage) => {
      if (m.type !== type) return;
      cleanup();
      resolve(m as Extract<ChildMessage, { type: T }>);
    };
    const onExit = (code: number | null, signal: string | null) => {
      cleanup();
      reject(new Error(`the bot exited (code ${code}, signal ${signal}) while the load run waited for "${type}"`));
    };
    const cleanup = () => {
      child.off('message', onMessage);
      child.off('exit', onExit);
    };
    child.on('message', onMessage);
    child.on('exit', onExit);
  });
}

async function measure(child: ChildProcess): Promise<Memory> {
  const reply = nextMessage(child, 'memory');
  child.send({ type: 'measure' } satisfies ParentMessage);
  return reply;
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const pct = (now: number, base: number) => `${now >= base ? '+' : ''}${(((now - base) / base) * 100).toFixed(1)} %`;

async function main(): Promise<number> {
  // Answers are edits through the interaction's token: all of them must come well within its lifetime.
  if (WORST_CASE_MS > DISCORD_TOKEN_LIFETIME.lifetimeMs / 2) throw new Error(`this configuration could take ${Math.round(WORST_CASE_MS / 1000)} s to answer everyone, too close to the 15 min lifetime of an interaction token`);

  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'papercord-load-'));
  const emu = await DiscordEmulator.start({ defaultTimeoutMs: 30_000 });
  const ollama = await OllamaTestServer.start();
  ollama.script(loadModelScript(config.modelLatencyMs));
  const child = fork(CHILD, [], {
    cwd: PROJECT_ROOT,
    execArgv: ['--expose-gc', '--import', 'tsx'],
    env: childEnv({
      DISCORD_TOKEN: emu.token,
      DISCORD_API_BASE: emu.apiBase,
      DISCORD_GUILD_ID: emu.guild.id,
      OLLAMA_HOST: ollama.host,
      EMBEDDINGS: 'local',
      DATA_DIR: dataDir,
      COOLDOWN_SECONDS: String(config.cooldownSeconds),
      GENERATION_CONCURRENCY: String(config.concurrency),
      ANSWER_CACHE_SIZE: String(config.answerCacheSize),
      LOG_LEVEL: 'warn',
    }),
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  let exit: { code: number | null; signal: string | null } | undefined;
  child.on('exit', (code, signal) => (exit = { code, signal }));
  const problems: string[] = [];
  try {
    const ready = await nextMessage(child, 'ready');
    const atStart = await measure(child);
    // A burst like the measured one first, so what is built once is not counted as growth: V8's compiled code
    // (3 MB more after the burst than after 8 interactions, flat after it) and discord.js's message cache, capped at
    // 200 messages a channel. With the earlier warm-up of 8 (`--warmup 8`) the heap grew 14-15 %, mostly these.
    const questions = (await loadQuestions(path.join(PROJECT_ROOT, 'data/eval/questions.jsonl'))).map((q) => q.question);
    const warm = await runBurst(emu, { interactions: config.warmupInteractions, users: Math.min(config.warmupInteractions, config.users), windowMs: (config.windowMs * config.warmupInteractions) / Math.max(1, config.interactions), seed: 99, questions, paperIds: ready.paperIds, answerTimeoutMs: 120_000 });
    if (warm.outcomes.failed) throw new Error(`the warm-up failed:\n${reportLines(warm).join('\n')}`);
    const before = await measure(child);

    // The emulator shares this process with the load generator: if its loop lags, acknowledgements look slower than the bot made them.
    const ownLoop = monitorEventLoopDelay({ resolution: LOOP_RESOLUTION_MS });
    ownLoop.enable();
    const progress = process.stderr.isTTY && !args.json ? (sent: number, done: number) => process.stderr.write(`\r  sent ${sent}/${config.interactions}, settled ${done}`) : undefined;
    const report = await runBurst(emu, { interactions: config.interactions, users: config.users, windowMs: config.windowMs, seed: config.seed, questions, paperIds: ready.paperIds, answerTimeoutMs: 120_000 }, progress);
    if (progress) process.stderr.write('\n');
    ownLoop.disable();
    const driverLoopMs = { p50: loopLateMs(ownLoop.percentile(50)), p99: loopLateMs(ownLoop.percentile(99)), max: loopLateMs(ownLoop.max) };
    const afterBurst = await measure(child);
    // "Once the burst is over": idle for a moment (timers of finished requests run out), then measure again.
    await sleep(config.settleMs);
    const settled = await measure(child);
    const later: Memory[] = [];
    for (let b = 2; b <= config.bursts; b++) {
      const more = await runBurst(emu, { interactions: config.interactions, users: config.users, windowMs: config.windowMs, seed: config.seed + b, questions, paperIds: ready.paperIds, answerTimeoutMs: 120_000 });
      if (more.outcomes.failed) problems.push(`burst ${b}: ${more.outcomes.failed} interactions failed`);
      await sleep(config.settleMs);
      later.push(await measure(child));
    }

    // Still serving after the burst: a question from a new user is answered.
    const after = await runBurst(emu, { interactions: 1, users: 1, windowMs: 0, seed: 5, questions, paperIds: ready.paperIds });
    const stopped = nextMessage(child, 'stopped');
    child.send({ type: 'stop' } satisfies ParentMessage);
    await stopped;
    await once(child, 'exit').catch(() => undefined);

    check(report, problems);
    if (after.outcomes.failed || after.acknowledged !== 1) problems.push('a question after the burst was not answered');
    for (const [name, now, base] of [
      ['heap after GC', settled.heapUsed, before.heapUsed],
      ['RSS after GC', settled.rss, before.rss],
    ] as const) {
      if (now > base * (1 + TOLERANCE)) problems.push(`${name} is ${mb(now)} once the burst is over, ${pct(now, base)} from ${mb(base)} before it (limit +${TOLERANCE * 100} %)`);
    }
    if (exit && exit.code !== 0) problems.push(`the bot exited with code ${exit.code} (signal ${exit.signal})`);

    const memory = { atStart, before, afterBurst, settled, later };
    if (args.json) console.log(JSON.stringify({ config, report, memory, driverLoopMs, startupMs: ready.startupMs, problems }, null, 2));
    else print(report, memory, driverLoopMs, ready.startupMs, problems);
    return problems.length ? 1 : 0;
  } finally {
    if (exit === undefined) child.kill();
    await emu.stop();
    await ollama.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

function check(r: LoadReport, problems: string[]): void {
  if (r.acknowledged !== r.results.length) problems.push(`${r.results.length - r.acknowledged} interactions were never acknowledged`);
  if (r.unknownInteraction) problems.push(`${r.unknownInteraction} acknowledgements came too late (10062)`);
  if (r.outcomes.failed) problems.push(`${r.outcomes.failed} interactions got neither an answer, a queue position then an answer, the cooldown message nor their page`);
  if (r.withNote) problems.push(`${r.withNote} answers could not be written by the model as asked (see the notes)`);
}

function heldLine(before: Held, after: Held): string {
  const names: Record<keyof Held, string> = { rememberedReplies: 'replies remembered for their buttons', restQueues: 'REST request queues', users: 'users', members: 'members', messages: 'messages cached' };
  return (Object.keys(names) as (keyof Held)[]).map((k) => `${names[k]} ${before[k]} -> ${after[k]}`).join(', ');
}

function print(r: LoadReport, m: { atStart: Memory; before: Memory; afterBurst: Memory; settled: Memory; later: Memory[] }, driverLoopMs: { p50: number; p99: number; max: number }, startupMs: number, problems: string[]): void {
  const f = (x: number) => x.toFixed(1);
  const c = config;
  const line = (label: string, x: Memory, base?: Memory) =>
    `  ${label.padEnd(34)} heap ${mb(x.heapUsed).padStart(9)}${base ? ` (${pct(x.heapUsed, base.heapUsed)})`.padEnd(11) : ''.padEnd(11)}  of it code ${mb(x.codeUsed).padStart(8)}  RSS ${mb(x.rss).padStart(9)}${base ? ` (${pct(x.rss, base.rss)})` : ''}`;
  console.log(
    [
      'papercord load run',
      `configuration: ${c.interactions} interactions (${COMMAND_WEIGHTS.map(([command, share]) => `${Math.round(share * 100)} % /${command}`).join(', ')}) from ${c.users} users at random moments within ${c.windowMs / 1000} s (seed ${c.seed});`,
      `  COOLDOWN_SECONDS=${c.cooldownSeconds}, GENERATION_CONCURRENCY=${c.concurrency}, ANSWER_CACHE_SIZE=${c.answerCacheSize}; the model (Ollama test server) starts each answer after ${c.modelLatencyMs} ms;`,
      `  the Discord emulator refuses acknowledgements later than 3 s (10062); interaction tokens last 15 min, far beyond the ~${Math.ceil(WORST_CASE_MS / 1000)} s it could take here to answer everyone.`,
      `  The bot runs in its own process (bench/load-bot.ts, node --expose-gc), started in ${(startupMs / 1000).toFixed(1)} s.`,
      '',
      ...reportLines(r),
      '',
      `event loop lateness during the burst: the bot p50 ${m.afterBurst.loopDelayMs.p50} ms, p99 ${m.afterBurst.loopDelayMs.p99} ms, max ${m.afterBurst.loopDelayMs.max} ms; the emulator and load generator p50 ${f(driverLoopMs.p50)} ms, p99 ${f(driverLoopMs.p99)} ms, max ${f(driverLoopMs.max)} ms`,
      'memory of the bot (after a full GC):',
      line('at start', m.atStart),
      line(`after a warm-up of ${c.warmupInteractions} (the baseline)`, m.before),
      line('right after the burst', m.afterBurst, m.before),
      line(`${c.settleMs / 1000} s later`, m.settled, m.before),
      ...m.later.map((x, i) => line(`burst ${i + 2}, ${c.settleMs / 1000} s after it`, x, m.before)),
      `  peak RSS during the run: ${mb((m.later.at(-1) ?? m.settled).maxRss)}`,
      `what the bot holds (after the warm-up, then ${c.settleMs / 1000} s after the last burst): ${heldLine(m.before.held, (m.later.at(-1) ?? m.settled).held)}`,
      '',
      problems.length ? `NOT MET:\n${problems.map((p) => `  - ${p}`).join('\n')}` : 'All met: every interaction acknowledged in time and answered (or queued then answered, or cooled down, or paged); no crash; memory back within 10 %.',
    ].join('\n'),
  );
}

main().then(
  (code) => process.exit(code),
  (e: unknown) => {
    console.error(e instanceof Error ? e.stack : e);
    process.exit(1);
  },
);
