/**
 * Starts the real bot (startBot with the real discord.js client) against the Discord emulator,
 * over a real PapercordService, with an Ollama test server when a test needs the model to write.
 */
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { DiscordEmulator, type EmulatorOptions, type EmuUser, type RestCall, type StoredMessage } from './discord-emulator.js';
import { OllamaTestServer, type OllamaTestServerOptions } from './ollama-server.js';
import { captureLog, testSettings, type CapturedLog } from './env.js';
import { PapercordService, type ServiceOptions } from '../../src/service.js';
import { startBot, type BotHandle } from '../../src/bot/index.js';
import { DM_COLLECTION } from '../../src/bot/collection.js';
import { redactSecrets } from '../../src/process.js';
import type { Settings } from '../../src/config.js';
import type { Turn } from '../../src/types.js';

export interface BotHarness {
  emu: DiscordEmulator;
  ollama?: OllamaTestServer;
  settings: Settings;
  service: PapercordService;
  bot: BotHandle;
  log: CapturedLog;
  /** A fresh member, so per-user cooldowns of one test never touch another. */
  user(opts?: { roles?: string[]; bot?: boolean }): EmuUser;
  close(): Promise<void>;
}

export async function startHarness(opts: { env?: Record<string, string> | ((emu: DiscordEmulator) => Record<string, string>); emu?: EmulatorOptions; ollama?: OllamaTestServerOptions | true; restTimeoutMs?: number; service?: Pick<ServiceOptions, 'http'> } = {}): Promise<BotHarness> {
  const emu = await DiscordEmulator.start(opts.emu);
  const ollama = opts.ollama ? await OllamaTestServer.start(opts.ollama === true ? {} : opts.ollama) : undefined;
  // Not tempDir(): its cleanup hook would run at the end of a before() hook, not of the file.
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'papercord-bot-'));
  const settings = await testSettings({
    DATA_DIR: dataDir,
    DISCORD_TOKEN: emu.token,
    DISCORD_API_BASE: emu.apiBase,
    DISCORD_GUILD_ID: emu.guild.id,
    COOLDOWN_SECONDS: '0',
    ...(ollama ? { OLLAMA_HOST: ollama.host } : {}),
    ...(typeof opts.env === 'function' ? opts.env(emu) : opts.env),
  });
  // The log keeps the settings' secrets out, as an entry point's does (src/process.ts).
  redactSecrets(settings);
  const log = captureLog();
  const service = await PapercordService.open(settings, { log, defaultCollection: DM_COLLECTION, ...opts.service });
  const bot = await startBot(settings, service, { clientOptions: emu.clientOptions(opts.restTimeoutMs ? { timeout: opts.restTimeoutMs } : {}), log });
  let n = 0;
  return {
    emu,
    ollama,
    settings,
    service,
    bot,
    log,
    user: (u = {}) => emu.createUser({ username: `user${++n}`, ...u }),
    async close() {
      await bot.stop({ graceMs: 0 });
      await service.close();
      await emu.stop();
      await ollama?.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** Requests that carry a message the bot sends or edits. */
export function messageRequests(emu: DiscordEmulator): RestCall[] {
  return emu.requests.filter((c) => {
    if (c.injected) return false;
    if (c.method === 'POST' && /^\/channels\/\d+\/messages$/.test(c.path)) return true;
    if (c.method === 'PATCH' && /^\/channels\/\d+\/messages\/\d+$/.test(c.path)) return true;
    if (/^\/webhooks\//.test(c.path) && (c.method === 'POST' || c.method === 'PATCH')) return true;
    return c.method === 'POST' && /\/callback$/.test(c.path) && [4, 7].includes(Number(c.body?.type));
  });
}

/** Every message the bot sent or edited asked Discord to ping no one, and nobody was pinged. */
export function assertNoPings(emu: DiscordEmulator): void {
  const calls = messageRequests(emu);
  assert.ok(calls.length > 0, 'the bot sent messages');
  for (const c of calls) {
    const body = /\/callback$/.test(c.path) ? c.body?.data : c.body;
    assert.deepEqual(body?.allowed_mentions?.parse, [], `${c.method} ${c.path} sets allowed_mentions.parse = []`);
    assert.notEqual(body?.allowed_mentions?.replied_user, true, `${c.method} ${c.path} does not ping the replied user`);
  }
  for (const m of emu.botMessages()) {
    assert.equal(m.mention_everyone, false, `message ${m.id} pings @everyone`);
    assert.deepEqual(m.mention_roles, [], `message ${m.id} pings roles`);
    assert.deepEqual(m.mentions, [], `message ${m.id} pings users`);
  }
}

/** All text of a message: content, embed titles, descriptions, fields and footers. */
export function textOf(m: StoredMessage): string {
  return [m.content, ...m.embeds.flatMap((e) => [e.title, e.description, ...(e.fields ?? []).flatMap((f) => [f.name, f.value]), e.footer?.text])].filter(Boolean).join('\n');
}

/** Custom ids of a message's buttons. */
export function buttonIds(m: StoredMessage): string[] {
  return m.components.flatMap((r) => (r.components ?? []).map((c) => String(c.custom_id ?? '')));
}

/** Checks Discord's size limits on every embed message the bot sent (the emulator rejects violations too). */
export function assertWithinLimits(m: StoredMessage): void {
  assert.ok(m.content.length <= 2000);
  let total = 0;
  for (const e of m.embeds) {
    assert.ok((e.description ?? '').length <= 4096);
    for (const f of e.fields ?? []) assert.ok(f.value.length <= 1024 && f.name.length <= 256);
    total += (e.title ?? '').length + (e.description ?? '').length + (e.footer?.text ?? '').length + (e.fields ?? []).reduce((n, f) => n + f.name.length + f.value.length, 0);
  }
  assert.ok(total <= 6000, `embeds total ${total}`);
}

/** Records the history every ask() gets, to check what follow-ups pass on. */
export function spyHistory(h: BotHarness): { question: string; history: Turn[] }[] {
  const calls: { question: string; history: Turn[] }[] = [];
  const ask = h.service.ask.bind(h.service);
  h.service.ask = (question, opts = {}) => {
    calls.push({ question, history: opts.history ?? [] });
    return ask(question, opts);
  };
  return calls;
}
