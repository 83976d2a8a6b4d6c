/**
 * Follow-ups through the service, as a reply chain or the console asks them: after an answer
 * that lists or quotes several papers, after one about one paper, asking to go on, asking only
 * about an aspect of the paper, and counting the topic asked before.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { PapercordService } from '../src/service.js';
import { NO_TOPIC_NAMED } from '../src/answer/topics.js';
import { LISTED_PAPERS_MAX } from '../src/answer/listing.js';
import { NO_PAPER_NAMED } from '../src/answer/bylines.js';
import { readableTex } from '../src/corpus/text.js';
import { splitSentences } from '../src/text/sentences.js';
import { escapeRegExp } from '../src/text/pattern.js';
import { answeredTurn, relatedTurn } from '../src/question/conversation.js';
import { HISTORY_TURNS, type Turn } from '../src/types.js';
import { testSettings, builtIndexSettings, captureLog } from './support/env.js';
import { citedPapers as cited, converse } from './support/answers.js';

const icml = await PapercordService.open(await testSettings({ CORPUS: 'icml2026' }), { log: captureLog(), writer: null });
const pmlr = await PapercordService.open(await builtIndexSettings({ CORPUS: 'pmlr-v306' }), { log: captureLog(), writer: null });

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
  for (const q of ['What is the capital of France?', 'Why is the sky blue?', 'How do I fix a dripping faucet?']) assert.equal((await icml.ask(q, { useModel: false, history })).refused, true, q);
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

test('going on after all is said says so again, though the first sentences shown have left the turns a front end keeps', async () => {
  const turns: Turn[] = [];
  const answers: string[] = [];
  for (const q of ['What is PixelThink?', 'Tell me more', 'Go on', 'Go on', 'Go on', 'Go on']) {
    const a = await icml.ask(q, { useModel: false, history: turns.slice(-HISTORY_TURNS) });
    turns.push({ question: a.question, answer: a.answer });
    answers.push(a.answer);
  }
  const saidAll = answers.findIndex((a) => a.startsWith('That is all the abstract of PixelThink'));
  assert.ok(saidAll > 0 && saidAll < answers.length - 1, 'all is said before the last turn');
  for (const a of answers.slice(saidAll)) assert.equal(a, answers[saidAll]);
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
  for (const q of ['What is the capital of France?', 'Why is the sky blue?']) assert.equal((await converse(icml, 'What is VEQ?', 'Tell me more', q)).answer.refused, true, q);
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
  assert.match(code.answer, /^\*\*VEQ: .*\n.*\nCode: https:\/\/github\.com\/guangshuoqin\/VEQ$/);
  const results = await ask('What about the results?');
  assert.deepEqual(cited(results), [veq]);
  assert.match(results.answer, /^\*\*Results:\*\* .*outperforms state-of-the-art baselines/);
  assert.deepEqual(cited(await ask('Is it better than previous methods?')), [veq]);
  assert.match((await ask('What about the method?')).answer, /^\*\*TL;DR:\*\* .*\n\*\*Method:\*\* /);
  assert.match((await ask('What datasets?')).answer, /^The abstract of VEQ: .* does not say; /);
  // A topic is not an aspect: it is searched for in every paper.
  assert.deepEqual(cited(await ask('What about audio?')), ['dementyev26a']);
  // Another paper's code, the link its metadata and its abstract both give.
  const { answer: tgv } = await converse(icml, 'What is TGV-KV?', 'Is there code?');
  assert.match(tgv.answer, /\nCode: https:\/\/github\.com\/Danielement321\/TGV-KV$/);
});

test('a follow-up that asks only for the gist ("Summary?", "Give me an overview", "What\'s the main idea?", "tl;dr?", "In a nutshell?") is of the paper before, as naming it is', async () => {
  const named = await icml.ask("What's the main idea of ST-Veto?", { useModel: false });
  assert.deepEqual(cited(named), ['2607.17884']);
  for (const q of ['Summary?', 'Give me an overview', 'summarize', "What's the main idea?", 'And the key takeaways?', 'main contribution?', 'tl;dr?', 'In a nutshell?', 'the gist?', 'eli5', 'ELI5', "what's the main point?", 'what are the key insights?', 'highlights?', 'the bottom line?', 'key message?']) {
    const { answer } = await converse(icml, 'Who wrote ST-Veto?', q);
    assert.equal(answer.answer, named.answer, q);
  }
  // "ELI5" is how to answer, not a name no paper has.
  assert.equal((await icml.ask('Explain ST-Veto ELI5', { useModel: false })).answer, named.answer);
  // "point", "insights", "highlights" are no words the abstract must write: they ask for the gist too.
  for (const q of ['What is the main point of ST-Veto?', 'What are the key insights of ST-Veto?', 'Highlights of ST-Veto?', 'Bottom line on ST-Veto?']) {
    assert.equal((await icml.ask(q, { useModel: false })).answer, named.answer, q);
  }
  // With no paper before, there is none to sum up.
  for (const q of ['Summary?', "What's the main idea?"]) assert.equal((await icml.ask(q, { useModel: false })).refused, true, q);
});

test('"Did the PixelThink authors release code?", "Is its code public?", "Is the code out?" ask for its links, as "Where is the code for PixelThink?" does, named or as a follow-up', async () => {
  const links = (await icml.ask('Where is the code for PixelThink?', { useModel: false })).answer;
  assert.match(links, /\nCode: https:\/\/github\.com\/songw-zju\/PixelThink$/);
  for (const q of ['Did the PixelThink authors release code?', "Is PixelThink's code public?", 'Has the PixelThink code been released?', 'Is PixelThink code publicly available?', 'Is the PixelThink code out?']) assert.equal((await icml.ask(q, { useModel: false })).answer, links, q);
  for (const q of ['Did they release the code?', 'Is the code public?']) assert.equal((await converse(icml, 'What is PixelThink?', q)).answer.answer, links, q);
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

test('"authors?", "authors" and "who are the authors?" after an answer about one paper give its byline, as "Who wrote it?" does; with no turn before, which paper is asked', async () => {
  const one = (await converse(icml, 'What is VEQ?', 'Who wrote it?')).answer;
  for (const q of ['authors?', 'authors', 'the authors?', 'who are the authors?']) {
    assert.equal((await converse(icml, 'What is VEQ?', q)).answer.answer, one.answer, q);
    const alone = await icml.ask(q, { useModel: false });
    assert.deepEqual([alone.refused, alone.answer], [true, NO_PAPER_NAMED], q);
    // Nor does an answer about no paper (small talk, a refusal) give "it" a paper.
    for (const before of ['hi', 'Which papers study cooking?']) assert.deepEqual([(await converse(icml, before, q)).answer.answer], [NO_PAPER_NAMED], `${before} / ${q}`);
  }
  assert.equal((await converse(icml, 'Which papers study cooking?', 'how does it compare to GPT-4?')).answer.answer, NO_PAPER_NAMED);
  // After several papers, which one is asked, as "Who wrote it?" does.
  const which = (await converse(icml, 'How many papers are about video?', 'Who wrote it?')).answer.answer;
  assert.equal((await converse(icml, 'How many papers are about video?', 'authors?')).answer.answer, which);
  // A question of its own is still refused ("How many authors?" asks the count of the paper's: see below).
  assert.equal((await converse(icml, 'What is VEQ?', 'What is the capital of France?')).answer.refused, true);
});

test('"How many authors does PhaseCoder have?" gives the count and the byline; of a paper whose metadata names only its first author, that it does', async () => {
  const phaseCoder = pmlr.catalog.get('dementyev26a')!;
  const counted = `**${phaseCoder.title}** has ${phaseCoder.authors.length} authors: ${phaseCoder.authors.slice(0, -1).join(', ')} and ${phaseCoder.authors.at(-1)} (ICML 2026). [1]`;
  assert.ok(phaseCoder.authors.length > 1 && !phaseCoder.authorsIncomplete);
  for (const q of ['how many authors does PhaseCoder have', 'how many authors wrote PhaseCoder?', 'How many authors does dementyev26a have?', 'How many co-authors does PhaseCoder have?', 'number of authors of PhaseCoder', 'how many people wrote PhaseCoder?', 'How many researchers worked on PhaseCoder?']) {
    const a = (await converse(pmlr, q)).answer;
    assert.deepEqual([a.answer, cited(a)], [counted, ['dementyev26a']], q);
  }
  // Of the paper before, as "Who wrote it?" is; a paper a search finds, as "Who wrote MonoSoup?" does.
  for (const q of ['How many authors?', 'how many authors does it have?']) assert.equal((await converse(pmlr, 'What is PhaseCoder?', q)).answer.answer, counted, q);
  assert.match((await converse(pmlr, 'How many authors does MonoSoup have?')).answer.answer, /^\*\*MODEL SOUPS NEED ONLY ONE INGREDIENT\*\* has 4 authors: .* \(ICML 2026\)\. \[1\]$/);
  assert.equal((await converse(icml, 'how many authors does PhaseCoder have')).answer.answer, '**PhaseCoder: Microphone Geometry-Agnostic Spatial Audio Understanding for Multimodal LLMs** is by Artem Dementyev et al. (ICML 2026); its metadata names only the first author, not how many there are. [1]');
  // With nothing before it, which paper is asked.
  assert.deepEqual(pick(await icml.ask('How many authors?', { useModel: false })), [true, NO_PAPER_NAMED]);
});

test('"When were they published?" after the namesakes of a name ("papers by Wang") gives the bylines of their papers, as listed; off-topic is still refused', async () => {
  for (const service of [icml, pmlr]) {
    const { answer: wangs } = await converse(service, 'papers by Wang');
    assert.match(wangs.answer, /^Several authors are named \*\*Wang\*\*/);
    const shown = [...wangs.answer.matchAll(/(?:: |, )([^,:(]+) \((?:one paper|\d+ papers)\)/g)].map((m) => m[1]!);
    const theirs = [...new Set(shown.flatMap((name) => service.papers.filter((p) => p.authors.includes(name))))].slice(0, LISTED_PAPERS_MAX).map((p) => p.id);
    const { answer: years } = await converse(service, 'papers by Wang', 'When were they published?');
    assert.deepEqual(cited(years), theirs);
    assert.equal(years.answer.split('\n').filter((line) => / is by .*\(ICML 2026\)\. \[\d+\]$/.test(line)).length, theirs.length, years.answer);
    assert.equal((await converse(service, 'papers by Wang', 'What is the capital of France?')).answer.refused, true);
    // The Wangs' papers past those listed are counted, with where to see them all; none when all are listed.
    const allWangs = service.papers.filter((p) => p.authors.some((a) => /(^|\s)Wang$/.test(a)));
    const more = allWangs.length - theirs.length;
    assert.deepEqual(years.answer.split('\n').filter((line) => line.startsWith('... and')), more > 0 ? [`... and ${more} more; /papers Wang lists them all.`] : [], years.answer);
    if (service === pmlr) assert.ok(more > 0, 'the pmlr Wangs have more papers than a list shows');
  }
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
  // MentisOculi, a benchmark, states none of its own but finds one in the models it evaluates: that, as the result it is.
  const stated = (await converse(icml, 'What is MentisOculi?', 'And the limitations?')).answer;
  assert.match(stated.answer, /^\*\*Results:\*\* Analysis of UMMs specifically exposes a critical limitation/);
  assert.deepEqual(cited(stated), ['zeller26a']);
});

