import { test } from 'node:test';
import assert from 'node:assert/strict';
import { PapercordService } from '../src/service.js';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { NO_TOPIC_NAMED, topicCountAsked } from '../src/answer/topics.js';
import { positionPapersAsked } from '../src/answer/position-papers.js';
import { topicMentions, topicMentionsInSlices } from '../src/answer/topic-mentions.js';
import { splitSentences } from '../src/text/sentences.js';
import { REFUSAL_TEXT } from '../src/answer/extractive.js';
import { testSettings, builtIndexSettings, captureLog, tempDir } from './support/env.js';
import { citedPapers as cited, papersWriting as writing } from './support/answers.js';

const icml = await PapercordService.open(await testSettings({ CORPUS: 'icml2026' }), { log: captureLog(), writer: null });
const pmlr = await PapercordService.open(await builtIndexSettings({ CORPUS: 'pmlr-v306' }), { log: captureLog(), writer: null });

test('"How many papers are about video?" counts the papers that write "video" and lists each, cited with its sentence', async () => {
  const video = writing(icml.papers, /\bvideos?\b/i);
  assert.ok(video.length >= 2 && video.length <= 10, 'the 19 papers: several write video, all listed');
  for (const q of ['How many papers are about video?', 'How many papers mention video?', 'How many of the papers study videos?', 'how many papers discuss video']) {
    const a = await icml.ask(q, { useModel: false });
    const [head, ...lines] = a.answer.split('\n');
    assert.equal(head, `${video.length} of the 19 indexed papers mention ${/videos/.test(q) ? 'videos' : 'video'}:`, q);
    assert.equal(a.refused, false);
    assert.deepEqual(new Set(cited(a)), new Set(video.map((p) => p.id)), q);
    assert.equal(lines.length, video.length);
    for (const [i, line] of lines.entries()) assert.match(line, new RegExp(`^\\*\\*.+\\*\\* \\(\\S+\\) \\[${i + 1}\\]`), line);
    // Each quote is a sentence of the cited abstract, and it writes the topic.
    for (const c of a.citations) {
      const paper = icml.papers.find((p) => p.id === c.paperId)!;
      if (c.quote) {
        assert.ok(paper.abstract.includes(c.quote), c.quote);
        assert.match(c.quote, /\bvideos?\b/i);
      } else assert.match(paper.title, /\bvideos?\b/i);
    }
  }
});

test('each listed paper is quoted with a sentence where it says what it does with the topic, when it has one, not its field\'s background', async () => {
  const ownWork = /\bwe\b[^.;]*\b(propose|present|introduce|develop)\b/i;
  for (const [topic, pattern] of [['video', /\bvideos?\b/i], ['quantization', /\bquantization\b/i]] as const) {
    const a = await icml.ask(`Which papers are about ${topic}?`, { useModel: false });
    let saysOwnWork = 0;
    for (const c of a.citations) {
      const paper = icml.papers.find((p) => p.id === c.paperId)!;
      const writesIt = splitSentences(paper.abstract).map((s) => s.text).filter((s) => pattern.test(s));
      if (!c.quote || !writesIt.some((s) => ownWork.test(s))) continue;
      assert.match(c.quote, ownWork, `${paper.id}: ${c.quote}`);
      saysOwnWork++;
    }
    assert.ok(saysOwnWork >= 1, `${topic}: some paper says what it does with it`);
  }
});

test('"Which papers are about video?" lists every paper that writes it, as the count does, not a search\'s best few; a long topic is searched', async () => {
  for (const [service, topic, word] of [[icml, 'video', /\bvideos?\b/i], [pmlr, 'LoRA', /\bLoRA\b/], [pmlr, 'prompt injection', /\bprompt injection\b/i]] as const) {
    const papers = writing(service.papers, word);
    assert.ok(papers.length >= 2, topic);
    for (const q of [`Which papers are about ${topic}?`, `which papers use ${topic}`, `What papers study ${topic}?`]) {
      const a = await service.ask(q, { useModel: false });
      assert.deepEqual(new Set(cited(a)), new Set(papers.map((p) => p.id)), q);
      assert.match(a.answer, new RegExp(`^${papers.length} of the ${service.papers.length} indexed papers mention `), q);
    }
  }
  // Too long a topic is rarely written whole: searched, and answered from what the search finds.
  const long = await icml.ask('Which papers use reinforcement learning to fine-tune multimodal LLMs?', { useModel: false });
  assert.equal(long.refused, false);
  assert.doesNotMatch(long.answer, /indexed papers mention/);
  // A topic no paper writes is searched too, and refused when nothing covers it.
  assert.equal((await icml.ask('Which papers are about cooking?', { useModel: false })).refused, true);
});

