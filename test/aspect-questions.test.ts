/**
 * Questions about one aspect of one paper, without a model: its data, its results, how it is
 * evaluated, how it works, and what else is asked of it, each answered by the sentences whose role
 * in the abstract is that aspect, not by a sentence that happens to share a word with the question.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { PapercordService } from '../src/service.js';
import { askedSection, asksForData } from '../src/question/aspects.js';
import { dataSentences, figureSentences, modelSentences } from '../src/answer/summary/aspect-sentences.js';
import { phraseWithInitials, spellingInPapers, withUnwrittenAcronymsSpelledOut } from '../src/names/acronyms.js';
import { loadCorpus } from '../src/corpus/load.js';
import { QuestionNames } from '../src/names/question-names.js';
import { inPaperWordForms } from '../src/question/pointing.js';
import { extractiveAnswer } from '../src/answer/extractive.js';
import { DEFAULT_RETRIEVAL } from '../src/config.js';
import { TermStats } from '../src/retrieval/termstats.js';
import type { Source } from '../src/types.js';
import { testSettings, builtIndexSettings, captureLog } from './support/env.js';
import { citedPapers as cited, converse } from './support/answers.js';

const icml = await PapercordService.open(await testSettings({ CORPUS: 'icml2026' }), { log: captureLog(), writer: null });
const pmlr = await PapercordService.open(await builtIndexSettings({ CORPUS: 'pmlr-v306' }), { log: captureLog(), writer: null });
const { papers } = await loadCorpus(['icml2026', 'pmlr-v306']);
const paper = (id: string) => papers.find((p) => p.id === id)!;

test('"Which paper uses YouCook 2?" asks for YouCook2, the version written apart: CAST, which writes it, and no sentence that shares only "uses"; where no paper writes it, "Nothing indexed mentions YouCook 2"', async () => {
  for (const q of ['Which paper uses YouCook 2?', 'Which paper uses YouCook2?']) {
    const a = await icml.ask(q, { useModel: false });
    assert.deepEqual([a.refused, cited(a)], [false, ['2603.08648']], q);
    for (const quoted of a.answer.split(/(?<=\]) /)) assert.match(quoted, /YouCook2/, q);
  }
  const none = await pmlr.ask('Which paper uses YouCook 2?', { useModel: false });
  assert.deepEqual([none.refused, none.citations], [true, []]);
  assert.match(none.answer, /^Nothing indexed mentions YouCook 2: .* or ask again without YouCook 2\.$/);
});

test('"What datasets does X use?" quotes the sentences that name its data, whatever word they use for it', async () => {
  // CAST's abstract writes no "dataset": its benchmark spans them.
  const { answer: cast } = await converse(icml, 'what datasets does CAST use');
  assert.deepEqual([cast.refused, cited(cast)], [false, ['2603.08648']]);
  assert.match(cast.answer, /introduce a diagnostic benchmark spanning YouCook2, COIN, and CrossTask\. \[1\]$/);
  assert.match((await converse(icml, 'what datasets does PRISM use')).answer.answer, /^We evaluate PRISM on the ALFWorld and Room-to-Room \(R2R\) benchmarks\. \[1\]$/);
  // "they" is the paper of the conversation.
  const { answer: mono } = await converse(pmlr, 'What is MonoSoup?', 'what datasets did they use?');
  assert.deepEqual([mono.refused, cited(mono)], [false, ['abdollahpoorrostam26a']]);
  assert.match(mono.answer, /^Experiments on CLIP models fine-tuned on ImageNet/);
  // Its own data, not the English-centric datasets of the benchmarks it improves on (its problem).
  const { answer: multihal } = await converse(pmlr, 'what datasets does MultiHal use?');
  assert.match(multihal.answer, /we mined 140k KG-paths from open-domain KGs/);
  assert.doesNotMatch(multihal.answer, /English-centric/);
  // A sentence that points back comes with what it points at; a framework "designed to bridge the gaps in training data curation" names no data.
  const { answer: mllm } = await converse(icml, 'What is MLLM-4D?', 'What dataset does it use?');
  assert.match(mllm.answer, /^On the data front, we develop .* \[1\] This results in the MLLM4D-2M and MLLM4D-R1-30k datasets .* \[1\]$/);
  // A benchmark is data, not a result: BEST is one.
  assert.match((await converse(pmlr, 'what benchmarks does BEST use?')).answer.answer, /^To fill in the gap, this paper introduces BEST, the first benchmark/);
});

test('the sentences that name data: a word for data with a name where the paper evaluates or trains, a name called a task or benchmark, data the authors gather; not models, not "data-free", not its problem', () => {
  assert.equal(asksForData('What benchmarks?'), true);
  assert.equal(askedSection('What benchmarks?'), undefined);
  // VEQ names models ("on Kimi-VL") and "diverse benchmarks", no data.
  assert.deepEqual(dataSentences(paper('2602.01037')), []);
  // MonoSoup is "data-free"; its experiments are "on ImageNet".
  assert.deepEqual(dataSentences(paper('abdollahpoorrostam26a')).map((s) => s.slice(0, 35)), ['Experiments on CLIP models fine-tun']);
  // "on the VizWiz-VQA task".
  assert.match(dataSentences(paper('2606.03075')).join(' '), /VizWiz-VQA task/);
});

test('"What are the results of X?" is its results, not a sentence that writes "resulting in"', async () => {
  const results = /^\*\*Results:\*\* We evaluate TGV-KV across five models .* preserves 99\.2% full-KV accuracy/;
  assert.match((await converse(icml, 'What are the results of TGV-KV?')).answer.answer, results);
  assert.match((await converse(icml, 'What is TGV-KV?', 'what are its results?')).answer.answer, results);
  // Bayesian-LoRA's "results in a tendency toward miscalibration" is its problem.
  assert.match((await converse(pmlr, 'What results does Bayesian-LoRA report?')).answer.answer, /^\*\*Results:\*\* .*84% Expected Calibration Error/);
});

test('"How is X evaluated?" is its results, "how does it work?" its method', async () => {
  const evaluation = /^\*\*Results:\*\* Extensive evaluation across text and speech streaming tasks confirms/;
  assert.match((await converse(icml, 'How is ProactiveLLM evaluated?')).answer.answer, evaluation);
  assert.match((await converse(icml, 'What is ProactiveLLM?', 'and how is it evaluated?')).answer.answer, evaluation);
  assert.equal(askedSection('how does it work?'), 'Method');
  // "work" alone asks for no part: "this work" is the paper.
  assert.equal(askedSection('What is this work about?'), undefined);
  const { answer: how } = await converse(icml, 'what is ST-Veto?', 'how does it work?');
  assert.match(how.answer, /^\*\*TL;DR:\*\* .*\n\*\*Method:\*\* Rather than relying only on current-step confidence, ST-Veto vetoes/);
  // Its name asked with it: "How does ST-Veto work?" reaches the part without the name, "How does  work?".
  assert.equal((await converse(icml, 'How does ST-Veto work?')).answer.answer, how.answer);
  // "how X works", as an explanation is asked for, is the same question.
  for (const q of ['Explain how ST-Veto works', 'how ST-Veto works?']) assert.equal((await converse(icml, q)).answer.answer, how.answer, q);
  assert.equal((await converse(icml, 'what is ST-Veto?', 'explain how it works')).answer.answer, how.answer);
});

test('"Why does X matter?", "Why is X important?" and "Why should I care about X?" are its problem; "the takeaway" and "the significance" its TL;DR', async () => {
  for (const [q, section] of [
    ['Why does PixelThink matter?', 'Problem'],
    ['Why is PixelThink important?', 'Problem'],
    ['Why should I care about TGV-KV?', 'Problem'],
    ["What's the takeaway from MentisOculi?", 'TL;DR'],
    ['What is the significance of VEQ?', 'TL;DR'],
  ] as const) {
    const { answer } = await converse(icml, q);
    assert.equal(answer.refused, false, q);
    assert.match(answer.answer, new RegExp(`^\\*\\*${section}:\\*\\* `), q);
  }
  // Of several papers the words are searched: "an important gap" is no part of one summary.
  assert.equal(askedSection('Which papers address an important gap in video retrieval?'), undefined);
});

test("of one paper, the sentences of what it sets out from answer only what its own do not, or a question about that", async () => {
  // BEST's problem writes "benchmarks" twice, its TL;DR once: the TL;DR says what BEST measures.
  const { answer: best } = await converse(pmlr, 'what does the BEST benchmark measure');
  assert.match(best.answer, /^To fill in the gap, this paper introduces BEST, the first benchmark for evaluating the efficiency/);
  assert.doesNotMatch(best.answer, /A recent line of benchmarks/);
  // Limitations it identifies in others' work are its problem.
  assert.match((await converse(pmlr, 'What limitations does SPEED identify in parallel decoding?')).answer.answer, /^Parallel decoding, which unmasks multiple tokens simultaneously, promises acceleration but often degrades quality/);
});

test('a sentence of the setting is quoted only where it shares more of the question than the paper\'s own', () => {
  const setting = 'Prior routers such as Bar route tokens by hashing and waste memory.';
  const text = `${setting} We propose Foo, a router for mixtures of experts. Foo routes tokens with a learned gate and improves throughput by 40%.`;
  const sources: Source[] = [{ n: 1, paperId: 'foo', title: 'Foo: Learned Routing', score: 1, text, chunkId: 'foo#0', start: 0, end: text.length }];
  const stats = TermStats.fromTexts([`Foo: Learned Routing\n${text}`, 'Caches improve throughput.', 'Experts improve models.']);
  const ask = (q: string) => extractiveAnswer(q, sources, stats, DEFAULT_RETRIEVAL, [], [setting]).answer;
  assert.equal(ask('How does it route tokens?'), 'Foo routes tokens with a learned gate and improves throughput by 40%. [1]');
  // Only the setting names Bar.
  assert.match(ask('What does it improve over Bar?'), /^Prior routers such as Bar route tokens by hashing/);
});

test('"What baselines does X compare against?" asks X\'s results, not for other indexed papers; "Compare X and Y" still asks what each is', async () => {
  for (const q of ['What baselines does TUR-DPO compare against?', 'How does TUR-DPO compare with the baselines?']) {
    const { answer } = await converse(pmlr, q);
    assert.deepEqual(cited(answer), ['abas26a'], q);
    assert.match(answer.answer, /^\*\*Results:\*\* .*relative to DPO/, q);
  }
  const { answer: both } = await converse(icml, 'Compare VEQ and TGV-KV');
  assert.doesNotMatch(both.answer, /\*\*Results:\*\*/);
  assert.deepEqual(cited(both), ['2602.01037', '2606.03075']);
});