test('"Who wrote that?", "who wrote this?", "that paper", "that one" point back at the paper before, as "Who wrote it?" does; "this" in a question of its own does not', async () => {
  for (const [service, first] of [[icml, 'What is PixelThink?'], [icml, 'What is VEQ?'], [pmlr, 'What is Furina?'], [pmlr, 'What is MonoSoup?']] as const) {
    const byline = (await converse(service, first, 'Who wrote it?')).answer;
    assert.match(byline.answer, / is by .*\. \[1\]$/, first);
    for (const q of ['who wrote that?', 'who wrote this?', 'who wrote that paper?', 'Who wrote this one?']) {
      assert.equal((await converse(service, first, q)).answer.answer, byline.answer, `${first} ${q}`);
    }
    const results = (await converse(service, first, 'What are its results?')).answer;
    for (const q of ['what are the results of that paper?', 'what are the results of this?']) assert.equal((await converse(service, first, q)).answer.answer, results.answer, `${first} ${q}`);
  }
  // "Tell me more about that one" goes on as "Tell me more" does.
  assert.equal((await converse(icml, 'What is PixelThink?', 'tell me more about that one')).answer.answer, (await converse(icml, 'What is PixelThink?', 'Tell me more')).answer.answer);
  // With no turn before, which paper is asked.
  for (const q of ['who wrote that?', 'who wrote this paper?']) assert.deepEqual(pick(await icml.ask(q, { useModel: false })), [true, NO_PAPER_NAMED], q);
  // "this" and "that" as words of a question of its own do not make it about the paper.
  for (const q of ['What does this mean for cooking?', 'Is that good for cooking pasta?', 'who won the world cup that year?', 'what is the capital of France?']) {
    assert.equal((await converse(icml, 'What is PixelThink?', q)).answer.refused, true, q);
  }
});

