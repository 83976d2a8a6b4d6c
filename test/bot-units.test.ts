/** The bot's pure parts: splitting and layout within Discord's limits, the progress throttle, cooldowns, allow lists, feedback, console parsing, log fields. */
import { test, mock } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { appendFile, readFile } from 'node:fs/promises';
import { splitText, LIMITS } from '../src/bot/split.js';
import { layoutEmbeds, embedSize } from '../src/bot/layout.js';
import { ThrottledEditor } from '../src/bot/throttle.js';
import { Cooldown } from '../src/bot/cooldown.js';
import { checkAccess, channelAllowed, dmsAnswered, roleAllowed } from '../src/bot/access.js';
import { titleLink, escapeText } from '../src/bot/markdown.js';
import { unescapeMarkdown as unescapeText } from '../src/text/clean.js';
import { ProgressText, answerMessages, channelReplyIntro, quotesMessages, type Outgoing } from '../src/bot/render.js';
import { asPlainText, readPlainText } from '../src/bot/plain.js';
import { DISCORD_TOKEN_LIFETIME, InteractionToken } from '../src/bot/token.js';
import { WorkTracker, raceAbort } from '../src/bot/work.js';
import { applicationIdFromToken, definitionsHash } from '../src/bot/registration.js';
import { FeedbackStore } from '../src/feedback.js';
import { parseLine } from '../src/console/parse.js';
import { isPapercordError } from '../src/errors.js';
import { configureLogging, log as rootLog, redact } from '../src/log.js';
import { captureLog, tempDir } from './support/env.js';
import type { Answer } from '../src/types.js';

const flush = () => new Promise<void>((r) => setImmediate(r));

/** Words (and links) of a text, for checking that splitting lost or broke none. */
function tokens(text: string): string[] {
  return text.split(/\s+/).filter(Boolean);
}

const LINK = '[A Very Long Paper Title About Spatial Audio Understanding](https://example.org/papers/2605.03348?x=1)';