test('"Does PixelThink use RL?" quotes the sentence that writes reinforcement learning, which is what RL stands for; of a paper that writes nothing spelling RL, or of "LLMs", nothing changes', async () => {
  // Read apart from the code: PixelThink writes reinforcement learning, not RL; VEQ neither.
  assert.match(paper('2505.23727').abstract, /reinforcement learning/);
  assert.doesNotMatch(paper('2505.23727').abstract, /\bRL\b/);
  for (const q of ['Does PixelThink use RL?', 'Is PixelThink trained with RL?']) {
    const a = await icml.ask(q, { useModel: false });
    assert.equal(a.refused, false, q);
    assert.deepEqual(cited(a), ['2505.23727'], q);
    assert.match(a.answer, /within a reinforcement learning paradigm/, q);
  }
  assert.match((await converse(icml, 'What is PixelThink?', 'Does it use RL?')).answer.answer, /reinforcement learning/);
  assert.equal((await icml.ask('Does VEQ use RL?', { useModel: false })).refused, true);
  // Only capitals: "LLMs" and "rl" are asked as written.
  assert.equal((await icml.ask('Does PixelThink use LLMs?', { useModel: false })).refused, true);
  assert.equal((await icml.ask('Does PixelThink use rl?', { useModel: false })).refused, true);
  // Where the corpus declares what RL stands for, only that spells it: "regret learning" is not RL.
  assert.match(paper('abbadi26a').abstract, /regret learning/i);
  assert.doesNotMatch(paper('abbadi26a').abstract, /\bRL\b|reinforcement/i);
  assert.equal((await pmlr.ask('Does it use RL?', { useModel: false, paper: 'abbadi26a' })).refused, true);
});

