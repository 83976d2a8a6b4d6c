/**
 * The bot while an Ollama model writes (the Ollama test server): deferred reply, throttled
 * progress edits and the final cited embed; the queue position; long answers split within
 * Discord's limits; escaping; a missing model and a timeout; and a graceful shutdown.
 */
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, readFile, writeFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { once } from 'node:events';
import { Events } from 'discord.js';
import { startHarness, assertNoPings, assertWithinLimits, textOf, buttonIds, spyHistory, type BotHarness } from './support/bot.js';
import { defaultReply, DEFAULT_MODELS, NO_ANSWER_REPLY, type ChatRequestRecord, type ChatScript } from './support/ollama-server.js';
import { Perm, type StoredMessage } from './support/discord-emulator.js';
import { citingTwoPapers, distinctRepeats } from './support/progress.js';
import { AnswerMemory } from '../src/bot/memory.js';
import { startBot } from '../src/bot/index.js';
import { dataPath } from '../src/config.js';
import type { FeedbackRecord } from '../src/feedback.js';

const EPHEMERAL = 64;
const hasEmbed = (m: StoredMessage) => m.embeds.length > 0;
/** Paragraphs of a long answer are told apart by letters: a number no source states would be an invented fact, and the answer not shown. */
const LABELS = 'ABCDEFGHIJKLMN';
const field = (m: StoredMessage, name: string) => m.embeds.flatMap((e) => e.fields ?? []).find((f) => f.name === name)?.value ?? '';
const lastUser = (req: ChatRequestRecord) => [...req.messages].reverse().find((m) => m.role === 'user')?.content ?? '';

/** Scripts the fake model per request, by a word of the question (the warm-up and others get the default). */
function scriptBy(h: BotHarness, rules: [RegExp, ChatScript][]): void {
  h.ollama!.script((req) => rules.find(([re]) => re.test(lastUser(req)))?.[1] ?? {});
}