function pick(a: { refused: boolean; answer: string }): [boolean, string] {
  return [a.refused, a.answer];
}

test('"How does it compare to PixelThink?" after "What is ST-Veto?" compares the two, as naming both does; after it "its" is asked which, "their" and "which is better?" are each', async () => {
  for (const [first, q, named] of [
    ['What is ST-Veto?', 'How does it compare to PixelThink?', 'How does ST-Veto compare to PixelThink?'],
    ['What is ST-Veto?', 'compare it with PixelThink', 'compare ST-Veto with PixelThink'],
    ['what is VEQ?', 'how does it compare to TGV-KV?', 'how does VEQ compare to TGV-KV?'],
  ]) {
    const { answer } = await converse(icml, first!, q!);
    assert.equal(answer.refused, false, q);
    // Each paper quoted by what it is, the earlier one first, as when both are named (which sentences, the names asked may change).
    assert.deepEqual(cited(answer), cited(await icml.ask(named!, { useModel: false })), q);
    assert.equal(cited(answer).length, 2, q);
  }
  const compared = ['what is VEQ?', 'how does it compare to TGV-KV?'];
  const its = (await converse(icml, ...compared, 'what are its results?')).answer;
  assert.equal(its.refused, true);
  assert.match(its.answer, /^Which paper\? .*\(2602\.01037\).*\(2606\.03075\)/);
  const each = (await converse(icml, 'how does VEQ compare to TGV-KV?', 'which is better?')).answer.answer;
  for (const q of ['which is better?', 'what are their results?']) assert.equal((await converse(icml, ...compared, q)).answer.answer, each, q);
  // What the comparison asks must still be in the abstracts.
  assert.equal((await converse(icml, 'What is ST-Veto?', 'how does it compare to PixelThink on cooking pasta?')).answer.refused, true);
});

test('"Compare it with VEQ" limited to PixelThink by the paper option compares the two, as naming both does', async () => {
  for (const [q, named] of [['Compare it with VEQ', 'Compare PixelThink with VEQ'], ['How does it compare to TGV-KV?', 'How does PixelThink compare to TGV-KV?'], ['How do PixelThink and VEQ differ?', 'How do PixelThink and VEQ differ?']]) {
    const withOption = await icml.ask(q!, { paper: 'PixelThink', useModel: false });
    assert.equal(withOption.refused, false, q);
    assert.deepEqual(cited(withOption), cited(await icml.ask(named!, { useModel: false })), q);
    assert.equal(cited(withOption).length, 2, q);
  }
  // A question of the option's paper alone stays limited to it.
  assert.deepEqual(cited(await icml.ask('Who wrote it?', { paper: 'PixelThink', useModel: false })), ['2505.23727']);
});

