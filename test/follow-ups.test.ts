/**
 * Follow-ups through the service, as a reply chain or the console asks them: after an answer
 * that lists or quotes several papers, after one about one paper, asking to go on, asking only
 * about an aspect of the paper, and counting the topic asked before.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { PapercordService } from '../src/service.js';
import { NO_TOPIC_NAMED } from '../src/answer/meta.js';
import { readableTex } from '../src/corpus/text.js';
import { splitSentences } from '../src/text/sentences.js';
import { escapeRegExp } from '../src/text/pattern.js';
import type { Turn } from '../src/types.js';
import { testSettings, builtIndexSettings, captureLog } from './support/env.js';
import { citedPapers as cited } from './support/answers.js';

const icml = await PapercordService.open(await testSettings({ CORPUS: 'icml2026' }), { log: captureLog(), writer: null });
const pmlr = await PapercordService.open(await builtIndexSettings({ CORPUS: 'pmlr-v306' }), { log: captureLog(), writer: null });

/** Asks each question in turn with the turns before it, as a reply chain does; returns the history and the last answer. */
async function converse(service: PapercordService, ...questions: string[]) {
  const history: Turn[] = [];
  let answer = await service.ask(questions[0]!, { useModel: false });
  for (const q of questions.slice(1)) {
    history.push({ question: answer.question, answer: answer.answer });
    answer = await service.ask(q, { useModel: false, history: [...history] });
  }
  return { history, answer };
}

test('after an answer that lists several papers, "it" is asked which one, naming them, and "they" is each of them', async () => {
  const count = await icml.ask('How many papers are about video?', { useModel: false });
  const listed = cited(count);
  assert.ok(listed.length >= 2, 'several papers are listed');
  const history = [{ question: count.question, answer: count.answer }];
  for (const q of ['Who wrote it?', 'When was it published?', 'What are its results?']) {
    const a = await icml.ask(q, { useModel: false, history });
    assert.equal(a.refused, true, q);
    assert.match(a.answer, /^Which paper\?/, q);
    for (const id of listed) assert.ok(a.answer.includes(`(${id})`), `${q} names ${id}: ${a.answer}`);
  }
  for (const q of ['Who wrote them?', 'When were they published?']) {
    const a = await icml.ask(q, { useModel: false, history });
    assert.deepEqual(cited(a), listed, q);
    // One byline per listed paper, each with its venue and year.
    assert.equal(a.answer.split('\n').filter((line) => / is by .*\(ICML 2026\)\. \[\d\]$/.test(line)).length, listed.length, a.answer);
  }
  // A question of its own is still refused as it is alone.
  for (const q of ['What is the capital of France?', 'Who are you?', 'How do I fix a dripping faucet?']) assert.equal((await icml.ask(q, { useModel: false, history })).refused, true, q);
  // A model's answer quotes no abstract word for word: which papers it cites is not guessed, so nothing is asked back.
  const written = [{ question: 'Which papers use GRPO?', answer: 'Two papers train with GRPO [1] and [2].' }];
  assert.doesNotMatch((await icml.ask('Who wrote it?', { useModel: false, history: written })).answer, /^Which paper\?/);
});