test('"papers about video?", "anything on video?", "is there work on video?" and "Do you have papers on video?" list the papers "Which papers study video?" lists, not a search\'s best two', async () => {
  for (const [service, topic, word] of [[icml, 'video', /\bvideos?\b/i], [pmlr, 'LoRA', /\bLoRA\b/]] as const) {
    const papers = writing(service.papers, word);
    assert.ok(papers.length >= 3, `${topic}: more papers than a search quotes`);
    const casual = [`papers about ${topic}?`, `any papers on ${topic}?`, `anything on ${topic}?`, `is there work on ${topic}?`, `Are there any papers about ${topic}?`, `Do you have papers on ${topic}?`, `show me papers about ${topic}`, `What papers do you have on ${topic}?`, `Is there a paper about ${topic}?`, `got anything on ${topic}?`, `Any papers that use ${topic}?`];
    for (const q of casual) {
      const a = await service.ask(q, { useModel: false });
      assert.equal(a.refused, false, q);
      assert.deepEqual(new Set(cited(a)), new Set(papers.map((p) => p.id)), q);
      assert.match(a.answer, new RegExp(`^${papers.length} of the ${service.papers.length} indexed papers mention `), q);
    }
  }
  // What says whose or where the papers are, not what they are on, is not a topic; nor is a topic nobody writes.
  assert.doesNotMatch((await icml.ask('papers from ICML?', { useModel: false })).answer, /indexed papers mention/);
  assert.doesNotMatch((await icml.ask('papers by Dementyev?', { useModel: false })).answer, /indexed papers mentions?/);
  for (const q of ['anything on cooking?', 'any papers on sourdough baking?']) assert.equal((await icml.ask(q, { useModel: false })).refused, true, q);
});

test('"Any papers on graph neural networks?" that no paper writes nor covers says which topic none of the papers mentions, not that none covers "this question"', async () => {
  assert.equal(writing(icml.papers, /graph neural|hallucinat/i).length, 0);
  for (const [q, topic] of [['Any papers on graph neural networks?', 'graph neural networks'], ['Which papers study hallucination?', 'hallucination'], ['is there work on hallucination?', 'hallucination']]) {
    const a = await icml.ask(q, { useModel: false });
    assert.equal(a.refused, true, q);
    assert.deepEqual(a.citations, [], q);
    assert.equal(a.answer, `None of the 19 indexed papers mentions ${topic}, and none covers it in other words. Try a broader or related term, or browse what is indexed with /papers.`, q);
  }
  // A question that asks for no topic's papers keeps the refusal it had.
  assert.equal((await icml.ask('What is the capital of France?', { useModel: false })).answer, REFUSAL_TEXT);
});

test('"Which papers propose a new benchmark?" lists the papers that say they introduce one, not every paper that writes "benchmark"', async () => {
  // Read apart from the code: a sentence of the paper's own work ("we introduce …") that writes "benchmark", or a title that does.
  const ownWork = /\b(?:we|this (?:paper|work))\b[^.;]*\b(?:propos|introduc|present|develop|buil[dt]|construct|curat|releas|creat|design|formaliz)[^.;]*\bbenchmark/i;
  const proposing = icml.papers.filter((p) => /benchmark/i.test(p.title) || ownWork.test(p.abstract));
  const writing_ = writing(icml.papers, /benchmark/i);
  assert.ok(proposing.length >= 2 && proposing.length < writing_.length / 2, 'most of the papers that write "benchmark" evaluate on one');
  for (const q of ['Which papers propose a new benchmark?', 'How many papers propose a benchmark?']) {
    const a = await icml.ask(q, { useModel: false });
    assert.deepEqual(new Set(cited(a)), new Set(proposing.map((p) => p.id)), q);
    assert.match(a.answer, new RegExp(`^${proposing.length} of the 19 indexed papers propose `), q);
  }
  // Any other verb counts every paper that writes it.
  assert.match((await icml.ask('Which papers use a benchmark?', { useModel: false })).answer, new RegExp(`^${writing_.length} of the 19 indexed papers mention a benchmark:`));
});