test('"the second one", "What is the first one about?", "Who wrote the third one?" after a list are that listed paper, as "it" is after one', async () => {
  const { answer: count } = await converse(pmlr, 'how many papers are about reinforcement learning');
  const listed = cited(count);
  assert.ok(listed.length >= 3);
  const about = async (service: PapercordService, id: string, q: string) => (await converse(service, `What is ${id}?`, q)).answer.answer;
  for (const [q, place, same] of [
    ['and the second one?', 1, 'What is it about?'],
    ['What is the first one about?', 0, 'What is it about?'],
    ['who wrote the third one?', 2, 'Who wrote it?'],
    ['When was the last paper published?', listed.length - 1, 'When was it published?'],
  ] as const) {
    const { answer } = await converse(pmlr, 'how many papers are about reinforcement learning', q);
    assert.deepEqual(cited(answer), [listed[place]], q);
    assert.equal(answer.answer, await about(pmlr, listed[place]!, same), q);
  }
  // The place is in the order the answer cites them, whatever kind of answer lists them.
  const quoted = cited((await converse(icml, 'list papers about multimodal LLMs')).answer);
  assert.deepEqual(cited((await converse(icml, 'list papers about multimodal LLMs', 'and the second one?')).answer), [quoted[1]]);
  // After one paper, "the first one" is that one; a place past the list asks which of them.
  assert.deepEqual(cited((await converse(icml, 'What is PixelThink?', 'What is the first one about?')).answer), ['2505.23727']);
  assert.match((await converse(icml, 'list papers about multimodal LLMs', 'Who wrote the tenth one?')).answer.answer, /^Which paper\?/);
});

test('after a count that lists 10 of the papers it found, "Who wrote them?" says how many more there are, "the 12th one" is the 12th it found, and a place past them all says how many it found', async () => {
  const count = 'how many papers are about reinforcement learning';
  const { answer: counted } = await converse(pmlr, count);
  const found = Number(/^(\d+) of the 293 indexed papers/.exec(counted.answer)?.[1]);
  assert.ok(found > LISTED_PAPERS_MAX + 2, counted.answer);
  const moreLine = `... and ${found - LISTED_PAPERS_MAX} more; a narrower topic lists fewer.`;
  assert.equal(counted.answer.split('\n').at(-1), moreLine);
  for (const q of ['Who wrote them?', 'who are their authors?', 'When were they published?']) {
    const { answer } = await converse(pmlr, count, q);
    assert.equal(answer.answer.split('\n').length, LISTED_PAPERS_MAX + 1, q);
    assert.equal(answer.answer.split('\n').at(-1), moreLine, q);
  }
  // One the count found but did not list, which writes the topic.
  const twelfth = await converse(pmlr, count, 'Who wrote the 12th one?');
  assert.equal(cited(twelfth.answer).length, 1);
  assert.ok(!cited(counted).includes(cited(twelfth.answer)[0]!), 'not one of the ten listed');
  assert.match(twelfth.answer.answer, /reinforcement learning|\bRL\b/i);
  assert.match(pmlr.catalog.get(cited(twelfth.answer)[0]!)!.title + pmlr.catalog.get(cited(twelfth.answer)[0]!)!.abstract, /reinforcement learning/i);
  assert.match((await converse(pmlr, count, 'What is the 11th paper about?')).answer.answer, /^\*\*TL;DR:\*\*/);
  for (const q of ['Who wrote the 50th one?', 'Who wrote it?']) {
    const { answer } = await converse(pmlr, count, q);
    assert.match(answer.answer, new RegExp(`^Which paper\\? The last answer lists ${LISTED_PAPERS_MAX} of the ${found} papers it found: `), q);
  }
});

test('a place picked right after another is of the same list: "the 11th one" after "Who wrote the 12th one?" is the count\'s 11th, "the first one" after "the second one" the list\'s first (QA2 #13)', async () => {
  const count = 'how many papers are about reinforcement learning';
  const eleventh = (await converse(pmlr, count, 'What is the 11th paper about?')).answer;
  for (const between of [['Who wrote the 12th one?'], ['Who wrote the 12th one?', 'Who wrote the third one?']]) {
    const { answer } = await converse(pmlr, count, ...between, 'What is the 11th paper about?');
    assert.equal(answer.refused, false, between.join(' '));
    assert.deepEqual(cited(answer), cited(eleventh), between.join(' '));
    assert.equal(answer.answer, eleventh.answer);
  }
  const listed = cited((await converse(icml, 'How many papers are about video?')).answer);
  assert.ok(listed.length >= 3);
  const first = await converse(icml, 'How many papers are about video?', 'Who wrote the second one?', 'Who wrote the first one?');
  assert.deepEqual(cited(first.answer), [listed[0]]);
  assert.deepEqual(cited((await converse(icml, 'How many papers are about video?', 'Who wrote the second one?', 'and the third one?')).answer), [listed[2]]);
  // After one paper, a place past it is still asked which, whatever place was picked before.
  assert.match((await converse(icml, 'What is PixelThink?', 'Who wrote the first one?', 'Who wrote the second one?')).answer.answer, /^Which paper\? The last answer is about one paper only: PixelThink/);
});

test('"the other one" after going on with one of two papers is the other: its summary, its byline; right after both, or after one alone, which one is asked', async () => {
  const tgv = await icml.ask('What is TGV-KV?', { useModel: false });
  const { answer: other } = await converse(icml, 'Compare PixelThink and TGV-KV', 'Tell me more about the first one', 'What about the other one?');
  assert.deepEqual([cited(other), other.answer], [['2606.03075'], tgv.answer]);
  assert.match((await converse(icml, 'Compare PixelThink and TGV-KV', 'Tell me more about the first one', 'Who wrote the other one?')).answer.answer, /^\*\*TGV-KV: .*\*\* is by /);
  // "the other paper" is a place too, not a request for papers like it.
  const { answer: grpo } = await converse(icml, 'Which papers use GRPO?', 'Tell me about the first one', 'What about the other paper?');
  assert.equal(grpo.answer, (await icml.ask('What is 3D-RFT?', { useModel: false })).answer);
  const both = (await converse(icml, 'Compare PixelThink and TGV-KV', 'What about the other one?')).answer;
  assert.equal(both.refused, true);
  assert.match(both.answer, /^Which paper\? The last answer is about 2: .*\(2505\.23727\).*\(2606\.03075\)/);
  assert.match((await converse(icml, 'What is PixelThink?', 'What about the other one?')).answer.answer, /^Which paper\? The last answer is about one paper only: PixelThink/);
});