test('a turn that says which papers its answer cites is followed up on them, though its text lists and quotes none, as a model writes it', async () => {
  const grpo = cited(await icml.ask('Which papers use GRPO?', { useModel: false }));
  assert.equal(grpo.length, 2);
  const written = 'Two papers train with GRPO [1] and [2].';
  const bylines = await icml.ask('Who wrote them?', { useModel: false, history: [{ question: 'Which papers use GRPO?', answer: written, papers: grpo }] });
  assert.deepEqual(cited(bylines), grpo);
  for (const [i, id] of grpo.entries()) assert.match(bylines.answer.split('\n')[i]!, new RegExp(`^\\*\\*${escapeRegExp(icml.catalog.get(id)!.title)}\\*\\* is by .+\\(ICML 2026\\)\\. \\[${i + 1}\\]$`), bylines.answer);
  const results = await icml.ask('What are their results?', { useModel: false, history: [{ question: 'Which papers use GRPO?', answer: written, papers: grpo }] });
  assert.deepEqual(cited(results), grpo, results.answer);
  // Ids this index does not have are left out; with none it has, the text is read as before: it cites no paper it can trace, so the question is searched.
  const unknown = await icml.ask('Who wrote them?', { useModel: false, history: [{ question: 'Which papers use GRPO?', answer: written, papers: ['nosuch26a', grpo[0]!, 'nosuch26b', grpo[1]!] }] });
  assert.equal(unknown.answer, bylines.answer);
  const none = await icml.ask('Who wrote them?', { useModel: false, history: [{ question: 'Which papers use GRPO?', answer: written, papers: ['nosuch26a'] }] });
  assert.equal(none.answer, (await icml.ask('Who wrote them?', { useModel: false, history: [{ question: 'Which papers use GRPO?', answer: written }] })).answer);
  assert.notEqual(none.answer, bylines.answer);
});

test('"Who wrote them?" after a count or a search that quotes two papers gives both bylines', async () => {
  for (const first of ['How many papers mention GRPO?', 'Which papers use GRPO?']) {
    const before = await icml.ask(first, { useModel: false });
    assert.equal(cited(before).length, 2, first);
    const a = await icml.ask('Who wrote them?', { useModel: false, history: [{ question: first, answer: before.answer }] });
    assert.deepEqual(new Set(cited(a)), new Set(cited(before)), first);
    assert.equal(a.answer.split('\n').length, 2, a.answer);
  }
  // On 293 papers, every one the count lists.
  const { answer } = await converse(pmlr, 'How many papers mention GRPO?', 'Who wrote them?');
  assert.ok(cited(answer).length > 2);
  assert.equal(answer.answer.split('\n').length, cited(answer).length);
});

test("an author's list of several papers is followed up the same way, and their summaries' parts are each one's", async () => {
  const { history, answer: listing } = await converse(pmlr, "Kloft's papers");
  assert.ok(history.length === 0 && cited(listing).length === 2);
  const turn = [{ question: listing.question, answer: listing.answer }];
  assert.deepEqual(cited(await pmlr.ask('When were they published?', { useModel: false, history: turn })), cited(listing));
  assert.match((await pmlr.ask('Who wrote it?', { useModel: false, history: turn })).answer, /^Which paper\?.*\(abijuru26a\).*\(abijuru26b\)/s);
  // Neither abstract states limitations: said of both at once, citing neither.
  const limits = await pmlr.ask('What are their limitations?', { useModel: false, history: turn });
  assert.deepEqual([limits.refused, limits.citations], [true, []]);
  assert.match(limits.answer, /^The abstracts of .* \(abijuru26a\) and .* \(abijuru26b\) state no limitations/);
  // Results are each one's results, under each paper.
  const { answer: results } = await converse(icml, 'How many papers mention GRPO?', 'What are their results?');
  const lines = results.answer.split('\n');
  assert.equal(lines.filter((l) => /^\*\*Results:\*\* .* \[[12]\]$/.test(l)).length, 2, results.answer);
  assert.deepEqual(cited(results).length, 2);
});

test('"Tell me more" after an answer listing one paper goes on about it, as after "What is PhaseCoder?"', async () => {
  const { answer } = await converse(icml, "Dementyev's papers", 'Tell me more');
  assert.equal(answer.refused, false);
  assert.deepEqual(cited(answer), ['dementyev26a']);
  assert.equal(answer.answer, (await icml.ask('What is PhaseCoder?', { useModel: false })).answer);
});

