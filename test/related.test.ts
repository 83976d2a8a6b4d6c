import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { PapercordService } from '../src/service.js';
import { PROJECT_ROOT } from '../src/config.js';
import { loadRelatedLabels, relatedScores } from '../src/eval/related.js';
import { renderRelated } from '../src/render/text.js';
import { relatedMessages } from '../src/bot/render.js';
import { relatedFallback } from '../src/writer/answers.js';
import { noticeText } from '../src/notice.js';
import { isStopword, stem, terms, words } from '../src/text/terms.js';
import { heapAfterGcMB } from '../bench/measure.js';
import { testSettings, builtIndexSettings, captureLog } from './support/env.js';
import { converse, reasonTerms, stemsOf as stems } from './support/answers.js';

const service = await PapercordService.open(await testSettings(), { log: captureLog() });
const labels = await loadRelatedLabels(path.join(PROJECT_ROOT, 'data/eval/related.jsonl'));
const lists = new Map(await Promise.all(labels.map(async (l) => [l.id, (await service.related(l.seed, { useModel: false })).related] as const)));

test('related lists on the 19 papers: most listed papers are ones a reader calls related, and the clearly related are still found', () => {
  const s = relatedScores(labels, new Map([...lists].map(([id, r]) => [id, r.map((p) => p.paperId)])));
  // Padded to five with whatever shared a word, 43% of the listed papers were related.
  assert.ok(s.precision >= 0.75, JSON.stringify(s));
  assert.ok(s.recall >= 0.85, JSON.stringify(s));
  assert.ok(s.emptyWhenNone.empty >= 3, JSON.stringify(s));
});

test('a paper nothing in the corpus is about is given no related papers, rather than a list padded to the count', async () => {
  // A submodular maximization algorithm among multimodal-model papers; a jailbreak attack.
  for (const seed of ['improved-dynamic-algorithm-for-non-monotone-submodular', 'wu26bw']) {
    const r = await service.related(seed, { count: 5, useModel: false });
    assert.deepEqual(r.related.map((p) => `${p.paperId}: ${p.reason}`), [], seed);
  }
  const pixel = await service.related('PixelThink', { count: 10, useModel: false });
  assert.ok(pixel.related.length < 10, 'fewer than asked when fewer are related');
  assert.ok(!pixel.related.some((p) => p.paperId.startsWith('cope-')), 'CoPE shares only "learning" and "labels" with PixelThink');
  assert.deepEqual(pixel.related.slice(0, 2).map((p) => p.paperId).sort(), ['2603.00515', 'linghu26a'], 'the two reinforcement fine-tuning papers first');
});

test('every reason names only words both texts write, none of them a stopword, each in the form the texts write most', () => {
    for (const l of labels) {
    const self = service.catalog.get(l.seed);
    const seedStems = stems(self ? `${self.title} ${self.abstract}` : l.seed);
    for (const p of lists.get(l.id)!) {
      const other = service.catalog.get(p.paperId)!;
      const m = reasonTerms(p.reason);
      assert.ok(m, `${l.seed} -> ${p.paperId}: ${p.reason}`);
      // A topic's phrase may hold "of" ("mixture of experts"), as the compound "mixture-of-experts" does; no term is one.
      const named = m.terms.flatMap((phrase) => words(phrase).filter((w, i, all) => !(w === 'of' && i > 0 && i < all.length - 1)));
      const otherStems = stems(`${other.title} ${other.abstract}`);
      for (const w of named) {
        assert.ok(!isStopword(w), `"${w}" in "${p.reason}"`);
        // A compound one text writes whole and the other apart ("Mixture-of-Experts", "mixture of experts"): its words in both.
        const inBoth = (x: string) => seedStems.has(stem(x)) && otherStems.has(stem(x));
        assert.ok(inBoth(w) || (w.includes('-') && w.split('-').filter((x) => !isStopword(x)).every(inBoth)), `"${w}" from "${p.reason}" is in both texts (${l.seed}, ${p.paperId})`);
      }
    }
  }
  // MLLM-4D writes "reason" once, as a verb, and "reasoning" five times: the reason says "reasoning".
  const mllm4d = lists.get('r01')!.find((p) => p.paperId === '2603.00515')!;
  assert.match(mllm4d.reason, /\breasoning\b/);
});