test('an acronym within a topic counts the papers that spell it out as the papers declare it: "multimodal LLMs" is "multimodal large language models" too', async () => {
  // A word's edge, and not \b: one abstract writes it in italics, "_multimodal large language models_".
  const phrase = (words: string) => new RegExp(`(?<![\\p{L}\\p{N}])multimodal ${words}(?![\\p{L}])`, 'iu');
  const either = writing(icml.papers, phrase('(?:LLMs?|large language models?)'));
  assert.ok(writing(icml.papers, phrase('large language models?')).length >= 2 && either.length > writing(icml.papers, phrase('LLMs?')).length, 'most of the 19 spell it out');
  for (const q of ['Which papers are about multimodal LLMs?', 'How many papers mention multimodal LLMs?']) {
    const a = await icml.ask(q, { useModel: false });
    assert.deepEqual(new Set(cited(a)), new Set(either.map((p) => p.id)), q);
    assert.match(a.answer, new RegExp(`^${either.length} of the 19 indexed papers mention multimodal LLMs:`), q);
  }
});

test('an acronym counts whichever number a paper writes it in: "LLMs" and "LLM" are one topic', async () => {
  const head = async (q: string) => (await pmlr.ask(q, { useModel: false })).answer.split('\n')[0]!;
  const count = async (q: string) => Number(/^(\d+) of the/.exec(await head(q))?.[1]);
  const plural = await count('How many papers are about LLMs?');
  // Each number alone is written by fewer papers than the two together.
  assert.ok(plural > writing(pmlr.papers, /\bLLMs\b/).length && plural > writing(pmlr.papers, /\bLLM\b/).length, String(plural));
  // What the papers that write LLM declare it to stand for counts too (see the next test).
  for (const q of ['How many papers mention LLM?', 'How many papers mention large language models?']) assert.equal(await count(q), plural, q);
  // A word with a vowel keeps its "s": "bias" is no plural.
  const bias = writing(pmlr.papers, /\bbias(?:es|ed|ing)?\b/i);
  assert.match((await pmlr.ask('How many papers mention bias?', { useModel: false })).answer, new RegExp(`^${bias.length} of the`));
});

test('an acronym and what its papers declare it to stand for count as one topic: "RL" and "reinforcement learning"', async () => {
  const rl = writing(pmlr.papers, /\bRL\b|\breinforcement learning\b/i);
  assert.ok(rl.length > writing(pmlr.papers, /\bRL\b/).length && rl.length > writing(pmlr.papers, /\breinforcement learning\b/i).length, 'some papers write only one of them');
  for (const q of ['How many papers use RL?', 'How many papers use reinforcement learning?']) {
    const a = await pmlr.ask(q, { useModel: false });
    assert.match(a.answer, new RegExp(`^${rl.length} of the ${pmlr.papers.length} indexed papers mention (?:RL|reinforcement learning):`), q);
  }
  // Of the 19 papers none writes "RL", so none declares what it stands for: it is counted as the two that spell it out write it.
  assert.match((await icml.ask('How many papers use RL?', { useModel: false })).answer, /^2 of the 19 indexed papers mention reinforcement learning:/);
});