test('"the second one" after an answer about one paper says that paper was the only one, naming it, rather than answering about it again', async () => {
  const first = await icml.ask('What is PixelThink?', { useModel: false });
  for (const q of ['the second one', 'who wrote the second one?', 'What is the third paper about?', 'authors of the 2nd one?']) {
    // As the reply chain keeps the turn (with the papers it cites) and as the console reads it back from its text.
    for (const history of [[answeredTurn(first)], [{ question: first.question, answer: first.answer }]]) {
      const a = await icml.ask(q, { useModel: false, history });
      assert.equal(a.refused, true, q);
      assert.deepEqual(a.citations, [], q);
      assert.match(a.answer, /^Which paper\? The last answer is about one paper only: PixelThink: Towards Efficient Chain-of-Pixel Reasoning \(2505\.23727\)\./, q);
    }
  }
  // Its first and last are still that paper.
  for (const q of ['What is the last one about?', 'who wrote the first one?']) assert.deepEqual(cited((await converse(icml, 'What is PixelThink?', q)).answer), ['2505.23727'], q);
});

test('"authors of the second one?" after a list gives that paper\'s byline, as "Who wrote the second one?" does; with no turn before, which paper is asked', async () => {
  const list = 'how many papers are about reinforcement learning';
  for (const [q, same] of [['authors of the second one?', 'Who wrote the second one?'], ['the authors of the third one?', 'Who wrote the third one?'], ['who are the authors of the third one', 'Who wrote the third one?']]) {
    const { answer } = await converse(pmlr, list, q!);
    assert.match(answer.answer, / is by .*\(ICML 2026\)\. \[1\]$/, q);
    assert.equal(answer.answer, (await converse(pmlr, list, same!)).answer.answer, q);
  }
  assert.deepEqual(pick(await pmlr.ask('authors of the second one?', { useModel: false })), [true, NO_PAPER_NAMED]);
});

test('"What are its results?" or "How does it compare to GPT-4?" with no turn before asks which paper, as "Who wrote it?" does; a question that names or describes its paper is answered', async () => {
  for (const q of ['how does it compare to GPT-4?', 'what are its results?', 'What is it about?', 'what are their results?', 'how do they compare?', 'how do they compare to GPT-4?', 'Compare them with GPT-4', 'Does it use reinforcement learning?', 'can they run on a phone?']) {
    const a = await icml.ask(q, { useModel: false });
    assert.deepEqual([a.refused, a.answer, a.citations], [true, NO_PAPER_NAMED, []], q);
  }
  // After a paper, they are about it.
  assert.deepEqual(cited((await converse(icml, 'What is PixelThink?', 'what are its results?')).answer), ['2505.23727']);
  assert.notEqual((await converse(icml, 'What is PixelThink?', 'how does it compare to GPT-4?')).answer.answer, NO_PAPER_NAMED);
  assert.notEqual((await converse(icml, 'Which papers study video?', 'how do they compare to GPT-4?')).answer.answer, NO_PAPER_NAMED);
  assert.deepEqual(cited((await converse(icml, 'What is PixelThink?', 'Does it use reinforcement learning?')).answer), ['2505.23727']);
  // An "it" that stands for nothing asks no paper.
  assert.notEqual((await icml.ask('Does it matter which segmentation model I use?', { useModel: false })).answer, NO_PAPER_NAMED);
  // "it" compared with a paper it names is about that paper; "the paper on spatial audio" describes its paper.
  assert.ok(cited(await icml.ask('how does it compare to PixelThink?', { useModel: false })).includes('2505.23727'));
  assert.deepEqual(cited(await icml.ask('What are the results of the paper on spatial audio?', { useModel: false })), ['dementyev26a']);
  // "its" of a paper named in words the catalog does not know (MonoSoup is no word of its title) is that paper's.
  const monoSoup = await pmlr.ask('How does MonoSoup compare to its baselines?', { useModel: false });
  assert.equal(cited(monoSoup)[0], 'abdollahpoorrostam26a', monoSoup.answer);
});