test('going on shows more of the paper, a little at a time, until its whole abstract has been shown', async () => {
  const veq = icml.papers.find((p) => p.id === '2602.01037')!;
  const { history, answer } = await converse(icml, 'What is VEQ?', 'Tell me more', 'Go on', 'Why?');
  const turns = [...history, { question: answer.question, answer: answer.answer }];
  for (const [i, t] of turns.slice(1, -1).entries()) {
    assert.match(t.answer, /^\*\*(Problem|Method|Results|Limits):\*\* /, t.question);
    // Nothing shown before is shown again.
    const sentences = t.answer.split('\n').flatMap((line) => splitSentences(line.replace(/^\*\*\w+:\*\* /, '').replace(/ \[1\]$/, '')).map((x) => x.text));
    for (const earlier of turns.slice(0, i + 1)) for (const s of sentences) assert.ok(!earlier.answer.includes(s), `${t.question}: ${s}`);
  }
  assert.match(answer.answer, /^That is all the abstract of VEQ: .* \(2602\.01037\) says\. The paper itself says more, at https:\/\/arxiv\.org\/abs\/2602\.01037\.$/);
  // By then every sentence of the abstract but its links was shown.
  const shown = turns.map((t) => t.answer).join('\n');
  const missing = splitSentences(veq.abstract).map((s) => readableTex(s.text)).filter((s) => !shown.includes(s.replace(/^To bridge this gap, /, '')));
  assert.deepEqual(missing, []);
});

test('a second "go on" keeps to the papers and topic of the conversation', async () => {
  for (const first of ['Which papers study video?', 'Which papers study spatial audio?']) {
    const before = await icml.ask(first, { useModel: false });
    for (const q of ['Go on', 'Why?', 'What else?']) {
      const { answer } = await converse(icml, first, 'Tell me more', q);
      assert.equal(answer.refused, false, `${first} / ${q}`);
      assert.ok(cited(answer).every((id) => cited(before).includes(id)), `${first} / ${q}: ${answer.answer}`);
    }
  }
  // A question of its own is still refused as it is alone.
  for (const q of ['What is the capital of France?', 'Who are you?']) assert.equal((await converse(icml, 'What is VEQ?', 'Tell me more', q)).answer.refused, true, q);
  // After several papers, each one's next sentence, under its title.
  const { answer } = await converse(pmlr, "Kloft's papers", 'Tell me more');
  assert.match(answer.answer, /^\*\*Physics-Informed Residual Flows\*\* \(abijuru26a\) \[1\]: .+\n\*\*Heavy-tailed Physics-Informed Neural Networks\*\* \(abijuru26b\) \[2\]: .+$/);
});

test('a follow-up that asks only about an aspect is about the paper of the conversation, and says so when its abstract does not', async () => {
  const veq = '2602.01037';
  const first = await icml.ask('What is VEQ?', { useModel: false });
  const history = [{ question: first.question, answer: first.answer }];
  const ask = (q: string) => icml.ask(q, { useModel: false, history });
  const limits = await ask('And the limitations?');
  assert.deepEqual([limits.refused, limits.citations], [true, []]);
  assert.equal(limits.answer, 'The abstract of VEQ: Modality-Adaptive Quantization for MoE Vision-Language Models (2602.01037) states no limitations; the paper itself may, at https://arxiv.org/abs/2602.01037. /summary 2602.01037 shows what its abstract covers.');
  const code = await ask('Is there code?');
  assert.deepEqual(cited(code), [veq]);
  assert.match(code.answer, /^\*\*VEQ: .*\n.*\nIts abstract links no code or project page\.$/);
  const results = await ask('What about the results?');
  assert.deepEqual(cited(results), [veq]);
  assert.match(results.answer, /^\*\*Results:\*\* .*outperforms state-of-the-art baselines/);
  assert.deepEqual(cited(await ask('Is it better than previous methods?')), [veq]);
  assert.match((await ask('What about the method?')).answer, /^\*\*TL;DR:\*\* .*\n\*\*Method:\*\* /);
  assert.match((await ask('What datasets?')).answer, /^The abstract of VEQ: .* does not say; /);
  // A topic is not an aspect: it is searched for in every paper.
  assert.deepEqual(cited(await ask('What about audio?')), ['dementyev26a']);
  // The paper with code links it, from the abstract.
  const { answer: tgv } = await converse(icml, 'What is TGV-KV?', 'Is there code?');
  assert.match(tgv.answer, /Link in the abstract: https:\/\/github\.com\/Danielement321\/TGV-KV$/);
});