test('"Which papers talk about LLM safety?" finds what "are about" and "study" find, whatever the verb, where no paper writes the phrase whole', async () => {
  // Read apart from the code: no abstract of the 19 writes "LLM safety", and Furina writes about the safety of LLMs.
  assert.equal(writing(icml.papers, /\bLLMs? safety\b/i).length, 0);
  const about = await icml.ask('Which papers are about LLM safety?', { useModel: false });
  assert.equal(about.refused, false);
  assert.ok(cited(about).includes('wu26bw'));
  for (const q of ['Which papers talk about LLM safety?', 'Which papers deal with LLM safety?', 'What papers discuss LLM safety?', 'which papers focus on LLM safety', 'Which papers study LLM safety?']) {
    const a = await icml.ask(q, { useModel: false });
    assert.equal(a.question, q);
    assert.equal(a.refused, false, q);
    assert.deepEqual(cited(a), cited(about), q);
    assert.equal(a.answer, about.answer, q);
  }
  // A topic no paper is about is still refused.
  assert.equal((await icml.ask('Which papers talk about buttermilk pancakes?', { useModel: false })).refused, true);
});

test('"Which papers are position papers?" lists the papers of ICML\'s position track, not those that write "position"; none is an answer', async () => {
  // And what they are about, which each one's quoted thesis answers: not DyPE's "Position Extrapolation".
  const asks = ['Which papers are position papers?', 'How many position papers are there?', 'Any position papers?', 'List the position papers', 'What are the position papers about?', 'What do the position papers argue?', 'Summarize the position papers', 'tell me about the position papers'];
  const isPosition = (p: { title: string; abstract: string }) => /^position:/i.test(p.title) || /\bposition papers?\b/i.test(p.abstract);
  const position = pmlr.papers.filter(isPosition);
  assert.ok(position.length >= 2, 'the ~300 papers hold position papers');
  assert.ok(writing(pmlr.papers, /\bposition\b/i).length > position.length, 'more papers write "position" than are position papers');
  for (const q of asks) {
    const a = await pmlr.ask(q, { useModel: false });
    assert.equal(a.answer.split('\n')[0], `${position.length} of the ${pmlr.papers.length} indexed papers are position papers:`, q);
    assert.deepEqual(new Set(cited(a)), new Set(position.map((p) => p.id)), q);
    const none = await icml.ask(q, { useModel: false });
    assert.equal(icml.papers.filter(isPosition).length, 0);
    assert.match(none.answer, /^None of the 19 indexed papers is a position paper/, q);
    assert.equal(none.refused, false);
    assert.deepEqual(none.citations, []);
  }
  for (const q of ['Is VEQ a position paper?', 'Which position papers discuss peer review?', 'What are the position papers about privacy?']) assert.equal(positionPapersAsked(q), false, q);
});

test('"Which papers report results on GLUE?" and "evaluate on GLUE" count GLUE, not "on GLUE"', async () => {
  const glue = writing(pmlr.papers, /\bGLUE\b/);
  assert.ok(glue.length > 0);
  const counted = (await pmlr.ask('How many papers mention GLUE?', { useModel: false })).answer;
  for (const q of ['Which papers report results on GLUE?', 'Which papers evaluate on GLUE?', 'How many papers are evaluated on GLUE?']) {
    const a = await pmlr.ask(q, { useModel: false });
    assert.equal(a.answer, counted, q);
    assert.deepEqual(new Set(cited(a)), new Set(glue.map((p) => p.id)), q);
  }
});

test('a topic count takes any verb of the kind and a name; one paper is "mentions"', async () => {
  const grpo = writing(icml.papers, /\bGRPO\b/);
  assert.ok(grpo.length > 0);
  const a = await icml.ask('How many papers use GRPO?', { useModel: false });
  assert.match(a.answer, new RegExp(`^${grpo.length} of the 19 indexed papers ${grpo.length === 1 ? 'mentions' : 'mention'} GRPO:\\n`));
  assert.deepEqual(new Set(cited(a)), new Set(grpo.map((p) => p.id)));
  const audio = writing(icml.papers, /\baudio\b/i);
  assert.equal(audio.length, 1, 'of the 19 papers, PhaseCoder alone writes audio');
  const one = await icml.ask('How many of the papers study audio?', { useModel: false });
  assert.match(one.answer, /^1 of the 19 indexed papers mentions audio:\n\*\*PhaseCoder: .*\(dementyev26a\) \[1\]: .*\baudio\b/);
});