test('"Which of them use diffusion models?" after a list quotes those of the listed papers that do, and refuses only when none does', async () => {
  const first = 'how many papers are about control';
  const count = (await converse(pmlr, first)).answer;
  const listed = cited(count);
  const { answer } = await converse(pmlr, first, 'which of them use diffusion models?');
  assert.equal(answer.refused, false);
  // Those whose abstracts write "diffusion", not each listed paper, nor one that only writes "model";
  // of all the papers counted, not only the ten listed.
  assert.ok(Number(/^(\d+) of the/.exec(count.answer)?.[1]) > listed.length, count.answer);
  const picked = cited(answer);
  const writes = (id: string, word: RegExp) => word.test(`${pmlr.catalog.get(id)!.title} ${pmlr.catalog.get(id)!.abstract}`);
  assert.ok(picked.every((id) => writes(id, /diffusion/i) && writes(id, /\bcontrol/i)), picked.join());
  const diffusion = listed.filter((id) => writes(id, /diffusion/i));
  assert.ok(diffusion.length >= 2 && diffusion.length < listed.length);
  assert.deepEqual(picked.filter((id) => listed.includes(id)), diffusion);
  assert.ok(picked.some((id) => !listed.includes(id)), 'a paper counted but not listed');
  assert.doesNotMatch(answer.answer, /papers counted/);
  // Past PICKED_AMONG_MAX counted papers, the answer says how many were read.
  const many = await converse(pmlr, 'How many papers mention language models?', 'which of them use reinforcement learning?');
  const counted = Number(/^(\d+) of the/.exec(many.history[0]!.answer)?.[1]);
  assert.ok(counted > 50, many.history[0]!.answer);
  assert.match(many.answer.answer, new RegExp(`\\n\\(Of the ${counted} papers counted, the first 50 were read; a narrower topic reads them all\\.\\)$`));
  assert.deepEqual(cited((await converse(icml, 'list papers about multimodal LLMs', 'which of these is about audio?')).answer), ['dementyev26a']);
  // None of the papers on mixture of experts writes video (read apart from the code: S3, VEQ, CoPE, cMoLLM).
  for (const [before, q] of [[first, 'which of them are about cooking?'], ['list papers about mixture of experts', 'which of these is about video?'], [first, 'What is the capital of France?']]) {
    assert.equal((await converse(before.startsWith('how') ? pmlr : icml, before, q)).answer.refused, true, q);
  }
});

test('"And for 3D-RFT?" after "Who wrote PixelThink?" asks the same of 3D-RFT, and so on down the conversation; after a question naming no paper, "What about X?" asks what X is', async () => {
  const bylines = await converse(icml, 'Who wrote PixelThink?', 'and for 3D-RFT?');
  assert.match(bylines.answer.answer, /^\*\*3D-RFT: .*\*\* is by Xiongkun Linghu/);
  assert.equal(bylines.answer.question, 'and for 3D-RFT?');
  assert.match((await converse(icml, 'Who wrote PixelThink?', 'and for 3D-RFT?', 'And VEQ?')).answer.answer, /^\*\*VEQ: .*\*\* is by Guangshuo Qin/);
  assert.match((await converse(icml, 'What are the results of TGV-KV?', 'what about PixelThink?')).answer.answer, /^\*\*Results:\*\* Experimental results demonstrate/);
  assert.match((await converse(icml, 'Which papers study video?', 'what about PixelThink?')).answer.answer, /^\*\*TL;DR:\*\* .*PixelThink/);
  // After a question that pointed back at its paper, the same question of the paper named now.
  assert.match((await converse(icml, 'What is PixelThink?', 'who wrote it?', 'And for 3D-RFT?', 'and VEQ?')).answer.answer, /^\*\*VEQ: .*\*\* is by Guangshuo Qin/);
  assert.match((await converse(icml, 'What is VEQ?', 'what are its results?', 'and for TGV-KV?')).answer.answer, /^\*\*Results:\*\* We evaluate TGV-KV across five models/);
});

test('a question of its own after one the two cannot be searched together ("Which papers study video?" after "Who wrote PixelThink?"), or after one that only names a paper, is answered as it would be alone', async () => {
  const alone = await icml.ask('Which papers study video?', { useModel: false });
  // Nor does the paper a question before named pull the search to it: "What is PixelThink?" adds no word to search for.
  for (const first of ['Who wrote PixelThink?', 'What is the capital of France?', 'What is PixelThink?']) {
    const { answer } = await converse(icml, first, 'Which papers study video?');
    assert.equal(answer.refused, false, first);
    assert.equal(answer.answer, alone.answer, first);
  }
  // One that no paper answers alone is still refused.
  assert.equal((await converse(icml, 'Who wrote PixelThink?', 'What is the capital of France?')).answer.refused, true);
});

test('small talk between a question and its follow-up leaves the conversation on its paper: "thanks!" or "ok" then "who wrote it?", and "thanks, who wrote it?"', async () => {
  const byline = (await converse(icml, 'What is PixelThink?', 'who wrote it?')).answer.answer;
  for (const between of ['thanks!', 'ok', 'got it']) {
    const { history, answer } = await converse(icml, 'What is PixelThink?', between, 'who wrote it?');
    assert.match(history[1]!.answer, /^Glad to help\./, between);
    assert.equal(answer.answer, byline, between);
  }
  assert.equal((await converse(icml, 'What is PixelThink?', 'thanks, who wrote it?')).answer.answer, byline);
  // A question no paper answered lends the next question none of its words.
  const alone = await icml.ask('Which papers study video?', { useModel: false });
  assert.equal((await converse(icml, 'what is the weather', 'Which papers study video?')).answer.answer, alone.answer);
});

/** What a question's answer says and cites: asked alone and asked in a conversation, they should agree. */
const said = (a: { answer: string; refused: boolean; citations: { paperId: string }[] }) => ({ answer: a.answer, refused: a.refused, cited: cited(a) });

