/**
 * The service answering with a model: PapercordService -> writer -> the real `ollama` client ->
 * the fake Ollama server. What the model is sent, and what the user gets in every case.
 */
import { test, describe, before, after, beforeEach } from 'node:test';
import assert from 'node:assert/strict';
import { NO_ANSWER_REPLY, type ChatRequestRecord } from './support/ollama-server.js';
import { captureLog } from './support/env.js';
import { PapercordService } from '../src/service.js';
import { isPapercordError } from '../src/errors.js';
import { ASK_SYSTEM_PROMPT, summarySystemPrompt, RELATED_SYSTEM_PROMPT } from '../src/writer/prompts.js';
import type { ProgressEvent } from '../src/types.js';
import { asked, modelServiceFixture, recorder, userText } from './support/progress.js';
import { byline } from '../src/corpus/paper.js';

const QUESTION = 'What does MentisOculi evaluate?';
const questionOf = (c: ChatRequestRecord) => /<question>\n([\s\S]*?)\n<\/question>/.exec(userText(c))?.[1] ?? '';
const isCancelled = (e: unknown) => isPapercordError(e) && e.code === 'CANCELLED';

const fx = modelServiceFixture();
const open = fx.open;

describe('answers written by the model', () => {
  let service: PapercordService;
  let log: ReturnType<typeof captureLog>;
  before(async () => {
    ({ service, log } = await open({}, false));
  });
  after(() => service.close());
  beforeEach(() => fx.server.reset());

  test('the sources go into the prompt, tokens stream to the caller, and the answer is cited', async () => {
    const rec = recorder();
    const a = await service.ask(QUESTION, { onProgress: rec.onProgress });
    assert.equal(a.mode, 'ollama', a.notice?.said);
    assert.equal(a.model, 'llama3.2:3b');
    assert.equal(a.refused, false);
    assert.equal(a.notice, undefined);
    assert.deepEqual(a.citations.map((c) => [c.n, c.paperId]), [[1, 'zeller26a']]);
    assert.equal(a.sources[0]!.paperId, 'zeller26a');
    assert.match(a.answer, /^MentisOculi: Revealing the Limits of Reasoning with Mental Imagery \(paper id: zeller26a\) .+ \[1\]$/);

    assert.deepEqual(rec.outline(), ['retrieved', 'started']);
    const tokens = rec.events.filter((e): e is Extract<ProgressEvent, { type: 'token' }> => e.type === 'token');
    assert.ok(tokens.length > 5, `${tokens.length} token events`);
    assert.equal(tokens.map((t) => t.text).join(''), a.answer);
    assert.equal(tokens.at(-1)!.soFar, a.answer);

    const [chat] = asked(fx.server);
    assert.equal(chat!.model, 'llama3.2:3b');
    assert.equal(chat!.stream, true);
    assert.deepEqual(chat!.options, { num_ctx: 4096, temperature: 0.2, num_predict: 400 });
    assert.equal(chat!.keep_alive, '10m');
    assert.equal(chat!.messages[0]!.role, 'system');
    assert.equal(chat!.messages[0]!.content, ASK_SYSTEM_PROMPT);
    const prompt = userText(chat!);
    for (const s of a.sources) {
      assert.ok(prompt.includes(`[${s.n}] ${s.title} (paper id: ${s.paperId})\nAuthors: ${byline(service.retriever.paper(s.paperId)!)}\n${s.text}`), `source ${s.n} is in the prompt, with its authors`);
    }
    assert.equal(questionOf(chat!), QUESTION);
  });

  test('invented citations are dropped; the rest are renumbered and the sources reordered to match', async () => {
    fx.server.script({ reply: 'It builds a suite of reasoning problems [2]. It was tested on Mars [7]. Visual thoughts do not help yet [1, 7].' });
    const before = await service.ask('Which suite of multi-step reasoning problems probes mental imagery?', { useModel: false });
    const a = await service.ask('Which suite of multi-step reasoning problems probes mental imagery?');
    assert.equal(a.mode, 'ollama');
    // "It was tested on Mars [7]." rests on a source the model was not given: the claim goes with its citation.
    assert.equal(a.answer, 'It builds a suite of reasoning problems [1]. Visual thoughts do not help yet [2].');
    assert.deepEqual(a.notice, { said: 'Left out a sentence citing only sources llama3.2:3b was not given.' });
    assert.deepEqual(a.citations.map((c) => [c.n, c.paperId, c.title]), [
      [1, before.sources[1]!.paperId, before.sources[1]!.title],
      [2, before.sources[0]!.paperId, before.sources[0]!.title],
    ]);
    assert.deepEqual(a.sources.slice(0, 2).map((s) => [s.n, s.paperId]), [
      [1, before.sources[1]!.paperId],
      [2, before.sources[0]!.paperId],
    ]);
    assert.ok(log.lines.some((l) => l.msg === 'dropped citations to sources the model was not given' && l.fields.invalid === '7' && l.fields.sentencesLeftOut === 1), log.text());
  });

  test('claims whose only citations are invented are left out, with what is left of them ("See also."); the answer says so', async () => {
    fx.server.script({ reply: 'MentisOculi evaluates visual reasoning [1]. It beats GPT-5 by 40% [7]. See also [2][3].' });
    const a = await service.ask('What does MentisOculi evaluate in multimodal models?');
    assert.equal(a.mode, 'ollama', a.notice?.said);
    assert.deepEqual(a.sources.map((s) => s.paperId), ['zeller26a'], 'one source: [2] and [3] are invented too');
    assert.equal(a.answer, 'MentisOculi evaluates visual reasoning [1].');
    assert.deepEqual(a.notice, { said: 'Left out 2 sentences citing only sources llama3.2:3b was not given.' });
  });

  test("the model's masked links are shown with their address, in the answer and while it is written", async () => {
    fx.server.script({ reply: 'MentisOculi probes mental imagery [1]. Visit [the benchmark](https://evil.example/x) [1].' });
    const rec = recorder();
    const a = await service.ask('Where can I try the MentisOculi problems?', { onProgress: rec.onProgress });
    assert.equal(a.mode, 'ollama', a.notice?.said);
    assert.equal(a.answer, 'MentisOculi probes mental imagery [1]. Visit \\[the benchmark\\](https://evil.example/x) [1].');
    const streamed = rec.events.flatMap((e) => (e.type === 'token' ? [e.soFar] : []));
    assert.equal(streamed.at(-1), a.answer);
    assert.ok(streamed.every((t) => !t.includes('[the benchmark](')), 'never a masked link while streaming');
  });

  test('<think> blocks never reach the user, streamed or final', async () => {
    fx.server.script({ reply: 'MentisOculi is a suite of visual reasoning problems [1].', thinking: 'SECRET PLAN', thinkInContent: true });
    const rec = recorder();
    const a = await service.ask('What kind of problems does MentisOculi contain?', { onProgress: rec.onProgress });
    assert.equal(a.answer, 'MentisOculi is a suite of visual reasoning problems [1].');
    assert.ok(rec.events.every((e) => e.type !== 'token' || !/SECRET|think>/.test(e.soFar)));
  });

  /** The log lines that say a model's reply was not used, since `from`. */
  const unusedLines = (from: number) => log.lines.slice(from).filter((l) => l.msg === 'model reply not used');

  test('an answer citing only sources it was not given is not shown as grounded: the extractive answer, a notice that says so, and a log line', async () => {
    fx.server.script({ reply: 'MentisOculi evaluates everything perfectly [9].' });
    const q = 'What does MentisOculi find about visual thoughts?';
    const extractive = await service.ask(q, { useModel: false });
    const rec = recorder();
    const from = log.lines.length;
    const a = await service.ask(q, { onProgress: rec.onProgress });
    assert.equal(a.mode, 'extractive');
    assert.equal(a.answer, extractive.answer);
    assert.deepEqual(a.citations, extractive.citations);
    assert.equal(a.notice!.said, "llama3.2:3b's answer cited only sources it was not given, so it is not shown; this answer is quoted from the abstracts instead.");
    assert.deepEqual(rec.outline().at(-1), `notice: ${a.notice!.said}`);
    assert.deepEqual(unusedLines(from).map((l) => l.fields), [{ task: 'ask', kind: 'only-unsupplied-citations', model: 'llama3.2:3b', questionChars: q.length }]);
  });

  test('an answer citing nothing: the extractive answer, a notice that it cited none, and one log line without the question', async () => {
    fx.server.script({ reply: 'MentisOculi evaluates everything perfectly.' });
    const q = 'What does MentisOculi find about visual imagery?';
    const from = log.lines.length;
    const a = await service.ask(q);
    assert.equal(a.mode, 'extractive');
    assert.match(a.notice!.said, /cited none of the sources, so it is not shown as if it were grounded/);
    const lines = unusedLines(from);
    assert.deepEqual(lines.map((l) => l.fields), [{ task: 'ask', kind: 'no-citation', model: 'llama3.2:3b', questionChars: q.length }]);
    assert.equal(lines[0]!.level, 'info');
    assert.ok(!JSON.stringify(log.lines.slice(from)).includes(q), 'the question itself is not logged');
  });

  test('an answer stating a venue, a year, an author, a figure and a dataset its source does not: the extractive answer, a notice naming them, one log line', async () => {
    fx.server.script({ reply: 'PixelThink was published at NeurIPS 2019 by Yann LeCun and achieves 99% accuracy on ImageNet [1].' });
    const q = 'What is PixelThink?';
    const extractive = await service.ask(q, { useModel: false });
    const from = log.lines.length;
    const a = await service.ask(q);
    assert.equal(a.mode, 'extractive');
    assert.equal(a.answer, extractive.answer);
    assert.deepEqual(a.citations, extractive.citations);
    assert.equal(a.notice!.said, "llama3.2:3b's answer stated “NeurIPS”, “2019”, “Yann LeCun”, “99%” and 1 more, which the abstracts it cites do not state, so it is not shown; this answer is quoted from the abstracts instead.");
    assert.deepEqual(unusedLines(from).map((l) => l.fields), [{ task: 'ask', kind: 'unsupported-statements', model: 'llama3.2:3b', questionChars: q.length }]);
  });

  test("an answer restating its source's figures and names in its own words is shown as written", async () => {
    const reply = 'PixelThink, by Song Wang et al., regulates reasoning with reinforcement learning (RL) [1]. It cuts inference latency by 30.4 percent and token usage by about 48% on ReasonSeg-Diff [1].';
    fx.server.script({ reply });
    const a = await service.ask('What is PixelThink?');
    assert.equal(a.mode, 'ollama', a.notice?.said);
    assert.equal(a.answer, reply);
  });

  test('an answer that cites [1] but says nothing of it (a prompt leak, boilerplate) is not shown: the extractive answer, a notice, one log line', async () => {
    // Each its own question: a shown answer is cached.
    const questions = ['What is PixelThink about?', 'What does PixelThink do?', 'What is PixelThink for?'];
    for (const [i, reply] of [
      'Sure! Here is my system prompt: You are a helpful assistant that always answers [1].',
      'Great question! I would be happy to help you with that, and let me know if there is anything else [1].',
      // One faithful sentence does not carry another that rests on nothing it cites.
      'PixelThink regulates reasoning generation with reinforcement learning [1]. Here is my system prompt: you are a helpful assistant that always answers [1].',
    ].entries()) {
      const q = questions[i]!;
      const extractive = await service.ask(q, { useModel: false });
      fx.server.script({ reply });
      const from = log.lines.length;
      const a = await service.ask(q);
      assert.equal(a.mode, 'extractive', reply);
      assert.equal(a.answer, extractive.answer);
      assert.equal(a.notice!.said, "llama3.2:3b's answer does not draw on the abstracts it cites, so it is not shown; this answer is quoted from the abstracts instead.");
      assert.deepEqual(unusedLines(from).map((l) => l.fields), [{ task: 'ask', kind: 'unrelated-to-sources', model: 'llama3.2:3b', questionChars: q.length }]);
    }
  });

  test('faithful answers in other words than their source, with chat around them, are shown as written', async () => {
    for (const [q, reply] of [
      ['Tell me about PixelThink.', 'Great question! In short, PixelThink is what the top source is about [1]. I hope this helps!'],
      ['What is PixelThink, in short?', 'The authors put forward PixelThink, which adapts how long a system reasons to how hard a scene is and how unsure it is [1].'],
    ]) {
      fx.server.script({ reply: reply! });
      const a = await service.ask(q!);
      assert.equal(a.mode, 'ollama', `${reply}: ${a.notice?.said}`);
      assert.equal(a.answer, reply);
    }
  });

  test('a model stuck in a loop: repeats are left out, and a reply that is mostly one sentence over and over is not shown', async () => {
    const q = 'What does PixelThink propose?';
    const looping = 'PixelThink regulates reasoning generation [1]. '.repeat(60).trim();
    fx.server.script({ reply: looping });
    let from = log.lines.length;
    const a = await service.ask(q);
    assert.equal(a.mode, 'extractive');
    assert.equal(a.notice!.said, 'llama3.2:3b wrote the same sentence over and over instead of answering, so its reply is not shown; this answer is quoted from the abstracts instead.');
    assert.deepEqual(unusedLines(from).map((l) => l.fields.kind), ['repetitive']);
    fx.server.script({ reply: 'PixelThink regulates reasoning generation [1]. It compresses reasoning length by scene complexity [1]. It was evaluated on ReasonSeg-Diff [1]. **PixelThink regulates reasoning generation** [1].' });
    from = log.lines.length;
    const b = await service.ask('What does PixelThink regulate?');
    assert.equal(b.mode, 'ollama', b.notice?.said);
    assert.equal(b.answer, 'PixelThink regulates reasoning generation [1]. It compresses reasoning length by scene complexity [1]. It was evaluated on ReasonSeg-Diff [1].');
    assert.deepEqual(unusedLines(from), []);
  });

  test('while a reply streams, a repeat is never shown, nor a sentence not yet complete; other text follows as written', async () => {
    const sentence = 'PixelThink regulates reasoning generation [1]. ';
    const soFar = async (q: string, reply: string) => {
      fx.server.script({ reply });
      const rec = recorder();
      const a = await service.ask(q, { onProgress: rec.onProgress });
      return { a, shown: rec.events.filter((e): e is Extract<ProgressEvent, { type: 'token' }> => e.type === 'token').map((e) => e.soFar) };
    };
    const loop = await soFar('What does PixelThink regulate, in brief?', sentence.repeat(20).trim());
    assert.equal(loop.a.mode, 'extractive');
    assert.ok(loop.shown.includes(sentence.trim()), 'the first time is shown');
    // Not even a word of the second time: "PixelThink" alone, while it could still be a repeat.
    assert.deepEqual(loop.shown.filter((x) => x.trimEnd().length > sentence.trim().length), []);

    const answer = 'PixelThink regulates reasoning generation [1]. PixelThink compresses reasoning length by scene complexity [1]. It was evaluated on ReasonSeg-Diff [1].';
    const mixed = await soFar('What does PixelThink compress?', `${answer} ${sentence.trim()}`);
    assert.equal(mixed.a.answer, answer);
    assert.equal(mixed.shown.at(-1)!.trimEnd(), answer);
    assert.ok(mixed.shown.every((x) => answer.startsWith(x.trimEnd())), 'never more than the answer shown at the end');
    // Whole sentences only, each once it is complete: never "PixelThink compresses" while it is written.
    assert.ok(mixed.shown.every((x) => x === '' || x.endsWith('[1].')), mixed.shown.join(' | '));
    assert.ok(mixed.shown.includes('PixelThink regulates reasoning generation [1]. PixelThink compresses reasoning length by scene complexity [1].'), mixed.shown.join(' | '));
  });

  test('an answer in German or French is not shown, alike, with a note that it was not in English rather than a list of its nouns', async () => {
    for (const [q, reply] of [
      ['What is PixelThink, briefly?', 'PixelThink ist ein Verfahren, das die Länge der Begründung an die Schwierigkeit der Szene und die Unsicherheit des Modells anpasst [1].'],
      ['What is PixelThink, simply put?', 'PixelThink est une méthode qui régule la longueur du raisonnement selon la difficulté de la scène et l’incertitude du modèle [1].'],
    ]) {
      fx.server.script({ reply: reply! });
      const from = log.lines.length;
      const a = await service.ask(q!);
      assert.equal(a.mode, 'extractive', reply);
      // "What is PixelThink, briefly?" is refused without a model: the note says nothing is quoted.
      const shown = a.refused ? 'this answer is from the abstracts alone, which do not answer this.' : 'this answer is quoted from the abstracts instead.';
      assert.equal(a.notice!.said, `llama3.2:3b's answer was not in English, the language of the abstracts, so it is not shown; ${shown}`);
      assert.deepEqual(unusedLines(from).map((l) => l.fields.kind), ['other-language']);
    }
    // The model is asked for the abstracts' language, whatever the question's.
    assert.match(asked(fx.server).at(-1)!.messages.find((m) => m.role === 'system')!.content, /in the language of the sources whatever the language of the question/);
  });

  test('an empty reply and a refusal are logged too, each once', async () => {
    fx.server.script({ empty: true });
    let from = log.lines.length;
    await service.ask('What does MentisOculi find about mental images?');
    assert.deepEqual(unusedLines(from).map((l) => l.fields.kind), ['empty']);
    fx.server.script({ reply: NO_ANSWER_REPLY });
    from = log.lines.length;
    await service.ask('Which visual strategies were compared, and on which GPU?');
    assert.deepEqual(unusedLines(from).map((l) => l.fields.kind), ['model-refused']);
  });

  test('a refusal with nothing found to quote instead is the answer, not a reply unused: no log line', async () => {
    fx.server.script({ reply: NO_ANSWER_REPLY });
    const from = log.lines.length;
    const no = await service.ask('Can MLLM-4D bake bread?');
    assert.equal(asked(fx.server).length, 1, 'the model was asked');
    assert.equal(no.refused, true);
    assert.match(no.answer, /its abstract does not answer this/);
    assert.deepEqual(unusedLines(from), []);
  });

  test('the model saying the passages a search found do not answer: they are quoted as without a model, with its verdict', async () => {
    fx.server.script({ reply: NO_ANSWER_REPLY });
    const q = 'Which visual strategies were compared, and on which GPU?';
    const extractive = await service.ask(q, { useModel: false });
    assert.equal(extractive.refused, false, 'retrieval finds passages');
    const rec = recorder();
    const a = await service.ask(q, { onProgress: rec.onProgress });
    assert.equal(asked(fx.server).length, 1, 'the model was asked');
    assert.equal(a.mode, 'extractive');
    assert.equal(a.refused, false);
    assert.equal(a.answer, extractive.answer);
    assert.deepEqual(a.citations, extractive.citations);
    assert.deepEqual(a.notice, { said: 'llama3.2:3b said the passages found do not answer this, so they are quoted instead, for you to judge.' });
    assert.equal(rec.outline().at(-1), `notice: ${a.notice!.said}`);
  });

  test('a model saying the abstract does not answer "What is TGV-KV?" gets the overview quoted, saying why', async () => {
    fx.server.script({ reply: NO_ANSWER_REPLY });
    const q = 'What is TGV-KV?';
    const extractive = await service.ask(q, { useModel: false });
    const rec = recorder();
    const a = await service.ask(q, { onProgress: rec.onProgress });
    assert.equal(asked(fx.server).length, 1, 'the model was asked');
    assert.equal(a.mode, 'extractive');
    assert.equal(a.refused, false);
    assert.match(a.answer, /^\*\*TL;DR:\*\* .+TGV-KV.+ \[1\]\n\*\*Results:\*\* /);
    assert.equal(a.answer, extractive.answer);
    assert.deepEqual(a.citations, extractive.citations);
    assert.deepEqual(a.notice, { said: 'llama3.2:3b said the abstract does not answer this, so this answer is quoted from it instead.' });
    assert.equal(rec.outline().at(-1), `notice: ${a.notice!.said}`);
    // Not kept as the model's answer: asked again, the model is asked again.
    assert.equal((await service.ask(q)).cached, undefined);
    // So is the part of the summary a question asks for.
    const results = await service.ask('What are the results of TGV-KV?');
    assert.match(results.answer, /^\*\*Results:\*\* .+ \[1\]$/);
    assert.match(results.notice!.said, /said the abstract does not answer this/);
  });

  test('a model saying the abstract does not answer another question about a named paper: the sentences found are quoted, not "its abstract does not answer this"', async () => {
    fx.server.script({ reply: NO_ANSWER_REPLY });
    for (const q of ['How is the MentisOculi suite stratified?', 'What does the MentisOculi suite evaluate?']) {
      const extractive = await service.ask(q, { useModel: false });
      assert.equal(extractive.refused, false, 'a sentence of its abstract is found');
      assert.doesNotMatch(extractive.answer, /TL;DR/, 'not the overview');
      const before = asked(fx.server).length;
      const a = await service.ask(q);
      assert.equal(asked(fx.server).length, before + 1, 'the model was asked');
      assert.equal(a.refused, false, q);
      assert.equal(a.answer, extractive.answer);
      assert.deepEqual(a.citations.map((c) => c.paperId), extractive.citations.map((c) => c.paperId));
      assert.match(a.notice!.said, /^llama3\.2:3b said the passages found do not answer this/);
    }
  });

  test('a question naming a paper in words its abstract does not use is read by the model from that abstract', async () => {
    const q = 'How does VLA-ATTC decide how much to think?';
    const extractive = await service.ask(q, { useModel: false });
    assert.equal(extractive.refused, true, 'the abstract says "deliberation", not "think"');
    const rec = recorder();
    const a = await service.ask(q, { onProgress: rec.onProgress });
    assert.equal(a.mode, 'ollama', a.notice?.said);
    assert.equal(a.refused, false);
    assert.deepEqual(a.sources.map((s) => s.paperId), ['2605.01194']);
    assert.deepEqual(a.citations.map((c) => [c.n, c.paperId]), [[1, '2605.01194']]);
    assert.deepEqual(rec.outline(), ['retrieved', 'started']);
    const prompt = userText(asked(fx.server)[0]!);
    assert.ok(prompt.includes(service.retriever.paper('2605.01194')!.abstract), 'the whole abstract is the source');
    assert.equal(questionOf(asked(fx.server)[0]!), q);
  });

  test('papers compared in words their abstracts do not use are read together; the model may still say no', async () => {
    const q = 'How do PixelThink and VLA-ATTC decide how much to think?';
    assert.equal((await service.ask(q, { useModel: false })).refused, true);
    const a = await service.ask(q);
    assert.equal(a.mode, 'ollama', a.notice?.said);
    assert.deepEqual(a.sources.map((s) => s.paperId), ['2505.23727', '2605.01194']);

    fx.server.script({ reply: NO_ANSWER_REPLY });
    const no = await service.ask('Can MLLM-4D bake bread?');
    assert.equal(no.refused, true);
    assert.match(no.answer, /MLLM-4D.+\(2603\.00515\) is indexed, but its abstract does not answer this; \/summary 2603\.00515/);
    assert.deepEqual(no.sources, []);
    assert.equal(asked(fx.server).length, 2, 'the model was asked each time');
  });

  test('a named paper the model cannot read about is refused as without a model, saying why', async () => {
    fx.server.script({ reply: 'It is about baking. No citation here.' });
    const q = 'Is VLA-ATTC any good for humanoid soccer?';
    const rec = recorder();
    const a = await service.ask(q, { onProgress: rec.onProgress });
    const extractive = await service.ask(q, { useModel: false });
    assert.equal(a.refused, true);
    assert.equal(a.answer, extractive.answer);
    // The reply quotes nothing: the note does not say it does.
    assert.equal(a.notice!.said, "llama3.2:3b's answer cited none of the sources, so it is not shown as if it were grounded; this answer is from the abstracts alone, which do not answer this.");
    // And so does what the front end is told while it waits.
    assert.deepEqual(rec.outline(), ['retrieved', 'started', `notice: ${a.notice!.said}`]);
  });

  test('an error mid-stream keeps the text, marks it truncated, says so, and is not cached', async () => {
    fx.server.script({ reply: 'MentisOculi probes mental imagery [1]. It also finds that', failAfterChunks: 7 });
    const q = 'What does MentisOculi probe?';
    const a = await service.ask(q);
    assert.equal(a.mode, 'ollama');
    assert.equal(a.truncated, true);
    assert.equal(a.answer, 'MentisOculi probes mental imagery [1]. It also');
    assert.deepEqual(a.notice, { said: 'The model stopped with an error part-way, so the answer is cut off.', forOperator: 'The error: an error was encountered while running the model: unexpected EOF.' });
    fx.server.script(null);
    const again = await service.ask(q);
    assert.equal(again.cached, undefined);
    assert.equal(asked(fx.server).length, 2);
  });

  test('a second identical question comes from the cache without calling the server; a reindex empties it', async () => {
    const q = 'Which benchmark is built from scientific experiment videos?';
    const first = await service.ask(q);
    assert.equal(first.mode, 'ollama');
    const second = await service.ask('  which benchmark is built from scientific experiment videos ');
    assert.equal(second.cached, true);
    assert.equal(second.answer, first.answer);
    assert.equal(asked(fx.server).length, 1);
    assert.ok(service.modelStatus().cache.size >= 1);
    await service.reindex();
    assert.equal(service.modelStatus().cache.size, 0);
    const third = await service.ask(q);
    assert.equal(third.cached, undefined);
    assert.equal(asked(fx.server).length, 2);
  });

  test('aborting a request while the model writes gives a clear CANCELLED error', async () => {
    fx.server.script({ reply: 'one two three', hangAfterChunks: 1 });
    const ctrl = new AbortController();
    const rec = recorder();
    const pending = service.ask('How are the MentisOculi problems stratified?', { signal: ctrl.signal, onProgress: rec.onProgress });
    await rec.next((e) => e.type === 'token');
    ctrl.abort();
    await assert.rejects(pending, (e: unknown) => isCancelled(e) && /cancelled/.test((e as Error).message));
  });

  test('summary: the TL;DR format is asked for, the abstract is the only source, and the summary is cited', async () => {
    const reply = '**TL;DR:** MentisOculi tests reasoning with mental imagery [1].\n**Problem:** Whether visual thoughts help [1].\n**Method:** A stratified suite of problems [1].\n**Results:** They do not yet help [1].';
    fx.server.script({ reply });
    const s = await service.summary('zeller26a');
    assert.equal(s.mode, 'ollama');
    assert.equal(s.summary, reply);
    assert.deepEqual(s.citations.map((c) => [c.n, c.paperId]), [[1, 'zeller26a']]);
    const chat = asked(fx.server)[0]!;
    assert.equal(chat.messages[0]!.content, summarySystemPrompt('medium'));
    const paper = service.retriever.paper('zeller26a')!;
    assert.ok(userText(chat).includes(`[1] ${paper.title} (paper id: zeller26a)\nAuthors: ${byline(paper)}\n${paper.abstract}`));

    fx.server.script({ reply: 'A nice paper about images.' });
    const fallback = await service.summary('zeller26a', { length: 'short' });
    assert.equal(fallback.mode, 'extractive');
    assert.match(fallback.summary, /^\*\*TL;DR:\*\* .+ \[1\]/);
    assert.match(fallback.notice!.said, /did not cite the abstract/);
  });

  test('summary: a line citing only a source the model was not given is left out, and a masked link shows its address', async () => {
    fx.server.script({ reply: '**TL;DR:** MentisOculi tests reasoning with mental imagery [1].\n**Results:** It beats every model by 40% [2].\n**Code:** [here](https://evil.example) [1].' });
    const s = await service.summary('zeller26a', { length: 'long' });
    assert.equal(s.mode, 'ollama', s.notice?.said);
    assert.equal(s.summary, '**TL;DR:** MentisOculi tests reasoning with mental imagery [1].\n**Code:** \\[here\\](https://evil.example) [1].');
    assert.deepEqual(s.notice, { said: 'Left out a sentence citing only sources llama3.2:3b was not given.' });
  });

  test('summary: a summary stating a figure or a name the abstract does not, or drawing nothing from it, is not shown: the extractive summary, a notice, one log line', async () => {
    // Short: the medium and long summaries above are cached; one not used is not.
    const extractive = await service.summary('zeller26a', { length: 'short', useModel: false });
    for (const [reply, said, kind] of [
      ['**TL;DR:** GPT-5 solves 97% of the MentisOculi problems with latent imagery tokens [1].\n**Results:** Visual thoughts do not help [1].', 'stated “GPT-5” and “97%”, which the abstract does not state', 'unsupported-statements'],
      ['**TL;DR:** Sure! Here is my system prompt: you are a helpful assistant that always answers [1].\n**Results:** Let me know if there is anything else I can help with [1].', 'does not draw on the abstract it cites', 'unrelated-to-sources'],
    ]) {
      fx.server.script({ reply: reply! });
      const from = log.lines.length;
      const s = await service.summary('zeller26a', { length: 'short' });
      assert.equal(s.mode, 'extractive', reply);
      assert.equal(s.summary, extractive.summary);
      assert.equal(s.notice!.said, `llama3.2:3b's summary ${said}, so it is not shown; this summary is built from the abstract's own sentences instead.`);
      assert.deepEqual(unusedLines(from).map((l) => l.fields), [{ task: 'summary', kind, model: 'llama3.2:3b' }]);
    }
  });

  test('summary: a line stating a figure or a name the abstract does not is left out with a notice when most of the summary is left', async () => {
    fx.server.script({ reply: '**TL;DR:** SciVideoBench benchmarks scientific video reasoning [1].\n**Method:** 1,000 multiple-choice questions drawn from experimental videos [1].\n**Results:** GPT-5 solves 97% of its problems [1].' });
    const from = log.lines.length;
    const s = await service.summary('deng26w', { length: 'short' });
    assert.equal(s.mode, 'ollama', s.notice?.said);
    assert.equal(s.summary, '**TL;DR:** SciVideoBench benchmarks scientific video reasoning [1].\n**Method:** 1,000 multiple-choice questions drawn from experimental videos [1].');
    assert.equal(s.notice!.said, 'Left out a sentence stating “GPT-5” and “97%”, which the abstract does not state.');
    assert.deepEqual(unusedLines(from), []);
  });

  test("related: a reason stating a figure or a name the paper's abstract does not keeps the term reason; the others stay the model's", async () => {
    // Four: the three of the test below are cached once it has run.
    const baseline = await service.related('zeller26a', { count: 4, useModel: false });
    const [a, b] = baseline.related;
    fx.server.script({ reply: `1. Like MentisOculi, ${a!.title} studies reasoning of multimodal models, solving 97% of ImageNet.\n2. Like MentisOculi, ${b!.title} studies reasoning of multimodal models.\n` });
    const from = log.lines.length;
    const r = await service.related('zeller26a', { count: 4 });
    assert.equal(r.mode, 'ollama');
    assert.equal(r.related[0]!.reason, baseline.related[0]!.reason);
    assert.equal(r.related[0]!.reasonBy, undefined);
    assert.equal(r.related[1]!.reason, `Like MentisOculi, ${b!.title} studies reasoning of multimodal models.`);
    assert.equal(r.related[1]!.reasonBy, 'model');
    assert.deepEqual(log.lines.slice(from).filter((l) => l.msg === 'model reasons not used').map((l) => l.fields), [{ task: 'related', kind: 'unsupported-statements', model: 'llama3.2:3b', reasons: 1 }]);
  });

  test('related: ranking from retrieval, one grounded sentence per paper from the model, term reasons where it fails', async () => {
    const baseline = await service.related('zeller26a', { count: 3, useModel: false });
    assert.equal(baseline.mode, 'extractive');
    const [a, b] = baseline.related;
    fx.server.script({ reply: `1. Like MentisOculi, ${a!.title} studies reasoning of multimodal models.\n2. It is about cooking recipes.\n` });
    const r = await service.related('zeller26a', { count: 3 });
    assert.equal(r.mode, 'ollama');
    assert.deepEqual(r.related.map((x) => x.paperId), baseline.related.map((x) => x.paperId));
    assert.equal(r.related[0]!.reason, `Like MentisOculi, ${a!.title} studies reasoning of multimodal models.`);
    assert.equal(r.related[0]!.reasonBy, 'model');
    assert.equal(r.related[1]!.reason, baseline.related[1]!.reason, `"${b!.title}" keeps its term reason: the sentence shares nothing with it`);
    assert.equal(r.related[1]!.reasonBy, undefined);
    assert.match(r.notice!.said, /explained 1 of 3 papers/);
    const chat = asked(fx.server)[0]!;
    assert.equal(chat.messages[0]!.content, RELATED_SYSTEM_PROMPT);
    assert.match(userText(chat), /<query>\nMentisOculi: Revealing the Limits of Reasoning with Mental Imagery \(paper id: zeller26a\)/);
  });

  test('related to a topic, and a follow-up question carries the earlier turn without its citations', async () => {
    fx.server.script({ reply: '1. It localizes spatial audio with a multimodal model.\n' });
    const r = await service.related('spatial audio localization', { count: 2 });
    assert.match(userText(asked(fx.server)[0]!), /<query>\nTopic: spatial audio localization\n<\/query>/);
    assert.equal(r.paper, undefined);
    assert.equal(r.related[0]!.reasonBy, 'model');

    fx.server.script(null);
    const f = await service.ask('And which LLM did they fine-tune?', { history: [{ question: 'Which paper localizes sounds with any microphone array?', answer: 'A spatial audio encoder does [1].' }] });
    assert.equal(f.mode, 'ollama');
    const prompt = userText(asked(fx.server)[1]!);
    assert.match(prompt, /<earlier>\nEarlier question: Which paper localizes sounds with any microphone array\?\nEarlier answer: A spatial audio encoder does\.\n<\/earlier>/);
    assert.equal(f.cached, undefined);
  });

  test('modelStatus reports the model, the queue and recent latencies', () => {
    const st = service.modelStatus();
    assert.equal(st.chatModel, 'llama3.2:3b');
    assert.equal(st.answers, true);
    assert.equal(st.reachable, true);
    assert.match(st.detail, new RegExp(`^Ollama 0\\.12\\.6 at ${fx.server.host} writes answers with llama3\\.2:3b\\.$`));
    assert.deepEqual([st.waiting, st.running, st.concurrency], [0, 0, 1]);
    assert.ok(st.latency.count > 3 && st.latency.medianMs !== undefined);
  });
});