test('"How many such papers are there?" right after a question about a topic counts that topic', async () => {
  const count = (await icml.ask('How many papers study video?', { useModel: false })).answer;
  assert.match(count, /^4 of the 19 indexed papers mention video:/);
  for (const [first, q] of [
    ['Which papers study video?', 'How many such papers are there?'],
    ['Which papers study video?', 'How many papers are about it?'],
    ['How many papers study video?', 'How many papers are about it?'],
  ] as const) {
    const { answer } = await converse(icml, first, q);
    assert.equal(answer.answer, count, `${q} after ${first}`);
  }
  // Through a count that pointed back too; and after a question about no topic, which topic is asked.
  assert.equal((await converse(icml, 'Which papers study video?', 'How many papers are about it?', 'How many such papers are there?')).answer.answer, count);
  for (const first of ['What is VEQ?', 'What is the capital of France?']) assert.equal((await converse(icml, first, 'How many such papers are there?')).answer.answer, NO_TOPIC_NAMED, first);
});

test('"Who are their authors?" and "its authors?" point back as "Who wrote them?" and "Who wrote it?" do; "What do its authors propose?" still asks the abstract', async () => {
  const list = await converse(icml, 'Which papers use GRPO?', 'Who wrote them?');
  for (const q of ['Who are their authors?', 'their authors?']) {
    const a = (await converse(icml, 'Which papers use GRPO?', q)).answer;
    assert.equal(a.answer, list.answer.answer, q);
  }
  const one = (await converse(icml, 'What is VEQ?', 'Who wrote it?')).answer;
  assert.match(one.answer, /^\*\*VEQ: .* is by .*\(ICML 2026\)\. \[1\]$/);
  assert.equal((await converse(icml, 'What is VEQ?', 'its authors?')).answer.answer, one.answer);
  assert.doesNotMatch((await converse(icml, 'What is VEQ?', 'What do its authors propose?')).answer.answer, / is by /);
});

test('after "Papers like PixelThink?", "they" are the papers listed, not PixelThink', async () => {
  const like = await icml.ask('Papers like PixelThink?', { useModel: false });
  const listed = cited(like);
  assert.ok(listed.length >= 2 && !listed.includes('2505.23727'), listed.join());
  const { answer } = await converse(icml, 'Papers like PixelThink?', 'Who wrote them?');
  assert.deepEqual(cited(answer), listed);
  assert.equal(answer.answer.split('\n').filter((line) => / is by /.test(line)).length, listed.length, answer.answer);
});

test('limitations are the ones a paper states, not a sentence that writes "limited" of the work it improves on', async () => {
  for (const [first, q] of [['What is SPEED-Bench?', 'And the limitations?'], ['What is SPEED-Bench?', 'What are the limitations of SPEED-Bench?']]) {
    const { answer } = await converse(pmlr, first, q);
    assert.equal(answer.refused, true, q);
    assert.match(answer.answer, /^The abstract of SPEED-Bench: .* \(abramovich26a\) states no limitations/, q);
  }
  // MentisOculi states one: its summary's Limits part.
  const stated = (await converse(icml, 'What is MentisOculi?', 'And the limitations?')).answer;
  assert.match(stated.answer, /^\*\*Limits:\*\* Analysis of UMMs specifically exposes a critical limitation/);
  assert.deepEqual(cited(stated), ['zeller26a']);
});