test('a related list without the model says its reasons are shared key terms, not that it quotes the abstracts', () => {
  const r = { query: 'PixelThink', related: lists.get('r01')!, mode: 'extractive' as const, elapsedMs: 5 };
  assert.ok(r.related.length > 0);
  const text = renderRelated(r);
  assert.doesNotMatch(text, /quoted/);
  assert.match(text, /extractive \(reasons are shared key terms\)/);
  const footer = relatedMessages(r, 'K')[0]!.embeds![0]!.footer!.text;
  assert.doesNotMatch(footer, /quoted/);
  assert.match(footer, /^Extractive \(reasons are shared key terms\)/);
  // The writer's notices are worded for answers; for a related list they say what is shown instead.
  const forOperator = 'No Ollama server answered at http://h:1. Start Ollama (ollama serve) or check OLLAMA_HOST.';
  const unreachable = relatedFallback({ said: 'The model server could not be reached, so this answer is quoted from the abstracts instead of written by llama3.2:3b.', forOperator });
  assert.deepEqual(unreachable, { said: 'The model server could not be reached, so the reasons shown are the key terms the abstracts share instead of sentences written by llama3.2:3b.', forOperator });
  assert.doesNotMatch(relatedFallback({ said: 'llama3.2:3b is still downloading (40%), so this answer is quoted from the abstracts meanwhile.' }).said, /quoted/);
});

test('a related list whose model is unreachable carries a notice that quotes nothing', async (t) => {
  const withWriter = await PapercordService.open(await testSettings({ OLLAMA_HOST: 'http://127.0.0.1:9' }), { log: captureLog() });
  t.after(() => withWriter.close());
  const r = await withWriter.related('PixelThink');
  assert.equal(r.mode, 'extractive');
  assert.ok(r.notice, 'the unreachable model is announced');
  assert.doesNotMatch(noticeText(r.notice!), /quoted/);
  assert.match(r.notice!.said, /key terms the abstracts share/);
});

const distractors = await PapercordService.open(await builtIndexSettings({ CORPUS: 'icml2026,pmlr-v306' }), { log: captureLog() });
const relatedIds = async (seed: string) => (await distractors.related(seed, { useModel: false })).related.map((p) => p.paperId);

test('among 306 papers, a paper is not related by a term no reason can show, a shared name, or a word written in passing', async () => {
  // MLLM-4D and the 4D autoencoder shared only "4d", 3D-RFT and a molecule paper "3d", two game-theory papers "kl": each listed with "no distinctive terms in common".
  for (const [seed, padded] of [['2603.00515', 'ding26u'], ['linghu26a', 'winter26a'], ['nayak26b', 'wang26fx']] as const) {
    const r = await distractors.related(seed, { useModel: false });
    assert.ok(!r.related.some((p) => p.paperId === padded), `${seed} lists ${padded}`);
    for (const p of r.related) assert.equal(reasonTerms(p.reason)?.from, 'paper', `${seed} -> ${p.paperId}: ${p.reason}`);
  }
  // Two papers called PRISM, on decision making and on matrix functions.
  assert.ok(!(await relatedIds('2605.05407')).includes('yang26ca'));
  // A statistics paper that names protein data once, beside a paper on protein structure.
  assert.ok(!(await relatedIds('wang26fz')).includes('bashari26a'));
  // What two papers share twice each, or two terms of it, still relates them: MoE quantization and MoE pruning.
  assert.ok((await relatedIds('2602.01037')).includes('zong26b'));
});

test('among 306 papers, a topic lists the papers that write it, not those that write one of its words', async () => {
  // Beside SPEED-Bench, four papers that write "decoding" alone (one about decoding brain signals).
  assert.deepEqual(await relatedIds('speculative decoding'), ['abramovich26a']);
  // VLAW writes "robot" and "manipulation" once each, neither among its key terms; it was missing.
  const robots = await distractors.related('robot manipulation', { useModel: false });
  assert.ok(robots.related.some((p) => p.paperId === 'guo26i'), JSON.stringify(robots.related));
  for (const p of robots.related) assert.match(p.reason, /robot.*manipulation|manipulation.*robot/, p.paperId);
  // Diffusion policies for reinforcement learning write "diffusion models" but no image.
  const images = await distractors.related('diffusion models for images', { useModel: false });
  assert.ok(images.related.length >= 3);
  for (const p of images.related) assert.match(p.reason, /\bimages?\b/, `${p.paperId}: ${p.reason}`);
});