test('a question that describes its paper ("Who wrote the paper about microphone geometry?", "the invisible lottery paper - what do they find?") after one about another paper is answered as it is alone; "Who wrote the paper?" still points back', async () => {
  const conversations: [PapercordService, string, string[]][] = [
    [icml, 'What is PixelThink?', ['who wrote the paper about microphone geometry?', 'What is the paper on mental imagery about?', 'who wrote the spatial audio paper?']],
    [pmlr, "What's the paper on persona control about?", ['the invisible lottery paper - what do they find?', 'the paper with the credit system for reviews', 'Who wrote the paper on Bertrand paradox?']],
    [pmlr, 'What is MonoSoup?', ['what is the paper about membership testing and hallucination?', 'that paper about hallucination being space optimal, what does it prove?']],
  ];
  for (const [service, first, described] of conversations) {
    const before = await service.ask(first, { useModel: false });
    const [paperBefore] = cited(before);
    for (const q of described) {
      const alone = await service.ask(q, { useModel: false });
      assert.equal(alone.refused, false, q);
      assert.ok(!cited(alone).includes(paperBefore!), `${q} alone is about another paper than "${first}"`);
      assert.deepEqual(said((await converse(service, first, q)).answer), said(alone), `${q} after "${first}"`);
    }
    for (const q of ['Who wrote it?', 'Who wrote that paper?', 'Who wrote the paper?']) {
      const a = (await converse(service, first, q)).answer;
      assert.deepEqual(cited(a), [paperBefore], `${q} after "${first}"`);
      assert.match(a.answer, / is by /, q);
    }
  }
});

test('a question that stands alone after an unrelated one is found on its own words, not the earlier question\'s ("Is there any paper on autonomous driving?" after GNNs for drug discovery)', async () => {
  for (const [first, q] of [
    ['Is there work on graph neural networks for drug discovery?', 'Is there any paper on autonomous driving?'],
    ['Who wrote the paper on Bertrand paradox?', 'who wrote "steering at the source"?'],
  ] as const) {
    const alone = await pmlr.ask(q, { useModel: false });
    assert.equal(alone.refused, false, q);
    assert.deepEqual(said((await converse(pmlr, first, q)).answer), said(alone), `${q} after "${first}"`);
  }
  // "Which report state-of-the-art results?" names nothing it picks among: the papers before, found with the earlier question's words.
  const sota = (await converse(icml, 'Which papers study video?', 'Which report state-of-the-art results?')).answer;
  assert.match(`${icml.catalog.get(cited(sota)[0]!)!.title} ${icml.catalog.get(cited(sota)[0]!)!.abstract}`, /video/i, sota.answer);
});

test('"Which of them use GRPO?" after a search, or "which of them use CLIP?" after papers like HypRAG, picks among the papers that answer cited; "do any of them …?" quotes only those that do', async () => {
  const picks: [string, string, RegExp][] = [
    ['Which papers use reinforcement learning for LLM reasoning?', 'which of them use GRPO?', /\bGRPO\b/],
    ['Which papers use reinforcement learning for LLM reasoning?', 'do any of them use GRPO?', /\bGRPO\b/],
    ['Papers like HypRAG?', 'which of them use CLIP?', /\bCLIP\b/],
  ];
  for (const [first, q, word] of picks) {
    const { history, answer } = await converse(pmlr, first, q);
    const before = cited(await pmlr.ask(first, { useModel: false }));
    const writing = before.filter((id) => word.test(`${pmlr.catalog.get(id)!.title}\n${pmlr.catalog.get(id)!.abstract}`));
    assert.ok(writing.length > 0 && writing.length < before.length, `${first}: some but not all cited papers write ${word}`);
    assert.equal(answer.refused, false, `${q}: ${answer.answer}`);
    assert.deepEqual(new Set(cited(answer)), new Set(writing), `${q} after "${first}": ${answer.answer}`);
    assert.equal(history.length, 1);
  }
  // After /related, as the console and the bot keep it.
  const related = await pmlr.related('HypRAG', { useModel: false });
  const picked = await pmlr.ask('which of them use CLIP?', { useModel: false, history: [relatedTurn(related)] });
  const listed = related.related.map((r) => r.paperId);
  assert.ok(cited(picked).length > 0 && cited(picked).every((id) => listed.includes(id) && /\bCLIP\b/.test(pmlr.catalog.get(id)!.abstract)), picked.answer);
});

test('"Which one uses reinforcement learning?" after a comparison of two papers quotes the one whose abstract writes it, and says the other does not; "Which one is faster?" still compares both', async () => {
  const pixelThink = icml.catalog.get('2505.23727')!;
  const veq = icml.catalog.get('2602.01037')!;
  // Read apart from the code: PixelThink writes reinforcement learning, VEQ does not, nor does either write RL.
  assert.match(pixelThink.abstract, /reinforcement learning/i);
  assert.doesNotMatch(veq.abstract, /reinforcement|\bRL\b/i);
  assert.doesNotMatch(pixelThink.abstract, /\bRL\b/);
  for (const q of ['Which one uses reinforcement learning?', 'Which of the two uses RL?', 'which of them use reinforcement learning?', 'Does either use RL?', 'Does either of them use reinforcement learning?']) {
    const { answer } = await converse(icml, 'Compare PixelThink and VEQ', q);
    assert.equal(answer.refused, false, q);
    assert.deepEqual(cited(answer), [pixelThink.id], q);
    assert.match(answer.answer, /reinforcement learning/i, q);
    assert.match(answer.answer, /\nThe abstract of VEQ: .* \(2602\.01037\) does not mention it\.$/, q);
  }
  // Named in the question itself, in either order: picked by what it asks, not by the names, which only their own papers write.
  for (const q of ['Which one of PixelThink and VEQ uses reinforcement learning?', 'Which one of VEQ and PixelThink uses reinforcement learning?']) {
    const { answer } = await converse(icml, q);
    assert.equal(answer.refused, false, q);
    assert.deepEqual(cited(answer), [pixelThink.id], q);
  }
  // Neither writes it: which is said of both, not one of them quoted.
  assert.equal((await converse(icml, 'Compare PixelThink and VEQ', 'Which one uses diffusion?')).answer.refused, true);
  // A comparative asks of each, as before.
  assert.deepEqual(cited((await converse(icml, 'How do TGV-KV and VEQ save memory?', 'Which one is faster?')).answer), cited((await converse(icml, 'How do TGV-KV and VEQ save memory?', 'which is faster?')).answer));
});

