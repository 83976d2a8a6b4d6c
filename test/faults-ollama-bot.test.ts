/**
 * Ollama faults as the bot's users see them: the model server down at start, killed in the
 * middle of a streamed answer, slow to its first token, busy (503), without the model (404),
 * sending a line that is not JSON, or writing nothing. Each time the asker gets the extractive
 * answer or the partial answer marked as cut off, with a note saying what happened, within the
 * configured timeout; and once the server is back (restart() on the same port) the next
 * question is written by the model again, without restarting the bot.
 */
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startHarness, assertNoPings, textOf, type BotHarness } from './support/bot.js';
import { OllamaTestServer, type ChatRequestRecord, type ChatScript } from './support/ollama-server.js';
import { Perm, type InteractionHandle, type StoredMessage } from './support/discord-emulator.js';
import { distinctRepeats } from './support/progress.js';

const TIMEOUT_MS = 4000;
const FIRST_TOKEN_TIMEOUT_MS = 500;

const isAnswer = (m: StoredMessage) => m.embeds.some((e) => /^(Written by|Extractive)/.test(e.footer?.text ?? ''));
const footerOf = (m: StoredMessage) => m.embeds.at(-1)?.footer?.text ?? '';
/** The "⚠️ Note" field, with the markdown escapes taken out. */
const noteOf = (m: StoredMessage) => (m.embeds.flatMap((e) => e.fields ?? []).find((f) => f.name === '⚠️ Note')?.value ?? '').replace(/\\(.)/g, '$1');
/** What only the operator may see: the model server's address, a setting, a command to run. */
const OPERATOR_DETAIL = /https?:\/\/|127\.0\.0\.1|\bOLLAMA_[A-Z_]+|\bollama (?:serve|pull)\b/;
/** Members never see the operator's detail, in the reply's note or in any progress line before it (the sources' links are the papers'). */
function assertMembersSeeNoOperatorDetail(m: StoredMessage): void {
  for (const version of h.emu.message(m.id)!.history) {
    const said = [version.content, ...version.embeds.flatMap((e) => [e.footer?.text ?? '', ...(e.fields ?? []).filter((f) => f.name !== 'Sources').map((f) => f.value)])].join('\n');
    assert.doesNotMatch(said, OPERATOR_DETAIL, said);
  }
}
const questionOf = (req: ChatRequestRecord) => /<question>\n([\s\S]*?)\n<\/question>/.exec([...req.messages].reverse().find((m) => m.role === 'user')?.content ?? '')?.[1] ?? '';

let server: OllamaTestServer;
let h: BotHarness;
/** Resolved when what was written so far for a question matches (the service's own progress events: the words written, the text shown). */
const written = new Set<{ match: (e: { soFar: string; words: number }) => boolean; resolve: () => void }>();

before(async () => {
  // Down at start: the server exists (its port is known) but is not listening when the bot starts.
  server = await OllamaTestServer.start();
  await server.stop();
  h = await startHarness({
    env: {
      OLLAMA_HOST: server.host,
      OLLAMA_CONNECT_TIMEOUT_MS: '300',
      OLLAMA_FIRST_TOKEN_TIMEOUT_MS: String(FIRST_TOKEN_TIMEOUT_MS),
      OLLAMA_TIMEOUT_MS: String(TIMEOUT_MS),
      OLLAMA_BUSY_RETRIES: '1',
      OLLAMA_RETRY_DELAY_MS: '20',
      ANSWER_CACHE_SIZE: '0',
    },
  });
  const ask = h.service.ask.bind(h.service);
  h.service.ask = (q, opts = {}) =>
    ask(q, {
      ...opts,
      onProgress: (e) => {
        if (e.type === 'token') for (const w of [...written]) if (w.match(e)) (written.delete(w), w.resolve());
        opts.onProgress?.(e);
      },
    });
});
after(async () => {
  await h?.close();
  await server?.stop();
});

/** Scripts the model for questions matching `word`; other questions get the quick default reply. */
function scriptFor(word: RegExp, script: ChatScript): void {
  server.script((req) => (word.test(questionOf(req)) ? script : {}));
}

async function ask(question: string): Promise<{ it: InteractionHandle; m: StoredMessage; ms: number }> {
  const it = await h.emu.slashCommand('ask', { question }, { user: h.user() });
  const m = await it.waitForOriginal(isAnswer, TIMEOUT_MS + 3000);
  return { it, m, ms: m.history.at(-1)!.at - it.createdAt };
}

