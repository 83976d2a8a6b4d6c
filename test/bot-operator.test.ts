/**
 * What the operator is told at start-up and shutdown about a Discord set-up that cannot work as
 * written: a missing privileged intent, allow lists and a server id that name nothing the bot
 * can see, a question length Discord cannot hold. The real discord.js client against the
 * Discord emulator, over one service.
 */
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { DiscordEmulator, Perm, snowflake, type EmulatorOptions } from './support/discord-emulator.js';
import { captureLog, testSettings, type CapturedLog } from './support/env.js';
import { textOf } from './support/bot.js';
import { PapercordService } from '../src/service.js';
import { startBot, type BotHandle } from '../src/bot/index.js';
import { isPapercordError } from '../src/errors.js';

const EPHEMERAL = 64;

let service: PapercordService;
before(async () => {
  service = await PapercordService.open(await testSettings(), { log: captureLog() });
});
after(() => service?.close());

interface Started {
  emu: DiscordEmulator;
  log: CapturedLog;
  bot?: BotHandle;
  error?: unknown;
  close(): Promise<void>;
}

/** Starts the bot against a fresh emulator with these settings; a failed start is returned, not thrown. */
async function start(opts: { emu?: EmulatorOptions; env?: (emu: DiscordEmulator) => Record<string, string> } = {}): Promise<Started> {
  const emu = await DiscordEmulator.start(opts.emu);
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'papercord-operator-'));
  const settings = await testSettings({ DATA_DIR: dataDir, DISCORD_TOKEN: emu.token, DISCORD_API_BASE: emu.apiBase, DISCORD_GUILD_ID: emu.guild.id, ...opts.env?.(emu) });
  const log = captureLog();
  let bot: BotHandle | undefined;
  let error: unknown;
  try {
    bot = await startBot(settings, service, { clientOptions: emu.clientOptions(), log });
  } catch (e) {
    error = e;
  }
  return {
    emu,
    log,
    bot,
    error,
    async close() {
      await bot?.stop({ graceMs: 0 });
      await emu.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

describe('start-up', () => {
  test('without the Message Content intent, the operator is told which switch in the Developer Portal to turn on', async () => {
    const s = await start({ emu: { allowedPrivilegedIntents: 0 } });
    try {
      assert.ok(isPapercordError(s.error), String(s.error));
      assert.equal(s.error.message, 'Discord refused the Message Content intent.');
      assert.equal(s.error.hint, 'Enable it in the Developer Portal: Bot, Privileged Gateway Intents, Message Content Intent.');
    } finally {
      await s.close();
    }
  });

  test('DISCORD_GUILD_ID of a server the bot is not in: said so with the servers it is in, and "bot ready" does not count commands as registered', async () => {
    const elsewhere = snowflake();
    const s = await start({ env: () => ({ DISCORD_GUILD_ID: elsewhere }) });
    try {
      assert.ok(s.bot, String(s.error));
      const error = s.log.lines.find((l) => l.level === 'error');
      assert.ok(error, s.log.text());
      assert.match(error.msg, new RegExp(`DISCORD_GUILD_ID ${elsewhere} is a server the bot is not in`));
      assert.deepEqual(error.fields.botIsIn, [`${s.emu.guild.name} (${s.emu.guild.id})`]);
      assert.doesNotMatch(s.log.text(), /applications\.commands scope/);
      assert.equal(s.emu.requests.filter((c) => c.method === 'PUT' && c.path.endsWith('/commands')).length, 0, 'nothing sent to be refused');
      const ready = s.log.lines.find((l) => l.msg === 'bot ready')!;
      assert.equal(ready.fields.slashCommands, 'not registered');
      assert.equal(ready.fields.commands, undefined);
      assert.deepEqual(s.bot.registration, { registered: false, error: `the bot is not in server ${elsewhere}` });
    } finally {
      await s.close();
    }
  });

  test('a server the bot is in: "bot ready" says the commands were registered, and how many', async () => {
    const s = await start();
    try {
      const ready = s.log.lines.find((l) => l.msg === 'bot ready')!;
      assert.equal(ready.fields.slashCommands, 'registered');
      assert.equal(ready.fields.commands, s.bot!.commands.size);
    } finally {
      await s.close();
    }
  });

  test('allow-list ids of no channel or role the bot can see are named at start-up; a list of only such ids says nobody can ask', async () => {
    const [ghostChannel, ghostRole] = [snowflake(), snowflake()];
    const s = await start({
      emu: { guilds: [{ channels: [{ name: 'papers' }], roles: [{ name: 'researcher' }] }] },
      env: (emu) => ({ DISCORD_ALLOWED_CHANNELS: `${emu.channel.id},${ghostChannel}`, DISCORD_ALLOWED_ROLES: ghostRole }),
    });
    try {
      const channels = s.log.lines.find((l) => l.msg.startsWith('DISCORD_ALLOWED_CHANNELS'));
      assert.ok(channels, s.log.text());
      assert.equal(channels.level, 'warn');
      assert.deepEqual(channels.fields.ids, [ghostChannel]);
      assert.doesNotMatch(channels.msg, /nobody/, 'one listed channel is there');
      const roles = s.log.lines.find((l) => l.msg.startsWith('DISCORD_ALLOWED_ROLES'))!;
      assert.deepEqual(roles.fields.ids, [ghostRole]);
      assert.match(roles.msg, /nobody can ask/);
      assert.match(String(roles.fields.hint), /Copy ID/);
    } finally {
      await s.close();
    }
  });

  test('allow lists of ids the bot sees: no warning', async () => {
    const s = await start({
      emu: { guilds: [{ channels: [{ name: 'papers' }], roles: [{ name: 'researcher' }] }] },
      env: (emu) => ({ DISCORD_ALLOWED_CHANNELS: emu.channel.id, DISCORD_ALLOWED_ROLES: emu.guild.roles.find((r) => r.name === 'researcher')!.id }),
    });
    try {
      assert.deepEqual(s.log.lines.filter((l) => l.level === 'warn' || l.level === 'error'), []);
    } finally {
      await s.close();
    }
  });

  test('MAX_QUESTION_CHARS above what a Discord option holds: a warning that says where questions stop', async () => {
    const s = await start({ env: () => ({ MAX_QUESTION_CHARS: '7000' }) });
    try {
      const warning = s.log.lines.find((l) => l.msg.startsWith('MAX_QUESTION_CHARS'));
      assert.ok(warning, s.log.text());
      assert.match(warning.msg, /is 7000, but Discord's command options hold at most 6000 characters: \/ask questions and \/related topics stop at 6000/);
    } finally {
      await s.close();
    }
  });
});

describe('a channel list that keeps everyone out', () => {
  let s: Started;
  before(async () => {
    s = await start({ emu: { guilds: [{ channels: [{ name: 'papers' }, { name: 'offtopic' }] }] }, env: () => ({ DISCORD_ALLOWED_CHANNELS: snowflake() }) });
    assert.ok(s.bot, String(s.error));
  });
  after(() => s?.close());

  test('an admin can still use /status anywhere, to find out why; a member is told the bot does not answer there', async () => {
    const admin = await s.emu.slashCommand('status', {}, { memberPermissions: Perm.ManageGuild | Perm.ViewChannel });
    const status = await admin.waitForOriginal((m) => m.embeds.length > 0 || m.content.length > 0);
    assert.equal(status.flags & EPHEMERAL, EPHEMERAL);
    assert.doesNotMatch(textOf(status), /do not answer questions in this channel/);
    assert.match(textOf(status), /papers/i);
    const member = await s.emu.slashCommand('status', {});
    assert.match(textOf(await member.waitForOriginal()), /do not answer questions in this channel/);
  });
});

describe('shutdown', () => {
  test('the log goes from "stopping" to "stopped" without a "gateway reconnecting" (or "disconnected") between', async () => {
    const s = await start();
    try {
      await s.bot!.stop({ graceMs: 0 });
      const msgs = s.log.lines.map((l) => l.msg);
      const from = msgs.indexOf('stopping');
      const to = msgs.indexOf('stopped');
      assert.ok(from >= 0 && to > from, s.log.text());
      assert.deepEqual(msgs.slice(from + 1, to), [], s.log.text());
    } finally {
      await s.close();
    }
  });
});
