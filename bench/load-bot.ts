/**
 * The bot under load, in its own process (forked by bench/load.ts with --expose-gc), so that
 * its memory is measured without the load generator's: the real service and the real bot,
 * configured only through the environment like `npm start`, answering the parent's
 * `{type: 'measure'}` with its memory after a full garbage collection and `{type: 'stop'}` by
 * stopping as on SIGTERM. An uncaught error is not handled here: it ends the process, and the
 * parent reports the crash.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { getHeapSpaceStatistics } from 'node:v8';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { loadSettings } from '../src/config.js';
import { configureLogging, log } from '../src/log.js';
import { PapercordService } from '../src/service.js';
import { LOOP_RESOLUTION_MS, loopLateMs } from './measure.js';
import { startBot } from '../src/bot/index.js';

/** What the bot and discord.js hold in memory that grows with the interactions and the users: what the heap's growth is made of. */
export interface Held {
  rememberedReplies: number;
  restQueues: number;
  users: number;
  members: number;
  messages: number;
}

export type ParentMessage = { type: 'measure' } | { type: 'stop' };
export type ChildMessage =
  | { type: 'ready'; paperIds: string[]; startupMs: number }
  | { type: 'memory'; rss: number; heapUsed: number; heapTotal: number; external: number; maxRss: number; codeUsed: number; held: Held; loopDelayMs: { p50: number; p99: number; max: number } }
  | { type: 'stopped' };

const gc = globalThis.gc;
if (!gc) throw new Error('run with node --expose-gc');
const send = (m: ChildMessage) => process.send?.(m);

async function main(): Promise<void> {
  const t0 = Date.now();
  configureLogging({ level: 'warn' });
  const settings = loadSettings(process.env);
  const service = await PapercordService.open(settings, { log });
  const bot = await startBot(settings, service, { log: log.child({ component: 'bot' }) });
  const held = (): Held => ({
    rememberedReplies: bot.ctx.answers.size,
    restQueues: bot.client.rest.handlers.size,
    users: bot.client.users.cache.size,
    members: bot.client.guilds.cache.reduce((n, g) => n + g.members.cache.size, 0),
    messages: bot.client.channels.cache.reduce((n, c) => n + ('messages' in c ? c.messages.cache.size : 0), 0),
  });
  // How long the event loop was held up between two measurements (a blocked loop delays acknowledgements).
  const loop = monitorEventLoopDelay({ resolution: LOOP_RESOLUTION_MS });
  loop.enable();
  process.on('message', (m: ParentMessage) => {
    if (m.type === 'measure') void measure(loop, held);
    if (m.type === 'stop') {
      void (async () => {
        await bot.stop({ graceMs: 1000 });
        await service.close();
        send({ type: 'stopped' });
        process.disconnect?.();
      })();
    }
  });
  // Without the parent there is nobody to serve.
  process.on('disconnect', () => process.exit(0));
  send({ type: 'ready', paperIds: service.papers.map((p) => p.id), startupMs: Date.now() - t0 });
}

async function measure(loop: ReturnType<typeof monitorEventLoopDelay>, held: () => Held): Promise<void> {
  // Two collections with a turn between: objects freed by the first one's finalizers go in the second.
  gc!();
  await nextTurn();
  gc!();
  const m = process.memoryUsage();
  // Machine code V8 compiles as functions and regular expressions get hot: part of heapUsed, made once, not data the bot keeps.
  const codeUsed = getHeapSpaceStatistics()
    .filter((s) => s.space_name === 'code_space' || s.space_name === 'code_large_object_space')
    .reduce((sum, s) => sum + s.space_used_size, 0);
  // The monitor records when its timer fired; beyond the timer's own period, the loop was busy.
  const ms = (ns: number) => Math.round(loopLateMs(ns) * 10) / 10;
  send({ type: 'memory', rss: m.rss, heapUsed: m.heapUsed, heapTotal: m.heapTotal, external: m.external, maxRss: process.resourceUsage().maxRSS * 1024, codeUsed, held: held(), loopDelayMs: { p50: ms(loop.percentile(50)), p99: ms(loop.percentile(99)), max: ms(loop.max) } });
  loop.reset();
}

void main();