test('the words an acronym spells are consecutive words of a name, small words passed over only inside it', () => {
  assert.equal(phraseWithInitials('rl', 'regulate reasoning within a reinforcement learning paradigm'), 'reinforcement learning');
  assert.equal(phraseWithInitials('rlhf', 'tuned with Reinforcement Learning from Human Feedback today'), 'Reinforcement Learning from Human Feedback');
  for (const text of ['ranging from latent tokens', 'the gain remains limited', 'it reduces long chains', 'a rapidly learned policy']) assert.equal(phraseWithInitials('rl', text), undefined, text);
});

test('an acronym no paper writes is spelled out as the papers spell it, only when they clearly agree', () => {
  const of = (...abstracts: string[]) => abstracts.map((abstract, i) => ({ ...paper('deng26w'), id: `p${i}`, title: `Paper ${i}`, abstract }));
  const rl = of('We train agents with reinforcement learning.', 'A Reinforcement Learning method for robots.', 'Rates of lemmas.');
  assert.equal(spellingInPapers('rl', rl), 'reinforcement learning');
  // One paper's phrase is no spelling; nor are two spellings that as many papers use.
  assert.equal(spellingInPapers('rl', rl.slice(0, 1)), undefined);
  assert.equal(spellingInPapers('rl', [...rl, ...of('Representation learning helps.', 'We study representation learning.')]), undefined);
  // A phrase no paper writes as a name, each word capitalised, is an everyday one: "best overall" is no BO.
  assert.equal(spellingInPapers('bo', of('It is the best overall.', 'We rank best overall on two tasks.', 'Best overall results.')), undefined);
  assert.equal(spellingInPapers('bo', of('We use Bayesian Optimization.', 'Bayesian optimization tunes it.', 'Tuned by bayesian optimization.')), 'bayesian optimization');
  // "multimodal large" is the start of a longer name, not what ML stands for.
  assert.equal(spellingInPapers('ml', of('Multimodal large language models see.', 'We tune multimodal large language models.', 'Multimodal Large Language Models (MLLMs) reason.')), undefined);
  const spelled = (q: string, written: string[]) => withUnwrittenAcronymsSpelledOut(q, (t) => written.includes(t), (a) => spellingInPapers(a, rl));
  assert.equal(spelled('Which papers use RL?', []), 'Which papers use reinforcement learning?');
  // Written by a paper, or not in capitals: asked as typed.
  assert.equal(spelled('Which papers use RL?', ['rl']), 'Which papers use RL?');
  assert.equal(spelled('Which papers use rl or LLMs?', []), 'Which papers use rl or LLMs?');
});