/** The model writes the next answer again: the bot did not need a restart. */
async function modelIsBack(): Promise<void> {
  server.script(null);
  const { m } = await ask('What does SciVideoBench evaluate?');
  assert.match(footerOf(m), /^Written by llama3\.2:3b/, textOf(m));
  assert.equal(noteOf(m), '');
}

test('down at start: extractive answers that say no model is available (slash command and mention), the server only in the log; once it is up, the model writes again', async () => {
  assert.ok(h.log.lines.some((l) => l.msg === 'ollama unreachable: answers will be extractive' && String(l.fields.hosts).includes(server.host)), h.log.text());
  const { m, ms } = await ask('What does MentisOculi evaluate?');
  assert.match(footerOf(m), /^Extractive/);
  assert.match(m.embeds[0]!.description!, /\[1\]/, 'cited quotes from the abstracts');
  assert.equal(noteOf(m), 'The model server could not be reached, so this answer is quoted from the abstracts instead of written by llama3.2:3b. A server admin can see why in /status.');
  assertMembersSeeNoOperatorDetail(m);
  assert.ok(ms < TIMEOUT_MS, `${ms} ms`);
  const q = await h.emu.postMessage({ content: 'What does PhaseCoder localize?', mentionsBot: true, author: h.user() });
  const reply = await h.emu.waitForMessage((x) => x.message_reference?.message_id === q.id && isAnswer(x));
  assert.match(noteOf(reply), /^The model server could not be reached/);
  const status = await h.emu.slashCommand('status', {}, { user: h.user() });
  assert.match(textOf(await status.waitForOriginal((x) => x.embeds.length > 0)), /not used\b[\s\S]*answers are extractive/);

  await server.restart();
  await modelIsBack();
  assert.equal(h.emu.identifyCount, 1, 'the same bot session throughout');
});

test('killed in the middle of a streamed answer: the part written so far, marked as cut off, in time; extractive while it is down; the model again once it is back', async () => {
  const opening = 'PixelThink cuts the reasoning tokens of the model [1].';
  scriptFor(/PixelThink/, { reply: `${opening} ${distinctRepeats('It then explains the budget in more and more words.', 60)}`, tokenDelayMs: 5 });
  const started = new Promise<void>((resolve) => written.add({ match: (e) => e.soFar.includes(opening) && e.words > 40, resolve }));
  const asked = ask('What does PixelThink reduce?');
  await started;
  await server.stop();
  const { m, ms } = await asked;
  assert.match(footerOf(m), /^Written by/);
  assert.ok(m.embeds[0]!.description!.startsWith(opening), m.embeds[0]!.description);
  assert.ok(m.embeds[0]!.description!.length < 60 * 50, 'only the part written before the server went away');
  assert.match(noteOf(m), /stopped with an error part-way, so the answer is cut off/);
  assertMembersSeeNoOperatorDetail(m);
  assert.ok(ms < TIMEOUT_MS, `${ms} ms`);

  const down = await ask('What does VEQ quantize?');
  assert.match(footerOf(down.m), /^Extractive/);
  assert.match(noteOf(down.m), /^The model server could not be reached/);
  assertMembersSeeNoOperatorDetail(down.m);
  await server.restart();
  await modelIsBack();
});

test('killed before the model cited anything: the extractive answer, saying why and not that it is cut off', async () => {
  scriptFor(/TGV-KV/, { reply: `${distinctRepeats('TGV-KV keeps some tokens and drops others.', 60)} [1]`, tokenDelayMs: 5 });
  const started = new Promise<void>((resolve) => written.add({ match: (e) => e.words > 40, resolve }));
  const asked = ask('What does TGV-KV evict?');
  await started;
  await server.stop();
  const { m, ms } = await asked;
  assert.match(footerOf(m), /^Extractive/);
  assert.match(m.embeds[0]!.description!, /\[1\]/);
  // The answer shown is whole (quoted from the abstracts): the note must not call it cut off.
  assert.match(noteOf(m), /^The model stopped with an error part-way\. It had not cited any source by then, so this answer is quoted from the abstracts instead\./);
  assert.doesNotMatch(noteOf(m), /cut off/);
  assert.ok(ms < TIMEOUT_MS, `${ms} ms`);
  await server.restart();
  await modelIsBack();
});