test('a topic no paper writes is counted as none, not refused; nonsense does not start matching', async () => {
  for (const [q, topic] of [['How many papers are about cooking pasta?', 'cooking pasta'], ['How many papers mention wedding cakes?', 'wedding cakes']]) {
    const a = await icml.ask(q, { useModel: false });
    assert.equal(a.answer, `None of the 19 indexed papers mentions ${topic}.`, q);
    assert.deepEqual([a.refused, a.citations, a.sources], [false, [], []]);
  }
  // Each phrase must stand whole: "pasta" is in no abstract, so "cooking pasta" is none even where "cook" were.
  assert.match((await pmlr.ask('How many papers are about cooking pasta?', { useModel: false })).answer, /^None of the \d+ indexed papers mentions cooking pasta\.$/);
});

test('"How many papers are indexed?" and "... are there?" keep the count by venue; other "how many" questions are no topic count', async () => {
  for (const q of ['How many papers are indexed?', 'How many papers are there?']) {
    assert.match((await icml.ask(q, { useModel: false })).answer, /^19 papers are indexed: ICML 2026 \(19\)\./, q);
  }
  for (const q of ['How many papers are from ICML?', 'How many papers are by Wang?', 'How many questions are in SciVideoBench?', 'How many papers are about this?']) {
    assert.equal(topicCountAsked(q), undefined, q);
  }
  assert.deepEqual(topicCountAsked('How many papers are about audio or speech?'), { topic: 'audio or speech', phrases: [['audio'], ['speech']], any: true });
});

test('a count whose topic only points back ("about it", "this topic", "the same thing") asks which topic, not the index size or none', async () => {
  for (const q of ['How many papers are about it?', 'How many papers are about them?', 'How many papers are about this topic?', 'How many papers are about the same thing?', 'How many papers mention this?', 'How many of the papers discuss that?']) {
    const a = await icml.ask(q, { useModel: false });
    assert.equal(a.answer, NO_TOPIC_NAMED, q);
    assert.match(a.answer, /^Which topic\? .*How many papers are about video\?$/);
    assert.deepEqual([a.refused, a.citations, a.sources], [true, [], []], q);
  }
  // A topic of its own is still counted, and "How many papers are there?" is still the index.
  const benchmark = writing(icml.papers, /\bvideo benchmarks?\b/i).length;
  assert.ok(benchmark > 0);
  assert.match((await icml.ask('How many papers are about this video benchmark?', { useModel: false })).answer, new RegExp(`^${benchmark} of the 19 indexed papers mentions? this video benchmark:`));
  assert.match((await icml.ask('How many papers are there?', { useModel: false })).answer, /^19 papers are indexed/);
});

test('"How many papers on video are there?", "How many video papers do you have?" and "Count the papers about video" count video, without the words that ask how many', async () => {
  const video = writing(icml.papers, /\bvideos?\b/i);
  for (const q of ['How many papers on video are there?', 'How many papers about video do you have?', 'How many papers on video exist?', 'How many papers mention video in the index?', 'How many papers are there that mention video?', 'How many video papers are there?', 'How many video papers do you have?', 'How many video papers?', 'Count the papers about video', 'Count papers that mention video.', 'How many papers in the corpus are about video?', 'Number of papers on video?', 'What is the number of papers about video?']) {
    const a = await icml.ask(q, { useModel: false });
    assert.equal(a.answer.split('\n')[0], `${video.length} of the 19 indexed papers mention video:`, q);
    assert.deepEqual(new Set(cited(a)), new Set(video.map((p) => p.id)), q);
  }
  // Words before "papers" that say which papers, not what they are about, are no topic: a venue, a year, "indexed".
  for (const q of ['How many ICML papers are there?', 'How many ICML 2026 papers are there?', 'How many indexed papers are there?', 'How many tasks are in the papers?', 'How many of the papers are there?']) {
    assert.equal(topicCountAsked(q, icml.papers), undefined, q);
  }
  assert.equal(topicCountAsked('How many GRPO papers are there?', icml.papers)?.topic, 'GRPO');
});