test('an acronym no paper writes is spelled out only as a term some abstract declares or writes as a name, not as boilerplate or the end of longer names', () => {
  const of = (...abstracts: string[]) => abstracts.map((abstract, i) => ({ ...paper('deng26w'), id: `p${i}`, title: `Paper ${i}`, abstract }));
  // A sentence's first capital and a heading are no name: "source code" is no SC.
  assert.equal(spellingInPapers('sc', of('The source code is available.', 'Source Code: https://example.org/x.', 'Our source code is released.')), undefined);
  // Nor is a title's: "Real-World" in a title does not make "real world" RW.
  const titled = of('We test on real world data.', 'It works in the real world.').map((p, i) => ({ ...p, title: i ? 'Real-World Robots' : p.title }));
  assert.equal(spellingInPapers('rw', titled), undefined);
  // Declared within a longer acronym, the phrase is a term: "neural networks (PINNs)" writes NN.
  assert.equal(spellingInPapers('nn', of('Physics-informed neural networks (PINNs) solve PDEs.', 'We train neural networks on graphs.', 'Deep neural networks fit.')), 'neural networks');
  // Mostly the end of longer names, it is not one of its own: Large and Recurrent Reasoning Models are no RM.
  assert.equal(spellingInPapers('rm', of('Large Reasoning Models (LRMs) think.', 'Recurrent Reasoning Models (RRMs) loop.', 'We test adaptive reasoning models.')), undefined);
  // Three words with the initials in two papers need no declaration.
  assert.equal(spellingInPapers('nlp', of('Models for natural language processing.', 'We apply it to natural language processing and vision.')), 'natural language processing');
});

test('"Which papers use SC?" and "… RM?" are refused rather than read as "source code" and "reasoning models"; NLP and NN are spelled out', async () => {
  for (const q of ['Which papers use SC?', 'Which papers use RM?', 'Which papers use RW?']) assert.equal((await pmlr.ask(q, { useModel: false })).refused, true, q);
  assert.match((await pmlr.ask('Which papers use NLP?', { useModel: false })).answer, /^2 of the 293 indexed papers mention natural language processing:/);
  assert.match((await pmlr.ask('Which papers use NN?', { useModel: false })).answer, /indexed papers mention neural networks:/);
});

