/**
 * `npm run start:sharded`: two shards of the bot, each its own process under the discord.js
 * ShardingManager, against the Discord emulator with two guilds, one per shard.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { DiscordEmulator, shardOf, snowflake, type GatewayRecord } from './support/discord-emulator.js';
import { PROJECT_ROOT } from '../src/config.js';
import { childEnv } from './support/env.js';


/** Whether any process of this process group is still there. */
function groupAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch {
    return false;
  }
}

/** The parent's pid of a running process (ps fails if it is not running). */
function parentOf(pid: number): number {
  return Number(execFileSync('ps', ['-o', 'ppid=', '-p', String(pid)], { encoding: 'utf8' }).trim());
}

async function until(check: () => boolean, timeoutMs: number, what: string): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

interface Launcher {
  child: ChildProcess;
  /** stdout and stderr so far (JSON log lines) */
  output(): string;
  exit: Promise<unknown[]>;
}

function startLauncher(emu: DiscordEmulator, dir: string, vars: Record<string, string>): Launcher {
  const child = spawn('npm', ['run', 'start:sharded'], {
    cwd: PROJECT_ROOT,
    // Its own process group: the launcher, npm, tsx and the shards end together if the test fails.
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: childEnv({ DISCORD_TOKEN: emu.token, DISCORD_API_BASE: emu.apiBase, DATA_DIR: dir, EMBEDDINGS: 'local', OLLAMA_HOST: 'http://127.0.0.1:9', SHUTDOWN_GRACE_SECONDS: '2', ...vars }),
  });
  let out = '';
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  return { child, output: () => out, exit: once(child, 'exit') };
}

function killGroup(child: ChildProcess | undefined): void {
  if (!child?.pid || !groupAlive(child.pid)) return;
  try {
    process.kill(-child.pid, 'SIGKILL');
  } catch {
    // Already gone.
  }
}

// Guild ids chosen so that (id >> 22) % 2 puts one on each shard.
const GUILD_A = String(1000n << 22n); // shard 0
const GUILD_B = String(1001n << 22n); // shard 1

test('npm run start:sharded runs two shards: each identifies with its shard, answers /ask in its own guild, and all exit on SIGTERM', { timeout: 45_000 }, async () => {
  assert.equal(shardOf(GUILD_A, 2), 0);
  assert.equal(shardOf(GUILD_B, 2), 1);
  const emu = await DiscordEmulator.start({ shards: 2, guilds: [{ id: GUILD_A, name: 'Guild A' }, { id: GUILD_B, name: 'Guild B' }] });
  const dir = await mkdtemp(path.join(os.tmpdir(), 'papercord-shards-'));
  let run: Launcher | undefined;
  try {
    run = startLauncher(emu, dir, { DISCORD_SHARDS: '2' });
    const { child, exit } = run;
    const output = run.output;
    const tail = () => output().slice(-3000);

    // Two IDENTIFYs, one per shard, and each shard gets only its own guild.
    await emu.waitFor(() => emu.gatewayEvents.filter((e) => e.op === 2 && e.direction === 'received').length >= 2, `two IDENTIFYs\n${tail()}`, 30_000);
    const identifies = emu.gatewayEvents.filter((e) => e.op === 2 && e.direction === 'received');
    assert.deepEqual(identifies.map((e) => e.d.shard).sort(), [[0, 2], [1, 2]]);
    const connOf = new Map<number, number>(identifies.map((e) => [e.d.shard[0] as number, e.connectionId]));
    assert.notEqual(connOf.get(0), connOf.get(1));
    await until(() => output().includes('all shards ready'), 15_000, `the launcher to report all shards ready\n${tail()}`);
    const guildCreates = (conn: number) => emu.gatewayEvents.filter((e) => e.direction === 'sent' && e.t === 'GUILD_CREATE' && e.connectionId === conn).map((e) => e.d.id);
    assert.deepEqual(guildCreates(connOf.get(0)!), [GUILD_A]);
    assert.deepEqual(guildCreates(connOf.get(1)!), [GUILD_B]);
    // The index was built once, by the launcher; the shards only loaded it.
    assert.equal(output().match(/"msg":"building the index"/g)?.length, 1, tail());

    // Global commands, registered by the first shard (the second finds them unchanged).
    await emu.waitForRequest((c) => c.method === 'PUT' && /^\/applications\/\d+\/commands$/.test(c.path) && c.status === 200, { timeoutMs: 10_000 });

    // A /ask in each guild, each delivered on (and answered by) its own shard's connection.
    const asked: Array<{ guild: string; shard: number }> = [
      { guild: GUILD_A, shard: 0 },
      { guild: GUILD_B, shard: 1 },
    ];
    await Promise.all(
      asked.map(async ({ guild, shard }) => {
        const channelId = emu.guilds.find((g) => g.id === guild)!.channelIds[0]!;
        const it = await emu.slashCommand('ask', { question: 'What does MentisOculi evaluate?' }, { channelId });
        const delivered = emu.gatewayEvents.filter((e: GatewayRecord) => e.direction === 'sent' && e.t === 'INTERACTION_CREATE' && e.d.id === it.id);
        assert.deepEqual(delivered.map((e) => e.connectionId), [connOf.get(shard)], `the /ask in guild ${guild} went to shard ${shard} only`);
        assert.equal((await it.callback(10_000)).body.type, 5);
        const m = await it.waitForOriginal((x) => x.embeds.length > 0, 10_000);
        assert.match(m.embeds[0]!.description!, /\[1\]/);
      }),
    );

    // The shards' pids, as the launcher logged them: two processes, each forked by the launcher.
    const pids = [...output().matchAll(/"msg":"shard spawned"[^\n]*"pid":(\d+)/g)].map((x) => Number(x[1]));
    assert.equal(new Set(pids).size, 2, tail());
    const launcherPid = Number(/"msg":"spawning shards"[^\n]*"pid":(\d+)/.exec(output())?.[1]);
    for (const pid of pids) assert.equal(parentOf(pid), launcherPid, `shard process ${pid} is a child of the launcher\n${tail()}`);

    // SIGTERM to npm (as a supervisor sends it): the launcher stops both shards and exits 0.
    process.kill(child.pid!, 'SIGTERM');
    const [code] = await exit;
    assert.equal(code, 0, tail());
    await until(() => !groupAlive(child.pid!), 10_000, 'every process of the group to exit');
    for (const pid of pids) assert.throws(() => process.kill(pid, 0), /ESRCH/, `shard process ${pid} is gone`);
    assert.match(output(), /all shards stopped/);
    assert.deepEqual(emu.surprises().map((c) => `${c.method} ${c.path} ${c.status}`), []);
  } finally {
    killGroup(run?.child);
    await emu.stop();
    await rm(dir, { recursive: true, force: true });
  }
});

