import { test } from 'node:test';
import assert from 'node:assert/strict';
import { PapercordService } from '../src/service.js';
import { PaperCatalog } from '../src/names/catalog.js';
import { declaredNames } from '../src/names/declared-names.js';
import { editDistance } from '../src/names/fuzzy.js';
import { conceptWords, queryConcepts, words, isStopword, stem } from '../src/text/terms.js';
import { TermStats, hasTerm } from '../src/retrieval/termstats.js';
import { extractiveAnswer, REFUSAL_TEXT } from '../src/answer/extractive.js';
import { NO_PAPER_NAMED } from '../src/answer/bylines.js';
import { titleExpansion } from '../src/answer/name-expansion.js';
import { extractiveSummary } from '../src/answer/summary/extractive.js';
import { madeUpNames, QuestionNames } from '../src/names/question-names.js';
import { readableTex } from '../src/corpus/text.js';
import { splitSentences } from '../src/text/sentences.js';
import { distinctPhrases, sharedTermsReason } from '../src/retrieval/related-reasons.js';
import { DEFAULT_RETRIEVAL } from '../src/config.js';
import { isPapercordError, type ErrorCode } from '../src/errors.js';
import type { Source } from '../src/types.js';
import { testSettings, builtIndexSettings, captureLog, tempDir } from './support/env.js';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PROJECT_ROOT } from '../src/config.js';
import { loadQuestions } from '../src/eval/questions.js';
import { citedPapers as cited, papersWriting as writing, reasonTerms, stemsOf as stems } from './support/answers.js';

const service = await PapercordService.open(await builtIndexSettings({ CORPUS: 'icml2026,pmlr-v306' }), { log: captureLog() });
/** The papers an answer cites, each once, in order. */

test('hybrid search puts the paper a question is about first, among 306 papers', async () => {
  const r = await service.retriever.search('How many multiple-choice questions does SciVideoBench have?');
  assert.equal(r.relevant, true);
  assert.equal(r.hits[0]?.paper.id, 'deng26w');
  const r2 = await service.retriever.search('geometry-agnostic spatial audio encoder for multimodal LLMs');
  assert.equal(r2.hits[0]?.paper.id, 'dementyev26a');
});

test('a paper filter keeps every hit inside that paper', async () => {
  const r = await service.retriever.search('reasoning benchmark', { paperId: 'zeller26a' });
  assert.ok(r.hits.length >= 1);
  assert.ok(r.hits.every((h) => h.paper.id === 'zeller26a'));
});

test('a question no paper covers is refused, not answered from the least bad chunk', async () => {
  for (const q of ['What is a good substitute for buttermilk in pancakes?', 'Who won the 1998 FIFA World Cup final?']) {
    const r = await service.retriever.search(q);
    assert.equal(r.relevant, false, q);
    assert.deepEqual(r.hits, []);
    const a = await service.ask(q);
    assert.equal(a.refused, true);
    assert.deepEqual(a.citations, []);
  }
});

test('a question with a mistyped word ("papres on quantizaton?", "is there reserach on continual lerning?") is answered as typed right, saying how it was read; off-topic words that are no paper\'s are not mended into one', async () => {
  for (const [typed, meant] of [['papres on quantizaton?', 'papers on quantization?'], ['is there reserach on continual lerning?', 'is there research on continual learning?'], ['how many papers mention vidoe?', 'how many papers mention video?']]) {
    const a = await service.ask(typed, { useModel: false });
    const b = await service.ask(meant, { useModel: false });
    assert.equal(a.question, typed);
    assert.equal(a.refused, false, typed);
    assert.equal(a.answer, b.answer, typed);
    assert.match(a.notice?.said ?? '', /^Read "\w+" as "\w+"(?:, "\w+" as "\w+")*\./, typed);
  }
  for (const q of ['how do i install pytorch on my macbook?', 'where can i buy airpods cheap', 'how to make kombucha at home', 'How can clips be retrieved so that a story assembled from them keeps objects and people in a consistent state?']) {
    assert.doesNotMatch((await service.ask(q, { useModel: false })).notice?.said ?? '', /^Read /, q);
  }
});

test('"What do the papers say about uncertainty?" quotes papers on uncertainty, not one that writes "what they say"', async () => {
  for (const [q, word] of [['What do the papers say about uncertainty?', /uncertain/i], ['what do the papers say about video', /video/i], ['What do the papers say about efficiency in reasoning?', /efficien/i]] as const) {
    const a = await service.ask(q, { useModel: false });
    assert.equal(a.refused, false, q);
    for (const c of a.citations) assert.match(`${c.title} ${c.quote ?? ''}`, word, `${q}: ${c.paperId} ${c.quote}`);
  }
});