test('"Which papers use RL?" of papers that write only "reinforcement learning" lists them, and counts among a list agree with picks', async () => {
  for (const q of ['Which papers use RL?', 'How many papers use RL?']) {
    const a = await icml.ask(q, { useModel: false });
    assert.equal(a.question, q);
    assert.match(a.answer, /^2 of the 19 indexed papers mention reinforcement learning:/, q);
    assert.deepEqual(cited(a).sort(), ['2505.23727', 'linghu26a'], q);
  }
  const { answer: counted } = await converse(icml, 'Which papers study video?', 'How many of them use RL?');
  assert.match(counted.answer, /^1 of the 4 papers listed mentions reinforcement learning:/);
  assert.deepEqual(cited(counted), ['linghu26a']);
  // ML is "multimodal large (language models)" here as often as anything: not spelled out, so refused.
  assert.equal((await icml.ask('Which papers use ML?', { useModel: false })).refused, true);
  // Of one paper, only as its own abstract spells it: CoPE writes "continual learning", no reinforcement learning.
  assert.equal((await icml.ask('Does CoPE use RL?', { useModel: false })).refused, true);
});

test('a question that writes a paper\'s whole title, in any case, is about that paper as one naming it is', async () => {
  for (const q of ['What is MODEL SOUPS NEED ONLY ONE INGREDIENT about?', 'what is model soups need only one ingredient about', 'Tell me about the paper "Model Soups Need Only One Ingredient"']) {
    const a = await pmlr.ask(q, { useModel: false });
    assert.match(a.answer, /^\*\*TL;DR:\*\* In this paper, we introduce MonoSoup,/, q);
    assert.deepEqual(cited(a), ['abdollahpoorrostam26a'], q);
  }
  assert.match((await icml.ask('Who wrote PixelThink: Towards Efficient Chain-of-Pixel Reasoning?', { useModel: false })).answer, /^\*\*PixelThink: Towards Efficient Chain-of-Pixel Reasoning\*\* is by Song Wang/);
});

test('a question that writes a title\'s words after its name ("Towards Efficient Chain-of-Pixel Reasoning" of PixelThink\'s), as titles are often quoted, is about that paper as one naming it is', async () => {
  for (const [id, name] of [['2505.23727', 'PixelThink'], ['zeller26a', 'MentisOculi'], ['2606.03075', 'TGV-KV']]) {
    const title = paper(id).title;
    const subtitle = title.slice(title.indexOf(':') + 1).trim();
    const named = await icml.ask(`What is ${name}?`, { useModel: false });
    for (const q of [`What is "${subtitle}"?`, `What is the paper ${subtitle.toLowerCase()} about?`]) {
      const a = await icml.ask(q, { useModel: false });
      assert.deepEqual([cited(a), a.answer], [[id], named.answer], q);
    }
  }
});

test('a name of a letter and a digit ("S3", "h1") names its paper as a longer one does: "What is S3?" is its summary, "CoPE vs S3" compares the two', async () => {
  for (const [service, name, id] of [[icml, 'S3', '2605.03348'], [pmlr, 'h1', 'ivanova26a'], [pmlr, 'H1', 'ivanova26a']] as const) {
    const a = await service.ask(`What is ${name}?`, { useModel: false });
    assert.deepEqual([cited(a), a.answer], [[id], (await service.ask(`What is ${id}?`, { useModel: false })).answer], name);
  }
  for (const q of ['CoPE vs S3', "What's the difference between CoPE and S3?", 'Compare CoPE and S3']) assert.deepEqual(cited(await icml.ask(q, { useModel: false })), ['cope-continual-probe-guided-expansion-for-large-vision', '2605.03348'], q);
  // Two letters are no name: "3D" of 3D-RFT's abstract is searched as a word.
  assert.deepEqual(cited(await icml.ask('What is 3D scene understanding?', { useModel: false })), ['linghu26a']);
});