test('DISCORD_SHARDS=auto asks GET /gateway/bot at DISCORD_API_BASE, and a SIGTERM while shards spawn stops them', { timeout: 30_000 }, async () => {
  const emu = await DiscordEmulator.start({ shards: 3 });
  const dir = await mkdtemp(path.join(os.tmpdir(), 'papercord-shards-'));
  let run: Launcher | undefined;
  try {
    run = startLauncher(emu, dir, { DISCORD_SHARDS: 'auto' });
    const { child, output } = run;
    await until(() => output().includes('"msg":"shard spawned"'), 20_000, `the first shard\n${output().slice(-3000)}`);
    assert.match(output(), /"msg":"spawning shards"[^\n]*"shards":3/);
    // The launcher's own call, before any shard could make one.
    const first = emu.requests.find((c) => c.path === '/gateway/bot');
    assert.equal(first?.status, 200);
    process.kill(child.pid!, 'SIGTERM');
    const [code] = await run.exit;
    assert.equal(code, 0, output().slice(-3000));
    await until(() => !groupAlive(child.pid!), 10_000, 'every process of the group to exit');
    // Only shard 0 had been started; the manager's 5.5 s spawn delay was still running.
    assert.doesNotMatch(output(), /"msg":"shard starting"[^\n]*"shard":1/);
  } finally {
    killGroup(run?.child);
    await emu.stop();
    await rm(dir, { recursive: true, force: true });
  }
});

test('sharded, the start-up checks are made over every shard: allow-list ids that no shard sees are told once, ids seen by another shard are not, and a DISCORD_GUILD_ID the bot is not in is told by the shard it falls on, with nothing sent to be refused', { timeout: 45_000 }, async () => {
  const emu = await DiscordEmulator.start({ shards: 2, guilds: [{ id: GUILD_A, name: 'Guild A' }, { id: GUILD_B, name: 'Guild B', roles: [{ name: 'researcher' }] }] });
  const dir = await mkdtemp(path.join(os.tmpdir(), 'papercord-shards-'));
  const guildB = emu.guilds.find((g) => g.id === GUILD_B)!;
  // Seen by shard 1 only, so shard 0 alone would call them unknown.
  const channelB = guildB.channelIds[0]!;
  const roleB = guildB.roles.find((r) => r.name === 'researcher')!.id;
  const [ghostChannel, ghostRole, elsewhere] = [snowflake(), snowflake(), snowflake()];
  let run: Launcher | undefined;
  try {
    run = startLauncher(emu, dir, { DISCORD_SHARDS: '2', DISCORD_ALLOWED_CHANNELS: `${channelB},${ghostChannel}`, DISCORD_ALLOWED_ROLES: `${roleB},${ghostRole}`, DISCORD_GUILD_ID: elsewhere });
    const { child, output } = run;
    const tail = () => output().slice(-4000);
    await until(() => output().includes('DISCORD_ALLOWED_ROLES lists ids'), 30_000, `the allow-list warnings\n${tail()}`);
    const lines = output()
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l) as { level: string; msg: string; ids?: string[]; component?: string });
    const about = (re: RegExp) => lines.filter((l) => re.test(l.msg));
    assert.deepEqual(about(/^DISCORD_ALLOWED_CHANNELS lists ids/).map((l) => l.ids), [[ghostChannel]], tail());
    assert.deepEqual(about(/^DISCORD_ALLOWED_ROLES lists ids/).map((l) => l.ids), [[ghostRole]], tail());
    assert.ok(about(/lists ids of no/).every((l) => !/nobody can ask/.test(l.msg)), 'some ids are seen');
    assert.equal(about(new RegExp(`^DISCORD_GUILD_ID ${elsewhere} is a server the bot is not in`)).length, 1, tail());
    assert.doesNotMatch(output(), /applications\.commands scope/);
    assert.equal(emu.requests.filter((c) => c.method === 'PUT' && c.path.endsWith('/commands')).length, 0, 'nothing sent to be refused');

    process.kill(child.pid!, 'SIGTERM');
    const [code] = await run.exit;
    assert.equal(code, 0, tail());
    await until(() => !groupAlive(child.pid!), 10_000, 'every process of the group to exit');
  } finally {
    killGroup(run?.child);
    await emu.stop();
    await rm(dir, { recursive: true, force: true });
  }
});