test('a refused question in another language says to ask in the papers\' language, not that no paper covers it', async () => {
  for (const q of ['Welche Arbeiten behandeln Quantisierung?', '量子化に関する論文はありますか']) {
    const a = await service.ask(q, { useModel: false });
    assert.equal(a.refused, true, q);
    assert.match(a.answer, /^This question seems not to be in English\. .*ask it in the papers' language/, q);
  }
  // Of a paper it names, where its summary is.
  assert.match((await service.ask("Qu'est-ce que PixelThink ?", { useModel: false })).answer, /\/summary 2505\.23727/);
  assert.equal((await service.ask('How do I bake bread?', { useModel: false })).answer, REFUSAL_TEXT);
});

test('an extractive answer quotes sentences of its sources, each followed by a valid citation', async () => {
  const a = await service.ask('What does MentisOculi evaluate?');
  assert.equal(a.mode, 'extractive');
  assert.equal(a.refused, false);
  assert.equal(a.sources[0]?.paperId, 'zeller26a');
  assert.equal(a.citations[0]?.paperId, 'zeller26a');
  const supplied = new Set(a.sources.map((s) => s.n));
  const markers = [...a.answer.matchAll(/\[(\d+)\]/g)].map((m) => Number(m[1]));
  assert.ok(markers.length >= 1 && markers.every((n) => supplied.has(n)));
  // Every quoted sentence is verbatim from the cited source, at its offsets.
  for (const c of a.citations) {
    const source = a.sources.find((s) => s.n === c.n)!;
    assert.ok(c.quote && source.text.includes(c.quote), `quote of [${c.n}] is in its source`);
    assert.ok(a.answer.includes(`${c.quote} [${c.n}]`));
  }
});

test('an extractive answer does not quote a weak source for the one word it shares with the question', () => {
  const source = (n: number, title: string, text: string): Source => ({ n, paperId: `p${n}`, title, score: 1 / n, text, chunkId: `p${n}#0`, start: 0, end: text.length });
  const sources = [
    source(1, 'Spatial audio encoding for language models', 'We encode spatial audio from any microphone array. The encoder turns phase differences into tokens. A language model then reasons about where sounds come from.'),
    source(2, 'Video retrieval with state tracking', 'We retrieve video clips for storytelling. Clips are ranked by state consistency. Sound tokens from a microphone array are ignored.'),
  ];
  const stats = TermStats.fromTexts(sources.map((s) => `${s.title}\n${s.text}`));
  const a = extractiveAnswer('How are spatial audio tokens made from any microphone array?', sources, stats, DEFAULT_RETRIEVAL);
  assert.deepEqual(a.citations.map((c) => c.paperId), ['p1']);
  assert.match(a.answer, /microphone array\. \[1\]/);
});

test('an extractive answer numbers the sources it quotes 1, 2, 3 in the order it cites them, and keeps every source in its rank\'s place', () => {
  const source = (n: number, title: string, text: string): Source => ({ n, paperId: `p${n}`, title, score: 1 / n, text, chunkId: `p${n}#0`, start: 0, end: text.length });
  const sources = [
    source(1, 'Kernel methods at scale', 'We study random features for kernel regression. Our bounds hold for any kernel.'),
    source(2, 'Graph transformers for molecules', 'We propose a graph transformer for molecular property prediction. It beats message passing on molecular benchmarks.'),
    source(3, 'Streaming submodular maximization', 'We give a streaming algorithm for submodular maximization. It needs one pass.'),
    source(4, 'Equivariant networks for molecular dynamics', 'We learn molecular dynamics with equivariant graph networks. Forces are predicted from molecular graphs.'),
  ];
  const stats = TermStats.fromTexts(sources.map((s) => `${s.title}\n${s.text}`));
  const a = extractiveAnswer('Which graph networks predict molecular properties?', sources, stats, DEFAULT_RETRIEVAL);
  // The ranks quoted were 2 and 4: read as [1] and [2].
  assert.deepEqual(a.citations.map((c) => [c.n, c.paperId]), [[1, 'p2'], [2, 'p4']]);
  assert.deepEqual([...a.answer.matchAll(/\[(\d+)\]/g)].map((m) => Number(m[1])), [1, 2], a.answer);
  // Rank order kept; each citation's n is the n of the source it quotes, the others numbered after them.
  assert.deepEqual(a.sources?.map((s) => [s.n, s.paperId]), [[3, 'p1'], [1, 'p2'], [4, 'p3'], [2, 'p4']]);
  for (const c of a.citations) assert.equal(a.sources?.find((s) => s.n === c.n)?.paperId, c.paperId);
});

test('an answer that quotes sources ranked apart cites them [1], [2], [3], and its sources say which is which', async () => {
  const a = await service.ask('Which papers build recommender systems?', { useModel: false });
  const ranks = a.citations.map((c) => a.sources.findIndex((s) => s.n === c.n) + 1);
  // The sources it quotes are not the first ranked: numbered by rank they read [1], [3], [5].
  assert.ok(ranks.some((rank, i) => rank !== i + 1), `ranks ${ranks}`);
  assert.deepEqual([...new Set([...a.answer.matchAll(/\[(\d+)\]/g)].map((m) => Number(m[1])))], a.citations.map((_, i) => i + 1), a.answer);
  for (const c of a.citations) assert.equal(a.sources.find((s) => s.n === c.n)?.paperId, c.paperId);
  assert.deepEqual(a.sources.map((s) => s.n).sort((x, y) => x - y), a.sources.map((_, i) => i + 1));
});

test('related papers never include the paper itself, and every reason names terms both abstracts contain', async () => {
  const r = await service.related('dementyev26a', { count: 5 });
  assert.equal(r.paper?.id, 'dementyev26a');
  // Up to five: papers below the relevance floor are left out rather than padding the list.
  assert.ok(r.related.length > 0 && r.related.length <= 5, `${r.related.length} listed`);
  assert.ok(r.related.every((p) => p.paperId !== 'dementyev26a'));
  assert.equal(new Set(r.related.map((p) => p.paperId)).size, r.related.length);
  const self = service.catalog.get('dementyev26a')!;
  for (const p of r.related) {
    const other = service.catalog.get(p.paperId)!;
    const m = reasonTerms(p.reason);
    assert.equal(m?.from, 'paper', p.reason);
    const named = m!.terms.flatMap((phrase) => words(phrase)).filter((w) => !isStopword(w));
        const a = stems(`${self.title} ${self.abstract}`);
    const b = stems(`${other.title} ${other.abstract}`);
    for (const w of named) assert.ok(a.has(stem(w)) && b.has(stem(w)), `"${w}" from "${p.reason}" is in both abstracts`);
  }
  // MMR may trade relevance for diversity after the first pick, but the first is the most similar.
  const scores = r.related.map((p) => p.score);
  assert.equal(scores[0], Math.max(...scores));
});

test('a related paper\'s reason shows a phrase as its abstract writes it: its capitals where they spell it ("KV cache", "Bayesian"), not where they start a sentence, a title\'s word or an English word of a longer name', () => {
  const a = 'Rethinking KV Cache Eviction for Bayesian Decoding\nWe evict entries of the KV cache. Eviction keeps Bayesian decoding fast, and eviction is cheap.';
  const b = 'Eviction Policies\nEviction of KV cache entries under Bayesian decoding: the KV cache shrinks as eviction runs.';
  const terms = reasonTerms(sharedTermsReason(service.retriever, a, b))!.terms;
  for (const t of ['KV cache', 'Bayesian decoding', 'eviction']) assert.ok(terms.includes(t), `${t} in ${terms.join(' | ')}`);
  assert.ok(!terms.some((t) => /Cache|Eviction|kv/.test(t)), terms.join(' | '));
});

test('a related paper\'s reason names each thing once, and no phrase made across a sentence or a line', async () => {
  const text = (id: string) => `${service.catalog.get(id)!.title}\n${service.catalog.get(id)!.abstract}`;
  // Both titles end "... Resolution Diffusion" and both abstracts start "Diffusion Transformers": "diffusion diffusion" joined the two.
  for (const [a, b] of [['issachar26a', 'zhao26cc'], ['zhao26cc', 'issachar26a']]) {
    const reason = sharedTermsReason(service.retriever, text(a!), text(b!));
    const items = reasonTerms(reason)!.terms;
    assert.ok(items.every((i) => !/^(\S+) \1$/i.test(i)), reason);
    assert.equal(new Set(items).size, items.length, reason);
  }
  const across = sharedTermsReason(service.retriever, 'We study large models. LMMs reason well.', 'Our large models (LMMs) reason badly.');
  assert.match(across, /large models/);
  assert.doesNotMatch(across, /models lmms/i);
  assert.deepEqual(distinctPhrases(['spatial audio', 'Spatial audio', 'audio', 'microphone', 'microphone']), ['spatial audio', 'microphone']);
});

test('/related on a phrase names the phrase a paper writes, and a list shorter than asked says why in one line', async () => {
  const r = await service.related('KV cache', { count: 10, useModel: false });
  const rethinking = r.related.find((p) => p.paperId === 'yang26bv');
  // Its abstract writes "KV cache"; the reason named only "cache", then "kv cache" as the query was typed.
  assert.equal(rethinking?.reason, 'Its abstract uses your query\'s term "KV cache".');
  assert.equal((await service.related('kv cache', { count: 10, useModel: false })).related.find((p) => p.paperId === 'yang26bv')?.reason, rethinking?.reason);
  assert.ok(r.related.length < 10);
  assert.match(r.notice!.said, new RegExp(`^Listed ${r.related.length} of the 10 papers asked for: no other paper is close enough to this topic\\.`));
  const full = await service.related('KV cache', { count: 2, useModel: false });
  assert.equal(full.related.length, 2);
  assert.doesNotMatch(full.notice?.said ?? '', /Listed/, 'a full list says nothing of it');
  const paper = await service.related('PixelThink', { count: 10, useModel: false });
  assert.match(paper.notice!.said, new RegExp(`^Listed ${paper.related.length} of the 10 papers asked for: no other paper is close enough to this one\\.`));
});

test('related papers for a free-text topic match the topic', async () => {
  const r = await service.related('spatial audio and microphone arrays', { count: 3 });
  assert.equal(r.paper, undefined);
  assert.equal(r.related[0]?.paperId, 'dementyev26a');
  assert.match(r.related[0]!.reason, /audio|microphone/i);
});

test('papers are found by id, alias, exact title and a typo-ridden partial title', () => {
  assert.equal(service.resolvePaper('zeller26a').id, 'zeller26a');
  assert.equal(service.resolvePaper('2602.02465').id, 'zeller26a', 'arXiv alias');
  assert.equal(service.resolvePaper('MentisOculi: Revealing the Limits of Reasoning with Mental Imagery').id, 'zeller26a');
  assert.equal(service.resolvePaper('mentis oculi').id, 'zeller26a');
  assert.equal(service.catalog.suggest('scivideobenc', 5)[0]?.paper.id, 'deng26w');
  assert.equal(service.catalog.suggest('PhaseCodr', 5)[0]?.paper.id, 'dementyev26a');
  assert.throws(() => service.resolvePaper('a paper about underwater basket weaving'), (e: Error & { code?: string }) => e.code === 'UNKNOWN_PAPER');
});

test('/summary and /related take a paper\'s link, as /ask does', async () => {
  // "/summary https://proceedings.mlr.press/v306/chen26a.html" (its page) was UNKNOWN_PAPER while /ask answered the same link.
  for (const link of ['https://icml.cc/virtual/2026/poster/61119', 'http://www.icml.cc/virtual/2026/poster/61119/']) {
    assert.equal(service.resolvePaper(link).id, 'dementyev26a', link);
    assert.equal((await service.summary(link, { useModel: false })).paper.id, 'dementyev26a', link);
    assert.equal((await service.related(link, { useModel: false })).paper?.id, 'dementyev26a', link);
  }
  for (const link of ['https://arxiv.org/abs/2602.02465v2', 'https://arxiv.org/pdf/2602.02465']) assert.equal(service.resolvePaper(link).id, 'zeller26a', link);
  assert.throws(() => service.resolvePaper('https://proceedings.mlr.press/v306/nobody26a.html'), (e: Error & { code?: string }) => e.code === 'UNKNOWN_PAPER');
  // Its code: any page of the repository its record gives ("software: https://github.com/MasaKat0/genriesz/tree/main/notebooks/…").
  for (const [link, id] of [['https://github.com/MasaKat0/genriesz', 'kato26a'], ['github.com/0xCavaliers/Furina_Jailbreak.git', 'wu26bw'], ['https://openreview.net/forum?id=tU3raVqvYe', 'dementyev26a']]) {
    assert.equal(service.resolvePaper(link!).id, id, link);
  }
  assert.throws(() => service.resolvePaper('https://github.com/MasaKat0/other-repo'), (e: Error & { code?: string }) => e.code === 'UNKNOWN_PAPER');
});

test('on the 19 papers, a PMLR or OpenReview link finds the paper whose record links to its arXiv page or poster', async () => {
  const nineteen = await PapercordService.open(await testSettings(), { log: captureLog() });
  for (const link of ['https://proceedings.mlr.press/v306/zeller26a.html', '<https://proceedings.mlr.press/v306/zeller26a.html>', 'proceedings.mlr.press/v306/zeller26a/zeller26a.pdf']) {
    const a = await nineteen.ask(`what is ${link} about`, { useModel: false });
    assert.deepEqual(cited(a), ['zeller26a'], link);
    assert.match(a.answer, /^\*\*TL;DR:\*\*/, link);
  }
  assert.equal(nineteen.resolvePaper('https://openreview.net/pdf?id=tU3raVqvYe').id, 'dementyev26a');
  await nineteen.close();
});

test('a pasted link suggests its paper or none, not the titles its words start ("abs", "arxiv")', async () => {
  await service.catalog.ready;
  // 2505.23727 is PixelThink, of the 19 papers; this one is in neither corpus.
  for (const link of ['https://arxiv.org/abs/2511.99999', 'arxiv.org/abs/2511.99999']) {
    assert.deepEqual(service.catalog.suggest(link), [], link);
    assert.deepEqual(service.catalog.list(link), [], link);
  }
  assert.deepEqual(service.catalog.suggest('https://arxiv.org/abs/2505.23727').map((m) => m.paper.id), ['2505.23727']);
});

test('a papers search of several words lists the papers matching all of them; autocomplete too, when some do', () => {
  const listed = service.listPapers('Song Wang');
  assert.equal(listed[0]?.id, '2505.23727', 'the paper by Song Wang first');
  // Each word starts a word of the title, an author or the id: "Song" alone or "Wang" alone is not enough.
  for (const p of listed) {
    const ws = words([p.title, p.id, ...p.authors].join(' '));
    assert.ok(['song', 'wang'].every((q) => ws.some((w) => w.startsWith(q))), `${p.id}: ${p.authors.join(', ')}`);
  }
  assert.ok(listed.length <= 3, `${listed.length} papers listed`);
  // A typo in a long word is still forgiven; a short one ("Wang" as "Yang") is another name.
  assert.deepEqual(service.listPapers('Mikrophone geometry').map((p) => p.id), ['dementyev26a']);
  // Autocomplete: Song Wang's paper, not every Song and every Wang after it.
  assert.deepEqual(service.catalog.suggest('Song Wang', 25).map((m) => m.paper.id), ['2505.23727']);
  assert.ok(service.catalog.suggest('Song', 25).length > 1, 'one word of a name offers every paper it matches');
});

test('autocomplete offers the papers that match every word typed, not titles padded in by a typo of a short word or one common word', () => {
  const ids = (q: string) => service.catalog.suggest(q, 25).map((m) => m.paper.id);
  // "kv cache" offered its 2 KV-cache titles, then 16 papers with an author "Ke" or "Lv", one typo from "kv".
  assert.deepEqual(ids('kv cache').sort(), ['liu26ga', 'yang26bv']);
  assert.deepEqual(ids('kv').sort(), ['2606.03075', 'liu26ga', 'yang26bv'], 'TGV-KV too');
  // One title, not the 24 others that write "model" too.
  assert.deepEqual(ids('model soups'), ['abdollahpoorrostam26a']);
  // An author's name written whole or a longer word's start or typo; a short word names only a whole name ("Ke", not "Kexin").
  assert.deepEqual(ids('Ke Hu').slice(0, 2).sort(), ['ding26aa', 'ding26z']);
  assert.deepEqual(ids('Zetlemoyer'), ['chen26a']);
  assert.ok(!ids('furina').some((id) => id !== 'wu26bw'), 'no author Furong for "furina"');
  // A title's joined words, typed apart: TUR-DPO for "dpo", KernelFoundry while "kernel found" is typed.
  assert.deepEqual(ids('dpo'), ['abas26a']);
  assert.equal(ids('kernel found')[0], 'wiedemann26a');
  // Nothing matches every word: the papers matching any, best first.
  assert.equal(ids('phasecoder kittens')[0], 'dementyev26a');
});

test('autocomplete offers the word a typo is one of before a shorter word it is further from, and ids only from their start for a word typed as one', () => {
  const suggested = (q: string) => service.catalog.suggest(q, 25).map((m) => m.paper);
  // "difusion" is one letter from "Diffusion", two from "Fusion": the Fusion titles scored higher and came second to fifth.
  const diffusion = suggested('difusion');
  assert.ok(diffusion.slice(0, 5).every((p) => /diffusion/i.test(p.title)), diffusion.slice(0, 5).map((p) => p.title).join(' | '));
  assert.ok(diffusion.some((p) => /\bFusion\b/.test(p.title)), 'the Fusion titles still follow');
  // "rl" started the OpenReview id "rl2uqlcoqx" of SPEED-Bench; typed with digits, an id's start still finds its paper.
  assert.ok(!suggested('rl').some((p) => p.id === 'abramovich26a'));
  assert.ok(suggested('rl').every((p) => /\bRL\b|reinforcement/i.test(p.title)));
  assert.deepEqual(suggested('zeller26').map((p) => p.id), ['zeller26a']);
  assert.equal(suggested('2505.237')[0]?.id, '2505.23727');
});

test("a papers search finds a title's hyphenated words written apart, however many words it has; resolving a paper keeps them whole", () => {
  // Only joining every word found "Vision-Language": "large vision language models" listed nothing.
  assert.equal(service.listPapers('large vision language models')[0]?.id, 'cope-continual-probe-guided-expansion-for-large-vision');
  const ids = (q: string) => service.listPapers(q).map((p) => p.id);
  assert.ok(ids('vla').includes('sun26an'), 'AIR-VLA: Vision-Language-Action ...');
  assert.ok(ids('multi agent').includes('lazri26a'), 'MAFE: ... Multi-Agent ...');
  // Each word must still be in the paper: a part does not stand in for a word the title lacks.
  assert.deepEqual(ids('vision language basket weaving'), []);
  // Resolving reads "VLA" as the paper whose name it is, not as the part of every "VLA-..." title.
  assert.equal(service.resolvePaper('VLA').id, '2605.01194');
});

/** The PapercordError a call fails with, checked to have `code`. */
async function failure(p: Promise<unknown> | (() => unknown), code: ErrorCode, what: string): Promise<Error & { code: ErrorCode; hint?: string }> {
  const e = await (typeof p === 'function' ? Promise.resolve().then(p) : p).then(
    (r) => assert.fail(`${what}: expected ${code}, got ${JSON.stringify(r).slice(0, 120)}`),
    (e: unknown) => e,
  );
  assert.ok(isPapercordError(e), `${what}: ${String(e)}`);
  assert.equal(e.code, code, `${what}: ${e.message}`);
  return e;
}
const hinted = (e: { hint?: string }) => [...(e.hint ?? '').matchAll(/" \(([^)]+)\)/g)].map((m) => m[1]!);

test('a short name that no title writes picks no paper: no paper matches, with the papers whose names hold it', async () => {
  // Typo and prefix tolerance turned them into "VLA" (VLA-ATTC), "GPU" (KernelFoundry) and an author's "Duo".
  const vqa = await failure(service.summary('VQA'), 'UNKNOWN_PAPER', 'VQA');
  assert.equal(vqa.message, 'No paper matches "VQA".');
  const gpt = await failure(service.summary('GPT'), 'UNKNOWN_PAPER', 'GPT');
  assert.deepEqual(hinted(gpt), ['chen26c'], gpt.hint);
  const dpo = await failure(service.summary('DPO'), 'UNKNOWN_PAPER', 'DPO');
  assert.equal(hinted(dpo)[0], 'abas26a', dpo.hint);
  await failure(service.ask('What?', { paper: 'VQA', useModel: false }), 'UNKNOWN_PAPER', 'ask with paper VQA');
  // One longer word, a typo of an ordinary title word or of an author: a suggestion, not the paper.
  for (const name of ['GenEval', 'CALVIN']) await failure(service.summary(name), 'UNKNOWN_PAPER', name);
  // Names still found: whole, lower case, a prefix of one, a typo of one, a word only one title writes.
  const found: [string, string][] = [['phasecoder', 'dementyev26a'], ['Phase', 'dementyev26a'], ['pixelthnik', '2505.23727'], ['vla-attc', '2605.01194'], ['VLA', '2605.01194'], ['mentis oculi', 'zeller26a'], ['SciVideoBench', 'deng26w']];
  for (const [name, id] of found) assert.equal(service.resolvePaper(name).id, id, name);
});

test('on the 19 papers too, an unknown short name is refused instead of answered from the nearest title', async () => {
  const nineteen = await PapercordService.open(await testSettings(), { log: captureLog() });
  assert.equal(nineteen.papers.length, 19);
  // "nope" was CoPE, one typo away, and "What?" got CoPE's whole summary.
  const nope = await failure(nineteen.ask('What?', { paper: 'nope', useModel: false }), 'UNKNOWN_PAPER', 'ask --paper nope');
  assert.equal(nope.message, 'No paper matches "nope".');
  await failure(nineteen.summary('VQA'), 'UNKNOWN_PAPER', 'VQA on 19 papers');
  assert.equal((await nineteen.summary('S3')).paper.id, '2605.03348');
});

test('an English word only a paper\'s name writes, read as the word, is not searched for: it would find only that name', async () => {
  const nineteen = await PapercordService.open(await testSettings(), { log: captureLog() });
  const cope = nineteen.resolvePaper('CoPE');
  // "cope" is in no abstract but CoPE's, as its name: searched for, it put CoPE first for any question that writes it.
  const videos = await nineteen.ask('how to cope with long videos', { useModel: false });
  assert.ok(!cited(videos).includes(cope.id), videos.answer);
  assert.ok(cited(videos).length > 0 && cited(videos).every((id) => writing(nineteen.papers.filter((p) => p.id === id), /video/i).length === 1), videos.answer);
  // Nor is it the paper the question names: "vlms" is the subject of "cope".
  const images = await nineteen.ask('how do vlms cope with high-resolution images?', { useModel: false });
  assert.doesNotMatch(images.answer, /CoPE/);
  assert.deepEqual(new QuestionNames(nineteen.catalog).namesIn('what is cope').readAsWords, []);
  await nineteen.close();
});

test('a paper named in capitals by an English word that other papers write is not found by that word in lower case, only by the rest of the question', async () => {
  // "best" is written by 15 other abstracts, "induction" by one: neither names its paper in lower case, yet a search for it found BEST's "BEST" and INDUCTION's "INDUCTION".
  for (const [question, named] of [
    ['Which paper is the best?', 'shen26ac'],
    ['what is the best way to evaluate agents?', 'shen26ac'],
    ['What are induction heads?', 'batzoglou26a'],
  ] as const) {
    assert.deepEqual(new QuestionNames(service.catalog).namesIn(question).writtenAsWord.map((w) => w.paper.id), [named], question);
    assert.ok(!cited(await service.ask(question, { useModel: false })).includes(named), question);
  }
  // The rest of the question finds it still, and so do its capitals.
  for (const question of ['what is the best benchmark for code efficiency?', 'What is BEST?', 'Tell me about BEST', 'BEST benchmark']) {
    assert.equal(cited(await service.ask(question, { useModel: false }))[0], 'shen26ac', question);
  }
  assert.deepEqual(new QuestionNames(service.catalog).namesIn('Is BEST the best benchmark?').writtenAsWord, []);
  // A word only its paper's abstract writes, as the acronym it declares, can find nothing but that paper: it still does.
  assert.deepEqual(cited(await service.ask('what is sand?', { useModel: false })), ['winter26a']);
});

test('a name two papers own is ambiguous: both are listed by id and title, for /summary, the paper option and /related', async () => {
  const both = ['2605.05407', 'yang26ca'];
  for (const [what, call] of [
    ['summary', () => service.summary('PRISM')],
    ['ask', () => service.ask('What is it about?', { paper: 'prism', useModel: false })],
    ['related', () => service.related('PRISM')],
  ] as const) {
    const e = await failure(call, 'AMBIGUOUS_PAPER', what);
    assert.deepEqual(hinted({ hint: e.message }).sort(), both, e.message);
    for (const id of both) assert.ok(e.message.includes(service.catalog.get(id)!.title), `${what}: ${e.message}`);
    assert.match(e.hint!, /Give the id of the one you mean/);
  }
  assert.equal((await service.summary('yang26ca')).paper.id, 'yang26ca', 'its id picks one');
  // An ordinary word nine titles start with ("Position: ...") is a topic for /related, as it was.
  assert.equal((await service.related('Position')).paper, undefined);
});

test('a paper option that several titles write ("video") lists those papers, rather than saying no paper matches', async () => {
  const titled = service.papers.filter((p) => /(?<![\p{L}\p{N}])video(?![\p{L}\p{N}])/iu.test(p.title));
  assert.ok(titled.length > 1);
  for (const [what, call] of [['summary', () => service.summary('video')], ['ask', () => service.ask('What is it about?', { paper: 'Video', useModel: false })]] as const) {
    const e = await failure(call, 'AMBIGUOUS_PAPER', what);
    assert.match(e.message, new RegExp(`^"[Vv]ideo" is in the titles of ${titled.length} papers: `), e.message);
    assert.match(e.hint!, /\/papers video lists them all|Give the id/i);
  }
  // A title's word with others around it still picks the one paper it fits.
  assert.equal((await service.summary('scientific video reasoning')).paper.id, 'deng26w');
});

test('a paper is found by an acronym its own abstract declares for what it proposes (GCL, S3), not by one of prior work', async () => {
  assert.equal((await service.summary('GCL')).paper.id, 'meng26a', '"we propose Group Cognition Learning (GCL)"; xu26a only uses Graph Contrastive Learning (GCL)');
  assert.equal((await service.summary('S3')).paper.id, '2605.03348', '"We propose S3 (Specialization, Selection, Sparsification)", not SE(3)');
  assert.equal((await service.related('GCL')).paper?.id, 'meng26a');
  assert.deepEqual(declaredNames('To address these, we propose <b>Group Cognition Learning (GCL)</b>, a paradigm.'), ['GCL']);
  assert.deepEqual(declaredNames('We propose \\textbf{S3} (Specialization, Selection, Sparsification), a framework.'), ['S3']);
  // A name set off by a comma right after the declaring words is declared without a long form; the acronyms the sentence goes on to use are not.
  assert.deepEqual(declaredNames('In this paper, we introduce PRISM, a framework that tightly couples perception (VLM) and decision (LLM).'), ['PRISM']);
  assert.deepEqual(declaredNames('In this paper, we introduce MonoSoup, a simple, data-free method.'), ['MonoSoup']);
  assert.deepEqual(declaredNames('We introduce Transformers, a family of models.'), []);
  // So "What are the results of MonoSoup?" asks for the results of the paper titled "Model Soups Need Only One Ingredient".
  assert.match((await service.ask('What are the results of MonoSoup?', { useModel: false })).answer, /^\*\*Results:\*\* Experiments on CLIP models/);
  for (const used of [
    'Graph Contrastive Learning (GCL) has achieved remarkable success.',
    'We propose a method that builds on Direct Preference Optimization (DPO).',
  ])
    assert.deepEqual(declaredNames(used), [], used);
});

test('/related reads a misspelled name as /summary does', async () => {
  assert.equal((await service.summary('pixelthnik')).paper.id, '2505.23727');
  const r = await service.related('pixelthnik', { count: 3 });
  assert.equal(r.paper?.id, '2505.23727');
  assert.ok(r.related.every((p) => p.paperId !== '2505.23727'));
  // A word the abstracts write is a topic, even near a name.
  assert.equal((await service.related('spatial', { count: 3 })).paper, undefined);
});

/**
 * Every sentence of every "**Section:** ... [1]" line of a summary is one of the abstract's, as displayed; after a TL;DR's
 * "…" (at the line's start, or after the sentences it points back at), the rest of it word for word.
 */
function assertQuotesAbstract(summary: string, abstract: string, label: string): void {
  const shown = readableTex(abstract);
  for (const line of summary.split('\n')) {
    const body = line.replace(/^\*\*[^*]+:\*\* /, '').replace(/ \[1\]$/, '');
    for (const sentence of body.split(/(?<=[.!?])\s+(?=[A-Z…])/).map((x) => x.replace(/^…(?=[a-z])/, ''))) {
      assert.ok(shown.includes(sentence), `${label}: "${sentence.slice(0, 40)}..." is from the abstract`);
    }
  }
}

test('a summary is built from the abstract with TL;DR, method and results, each cited', async () => {
  const s = await service.summary('SciVideoBench');
  assert.equal(s.paper.id, 'deng26w');
  assert.match(s.summary, /^\*\*TL;DR:\*\* .+ \[1\]$/m);
  assert.match(s.summary, /\*\*Results:\*\*/);
  assertQuotesAbstract(s.summary, service.catalog.get('deng26w')!.abstract, 'deng26w');
  assert.equal(s.citations[0]?.paperId, 'deng26w');
});

test('extractive summaries lead with the sentence naming the system, put prior work under Problem, and leave out links and release notes', () => {
  const sections = (id: string) => {
    const text = extractiveSummary(service.catalog.get(id)!, 'long');
    return Object.fromEntries(text.split('\n').map((line) => [/^\*\*([^*]+):\*\*/.exec(line)![1]!, line]));
  };
  // Furina is introduced after a sentence that says "we develop"; TGV-KV after "we argue ... and accordingly propose".
  assert.match(sections('wu26bw')['TL;DR']!, /Furina/);
  assert.match(sections('2606.03075')['TL;DR']!, /TGV-KV/);
  assert.match(sections('improved-dynamic-algorithm-for-non-monotone-submodular')['Problem']!, /Prior work achieved/);
  assert.match(sections('zeller26a')['Results']!, /Our findings suggest/);
  const nineteen = service.papers.filter((x) => x.source.file.includes('icml2026'));
  assert.equal(nineteen.length, 19);
  for (const p of nineteen) {
    const text = extractiveSummary(p, 'long');
    assert.doesNotMatch(text, /https?:\/\/|\\url|github|[Cc]ode (is|will be)/, p.id);
    assertQuotesAbstract(text, p.abstract, p.id);
  }
  // Only release notes go: "publicly available data" and "public benchmarks" are content.
  const abstract = 'Large models are costly to train. We propose Foo, a model trained on publicly available data. Foo routes tokens to small experts. Our model outperforms dense baselines on public benchmarks by 12%. Code and models will be released at https://example.org/foo.';
  const foo = extractiveSummary({ id: 'foo', title: 'Foo: Cheap Experts', abstract, authors: [], aliases: [], source: { file: 'x', record: '1' } }, 'long');
  assert.match(foo, /\*\*TL;DR:\*\* We propose Foo, a model trained on publicly available data\. \[1\]/);
  assert.match(foo, /\*\*Method:\*\* Foo routes tokens/);
  assert.match(foo, /\*\*Results:\*\* Our model outperforms dense baselines on public benchmarks by 12%\. \[1\]/);
  assert.doesNotMatch(foo, /example\.org|will be released/);
});

test('the TL;DR is the sentence that says what the paper is, even without a propose verb, and not a closing extension; the rest is split into method and results', () => {
  const sections = (id: string) => {
    const text = extractiveSummary(service.catalog.get(id)!, 'long');
    return Object.fromEntries(text.split('\n').map((line) => [/^\*\*([^*]+):\*\*/.exec(line)![1]!, line]));
  };
  // It was "Moreover, our approach can be readily extended ...", the last sentence, and the rest all Problem.
  const retabsyn = sections('lin26p');
  assert.match(retabsyn['TL;DR']!, /we overcome this limitation with ReTabSyn, a Reinforced Tabular Synthesis pipeline/);
  assert.match(retabsyn['Method'] ?? '', /This objective encourages the generator/);
  assert.match(retabsyn['Results'] ?? '', /ReTabSyn consistently outperforms state-of-the-art baselines/);
  // "In this work, we ..." says what the paper is; the closing "We propose new evaluation benchmarks ... consistently outperforms" reports results.
  assert.match(sections('forhad26a')['TL;DR']!, /^\*\*TL;DR:\*\* In this work, we eliminate the inter-task shared parameter space/);
  assert.match(sections('vaswani26a')['TL;DR']!, /we establish a general convergence rate/, 'not "Finally, we present a lower bound"');
  // With no contribution sentence, the first in the authors' words, not the field's background.
  assert.match(sections('mahdavi26a')['TL;DR']!, /we evaluate both proof-based and final-answer reasoning/);
  // No summary of an abstract of three or more sentences is left without both method and results.
  for (const p of service.papers) if (splitSentences(p.abstract).length >= 3) assert.match(extractiveSummary(p, 'long'), /\*\*(Method|Results):\*\*/, p.id);
});

test('a short or medium summary shows the sentence that reports results before one that only mentions an evaluation; the benchmark a paper introduces is its method', () => {
  const pixelthink = service.catalog.get('2505.23727')!;
  for (const length of ['short', 'medium'] as const) {
    const text = extractiveSummary(pixelthink, length);
    assert.match(text, /\*\*Results:\*\* Experimental results demonstrate .*by 30\.4%, cutting token usage by 48\.2%\. \[1\]$/, length);
  }
  // "To support comprehensive evaluation, we introduce ReasonSeg-Diff, an extended benchmark ..." was a result, before the 30.4%.
  const long = extractiveSummary(pixelthink, 'long');
  assert.match(long, /\*\*Method:\*\* .*To support comprehensive evaluation, we introduce ReasonSeg-Diff, .* \[1\]\n\*\*Results:\*\* Experimental results demonstrate /);
});

test('a short summary is the TL;DR and the headline result, the method when it fits, the problem only for a missing part', () => {
  const labels = (id: string) => extractiveSummary(service.catalog.get(id)!, 'short').split('\n').map((l) => /^\*\*([^*]+):\*\*/.exec(l)![1]);
  assert.deepEqual(labels('2505.23727'), ['TL;DR', 'Results']);
  // Its abstract reports no results: the problem says what it answers.
  assert.deepEqual(labels('mahadevan26a'), ['TL;DR', 'Problem']);
  for (const p of service.papers) assert.ok(extractiveSummary(p, 'short').split('\n').length <= 3, p.id);
});

test("Limits are what a paper says it cannot do: not a limitation it overcomes, a setting of limited data, or a strength put as a negation", () => {
  const limits = (id: string) => extractiveSummary(service.catalog.get(id)!, 'long').split('\n').find((l) => l.startsWith('**Limits:**'));
  // "To overcome this limitation, we introduce ...", "where target-task data is limited", "we provide a theoretical analysis showing that ... is fundamentally limited".
  for (const id of ['zhang26ee', 'makinen26a', 'xiong26p']) assert.equal(limits(id), undefined, id);
  const abstract = 'Large models are costly to train. We propose Foo, a model that routes tokens to small experts. Our method does not require labels and works when data is limited. Foo fails to scale beyond eight experts.';
  const foo = extractiveSummary({ id: 'foo', title: 'Foo: Cheap Experts', abstract, authors: [], aliases: [], source: { file: 'x', record: '1' } }, 'long');
  assert.match(foo, /\*\*Method:\*\* Our method does not require labels/);
  assert.match(foo, /\*\*Limits:\*\* Foo fails to scale beyond eight experts\. \[1\]$/);
});

test('an extractive answer to a question that names one paper quotes only that paper, and the sentence with what is asked', async () => {
  // 3D-RFT also fine-tunes with reinforcement; it used to be quoted beside MLLM-4D.
  const named = await service.ask('What is the name of the dataset MLLM-4D uses for its reinforcement fine-tuning stage?', { useModel: false });
  assert.deepEqual(cited(named), ['2603.00515']);
  assert.match(named.answer, /MLLM4D-R1-30k/);
  const rft = await service.ask('Which baseline model did 3D-RFT beat on detection and grounding?', { useModel: false });
  assert.match(rft.answer, /VG LLM-8B/);
  // Asking beyond the named paper lifts the restriction, and leaves that paper out.
  const beyond = await service.ask('Which other papers use reinforcement fine-tuning like 3D-RFT?', { useModel: false });
  assert.ok(cited(beyond).length > 0 && !cited(beyond).includes('linghu26a'), beyond.answer);
});

test('a word no paper contains is refused even when its hashed vector happens to resemble a chunk', async () => {
  const retriever = service.retriever;
  let collided: string | undefined;
  for (let i = 0; i < 5000 && !collided; i++) {
    const word = `zqx${i.toString(36)}`;
    const [best] = await retriever.vectorSearch(await retriever.embedder.embedQuery(word), undefined, 1);
    if (best && best.cosine >= DEFAULT_RETRIEVAL.minCosine) collided = word;
  }
  assert.ok(collided, 'some made-up word shares a hash bucket with a chunk');
  const a = await service.ask(`What is ${collided}?`, { useModel: false });
  assert.equal(a.refused, true, a.answer);
});

test('an off-topic question that names a paper with a hyphenated name is refused: the name is one word, not two things asked', async () => {
  // A question of one or two words needs one of them whole: "full-bodied" is not "full-KV", nor "tax-return" an "alignment tax".
  const offTopic = ['Does VLA-ATTC discuss basket weaving recipes?', 'Can MLLM-4D bake bread?', 'What does VLA-ATTC say about the stock market?', 'Does TGV-KV help with cooking pasta?', 'Which wine is full-bodied?', 'How do I file a tax-return?'];
  for (const q of offTopic) assert.equal((await service.ask(q, { useModel: false })).refused, true, q);
  assert.equal((await service.ask('How do multi-agent systems collaborate?', { useModel: false })).refused, false);
  // "The main idea of X" asks for X's gist, not for ideas.
  const asked: [string, string][] = [['What does VLA-ATTC propose?', '2605.01194'], ['Which benchmark does VLA-ATTC report its failure rate on?', '2605.01194'], ['How does TGV-KV evict the KV cache?', '2606.03075'], ['What is the main idea of TGV-KV?', '2606.03075']];
  for (const [q, id] of asked) {
    const a = await service.ask(q, { useModel: false });
    assert.equal(a.refused, false, q);
    assert.equal(a.sources[0]?.paperId, id, q);
  }
});

test('a refused question about a named paper says the paper is indexed and where to see what its abstract covers', async () => {
  const one = await service.ask('What GPU does PixelThink train on?', { useModel: false });
  assert.equal(one.refused, true);
  assert.match(one.answer, /PixelThink: Towards Efficient Chain-of-Pixel Reasoning \(2505\.23727\) is indexed, but its abstract does not answer this; \/summary 2505\.23727 shows what it covers\.$/);
  const option = await service.ask('What GPU?', { useModel: false, paper: 'MentisOculi' });
  assert.match(option.answer, /\(zeller26a\) is indexed, but its abstract/);
  const two = await service.ask('What GPU do PixelThink and MentisOculi train on?', { useModel: false });
  assert.match(two.answer, /\(2505\.23727\) and MentisOculi: .* \(zeller26a\) are indexed, but their abstracts do not answer this/);
  // No paper named: the plain refusal.
  assert.doesNotMatch((await service.ask('How do I fix a leaking tap?', { useModel: false })).answer, /(is|are) indexed, but/);
});

test('a question about one part of a named paper (results, the problem) that its abstract has no word for is answered with that part of its summary', async () => {
  const results = await service.ask('What results does MentisOculi report?', { useModel: false });
  assert.equal(results.refused, false);
  assert.match(results.answer, /^\*\*Results:\*\* .*we find they generally fail to improve performance.* \[1\]$/);
  assert.deepEqual(results.citations.map((c) => c.paperId), ['zeller26a']);
  assert.match((await service.ask('What problem does VLA-ATTC solve?', { useModel: false })).answer, /^\*\*Problem:\*\* .*VLA/);
  assert.match((await service.ask('What problem does ST-Veto address?', { useModel: false })).answer, /^\*\*Problem:\*\* /);
  // What a paper beats, outperforms or improves by is its results, as what it compares against is.
  const against = (await service.ask('What baselines does NeUQI compare against?', { useModel: false })).answer;
  assert.match(against, /^\*\*Results:\*\* /);
  for (const q of ['what baselines does NeUQI beat?', 'What does NeUQI outperform?']) assert.equal((await service.ask(q, { useModel: false })).answer, against, q);
  assert.match((await service.ask('How much does TD-VAD improve?', { useModel: false })).answer, /^\*\*Results:\*\* .*by a large margin/);
  // The same with the paper option.
  assert.match((await service.ask('What results does MentisOculi report?', { useModel: false, paper: 'zeller26a' })).answer, /^\*\*Results:\*\* /);
  // Limitations are the ones the paper states: its summary's part, whatever sentence writes "limited"; of a benchmark that states none, those it finds.
  assert.match((await service.ask('What are the limitations of MentisOculi?', { useModel: false })).answer, /^\*\*Results:\*\* Analysis of UMMs specifically exposes a critical limitation/);
  assert.match((await service.ask('How does PixelThink perform?', { useModel: false })).answer, /30\.4%/);
  // Not a part of a summary: "solver" is not "solve".
  assert.doesNotMatch((await service.ask('What solver does PixelThink use?', { useModel: false })).answer, /\*\*Problem:\*\*/);
});

test("a named paper's own name is no evidence that its abstract answers: without another word of the question, a part of its summary or a refusal, never an unrelated sentence", async () => {
  // Each of these quoted the abstract's first sentence, which answers none of them.
  for (const q of ['What GPU does PixelThink use?', 'PixelThink 是什么？', 'What are the weaknesses of VLA-ATTC?']) {
    const a = await service.ask(q, { useModel: false });
    assert.equal(a.refused, true, `${q}: ${a.answer}`);
    // A part of the summary its abstract does not have is said to be missing, with where the paper is.
    // One in Chinese is told to ask in English, with where that paper's summary is.
    const said = /weaknesses/.test(q) ? /^The abstract of VLA-ATTC: .* states no limitations; the paper itself may, at https:\/\/\S+\./ : /是/.test(q) ? /^This question seems not to be in English\. .*\/summary 2505\.23727/ : /is indexed, but its abstract does not answer this/;
    assert.match(a.answer, said, q);
  }
  assert.match((await service.ask('What did PixelThink achieve?', { useModel: false })).answer, /^\*\*Results:\*\* .*30\.4%/);
  // What a paper proposes is the heart of its approach, whatever else its abstract says of it.
  const approach = await service.ask('What approach does PixelThink take?', { useModel: false });
  assert.match(approach.answer, /^\*\*TL;DR:\*\* .*we propose PixelThink, .*\n\*\*Method:\*\* /);
  assert.match((await service.ask('What architecture does PhaseCoder use?', { useModel: false })).answer, /^\*\*TL;DR:\*\* We present \*\*PhaseCoder\*\*, a transformer-only/);
  // One word of the question besides the name is enough, or another form of it ("expand", "Expansion" in the title);
  // when no sentence holds it, the sentence that says what the paper is.
  assert.match((await service.ask('Is VLA-ATTC trained with human annotations?', { useModel: false })).answer, /without manual annotation/);
  assert.match((await service.ask('What does CoPE expand?', { useModel: false })).answer, /^To address these issues, we propose CoPE, /);
  assert.match((await service.ask('What does TGV-KV evict?', { useModel: false })).answer, /propose a \*\*T\*\*ext-\*\*G\*\*rounded KV Eviction method/);
});

test('"papers like X" is answered with the papers related to X, and "other papers ... like X" leaves X out', async () => {
  const like = await service.ask('Papers like PixelThink?', { useModel: false });
  const related = await service.related('2505.23727', { useModel: false });
  assert.equal(like.refused, false);
  assert.match(like.answer, /^Papers related to \*\*PixelThink: .*\*\* \(2505\.23727\):\n/);
  assert.deepEqual(like.sources.map((s) => s.paperId), related.related.map((r) => r.paperId));
  assert.deepEqual(like.citations.map((c) => c.paperId), related.related.map((r) => r.paperId));
  assert.equal(like.answer.split('\n').length, related.related.length + 1);
  assert.ok(!like.sources.some((s) => s.paperId === '2505.23727'));
  assert.match((await service.ask('Which other papers are similar to MentisOculi?', { useModel: false })).answer, /^Papers related to \*\*MentisOculi/);
  // "What is X like?" asks about X.
  assert.deepEqual(cited(await service.ask('What is PixelThink like?', { useModel: false })), ['2505.23727']);
  const others = await service.ask('Which other papers use reinforcement fine-tuning like PixelThink?', { useModel: false });
  assert.equal(others.refused, false);
  assert.ok(!others.sources.some((s) => s.paperId === '2505.23727'), others.sources.map((s) => s.paperId).join());
  assert.ok(cited(others).includes('linghu26a'));
});

test('a follow-up that points back at the one paper asked about ("its", "it") is about that paper', async () => {
  const first = await service.ask('What is PixelThink?', { useModel: false });
  const history = [{ question: first.question, answer: first.answer }];
  const results = await service.ask('What are its results?', { useModel: false, history });
  assert.deepEqual(cited(results), ['2505.23727']);
  assert.match(results.answer, /30\.4%/);
  // "faster" is VLA-ATTC's word ("a fast, instinctive process"), not PixelThink's: PixelThink's results answer it.
  const faster = await service.ask('How much faster is it?', { useModel: false, history });
  assert.deepEqual(cited(faster), ['2505.23727']);
  assert.match(faster.answer, /^\*\*Results:\*\* .*30\.4%/s);
  // The conversation stays on PixelThink through turns that only point back.
  const chain = [...history, { question: 'What are its results?', answer: results.answer }, { question: 'How much faster is it?', answer: faster.answer }];
  assert.match((await service.ask('Who wrote it?', { useModel: false, history: chain })).answer, /^\*\*PixelThink: .*\*\* is by Song Wang/);
  // An "it" that stands for nothing, or no pointer at all, is a question of its own.
  assert.ok(cited(await service.ask('Is it possible to localize sounds with any microphone array?', { useModel: false, history })).includes('dementyev26a'));
  assert.ok(cited(await service.ask('Which papers study spatial audio?', { useModel: false, history })).includes('dementyev26a'));
});

test('a follow-up that points back after an answer listing one paper is about that paper', async () => {
  const listed = await service.ask("Dementyev's papers", { useModel: false });
  assert.match(listed.answer, /\(dementyev26a\) \[1\]/);
  const history = [{ question: listed.question, answer: listed.answer }];
  for (const q of ['Who wrote it?', 'When was it published?', 'What are its results?']) {
    assert.deepEqual(cited(await service.ask(q, { useModel: false, history })), ['dementyev26a'], q);
  }
});

test('an off-topic follow-up is refused as it is alone: the earlier question helps find what a follow-up asks, it does not make any follow-up answerable', async () => {
  const offTopic = (await loadQuestions(path.join(PROJECT_ROOT, 'data/eval/questions.jsonl'))).filter((q) => q.kind === 'offtopic');
  assert.ok(offTopic.length >= 10);
  for (const earlier of ['What does MentisOculi evaluate?', 'Which papers study video?']) {
    const first = await service.ask(earlier, { useModel: false });
    const history = [{ question: first.question, answer: first.answer }];
    for (const q of [...offTopic.map((o) => o.question), 'How do I fix a dripping faucet?', 'What is 2+2?', 'Why is the sky blue?']) {
      const a = await service.ask(q, { useModel: false, history });
      assert.equal(a.refused, true, `${q} after ${earlier}: ${a.answer}`);
    }
    // A follow-up with words of its own is still found with the earlier question's help, and one without any is about the earlier topic.
    assert.equal((await service.ask('What about audio?', { useModel: false, history })).refused, false);
    for (const q of ['Tell me more', 'Why?', 'Can you elaborate?', 'What else?']) assert.equal((await service.ask(q, { useModel: false, history })).refused, false, q);
  }
});

test('the casual on-topic questions ("cheap inference?", "spatial hearing") are answered, not refused; their labels name indexed papers (whether the cited ones are labelled is npm run eval\'s count)', async () => {
  // The relevance floor is measured on these against data/eval/offtopic-casual.jsonl (npm run eval); a stricter floor that refuses them is a loss, whatever it refuses.
  const casual = await loadQuestions(path.join(PROJECT_ROOT, 'data/eval/ontopic-casual.jsonl'));
  assert.ok(casual.length >= 40);
  const off = await loadQuestions(path.join(PROJECT_ROOT, 'data/eval/offtopic-casual.jsonl'));
  assert.ok(off.length >= 40 && off.every((q) => q.relevant.length === 0));
  for (const q of casual) {
    assert.ok(q.relevant.every((id) => service.retriever.paper(id)), q.id);
    const a = await service.ask(q.question, { useModel: false });
    assert.equal(a.refused, false, q.question);
  }
});

test("an author's papers are listed from the metadata, whatever the case of the name; an author no paper lists is not one", async () => {
  for (const q of ['Which papers are by Artem Dementyev?', 'papers by artem dementyev', 'What has Artem Dementyev published here?']) {
    const a = await service.ask(q, { useModel: false });
    assert.equal(a.refused, false, q);
    assert.equal(a.answer, '**Artem Dementyev** is an author of one indexed paper:\n**PhaseCoder: Microphone Geometry-Agnostic Spatial Audio Understanding for Multimodal LLMs** (dementyev26a) [1]', q);
    assert.deepEqual(cited(a), ['dementyev26a'], q);
  }
  assert.equal((await service.ask('Which papers are by Geoffrey Hinton?', { useModel: false })).refused, true);
  // "by" without a name is no author question.
  assert.doesNotMatch((await service.ask('Which papers use reinforcement learning by default?', { useModel: false })).answer, /is an author of/);
  assert.match((await service.ask('Who is the first author of CAST?', { useModel: false })).answer, /^\*\*CAST: .*\*\* is by .+\[1\]$/);
});

test("an author is found by surname alone or first and last name; a surname several authors share lists them; whole words only", async () => {
  const phase = '**Artem Dementyev** is an author of one indexed paper:\n**PhaseCoder: Microphone Geometry-Agnostic Spatial Audio Understanding for Multimodal LLMs** (dementyev26a) [1]';
  for (const q of ['Which papers are by dementyev?', 'papers by Dementyev et al.', 'What has Dementyev published?']) assert.equal((await service.ask(q, { useModel: false })).answer, phase, q);
  // First and last name, the middle one skipped.
  for (const q of ['papers by Zeller', 'Which papers are by Jana Zeller?', 'papers by jana zeller about imagery']) {
    assert.match((await service.ask(q, { useModel: false })).answer, /^\*\*Jana Ricarda Zeller\*\* is an author of one indexed paper:\n\*\*MentisOculi: .*\(zeller26a\) \[1\]$/, q);
  }
  // The end of a name of several words.
  assert.match((await service.ask('papers by van der Schaar', { useModel: false })).answer, /^\*\*Mihaela Van Der Schaar\*\* is an author of/);
  const wang = await service.ask('Which papers are by Wang?', { useModel: false });
  assert.match(wang.answer, /^Several authors are named \*\*Wang\*\*: .*\(\d+ papers?\)|^Several authors are named \*\*Wang\*\*: .*\(one paper\)/);
  assert.match(wang.answer, /Ask with the full name/);
  assert.deepEqual([wang.refused, cited(wang)], [false, []]);
  // Part of a surname is no name; a surname-like word that is not where a name stands is no author question.
  assert.doesNotMatch((await service.ask('papers by Zell', { useModel: false })).answer, /is an author of|Several authors/);
  for (const q of ['Which methods are improved by Long context?', 'Which methods are used by the authors of PixelThink?']) {
    assert.doesNotMatch((await service.ask(q, { useModel: false })).answer, /is an author of|Several authors/, q);
  }
});

test("\"Zeller's papers\", \"papers of Artem Dementyev\" and \"Song Wang's work\" list that author's papers; a paper's name before \"'s\" or an ordinary word is no author", async () => {
  const byAuthor = async (q: string) => (await service.ask(q, { useModel: false })).answer;
  for (const [q, by] of [["Zeller's papers", 'papers by Zeller'], ["What are Dementyev's papers?", 'papers by Dementyev'], ["Show Dementyev's papers", 'papers by Dementyev'], ['papers of Artem Dementyev', 'papers by Artem Dementyev'], ["Song Wang's work", 'papers by Song Wang'], ['What is the work of Song Wang?', 'papers by Song Wang'], ["Jiayu Xiong’s publications", 'papers by Jiayu Xiong'], ["Dementyev and Zeller's papers", 'papers by Dementyev and Zeller']] as const) {
    const expected = await byAuthor(by);
    assert.match(expected, /is an author of/, by);
    assert.equal(await byAuthor(q), expected, q);
  }
  // A first name no author has with a surname several do is not one of them.
  assert.doesNotMatch(await byAuthor("List Jane Wang's papers"), /is an author of|Several authors/);
  // Also at the start of the question, where a first name is capitalised as any first word is: John Zeller is not Jana Ricarda Zeller.
  for (const q of ["John Zeller's papers", "Artem Smith's papers", "Maria Wang's work"]) assert.doesNotMatch(await byAuthor(q), /is an author of|Several authors/, q);
  for (const q of ["What are PixelThink's results?", "What is VEQ's method?", "What is PixelThink's work about?", "What is the model's work?", "What are the authors' papers?"]) {
    assert.doesNotMatch(await byAuthor(q), /is an author of|Several authors/, q);
  }
});

test('"papers by A and B" lists the papers they wrote together, else says none does and lists each one\'s', async () => {
  const together = await service.ask('Which papers are by Jing Wang and Jiayu Xiong?', { useModel: false });
  assert.equal(together.answer, '**Jing Wang** and **Jiayu Xiong** are authors of 2 indexed papers together:\n**Multimodal Fusion via Self-Consistent Task-Gradient Fields** (xiong26m) [1]\n**Geometry-based Schrödinger Bridges for Trustworthy Multimodal Fusion** (xiong26n) [2]');
  // A surname several authors share is the one who wrote with the other author named.
  assert.equal((await service.ask('papers by Jing Wang and Xiong', { useModel: false })).answer, together.answer);
  const apart = await service.ask('papers by Dementyev and Zeller', { useModel: false });
  assert.match(apart.answer, /^No indexed paper lists both \*\*Artem Dementyev\*\* and \*\*Jana Ricarda Zeller\*\* as authors\. Each one's:\n\*\*Artem Dementyev\*\* is an author of one indexed paper:\n.*\(dementyev26a\) \[1\]\n\*\*Jana Ricarda Zeller\*\* is an author of one indexed paper:\n.*\(zeller26a\) \[2\]$/);
  assert.deepEqual(cited(apart), ['dementyev26a', 'zeller26a']);
});

test('what the index holds, and where and when a paper appeared, are answered from the metadata', async () => {
  for (const q of ['How many papers are indexed?', 'What papers do you have?', 'list the papers']) {
    const a = await service.ask(q, { useModel: false });
    assert.equal(a.refused, false, q);
    const n = service.info().papers;
    assert.equal(a.answer, `${n} papers are indexed: ICML 2026 (${n}). /papers lists them, and /papers with a few words searches their titles and authors.`, q);
  }
  // A topic is a question about the papers.
  assert.deepEqual(cited(await service.ask('What papers are there on spatial audio?', { useModel: false })), ['dementyev26a']);
  for (const q of ['What year was PixelThink published?', 'Where was PixelThink published?', 'Which conference is PixelThink from?']) {
    assert.equal((await service.ask(q, { useModel: false })).answer, '**PixelThink: Towards Efficient Chain-of-Pixel Reasoning** is by Song Wang et al. (ICML 2026). [1]', q);
  }
  // Other words for the year or the venue, of a paper named and nothing else.
  for (const [q, title] of [['What year is VEQ from?', 'VEQ: '], ['When did VEQ come out?', 'VEQ: '], ['In which year did PixelThink appear?', 'PixelThink: '], ['Which venue is CAST in?', 'CAST: '], ['What is the publication year of TGV-KV?', 'TGV-KV: ']]) {
    assert.match((await service.ask(q, { useModel: false })).answer, new RegExp(`^\\*\\*${title}.*\\*\\* is by .*\\(ICML 2026\\)\\. \\[1\\]$`), q);
  }
  // "Where" and "when" about what the paper does are questions about its abstract.
  assert.match((await service.ask('When does VLA-ATTC switch to deliberation?', { useModel: false })).answer, /cognitive clutch/);
  // A year or a venue asked of something else than a paper named: no byline.
  for (const q of ['What year does the dataset cover?', "What year does VEQ's dataset cover?", 'What venue does CAST evaluate on?', 'Where do the VEQ results come from?']) {
    assert.doesNotMatch((await service.ask(q, { useModel: false })).answer, /\bis by\b/, q);
  }
});

test('a follow-up that asks when or where "it" appeared gets the byline of the one paper asked about before, as naming it would', async () => {
  const first = await service.ask('What is VEQ?', { useModel: false });
  const history = [{ question: first.question, answer: first.answer }];
  const byline = (await service.ask('What year is VEQ from?', { useModel: false })).answer;
  assert.match(byline, /^\*\*VEQ: .*\*\* is by .*\(ICML 2026\)\. \[1\]$/);
  for (const q of ['What year is it from?', 'When was it published?', 'Where was this paper presented?', 'Who wrote it?']) {
    const a = await service.ask(q, { useModel: false, history });
    assert.deepEqual([a.refused, a.answer], [false, byline], q);
  }
  // Through a turn that only pointed back; and with the paper option, "it" is that paper.
  const chain = [...history, { question: 'What are its results?', answer: '' }];
  assert.equal((await service.ask('When did it come out?', { useModel: false, history: chain })).answer, byline);
  assert.equal((await service.ask('When was it published?', { useModel: false, paper: '2602.01037' })).answer, byline);
  // Anything else asked of it is a question about its abstract; after several papers, "it" is none of them.
  assert.doesNotMatch((await service.ask('Where does it get its data from?', { useModel: false, history })).answer, /\bis by\b/);
  assert.doesNotMatch((await service.ask('When was it published?', { useModel: false, history: [{ question: 'Which papers use GRPO?', answer: '' }] })).answer, /\bis by\b/);
});

test('a byline or aspect question that points back with no question before it asks for the paper to be named, rather than saying no paper covers it', async () => {
  for (const q of ['Who wrote it?', 'What year is it from?', 'When was this paper published?', 'its authors?', 'Who wrote them?', 'When were they published?', 'their authors', 'Where does it get its data from?']) {
    const a = await service.ask(q, { useModel: false });
    assert.deepEqual([a.refused, a.answer, a.citations], [true, NO_PAPER_NAMED, []], q);
  }
  // Something else asked, or a paper it describes, is searched for as before.
  assert.deepEqual(cited(await service.ask('Who wrote the paper on spatial audio?', { useModel: false })), ['dementyev26a']);
  assert.notEqual((await service.ask('What is KV cache eviction and why is it useful?', { useModel: false })).answer, NO_PAPER_NAMED);
});

test('"what does X stand for?" quotes the sentence that spells the name out', async () => {
  assert.equal((await service.ask('What does GCL stand for?', { useModel: false })).answer, 'To address these, we propose **Group Cognition Learning (GCL)**, a governed collaboration paradigm that applies a two-stage protocol after modality-specific encoding. [1]');
  assert.match((await service.ask('What does TGV-KV stand for?', { useModel: false })).answer, /\*\*T\*\*ext-\*\*G\*\*rounded KV Eviction method for \*\*V\*\*LMs \(\*\*TGV-KV\*\*\)\. \[1\]$/);
  // Typed in lower case, the name is looked for as its title writes it.
  for (const [q, spelled] of [['what does cast stand for', /^We propose \*\*CAST \(Context-Aware State Transition\)\*\*/], ['what does veq stand for', /Visual Expert Quantization \(VEQ\)/], ['what does 3d-rft stand for', /\(3D-RFT\)/]] as const) {
    assert.match((await service.ask(q, { useModel: false })).answer, spelled, q);
  }
  // "What does GCL mean?" and "meaning of GCL" ask the same of a name alone; what a result means is no spelling.
  for (const q of ['What does GCL mean?', 'meaning of GCL', 'What is the meaning of the acronym GCL?']) {
    assert.match((await service.ask(q, { useModel: false })).answer, /\*\*Group Cognition Learning \(GCL\)\*\*/, q);
  }
  assert.doesNotMatch((await service.ask('What does the GCL result mean for multimodal fusion?', { useModel: false })).answer, /^To address these, we propose \*\*Group Cognition Learning \(GCL\)\*\*, a governed collaboration paradigm that applies a two-stage protocol after modality-specific encoding\. \[1\]$/);
  // A name no sentence spells out is spelled by its title's first words, when they spell it in order.
  assert.equal((await service.ask('What does CoPE stand for?', { useModel: false })).answer, 'Its title spells CoPE out: **CoPE: Continual Probe-guided Expansion** for Large Vision-Language Models. [1]');
  assert.match((await service.ask('What does COBRA stand for?', { useModel: false })).answer, /^Its title spells COBRA out: \*\*COBRA: Contribution-Based Bayesian Rank Allocation\*\* for Parameter-Efficient Fine-Tuning\. \[1\]$/);
  // Else it is refused as before: "Knowledge-Guided Probabilistic Modeling for Time ..." spells no KITE.
  for (const q of ['What does PixelThink stand for?', 'What does KITE stand for?']) assert.equal((await service.ask(q, { useModel: false })).refused, true, q);
  // Letters inside a word spell only as its beginning does ("Proj" of Project): "Sharpened" spells no "SPEE".
  assert.equal(titleExpansion('What does SPEED stand for?', 'SPEED: Sharpened-Teacher Distillation for Parallel Decoding', 'SPEED'), undefined);
  assert.match(titleExpansion('What does ProjQ stand for?', 'ProjQ: Project-and-Quantize for Adapter-Aware LLM Compression', 'ProjQ') ?? '', /\*\*ProjQ: Project-and-Quantize\*\*/);
});

test('review of the named-paper rules: "work" as a verb, where/when of something else, a long follow-up with its own topic, a second acronym', async () => {
  // "Does X work with other ...?" asks about X; "other works" asks for other papers.
  assert.deepEqual(cited(await service.ask('Does PhaseCoder work with other microphone arrays?', { useModel: false })), ['dementyev26a']);
  assert.deepEqual(cited(await service.ask('Does CAST work like a plug-in adapter?', { useModel: false })).slice(0, 1), ['2603.08648']);
  const others = await service.ask('Do other works use spatial audio tokens like PhaseCoder?', { useModel: false });
  assert.ok(!cited(others).includes('dementyev26a'), others.answer);
  // Where or when of something in the paper is a question about its abstract, and of a topic no byline answers.
  assert.match((await service.ask('Where is the critic presented in VLA-ATTC?', { useModel: false })).answer, /Relative Action Critic/);
  assert.doesNotMatch((await service.ask('Where was reinforcement learning from human feedback first presented?', { useModel: false })).answer, /\bis by\b/);
  // A follow-up with a topic of its own is not limited to the paper before.
  const first = await service.ask('What is PixelThink?', { useModel: false });
  const history = [{ question: first.question, answer: first.answer }];
  assert.ok(cited(await service.ask('What is KV cache eviction and why is it useful?', { useModel: false, history })).includes('2606.03075'));
  assert.ok(cited(await service.ask('Which paper does quantization, and does it work on MoE?', { useModel: false, history })).includes('2602.01037'));
  // An acronym a paper defines on the way (SAM, beside the DISCO it proposes) does not name that paper's TL;DR.
  assert.match((await service.ask('What is SAM?', { useModel: false })).answer, /Standard Anti-Causal Model \(SAM\)/);
  // Follow-ups asking for its authors or papers like it; an author's papers asked with "write"; ids as people type them.
  assert.match((await service.ask('Who are its authors?', { useModel: false, history })).answer, /^\*\*PixelThink: .*\*\* is by Song Wang/);
  assert.match((await service.ask('What other papers are like it?', { useModel: false, history })).answer, /^Papers related to \*\*PixelThink/);
  assert.match((await service.ask('Which papers did Artem Dementyev write?', { useModel: false })).answer, /^\*\*Artem Dementyev\*\* is an author of/);
  for (const [typed, id] of [['TGVKV', '2606.03075'], ['mllm4d', '2603.00515'], ['2505.23727v2', '2505.23727']] as const) assert.equal(service.resolvePaper(typed).id, id, typed);
  // Links: the paper's page, its arXiv id, its code from the metadata, and the other links its abstract gives.
  const code = await service.ask('Where is the code for TGV-KV?', { useModel: false });
  // Its abstract gives the same code link: said once.
  assert.match(code.answer, /^\*\*TGV-KV: .*\*\* \(2606\.03075\): \S+ \[1\]\narXiv: 2606\.03075 .*\nCode: https:\/\/github\.com\/Danielement321\/TGV-KV$/);
  assert.deepEqual(cited(code), ['2606.03075']);
  // PMLR's `software`; and a paper whose page is its project page, with the code only in the metadata, or with none.
  assert.match((await service.ask('Is OpenGPT-4o-Image open source?', { useModel: false })).answer, /\nCode: https:\/\/github\.com\/NROwind\/OpenGPT-4o-Image$/);
  assert.match((await service.ask('Where is the code for PixelThink?', { useModel: false })).answer, /: https:\/\/pixelthink\.github\.io \[1\]\n.*\nCode: https:\/\/github\.com\/songw-zju\/PixelThink$/);
  assert.match((await service.ask('Is 3D-RFT open source?', { useModel: false })).answer, /: https:\/\/3d-rft\.github\.io\/ \[1\]\n(?:.*\n)*No code link is known for it\.$/);
  // With no link, what the abstract says of its code is said.
  assert.match((await service.ask('Is CoPE open source?', { useModel: false })).answer, /\nNo code link is known for it\. Its abstract says: "Our code will be open-sourced soon\."$/);
  assert.doesNotMatch((await service.ask('Which papers release code?', { useModel: false })).answer, /Link in the abstract/);
  // A page asked for by name that the paper lacks is said to be missing before the links it has (QA2 #12).
  for (const [q, missing] of [['Where is the OpenReview page for PixelThink?', 'OpenReview page'], ['PixelThink pmlr', 'PMLR page']] as const) {
    const [first, second] = (await service.ask(q, { useModel: false })).answer.split('\n');
    assert.equal(first, `No ${missing} is known for this paper; these are its links:`, q);
    assert.match(second!, /^\*\*PixelThink: .*\*\* \(2505\.23727\): https:\/\/pixelthink\.github\.io \[1\]$/, q);
  }
  // A paper described rather than named: the links of the one the search finds, not two of its sentences without them.
  const described = await service.ask('Where can I find the code of the 4D spatial-temporal paper?', { useModel: false });
  assert.match(described.answer, /^\*\*MLLM-4D: .*\nCode: https:\/\/github\.com\/GVCLab\/MLLM-4D$/s);
  assert.deepEqual(cited(described), ['2603.00515']);
  // A link alone asks what its paper is; a papers search finds hyphenated title words written apart.
  const link = await service.ask('https://arxiv.org/abs/2505.23727', { useModel: false });
  assert.equal(link.question, 'https://arxiv.org/abs/2505.23727');
  assert.match(link.answer, /^\*\*TL;DR:\*\* .*PixelThink/);
  // A link inside a question names its paper, as its name would, also as TeX writes it.
  assert.equal((await service.ask('summarize https://arxiv.org/abs/2505.23727', { useModel: false })).answer, link.answer);
  assert.equal((await service.ask('what is \\url{https://arxiv.org/abs/2505.23727}?', { useModel: false })).answer, link.answer);
  assert.match((await service.ask('who wrote https://proceedings.mlr.press/v306/chen26a.html?', { useModel: false })).answer, /^\*\*Train for Truth, .*\*\* is by Tong Chen/);
  // Also pasted without its scheme, and a PMLR paper's PDF, at the proceedings or in the volume's repository.
  assert.equal((await service.ask('summarize arxiv.org/abs/2505.23727', { useModel: false })).answer, link.answer);
  assert.match((await service.ask('who wrote https://proceedings.mlr.press/v306/chen26a/chen26a.pdf', { useModel: false })).answer, /^\*\*Train for Truth, .*\*\* is by Tong Chen/);
  for (const typed of [
    'proceedings.mlr.press/v306/chen26a.html',
    'https://raw.githubusercontent.com/mlresearch/v306/main/assets/chen26a/chen26a.pdf',
    'https://github.com/mlresearch/v306/blob/main/assets/chen26a/chen26a.pdf',
    'http://proceedings.mlr.press/v306/chen26a',
  ]) {
    assert.equal(service.resolvePaper(typed).id, 'chen26a', typed);
  }
  // As Discord writes a link it shows no preview of, and an arXiv id as papers cite it.
  for (const typed of ['<https://arxiv.org/abs/2505.23727>', 'arXiv:2505.23727']) assert.equal(service.resolvePaper(typed).id, '2505.23727', typed);
  for (const q of ['what is <https://arxiv.org/abs/2505.23727>?', 'what is arXiv:2505.23727']) assert.equal((await service.ask(q, { useModel: false })).answer, link.answer, q);
  assert.ok(service.listPapers('vision language').some((p) => p.id === '2606.03075'));
  // /related reads a paper named as a question names it.
  assert.equal((await service.related('mentis oculi', { useModel: false })).paper?.id, 'zeller26a');
  // Made-up names typed in lower case, whole or apart; "papers like" and "anything similar to" a paper get the related list.
  assert.match((await service.ask('what is pixelthink', { useModel: false })).answer, /^\*\*TL;DR:\*\* .*PixelThink/);
  assert.deepEqual(cited(await service.ask('Tell me about mentis oculi', { useModel: false })), ['zeller26a']);
  assert.match((await service.ask('Anything similar to VEQ?', { useModel: false })).answer, /^Papers related to \*\*VEQ/);
  // An ordinary word is never a made-up name in lower case ("best" is not BEST).
  assert.ok(!cited(await service.ask('what is the best way to evict kv cache entries?', { useModel: false })).includes('shen26ac'));
  // Nor are capitals that spell a word that other papers write: "best" does not narrow the answer to BEST; in capitals it does.
  assert.ok(!cited(await service.ask('what is the best way to reduce hallucinations?', { useModel: false })).includes('shen26ac'));
  assert.deepEqual(cited(await service.ask('What is BEST?', { useModel: false })), ['shen26ac']);
  for (const word of ['best', 'induction', 'prism']) assert.equal(service.catalog.withLowercaseName(word), undefined, word);
  assert.equal(service.catalog.withLowercaseName('furina')?.id, 'wu26bw');
  // A word only its paper writes names it in lower case ("kite", "cobra"), unless the question reads it as the word ("keep in mind").
  assert.deepEqual(cited(await service.ask('what does kite do for time series forecasting', { useModel: false })), ['cheng26t']);
  assert.match((await service.ask('is cobra open source?', { useModel: false })).answer, /^\*\*COBRA: .*\(ding26y\)/);
  const names = new QuestionNames(service.catalog);
  assert.deepEqual(names.namesIn('what is cast').papers.map((p) => p.id), ['2603.08648']);
  assert.deepEqual(names.namesIn('summarize the cast paper').papers.map((p) => p.id), ['2603.08648']);
  for (const q of ['Which problems can be cast as a game?', 'What should I keep in mind when fine-tuning?', 'never mind', 'mind the gap', 'cast your vote', 'we must keep kite flying', 'do you mind explaining diffusion models?', 'you can cast it as RL', 'which methods cast planning as search?', 'do models mind the gap?']) {
    assert.deepEqual(names.namesIn(q).papers, [], q);
  }
  // A modal that opens the question asks about the name after it, as "of" and "with" do; so does a plural noun before it when a verb follows.
  for (const [q, ids] of [['can cobra be used for LoRA?', ['ding26y']], ['what are the results of kite?', ['cheng26t']], ['compare lamp with kite', ['nehme26b', 'cheng26t']], ['what benchmarks kite uses', ['cheng26t']], ['which baselines kite compared to', ['cheng26t']]] as const) {
    assert.deepEqual(names.namesIn(q).papers.map((p) => p.id), ids, q);
  }
  // A title with no name of its own: the made-up name its abstract declares is found in lower case too, and resolves.
  assert.deepEqual(names.namesIn('What are the results of monosoup?').papers.map((p) => p.id), ['abdollahpoorrostam26a']);
  assert.equal(service.resolvePaper('monosoup').id, 'abdollahpoorrostam26a');
  assert.throws(() => service.resolvePaper('gcl'), /No paper matches/);
  // A name that is no English word is one in lower case, however short or however capitalised ("veq", "furina"); "whats" asks nothing.
  for (const q of ['what is veq', 'whats VEQ?']) assert.match((await service.ask(q, { useModel: false })).answer, /^\*\*TL;DR:\*\* .*\bVEQ\b/, q);
  assert.match((await service.ask('is furina open source?', { useModel: false })).answer, /^\*\*Furina: .*\nCode: https:\/\/github\.com\/0xCavaliers\/Furina_Jailbreak$/s);
  // A numbered list split into sentences, asked for as a list, is quoted whole.
  const submodules = await service.ask('What are the three submodules of TGV-KV?', { useModel: false });
  assert.match(submodules.answer, /\(1\) Text-Vision Budgeting.*\(2\) Text-Weighted Ranking.*\(3\) Text-Prioritised Retention/s);
  // "X (long form)" spells a name out as "long form (X)" does.
  assert.match((await service.ask('What does CAST stand for?', { useModel: false })).answer, /^We propose \*\*CAST \(Context-Aware State Transition\)\*\*/);
});

test('the parts of a compound are one word of the question: found once, counted once', () => {
  const q = 'Does VLA-ATTC handle audio or speech?';
  const concepts = queryConcepts(q);
  const wordOf = conceptWords(q, concepts);
  const at = (term: string) => wordOf[concepts.findIndex((g) => g.includes(term))];
  assert.equal(at('vla'), at('attc'));
  assert.notEqual(at('vla'), at('handl'));
  const asked = TermStats.fromCounts(10, { vla: 1, attc: 1, handl: 5, audio: 2, speech: 2 }).weigh(concepts, new Set(), wordOf);
  assert.equal(asked.words, 3);
  assert.equal(asked.match(new Set(['vla', 'attc'])).matched, 1);
  assert.equal(asked.match(new Set(['vla', 'attc', 'speech'])).matched, 2);
  // Half a compound is found, but not whole.
  const half = asked.match(new Set(['vla', 'speech']));
  assert.equal(half.matched, 2);
  assert.equal(half.wholeWords, 1);
});

test('a question that gives a paper by id, or asks what one paper is about, is answered from that paper', async () => {
  const byId = await service.ask('What is 2505.23727 about?', { useModel: false });
  assert.equal(byId.refused, false);
  assert.deepEqual([...new Set(byId.sources.map((s) => s.paperId))], ['2505.23727']);
  assert.match(byId.answer, /^\*\*TL;DR:\*\* .*PixelThink.* \[1\]/);
  const vague = await service.ask('What is it about?', { useModel: false, paper: 'MentisOculi' });
  assert.equal(vague.refused, false);
  assert.deepEqual(vague.citations.map((c) => c.paperId), ['zeller26a']);
  const summarize = await service.ask('summarize zeller26a please', { useModel: false });
  assert.deepEqual(summarize.citations.map((c) => c.paperId), ['zeller26a']);
  // An id inside a real question limits the search to that paper.
  const asked = await service.ask('Which benchmark does deng26w introduce?', { useModel: false });
  assert.deepEqual([...new Set(asked.sources.map((s) => s.paperId))], ['deng26w']);
  assert.match(asked.answer, /SciVideoBench/);
});

test('"who wrote X?" is answered from the paper\'s metadata; "what do the authors of X propose?" from its abstract', async () => {
  const who = await service.ask('Who wrote PhaseCoder?', { useModel: false });
  assert.match(who.answer, /^\*\*PhaseCoder: .*\*\* is by Artem Dementyev, Wazeer Zulfikar, .* \(ICML 2026\)\. \[1\]$/);
  assert.deepEqual(who.citations.map((c) => c.paperId), ['dementyev26a']);
  const what = await service.ask('What do the authors of PixelThink propose?', { useModel: false });
  assert.doesNotMatch(what.answer, / is by /);
  assert.match(what.answer, /we propose PixelThink/);
});

test('a refusal whose question types a name without its hyphen, or apart and misspelt, asks "did you mean" that paper, as autocomplete resolves it', async () => {
  for (const [q, id] of [['What is tgvkv?', '2606.03075'], ['what is 3drft', 'linghu26a'], ['what is mentis ocluli', 'zeller26a']] as const) {
    const typo = await service.ask(q, { useModel: false });
    assert.equal(typo.refused, true, q);
    assert.match(typo.answer, new RegExp(`Did you mean .* \\(${id.replace('.', '\\.')}\\)\\?$`), q);
  }
  // Two ordinary words no paper writes, next to each other, are no paper's name.
  assert.doesNotMatch((await service.ask('what is glorp blorf', { useModel: false })).answer, /Did you mean/);
});

test('a refusal whose question misspells a paper\'s name asks "did you mean" that paper', async () => {
  const typo = await service.ask('What does MentisOculli evaluate?', { useModel: false });
  assert.equal(typo.refused, true);
  assert.match(typo.answer, /Did you mean MentisOculi: .* \(zeller26a\)\?$/);
  // Asking /ask for papers like one on a topic none covers points to /related for that one.
  const like = await service.ask('Which other papers do sourdough baking like 2505.23727?', { useModel: false });
  assert.equal(like.refused, true);
  assert.match(like.answer, /For papers related to PixelThink: .*, use \/related 2505\.23727\.$/);
  const offTopic = await service.ask('How do I configure kubernetes autoscaling?', { useModel: false });
  assert.doesNotMatch(offTopic.answer, /Did you mean/);
  assert.equal(editDistance('pixelthnik', 'pixelthink', 2), 1, 'two swapped letters are one edit');
  assert.equal(editDistance('phasecodr', 'phasecoder', 2), 1);
  assert.equal(editDistance('kubernetes', 'phasecoder', 2), 3, 'counted up to max + 1');
});

test('a short name made of common words restricts nothing: "group relative policy optimization" does not name Group Cognition Learning', async () => {
  const a = await service.ask('Which methods use group relative policy optimization?', { useModel: false });
  const cited = new Set(a.citations.map((c) => c.paperId));
  assert.ok(cited.has('linghu26a'), a.answer);
  assert.ok(!cited.has('meng26a'), a.answer);
});

test('"who wrote ...?" with the paper option, by id, and for two named papers', async () => {
  const option = await service.ask('Who wrote it?', { useModel: false, paper: 'PixelThink' });
  assert.match(option.answer, /^\*\*PixelThink: .*\*\* is by Song Wang.* \[1\]$/);
  const byId = await service.ask('Who wrote 2505.23727?', { useModel: false });
  assert.equal(byId.answer, option.answer);
  const two = await service.ask('Who wrote PixelThink and MentisOculi?', { useModel: false });
  assert.deepEqual(two.citations.map((c) => c.paperId).sort(), ['2505.23727', 'zeller26a']);
  assert.equal(two.answer.split('\n').length, 2);
});

test('a question that sets named papers side by side is answered from each of them, and only them', async () => {
  const phrasings = ['Compare PixelThink and VLA-ATTC', 'PixelThink vs VLA-ATTC', 'PixelThink/VLA-ATTC', 'How are PixelThink and VLA-ATTC related?', "How does PixelThink's method differ from VLA-ATTC's?", 'How do PixelThink and VLA-ATTC adapt compute to uncertainty?', 'How does 2505.23727 differ from VLA-ATTC?'];
  // Each paper is searched without the other's name, which none of its chunks holds: these were refused.
  phrasings.push('How is PixelThink different from VLA-ATTC?', 'Compare PixelThink and VLA-ATTC briefly', 'Is VLA-ATTC better than PixelThink?');
  for (const q of phrasings) {
    const a = await service.ask(q, { useModel: false });
    assert.equal(a.refused, false, q);
    assert.deepEqual([...new Set(a.sources.map((s) => s.paperId))].sort(), ['2505.23727', '2605.01194'], q);
    assert.deepEqual(cited(a).sort(), ['2505.23727', '2605.01194'], q);
  }
  // Nothing to search for besides the names: each paper is quoted by the sentence that says what it is.
  const common = await service.ask('What do PixelThink and MentisOculi have in common?', { useModel: false });
  assert.equal(common.refused, false);
  assert.match(common.answer, /we propose PixelThink, .*\[1\] .*we develop MentisOculi, .*\[2\]/);
  // "differ" asks for a comparison; it is not a word to find ("ReasonSeg-Diff").
  const differ = await service.ask('How do PixelThink and VLA-ATTC differ?', { useModel: false });
  assert.doesNotMatch(differ.answer, /ReasonSeg-Diff/);
  // A follow-up that refers back to them compares the same ones; one that does not is a question of its own.
  const earlier = [{ question: 'Compare PixelThink and VLA-ATTC', answer: differ.answer }];
  assert.deepEqual(cited(await service.ask('How do they differ?', { useModel: false, history: earlier })), ['2505.23727', '2605.01194']);
  assert.deepEqual(cited(await service.ask('Which papers study spatial audio?', { useModel: false, history: earlier })), ['dementyev26a']);
  // ... asked with the earlier question's words: "more accurate" at what.
  const memory = await service.ask('How do TGV-KV and VEQ save memory?', { useModel: false });
  assert.deepEqual(cited(await service.ask('And which is more accurate?', { useModel: false, history: [{ question: memory.question, answer: memory.answer }] })), ['2606.03075', '2602.01037']);
  // Asking for other papers is not a comparison of the named ones.
  const others = await service.ask('Which other papers use reinforcement fine-tuning like PixelThink and 3D-RFT?', { useModel: false });
  assert.ok(others.sources.some((s) => s.paperId !== '2505.23727' && s.paperId !== 'linghu26a'), others.sources.map((s) => s.paperId).join());
  // "Papers similar to X and Y" is /related's job; refused, it says so.
  const similar = await service.ask('Which papers are similar to PixelThink and VLA-ATTC?', { useModel: false });
  assert.match(similar.answer, /use \/related 2505\.23727/);
  // Something asked that neither paper covers is refused, as it is of one paper.
  // 3D-RFT's abstract holds "MLLM" and MLLM-4D's "3D": the other paper's name must not count as a word found.
  for (const q of ['What GPU do PixelThink and MentisOculi train on?', 'Do PixelThink and MentisOculi discuss basket weaving recipes?', 'Do 3D-RFT and MLLM-4D discuss medieval poetry?']) assert.equal((await service.ask(q, { useModel: false })).refused, true, q);
  // An ordinary word is not a made-up name: "Best" does not name BEST (shen26ac), so this names one paper.
  const best = await service.ask('Best practices for KV cache eviction in TGV-KV?', { useModel: false });
  assert.deepEqual(cited(best), ['2606.03075']);
});

test('the catalog knows papers by a one-word system name: as written, a made-up one in other capitals, never by an ordinary word, a shared one not at all', () => {
  const paper = (id: string, title: string) => ({ id, title, abstract: 'x', authors: [], aliases: [] }) as unknown as import('../src/corpus/paper.js').Paper;
  const catalog = new PaperCatalog([paper('a', 'PixelThink: Efficient Reasoning'), paper('b', 'Furina: An Attack'), paper('c', 'Transformers: One'), paper('d', 'Transformers: Two'), paper('e', 'BEST: A Benchmark'), paper('f', 'CoPE: Continual Expansion')]);
  assert.equal(catalog.withSystemName('PixelThink')?.id, 'a');
  assert.equal(catalog.withSystemName('PIXELTHINK')?.id, 'a');
  assert.equal(catalog.withSystemName('Furina')?.id, 'b');
  assert.equal(catalog.withSystemName('BEST')?.id, 'e');
  assert.equal(catalog.withSystemName('COPE')?.id, 'f');
  // Ordinary words, as a question starts: not names.
  for (const word of ['Pixelthink', 'furina', 'Best', 'Cope', 'Transformers', 'Efficient']) assert.equal(catalog.withSystemName(word), undefined, word);
});

test('a system name of several words names its paper as the title writes it, unless other papers write it too', () => {
  const paper = (id: string, title: string, abstract = 'x') => ({ id, title, abstract, authors: [], aliases: [] }) as unknown as import('../src/corpus/paper.js').Paper;
  const topic = 'We route tokens with a Mixture of Experts.';
  const catalog = new PaperCatalog([
    paper('g', 'Group Cognition Learning: Agents That Collaborate'),
    paper('m', 'Mixture of Experts: A Survey'),
    ...['n', 'o', 'p'].map((id) => paper(id, `Paper ${id}: Something`, topic)),
    paper('l', 'Learning syntax without semantics: A Study'),
  ]);
  assert.equal(catalog.withSystemName('Group Cognition Learning')?.id, 'g');
  // Three other abstracts write it: a topic.
  assert.equal(catalog.withSystemName('Mixture of Experts'), undefined);
  // Not written with its capitals, or a name with one capital (as any sentence starts): not a name.
  for (const words of ['group cognition learning', 'Group cognition learning', 'Learning syntax without semantics']) assert.equal(catalog.withSystemName(words), undefined, words);
});

test('a question naming a paper by a name of several words is about that paper, or compares it', async () => {
  const named = await service.ask('Which experiments does Group Cognition Learning run?', { useModel: false });
  assert.deepEqual(named.sources.map((s) => s.paperId), ['meng26a']);
  assert.match(named.answer, /CMU-MOSI/);
  // The name's own words are not words found: this is refused as of any named paper.
  const bread = await service.ask('Can Group Cognition Learning bake bread?', { useModel: false });
  assert.equal(bread.refused, true);
  assert.match(bread.answer, /\(meng26a\) is indexed, but its abstract does not answer this/);
  // ... or a made-up name written apart ("Mentis Oculi"), or by the acronym its abstract declares for it ("we propose Group Cognition Learning (GCL)").
  assert.deepEqual(cited(await service.ask('Compare Mentis Oculi and Pixel Think', { useModel: false })), ['zeller26a', '2505.23727']);
  assert.deepEqual(cited(await service.ask('How does GCL mitigate modality dominance?', { useModel: false })), ['meng26a']);
  // Its datasets, which its abstract names ("evaluate" asks nothing of its own).
  const data = await service.ask('What datasets does GCL evaluate on?', { useModel: false });
  assert.deepEqual(cited(data), ['meng26a']);
  assert.match(data.answer, /CMU-MOSI/);
  const compared = await service.ask('How does Group Cognition Learning compare with CAST?', { useModel: false });
  assert.deepEqual(compared.sources.map((s) => s.paperId), ['meng26a', '2603.08648']);
  assert.deepEqual(cited(compared), ['meng26a', '2603.08648']);
});

test('coverage counts a group of alternatives once, and a long stem also matches the longer words it begins', () => {
  const stats = TermStats.fromCounts(10, { audio: 1, speech: 1, handl: 1, retriev: 1, retrieval: 1 });
  const doc = new Set(['audio', 'retrieval', 'empirical']);
  assert.equal(stats.weigh([['handl'], ['audio', 'speech']]).match(doc).coverage, 0.5);
  assert.equal(stats.weighTerms(['handl', 'audio', 'speech']).match(doc).coverage, 1 / 3);
  assert.equal(hasTerm(doc, 'retriev'), true);
  // Five letters are too few: "empir" (empire) must not match "empirical".
  assert.equal(hasTerm(doc, 'empir'), false);
});

test('a name in the question weighs twice in coverage', () => {
  const stats = TermStats.fromCounts(10, { qwen: 1, model: 1 });
  const doc = new Set(['qwen']);
  assert.equal(stats.weigh([['qwen'], ['model']]).match(doc).coverage, 0.5);
  assert.equal(stats.weigh([['qwen'], ['model']], new Set(['qwen'])).match(doc).coverage, 2 / 3);
});

test('"Where can I read X?", "X openreview" and the like ask for its links, which give its OpenReview forum and PMLR page where the metadata has them', async () => {
  const links = await service.ask('Links for MentisOculi?', { useModel: false });
  // Its OpenReview id as the metadata writes it, case kept; its PMLR page from the proceedings it is also in.
  assert.match(links.answer, /\nOpenReview: https:\/\/openreview\.net\/forum\?id=sxvuK2x3eA\nPMLR: https:\/\/proceedings\.mlr\.press\/v306\/zeller26a\.html\n/);
  for (const q of ['Where can I read the MentisOculi paper?', 'MentisOculi openreview', 'where do i download mentisoculi', 'Where could I find MentisOculi?', 'OpenReview page of MentisOculi', 'Is MentisOculi on OpenReview?']) {
    const a = await service.ask(q, { useModel: false });
    assert.equal(a.answer, links.answer, q);
    assert.equal(a.basis, 'metadata', q);
  }
  assert.match((await service.ask('Where can I find the paper PixelThink?', { useModel: false })).answer, /^\*\*PixelThink: .*\nCode: https:\/\/github\.com\/songw-zju\/PixelThink$/s);
  // Where in the paper something is, is asked of its abstract.
  assert.match((await service.ask('Where can I find the results of PixelThink?', { useModel: false })).answer, /30\.4%/);
});

test('"How many papers have code?", "Which papers have no code?" and the like are answered from the code links the papers give, counted and listed as other lists are', async () => {
  const total = service.papers.length;
  // Read apart from the code: a code link in the metadata, or a GitHub or anonymised repository's link in the abstract.
  const withCode = service.papers.filter((p) => p.code?.length || /https?:\/\/(?:(?:www\.)?github\.com|anonymous\.4open\.science)\//.test(p.abstract)).length;
  assert.ok(withCode > 10 && total - withCode > 10, `${withCode} of ${total}`);
  for (const [q, n] of [
    ['How many papers have code?', withCode],
    ['Which papers have code available?', withCode],
    ['papers with code?', withCode],
    ['Which papers release their code?', withCode],
    ['Do any papers have a GitHub repository?', withCode],
    ['Which papers are open source?', withCode],
    // Where the code is does not make it a search for sentences that write "code" (QA2 #11).
    ['Which papers have code on GitHub?', withCode],
    ['Which papers are on GitHub?', withCode],
    ['Which papers have no code?', total - withCode],
    ["How many papers don't release code?", total - withCode],
    ['Which papers lack a code link?', total - withCode],
  ] as const) {
    const a = await service.ask(q, { useModel: false });
    assert.match(a.answer, new RegExp(`^${n} of the ${total} indexed papers link (?:their|no) code`), q);
    assert.equal(a.basis, 'metadata', q);
    const lines = a.answer.split('\n');
    assert.equal(lines.length, 12, q);
    assert.equal(lines.at(-1), `... and ${n - 10} more; "Where is the code for <paper>?" gives one paper's links.`, q);
    assert.equal(cited(a).length, 10, q);
    // Each listed paper has code, or has none, as asked.
    for (const id of cited(a)) assert.equal((await service.ask(`Where is the code for ${id}?`, { useModel: false })).answer.includes('No code link is known'), n !== withCode, `${q}: ${id}`);
  }
  // Other questions with "code" in them are not this one.
  assert.doesNotMatch((await service.ask('Which papers generate code?', { useModel: false })).answer, /indexed papers link/);
  assert.match((await service.ask('How many papers mention code?', { useModel: false })).answer, /indexed papers mention code:/);
});

test('links with the paper option are the links naming the paper gives, and "authors?" its byline', async () => {
  const named = await service.ask('Where is the code for deng26w?', { useModel: false });
  assert.match(named.answer, /\nCode: https:\/\/github\.com\/dengandong\/SciVideoBench$/);
  for (const q of ['Where is the code?', 'Give me the link', 'Is it open source?', 'Where is the code for deng26w?']) {
    assert.equal((await service.ask(q, { useModel: false, paper: 'deng26w' })).answer, named.answer, q);
  }
  assert.match((await service.ask('authors?', { useModel: false, paper: 'deng26w' })).answer, /^\*\*SciVideoBench: .*\*\* is by Andong Deng/);
  // Its abstract still answers the rest.
  assert.match((await service.ask('How many questions does it have?', { useModel: false, paper: 'deng26w' })).answer, /1,000/);
});

test("links of an operator's own papers: an id with a link word in it names its paper; a name no paper is called is said to be none, with the paper that writes it", async () => {
  const corpus = await tempDir();
  const records = [
    { id: 'qa-code', title: 'Code Links Test', abstract: 'We introduce LinkNet for link prediction on citation graphs. LinkNet improves Hits@10 by 5 points.', authors: ['Code Person'], code: ['https://github.com/example/linknet'] },
    { id: 'qa-ocean', title: 'Deep Ocean Current Forecasting with Graph Networks', abstract: 'We forecast ocean currents with graph networks over buoy readings. Errors drop by 12% against numerical models. Our code is available at https://github.com/example/oceangraph.', authors: ['Sea Person'] },
  ];
  await writeFile(path.join(corpus, 'papers.jsonl'), records.map((r) => JSON.stringify(r)).join('\n'));
  const own = await PapercordService.open(await testSettings({ CORPUS: corpus }), { log: captureLog() });
  try {
    const byId = await own.ask('Where is the code for qa-code?', { useModel: false });
    assert.match(byId.answer, /^\*\*Code Links Test\*\* \(qa-code\) \[1\]\nCode: https:\/\/github\.com\/example\/linknet$/);
    assert.match((await own.ask('Who wrote qa-code?', { useModel: false })).answer, /is by Code Person/);
    for (const q of ['Where is the code for LinkNet?', 'Is LinkNet open source?']) {
      const unknown = await own.ask(q, { useModel: false });
      assert.equal(unknown.answer, 'No indexed paper is called LinkNet, so I have no link for it. Code Links Test (qa-code) writes it in its abstract: ask for that paper\'s links by its id, qa-code.', q);
      assert.equal(unknown.refused, true);
    }
    assert.match((await own.ask('Where is the code for FooBarNet?', { useModel: false })).answer, /^No indexed paper is called FooBarNet, so I have no link for it\./);
  } finally {
    await own.close();
  }
});

test('a made-up name is written by a paper only as a name of its own: "GPT2" and "GPT-4o" are not GPT-4', async () => {
  for (const q of ['What is GPT-4?', 'Which papers compare against GPT-4?']) {
    const unknown = await service.ask(q, { useModel: false });
    assert.equal(unknown.refused, true, q);
    assert.match(unknown.answer, /^Nothing indexed mentions GPT-4: /, q);
  }
  // GPT-4o is written, and asked about as before.
  const written = await service.ask('What is GPT-4o?', { useModel: false });
  assert.equal(written.refused, false);
  assert.match(written.answer, /GPT-4o/);
});

test('a comparison with a side no paper is called and no abstract writes says so, hyphened capitals too, rather than quoting another paper as that side', async () => {
  for (const q of ['Compare CapKV with ZQX-KV', 'CapKV vs ZQX-KV?', 'What is the difference between CapKV and ZQX-KV?', 'How does CapKV compare to ZQX-KV?']) {
    const unknown = await service.ask(q, { useModel: false });
    assert.equal(unknown.refused, true, q);
    assert.match(unknown.answer, /^Nothing indexed mentions ZQX-KV: .* Rethinking KV Cache Eviction via a Unified Information-Theoretic Objective \(yang26bv\) is indexed: ask about it without ZQX-KV\.$/, q);
  }
  // Both sides indexed, or a side the abstracts write, is compared as before.
  assert.deepEqual(cited(await service.ask('Compare CapKV with TGV-KV', { useModel: false })), ['yang26bv', '2606.03075']);
  assert.equal((await service.ask('Compare CapKV with Transformers', { useModel: false })).refused, false);
});

test('the paper option with a question that names another paper: answered about the one named, with a note; "it" is still the option\'s paper', async () => {
  const instead = await service.ask('Who wrote VEQ?', { useModel: false, paper: 'PixelThink' });
  assert.match(instead.answer, /^\*\*VEQ: .*\*\* is by Guangshuo Qin/);
  assert.deepEqual(cited(instead), ['2602.01037']);
  assert.match(instead.notice?.said ?? '', /^The question names VEQ: .* \(2602\.01037\), not PixelThink: .* \(2505\.23727\) that it was limited to, so the answer is about that one\. To ask about 2505\.23727, leave the other name out or write "it"\.$/);
  const unknown = await service.ask('Compare it with FooBarNet', { useModel: false, paper: 'PixelThink' });
  assert.equal(unknown.refused, true);
  assert.match(unknown.answer, /^Nothing indexed mentions FooBarNet: .* PixelThink: .* \(2505\.23727\) is indexed: ask about it without FooBarNet\.$/);
  // The option's paper pointed at is the option's, as before.
  const it = await service.ask('Compare it with VEQ', { useModel: false, paper: 'PixelThink' });
  assert.deepEqual(cited(it), ['2505.23727', '2602.01037']);
  assert.equal(it.notice, undefined);
  assert.match((await service.ask('Who wrote it?', { useModel: false, paper: 'PixelThink' })).answer, /^\*\*PixelThink: .*\*\* is by Song Wang/);
});

test('the paper option with a question that names another paper and then says "it": "it" is the paper named, not the option\'s (QA2 #7)', async () => {
  for (const q of ['Who wrote VEQ and what does it do?', 'Who wrote VEQ and what is it about?', 'What does VEQ do, and who wrote it?', 'Who wrote VEQ? What does it do?']) {
    const named = await service.ask(q, { useModel: false, paper: 'PixelThink' });
    assert.match(named.answer, /^\*\*VEQ: .*\*\* is by Guangshuo Qin/, q);
    assert.deepEqual(cited(named), ['2602.01037'], q);
    assert.match(named.notice?.said ?? '', /^The question names VEQ: /, q);
  }
  // Set side by side, "it" is still the option's paper, before the name or after it; in the name's own clause too ("Does VEQ outperform it?" sets VEQ against it).
  for (const q of ['How does VEQ compare to it?', 'Is it better than VEQ?', 'Does VEQ outperform it?', 'Does VEQ build on it?']) {
    const both = await service.ask(q, { useModel: false, paper: 'PixelThink' });
    assert.deepEqual(cited(both), ['2505.23727', '2602.01037'], q);
    assert.equal(both.notice, undefined, q);
  }
  // "beat" with no pointer after it relates the paper described to no other.
  assert.deepEqual(cited(await service.ask('The paper that first brings verifiable-reward RL to video-based 3D scene understanding claims to beat larger mainstream models on which benchmark?', { useModel: false })), ['linghu26a']);
});

test('a question about a name two papers have ("What is PRISM?") says so and answers of each apart, each listed with its own summary, cited in one numbering', async () => {
  const both = await service.ask('What is PRISM?', { useModel: false });
  const [head, first, firstTldr, , second, secondTldr] = both.answer.split('\n');
  assert.equal(head, '2 indexed papers are called PRISM:');
  assert.match(first!, /^\*\*PRISM: Perception Reasoning .*\*\* \(2605\.05407\) \[1\]$/);
  assert.match(firstTldr!, /^\*\*TL;DR:\*\* .*we introduce PRISM, a framework that tightly couples perception .*\[1\]$/);
  assert.match(second!, /^\*\*PRISM: Distribution-free .*\*\* \(yang26ca\) \[2\]$/);
  assert.match(secondTldr!, /^\*\*TL;DR:\*\* .*PRISM.* matrix functions.*\[2\]$/);
  assert.deepEqual(both.citations.map((c) => [c.n, c.paperId]), [[1, '2605.05407'], [2, 'yang26ca']]);
  assert.deepEqual(both.sources.map((s) => [s.n, s.paperId]), [[1, '2605.05407'], [2, 'yang26ca']]);
  // Each is read back by its place, as a list's papers are.
  const second2 = await service.ask('Who wrote the second one?', { useModel: false, history: [{ question: both.question, answer: both.answer }] });
  assert.match(second2.answer, /^\*\*PRISM: Distribution-free .*\*\* is by Shenghao Yang/);
  // The bylines name each already: no heading before them.
  assert.match((await service.ask('Who wrote PRISM?', { useModel: false })).answer, /^\*\*PRISM: Perception .* is by /);
});

test('made-up names are longer words with a capital inside or capitals with digits, not acronyms, quantities or hyphenated English', () => {
  assert.deepEqual(madeUpNames("Does PixelThink's ImageNet score beat GPT-4 at W3A16 on https://arxiv.org/abs/2505.23727?"), ['PixelThink', 'ImageNet', 'GPT-4', 'W3A16']);
  assert.deepEqual(madeUpNames('Do RL, LLMs, MoE, CoT and LoRA help a training-free 3D model step 240V down to 12V?'), []);
  // A name ends where its script does.
  assert.deepEqual(madeUpNames('PixelThink是什么？'), ['PixelThink']);
  // With its version written apart, as asked: "YouCook 2" is not YouCook; a figure after a name is no version.
  assert.deepEqual(madeUpNames('Which paper uses YouCook 2, DeepSeek  3.5 or ImageNet 2x?'), ['YouCook 2', 'DeepSeek 3.5', 'ImageNet']);
});

test('a question about a name nothing indexed has is told so, not answered from other papers; a misspelt one gets "did you mean"', async () => {
  const corpus = await tempDir();
  const records = [
    { id: 'qa-foonet', title: 'FooNet: Reinforcement Learning for Ocean Forecasting', abstract: 'We introduce FooNet, which forecasts ocean currents with reinforcement learning over buoy readings. Errors drop by 12% against numerical models.', authors: ['Sea Person'] },
    { id: 'qa-reward', title: 'Reward Shaping for Robot Arms', abstract: 'We study reinforcement learning for robot arms with shaped rewards. Grasp success rises by 20 points.', authors: ['Arm Person'] },
  ];
  await writeFile(path.join(corpus, 'papers.jsonl'), records.map((r) => JSON.stringify(r)).join('\n'));
  const own = await PapercordService.open(await testSettings({ CORPUS: corpus }), { log: captureLog() });
  try {
    for (const q of ['Does PixelThink use reinforcement learning?', 'Who wrote PixelThink?']) {
      const unknown = await own.ask(q, { useModel: false });
      assert.equal(unknown.answer, 'Nothing indexed mentions PixelThink: no paper has it in its title, authors or abstract, so the papers cannot answer this. Browse what is indexed with /papers, or ask again without PixelThink.', q);
      assert.equal(unknown.refused, true, q);
      assert.deepEqual(unknown.citations, [], q);
    }
    const typo = await own.ask('Does FooNte use reinforcement learning?', { useModel: false });
    assert.match(typo.answer, /^Nothing indexed mentions FooNte: .* Did you mean FooNet: Reinforcement Learning for Ocean Forecasting \(qa-foonet\)\?$/);
    const mixed = await own.ask('Compare PixelThink and FooNet', { useModel: false });
    assert.match(mixed.answer, / FooNet: Reinforcement Learning for Ocean Forecasting \(qa-foonet\) is indexed: ask about it without PixelThink\.$/);
    // A paper's name written with Chinese right after it, and a site the papers link to (in no term of the index), are no unknown names.
    assert.doesNotMatch((await service.ask('PixelThink是什么？', { useModel: false })).answer, /^Nothing indexed/);
    assert.doesNotMatch((await service.ask('Which papers have code on GitHub?', { useModel: false })).answer, /^Nothing indexed/);
    // A name as an abstract writes it in another form: with other joins, or as a plural; a longer name is still not it.
    for (const [q, id] of [['Does SciVideoBench evaluate Qwen2.5-VL?', 'deng26w'], ['Which papers use Qwen2.5VL?', 'deng26w'], ['What are cMoLLMs?', '2607.22577'], ['What is PixelThinks?', '2505.23727']] as const) {
      const a = await service.ask(q, { useModel: false });
      assert.doesNotMatch(a.answer, /^Nothing indexed/, q);
      assert.ok(cited(a).includes(id), `${q}: ${a.answer}`);
    }
    assert.match((await service.ask('What is GPT-4?', { useModel: false })).answer, /^Nothing indexed mentions GPT-4:/);
    // A name an abstract writes is searched as before.
    assert.deepEqual(cited(await own.ask('Does FooNet use reinforcement learning?', { useModel: false })), ['qa-foonet']);
  } finally {
    await own.close();
  }
});