test('a hyphenated name typed in lower case with a space for its hyphen ("tgv kv", "vla attc") names its paper, as "tgv-kv" does', async () => {
  for (const [typed, name] of [['tgv kv', 'TGV-KV'], ['vla attc', 'VLA-ATTC'], ['st veto', 'ST-Veto']]) {
    for (const [q, asNamed] of [[`what is ${typed}`, `What is ${name}?`], [`what are ${typed}'s results`, `What are ${name}'s results?`]]) {
      const a = await icml.ask(q, { useModel: false });
      assert.equal(a.answer, (await icml.ask(asNamed, { useModel: false })).answer, q);
    }
  }
  // Words that join into no paper's name stay words.
  assert.deepEqual(new QuestionNames(icml.catalog).namesIn('what is the kv cache').papers, []);
});

test('"arxiv 2606.03075", an id as papers cite it, names the paper and asks for no link: "What\'s arxiv 2606.03075 about?" is its summary; "the arxiv link for" still its links', async () => {
  const named = (await icml.ask('What is TGV-KV?', { useModel: false })).answer;
  for (const q of ["What's arxiv 2606.03075 about?", 'arxiv 2606.03075', 'What is arXiv id 2606.03075?']) assert.equal((await icml.ask(q, { useModel: false })).answer, named, q);
  assert.match((await icml.ask("What's the arxiv link for 2606.03075?", { useModel: false })).answer, /^\*\*TGV-KV: .*\n.*arxiv\.org\/abs\/2606\.03075/);
});

test('a made-up name in other capitals ("Pixelthink", "PIXELTHINK", "Fusionroute") names its paper, as in lower case; a capitalised English word ("Cast your vote") does not', async () => {
  for (const [service, typed, name] of [[icml, 'Pixelthink', 'PixelThink'], [icml, 'PIXELTHINK', 'PixelThink'], [icml, 'Mentisoculi', 'MentisOculi'], [pmlr, 'Fusionroute', 'FusionRoute']] as const) {
    assert.equal((await service.ask(`What is ${typed}?`, { useModel: false })).answer, (await service.ask(`What is ${name}?`, { useModel: false })).answer, typed);
  }
  for (const q of ['Cast your vote', 'Prism of light']) assert.deepEqual(new QuestionNames(icml.catalog).namesIn(q).papers, [], q);
});

test('a possessive typed without its apostrophe ("VEQs results", "PhaseCoders results") names the paper, as "VEQ\'s results" does; a plural acronym ("LLMs") names none', async () => {
  for (const [typed, name] of [['What are VEQs results?', "What are VEQ's results?"], ['PhaseCoders results', "PhaseCoder's results"], ['Who wrote CASTs paper?', 'Who wrote CAST?']]) {
    assert.equal((await icml.ask(typed, { useModel: false })).answer, (await icml.ask(name, { useModel: false })).answer, typed);
  }
  assert.deepEqual(new QuestionNames(pmlr.catalog).namesIn('Which papers improve LLMs and VLMs?').papers, []);
});

test('what a name is spelled out as in brackets, and its kind after that ("the S3 (specialization, selection, sparsification) framework"), is not searched: it would rank the sentence that spells the name out', async () => {
  const q = 'What benchmark suite did the S3 (specialization, selection, sparsification) framework report its results on?';
  const a = await icml.ask(q, { useModel: false });
  assert.deepEqual(cited(a), ['2605.03348']);
  assert.match(a.answer, /^Across four MultiBench benchmarks, S3 improves accuracy/);
  assert.equal(a.answer, (await icml.ask('What benchmark suite did S3 report its results on?', { useModel: false })).answer);
  // Words in brackets its paper does not write are the question's own.
  assert.match(new QuestionNames(icml.catalog).namesIn('Does the VEQ (cooking) method work?').rest, /\(cooking\) method/);
});

test('"How big is SciVideoBench?" quotes the sentences of its own work that state a figure, in whatever words; "large" is not searched for', async () => {
  for (const q of ['How big is SciVideoBench?', 'How large is SciVideoBench?', 'What is the size of SciVideoBench?']) {
    const a = await icml.ask(q, { useModel: false });
    assert.equal(a.refused, false, q);
    assert.deepEqual(cited(a), ['deng26w'], q);
    assert.match(a.answer, /^SciVideoBench consists of 1,000 carefully crafted multiple-choice questions/, q);
  }
  // Of the paper the conversation is on, too.
  assert.match((await converse(icml, 'What is SciVideoBench?', 'How large is it?')).answer.answer, /1,000/);
});