test('"Which one is faster?" or "more accurate?" after a comparison quotes each paper\'s results, which no word of it is written in, rather than saying the abstracts do not answer', async () => {
  for (const [first, q] of [['What is TGV-KV?', 'How does it compare to VEQ?'], ['Compare PixelThink and VEQ', undefined]] as const) {
    for (const asked of ['which one is faster?', 'Which one is more efficient?', 'which of the two is more accurate?']) {
      const { answer } = await converse(icml, ...[first, q, asked].filter((x): x is string => x !== undefined));
      assert.equal(answer.refused, false, `${first} ${asked}`);
      assert.equal(cited(answer).length, 2, `${first} ${asked}`);
      assert.equal(answer.answer.match(/\*\*Results:\*\* /g)?.length, 2, answer.answer);
    }
  }
  assert.match((await converse(icml, 'What is TGV-KV?', 'How does it compare to VEQ?', 'which one is faster?')).answer.answer, /boosts end-to-end throughput by 52\.6%/);
});

test('"Which one uses less memory?", "is cheaper?" or "is smaller?" after a comparison quotes each paper\'s results, as "Which one is faster?" does, rather than picking the one that writes "less" or refusing (QA2 #10)', async () => {
  for (const asked of ['Which one uses less memory?', 'Which one is cheaper?', 'Which one is smaller?', 'Which of the two is lighter?']) {
    const { answer } = await converse(icml, 'Compare TGV-KV with VEQ', asked);
    assert.equal(answer.refused, false, asked);
    assert.deepEqual(cited(answer), ['2606.03075', '2602.01037'], asked);
    assert.equal(answer.answer.match(/\*\*Results:\*\* /g)?.length, 2, `${asked}: ${answer.answer}`);
  }
  // Named in the question itself, alike.
  assert.equal((await converse(icml, 'Which of TGV-KV and VEQ uses less memory?')).answer.answer.match(/\*\*Results:\*\* /g)?.length, 2);
  // Which of them does something, rather than more of it, is still a pick.
  assert.deepEqual(cited((await converse(icml, 'Compare PixelThink and VEQ', 'Which one uses reinforcement learning?')).answer), ['2505.23727']);
});

test('"Which ones use reinforcement learning?" after "Which papers study video?" picks among the papers listed, as "which of them" does, not a paper the list left out', async () => {
  const listed = cited((await converse(icml, 'Which papers study video?')).answer);
  for (const q of ['Which ones use reinforcement learning?', 'which of them use reinforcement learning?']) {
    const picked = cited((await converse(icml, 'Which papers study video?', q)).answer);
    assert.ok(picked.length > 0 && picked.every((id) => listed.includes(id) && /reinforcement/i.test(icml.catalog.get(id)!.abstract)), `${q}: ${picked.join()}`);
  }
});

test('"Which other papers use quantization?" after "What is VEQ?" leaves VEQ out, as "Which other papers use quantization like VEQ?" does: where no other paper writes it, none is quoted', async () => {
  const { answer: quantization } = await converse(icml, 'What is VEQ?', 'Which other papers use quantization?');
  assert.deepEqual(cited(quantization), []);
  assert.equal(quantization.refused, true);
  assert.match(quantization.answer, /\/related 2602\.01037/);
  for (const q of ['Which other papers use MoE?', 'Any other papers on vision-language models?']) {
    const { answer } = await converse(icml, 'What is VEQ?', q);
    assert.ok(cited(answer).length > 0, q);
    assert.ok(!cited(answer).includes('2602.01037'), `${q}: ${cited(answer)}`);
  }
  // "other" of what the paper does is still about it.
  assert.deepEqual(cited((await converse(icml, 'What is PhaseCoder?', 'Does it work with other microphone arrays?')).answer), ['dementyev26a']);
});

test('"which is better?" after two turns each about one paper ("What is ST-Veto?", "What is VEQ?") sets both side by side, as after "Compare ST-Veto and VEQ"; "Which is its main dataset?" is still of the last one', async () => {
  for (const q of ['which is better?', 'which one is faster?', 'how do they differ?']) {
    const { answer } = await converse(icml, 'What is ST-Veto?', 'What is VEQ?', q);
    assert.deepEqual(cited(answer), ['2607.17884', '2602.01037'], q);
  }
  // Through a turn that went on with the first paper.
  assert.deepEqual(cited((await converse(icml, 'What is PixelThink?', 'Who wrote it?', 'What is VEQ?', 'which is better?')).answer), ['2505.23727', '2602.01037']);
  // One paper before: that one.
  assert.deepEqual(cited((await converse(icml, 'What is VEQ?', 'which is better?')).answer), ['2602.01037']);
  assert.ok(!cited((await converse(icml, 'What is ST-Veto?', 'What is VEQ?', 'Which is its main dataset?')).answer).includes('2607.17884'));
});
