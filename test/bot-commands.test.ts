/**
 * Every slash command, autocomplete and button, end to end: the real discord.js client of the
 * real bot against the Discord emulator, over the real service (extractive: no Ollama here).
 * One emulator + bot for the file; each test uses its own user.
 */
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Events } from 'discord.js';
import { startHarness, assertNoPings, textOf, buttonIds, assertWithinLimits, type BotHarness } from './support/bot.js';
import { Perm, type StoredMessage } from './support/discord-emulator.js';
import { startBot } from '../src/bot/index.js';
import { commandDefinitions, registerCommands } from '../src/bot/registration.js';
import { dataPath } from '../src/config.js';
import { tempDir } from './support/env.js';
import { AnswerMemory } from '../src/bot/memory.js';

const EPHEMERAL = 64;
let h: BotHarness;

before(async () => {
  h = await startHarness();
});
after(async () => {
  await h?.close();
});

const paper = (id: string) => h.service.catalog.get(id)!;
const embedOf = (m: StoredMessage) => m.embeds[0]!;
const field = (m: StoredMessage, name: string) => m.embeds.flatMap((e) => e.fields ?? []).find((f) => f.name === name)?.value ?? '';
/** The paper ids in the Sources field, each once, in order. */
const sourceIds = (m: StoredMessage) => [...new Set([...field(m, 'Sources').matchAll(/`([^`]+)`/g)].map((x) => x[1]))];

test('start-up registers the commands for DISCORD_GUILD_ID; unchanged definitions are not registered again, changed ones are', async () => {
  const puts = () => h.emu.requests.filter((c) => c.method === 'PUT' && c.path.endsWith('/commands'));
  assert.equal(puts().length, 1);
  assert.equal(puts()[0]!.path, `/applications/${h.emu.applicationId}/guilds/${h.emu.guild.id}/commands`);
  assert.deepEqual(h.emu.commands(h.emu.guild.id).map((c) => c.name).sort(), ['add', 'ask', 'help', 'papers', 'reindex', 'related', 'remove', 'status', 'summary']);
  assert.equal(h.bot.registration.registered, true);
  const reindex = h.emu.commands(h.emu.guild.id).find((c) => c.name === 'reindex')!;
  assert.equal(reindex.default_member_permissions, String(Perm.ManageGuild));

  // A second start with the same definitions and DATA_DIR sends nothing.
  const again = await startBot(h.settings, h.service, { clientOptions: h.emu.clientOptions(), log: h.log });
  await again.stop({ graceMs: 0 });
  assert.equal(again.registration.registered, false);
  assert.equal(puts().length, 1);

  // Changed definitions are sent (through the same registry file).
  const defs = [...h.bot.commands.values()].map((c) => c.data.toJSON());
  defs[0] = { ...defs[0]!, description: `${defs[0]!.description} (changed)` };
  const r = await registerCommands(h.bot.client.rest, { applicationId: h.emu.applicationId, guildId: h.emu.guild.id, defs, registryFile: dataPath(h.settings, 'discord-commands.json') });
  assert.equal(r.registered, true);
  assert.equal(puts().length, 2);
  const original = commandDefinitions(h.bot.commands, h.settings);
  await registerCommands(h.bot.client.rest, { applicationId: h.emu.applicationId, guildId: h.emu.guild.id, defs: original, registryFile: dataPath(h.settings, 'discord-commands.json') });
});

test('the question and topic options are as long as MAX_QUESTION_CHARS allows (at most Discord\'s 6000), so Discord stops a longer one as it is typed', async () => {
  const lengths = (emu: BotHarness['emu']) => {
    const option = (command: string, name: string) => emu.commands(emu.guild.id).find((c) => c.name === command)!.options!.find((o) => o.name === name)!.max_length;
    return [option('ask', 'question'), option('related', 'paper_or_topic')];
  };
  assert.deepEqual(lengths(h.emu), [1000, 1000]);
  for (const [setting, expected] of [['300', 300], ['9000', 6000]] as const) {
    const own = await startHarness({ env: { MAX_QUESTION_CHARS: setting } });
    try {
      assert.deepEqual(lengths(own.emu), [expected, expected], `MAX_QUESTION_CHARS=${setting}`);
    } finally {
      await own.close();
    }
  }
});

test('/ask: deferred at once, then an embed with the cited answer, linked sources, footer and buttons', async () => {
  const it = await h.emu.slashCommand('ask', { question: 'What does MentisOculi evaluate?' }, { user: h.user() });
  const cb = await it.callback();
  assert.equal(cb.body.type, 5, 'deferReply');
  assert.equal(cb.status, 204);
  const m = await it.waitForOriginal((x) => x.embeds.length > 0);
  const e = embedOf(m);
  assert.equal(e.title, 'What does MentisOculi evaluate?');
  assert.match(e.description!, /\[1\]/);
  const mentis = paper('zeller26a');
  assert.ok(field(m, 'Sources').includes(`(${mentis.url})`), 'the cited paper is linked');
  assert.ok(field(m, 'Sources').includes('MentisOculi'));
  assert.match(field(m, 'Sources'), /`zeller26a`/);
  const footer = m.embeds.at(-1)!.footer!.text;
  assert.match(footer, /^Extractive/);
  assert.match(footer, /\d+\.\d s/);
  assert.match(footer, /from abstracts only/);
  assert.match(field(m, '⚠️ Note'), /^The model server could not be reached, so this answer is quoted from the abstracts/, 'says why the answer is extractive');
  assert.deepEqual(buttonIds(m).map((id) => id.split(':').slice(0, 2).join(':')), ['ans:quotes', 'ans:rel', 'ans:up', 'ans:down']);
  assert.equal(m.content, '');
  assert.equal(m.flags & EPHEMERAL, 0);
  assertWithinLimits(m);
});

test('autocomplete suggests papers for typos and partial words on every paper option', async () => {
  const user = h.user();
  const cases: [string, Record<string, string>, string, string][] = [
    ['ask', { question: 'q', paper: 'mentis ocli' }, 'paper', 'zeller26a'],
    ['ask', { question: 'q', paper: 'Phase' }, 'paper', 'dementyev26a'],
    ['summary', { paper: 'spatail audio' }, 'paper', 'dementyev26a'],
    ['summary', { paper: 'scivideo' }, 'paper', 'deng26w'],
    ['related', { paper_or_topic: 'pixelthnk' }, 'paper_or_topic', '2505.23727'],
  ];
  for (const [cmd, options, focused, expected] of cases) {
    const it = await h.emu.autocomplete(cmd, options, focused, { user });
    assert.equal((await it.callback()).body.type, 8);
    const choices = it.choices()!;
    assert.equal(choices[0]?.value, expected, `${cmd} ${options[focused]} -> ${JSON.stringify(choices.slice(0, 3))}`);
    assert.ok(choices[0]!.name.includes(paper(expected).title.slice(0, 40)));
  }
  // Empty: the first papers; a topic is offered for /related.
  const empty = await h.emu.autocomplete('summary', { paper: '' }, 'paper', { user });
  await empty.callback();
  assert.equal(empty.choices()!.length, Math.min(25, h.service.papers.length));
  const topic = await h.emu.autocomplete('related', { paper_or_topic: 'spatial reasoning in video' }, 'paper_or_topic', { user });
  await topic.callback();
  assert.deepEqual(topic.choices()!.at(-1), { name: 'Topic: spatial reasoning in video', value: 'spatial reasoning in video' });
  // The papers matching every word typed, when some do: "video reasoning" listed five more that write "reasoning" or "video" alone, "Song Wang" three by another Wang.
  for (const [cmd, focused, typed, expected] of [
    ['summary', 'paper', 'video reasoning', ['deng26w']],
    ['related', 'paper_or_topic', 'video reasoning', ['deng26w', 'video reasoning']],
    ['ask', 'paper', 'Song Wang', ['2505.23727']],
  ] as const) {
    const it = await h.emu.autocomplete(cmd, cmd === 'ask' ? { question: 'q', paper: typed } : { [focused]: typed }, focused, { user });
    await it.callback();
    assert.deepEqual(it.choices()!.map((c) => c.value), expected, `${cmd} ${typed}`);
  }
});

test('/ask with a paper limits the sources to that paper', async () => {
  const it = await h.emu.slashCommand('ask', { question: 'What results does it report?', paper: 'Phase' }, { user: h.user() });
  const m = await it.waitForOriginal((x) => x.embeds.length > 0);
  const ids = [...field(m, 'Sources').matchAll(/`([^`]+)`/g)].map((x) => x[1]);
  assert.ok(ids.length > 0);
  assert.deepEqual([...new Set(ids)], ['dementyev26a']);
});