test('a topic of a few words mostly made of words no paper writes lists nothing, not the papers that write its other word', async () => {
  assert.ok(!service.papers.some((p) => /quantum/i.test(`${p.title} ${p.abstract}`)), 'no paper of the 19 writes "quantum"');
  assert.deepEqual((await service.related('quantum computing', { useModel: false })).related, []);
  // Where papers write it, they are listed; a topic whose every word is written, as before.
  assert.ok((await relatedIds('quantum computing')).length > 0);
  assert.ok((await service.related('video', { useModel: false })).related.length >= 2);
});

test('related lists keep each paper\'s key terms between requests, not its parsed abstract', async (t) => {
  const withDistractors = await PapercordService.open(await builtIndexSettings({ CORPUS: 'icml2026,pmlr-v306' }), { log: captureLog() });
  t.after(() => withDistractors.close());
  const papers = withDistractors.retriever.index.papers;
  // Stems are cached by the stemmer whoever asks: seen once before, they are not what is measured.
  for (const p of papers) terms(`${p.title}\n${p.abstract}`);
  const before = heapAfterGcMB();
  for (const p of papers) await withDistractors.related(p.id, { useModel: false });
  const kept = heapAfterGcMB() - before;
  // Every paper is a candidate of some list. Its parsed abstract (counts, word pairs, written forms) took
  // about 45 KB, 13 MB for these 306 papers and 4.5 GB at 100,000 chunks; its key terms take about half a kilobyte.
  assert.ok(kept < 4, `${kept.toFixed(1)} MB kept after a related list for each of ${papers.length} papers`);
});

test('a reason reads as a sentence whatever part of speech its key terms are: each is quoted as a term both texts use', async () => {
  // "Both abstracts discuss uncertainty-aware." and "... discuss reduces hallucinations.": an adjective and a verb's phrase.
  const reasonFor = async (seed: string, other: string) => (await distractors.related(seed, { useModel: false })).related.find((p) => p.paperId === other)?.reason;
  assert.equal(await reasonFor('abas26a', 'vazhentsev26a'), 'Both abstracts use the key term "uncertainty-aware".');
  assert.equal(await reasonFor('chen26a', 'zohrabi26a'), 'Both abstracts use the key term "reduces hallucinations".');
  assert.equal(await reasonFor('chen26a', 'lavrinovics26a'), 'Both abstracts use the key terms "hallucination" and "factual".');
  const topic = await distractors.related('speculative decoding', { useModel: false });
  assert.equal(topic.related[0]?.reason, 'Its abstract uses your query\'s term "speculative decoding".');
});

test('a paper named and found, with no other paper like it, is said to be so, not "No related papers found. Try other words, or name a paper"', async () => {
  const r = await service.related('VLA-ATTC', { useModel: false });
  assert.equal(r.paper?.id, '2605.01194');
  assert.deepEqual(r.related, []);
  const said = /No other indexed paper shares enough key terms with VLA-ATTC \(2605\.01194\) to be listed as related\. A few words from its abstract, asked as a topic, may find papers on part of it/;
  for (const text of [renderRelated(r), relatedMessages(r, 'K')[0]!.embeds![0]!.description!]) {
    assert.match(text, said);
    assert.doesNotMatch(text, /No related papers found|name a paper/);
  }
  // /ask pointed to "/related 2605.01194", the very list that is empty.
  const asked = await service.ask('Papers like VLA-ATTC?', { useModel: false });
  assert.match(asked.answer, said);
  assert.doesNotMatch(asked.answer, /\/related/);
});

test('"what should I read after X?", "what\'s related to X?", "whats close to X topic-wise", "work that resembles X" and "Which papers are related to X?" ask for the papers related to X, as "Papers like X?" does', async () => {
  const like = await service.ask('Papers like PixelThink?', { useModel: false });
  for (const q of ['What else should I read after PixelThink?', 'I liked PixelThink, what else should I read?', 'What should I read next if I liked PixelThink?', 'What to read after pixelthink?', "What's related to PixelThink?", 'What is similar to PixelThink?', 'Which papers are related to PixelThink?', 'whats close to PixelThink topic-wise', 'anything akin to PixelThink?', 'What other work resembles PixelThink?', 'anything in the same vein as PixelThink?']) {
    const a = await service.ask(q, { useModel: false });
    assert.equal(a.refused, false, `${q}: ${a.answer}`);
    assert.equal(a.answer, like.answer, q);
  }
  // Another paper's whose abstract writes "related": the list, not the papers that write "related" and its name.
  assert.match((await service.ask('Which papers are related to MentisOculi?', { useModel: false })).answer, /^Papers related to \*\*MentisOculi/);
  // What a paper reads is about that paper; a topic is listed as ever.
  assert.doesNotMatch((await service.ask('What does PixelThink read next?', { useModel: false })).answer, /^Papers related to/);
  assert.doesNotMatch((await service.ask('Does PixelThink get close to full-model accuracy?', { useModel: false })).answer, /^Papers related to/);
  assert.match((await service.ask('Which papers are related to reinforcement learning?', { useModel: false })).answer, /indexed papers mention reinforcement learning/);
});

