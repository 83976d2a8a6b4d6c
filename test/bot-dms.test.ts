/**
 * Direct messages with the bot, end to end through the real discord.js client against the
 * Discord emulator: messages and slash commands there, with DMs answered and with them off, and
 * the cooldown. The commands are registered globally (DISCORD_GUILD_ID empty), as in production,
 * so that Discord would offer them in DMs unless told otherwise.
 */
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startHarness, assertNoPings, spyHistory, textOf, type BotHarness } from './support/bot.js';
import type { StoredMessage } from './support/discord-emulator.js';

const EPHEMERAL = 64;
const GUILD_ONLY = 0;
const BOT_DM = 1;
const isAnswer = (m: StoredMessage) => m.embeds.length > 0 && !!m.embeds[0]!.title;

describe('direct messages answered (DISCORD_DMS=auto, no allow list)', () => {
  let h: BotHarness;
  let calls: ReturnType<typeof spyHistory>;
  before(async () => {
    // Threads on: a DM can hold none, so its answers must come as replies all the same.
    h = await startHarness({ env: { DISCORD_GUILD_ID: '', DISCORD_THREADS: 'true' } });
    calls = spyHistory(h);
  });
  after(() => h?.close());

  const answerTo = (q: StoredMessage) => h.emu.waitForMessage((m) => m.message_reference?.message_id === q.id && isAnswer(m));

  test('a DM is a question without a mention, answered there as a reply that pings no one', async () => {
    const q = await h.emu.postMessage({ dm: true, content: 'What is PixelThink?', author: h.user() });
    const a = await answerTo(q);
    assert.equal(a.channel_id, q.channel_id, 'in the DM, no thread');
    assert.equal(a.embeds[0]!.title, 'What is PixelThink?');
    assert.match(a.embeds[0]!.description!, /PixelThink/);
    assert.match(a.embeds.at(-1)!.footer!.text, /from abstracts only/);
    assert.deepEqual(calls.at(-1)!.history, []);
    assertNoPings(h.emu);
  });

  test("later DMs go on with the DM's last answers as context; a reply there has its reply chain", async () => {
    const asker = h.user();
    const first = await answerTo(await h.emu.postMessage({ dm: true, content: 'What is PixelThink?', author: asker }));
    const byline = await answerTo(await h.emu.postMessage({ dm: true, content: 'who wrote it?', author: asker }));
    assert.match(byline.embeds[0]!.description!, /^\*\*PixelThink: .*\*\* is by /);
    assert.deepEqual(calls.find((c) => c.question === 'who wrote it?')!.history.map((t) => t.question), ['What is PixelThink?']);
    await answerTo(await h.emu.postMessage({ dm: true, content: 'What is VEQ?', author: asker }));
    // Back to the first answer by replying to it: its chain, not the DM's latest turns.
    const reply = await h.emu.postMessage({ dm: true, content: 'What results does it report?', replyTo: first, author: asker });
    await answerTo(reply);
    assert.deepEqual(calls.find((c) => c.question === 'What results does it report?')!.history.map((t) => t.question), ['What is PixelThink?']);
  });

  test('the slash commands are offered in DMs and answer there; /reindex, /add and /remove, which act on a server, are not', async () => {
    const user = h.user();
    const registered = h.emu.commands();
    assert.ok(registered.length > 0, 'registered globally');
    for (const c of registered) assert.deepEqual(c.contexts, ['reindex', 'add', 'remove'].includes(c.name) ? [GUILD_ONLY] : [GUILD_ONLY, BOT_DM], c.name);
    const ask = await h.emu.slashCommand('ask', { question: 'What does MentisOculi evaluate?' }, { user, dm: true });
    const a = await ask.waitForOriginal(isAnswer);
    assert.match(a.embeds[0]!.description!, /\[1\]/);
    const help = await h.emu.slashCommand('help', {}, { user, dm: true });
    assert.match(textOf(await help.waitForOriginal()), /Message me directly/);
    await assert.rejects(h.emu.slashCommand('reindex', {}, { user, dm: true }), /does not offer \/reindex in DMs/);
    await assert.rejects(h.emu.slashCommand('add', { paper: '2505.23727' }, { user, dm: true }), /does not offer \/add in DMs/);
  });
});

describe('direct messages off (DISCORD_DMS=auto with a role allow list)', () => {
  let h: BotHarness;
  before(async () => {
    h = await startHarness({
      emu: { guilds: [{ roles: [{ name: 'researcher' }] }] },
      env: (emu) => ({ DISCORD_GUILD_ID: '', DISCORD_ALLOWED_ROLES: emu.guild.roles.find((r) => r.name === 'researcher')!.id }),
    });
  });
  after(() => h?.close());

  test('a DM gets a short note that DMs are not answered, not an answer nor silence', async () => {
    const q = await h.emu.postMessage({ dm: true, content: 'What is PixelThink?', author: h.user({ roles: ['researcher'] }) });
    const note = await h.emu.waitForMessage((m) => m.message_reference?.message_id === q.id);
    assert.match(textOf(note), /do not answer questions in direct messages/);
    assert.match(textOf(note), /a server channel/);
    assert.doesNotMatch(textOf(note), /TL;DR|\[1\]/);
    assertNoPings(h.emu);
  });

  test('the slash commands are not offered in DMs, and still are in the server', async () => {
    for (const c of h.emu.commands()) assert.deepEqual(c.contexts, [GUILD_ONLY], c.name);
    await assert.rejects(h.emu.slashCommand('ask', { question: 'What is PixelThink?' }, { user: h.user(), dm: true }), /does not offer \/ask in DMs/);
    const inServer = await h.emu.slashCommand('help', {}, { user: h.user({ roles: ['researcher'] }) });
    const help = await inServer.waitForOriginal();
    assert.equal(help.flags & EPHEMERAL, EPHEMERAL);
    assert.doesNotMatch(textOf(help), /Message me directly/, '/help does not offer what is off');
  });
});

describe('the cooldown in DMs', () => {
  let h: BotHarness;
  before(async () => {
    h = await startHarness({ ollama: true, env: { DISCORD_GUILD_ID: '', COOLDOWN_SECONDS: '60', ANSWER_CACHE_SIZE: '0' } });
  });
  after(() => h?.close());

  test('a DM the model answered takes the turn, as a mention does: the next within COOLDOWN_SECONDS is told to wait', async () => {
    const user = h.user();
    const first = await h.emu.postMessage({ dm: true, content: 'What is ProactiveLLM?', author: user });
    const answer = await h.emu.waitForMessage((m) => m.message_reference?.message_id === first.id && isAnswer(m));
    assert.match(answer.embeds.at(-1)!.footer!.text, /^Written by /);
    const second = await h.emu.postMessage({ dm: true, content: 'And its results?', author: user });
    assert.match(textOf(await h.emu.waitForMessage((m) => m.message_reference?.message_id === second.id && m.embeds.length > 0)), /Please wait (5\d|60) s before your next question/);
    assertNoPings(h.emu);
  });
});