test('"What are the numbers for PixelThink?", "PixelThink\'s stats", and "Any numbers?" after it quote the sentences that state its figures, as "How big is it?" does, rather than refusing', async () => {
  const figures = await icml.ask('What are the numbers for PixelThink?', { useModel: false });
  assert.deepEqual([figures.refused, cited(figures)], [false, ['2505.23727']]);
  assert.match(figures.answer, /30\.4%.*48\.2%/);
  for (const q of ["What are PixelThink's stats?", 'Give me the key numbers of PixelThink']) assert.equal((await icml.ask(q, { useModel: false })).answer, figures.answer, q);
  for (const q of ['Any numbers?', 'the key figures?']) assert.equal((await converse(icml, 'What is PixelThink?', q)).answer.answer, figures.answer, q);
});

test('"How large is cMoLLM?" of an abstract whose only numbers are a kernel\'s shape ("1×1") says it states no size, rather than quoting the shape or a sentence on others\' model size; list markers are no figures either (QA2 #14)', async () => {
  // Read apart from the code: its numbers are a TeX shape and a model's name.
  assert.match(paper('2607.22577').abstract, /\$1\{\\times\}1\$ convolutional kernel/);
  for (const q of ['How large is cMoLLM?', 'How big is cMoLLM?']) {
    const a = await icml.ask(q, { useModel: false });
    assert.equal(a.refused, true, q);
    assert.deepEqual(a.citations, [], q);
    assert.match(a.answer, /^The abstract of cMoLLM at Scale: .* \(2607\.22577\) states no size or other figure of its work; the paper itself may, at https:\/\/\S+\. /, q);
  }
  // VEQ's "1)Modality-expert-aware Quantization" and TGV-KV's "(1) Text-Vision Budgeting" number a list; their results state figures.
  for (const [name, figure] of [['VEQ', /2\.04% on Kimi-VL/], ['TGV-KV', /52\.6%/]] as const) {
    const a = await icml.ask(`How big is ${name}?`, { useModel: false });
    assert.match(a.answer, figure, name);
    assert.doesNotMatch(a.answer, /\(?1\)\s*(?:\*\*)?(?:Modality|Text)/, name);
  }
});

test('a number after a word that ends in "x" is a figure ("max 10 GPUs", "index 4096 tokens", "a box 512 pixels"), and so is the count of "8 × 24GB"; shapes are not', () => {
  const toy = (sentence: string) => ({ id: 'toy', title: 'Toy', abstract: `We propose Toy. ${sentence} It works.`, authors: [], aliases: [], source: { file: 'f', record: 'r' } });
  for (const s of ['We train on max 10 GPUs.', 'We use index 4096 tokens.', 'We draw a box 512 pixels wide.', 'We train on 8 x 24GB GPUs.', 'We train on 8 × 24 GB GPUs.']) assert.deepEqual(figureSentences(toy(s)), [s], s);
  for (const s of ['We use a 1×1 convolution.', 'We use a 3 x 3 kernel.', 'We use a 3x3 kernel.']) assert.deepEqual(figureSentences(toy(s)), [], s);
});

test('"How large is TodoEvolve?" of an abstract that writes its size as a name\'s part or in words ("Todo-14B", "five agentic benchmarks") says no figure was found and quotes them, not that it states none', async () => {
  const a = await pmlr.ask('How large is TodoEvolve?', { useModel: false });
  assert.equal(a.refused, true);
  assert.match(a.answer, /^The abstract of TodoEvolve: .* \(liu26fz\) states no figure of its size that I can find, though it writes "Todo-14B" and "five agentic benchmarks"; the paper itself may, at https:\/\/\S+\. /);
});

test('"How large is X?" quotes a number word only with the data, models or compute it counts ("four MultiBench benchmarks"), never a method\'s "two" ("two complementary training mechanisms", "two innovations")', async () => {
  for (const [service, q] of [[icml, 'How large is ProactiveLLM?'], [pmlr, 'How large is QuantumBoost?']] as const) {
    const a = await service.ask(q, { useModel: false });
    assert.equal(a.refused, true, q);
    assert.match(a.answer, /^The abstract of .* states no size or other figure of its work; the paper itself may/, q);
  }
  const s3 = await icml.ask('How large is it?', { paper: '2605.03348', useModel: false });
  assert.match(s3.answer, / states no figure of its size that I can find, though it writes "four MultiBench benchmarks"; /);
});