test('among 306 papers, each phrase a reason names is written so by one of the two abstracts, not made of word forms from elsewhere', async () => {
  // "energy-based model" and "energy-based modeling" were shown as "energy-based models"; "continually adapt(s)" as "continual adapting".
  const texts = (id: string) => { const p = distractors.catalog.get(id)!; return `${p.title}\n${p.abstract}`.toLowerCase().replace(/\s+/g, ' '); };
  let phrases = 0;
  for (const seed of distractors.papers.map((p) => p.id)) {
    for (const p of (await distractors.related(seed, { useModel: false })).related) {
      for (const t of reasonTerms(p.reason)?.terms.filter((x) => x.includes(' ')) ?? []) {
        phrases++;
        assert.ok(texts(seed).includes(t.toLowerCase()) || texts(p.paperId).includes(t.toLowerCase()), `"${t}": ${seed} -> ${p.paperId}`);
      }
    }
  }
  assert.ok(phrases > 200, `${phrases} phrases`);
});

test('a short paper name misspelt by one letter ("VEQQ", "VQE", "PRSM") is met with "Did you mean" that paper, not only a pointer to /papers', async () => {
  const hintFor = async (q: string) => distractors.summary(q, { useModel: false }).then(() => assert.fail(`${q} resolved`), (e: { code: string; hint?: string }) => (assert.equal(e.code, 'UNKNOWN_PAPER'), e.hint ?? ''));
  for (const q of ['VEQQ', 'VQE', 'veqs']) assert.match(await hintFor(q), /^Did you mean: "VEQ: .*" \(2602\.01037\)\?$/, q);
  // Both papers called PRISM.
  const prism = await hintFor('PRSM');
  for (const id of ['2605.05407', 'yang26ca']) assert.ok(prism.includes(`(${id})`), prism);
  // Two letters are no name to guess from.
  assert.doesNotMatch(await hintFor('VE'), /Did you mean/);
});

test('a topic asked for in words of a request ("related work on", "something on", "show me stuff about") lists what the topic alone lists; words on no topic that /summary reads as a paper are that paper', async () => {
  const ids = async (q: string) => (await service.related(q, { useModel: false })).related.map((p) => p.paperId);
  for (const [topic, request] of [
    ['continual learning', 'something on continual learning'],
    ['continual learning', 'related work on continual learning'],
    ['spatial audio', 'Related work on spatial audio'],
    ['video retrieval', 'show me stuff about video retrieval'],
    ['KV cache', 'literature on KV cache'],
  ] as const) {
    const alone = await ids(topic);
    assert.ok(alone.length > 0, topic);
    assert.deepEqual(await ids(request), alone, request);
  }
  // "arxiv 2505.23727" and "sci video bench" (SciVideoBench) are on no topic: /summary reads them as a paper, and so does /related.
  for (const [q, id] of [['arxiv 2505.23727', '2505.23727'], ['sci video bench', 'deng26w']] as const) {
    assert.equal((await service.related(q, { useModel: false })).paper?.id, id, q);
    assert.equal((await service.summary(q, { useModel: false })).paper.id, id, q);
  }
  // Words on no topic and no paper's are still neither.
  for (const q of ['quantum computing', 'related work on quantum computing']) {
    const r = await service.related(q, { useModel: false });
    assert.equal(r.paper, undefined, q);
    assert.deepEqual(r.related, [], q);
  }
});