test('splitText cuts at paragraphs first, keeps every word and link whole, and stays within the limit', () => {
  const para = (i: number) => `Paragraph ${i} starts here. ${'Sentence with several words in it. '.repeat(8)}See ${LINK} for details.`;
  const text = Array.from({ length: 12 }, (_, i) => para(i)).join('\n\n');
  for (const max of [120, 400, 1024, 2000]) {
    const parts = splitText(text, max);
    assert.ok(parts.length > 1, `split at ${max}`);
    for (const p of parts) assert.ok(p.length <= max, `piece of ${p.length} > ${max}`);
    // No word was cut: the pieces' words are exactly the text's words, in order.
    assert.deepEqual(parts.flatMap(tokens), tokens(text));
    for (const p of parts) {
      const opens = (p.match(/\[A Very/g) ?? []).length;
      const whole = (p.match(/\[A Very Long Paper Title About Spatial Audio Understanding\]\(https:\/\/example\.org\/papers\/2605\.03348\?x=1\)/g) ?? []).length;
      assert.equal(opens, whole, `a link was cut in: ${p.slice(0, 80)}…`);
    }
  }
  // Paragraphs that fit are never broken apart.
  const parts = splitText(text, 2000);
  for (const p of parts) assert.ok(p.startsWith('Paragraph '), 'each piece starts at a paragraph');
});

test('splitText falls back to sentences (keeping citations with them), then words, then hard cuts', () => {
  const sentences = 'First claim holds for all tested models. [1] Second claim is about audio. [2] Third one ends here! Fourth?';
  const parts = splitText(sentences, 50);
  assert.deepEqual(parts, ['First claim holds for all tested models. [1]', 'Second claim is about audio. [2]', 'Third one ends here! Fourth?']);
  const words = 'alpha beta gamma delta epsilon zeta eta theta iota kappa';
  for (const p of splitText(words, 12)) assert.ok(p.length <= 12 && !p.startsWith(' '));
  assert.deepEqual(splitText(words, 12).flatMap(tokens), tokens(words));
  // Only a single word longer than the limit is ever cut.
  const long = 'x'.repeat(25);
  assert.deepEqual(splitText(`short ${long}`, 10), ['short', 'xxxxxxxxxx', 'xxxxxxxxxx', 'xxxxx']);
  assert.deepEqual(splitText('fits', 10), ['fits']);
  assert.deepEqual(splitText('', 10), []);
});

test('layoutEmbeds keeps descriptions, fields and messages within Discord limits, footer last', () => {
  const description = Array.from({ length: 40 }, (_, i) => `Paragraph ${i}: ${'words that go on '.repeat(20)}`).join('\n\n');
  const fields = Array.from({ length: 30 }, (_, i) => ({ name: `Field ${i}`, value: `${'value text '.repeat(150)}` }));
  const messages = layoutEmbeds({ title: 'T'.repeat(300), description, fields, footer: 'the footer', color: 1 });
  assert.ok(messages.length > 1);
  let seenText = '';
  for (const embeds of messages) {
    assert.ok(embeds.length <= LIMITS.embedsPerMessage);
    assert.ok(embeds.reduce((n, e) => n + embedSize(e), 0) <= LIMITS.embedTotal);
    for (const e of embeds) {
      assert.ok((e.title ?? '').length <= LIMITS.title);
      assert.ok((e.description ?? '').length <= LIMITS.description);
      assert.ok((e.fields ?? []).length <= LIMITS.fields);
      for (const f of e.fields ?? []) assert.ok(f.value.length <= LIMITS.fieldValue && f.value.length > 0);
      seenText += `${e.description ?? ''}\n`;
    }
  }
  assert.deepEqual(tokens(seenText), tokens(description));
  const all = messages.flat();
  assert.equal(all.filter((e) => e.footer).length, 1);
  assert.equal(all.at(-1)!.footer?.text, 'the footer');
  assert.equal(all.filter((e) => e.title).length, 1);
});

test('asPlainText says what the embeds say in messages of at most 2,000 characters: title, description, a field continued under its one name, footer last, buttons on the first', () => {
  const paragraph = (n: number) => `Paragraph ${n} ${'word '.repeat(160).trim()}. [${n}]`;
  const sources = Array.from({ length: 30 }, (_, i) => `**[${i + 1}]** [Title ${i + 1}](https://example.org/${i + 1}) · \`id${i + 1}\``).join('\n');
  const doc = { title: 'Question?', url: 'https://example.org/q', description: [1, 2, 3, 4, 5].map(paragraph).join('\n\n'), fields: [{ name: 'Sources', value: sources }], footer: 'Extractive · 0.1 s' };
  const components = [{ type: 1, components: [] }] as unknown as Outgoing['components'];
  const messages = layoutEmbeds(doc).flatMap((embeds, i) => asPlainText({ embeds, ...(i === 0 ? { components } : {}) }));
  assert.ok(messages.length >= 3, `${messages.length} messages`);
  for (const m of messages) {
    assert.ok(m.content!.length <= LIMITS.content, `${m.content!.length} characters`);
    assert.equal(m.embeds, undefined);
  }
  assert.deepEqual(messages.map((m) => !!m.components), [true, ...messages.slice(1).map(() => false)]);
  const text = messages.map((m) => m.content).join('\n');
  assert.ok(text.startsWith('**[Question?](<https://example.org/q>)**\nParagraph 1 '), text.slice(0, 80));
  assert.deepEqual(tokens(text), tokens(`**[Question?](<https://example.org/q>)** ${doc.description} **Sources** ${sources} -# Extractive · 0.1 s`), 'every word once, in order, the continued field under one name');
  assert.ok(text.endsWith('\n\n-# Extractive · 0.1 s'));
  // A message without embeds is left as it is.
  assert.deepEqual(asPlainText({ content: '🔎 Searching the papers…' }), [{ content: '🔎 Searching the papers…' }]);
});

test('readPlainText reads back the title and description asPlainText wrote: a linked title, after the line a reply in the channel opens with, not a field or the footer', () => {
  const doc = { title: 'Which \\[1\\] paper?', url: 'https://example.org/q', description: '_By A. Person_\n\n**TL;DR:** It works. [1]', fields: [{ name: '⚠️ Note', value: 'A note.' }, { name: 'Sources', value: '**[1]** [T](https://example.org/t) · `t1`' }], footer: 'Extractive · 0.1 s' };
  const [embeds] = layoutEmbeds(doc);
  const read = { title: doc.title, description: doc.description };
  assert.deepEqual(readPlainText(asPlainText({ embeds: embeds! })[0]!.content!), read);
  assert.deepEqual(readPlainText(asPlainText({ content: '<@1>, you asked “which paper”:', embeds: embeds! })[0]!.content!), read);
  assert.deepEqual(readPlainText(asPlainText({ embeds: layoutEmbeds({ ...doc, url: undefined, fields: [], footer: undefined })[0]! })[0]!.content!), read);
  assert.equal(readPlainText('🔎 Searching the papers…'), undefined);
  assert.equal(readPlainText('It works. [1]\n\n**Sources**\n**[1]** T'), undefined, 'a part that opens with text, not a title');
});

test('titles and quotes are escaped as markdown; links survive brackets and parentheses', () => {
  assert.equal(titleLink('A *bold* [claim]', 'https://x.org/a_(b)'), '[A \\*bold\\* \\[claim\\]](https://x.org/a_%28b%29)');
  assert.equal(titleLink('No link', 'javascript:alert(1)'), 'No link');
  const title = '**Attention** is _all_ you need: # heading > quote';
  assert.equal(unescapeText(escapeText(title)), title);
  assert.doesNotMatch(escapeText('**x**'), /(?<!\\)\*\*/);
});

test('the answer embed: question as title, sources as linked titles, footer with mode, model, time and abstracts only', () => {
  const a: Answer = {
    question: 'What is @everyone _doing_?',
    answer: 'It does things [1].',
    mode: 'ollama',
    model: 'llama3.2:3b',
    refused: false,
    citations: [{ n: 1, paperId: 'p1', title: 'Paper *One*', url: 'https://example.org/p1' }],
    sources: [
      { n: 1, paperId: 'p1', title: 'Paper *One*', url: 'https://example.org/p1', score: 1, text: 'x', chunkId: 'c', start: 0, end: 1 },
      { n: 2, paperId: 'p2', title: 'Uncited', score: 0.5, text: 'y', chunkId: 'd', start: 0, end: 1 },
    ],
    elapsedMs: 2345,
  };
  const [msg, ...rest] = answerMessages(a, 'KEY');
  assert.equal(rest.length, 0);
  const e = msg!.embeds![0]!;
  assert.equal(e.title, 'What is @everyone \\_doing\\_?');
  assert.equal(e.description, 'It does things [1].');
  const sources = e.fields!.find((f) => f.name === 'Sources')!.value;
  assert.match(sources, /\[Paper \\\*One\\\*\]\(https:\/\/example\.org\/p1\)/);
  assert.doesNotMatch(sources, /Uncited/);
  assert.match(e.footer!.text, /llama3\.2:3b · 2\.3 s · from abstracts only/);
  const ids = msg!.components![0]!.components.map((c) => ('custom_id' in c ? c.custom_id : ''));
  assert.deepEqual(ids, ['ans:quotes:KEY', 'ans:rel:p1', 'ans:up:KEY', 'ans:down:KEY']);
});

test('"Quoted passages" reads TeX as the answers do (σ, not $\\sigma$), and escapes the rest of an abstract\'s Markdown', () => {
  // bateni26a's abstract, as /ask quotes it.
  const quote = 'We also prove complementary hard instances with excess loss at least $\\Omega(k/D)$, where $k$ is the feature dimension.';
  const source = { n: 1, paperId: 'bateni26a', title: 'Networked Logistic Regression', score: 1, text: quote, chunkId: 'c', start: 0, end: quote.length };
  const passages = (q: string) =>
    quotesMessages({ reply: { kind: 'ask', question: 'q', mode: 'extractive', papers: [source.paperId] }, citations: [{ n: 1, paperId: source.paperId, title: source.title, quote: q }], sources: [{ ...source, text: q }] })[0]!.embeds![0]!.description!;
  assert.match(passages(quote), /^> We also prove complementary hard instances with excess loss at least Ω\(k\/D\), where k is the feature dimension\.$/m);
  // TeX's bold and escapes are Markdown as in the answer; a heading, a masked link or a spoiler of the abstract's own is not.
  const marked = passages('# Results [here](https://example.org) ||hidden|| with \\textbf{RAC} and $\\sigma_{max}$.');
  assert.match(marked, /^> \\# Results \\\[here\]\(https:\/\/example\.org\) \\\|\\\|hidden\\\|\\\| with \*\*RAC\*\* and σ\\_max\.$/m);
});

test('progress text: queue position, then the answer as it is written, within 2,000 characters', () => {
  const p = new ProgressText('answer');
  p.update({ type: 'retrieved', sources: [] });
  p.update({ type: 'queued', position: 2 });
  assert.match(p.text(), /number 2 in the queue/);
  p.update({ type: 'started' });
  p.update({ type: 'token', text: 'x', soFar: 'word '.repeat(1000), words: 1000 });
  assert.ok(p.text().length <= 2000);
  assert.match(p.text(), /^✍️ Writing the answer/);
});

test('progress text: the answer as it is written shows its headings, tables and HTML as the final answer does', () => {
  const p = new ProgressText('answer');
  p.update({ type: 'token', text: 'x', words: 12, soFar: '## Overview\nVEQ quantizes <b>weights</b> [1].\n| Paper | Idea |\n|---|---|\n| VEQ | weights [1] |' });
  assert.match(p.text(), /\n\n\*\*Overview\*\*\nVEQ quantizes \*\*weights\*\* \[1\]\.\n\*\*Paper · Idea\*\*\n- VEQ · weights \[1\]$/);
});

test("a model's code block keeps what it holds as written; an extractive answer's text is not the model's Markdown", () => {
  const code = '```\n## not a heading <b>x</b>\n| a | b |\n|---|---|\n```';
  const base = { question: 'Q?', answer: `# Title\n${code}`, refused: false, citations: [], sources: [], elapsedMs: 10 };
  assert.equal(answerMessages({ ...base, mode: 'ollama', model: 'm' }, 'K')[0]!.embeds![0]!.description, `**Title**\n${code}`);
  assert.equal(answerMessages({ ...base, mode: 'extractive' }, 'K')[0]!.embeds![0]!.description, base.answer);
});

test('progress text: members see what happened, never the operator\'s part of a note (an address, a setting, a command)', () => {
  const p = new ProgressText('summary');
  p.update({ type: 'notice', notice: { said: 'The model server could not be reached, so this summary is built from the abstract\'s own sentences.', forOperator: 'No Ollama server answered at http://10.0.0.5:11434. Start Ollama (ollama serve) or check OLLAMA_HOST.' } });
  p.update({ type: 'notice', notice: { said: 'The model server is busy; trying again (1/3).' } });
  assert.doesNotMatch(p.text(), /10\.0\.0\.5|ollama serve|OLLAMA_HOST/);
  assert.match(p.text(), /could not be reached, so this summary is built from the abstract's own sentences/);
  assert.match(p.text(), /busy; trying again \(1\/3\)/, 'a note for everyone stays as it is');
});

test('a reply\'s note shows members what happened and never the operator\'s part, however it is worded (a host without a scheme, a setting in lower case)', () => {
  const forOperator = 'The server is gpu-box:11434; set num_ctx in its Modelfile.';
  const base = { question: 'What is PixelThink?', answer: 'It thinks [1].', refused: false, citations: [], sources: [], elapsedMs: 10 };
  const quoted: Answer = { ...base, mode: 'extractive', notice: { said: 'The model could not be used, so this answer is quoted from the abstracts.', forOperator } };
  const cut: Answer = { ...base, mode: 'ollama', model: 'llama3.2:3b', truncated: true, notice: { said: 'The model stopped with an error part-way, so the answer is cut off.', forOperator } };
  const noteOf = (a: Answer) => unescapeText(answerMessages(a, 'K')[0]!.embeds![0]!.fields!.find((f) => f.name === '⚠️ Note')!.value);
  assert.equal(noteOf(quoted), 'The model could not be used, so this answer is quoted from the abstracts. A server admin can see why in /status.');
  // Written by the model: the note is about what it wrote, and there is no model failure for /status to explain.
  assert.equal(noteOf(cut), 'The model stopped with an error part-way, so the answer is cut off.');
});

test('ThrottledEditor: first edit one interval after the reply appeared, then at most one per interval, latest text wins, close() waits', async () => {
  mock.timers.enable({ apis: ['setTimeout', 'Date'], now: 0 });
  try {
    const edits: { at: number; text: string }[] = [];
    let release: (() => void) | undefined;
    const editor = new ThrottledEditor(
      async (text) => {
        edits.push({ at: Date.now(), text });
        await new Promise<void>((r) => (release = r));
      },
      (e) => assert.fail(String(e)),
      1500,
      0,
    );
    editor.push('a');
    editor.push('b');
    mock.timers.tick(1499);
    await flush();
    assert.equal(edits.length, 0);
    mock.timers.tick(1);
    await flush();
    assert.deepEqual(edits, [{ at: 1500, text: 'b' }]);
    editor.push('c');
    editor.push('d');
    mock.timers.tick(1499);
    await flush();
    assert.equal(edits.length, 1);
    mock.timers.tick(1);
    await flush();
    assert.equal(edits.length, 1, 'edits never overlap: the slow one is still in flight');
    mock.timers.tick(700);
    release!();
    await flush();
    assert.deepEqual(edits, [{ at: 1500, text: 'b' }, { at: 3700, text: 'd' }]);
    editor.push('e');
    const closed = editor.close();
    let done = false;
    void closed.then(() => (done = true));
    await flush();
    assert.equal(done, false, 'close waits for the edit in flight');
    release!();
    await closed;
    mock.timers.tick(5000);
    await flush();
    assert.deepEqual(edits.map((e) => e.text), ['b', 'd'], 'nothing after close');
  } finally {
    mock.timers.reset();
  }
});

test('interaction token: progress while it lasts, the final reply through it only with a minute left, nothing once Discord refused it', () => {
  assert.deepEqual(DISCORD_TOKEN_LIFETIME, { lifetimeMs: 15 * 60_000, marginMs: 60_000 }, "Discord's lifetime, and a minute's margin");
  const createdAt = 1_700_000_000_000;
  let now = createdAt;
  const token = new InteractionToken(createdAt, DISCORD_TOKEN_LIFETIME, () => now);
  assert.equal(token.timeLeftMs, 15 * 60_000);
  assert.ok(token.usable && token.lastsForReply);
  now = createdAt + 14 * 60_000; // exactly the margin left
  assert.ok(token.usable && token.lastsForReply);
  now += 1;
  assert.equal(token.timeLeftMs, 59_999);
  assert.ok(token.usable, 'still good for progress');
  assert.ok(!token.lastsForReply, 'the final reply goes to the channel');
  now = createdAt + 15 * 60_000;
  assert.ok(!token.usable && !token.lastsForReply, 'expired');

  // Discord's clock is the one that counts: a refusal ends the token whatever the time says.
  now = createdAt;
  const refused = new InteractionToken(createdAt, DISCORD_TOKEN_LIFETIME, () => now);
  assert.equal(refused.markRefused(), true, 'news the first time');
  assert.equal(refused.markRefused(), false, 'not the second');
  assert.equal(refused.timeLeftMs, 0);
  assert.ok(!refused.usable && !refused.lastsForReply);
});

test('the line that opens a reply posted in the channel: the asker\'s mention, then their words as plain text, cut short', () => {
  assert.equal(channelReplyIntro('42', { what: 'answer', words: 'What is **GRPO**?' }), '<@42>, your answer to “What is \\*\\*GRPO\\*\\*?”:');
  assert.equal(channelReplyIntro('42', { what: 'summary', words: 'mentis' }), '<@42>, your summary of “mentis”:');
  assert.equal(channelReplyIntro('42', { what: 'related', words: 'video' }), '<@42>, the papers related to “video”:');
  assert.equal(channelReplyIntro('42', { what: 'reindex' }), '<@42>, the index rebuild you asked for:');
  const long = channelReplyIntro('42', { what: 'answer', words: 'why '.repeat(300) });
  assert.ok(long.length < 250 && long.endsWith('…”:'), long);
});

test('cooldown per user, with the time left; 0 turns it off', () => {
  const c = new Cooldown(10);
  c.take('a', 0);
  c.take('b', 0);
  assert.throws(() => c.take('a', 4_000), (e: unknown) => isPapercordError(e) && e.code === 'COOLDOWN' && /6 s/.test(e.message));
  c.take('a', 10_000);
  const off = new Cooldown(0);
  off.take('a', 0);
  off.take('a', 1);
});

test('allow lists: channels (threads count as their parent) and roles', () => {
  const rules = { allowedChannels: ['c1'], allowedRoles: ['r1'], directMessages: 'auto' as const };
  assert.ok(channelAllowed(rules, { channelId: 'c1' }));
  assert.ok(channelAllowed(rules, { channelId: 't9', parentId: 'c1' }));
  assert.ok(!channelAllowed(rules, { channelId: 'c2' }));
  assert.ok(roleAllowed(rules, { channelId: 'c1', roleIds: ['r0', 'r1'] }));
  assert.ok(!roleAllowed(rules, { channelId: 'c1', roleIds: [] }));
  assert.ok(!roleAllowed(rules, { channelId: 'c1' }), 'outside a server no role can be checked');
  assert.throws(() => checkAccess(rules, { channelId: 'c2', roleIds: ['r1'] }), /this channel/);
  assert.throws(() => checkAccess(rules, { channelId: 'c1', roleIds: [] }), /roles/);
  checkAccess({ allowedChannels: [], allowedRoles: [], directMessages: 'auto' }, { channelId: 'x' });
});

test('direct messages: auto answers them unless an allow list limits the bot, which a DM cannot be checked against; true and false decide alone', () => {
  const open = { allowedChannels: [], allowedRoles: [] };
  const dm = { channelId: 'd1', dm: true };
  assert.ok(dmsAnswered({ ...open, directMessages: 'auto' }));
  assert.ok(!dmsAnswered({ ...open, allowedChannels: ['c1'], directMessages: 'auto' }));
  assert.ok(!dmsAnswered({ ...open, allowedRoles: ['r1'], directMessages: 'auto' }));
  assert.ok(!dmsAnswered({ ...open, directMessages: false }));
  // Explicitly on: the lists are for the server's channels and members, and a DM has no roles to hold against it.
  const limitedButDms = { allowedChannels: ['c1'], allowedRoles: ['r1'], directMessages: true };
  assert.ok(dmsAnswered(limitedButDms));
  checkAccess(limitedButDms, dm);
  assert.throws(() => checkAccess({ ...limitedButDms, directMessages: 'auto' }, dm), (e: unknown) => isPapercordError(e) && /direct messages/.test(e.message) && /<#c1>/.test(e.hint ?? ''));
  assert.throws(() => checkAccess({ ...open, directMessages: false }, dm), (e: unknown) => isPapercordError(e) && /direct messages/.test(e.message) && /a server channel/.test(e.hint ?? ''));
});

test('work tracker: waiting requests are cancelled at once on shutdown, running ones after the grace period', async () => {
  const w = new WorkTracker();
  const waiting = w.begin();
  waiting.waiting = true;
  const running = w.begin();
  const order: string[] = [];
  waiting.signal.addEventListener('abort', () => {
    order.push('waiting');
    waiting.end();
  });
  running.signal.addEventListener('abort', () => {
    order.push('running');
    running.end();
  });
  await w.drain(0);
  assert.deepEqual(order, ['waiting', 'running']);
  assert.throws(() => w.begin(), (e: unknown) => isPapercordError(e) && e.code === 'SHUTTING_DOWN');
  const c = new AbortController();
  const never = new Promise<never>(() => {});
  c.abort(new Error('stop'));
  await assert.rejects(raceAbort(never, c.signal), /stop/);
});

test('registration hash changes with the definitions; application id from the token', () => {
  const a = definitionsHash([{ name: 'ask', description: 'x' }]);
  assert.equal(a, definitionsHash([{ name: 'ask', description: 'x' }]));
  assert.notEqual(a, definitionsHash([{ name: 'ask', description: 'y' }]));
  const id = '123456789012345678';
  assert.equal(applicationIdFromToken(`${Buffer.from(id).toString('base64url')}.abc.def`), id);
  assert.equal(applicationIdFromToken('garbage'), undefined);
});

test('feedback: whole JSON lines, latest vote per person and message counted, counts survive a reopen', async () => {
  const dir = await tempDir();
  const file = path.join(dir, 'feedback.jsonl');
  const store = await FeedbackStore.open(file);
  await store.record({ vote: 'up', user: 'u1', message: 'm1' });
  await store.record({ vote: 'down', user: 'u2', message: 'm1' });
  assert.deepEqual(await store.record({ vote: 'down', user: 'u1', message: 'm1' }), { up: 0, down: 2 });
  await Promise.all(Array.from({ length: 20 }, (_, i) => store.record({ vote: 'up', user: `x${i}`, message: 'm2', question: 'q'.repeat(5000) })));
  const lines = (await readFile(file, 'utf8')).trim().split('\n');
  assert.equal(lines.length, 23);
  for (const l of lines) assert.ok(JSON.parse(l).at);
  const again = await FeedbackStore.open(file);
  assert.deepEqual(again.status(), { up: 20, down: 2, unreadable: 0 });
  // A torn line and a hand-edited one are left out of the counts, and counted as unreadable.
  await appendFile(file, '{"vote":"up","user":"u9","mess\n{"vote":"maybe","user":"u9","message":"m3"}\n');
  assert.deepEqual((await FeedbackStore.open(file)).status(), { up: 20, down: 2, unreadable: 2 });
});

test('console lines: slash commands with --options or Discord-style name:value; plain lines are questions', () => {
  assert.deepEqual(parseLine('/ask What does MentisOculi evaluate? --paper zeller26a'), { command: 'ask', text: 'What does MentisOculi evaluate?', options: { paper: 'zeller26a' } });
  assert.deepEqual(parseLine('/ask question: what is it paper: Mentis Oculi'), { command: 'ask', text: 'what is it', options: { paper: 'Mentis Oculi' } });
  assert.deepEqual(parseLine('/summary mentis --length=short'), { command: 'summary', text: 'mentis', options: { length: 'short' } });
  assert.deepEqual(parseLine('/related spatial audio --count 3'), { command: 'related', text: 'spatial audio', options: { count: '3' } });
  assert.deepEqual(parseLine('how does it work?'), { command: 'ask', text: 'how does it work?', options: {} });
  assert.deepEqual(parseLine('/QUIT'), { command: 'quit', text: '', options: {} });
  assert.equal(parseLine('   '), null);
  assert.match((parseLine('/nope') as { error: string }).error, /Unknown command/);
  assert.match((parseLine('/ask q --bogus 1') as { error: string }).error, /no option --bogus/);
});

test('log fields: a Date or URL is written as itself (not {}), inside plain objects and arrays too; a secret in one is still redacted', () => {
  const secret = 'unit-log-secret-7f3a';
  redact(secret);
  const lines: string[] = [];
  configureLogging({ sink: (l) => lines.push(l), json: true });
  try {
    const at = new Date(Date.UTC(2026, 0, 2, 3, 4, 5));
    rootLog.child({ at }).error('fields', { url: new URL(`https://example.org/p?key=${secret}`), nested: { at, list: [at] }, bare: Object.assign(Object.create(null), { n: 1 }) });
  } finally {
    configureLogging({ sink: (l) => process.stderr.write(l + '\n'), json: process.env.LOG_FORMAT === 'json' || !process.stderr.isTTY });
  }
  assert.equal(lines.length, 1);
  const line = JSON.parse(lines[0]!) as Record<string, unknown>;
  assert.equal(line.at, '2026-01-02T03:04:05.000Z');
  assert.deepEqual(line.nested, { at: '2026-01-02T03:04:05.000Z', list: ['2026-01-02T03:04:05.000Z'] });
  assert.deepEqual(line.bare, { n: 1 });
  assert.equal(line.url, 'https://example.org/p?key=[redacted]');
});

test('captureLog keeps what the real log writes: the same fields, a registered secret out of the message, fields, nested values and errors; a form never registered still shows, so a test for leaks can fail', () => {
  const secret = 'capture-log-secret-91bd';
  redact(secret);
  const fields = { error: new Error(`refused ${secret}`), nested: { list: [`a ${secret} b`] }, at: new Date(Date.UTC(2026, 0, 2)), n: 3, gone: undefined };
  const written: string[] = [];
  configureLogging({ sink: (l) => written.push(l), json: true });
  try {
    rootLog.child({ component: 'c' }).warn(`told ${secret}`, fields);
  } finally {
    configureLogging({ sink: (l) => process.stderr.write(l + '\n'), json: process.env.LOG_FORMAT === 'json' || !process.stderr.isTTY });
  }
  const captured = captureLog();
  captured.child({ component: 'c' }).warn(`told ${secret}`, fields);
  const { time: _time, level, msg, ...rest } = JSON.parse(written[0]!) as Record<string, unknown>;
  assert.deepEqual(captured.lines, [{ level, msg, fields: rest }]);
  assert.deepEqual(captured.lines[0], {
    level: 'warn',
    msg: 'told [redacted]',
    fields: { component: 'c', error: 'Error: refused [redacted]', nested: { list: ['a [redacted] b'] }, at: '2026-01-02T00:00:00.000Z', n: 3 },
  });
  assert.ok(!captured.text().includes(secret));
  // What the scrub does not know (here the secret base64-encoded) is in the line, for a test to find.
  captured.info('sent', { header: Buffer.from(secret).toString('base64') });
  assert.ok(captured.text().includes(Buffer.from(secret).toString('base64')));
});