test('/ask "Who wrote VEQ?" with the paper option set to PixelThink answers about VEQ, and notes that the question names another paper than the option', async () => {
  const it = await h.emu.slashCommand('ask', { question: 'Who wrote VEQ?', paper: 'PixelThink' }, { user: h.user() });
  const m = await it.waitForOriginal((x) => x.embeds.length > 0);
  assert.match(embedOf(m).description!, /^\*\*VEQ: .*\*\* is by Guangshuo Qin/);
  assert.deepEqual(sourceIds(m), ['2602.01037']);
  assert.match(field(m, '⚠️ Note'), /^The question names VEQ: .* \(2602\.01037\), not PixelThink: .* \(2505\.23727\) that it was limited to, so the answer is about that one\./);
});

test('/ask with the paper option set to PixelThink: "it" in a clause after the name is the named paper; in the name\'s own clause ("Does VEQ outperform it?") it is PixelThink, set against VEQ', async () => {
  const named = await h.emu.slashCommand('ask', { question: 'Who wrote VEQ and what does it do?', paper: 'PixelThink' }, { user: h.user() });
  const n = await named.waitForOriginal((x) => x.embeds.length > 0);
  assert.deepEqual(sourceIds(n), ['2602.01037']);
  assert.match(field(n, '⚠️ Note'), /^The question names VEQ: /);
  const against = await h.emu.slashCommand('ask', { question: 'Does VEQ outperform it?', paper: 'PixelThink' }, { user: h.user() });
  const a = await against.waitForOriginal((x) => x.embeds.length > 0);
  assert.deepEqual(sourceIds(a).sort(), ['2505.23727', '2602.01037']);
  assert.doesNotMatch(field(a, '⚠️ Note'), /The question names VEQ/);
});

test('/ask "Where is the code?" with a paper gives that paper\'s links, as naming it in the question does', async () => {
  const it = await h.emu.slashCommand('ask', { question: 'Where is the code?', paper: 'scivideo' }, { user: h.user() });
  const m = await it.waitForOriginal((x) => x.embeds.length > 0);
  assert.match(embedOf(m).description!, /\nCode: https:\/\/github\.com\/dengandong\/SciVideoBench/);
  assert.deepEqual(sourceIds(m), ['deng26w']);
});

test('/ask "@everyone what is PixelThink?" is answered as "what is PixelThink?", shown as typed but for mention markup, pinging no one', async () => {
  const role = h.emu.createRole({ name: 'readers', mentionable: true });
  const question = `@everyone <@${h.user().id}> <@&${role.id}> what is PixelThink?`;
  const it = await h.emu.slashCommand('ask', { question }, { user: h.user() });
  const m = await it.waitForOriginal((x) => x.embeds.length > 0);
  // A title shows a mention's markup, not a name: left out.
  assert.equal(embedOf(m).title, '@everyone what is PixelThink?');
  assert.deepEqual(sourceIds(m), ['2505.23727']);
  assert.match(embedOf(m).description!, /TL;DR.*PixelThink/, 'its overview, not a refusal');
  assert.equal(m.mention_everyone, false);
  assert.deepEqual([m.mentions, m.mention_roles], [[], []]);
  // The emulator computes mentions from content only, where the question is not: what keeps it from pinging is allowed_mentions.
  assertNoPings(h.emu);
  // Mentions alone are no question.
  const empty = await h.emu.slashCommand('ask', { question: '@here <@&1>' }, { user: h.user() });
  assert.match(textOf(await empty.waitForOriginal()), /The question is empty/);
});