test('a phrase written with spaces counts the papers that hyphenate it, and the other way round ("fine tuning", "fine-tuning")', async () => {
  const count = async (service: PapercordService, q: string) => Number(/^(\d+) of /.exec((await service.ask(q, { useModel: false })).answer)?.[1] ?? 0);
  for (const service of [icml, pmlr]) {
    // "fine-tune" is its own stem (a short word is not stemmed), so only the hyphenated topic, whose whole word stems alike, counts it.
    const tuning = writing(service.papers, /\bfine[- ]tun(?:ing|ed|es)\b/i).length;
    const tune = writing(service.papers, /\bfine[- ]tun(?:ing|ed|es)\b|\bfine-tune\b/i).length;
    assert.ok(writing(service.papers, /\bfine-tuning\b/i).length > writing(service.papers, /\bfine tuning\b/i).length);
    assert.equal(await count(service, 'How many papers mention fine tuning?'), tuning);
    assert.equal(await count(service, 'How many papers mention fine-tuning?'), tune);
    const moe = writing(service.papers, /\bmixture[- ]of[- ]experts?\b/i).length;
    assert.ok(moe > 0);
    for (const q of ['How many papers mention mixture of experts?', 'How many papers mention mixture-of-experts?']) assert.equal(await count(service, q), moe, q);
    // An en dash ("Vision–Language Models") parts two words as a space does; small words are skipped ("vision and language models").
    const vlm = writing(service.papers, /\bvision(?:[-\u2013 ]| and )language[- ]models?\b/i).length;
    assert.ok(vlm > 0);
    for (const q of ['How many papers are about vision language models?', 'How many papers are about vision-language models?']) assert.equal(await count(service, q), vlm, q);
  }
  // A compound whose part is no word stays whole: "GPT-4" is not GPT alone.
  assert.equal(topicCountAsked('How many papers mention GPT-4?')?.split, undefined);
  assert.deepEqual(topicCountAsked('How many papers mention fine-tuning?')?.split, [['fine', 'tun']]);
});

test('on the ~300 papers a long count lists the first ten, those with the topic in their title first, and counts the rest', async () => {
  const video = writing(pmlr.papers, /\bvideos?\b/i);
  assert.ok(video.length > 10);
  const a = await pmlr.ask('How many papers are about video?', { useModel: false });
  const lines = a.answer.split('\n');
  assert.equal(lines[0], `${video.length} of the ${pmlr.papers.length} indexed papers mention video:`);
  assert.equal(lines.at(-1), `... and ${video.length - 10} more; a narrower topic lists fewer.`);
  assert.equal(cited(a).length, 10);
  assert.ok(cited(a).every((id) => video.some((p) => p.id === id)));
  const inTitle = video.filter((p) => /\bvideos?\b/i.test(p.title)).map((p) => p.id);
  assert.deepEqual(new Set(cited(a).slice(0, inTitle.length)), new Set(inTitle.slice(0, 10)));
  // A phrase is counted where its words stand together, as a reader would look for it.
  const diffusion = writing(pmlr.papers, /\bdiffusion models?\b/i);
  assert.match((await pmlr.ask('How many papers are about diffusion models?', { useModel: false })).answer, new RegExp(`^${diffusion.length} of the \\d+ indexed papers mention diffusion models:`));
});

test.after(async () => {
  await icml.close();
  await pmlr.close();
});

test('the papers a term is looked up in come from the postings, and are those whose title or abstract writes it', () => {
  for (const [term, word] of [['video', /\bvideos?\b/i], ['grpo', /\bGRPO\b/]] as const) {
    assert.deepEqual([...pmlr.retriever.papersWriting(term)].sort(), writing(pmlr.papers, word).map((p) => p.id).sort(), term);
  }
  assert.equal(pmlr.retriever.papersWriting('zzzunwritten').size, 0);
});