test('an error line in the middle of the stream: the part written so far, marked as cut off; the server\'s words, which may name its address, are the operator\'s', async () => {
  // What Ollama says when its runner dies mid-answer: the runner's local address included.
  const runnerError = 'an error was encountered while running the model: Post "http://127.0.0.1:39423/completion": EOF';
  scriptFor(/CoPE/, { reply: `CoPE expands the context window [1]. ${distinctRepeats('More words follow here.', 20)}`, failAfterChunks: 12, errorMessage: runnerError });
  const { m } = await ask('What does CoPE expand?');
  assert.match(footerOf(m), /^Written by/);
  assert.match(m.embeds[0]!.description!, /^CoPE expands the context window \[1\]/);
  assert.equal(noteOf(m), 'The model stopped with an error part-way, so the answer is cut off.');
  assertMembersSeeNoOperatorDetail(m);
  assert.ok(h.log.lines.some((l) => l.msg === 'answer cut off' && String(l.fields.error).includes(runnerError)), 'the server\'s words are in the log');
  await modelIsBack();
});

test(`stalled part-way past OLLAMA_TIMEOUT_MS = ${TIMEOUT_MS} ms: the part written so far, cut off, saying so without the setting`, async () => {
  scriptFor(/SciVideoBench/, { reply: `SciVideoBench tests scientific video reasoning [1]. ${distinctRepeats('It has more to say.', 20)}`, hangAfterChunks: 10 });
  const { m } = await ask('What is SciVideoBench?');
  assert.match(footerOf(m), /^Written by/);
  assert.match(m.embeds[0]!.description!, /^SciVideoBench tests scientific video reasoning \[1\]/);
  assert.equal(noteOf(m), `The model was stopped after ${TIMEOUT_MS / 1000}.0 s, so the answer is cut off.`);
  assertMembersSeeNoOperatorDetail(m);
  await modelIsBack();
});

test(`slow to the first token (beyond OLLAMA_FIRST_TOKEN_TIMEOUT_MS = ${FIRST_TOKEN_TIMEOUT_MS} ms): the extractive answer, saying to try again (the setting is the operator's), in time`, async () => {
  scriptFor(/ProactiveLLM/, { firstTokenDelayMs: TIMEOUT_MS * 2 });
  const { m, ms } = await ask('What does ProactiveLLM propose?');
  assert.match(footerOf(m), /^Extractive/);
  assert.match(noteOf(m), /did not start answering within 500 ms .*so this answer is quoted from the abstracts\. Try again shortly\. A server admin can see why in \/status\.$/);
  assertMembersSeeNoOperatorDetail(m);
  assert.ok(ms < TIMEOUT_MS, `${ms} ms`);
  await modelIsBack();
});

test('busy (503) on every try: retried once, then the extractive answer saying so', async () => {
  const before = server.chats.length;
  scriptFor(/MentisOculi/, { status: 503 });
  const { m } = await ask('What does MentisOculi evaluate?');
  assert.match(footerOf(m), /^Extractive/);
  assert.match(noteOf(m), /^The Ollama server stayed busy after 2 attempts, so this answer is quoted from the abstracts\. Try again in a minute\. A server admin can see why in \/status\.$/);
  assertMembersSeeNoOperatorDetail(m);
  assert.equal(server.chats.slice(before).filter((c) => /MentisOculi/.test(questionOf(c))).length, 2, 'OLLAMA_BUSY_RETRIES = 1');
  await modelIsBack();
});

test('404 for the model: the extractive answer, saying no model is available (the ollama pull command is for the operator)', async () => {
  scriptFor(/PhaseCoder/, { status: 404, errorMessage: "model 'llama3.2:3b' not found" });
  const { m } = await ask('What does PhaseCoder localize?');
  assert.match(footerOf(m), /^Extractive/);
  assert.match(noteOf(m), /^The chat model llama3\.2:3b is not installed on the Ollama server, so this answer is quoted from the abstracts\. A server admin can see why in \/status\.$/);
  assertMembersSeeNoOperatorDetail(m);
  assert.match(String(h.service.modelStatus().detail), /ollama pull llama3\.2:3b/, 'the command is in /status');
  await modelIsBack();
});