test('/ask "what is it about?" with a paper, or with the paper\'s id in the question, answers with that paper\'s overview', async () => {
  const asks: Record<string, string>[] = [{ question: 'What is it about?', paper: 'PixelThink' }, { question: 'What is 2505.23727 about?' }];
  for (const options of asks) {
    const it = await h.emu.slashCommand('ask', options, { user: h.user() });
    const m = await it.waitForOriginal((x) => x.embeds.length > 0);
    assert.match(embedOf(m).description!, /TL;DR.*PixelThink/, JSON.stringify(options));
    assert.deepEqual(sourceIds(m), ['2505.23727']);
  }
});

test('/ask "compare PixelThink and VLA-ATTC" cites each of the two papers, and only them', async () => {
  const it = await h.emu.slashCommand('ask', { question: 'Compare PixelThink and VLA-ATTC' }, { user: h.user() });
  const m = await it.waitForOriginal((x) => x.embeds.length > 0);
  assert.deepEqual(sourceIds(m), ['2505.23727', '2605.01194']);
  assert.match(embedOf(m).description!, /PixelThink.*\[1\].*VLA-ATTC.*\[2\]/s);
});

test('/ask "what results does MentisOculi report?" answers with the Results part of its summary', async () => {
  const it = await h.emu.slashCommand('ask', { question: 'What results does MentisOculi report?' }, { user: h.user() });
  const m = await it.waitForOriginal((x) => x.embeds.length > 0);
  assert.match(embedOf(m).description!, /^\*\*Results:\*\* .+\[1\]/);
  assert.deepEqual(sourceIds(m), ['zeller26a']);
});

test('/ask "papers like PixelThink?" lists the related papers, each cited, and not PixelThink', async () => {
  const it = await h.emu.slashCommand('ask', { question: 'Papers like PixelThink?' }, { user: h.user() });
  const m = await it.waitForOriginal((x) => x.embeds.length > 0);
  const related = await h.service.related('2505.23727', { useModel: false });
  assert.deepEqual(sourceIds(m), related.related.map((r) => r.paperId));
  assert.match(embedOf(m).description!, /^Papers related to \*\*PixelThink: /);
  for (const [i, r] of related.related.entries()) assert.ok(embedOf(m).description!.includes(`[${i + 1}]`), r.paperId);
});

test('/ask "how many papers are indexed?" says how many, and where to list them', async () => {
  const it = await h.emu.slashCommand('ask', { question: 'How many papers are indexed?' }, { user: h.user() });
  const m = await it.waitForOriginal((x) => x.embeds.length > 0);
  assert.match(embedOf(m).description!, new RegExp(`^${h.service.info().papers} papers are indexed: ICML 2026 \\(${h.service.info().papers}\\)\\. /papers lists them`));
});

test('/ask "how many papers are about video?" counts the papers that write it and lists them, each cited', async () => {
  const it = await h.emu.slashCommand('ask', { question: 'How many papers are about video?' }, { user: h.user() });
  const m = await it.waitForOriginal((x) => x.embeds.length > 0);
  const writing = h.service.papers.filter((p) => /\bvideos?\b/i.test(`${p.title} ${p.abstract}`));
  assert.ok(writing.length > 1);
  assert.match(embedOf(m).description!, new RegExp(`^${writing.length} of the ${h.service.info().papers} indexed papers mention video:`));
  assert.deepEqual(sourceIds(m).sort(), writing.map((p) => p.id).sort());
});

test('/summary: the paper as a linked title, the summary, its source, and length short/long', async () => {
  const user = h.user();
  const short = await h.emu.slashCommand('summary', { paper: 'mentis', length: 'short' }, { user });
  const s = await short.waitForOriginal((x) => x.embeds.length > 0);
  assert.equal(embedOf(s).title, 'MentisOculi: Revealing the Limits of Reasoning with Mental Imagery');
  assert.equal(embedOf(s).url, paper('zeller26a').url);
  assert.match(embedOf(s).description!, /TL;DR/);
  assert.match(embedOf(s).description!, /^_Jana Ricarda Zeller et al\. \(ICML 2026\)_\n\n/, 'the byline, above the summary');
  assert.match(field(s, 'Source'), /`zeller26a`/);
  const long = await h.emu.slashCommand('summary', { paper: 'zeller26a', length: 'long' }, { user });
  const l = await long.waitForOriginal((x) => x.embeds.length > 0);
  assert.ok(embedOf(l).description!.length > embedOf(s).description!.length);
  assert.ok(buttonIds(l).includes('ans:rel:zeller26a'));
});