test('"How many of them use diffusion?" after a list counts among the papers listed, with "None of the 4 papers listed" when none does', async () => {
  const video = writing(icml.papers, /\bvideos?\b/i);
  const count = (history: string, q: string) => icml.ask(q, { useModel: false, history: [{ question: history, answer: '', papers: video.map((p) => p.id) }] });
  // Read apart from the code: of the papers on video, those that write each topic.
  const diffusion = video.filter((p) => /diffusion/i.test(`${p.title} ${p.abstract}`));
  const rl = video.filter((p) => /reinforcement learning/i.test(`${p.title} ${p.abstract}`));
  assert.equal(diffusion.length, 0);
  assert.ok(rl.length > 0 && rl.length < video.length && writing(icml.papers, /reinforcement learning/i).length > rl.length, 'some listed papers write it, and some papers not listed');
  const none = await count('Which papers study video?', 'How many of them use diffusion?');
  assert.equal(none.refused, false);
  assert.equal(none.answer, `None of the ${video.length} papers listed mentions diffusion.`);
  const some = await count('Which papers study video?', 'how many of these papers use reinforcement learning?');
  assert.equal(some.answer.split('\n')[0], `${rl.length} of the ${video.length} papers listed ${rl.length === 1 ? 'mentions' : 'mention'} reinforcement learning:`);
  assert.deepEqual(new Set(cited(some)), new Set(rl.map((p) => p.id)));
});

test('"How many of them …?" after a count that lists only some of the papers it found counts among all it found', async () => {
  const first = 'how many papers are about control';
  const before = await pmlr.ask(first, { useModel: false });
  const found = Number(/^(\d+) of the/.exec(before.answer)?.[1]);
  assert.ok(found > cited(before).length, before.answer);
  const control = writing(pmlr.papers, /\bcontrol/i);
  const among = await pmlr.ask('How many of them use diffusion?', { useModel: false, history: [{ question: first, answer: before.answer }] });
  const picked = Number(/^(\d+) of the (\d+) papers counted mention diffusion:/.exec(among.answer)?.[1]);
  assert.match(among.answer, new RegExp(`^\\d+ of the ${found} papers counted mention diffusion:`));
  assert.ok(picked > 0 && picked < found && picked <= control.filter((p) => /diffusion/i.test(`${p.title} ${p.abstract}`)).length, among.answer);
  assert.ok(cited(among).every((id) => control.some((p) => p.id === id)), 'each one is about control too');
});

test('"Who is the most prolific author?" is answered from the bylines, counted apart from the code; one author per paper says no one has more than one', async () => {
  const counts = new Map<string, number>();
  for (const p of pmlr.papers) for (const a of new Set(p.authors)) counts.set(a, (counts.get(a) ?? 0) + 1);
  const top = Math.max(...counts.values());
  const first = [...counts].filter(([, n]) => n === top).map(([a]) => a);
  assert.ok(top >= 2 && first.length >= 1);
  for (const q of ['Who is the most prolific author?', 'Which author has the most papers?', 'who wrote the most papers', 'top authors?', 'Which authors have the most publications in the index?']) {
    const a = await pmlr.ask(q, { useModel: false });
    assert.equal(a.basis, 'metadata', q);
    const head = a.answer.split('\n')[0]!;
    assert.match(head, new RegExp(`have the most indexed papers: ${top} each\\.$|has the most indexed papers: ${top}\\.$`), q);
    for (const name of first) assert.ok(head.includes(`**${name}**`), `${q}: ${name}`);
  }
  // The 19 papers name mostly their first authors, none of whom has two.
  assert.match((await icml.ask('Who is the most prolific author?', { useModel: false })).answer, /^No author has more than one of the 19 indexed papers, .* only the first author/);
  // A question with more in it is not this one.
  assert.doesNotMatch((await pmlr.ask('Who wrote the most cited paper?', { useModel: false })).answer, /most indexed papers/);
  // Nor is a ranking of papers by their authors.
  for (const q of ['Which paper has the most authors?', 'Which papers have the most co-authors?']) assert.doesNotMatch((await pmlr.ask(q, { useModel: false })).answer, /most indexed papers/, q);
});