test('a line that is not JSON in the stream: skipped, and the rest of the answer shown whole', async (t) => {
  const warnings: unknown[][] = [];
  // The ollama client reports the skipped line with console.warn; keep it out of the test output.
  t.mock.method(console, 'warn', (...args: unknown[]) => void warnings.push(args));
  const reply = 'VEQ quantizes the visual tokens into a small codebook [1].';
  scriptFor(/VEQ/, { reply, malformed: true });
  const { m } = await ask('What does VEQ quantize?');
  assert.match(footerOf(m), /^Written by/);
  assert.equal(m.embeds[0]!.description, reply);
  assert.equal(noteOf(m), '');
  assert.ok(warnings.some((w) => /invalid json/.test(String(w[0]))), 'the line was skipped by the client');
  await modelIsBack();
});

test('an empty answer: the extractive answer, saying the model wrote nothing', async () => {
  scriptFor(/cMoLLM/, { empty: true });
  const { m } = await ask('What is cMoLLM?');
  assert.match(footerOf(m), /^Extractive/);
  assert.match(noteOf(m), /llama3\.2:3b wrote nothing, so this answer is quoted from the abstracts/);
  assertMembersSeeNoOperatorDetail(m);
  await modelIsBack();
});

test('through all of it: one bot session, no error replies, nobody pinged', () => {
  assert.equal(h.emu.identifyCount, 1);
  assert.deepEqual(h.emu.surprises(), []);
  assert.ok(!h.emu.botMessages().some((m) => /Something went wrong/.test(textOf(m))));
  assertNoPings(h.emu);
});

test('Ollama embeddings chosen at start-up, then the server stops: /ask and /related still answer, searched by words, saying so without the server or a setting; off-topic is still refused', async () => {
  const embedding = await startHarness({ ollama: true, env: { EMBEDDINGS: 'auto', OLLAMA_CONNECT_TIMEOUT_MS: '300', ANSWER_CACHE_SIZE: '0' } });
  after(() => embedding.close());
  assert.equal(embedding.service.info().embedder, 'ollama-nomic-embed-text-768');
  await embedding.ollama!.stop();
  const ask = async (question: string) => (await embedding.emu.slashCommand('ask', { question }, { user: embedding.user() })).waitForOriginal((m) => isAnswer(m) || m.embeds.length > 0, TIMEOUT_MS + 3000);
  const wordsOnly = "The papers were searched by the question's words only, not by its meaning: the embedding model did not answer.";
  const m = await ask('How do models reason with mental imagery?');
  assert.match(footerOf(m), /^Extractive/, textOf(m));
  assert.match(m.embeds[0]!.description!, /\[1\]/);
  // With the chat model down too, both are said, and where to see why.
  assert.ok(noteOf(m).startsWith(`${wordsOnly} `), noteOf(m));
  assert.match(noteOf(m), /A server admin can see why in \/status\.$/);
  const offTopic = await ask('What is the capital of France?');
  assert.match(textOf(offTopic), /None of the indexed papers covers this question/);
  const related = await (await embedding.emu.slashCommand('related', { paper_or_topic: 'spatial audio for microphone arrays' }, { user: embedding.user() })).waitForOriginal((x) => x.embeds.length > 0, TIMEOUT_MS + 3000);
  assert.ok(noteOf(related).startsWith(wordsOnly), textOf(related));
  for (const reply of [m, offTopic, related]) assert.doesNotMatch(textOf(reply), /Something went wrong|127\.0\.0\.1|OLLAMA_|EMBEDDINGS|ollama serve/);
  assert.equal(embedding.log.lines.filter((l) => l.msg.startsWith('Ollama embeddings failed')).length, 1, embedding.log.text());
  // The note's "A server admin can see why in /status" is true: /status says why to admins, and only that it happens to members.
  const status = async (memberPermissions?: bigint) => {
    const it = await embedding.emu.slashCommand('status', {}, { user: embedding.user(), ...(memberPermissions ? { memberPermissions } : {}) });
    const m = await it.waitForOriginal((x) => x.embeds.length > 0, TIMEOUT_MS + 3000);
    return m.embeds[0]!.fields!.find((f) => f.name === 'Embedder')!.value;
  };
  const forAdmin = await status(Perm.ManageGuild | Perm.ViewChannel);
  assert.match(forAdmin, /Searching by words only: the embedding model does not answer\. Ollama at http:\/\/127\.0\.0\.1:\d+ did not answer an embedding request .*Start Ollama \(ollama serve\)/);
  const forMember = await status();
  assert.match(forMember, /Searching by words only: the embedding model does not answer\.$/);
  assert.doesNotMatch(forMember, /127\.0\.0\.1|OLLAMA_|ollama serve/);
});