/** The model's reasons for related papers: one numbered line per candidate naming both papers, so that each is kept. */
function relatedReasons(req: ChatRequestRecord): string {
  const prompt = lastUser(req);
  const query = /<query>\n(.+) \(paper id: /.exec(prompt)?.[1] ?? '';
  return [...prompt.matchAll(/^\[(\d+)\] (.+) \(paper id: /gm)].map(([, n, title]) => `${n}. ${title} takes up what ${query} studies.`).join('\n');
}

/** Votes 👍 on a reply and gives back what the stored vote says of the reply. */
async function voteUp(h: BotHarness, m: StoredMessage): Promise<Partial<FeedbackRecord>> {
  const click = await h.emu.clickButton(m, buttonIds(m).find((id) => id.startsWith('ans:up:'))!, { user: h.user() });
  assert.match(textOf(await click.waitForOriginal()), /Thanks/);
  const lines = (await readFile(dataPath(h.settings, 'feedback.jsonl'), 'utf8')).trim().split('\n').map((l) => JSON.parse(l) as FeedbackRecord);
  const { kind, question, mode, model, papers } = lines.filter((l) => l.message === m.id).at(-1)!;
  return { kind, question, mode, model, papers };
}

const STRANGE_TITLE = 'Zebra Widgets @everyone: *Stars*, _Underscores_ and [Brackets] (v2)';

describe('answers written by the model', () => {
  let h: BotHarness;
  let corpusDir: string;
  before(async () => {
    corpusDir = await mkdtemp(path.join(os.tmpdir(), 'papercord-corpus-'));
    const extra = path.join(corpusDir, 'extra.jsonl');
    await writeFile(extra, JSON.stringify({ id: 'zebra26', title: STRANGE_TITLE, abstract: 'Zebra widgets stack quantum stripes into a lattice. The lattice sorts widgets by stripe count with 97% accuracy.', url: 'https://example.org/zebra_(26)', authors: ['A. Person'], year: 2026 }) + '\n');
    h = await startHarness({ ollama: true, env: { CORPUS: `icml2026,${extra}`, OLLAMA_FIRST_TOKEN_TIMEOUT_MS: '700', OLLAMA_TIMEOUT_MS: '6000' } });
  });
  after(async () => {
    await h?.close();
    await rm(corpusDir, { recursive: true, force: true });
  });

  test('/ask: deferred reply at once, progress edits at least 1.5 s apart, then the cited embed with linked sources and footer', async (t) => {
    // The model writes slowly, and its text pings @everyone: the progress edits carry it as content.
    // Two sentences: the first is shown once it is complete and checked, while the second is written.
    const second = 'MentisOculi is a procedural, stratified suite of multi-step reasoning problems amenable to visual solution, tuned to challenge frontier models, and visual strategies generally fail to improve performance [1].';
    scriptBy(h, [[/MentisOculi/, { reply: (req) => `@everyone listen: ${defaultReply(req)} ${second}`, tokenDelayMs: 55 }]]);
    const ask = h.service.ask;
    let askedAt: number | undefined;
    h.service.ask = (...args) => ((askedAt ??= Date.now()), ask.apply(h.service, args));
    // Undone however the test ends: the harness is shared by the tests after it.
    t.after(() => void (h.service.ask = ask));
    const it = await h.emu.slashCommand('ask', { question: 'What does MentisOculi evaluate?' }, { user: h.user() });
    const cb = await it.callback();
    assert.equal(cb.body.type, 5);
    const m = await it.waitForOriginal((x) => hasEmbed(x), 10000);
    // At once: the deferral reached Discord before the service was asked to search.
    assert.ok(askedAt !== undefined && cb.at <= askedAt, `deferred ${cb.at - (askedAt ?? 0)} ms after the service was asked`);

    const progress = m.history.slice(1, -1);
    assert.ok(progress.length >= 1, 'at least one progress edit');
    for (const p of progress) assert.match(p.content, /Writing the answer… \d+ words so far|Found \d+ passage/);
    assert.ok(progress.some((p) => p.content.includes('@everyone listen')), 'the text as it is written');
    // Whole sentences only: the second one never shows part-written.
    for (const p of progress) assert.ok(!p.content.includes('MentisOculi is a procedural') || p.content.includes(second), p.content);
    const edits = it.edits.map((c) => c.at);
    assert.ok(edits[0]! - cb.at >= 1450, `first edit ${edits[0]! - cb.at} ms after the deferral`);
    for (let i = 1; i < edits.length - 1; i++) assert.ok(edits[i]! - edits[i - 1]! >= 1450, `progress edits ${edits[i]! - edits[i - 1]!} ms apart`);

    const e = m.embeds[0]!;
    assert.equal(m.content, '', 'the progress text is cleared');
    assert.equal(e.title, 'What does MentisOculi evaluate?');
    assert.match(e.description!, /^@everyone listen: .+\[1\]\.$/);
    const request = h.ollama!.chats.find((c) => lastUser(c).includes('What does MentisOculi evaluate?'))!;
    assert.ok(e.description!.includes(defaultReply(request).replace(/ \[1\]$/, '').slice(0, 60)), 'the model\'s own words');
    assert.match(field(m, 'Sources'), /\[MentisOculi: Revealing the Limits of Reasoning with Mental Imagery\]\(https:\/\/arxiv\.org\/abs\/2602\.02465\)/);
    assert.match(m.embeds.at(-1)!.footer!.text, /^Written by llama3\.2:3b · \d+\.\d s · from abstracts only$/);
    assert.equal(m.mention_everyone, false);
    assert.deepEqual(buttonIds(m).map((id) => id.split(':')[1]), ['quotes', 'rel', 'up', 'down']);
  });

  test('"who wrote ...?" is answered from the metadata at once, without asking the model', async () => {
    const before = h.ollama!.chats.length;
    const it = await h.emu.slashCommand('ask', { question: 'Who wrote PhaseCoder?' }, { user: h.user() });
    const m = await it.waitForOriginal((x) => hasEmbed(x), 10000);
    assert.match(m.embeds[0]!.description!, /^\*\*PhaseCoder: .*\*\* is by Artem Dementyev et al\. \(ICML 2026\)\. \[1\]$/);
    assert.equal(h.ollama!.chats.length, before, 'no chat request');
    assert.match(m.embeds.at(-1)!.footer!.text, /^Extractive/);
  });

  test('a reply "Who wrote them?" to the model\'s answer gets the bylines of the papers it cites, though it quotes neither, while the bot remembers it', async (t) => {
    scriptBy(h, [[/GRPO/, { reply: citingTwoPapers }]]);
    const asker = h.user();
    const q1 = await h.emu.postMessage({ content: 'Which papers train multimodal LLMs with GRPO?', mentionsBot: true, author: asker });
    const a1 = await h.emu.waitForMessage((m) => m.message_reference?.message_id === q1.id && hasEmbed(m), 10000);
    assert.match(a1.embeds[0]!.description!, /^Two papers train with GRPO \[1\] and \[2\]\.$/);
    assert.match(a1.embeds.at(-1)!.footer!.text, /^Written by/);
    const sources = [...field(a1, 'Sources').matchAll(/^\*\*\[(\d)\]\*\* \[(.+)\]\(.*\) · `(\S+)`$/gm)].map(([, n, title]) => ({ n, title: title! }));
    assert.deepEqual(sources.map((s) => s.n), ['1', '2']);
    const q2 = await h.emu.postMessage({ content: 'Who wrote them?', replyTo: a1, author: asker });
    const a2 = await h.emu.waitForMessage((m) => m.message_reference?.message_id === q2.id && hasEmbed(m), 10000);
    const bylines = a2.embeds[0]!.description!.split('\n');
    assert.equal(bylines.length, 2, a2.embeds[0]!.description);
    for (const [i, s] of sources.entries()) assert.ok(bylines[i]!.startsWith(`**${s.title}** is by `) && bylines[i]!.endsWith(`(ICML 2026). [${i + 1}]`), bylines[i]);
    // A restarted bot remembers no reply: the answer's text is all there is, and it names no paper.
    const remembered = h.bot.ctx.answers;
    h.bot.ctx.answers = new AnswerMemory();
    t.after(() => void (h.bot.ctx.answers = remembered));
    const q3 = await h.emu.postMessage({ content: 'Who wrote them?', replyTo: a1, author: asker });
    const a3 = await h.emu.waitForMessage((m) => m.message_reference?.message_id === q3.id && hasEmbed(m), 10000);
    assert.notEqual(a3.embeds[0]!.description, a2.embeds[0]!.description);
  });

  test('/ask naming a paper in words its abstract does not use: the model reads that abstract and answers, cited', async () => {
    const before = h.ollama!.chats.length;
    const it = await h.emu.slashCommand('ask', { question: 'How does VLA-ATTC decide how much to think?' }, { user: h.user() });
    const m = await it.waitForOriginal((x) => hasEmbed(x), 10000);
    const sent = h.ollama!.chats.slice(before).map(lastUser).find((u) => u.includes('decide how much to think'));
    assert.ok(sent?.includes('lacks deliberation'), 'the prompt holds VLA-ATTC\'s abstract');
    assert.match(m.embeds[0]!.description!, /\[1\]/);
    assert.doesNotMatch(m.embeds[0]!.description!, /None of the indexed papers/);
    assert.match(field(m, 'Sources'), /VLA-ATTC/);
    assert.doesNotMatch(m.embeds.at(-1)!.footer!.text, /^Extractive/);
  });

  test('/ask "What is TGV-KV?" that the model says its abstract does not answer: the overview quoted, with why', async () => {
    scriptBy(h, [[/What is TGV-KV\?/, { reply: NO_ANSWER_REPLY }]]);
    const before = h.ollama!.chats.length;
    const it = await h.emu.slashCommand('ask', { question: 'What is TGV-KV?' }, { user: h.user() });
    const m = await it.waitForOriginal((x) => hasEmbed(x), 10000);
    assert.ok(h.ollama!.chats.slice(before).some((c) => lastUser(c).includes('What is TGV-KV?')), 'the model was asked');
    assert.match(m.embeds[0]!.description!, /^\*\*TL;DR:\*\* .+TGV-KV.+ \[1\]\n\*\*Results:\*\* .+ \[1\]$/);
    assert.equal(field(m, '⚠️ Note'), 'llama3.2:3b said the abstract does not answer this, so this answer is quoted from it instead.');
    assert.match(field(m, 'Sources'), /TGV-KV/);
    assert.match(m.embeds.at(-1)!.footer!.text, /^Extractive/);
  });

  test('/ask "What does the MentisOculi suite evaluate?" that the model says the passages do not answer: the sentences found, quoted, with its verdict', async () => {
    scriptBy(h, [[/What does the MentisOculi suite evaluate\?/, { reply: NO_ANSWER_REPLY }]]);
    const before = h.ollama!.chats.length;
    const it = await h.emu.slashCommand('ask', { question: 'What does the MentisOculi suite evaluate?' }, { user: h.user() });
    const m = await it.waitForOriginal((x) => hasEmbed(x), 10000);
    assert.ok(h.ollama!.chats.slice(before).some((c) => lastUser(c).includes('What does the MentisOculi suite evaluate?')), 'the model was asked');
    assert.match(m.embeds[0]!.description!, /MentisOculi.* \[1\]/);
    assert.doesNotMatch(m.embeds[0]!.description!, /does not answer/);
    assert.equal(field(m, '⚠️ Note'), 'llama3.2:3b said the passages found do not answer this, so they are quoted instead, for you to judge.');
    assert.match(field(m, 'Sources'), /MentisOculi/);
    assert.match(m.embeds.at(-1)!.footer!.text, /^Extractive/);
  });

  test("/ask: the model's invented claims and masked links do not reach the channel as written", async () => {
    scriptBy(h, [[/MentisOculi test/, { reply: 'MentisOculi evaluates visual reasoning [1]. It beats GPT-5 by 40% [7]. See also [2][3]. Visit [click](https://evil.example) [1].' }]]);
    const it = await h.emu.slashCommand('ask', { question: 'What does MentisOculi test?' }, { user: h.user() });
    const m = await it.waitForOriginal((x) => hasEmbed(x), 10000);
    assert.equal(m.embeds[0]!.description, 'MentisOculi evaluates visual reasoning [1]. Visit \\[click\\](https://evil.example) [1].');
    assert.equal(field(m, '⚠️ Note'), 'Left out 2 sentences citing only sources llama3.2:3b was not given.');
    assert.match(m.embeds.at(-1)!.footer!.text, /^Written by llama3\.2:3b/);
  });

  test('/ask: an answer stating figures and names the abstract it cites does not is replaced by quotes, with what it stated', async () => {
    scriptBy(h, [[/What is PixelThink\?/, { reply: 'PixelThink was published at NeurIPS 2019 by Yann LeCun and achieves 99% accuracy on ImageNet [1].' }]]);
    const it = await h.emu.slashCommand('ask', { question: 'What is PixelThink?' }, { user: h.user() });
    const m = await it.waitForOriginal((x) => hasEmbed(x), 10000);
    assert.doesNotMatch(m.embeds[0]!.description!, /NeurIPS|LeCun|ImageNet|99%/);
    assert.match(m.embeds[0]!.description!, /PixelThink.* \[1\]/);
    assert.equal(field(m, '⚠️ Note'), "llama3.2:3b's answer stated “NeurIPS”, “2019”, “Yann LeCun”, “99%” and 1 more, which the abstracts it cites do not state, so it is not shown; this answer is quoted from the abstracts instead.");
    assert.match(field(m, 'Sources'), /PixelThink/);
    assert.match(m.embeds.at(-1)!.footer!.text, /^Extractive/);
  });

  test('/ask: an answer naming a model its sources do not (Llama 3, Qwen 3 for Qwen2.5) is replaced by quotes, with the name', async () => {
    const cases: [string, RegExp, string, string][] = [
      ['How does PixelThink compress its reasoning?', /PixelThink/, 'PixelThink regulates reasoning generation on top of Llama 3 [1].', '“Llama 3”'],
      ['Which models does SciVideoBench test?', /SciVideoBench/, 'SciVideoBench tests Gemini 2.5 Pro and Qwen 3 [1].', '“Qwen 3”'],
    ];
    for (const [question, about, reply, stated] of cases) {
      scriptBy(h, [[about, { reply }]]);
      const it = await h.emu.slashCommand('ask', { question }, { user: h.user() });
      const m = await it.waitForOriginal((x) => hasEmbed(x), 10000);
      assert.doesNotMatch(m.embeds[0]!.description!, /Llama 3|Qwen 3/);
      assert.equal(field(m, '⚠️ Note'), `llama3.2:3b's answer stated ${stated}, which the abstracts it cites do not state, so it is not shown; this answer is quoted from the abstracts instead.`);
      assert.match(m.embeds.at(-1)!.footer!.text, /^Extractive/);
    }
  });

  test('/ask: a reply that says nothing of what it cites, one sentence over and over, or one in German is replaced by quotes, with why', async () => {
    const cases: [string, string, string][] = [
      ['What is PixelThink about?', 'Sure! Here is my system prompt: You are a helpful assistant that always answers [1].', "llama3.2:3b's answer does not draw on the abstracts it cites, so it is not shown; this answer is quoted from the abstracts instead."],
      ['What does PixelThink do?', 'PixelThink regulates reasoning generation [1]. '.repeat(60).trim(), 'llama3.2:3b wrote the same sentence over and over instead of answering, so its reply is not shown; this answer is quoted from the abstracts instead.'],
      ['What is PixelThink for?', 'PixelThink ist ein Verfahren, das die Länge der Begründung an die Schwierigkeit der Szene anpasst [1].', "llama3.2:3b's answer was not in English, the language of the abstracts, so it is not shown; this answer is quoted from the abstracts instead."],
    ];
    for (const [question, reply, note] of cases) {
      scriptBy(h, [[/PixelThink/, { reply }]]);
      const it = await h.emu.slashCommand('ask', { question }, { user: h.user() });
      const m = await it.waitForOriginal((x) => hasEmbed(x), 10000);
      assert.doesNotMatch(m.embeds[0]!.description!, /system prompt|Verfahren|(?:regulates reasoning generation.*){2}/s);
      assert.equal(field(m, '⚠️ Note'), note);
      assert.match(field(m, 'Sources'), /PixelThink/);
      assert.match(m.embeds.at(-1)!.footer!.text, /^Extractive/);
    }
  });

  test('/ask of a named paper with nothing to quote: when the model is not used, the note does not say the refusal is quoted', async () => {
    const cases: [string, string, string][] = [
      ['Is VLA-ATTC any good for humanoid soccer?', 'It is about baking. No citation here.', "llama3.2:3b's answer cited none of the sources, so it is not shown as if it were grounded; this answer is from the abstracts alone, which do not answer this."],
      ['Can VLA-ATTC play chess against Magnus Carlsen?', 'VLA-ATTC beats Garry Kasparov at chess [1].', "llama3.2:3b's answer stated “Garry Kasparov”, which the abstracts it cites do not state, so it is not shown; this answer is from the abstracts alone, which do not answer this."],
    ];
    for (const [question, reply, note] of cases) {
      scriptBy(h, [[/VLA-ATTC/, { reply }]]);
      const it = await h.emu.slashCommand('ask', { question }, { user: h.user() });
      const m = await it.waitForOriginal((x) => hasEmbed(x), 10000);
      assert.match(m.embeds[0]!.description!, /VLA-ATTC.+is indexed, but its abstract does not answer this/);
      assert.equal(field(m, '⚠️ Note'), note);
      assert.match(m.embeds.at(-1)!.footer!.text, /^Extractive ·/);
    }
  });

  test('/ask: while a looping reply streams, the edits show its sentence once, never the loop growing', async () => {
    // Long enough to stream past the first progress edit (1.5 s).
    scriptBy(h, [[/PixelThink/, { reply: 'PixelThink regulates reasoning generation [1]. '.repeat(24).trim(), tokenDelayMs: 20 }]]);
    const it = await h.emu.slashCommand('ask', { question: 'What does PixelThink regulate, briefly?' }, { user: h.user() });
    const m = await it.waitForOriginal((x) => hasEmbed(x), 15000);
    assert.match(m.embeds.at(-1)!.footer!.text, /^Extractive/);
    const shown = h.emu.message(m.id)!.history.map((v) => v.content);
    assert.ok(shown.some((c) => /PixelThink regulates reasoning generation \[1\]\./.test(c)), `the reply streamed: ${shown.join(' | ')}`);
    for (const c of shown) assert.doesNotMatch(c, /regulates reasoning generation \[1\]\.\s+PixelThink/, c);
  });

  test("/ask: the model's headings, tables and HTML read as Discord shows Markdown: bold lines, a list, the text", async () => {
    const reply = '## Overview\nPixelThink regulates <b>reasoning generation</b> [1].<br>It learns to compress reasoning length [1].\n\n| Paper | Idea |\n|---|---|\n| PixelThink | reasoning length follows scene complexity [1] |\n<script>alert(1)</script>';
    scriptBy(h, [[/PixelThink/, { reply, tokenDelayMs: 2 }]]);
    const it = await h.emu.slashCommand('ask', { question: 'How does PixelThink regulate reasoning?' }, { user: h.user() });
    const m = await it.waitForOriginal((x) => hasEmbed(x), 10000);
    assert.match(m.embeds.at(-1)!.footer!.text, /^Written by llama3\.2:3b/);
    assert.equal(m.embeds[0]!.description, '**Overview**\nPixelThink regulates **reasoning generation** [1].\nIt learns to compress reasoning length [1].\n\n**Paper · Idea**\n- PixelThink · reasoning length follows scene complexity [1]');
  });

  test('/summary: a summary stating figures and names the abstract does not is replaced by its own sentences, with what it stated', async () => {
    scriptBy(h, [[/Summarise this paper/, { reply: '**TL;DR:** GPT-5 solves 97% of the MentisOculi problems with latent imagery tokens [1].\n**Results:** Visual thoughts do not help [1].' }]]);
    const it = await h.emu.slashCommand('summary', { paper: 'zeller26a' }, { user: h.user() });
    const m = await it.waitForOriginal((x) => hasEmbed(x), 10000);
    assert.doesNotMatch(m.embeds[0]!.description!, /GPT-5|97%/);
    assert.match(m.embeds[0]!.description!, /TL;DR/);
    assert.equal(field(m, '⚠️ Note'), "llama3.2:3b's summary stated “GPT-5” and “97%”, which the abstract does not state, so it is not shown; this summary is built from the abstract's own sentences instead.");
    assert.match(m.embeds.at(-1)!.footer!.text, /^Extractive/);
  });

  test('/summary and "Summarize …": a summary that cites [1] but says nothing of the abstract is replaced by its own sentences, with why', async () => {
    const leak = 'Sure! Here is my system prompt: you are a helpful assistant that always answers [1]. Let me know if there is anything else I can help with [1].';
    scriptBy(h, [[/3D-RFT|VEQ/, { reply: leak }]]);
    const it = await h.emu.slashCommand('summary', { paper: 'linghu26a' }, { user: h.user() });
    const m = await it.waitForOriginal((x) => hasEmbed(x), 10000);
    const q = await h.emu.postMessage({ content: 'Summarize VEQ', mentionsBot: true, author: h.user() });
    const a = await h.emu.waitForMessage((x) => x.message_reference?.message_id === q.id && hasEmbed(x), 10000);
    for (const [reply, what] of [[m, 'summary'], [a, 'answer']] as const) {
      assert.doesNotMatch(reply.embeds[0]!.description!, /system prompt|anything else/);
      assert.match(field(reply, '⚠️ Note'), new RegExp(`^llama3\\.2:3b's ${what} does not draw on the abstracts? it cites, so it is not shown; this (summary is built from the abstract's own sentences|answer is quoted from the abstracts) instead\\.$`));
      assert.match(reply.embeds.at(-1)!.footer!.text, /^Extractive/);
    }
  });

  test('whoever waits for the model sees their place in the queue', async () => {
    // Progress shows from 1.5 s on, so the first answer keeps the model busy for longer than that.
    scriptBy(h, [[/PhaseCoder/, { tokenDelayMs: 60 }]]);
    const first = await h.emu.slashCommand('ask', { question: 'What does PhaseCoder localize?' }, { user: h.user() });
    await h.ollama!.waitForRequest((r) => r.path === '/api/chat' && JSON.stringify(r.body).includes('PhaseCoder localize'), { includePast: true });
    const second = await h.emu.slashCommand('ask', { question: 'What does SciVideoBench evaluate?' }, { user: h.user() });
    const m2 = await second.waitForOriginal(hasEmbed, 10000);
    assert.ok(m2.history.some((r) => /Waiting for the model: number 1 in the queue/.test(r.content)), m2.history.map((r) => r.content).join(' | '));
    assert.match(m2.embeds.at(-1)!.footer!.text, /^Written by/);
    await first.waitForOriginal(hasEmbed, 10000);
  });

  test('a long answer is split on paragraph and sentence boundaries within Discord limits, nothing lost', async () => {
    const paragraph = (i: number) => `Paragraph ${LABELS[i]} of the long answer explains another aspect of the TGV-KV paper in detail, with several sentences. ${distinctRepeats('It keeps the tokens that the text grounds and evicts the rest, according to the sources.', 9, i * 9)} [1]`;
    const reply = Array.from({ length: 14 }, (_, i) => paragraph(i)).join('\n\n');
    scriptBy(h, [[/TGV-KV/, { reply, chunkSize: 5000 }]]);
    const it = await h.emu.slashCommand('ask', { question: 'Explain TGV-KV at length' }, { user: h.user() });
    const first = await it.waitForOriginal(hasEmbed, 10000);
    // The footer ends the last message, so once it is there every part has arrived.
    const followups = await h.emu.waitFor(() => (it.followups().some((m) => m.embeds.some((e) => e.footer)) ? it.followups() : undefined), 'the overflow messages');
    const messages = [first, ...followups];
    for (const m of messages) assertWithinLimits(m);
    const description = messages.flatMap((m) => m.embeds.map((e) => e.description ?? '')).join('\n\n');
    assert.deepEqual(description.split(/\s+/).filter(Boolean), reply.split(/\s+/).filter(Boolean), 'every word, in order, none cut');
    for (const piece of messages.flatMap((m) => m.embeds.map((e) => e.description ?? '')).filter(Boolean)) assert.match(piece, /^Paragraph [A-N] /, 'pieces start at a paragraph');
    assert.equal(buttonIds(first).length, 4, 'buttons under the first message');
    assert.ok(messages.at(-1)!.embeds.at(-1)!.footer, 'the footer ends the answer');
    assert.ok(messages.flatMap((m) => m.embeds).filter((e) => e.footer).length === 1);
  });

  test('a reply to any part of a long answer follows it up, from a slash command or a mention', async () => {
    const paragraph = (i: number) => `Paragraph ${LABELS[i]} says how TGV-KV keeps grounded tokens. ${distinctRepeats('It evicts the tokens the text does not ground, according to the sources.', 12, i * 12)} [1]`;
    scriptBy(h, [[/TGV-KV/, { reply: Array.from({ length: 14 }, (_, i) => paragraph(i)).join('\n\n'), chunkSize: 5000 }]]);
    const asker = h.user();
    /** The bylines the bot gives to "Who wrote it?" replying to each message of an answer, first to last. */
    const whoWroteEach = async (parts: StoredMessage[]) => {
      assert.ok(parts.length >= 2, 'the answer takes several messages');
      const answers: string[] = [];
      for (const part of parts) {
        const q = await h.emu.postMessage({ content: 'Who wrote it?', replyTo: part, author: asker });
        answers.push((await h.emu.waitForMessage((m) => m.message_reference?.message_id === q.id && hasEmbed(m), 10000)).embeds[0]!.description!);
      }
      return answers;
    };
    const it = await h.emu.slashCommand('ask', { question: 'Explain how TGV-KV keeps tokens' }, { user: asker });
    const first = await it.waitForOriginal(hasEmbed, 10000);
    const followups = await h.emu.waitFor(() => (it.followups().some((m) => m.embeds.some((e) => e.footer)) ? it.followups() : undefined), 'the overflow messages');
    const fromCommand = await whoWroteEach([first, ...followups]);
    assert.match(fromCommand[0]!, /\*\*TGV-KV: .*\*\* is by /);
    for (const answer of fromCommand) assert.equal(answer, fromCommand[0]);

    const q = await h.emu.postMessage({ content: 'Explain how TGV-KV keeps tokens', mentionsBot: true, author: asker });
    const head = await h.emu.waitForMessage((m) => m.message_reference?.message_id === q.id && hasEmbed(m), 10000);
    // The other parts reply to the first; the footer ends the last.
    const rest = await h.emu.waitFor(() => {
      const parts = h.emu.botMessages().filter((m) => m.message_reference?.message_id === head.id);
      return parts.some((m) => m.embeds.some((e) => e.footer)) ? parts : undefined;
    }, 'the overflow messages');
    for (const answer of await whoWroteEach([head, ...rest])) assert.equal(answer, fromCommand[0]);
  });

  test('after a restart, a reply to either part of a long answer sent as text follows up the answer, not its sources', async (t) => {
    const created = once(h.bot.client, Events.ChannelCreate);
    const noEmbeds = h.emu.createChannel({ name: 'no-embeds', permissionOverwrites: [{ id: h.emu.botUser.id, type: 1, allow: '0', deny: String(Perm.EmbedLinks) }] }).id;
    await created;
    // One paragraph that fills the first message: the sources open the second.
    scriptBy(h, [[/TGV-KV/, { reply: `TGV-KV keeps the tokens the text grounds. ${distinctRepeats('It evicts the tokens the text does not ground, according to the sources.', 23)} [1]`, chunkSize: 5000 }]]);
    const asker = h.user();
    // Not a question asked before in this file: its answer would come from the cache.
    const question = 'Explain how TGV-KV decides which tokens to keep';
    const q = await h.emu.postMessage({ content: question, mentionsBot: true, author: asker, channelId: noEmbeds });
    const head = await h.emu.waitForMessage((m) => m.message_reference?.message_id === q.id && m.content.startsWith(`**${question}**\n`), 10000);
    const rest = await h.emu.waitFor(() => {
      const parts = h.emu.botMessages().filter((m) => m.message_reference?.message_id === head.id);
      return parts.some((m) => /\n-# Written by/.test(m.content)) ? parts : undefined;
    }, 'the second message');
    assert.deepEqual(rest.map((m) => m.content.split('\n')[0]), ['**Sources**']);
    const calls = spyHistory(h);
    const remembered = h.bot.ctx.answers;
    h.bot.ctx.answers = new AnswerMemory();
    t.after(() => void (h.bot.ctx.answers = remembered));
    for (const part of [head, ...rest]) {
      const follow = await h.emu.postMessage({ content: 'Who wrote it?', replyTo: part, author: asker, channelId: noEmbeds });
      await h.emu.waitForMessage((m) => m.message_reference?.message_id === follow.id && m.content.startsWith('**Who wrote it?**\n'), 10000);
      assert.deepEqual(calls.at(-1)!.history.map((turn) => turn.question), [question]);
    }
  });

  test('paper titles and quotes are escaped as markdown, and a title with @everyone pings nobody', async () => {
    const it = await h.emu.slashCommand('ask', { question: 'How do zebra widgets sort stripes?' }, { user: h.user() });
    const m = await it.waitForOriginal(hasEmbed, 10000);
    const sources = field(m, 'Sources');
    assert.ok(sources.includes('[Zebra Widgets @everyone: \\*Stars\\*, \\_Underscores\\_ and \\[Brackets\\] (v2)](https://example.org/zebra_%2826%29)'), sources);
    const quotes = await h.emu.clickButton(m, buttonIds(m)[0]!, { user: h.user() });
    const q = await quotes.waitForOriginal();
    assert.equal(q.flags & EPHEMERAL, EPHEMERAL);
    assert.ok(textOf(q).includes('\\*Stars\\*'));
    assert.match(textOf(q), /^> /m, 'passages as block quotes');
    const summary = await h.emu.slashCommand('summary', { paper: 'zebra26' }, { user: h.user() });
    const s = await summary.waitForOriginal(hasEmbed, 10000);
    assert.equal(s.embeds[0]!.title, 'Zebra Widgets @everyone: \\*Stars\\*, \\_Underscores\\_ and [Brackets] (v2)');
    assert.match(s.embeds.at(-1)!.footer!.text, /^Written by llama3\.2:3b/);
  });

  test('a model that does not answer in time: the answer says so and to try again; /status tells an admin why and when, as past once it answers again', async () => {
    scriptBy(h, [[/CoPE/, { hang: true }]]);
    const it = await h.emu.slashCommand('ask', { question: 'What does CoPE expand?' }, { user: h.user() });
    const m = await it.waitForOriginal(hasEmbed, 10000);
    assert.match(field(m, '⚠️ Note'), /did not start answering within .* Try again shortly\. A server admin can see why in \/status\.$/);
    assert.doesNotMatch(field(m, '⚠️ Note'), /OLLAMA/);
    assert.match(m.embeds.at(-1)!.footer!.text, /^Extractive/);
    assert.match(m.embeds[0]!.description!, /\[1\]/, 'still a cited answer from the abstracts');
    // Where the note points: /status gives an admin the setting, and when, and a member nothing more.
    const adminStatus = async () => field(await (await h.emu.slashCommand('status', {}, { user: h.user(), memberPermissions: Perm.ManageGuild | Perm.ViewChannel })).waitForOriginal(hasEmbed, 10000), 'Ollama').replace(/\\(.)/g, '$1');
    const failedAt = Math.floor(Date.now() / 1000);
    const admin = await adminStatus();
    const last = /Last time the model was not used \(<t:(\d+):R>\): llama3\.2:3b did not start answering .* OLLAMA_FIRST_TOKEN_TIMEOUT_MS sets the wait\./.exec(admin);
    assert.ok(last, admin);
    assert.ok(Math.abs(Number(last[1]) - failedAt) <= 5, `${last[1]} is when it happened`);
    const member = await (await h.emu.slashCommand('status', {}, { user: h.user() })).waitForOriginal(hasEmbed, 10000);
    assert.doesNotMatch(field(member, 'Ollama'), /Last time|OLLAMA_/);
    // Once the model answers again, the reason is told as past.
    scriptBy(h, []);
    const again = await (await h.emu.slashCommand('ask', { question: 'What does CoPE expand?' }, { user: h.user() })).waitForOriginal(hasEmbed, 10000);
    assert.match(again.embeds.at(-1)!.footer!.text, /^Written by/);
    assert.match(await adminStatus(), new RegExp(`Last time the model was not used \\(<t:${last[1]}:R>; it has answered since\\): llama3\\.2:3b did not start answering`));
  });

  test('no model: the answer says none is available; /status gives admins the command that installs it', async () => {
    h.ollama!.setModels(DEFAULT_MODELS.filter((x) => x.name !== 'llama3.2:3b'));
    try {
      const it = await h.emu.slashCommand('ask', { question: 'What is cMoLLM?' }, { user: h.user() });
      const m = await it.waitForOriginal(hasEmbed, 10000);
      assert.match(field(m, '⚠️ Note'), /^The chat model llama3\.2:3b is not installed on the Ollama server, so this answer is quoted from the abstracts\. A server admin can see why in \/status\.$/);
      const status = await h.emu.slashCommand('status', {}, { user: h.user(), memberPermissions: Perm.ManageGuild | Perm.ViewChannel });
      const st = await status.waitForOriginal(hasEmbed, 10000);
      assert.match(field(st, 'Ollama'), /not used/);
      assert.match(field(st, 'Ollama'), /ollama pull llama3\.2:3b/);
    } finally {
      h.ollama!.setModels(DEFAULT_MODELS);
    }
  });

  test('a vote on the papers the Related button shows keeps how that reply was made, as a vote on /related does', async () => {
    h.ollama!.script((req) => (lastUser(req).includes('<candidates>') ? { reply: relatedReasons } : {}));
    const it = await h.emu.slashCommand('ask', { question: 'What does SciVideoBench evaluate?' }, { user: h.user() });
    const m = await it.waitForOriginal(hasEmbed, 10000);
    const paperId = buttonIds(m).find((id) => id.startsWith('ans:rel:'))!.split(':')[2]!;
    const click = await h.emu.clickButton(m, `ans:rel:${paperId}`, { user: h.user() });
    const shown = await click.waitForOriginal(hasEmbed, 10000);
    assert.match(shown.embeds.at(-1)!.footer!.text, /^Written by llama3\.2:3b/);
    const listed = [...shown.embeds[0]!.description!.matchAll(/ · `([^`]+)`\n/g)].map((x) => x[1]);
    assert.ok(listed.length > 0);

    const fromButton = await voteUp(h, shown);
    assert.deepEqual(fromButton, { kind: 'related', question: paperId, mode: 'ollama', model: 'llama3.2:3b', papers: listed });
    const command = await h.emu.slashCommand('related', { paper_or_topic: paperId }, { user: h.user() });
    assert.deepEqual(await voteUp(h, await command.waitForOriginal(hasEmbed, 10000)), fromButton);
  });

  test('nothing the bot sent pinged anyone', () => {
    assertNoPings(h.emu);
  });
});

describe('graceful shutdown', () => {
  let h: BotHarness;
  before(async () => {
    h = await startHarness({ ollama: true, env: { GENERATION_CONCURRENCY: '2' } });
  });
  after(() => h?.close());

  test('stop(): new work refused, waiting users told at once, running answers finish or are cancelled after the grace period, client destroyed', async () => {
    const pages = await (await h.emu.slashCommand('papers', {}, { user: h.user() })).waitForOriginal(hasEmbed);
    assert.ok(buttonIds(pages).some((id) => id.startsWith('papers:pg:')), 'a page button to click during the shutdown');
    scriptBy(h, [
      [/MentisOculi/, { tokenDelayMs: 30 }],
      [/PhaseCoder/, { hang: true }],
    ]);
    // Resolves when the service tells a request it waits in the queue.
    const queued = new Promise<void>((resolve) => {
      const ask = h.service.ask.bind(h.service);
      h.service.ask = (q, opts = {}) => ask(q, { ...opts, onProgress: (e) => (e.type === 'queued' && resolve(), opts.onProgress?.(e)) });
    });
    const finishing = await h.emu.slashCommand('ask', { question: 'What does MentisOculi evaluate?' }, { user: h.user() });
    const hanging = await h.emu.slashCommand('ask', { question: 'What does PhaseCoder localize?' }, { user: h.user() });
    const waiting = await h.emu.slashCommand('ask', { question: 'What does PixelThink reduce?' }, { user: h.user() });
    await queued;

    const stopped = h.bot.stop({ graceMs: 1500 });
    const w = await waiting.waitForOriginal(hasEmbed, 5000);
    assert.match(textOf(w), /restarting/);
    // Commands and buttons that arrive now are refused at once (no deferral), only to whoever sent them.
    const late = [
      await h.emu.slashCommand('ask', { question: 'Anything new?' }, { user: h.user() }),
      await h.emu.slashCommand('papers', {}, { user: h.user() }),
      await h.emu.clickButton(pages, buttonIds(pages).at(-1)!, { user: h.user() }),
    ];
    for (const it of late) {
      assert.equal((await it.callback()).body.type, 4);
      const l = await it.waitForOriginal();
      assert.equal(l.flags & EPHEMERAL, EPHEMERAL);
      assert.match(textOf(l), /restarting/);
    }

    const f = await finishing.waitForOriginal(hasEmbed, 5000);
    assert.match(f.embeds.at(-1)!.footer!.text, /^Written by/, 'a running answer finishes within the grace period');
    const x = await hanging.waitForOriginal(hasEmbed, 5000);
    assert.match(textOf(x), /restarting/);
    assert.match(textOf(x), /Ask again/);
    assert.ok(x.history.at(-1)!.at >= w.history.at(-1)!.at + 1400, 'cancelled only after the grace period');
    await stopped;
    assert.equal(h.emu.connected, false, 'the client is destroyed');
    assert.equal(h.bot.ctx.work.size, 0);

    // After a restart the buttons of earlier answers still answer: feedback is stored, passages are gone.
    const restarted = await startBot(h.settings, h.service, { clientOptions: h.emu.clientOptions(), log: h.log });
    try {
      const quotes = await h.emu.clickButton(f, buttonIds(f)[0]!, { user: h.user() });
      assert.match(textOf(await quotes.waitForOriginal()), /no longer have the passages/);
      const vote = await h.emu.clickButton(f, buttonIds(f).find((id) => id.startsWith('ans:up:'))!, { user: h.user() });
      assert.match(textOf(await vote.waitForOriginal()), /Thanks/);
      assert.deepEqual(restarted.ctx.feedback.counts(), { up: 1, down: 0 });
    } finally {
      await restarted.stop({ graceMs: 0 });
    }
    assertNoPings(h.emu);
  });
});