test('"the OpenReview page of the paper on mental imagery" asks for its links where no abstract writes OpenReview: the metadata gives OpenReview ids, so it is no unknown name', async () => {
  assert.ok(!icml.papers.some((p) => /openreview/i.test(`${p.title} ${p.abstract}`)) && icml.papers.some((p) => p.openreview));
  const { answer } = await converse(icml, 'Where is the OpenReview page of the paper on mental imagery?');
  assert.equal(answer.refused, false, answer.answer);
  assert.match(answer.answer, /^\*\*MentisOculi: .*\nOpenReview: https:\/\/openreview\.net\/forum\?id=sxvuK2x3eA\n/s);
});

test('"Can PhaseCoder transcribe speech?" of an abstract that writes "transcription" quotes that sentence, not "does not answer this": a word in another form of the paper\'s is asked in its form', async () => {
  for (const q of ['Can PhaseCoder transcribe speech?', 'Does PhaseCoder transcribe?']) {
    const a = await icml.ask(q, { useModel: false });
    assert.equal(a.refused, false, q);
    assert.deepEqual(cited(a), ['dementyev26a'], q);
    assert.match(a.answer, /\btranscription\b/, q);
  }
  // Forms of one word, not words that only start alike.
  assert.equal(inPaperWordForms('Does it transcribe, retrieve or detect?', 'Transcription, retrieval and detection.'), 'Does it transcription, retrieval or detection?');
  assert.equal(inPaperWordForms('Does it transform or generalize?', 'transfer learning generates'), 'Does it transform or generalize?');
  // Of an abstract that writes no form of it, a question about it is still not answered.
  assert.equal((await icml.ask('Can ProactiveLLM transcribe audio?', { useModel: false })).refused, true);
});

test('"Does MentisOculi use diffusion models?" of an abstract that writes "models" and no "diffusion" says it does not mention diffusion, rather than quoting a sentence that shares only "models"', async () => {
  assert.doesNotMatch(paper('zeller26a').abstract, /diffus/i);
  for (const [q, word] of [['Does MentisOculi use diffusion models?', 'diffusion'], ['Does MentisOculi evaluate GPT?', 'GPT'], ['Does CAST use transformers?', 'transformers']] as const) {
    const a = await icml.ask(q, { useModel: false });
    assert.equal(a.refused, true, q);
    assert.deepEqual(a.citations, [], q);
    assert.match(a.answer, new RegExp(`does not mention "${word}"`), q);
  }
  // Where the paper writes the telling word, in any form, its sentence is quoted.
  for (const [q, id] of [['Does ST-Veto use diffusion?', '2607.17884'], ['Does PixelThink use RL?', '2505.23727'], ['Is PhaseCoder a transformer?', 'dementyev26a'], ['Is ST-Veto training free?', '2607.17884']] as const) {
    const a = await icml.ask(q, { useModel: false });
    assert.equal(a.refused, false, q);
    assert.deepEqual(cited(a), [id], q);
  }
});

test('"What models does VEQ test on?" and "what models?" after it quote the sentences of its own work that name its models, not its problem\'s "MoE VLMs"; where none names one, it says the abstract does not name them', async () => {
  for (const asked of [['What models does VEQ test on?'], ['What is VEQ?', 'what models?'], ['What is VEQ?', 'which models does it test on?']]) {
    const { answer } = await converse(icml, ...asked);
    assert.deepEqual(cited(answer), ['2602.01037'], asked.join(' / '));
    assert.match(answer.answer, /Kimi-VL/, asked.join(' / '));
    assert.doesNotMatch(answer.answer, /offer remarkable performance/, asked.join(' / '));
  }
  assert.match((await icml.ask('Which models does TGV-KV use?', { useModel: false })).answer, /LLaVA-NeXT/);
  // "frontier models", "multiple dMLLMs" name none.
  for (const q of ['What models does MentisOculi evaluate?', 'What models does ST-Veto evaluate?']) {
    const a = await icml.ask(q, { useModel: false });
    assert.equal(a.refused, true, q);
    assert.match(a.answer, /does not name the models it evaluates on/, q);
  }
  assert.deepEqual(modelSentences(paper('2603.08648')), []);
});