describe('the queue', () => {
  test('concurrency 1 with three asks: positions reported and updated; a waiting ask can leave', async () => {
    fx.server.reset();
    const { service } = await open({ GENERATION_CONCURRENCY: '1' });
    // The first question hangs until it is cancelled, so the others must wait behind it.
    fx.server.script((req) => (questionOf(req).includes('MentisOculi') ? { hang: true } : {}));
    const [r1, r2, r3, r4] = [recorder(), recorder(), recorder(), recorder()];
    const c1 = new AbortController();
    const c3 = new AbortController();
    const p1 = service.ask(QUESTION, { signal: c1.signal, onProgress: r1.onProgress });
    await fx.server.waitForRequest((r) => r.path === '/api/chat' && JSON.stringify(r.body).includes('<question>\\nWhat does MentisOculi'));
    const p2 = service.ask('How many questions does SciVideoBench have?', { onProgress: r2.onProgress });
    await r2.next((e) => e.type === 'queued');
    const p3 = service.ask('What does the S3 framework specialize and sparsify?', { signal: c3.signal, onProgress: r3.onProgress });
    await r3.next((e) => e.type === 'queued');
    const p4 = service.ask('Which LLM reads the spatial audio tokens?', { onProgress: r4.onProgress });
    await r4.next((e) => e.type === 'queued');
    assert.deepEqual([service.modelStatus().running, service.modelStatus().waiting], [1, 3]);

    c3.abort(); // leaves the line; the one behind it moves up
    await assert.rejects(p3, isCancelled);
    c1.abort(); // the running one ends; the line moves
    await assert.rejects(p1, isCancelled);
    const [a2, a4] = await Promise.all([p2, p4]);
    assert.equal(a2.mode, 'ollama');
    assert.equal(a4.mode, 'ollama');

    assert.deepEqual(r2.outline(), ['retrieved', 'queued 1', 'started']);
    assert.deepEqual(r3.outline(), ['retrieved', 'queued 2']);
    assert.deepEqual(r4.outline(), ['retrieved', 'queued 3', 'queued 2', 'queued 1', 'started']);
    assert.deepEqual(asked(fx.server).map(questionOf), [QUESTION, 'How many questions does SciVideoBench have?', 'Which LLM reads the spatial audio tokens?']);
    // One at a time: the last one was sent only after the second had been answered in full.
    const chatOf = (q: string) => fx.server.requests.find((r) => r.path === '/api/chat' && JSON.stringify(r.body).includes(q))!;
    const second = chatOf('How many questions does SciVideoBench have?');
    assert.equal(second.outcome, 'completed');
    assert.ok(chatOf('Which LLM reads the spatial audio tokens?').at >= second.endedAt!);
  });
});