test('a list on a topic asked for in words of a request is headed with the topic searched, on the command line and in Discord', async () => {
  // 'Papers on "related work on spatial audio"' named words the search had left out.
  for (const [request, topic] of [['related work on spatial audio', 'spatial audio'], ['show me stuff about video retrieval', 'video retrieval'], ['related work on quantum computing', 'quantum computing']] as const) {
    const r = await service.related(request, { useModel: false });
    assert.equal(r.query, request);
    assert.equal(renderRelated(r).split('\n')[0], `Papers on "${topic}":`, request);
    assert.equal(relatedMessages(r, 'K')[0]!.embeds![0]!.title, `Papers on "${topic}"`, request);
  }
  // A topic typed as such is shown as typed, and a paper by its title.
  assert.equal(renderRelated(await service.related('spatial audio', { useModel: false })).split('\n')[0], 'Papers on "spatial audio":');
  assert.match(renderRelated(await service.related('research on VEQ', { useModel: false })).split('\n')[0]!, /^Related to VEQ: /);
});

test('a phrase written as a compound or joined by "of" is named whole in a reason ("mixture-of-experts", "mixture of experts"), not as its words apart', async () => {
  // "Its abstract uses your query's terms "experts" and "mixture"." for each of the four MoE papers.
  const moe = await service.related('mixture of experts', { useModel: false });
  const reasons = new Map(moe.related.map((p) => [p.paperId, p.reason]));
  assert.equal(reasons.get('cope-continual-probe-guided-expansion-for-large-vision'), 'Its abstract uses your query\'s term "mixture of experts".');
  for (const id of ['2602.01037', '2605.03348']) assert.equal(reasons.get(id), 'Its abstract uses your query\'s term "mixture-of-experts".', id);
  // Between two abstracts, a compound both write is named once, not beside its own words ("multi-agent" and "agent").
  const multiAgent = (await distractors.related('cheng26o', { useModel: false })).related.find((p) => p.paperId === 'lazri26a')!;
  assert.equal(multiAgent.reason, 'Both abstracts use the key term "multi-agent".');
  // A compound within a longer phrase is not named again: "reinforcement fine-tuning", not also "fine-tuning".
  const pixel = (await service.related('PixelThink', { useModel: false })).related.find((p) => p.paperId === 'linghu26a')!;
  assert.equal(pixel.reason, 'Both abstracts use the key terms "reinforcement fine-tuning" and "reinforcement learning".');
});

test("a topic's reason leaves out a word most abstracts write beside its telling words, and names it when it is all the topic shares", async () => {
  // "Its abstract uses your query's terms "diffusion" and "models".": 195 of the 306 abstracts write "models".
  const reasons = new Map((await distractors.related('papers about diffusion models', { useModel: false })).related.map((p) => [p.paperId, p.reason]));
  assert.equal(reasons.get('ren26t'), 'Its abstract uses your query\'s term "diffusion".');
  assert.equal(reasons.get('li26dv'), 'Its abstract uses your query\'s term "diffusion models".');
  const models = await service.related('models', { useModel: false });
  assert.ok(models.related.length > 0);
  for (const p of models.related) assert.match(p.reason, /^Its abstract uses your query's term "models?"\.$/, p.paperId);
});

test('"What else should I read?", "anything similar?" and "related work?" after a question about one paper list the papers related to it', async () => {
  const like = await service.ask('Papers like VEQ?', { useModel: false });
  for (const q of ['What else should I read?', 'anything similar?', 'related work?', 'What should I read next?']) {
    const { answer } = await converse(service, 'What is VEQ?', q);
    assert.equal(answer.answer, like.answer, q);
  }
  // With no paper before, as before: no list of papers like nothing.
  const alone = await service.ask('anything similar?', { useModel: false });
  assert.doesNotMatch(alone.answer, /^Papers related to/);
});

test('"Papers like PRISM?" of two papers called PRISM lists the papers related to each, under each one\'s name, not a search that quotes both', async () => {
  const a = await distractors.ask('Papers like PRISM?', { useModel: false });
  const lines = a.answer.split('\n');
  assert.equal(lines[0], '2 indexed papers are called PRISM:');
  const heads = lines.filter((l) => l.startsWith('Papers related to'));
  assert.deepEqual(heads.map((l) => /\((\S+)\):$/.exec(l)?.[1]), ['2605.05407', 'yang26ca'], a.answer);
  for (const id of ['2605.05407', 'yang26ca']) {
    const listed = (await distractors.related(id, { useModel: false })).related.map((p) => p.paperId);
    for (const other of listed) assert.ok(a.citations.some((c) => c.paperId === other), `${other} of ${id}`);
    assert.ok(!a.citations.some((c) => c.paperId === id), `${id} is not its own related paper`);
  }
});