test('/related: ranked papers with a reason each, never the paper itself, count respected', async () => {
  // PixelThink, not PhaseCoder: no other of the 19 papers is about audio, and a paper sharing nothing telling is left out.
  const it = await h.emu.slashCommand('related', { paper_or_topic: '2505.23727', count: 3 }, { user: h.user() });
  const m = await it.waitForOriginal((x) => x.embeds.length > 0);
  const e = embedOf(m);
  assert.match(e.title!, /^Related to PixelThink/);
  const items = e.description!.split('\n\n');
  assert.equal(items.length, 3);
  for (const item of items) {
    assert.match(item, /^\*\*\d\.\*\* \[.+\]\(https?:\/\/.+\) · `[^`]+`\n.+/);
    assert.doesNotMatch(item, /`2505\.23727`/);
  }
  // Free text is a topic.
  const topic = await h.emu.slashCommand('related', { paper_or_topic: 'video benchmarks for scientific reasoning' }, { user: h.user() });
  const t = await topic.waitForOriginal((x) => x.embeds.length > 0);
  assert.match(embedOf(t).title!, /^Papers on "video benchmarks/);
  // A phrase the paper writes is named whole, and fewer papers than asked for say why.
  const kv = await h.emu.slashCommand('related', { paper_or_topic: 'KV cache', count: 10 }, { user: h.user() });
  const k = await kv.waitForOriginal((x) => x.embeds.length > 0);
  assert.match(embedOf(k).description!, /`2606\.03075`\nIts abstract uses your query's term "KV cache"\./);
  assert.match(field(k, '⚠️ Note'), /^Listed 1 of the 10 papers asked for: no other paper is close enough to this topic\./);
  assertNoPings(h.emu);
});

test('/papers: pages of ten with ◀ ▶ buttons that turn the page in place; search narrows it', async () => {
  const user = h.user();
  const it = await h.emu.slashCommand('papers', {}, { user });
  const first = await it.waitForOriginal();
  const total = h.service.papers.length;
  assert.match(embedOf(first).footer!.text, new RegExp(`Page 1 of ${Math.ceil(total / 10)} · ${total} papers`));
  assert.equal(embedOf(first).description!.split('\n').length, 10);
  const [prev, next] = first.components[0]!.components!;
  assert.equal(prev!.disabled, true);
  const click = await h.emu.clickButton(first, next!.custom_id!, { user });
  assert.equal((await click.callback()).body.type, 7, 'update in place');
  const second = await h.emu.waitForMessage((m) => m.id === first.id && /Page 2/.test(m.embeds[0]?.footer?.text ?? ''));
  assert.ok(embedOf(second).description!.includes(h.service.papers[10]!.id));
  assert.equal(second.components[0]!.components![1]!.disabled, true);

  const search = await h.emu.slashCommand('papers', { search: 'audio' }, { user });
  const found = await search.waitForOriginal();
  assert.match(embedOf(found).title!, /matching "audio"/);
  assert.ok(embedOf(found).description!.includes('dementyev26a'));
  const none = await h.emu.slashCommand('papers', { search: 'zzqqxx' }, { user });
  assert.match(embedOf(await none.waitForOriginal()).description!, /No paper matches/);
});

test('/papers paged by someone else: their own page, shown only to them, which they may page in turn; the asker\'s list stays where it is', async () => {
  const asker = h.user();
  const it = await h.emu.slashCommand('papers', {}, { user: asker });
  const list = await it.waitForOriginal();
  const next = buttonIds(list).find((id) => id.startsWith('papers:pg:1:'))!;
  const other = h.user();
  const click = await h.emu.clickButton(list, next, { user: other });
  assert.equal((await click.callback()).body.type, 4, 'a reply of its own, not an update of the asker\'s list');
  const own = await click.waitForOriginal();
  assert.equal(own.flags & EPHEMERAL, EPHEMERAL);
  assert.match(embedOf(own).footer!.text, /^Page 2 of/);
  assert.match(embedOf(h.emu.message(list.id)!).footer!.text, /^Page 1 of/, 'the asker still reads page 1');
  const back = await h.emu.clickButton(own, buttonIds(own).find((id) => id.startsWith('papers:pg:0:'))!, { user: other });
  assert.equal((await back.callback()).body.type, 7, 'their own list turns in place');
  await h.emu.waitForMessage((m) => m.id === own.id && /^Page 1 of/.test(m.embeds[0]?.footer?.text ?? ''));
});

test('/papers with many pages: ⏮ ⏭ go to the first and the last page', async () => {
  const corpusDir = await tempDir();
  const extra = path.join(corpusDir, 'extra.jsonl');
  const records = Array.from({ length: 25 }, (_, i) => ({ id: `extra${i}`, title: `Extra Paper Number ${i}`, abstract: `Extra paper ${i} studies widgets of kind ${i}. It reports results on them.`, url: `https://example.org/${i}`, authors: ['A. Person'], year: 2026 }));
  await writeFile(extra, records.map((r) => JSON.stringify(r)).join('\n') + '\n');
  const own = await startHarness({ env: { CORPUS: `icml2026,${extra}` } });
  try {
    const user = own.user();
    const total = own.service.papers.length;
    const pages = Math.ceil(total / 10);
    assert.ok(pages > 2, `${pages} pages`);
    const it = await own.emu.slashCommand('papers', {}, { user });
    const first = await it.waitForOriginal();
    const buttons = first.components[0]!.components!;
    assert.deepEqual(buttons.map((b) => b.label), ['First', 'Previous', 'Next', 'Last']);
    assert.deepEqual(buttons.map((b) => !!b.disabled), [true, true, false, false]);
    const toLast = await own.emu.clickButton(first, buttons[3]!.custom_id!, { user });
    assert.equal((await toLast.callback()).body.type, 7);
    const last = await own.emu.waitForMessage((m) => m.id === first.id && new RegExp(`^Page ${pages} of ${pages}`).test(m.embeds[0]?.footer?.text ?? ''));
    assert.ok(embedOf(last).description!.includes(own.service.papers[total - 1]!.id));
    assert.deepEqual(last.components[0]!.components!.map((b) => !!b.disabled), [false, false, true, true]);
    const back = await own.emu.clickButton(last, buttons[0]!.custom_id!, { user });
    await back.callback();
    const one = await own.emu.waitForMessage((m) => m.id === first.id && /^Page 1 of/.test(m.embeds[0]?.footer?.text ?? ''));
    const editsOnPageOne = one.history.length;
    // On the second page ⏮ and ◀ both lead to the first: through buttons of different ids, as Discord requires.
    const forward = await own.emu.clickButton(one, buttons[2]!.custom_id!, { user });
    await forward.callback();
    const two = await own.emu.waitForMessage((m) => m.id === first.id && /^Page 2 of/.test(m.embeds[0]?.footer?.text ?? ''));
    const [toFirst, previous] = buttonIds(two);
    assert.notEqual(toFirst, previous);
    await (await own.emu.clickButton(two, toFirst!, { user })).callback();
    await own.emu.waitForMessage((m) => m.id === first.id && /^Page 1 of/.test(m.embeds[0]?.footer?.text ?? '') && m.history.length > editsOnPageOne + 1);
  } finally {
    await own.close();
  }
});

test('/help is ephemeral and lists the commands; /reindex only for those who may use it', async () => {
  const it = await h.emu.slashCommand('help', {}, { user: h.user() });
  const m = await it.waitForOriginal();
  assert.equal(m.flags & EPHEMERAL, EPHEMERAL);
  for (const c of ['/ask', '/summary', '/related', '/papers', '/status', '/help']) assert.ok(embedOf(m).description!.includes(`**${c}**`), c);
  assert.doesNotMatch(embedOf(m).description!, /\/reindex/);
  assert.match(embedOf(m).description!, /abstracts, and from the full text of papers added with their PDF/);
  const admin = await h.emu.slashCommand('help', {}, { user: h.user(), memberPermissions: Perm.ManageGuild | Perm.ViewChannel });
  assert.match(embedOf(await admin.waitForOriginal()).description!, /\/reindex/);
});

test('one rule says who is a server admin, for /help, /reindex and /status alike: Administrator counts as Manage Server, other moderators\' permissions do not', async () => {
  const host = h.settings.ollamaHost.replace(/^https?:\/\//, '');
  const moderator = Perm.ViewChannel | Perm.ManageChannels | Perm.ManageMessages | Perm.KickMembers | Perm.BanMembers;
  const administrator = Perm.ViewChannel | Perm.Administrator;
  const helpFor = async (memberPermissions: bigint) => embedOf(await (await h.emu.slashCommand('help', {}, { user: h.user(), memberPermissions })).waitForOriginal()).description!;
  const statusFor = async (memberPermissions: bigint) => field(await (await h.emu.slashCommand('status', {}, { user: h.user(), memberPermissions })).waitForOriginal((x) => x.embeds.length > 0), 'Ollama');

  assert.doesNotMatch(await helpFor(moderator), /\/reindex/);
  assert.ok(!(await statusFor(moderator)).includes(host), 'a moderator gets the members\' /status');
  const refused = await (await h.emu.slashCommand('reindex', {}, { user: h.user(), memberPermissions: moderator })).waitForOriginal();
  assert.match(textOf(refused), /Only members with the Manage Server permission can rebuild the index/);
  assert.equal(h.service.isReindexing, false);

  assert.match(await helpFor(administrator), /\/reindex/);
  assert.ok((await statusFor(administrator)).includes(host), 'an Administrator gets the operator\'s /status');
});

test('buttons: quoted passages (ephemeral), related papers (ephemeral), 👍/👎 stored and counted in /status', async () => {
  const asker = h.user();
  const question = 'How does PhaseCoder localize sound?';
  const it = await h.emu.slashCommand('ask', { question }, { user: asker });
  const m = await it.waitForOriginal((x) => x.embeds.length > 0);
  const expected = await h.service.ask(question);
  const ids = buttonIds(m);

  const quotes = await h.emu.clickButton(m, ids.find((i) => i.startsWith('ans:quotes:'))!, { user: h.user() });
  const q = await quotes.waitForOriginal();
  assert.equal(q.flags & EPHEMERAL, EPHEMERAL);
  assert.ok(expected.citations.length > 0);
  for (const c of expected.citations) {
    const quote = c.quote ?? expected.sources.find((s) => s.n === c.n)!.text;
    assert.ok(textOf(q).replace(/\\/g, '').includes(quote.slice(0, 60)), `quote of [${c.n}] shown`);
  }

  const rel = await h.emu.clickButton(m, ids.find((i) => i.startsWith('ans:rel:'))!, { user: h.user() });
  assert.equal((await rel.callback()).body.type, 5);
  const r = await rel.waitForOriginal((x) => x.embeds.length > 0);
  assert.equal(r.flags & EPHEMERAL, EPHEMERAL);
  const cited = ids.find((i) => i.startsWith('ans:rel:'))!.split(':')[2]!;
  assert.match(embedOf(r).title!, /^Related to /);
  assert.doesNotMatch(embedOf(r).description!, new RegExp(`\`${cited.replace('.', '\\.')}\``));

  const before = h.bot.ctx.feedback.counts();
  const voter = h.user();
  for (const [who, id] of [[voter, 'ans:up:'], [h.user(), 'ans:down:'], [voter, 'ans:up:']] as const) {
    const click = await h.emu.clickButton(m, ids.find((i) => i.startsWith(id))!, { user: who });
    const thanks = await click.waitForOriginal();
    assert.equal(thanks.flags & EPHEMERAL, EPHEMERAL);
    assert.match(textOf(thanks), /Thanks/);
  }
  assert.deepEqual(h.bot.ctx.feedback.counts(), { up: before.up + 1, down: before.down + 1 }, 'one vote per person and answer');
  const lines = (await readFile(dataPath(h.settings, 'feedback.jsonl'), 'utf8')).trim().split('\n').map((l) => JSON.parse(l));
  const mine = lines.filter((l) => l.message === m.id);
  assert.equal(mine.length, 3);
  assert.deepEqual(mine.map((l) => l.vote), ['up', 'down', 'up']);
  assert.equal(mine[0].question, question);
  assert.equal(mine[0].user, voter.id);

  const status = await h.emu.slashCommand('status', {}, { user: h.user() });
  const st = await status.waitForOriginal((x) => x.embeds.length > 0);
  assert.equal(field(st, 'Feedback'), `👍 ${before.up + 1} · 👎 ${before.down + 1}`);
});

test('"Quoted passages" of an answer that quotes a few sentences of an abstract shows those sentences, each on its line, not the whole abstract (QA1 #25)', async () => {
  for (const [question, id, quoted] of [
    // Three parts of its summary, the first a TL;DR cut short.
    ['What is SciVideoBench?', 'deng26w', [/we introduce SciVideoBench, a rigorous benchmark/, /^> SciVideoBench consists of 1,000 carefully crafted/m, /^> Our evaluation highlights significant performance deficits/m]],
    ['What are the results of TGV-KV?', '2606.03075', [/^> We evaluate TGV-KV across five models/m]],
  ] as const) {
    const it = await h.emu.slashCommand('ask', { question }, { user: h.user() });
    const m = await it.waitForOriginal((x) => x.embeds.length > 0);
    const click = await h.emu.clickButton(m, buttonIds(m).find((i) => i.startsWith('ans:quotes:'))!, { user: h.user() });
    const shown = textOf(await click.waitForOriginal()).replace(/\\/g, '');
    for (const sentence of quoted) assert.match(shown, sentence, question);
    assert.equal(shown.split('\n').filter((line) => line.startsWith('> ')).length, quoted.length, `${question}: ${shown}`);
    // The abstract's first sentence, which the answer does not quote, is not shown.
    const first = paper(id).abstract.split(/(?<=\.)\s/)[0]!;
    assert.ok(!quoted.some((q) => q.test(`> ${first}`)) && !shown.includes(first.slice(0, 50)), `${question}: ${first}`);
  }
});

test('small talk gets its reply alone; a refusal, no "Quoted passages" but 👍/👎; a byline\'s footer says it comes from the metadata, not the abstracts', async () => {
  const user = h.user();
  const thanks = await h.emu.slashCommand('ask', { question: 'thanks!' }, { user });
  const glad = await thanks.waitForOriginal((x) => x.embeds.length > 0);
  assert.ok(embedOf(glad).description);
  assert.deepEqual(glad.components, [], 'nothing to quote or vote on');
  assert.equal(glad.embeds.at(-1)!.footer, undefined);

  const vague = await h.emu.slashCommand('ask', { question: 'who wrote it?' }, { user });
  const refusal = await vague.waitForOriginal((x) => x.embeds.length > 0);
  assert.match(embedOf(refusal).description!, /^Which paper\?/);
  assert.deepEqual(buttonIds(refusal).map((id) => id.split(':').slice(0, 2).join(':')), ['ans:up', 'ans:down']);
  assert.match(refusal.embeds.at(-1)!.footer!.text, /^Extractive · \d+\.\d s · from abstracts only$/);

  const byline = await h.emu.slashCommand('ask', { question: 'who wrote PixelThink?' }, { user });
  const by = await byline.waitForOriginal((x) => x.embeds.length > 0);
  assert.match(by.embeds.at(-1)!.footer!.text, /^Extractive \(from the papers' metadata\) · \d+\.\d s$/);
  assert.ok(buttonIds(by).some((id) => id.startsWith('ans:quotes:')));
});

test('"Quoted passages" of an answer the bot no longer keeps says why in words true after a restart and after newer answers alike', async () => {
  const kept = h.bot.ctx.answers;
  h.bot.ctx.answers = new AnswerMemory(1);
  try {
    const first = await h.emu.slashCommand('ask', { question: 'What does MentisOculi evaluate?' }, { user: h.user() });
    const old = await first.waitForOriginal((x) => x.embeds.length > 0);
    const newer = await h.emu.slashCommand('ask', { question: 'How does PhaseCoder localize sound?' }, { user: h.user() });
    await newer.waitForOriginal((x) => x.embeds.length > 0);
    const click = await h.emu.clickButton(old, buttonIds(old).find((id) => id.startsWith('ans:quotes:'))!, { user: h.user() });
    const said = await click.waitForOriginal();
    assert.equal(said.flags & EPHEMERAL, EPHEMERAL);
    assert.match(textOf(said), /^I no longer have the passages of this answer: I keep them for recent answers only, and not across restarts\. Ask again/);
  } finally {
    h.bot.ctx.answers = kept;
  }
});

test('/status: corpus size, embedder, chat model, whether Ollama answers, queue, uptime, latencies, the index and when it was built', async () => {
  const it = await h.emu.slashCommand('status', {}, { user: h.user() });
  assert.equal((await it.callback()).body.type, 5);
  const m = await it.waitForOriginal((x) => x.embeds.length > 0);
  const info = h.service.info();
  assert.equal(field(m, 'Corpus'), `${info.papers} papers, ${info.chunks} chunks`);
  assert.equal(field(m, 'Embedder'), info.embedder.replace(/[-_]/g, (c) => (c === '_' ? '\\_' : c)));
  assert.equal(field(m, 'Chat model'), h.settings.chatModel);
  assert.match(field(m, 'Ollama'), /^❌ not used\b[\s\S]*answers are extractive/);
  assert.match(field(m, 'Queue'), /^0 waiting, 0 being written$/);
  assert.match(field(m, 'Uptime'), /\d+ (s|min)/);
  assert.match(field(m, 'Latency'), /median \d+ ms, p95 \d+ ms \(last \d+\)/);
  // A Discord timestamp, so each reader sees the time in their own time zone.
  const built = Math.floor(Date.parse(info.builtAt) / 1000);
  assert.equal(field(m, 'Index'), `${info.buildId}, built <t:${built}:f> (<t:${built}:R>)`);
  assert.doesNotMatch(field(m, 'Feedback'), /could not be read/);
});

test('without a model, members are told that none is available and who can set one up, never where Ollama runs or what to run; /status tells that to admins only, and only to the asker', async () => {
  const host = h.settings.ollamaHost.replace(/^https?:\/\//, '');
  const operatorAdvice = new RegExp(`${host.replace(/\./g, '\\.')}|ollama serve|OLLAMA_HOST`);
  const replies: [string, Record<string, string>, RegExp][] = [
    ['ask', { question: 'How does PhaseCoder localize sound?' }, /this answer is quoted from the abstracts/],
    ['summary', { paper: 'PhaseCoder' }, /this summary is built from the abstract's own sentences/],
    ['related', { paper_or_topic: 'PixelThink' }, /the reasons shown are the key terms the abstracts share/],
  ];
  for (const [cmd, options, means] of replies) {
    const it = await h.emu.slashCommand(cmd, options, { user: h.user() });
    const m = await it.waitForOriginal((x) => x.embeds.length > 0);
    assert.match(field(m, '⚠️ Note'), /^The model server could not be reached/, cmd);
    assert.match(field(m, '⚠️ Note'), means, cmd);
    assert.match(field(m, '⚠️ Note'), /A server admin can see why in \/status/, cmd);
    // Nor in any edit before the reply.
    for (const version of h.emu.message(m.id)!.history) assert.doesNotMatch(JSON.stringify(version), operatorAdvice, `${cmd}: ${JSON.stringify(version)}`);
  }

  const member = await h.emu.slashCommand('status', {}, { user: h.user() });
  const seen = await member.waitForOriginal((x) => x.embeds.length > 0);
  assert.equal(seen.flags & EPHEMERAL, EPHEMERAL);
  assert.match(field(seen, 'Ollama'), /^❌ not used: answers are extractive\nNo model is available right now\. A server admin sees why here/);
  assert.doesNotMatch(textOf(seen), operatorAdvice);
  const admin = await h.emu.slashCommand('status', {}, { user: h.user(), memberPermissions: Perm.ManageGuild | Perm.ViewChannel });
  const told = await admin.waitForOriginal((x) => x.embeds.length > 0);
  assert.equal(told.flags & EPHEMERAL, EPHEMERAL);
  assert.ok(field(told, 'Ollama').includes(host), field(told, 'Ollama'));
  assert.match(field(told, 'Ollama'), /ollama serve/);
});

test('where the bot lacks Embed Links, slash commands still answer with embeds (Discord lets interactions embed), and /status tells an admin that mentions there get text', async () => {
  const created = new Promise((resolve) => h.bot.client.once(Events.ChannelCreate, resolve));
  const noEmbeds = h.emu.createChannel({ name: 'no-embeds', permissionOverwrites: [{ id: h.emu.botUser.id, type: 1, allow: '0', deny: String(Perm.EmbedLinks) }] }).id;
  await created;
  const ask = await h.emu.slashCommand('ask', { question: 'What does MentisOculi evaluate?' }, { user: h.user(), channelId: noEmbeds });
  const answer = await ask.waitForOriginal((x) => x.embeds.length > 0 && !!x.embeds[0]!.title);
  assert.equal(embedOf(answer).title, 'What does MentisOculi evaluate?');
  assert.ok(buttonIds(answer).some((id) => id.startsWith('ans:quotes:')));
  const papers = await h.emu.slashCommand('papers', {}, { user: h.user(), channelId: noEmbeds });
  assert.equal(embedOf(await papers.waitForOriginal((x) => x.embeds.length > 0)).title, 'Papers');

  const ADMIN = Perm.ManageGuild | Perm.ViewChannel;
  const statusIn = async (channelId: string, memberPermissions?: bigint) => {
    const it = await h.emu.slashCommand('status', {}, { user: h.user(), channelId, ...(memberPermissions ? { memberPermissions } : {}) });
    return it.waitForOriginal((x) => x.embeds.length > 0);
  };
  assert.match(field(await statusIn(noEmbeds, ADMIN), 'This channel'), /^I lack Embed Links here, so what I post here myself \(answers to mentions, errors\) is plain text\./);
  assert.equal(field(await statusIn(noEmbeds), 'This channel'), '', 'members are not told');
  assert.equal(field(await statusIn(h.emu.channel.id, ADMIN), 'This channel'), '', 'nor anyone where the bot may embed');
});

test('/status says when lines of the feedback file could not be read, as their votes are not counted', async () => {
  const dataDir = await tempDir();
  const votes = [
    { at: '2026-01-01T00:00:00.000Z', vote: 'up', user: 'u1', message: 'm1' },
    { at: '2026-01-01T00:00:00.000Z', vote: 'sideways', user: 'u2', message: 'm1' },
  ];
  await writeFile(path.join(dataDir, 'feedback.jsonl'), [...votes.map((v) => JSON.stringify(v)), '{"vote": "down", "us', ''].join('\n'));
  const own = await startHarness({ env: { DATA_DIR: dataDir } });
  try {
    assert.ok(own.log.lines.some((l) => l.level === 'warn' && /feedback file could not be read/.test(l.msg) && l.fields.lines === 2), own.log.text());
    const it = await own.emu.slashCommand('status', {}, { user: own.user() });
    const m = await it.waitForOriginal((x) => x.embeds.length > 0);
    assert.equal(field(m, 'Feedback'), '👍 1 · 👎 0\n⚠️ 2 lines of the feedback file could not be read; their votes are not counted.');
  } finally {
    await own.close();
  }
});

test('/ask keeps the Markdown escapes that the plain command line drops: S_N shows as written, not in italics', async () => {
  const own = await startHarness({ env: { CORPUS: 'pmlr-v306' } });
  try {
    const it = await own.emu.slashCommand('ask', { question: 'What set does neural graph dispersion construct?' }, { user: own.user() });
    const m = await it.waitForOriginal((x) => x.embeds.length > 0);
    assert.match(sourceIds(m).join(' '), /hosseini26b/);
    assert.match(embedOf(m).description!, /graphs S\\_N, metric d/);
  } finally {
    await own.close();
  }
});

test('a paper whose corpus url is not an http(s) link: /summary and /related still answer, with no embed link, and loading warns naming its record', async () => {
  const dir = await tempDir();
  const odd = { id: 'odd1', title: 'Oddly Linked Retrieval: Robust Indexing of Malformed Metadata', abstract: 'We study retrieval over corpora whose metadata is malformed, and show that robust indexing keeps answers correct across many benchmarks.', url: 'not a url' };
  await writeFile(path.join(dir, 'odd.json'), JSON.stringify([odd]));
  const own = await startHarness({ env: { CORPUS: `icml2026,${path.join(dir, 'odd.json')}` } });
  try {
    assert.ok(own.log.lines.some((l) => l.level === 'warn' && /odd\.json/.test(JSON.stringify(l)) && /not an http\(s\) link/.test(JSON.stringify(l))), own.log.text());
    const summary = await own.emu.slashCommand('summary', { paper: 'odd1' }, { user: own.user() });
    const s = await summary.waitForOriginal((x) => x.embeds.length > 0);
    assert.equal(embedOf(s).title, odd.title);
    assert.equal(embedOf(s).url, undefined);
    assert.match(embedOf(s).description!, /TL;DR/);
    const related = await own.emu.slashCommand('related', { paper_or_topic: 'odd1' }, { user: own.user() });
    const r = await related.waitForOriginal((x) => x.embeds.length > 0);
    assert.equal(embedOf(r).title, `Related to ${odd.title}`);
    assert.equal(embedOf(r).url, undefined);
  } finally {
    await own.close();
  }
});

test('error replies say what happened and what to do, only to the asker, before anything is deferred', async () => {
  const cases: [string, Record<string, string>, RegExp][] = [
    ['summary', { paper: 'qqzz wwxx nothing' }, /No paper matches "qqzz wwxx nothing"/],
    ['ask', { question: 'What is it?', paper: 'qqzz wwxx' }, /No paper matches/],
    ['ask', { question: '   ' }, /The question is empty/],
    ['ask', { question: 'why '.repeat(300) }, /the limit is 1000/],
    ['related', { paper_or_topic: ' ' }, /Name a paper or describe a topic/],
    ['related', { paper_or_topic: 'it' }, /Which paper\? "it" names none/],
  ];
  for (const [cmd, options, expected] of cases) {
    const it = await h.emu.slashCommand(cmd, options, { user: h.user() });
    const cb = await it.callback();
    assert.equal(cb.body.type, 4, `${cmd}: an immediate reply`);
    const m = await it.waitForOriginal();
    assert.equal(m.flags & EPHEMERAL, EPHEMERAL, `${cmd}: ephemeral`);
    assert.match(textOf(m), expected);
    assert.ok(embedOf(m).description!.split('\n').length >= 2, 'a hint follows the message');
  }
});

test('/reindex: refused without Manage Server; with it, rebuilds while answering and switches', async () => {
  const refused = await h.emu.slashCommand('reindex', {}, { user: h.user() });
  const r = await refused.waitForOriginal();
  assert.equal(r.flags & EPHEMERAL, EPHEMERAL);
  assert.match(textOf(r), /Manage Server/);
  assert.equal(h.service.isReindexing, false);

  const before = h.service.info().buildId;
  const admin = h.user();
  const it = await h.emu.slashCommand('reindex', {}, { user: admin, memberPermissions: Perm.ManageGuild | Perm.ViewChannel });
  assert.equal((await it.callback()).body.type, 5);
  // Answers keep coming while the index is rebuilt.
  const during = await h.emu.slashCommand('ask', { question: 'What does SciVideoBench consist of?' }, { user: h.user() });
  const m = await it.waitForOriginal((x) => x.embeds.length > 0, 15000);
  assert.match(embedOf(m).title!, /Index rebuilt/);
  const after = h.service.info().buildId;
  assert.notEqual(after, before);
  assert.ok(embedOf(m).description!.includes(after));
  assert.match(embedOf(await during.waitForOriginal((x) => x.embeds.length > 0)).description!, /\[1\]/);
});

test('a 429 from REST delays the reply, it is not lost', async () => {
  h.emu.rateLimitNext(1, { retryAfterSeconds: 0.3, routeMatch: /^PATCH \/webhooks\// });
  const it = await h.emu.slashCommand('ask', { question: 'What does TGV-KV evict?' }, { user: h.user() });
  const m = await it.waitForOriginal((x) => x.embeds.length > 0);
  assert.match(embedOf(m).description!, /\[1\]/);
  const patches = it.requests().filter((c) => c.method === 'PATCH');
  assert.deepEqual(patches.map((c) => c.status), [429, 200]);
  assert.ok(patches[1]!.at - patches[0]!.at >= 300, 'waited for Retry-After');
});

test('a gateway reconnect (resume, then a new session) loses nothing', async () => {
  const resumed = new Promise((r) => h.bot.client.once(Events.ShardResume, r));
  h.emu.disconnectGateway();
  await resumed;
  const a = await h.emu.slashCommand('ask', { question: 'What is PixelThink?' }, { user: h.user() });
  assert.match(embedOf(await a.waitForOriginal((x) => x.embeds.length > 0)).description!, /\[1\]/);

  const mark = h.emu.mark();
  h.emu.disconnectGateway({ invalidSession: true });
  await h.emu.waitForGatewayOp(0, { since: mark, t: 'GUILD_CREATE' });
  const b = await h.emu.slashCommand('papers', { search: 'video' }, { user: h.user() });
  assert.ok((await b.waitForOriginal()).embeds.length > 0);
});

test('an exception in one handler gets an error reply and the bot keeps answering', async () => {
  const ask = h.service.ask.bind(h.service);
  h.service.ask = async () => {
    throw new TypeError('boom');
  };
  try {
    const it = await h.emu.slashCommand('ask', { question: 'What does VEQ quantize?' }, { user: h.user() });
    const m = await it.waitForOriginal((x) => x.embeds.length > 0);
    assert.match(textOf(m), /Something went wrong/);
    assert.doesNotMatch(textOf(m), /boom/, 'internals stay in the log');
    assert.ok(h.log.lines.some((l) => l.level === 'error' && /boom/.test(String(l.fields.error))));
  } finally {
    h.service.ask = ask;
  }
  const again = await h.emu.slashCommand('ask', { question: 'What does VEQ quantize?' }, { user: h.user() });
  assert.match(embedOf(await again.waitForOriginal((x) => x.embeds.length > 0)).description!, /\[1\]/);
});

test('no message the bot sent or edited in this file could ping anyone', () => {
  assertNoPings(h.emu);
  assert.deepEqual(h.emu.surprises().filter((c) => c.status !== 429), []);
  assert.ok(!h.log.text().includes(h.settings.discordToken), 'the token never reaches the log');
});
