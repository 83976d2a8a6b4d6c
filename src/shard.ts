import 'dotenv/config';
import path from 'node:path';
import type { ChildProcess } from 'node:child_process';
import { ShardingManager, type Shard } from 'discord.js';
import { PROJECT_ROOT, type Settings } from './config.js';
import { fatal, openServiceOrExit, processSettings, runMain, stopOnSignals } from './process.js';
import { log as rootLog } from './log.js';
import { idsSeenBy, warnOfUnknownIds } from './bot/unknown-ids.js';

/**
 * `npm run start:sharded`: the Discord bot as several shards, one `src/main.ts` process each,
 * under a discord.js ShardingManager (see docs/scaling.md).
 *
 * 1. Checks the settings and builds the index once, if it is missing or stale, so the shards
 *    all load the same build and none of them rebuilds it.
 * 2. Works out the shard count: DISCORD_SHARDS, or for `auto` Discord's recommendation from
 *    `GET /gateway/bot` at DISCORD_API_BASE (discord.js would always ask discord.com).
 * 3. Spawns the shards one after the other (each waits for the previous one to be ready and
 *    5.5 s more, Discord's identify rate); each gets SHARDS and SHARD_COUNT in its environment,
 *    which the discord.js Client reads. A shard that dies later is respawned.
 * 4. Once all are ready, warns of DISCORD_ALLOWED_CHANNELS and DISCORD_ALLOWED_ROLES ids that
 *    no shard sees (each shard checks DISCORD_GUILD_ID itself: its server is on one shard).
 * 5. On SIGTERM or SIGINT, passes SIGTERM on to every shard (each stops as `npm start` does,
 *    within SHUTDOWN_GRACE_SECONDS), waits for them and exits 0.
 */

const log = rootLog.child({ component: 'shards' });
/** Discord allows one IDENTIFY per 5 s (per max_concurrency bucket); discord.js's default spawn delay. */
const SPAWN_DELAY_MS = 5500;
/** How long one shard may take from spawn to ready (loading a large index takes a while). */
const READY_TIMEOUT_MS = 180_000;

async function main(): Promise<void> {
  const settings = processSettings();
  if (!settings.discordToken) fatal('DISCORD_TOKEN is not set, so there is no bot to shard.', 'Set it in .env (see "Discord bot" in README.md), or run `npm start` for the local console.');
  process.on('unhandledRejection', (e) => log.error('unhandled rejection', { error: e }));

  const shards = new Set<Shard>();

  const stopAll = async (): Promise<void> => {
    const graceMs = settings.shutdownGraceSeconds * 1000 + 5000;
    const children: ChildProcess[] = [];
    for (const shard of shards) {
      const child = shard.process;
      if (!child || child.exitCode !== null || child.signalCode !== null) continue;
      children.push(child);
      shard.kill(); // SIGTERM, and no respawn
    }
    await Promise.all(
      children.map(
        (child) =>
          new Promise<void>((resolve) => {
            const timer = setTimeout(() => {
              log.warn('a shard did not stop in time; killing it', { pid: child.pid });
              child.kill('SIGKILL');
            }, graceMs);
            child.once('exit', () => {
              clearTimeout(timer);
              resolve();
            });
          }),
      ),
    );
  };

  const shutdown = stopOnSignals(log, (signal) => {
    log.info('shutting down the shards', { signal, shards: shards.size });
    return stopAll().then(() => log.info('all shards stopped'));
  });

  // 1. The index, built once here rather than by every shard.
  const service = await openServiceOrExit(settings, { writer: null }, log);
  const info = service.info();
  log.info('index ready for the shards', { papers: info.papers, chunks: info.chunks, embedder: info.embedder, build: info.buildId });
  await service.close();
  if (shutdown.stopping) return;

  // 2. How many shards.
  let totalShards: number;
  try {
    totalShards = settings.discordShards === 'auto' ? await recommendedShards(settings) : settings.discordShards;
  } catch (e) {
    fatal((e as Error).message, 'Check DISCORD_TOKEN and DISCORD_API_BASE, or set DISCORD_SHARDS to a number.');
  }
  if (shutdown.stopping) return;

  // 3. The shards.
  const manager = new ShardingManager(path.join(PROJECT_ROOT, 'src', 'main.ts'), {
    token: settings.discordToken,
    totalShards,
    mode: 'process',
    respawn: true,
    // The shards are TypeScript run through tsx, like `npm start`.
    execArgv: ['--import', 'tsx'],
  });
  manager.on('shardCreate', (shard) => {
    shards.add(shard);
    log.info('shard starting', { shard: shard.id, of: totalShards });
    shard.on('spawn', (child) => {
      log.info('shard spawned', { shard: shard.id, pid: (child as ChildProcess).pid });
      // A signal that came while this one was being forked: stop it too.
      if (shutdown.stopping) shard.kill();
    });
    shard.on('ready', () => log.info('shard ready', { shard: shard.id }));
    shard.on('death', (child) => {
      if (shutdown.stopping) return;
      const p = child as ChildProcess;
      log.warn('shard died; it will be started again', { shard: shard.id, exitCode: p.exitCode, signal: p.signalCode });
    });
  });
  log.info('spawning shards', { shards: totalShards, api: settings.discordApiBase, pid: process.pid });
  try {
    await manager.spawn({ amount: totalShards, delay: SPAWN_DELAY_MS, timeout: READY_TIMEOUT_MS });
  } catch (e) {
    if (!shutdown.begin()) return;
    log.error('a shard did not start', { error: e });
    await stopAll();
    fatal(`A shard did not start: ${(e as Error).message ?? String(e)}`, 'Its own log lines above say why; `npm start` runs a single process and shows the same problems.');
  }
  if (shutdown.stopping) return;
  log.info('all shards ready', { shards: totalShards });

  // 4. Allow-list ids that no shard sees: each shard sees only its own servers, so none of them can tell alone (one shard checks them itself).
  if (totalShards > 1 && (settings.allowedChannels.length || settings.allowedRoles.length)) {
    const listed = { allowedChannels: settings.allowedChannels, allowedRoles: settings.allowedRoles };
    try {
      warnOfUnknownIds(settings, await manager.broadcastEval(idsSeenBy, { context: listed }), log);
    } catch (e) {
      log.warn('could not check the allow-lists\' ids over the shards', { error: e });
    }
  }
}

/** Discord's recommended shard count, asked at DISCORD_API_BASE. */
async function recommendedShards(settings: Settings): Promise<number> {
  const res = await fetch(`${settings.discordApiBase}/v10/gateway/bot`, { headers: { Authorization: `Bot ${settings.discordToken.replace(/^Bot\s*/i, '')}` } });
  if (res.status === 401) throw new Error('Discord rejected DISCORD_TOKEN (401 on /gateway/bot).');
  if (!res.ok) throw new Error(`GET /gateway/bot failed with ${res.status} ${res.statusText}.`);
  const body = (await res.json()) as { shards?: unknown };
  const n = Number(body.shards);
  if (!Number.isInteger(n) || n < 1) throw new Error(`GET /gateway/bot returned no usable shard count (${JSON.stringify(body.shards)}).`);
  return n;
}

runMain(main, log);