test('"Which paper is the most recent?" says that all the papers are from one year when they are, and "Summarize the corpus" what the bot can tell of the whole collection, not a sentence that writes "recent" or "corpus"', async () => {
  assert.equal(new Set(pmlr.papers.map((p) => p.year)).size, 1);
  for (const q of ['Which paper is the most recent?', 'What is the newest paper?', 'latest papers?', 'Which papers are the oldest?']) {
    const a = await pmlr.ask(q, { useModel: false });
    assert.match(a.answer, new RegExp(`^All ${pmlr.papers.length} indexed papers are from ${pmlr.papers[0]!.year} .*none is newer or older than another\\.$`), q);
    assert.deepEqual(a.citations, [], q);
  }
  assert.doesNotMatch((await pmlr.ask('Which is the latest paper on reinforcement learning?', { useModel: false })).answer, /^All \d+ indexed papers/);
  // Topics in the plural are the collection's without naming it: "topics covered?" is no question for CoPE's "covering eight diverse VQA tasks".
  for (const q of ['Summarize the corpus', 'what are the most common topics?', 'What topics do the papers cover?', 'What is the collection about?', 'Give me an overview of the papers', 'What topics are covered?', 'topics covered?', 'what are the topics', 'what kind of papers do you have?', 'What types of papers are there?']) {
    const a = await icml.ask(q, { useModel: false });
    assert.match(a.answer, /^I summarise one paper at a time .* It holds 19 papers \(ICML 2026: 19\): \/papers lists them/, q);
    assert.deepEqual(a.citations, [], q);
  }
  // Of one paper, or of the papers an answer before listed, it is not the whole collection.
  assert.deepEqual(cited(await icml.ask('Summarize PixelThink', { useModel: false })), ['2505.23727']);
  const listed = await icml.ask('Which papers study video?', { useModel: false });
  const themes = await icml.ask('What are the main themes?', { useModel: false, history: [{ question: listed.question, answer: listed.answer }] });
  assert.doesNotMatch(themes.answer, /^I summarise one paper at a time/);
  // Of a paper named, it is that paper's.
  for (const q of ['What topics does PixelThink cover?', 'what type of model does VEQ use?']) assert.doesNotMatch((await icml.ask(q, { useModel: false })).answer, /^I summarise one paper at a time/, q);
});

test('a count reads its papers a slice at a time, letting other work run between, and counts as reading them all at once does', async () => {
  const asked = topicCountAsked('How many papers mention video?', pmlr.papers)!;
  let ranBetween = false;
  setImmediate(() => (ranBetween = true));
  const sliced = await topicMentionsInSlices(pmlr.papers, asked, 10);
  assert.equal(ranBetween, true, 'work queued meanwhile ran before the count ended');
  const whole = topicMentions(pmlr.papers, asked);
  assert.ok(whole.length >= 2, 'several papers mention video');
  assert.deepEqual(sliced.map((m) => [m.paper.id, m.sentence]), whole.map((m) => [m.paper.id, m.sentence]));
});

test('a count of a topic written by more papers than a slice lets a bot answer others before it ends, and so does a follow-up that counts it again', async () => {
  const dir = await tempDir();
  const file = path.join(dir, 'many.jsonl');
  const papers = Array.from({ length: 1200 }, (_, i) => ({ id: `p${i}`, title: `Study ${i} of scenes`, abstract: `We study video scenes number ${i}. The method tracks objects across frames in ${i % 7} settings.` }));
  await fs.writeFile(file, papers.map((p) => JSON.stringify(p)).join('\n'));
  const settings = await testSettings({ CORPUS: file });
  const many = await PapercordService.open(settings, { log: captureLog(), writer: null });
  const count = { question: 'How many papers mention video?', answer: '' };
  try {
    let ranBetween = false;
    const asking = many.ask(count.question, { useModel: false });
    setImmediate(() => (ranBetween = true));
    const a = await asking;
    assert.match(a.answer, /^1200 of the 1200 indexed papers mention video:/);
    assert.equal(ranBetween, true, 'work queued after the question was asked ran before its answer');
    count.answer = a.answer;
  } finally {
    await many.close();
  }
  // After a restart the count is no longer kept: a follow-up that picks from it counts again, a slice at a time too.
  const restarted = await PapercordService.open(settings, { log: captureLog(), writer: null });
  try {
    let ranBetween = false;
    const asking = restarted.ask('Who wrote the 12th one?', { useModel: false, history: [count] });
    setImmediate(() => (ranBetween = true));
    const a = await asking;
    assert.deepEqual(a.citations.map((c) => c.paperId), ['p11'], 'the 12th of the papers counted, in corpus order as all are alike');
    assert.equal(ranBetween, true, 'work queued after the follow-up was asked ran before its answer');
  } finally {
    await restarted.close();
  }
});
