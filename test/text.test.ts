import { test } from 'node:test';
import assert from 'node:assert/strict';
import { listEnd, splitSentences } from '../src/text/sentences.js';
import { stem, terms, queryTerms, queryConcepts, queryNames, withTyposMended } from '../src/text/terms.js';
import { cleanText, questionText } from '../src/text/clean.js';
import { plainText } from '../src/render/text.js';
import { markdownLiteral, readableTex } from '../src/corpus/text.js';
import { authorsAnswer } from '../src/answer/bylines.js';
import { linksAnswer } from '../src/answer/links.js';
import { namesSystem, systemName } from '../src/corpus/paper.js';
import { isEnglishWord } from '../src/text/english.js';
import { writtenInOtherLanguage } from '../src/text/language.js';
import { declaredExpansions, initialsOf } from '../src/names/acronyms.js';
import { readFileSync } from 'node:fs';
import wordListPath from 'word-list';
import { chunkPaper, chunkIndexText } from '../src/chunking.js';
import type { Paper } from '../src/corpus/paper.js';

test('sentences keep exact offsets and survive abbreviations, initials and decimals', () => {
  const text = 'We study LLMs, e.g. GPT-4 and others. Accuracy rises to 93.5% on MMLU. J. Smith et al. disagree! Is it real? yes it is.';
  const spans = splitSentences(text);
  assert.deepEqual(
    spans.map((s) => s.text),
    ['We study LLMs, e.g. GPT-4 and others.', 'Accuracy rises to 93.5% on MMLU.', 'J. Smith et al. disagree!', 'Is it real? yes it is.'],
  );
  for (const s of spans) assert.equal(text.slice(s.start, s.end), s.text);
});

test('a list split into sentences ends after its last item: (1) or (i) items in order, or First, Second, ... with a sentence between two items', () => {
  // frauen26a, 2606.03075 and ding26v, shortened.
  const roman = ['DMLRank comes with the following advantages: (i) It produces efficient estimates.', '(ii) It allows black-box methods.', '(iii) It can use LLM evaluators.', '(iv) It suggests policies.', 'We demonstrate these advantages.'];
  assert.equal(listEnd(roman, 0), 4);
  const marked = ['TGV-KV comprises three submodules: *(1) Text-Vision Budgeting (TVB)* assigns budget.', '*(2) Text-Weighted Ranking (TWR)* ranks vision importance.', '*(3) Text-Prioritised Retention (TPR)* preserves text KV.', 'We evaluate TGV-KV.'];
  assert.equal(listEnd(marked, 0), 3);
  const words = ['First, we reconstruct the graph topology.', 'This reconstructed topology mitigates redundancy.', 'Second, we treat the graph as a view.', 'We then apply mutual information minimization.'];
  assert.equal(listEnd(words, 0), 3);
  // Items out of order, a "(1)" with no "(2)" after it, or "First," with no "Second," are no list.
  assert.equal(listEnd(['It has (1) a router.', '(3) A cache.'], 0), 1);
  assert.equal(listEnd(['First, we study X.', 'Then we do Y.', 'Finally, we show Z.'], 0), 1);
  assert.equal(listEnd(marked, 1), 2);
});

test('stemming joins word forms but leaves acronyms and numbers alone', () => {
  assert.equal(stem('localization'), stem('localize'));
  assert.equal(stem('models'), stem('model'));
  assert.equal(stem('LLMs'.toLowerCase()), 'llms');
  assert.equal(stem('2024'), '2024');
  assert.ok(!terms('What is the paper about?').includes('the'));
  assert.deepEqual(queryTerms('What does MentisOculi evaluate?'), ['mentisoculi', 'evalu']);
});

test('a versioned model name also yields its family, so "Qwen" finds Qwen3-VL and Qwen2.5-VL', () => {
  assert.deepEqual(terms('Qwen3-VL'), ['qwen3-vl', 'qwen3', 'vl', 'qwen']);
  assert.ok(terms('Qwen2.5-VL').includes('qwen'));
  assert.ok(terms('GPT-4o').includes('gpt'));
  assert.ok(terms('llama3').includes('llama'));
  // Digits alone and single letters are no family: "W3A16" and "3D" add nothing.
  assert.deepEqual(terms('W3A16 3D'), ['w3a16', '3d']);
  assert.deepEqual(terms('vision-language', { parts: false }), ['vision-languag']);
});

test('a word of 200,000 letter-digit runs yields its letter runs without overflowing the stack', () => {
  assert.ok(terms('ab1'.repeat(200_000)).includes('ab'));
});

test('a question\'s alternatives ("audio or speech", "memory, compute or latency") are one concept', () => {
  assert.deepEqual(queryConcepts('Is there anything that handles audio or speech?'), [['handl'], ['audio', 'speech']]);
  assert.deepEqual(queryConcepts('Which papers cut memory, compute or latency?'), [['cut'], ['memory', 'comput', 'latency']]);
  // A compound counts by its words; "or" between question words joins nothing.
  assert.deepEqual(queryConcepts('state-of-the-art robot policy'), [['state'], ['art'], ['robot'], ['policy']]);
  assert.deepEqual(queryConcepts('how uncertain it is or how hard'), [['uncertain'], ['hard']]);
});

test('how short an answer should be, and "give me", ask for nothing to search: "PixelThink, briefly" asks what PixelThink is', () => {
  for (const q of ['briefly', 'in short', 'in a nutshell', 'in one sentence', 'in a few words', 'Give me a quick summary', 'a one-line overview', 'keep it short', 'tl;dr', 'Walk me through', 'Give me a rundown']) {
    assert.deepEqual(queryConcepts(q), [], q);
  }
  // As words of a topic they stay: "short clips", "quick adaptation".
  assert.deepEqual(queryConcepts('composing short clips'), [['compos'], ['short'], ['clip']]);
  assert.deepEqual(queryConcepts('quick adaptation'), [['quick'], ['adapt']]);
});

test('the names in a question: capitals after its first word, and words mixing letters and digits', () => {
  assert.deepEqual([...queryNames('Which papers report results on Qwen vision-language models?')], ['qwen']);
  assert.deepEqual([...queryNames('Which results use GRPO? Does llama3 help?')], ['grpo', 'llama3', 'llama']);
  // A capital that only starts a sentence names nothing.
  assert.deepEqual([...queryNames('Which papers are about robots? Robots that act.')], []);
});

test('cleanText removes zero-width and control characters', () => {
  assert.equal(cleanText('  a\u200bb\u0007c\n\n d  '), 'ab c d');
  assert.equal(cleanText('\u200b\u200d'), '');
});

const paper = (abstract: string): Paper => ({ id: 'p1', title: 'A Title', abstract, authors: [], aliases: [], source: { file: 'x', record: '1' } });

test('a typical abstract is one chunk; a long text splits on sentences with overlap', () => {
  const short = chunkPaper(paper('One sentence. Two sentences.'));
  assert.equal(short.length, 1);
  assert.equal(short[0]!.text, 'One sentence. Two sentences.');
  assert.equal(chunkIndexText({ title: 'A Title' }, short[0]!), 'A Title\nOne sentence. Two sentences.');

  const sentences = Array.from({ length: 60 }, (_, i) => `Sentence number ${i} talks about topic ${i} in some detail here.`);
  const long = paper(sentences.join(' '));
  const chunks = chunkPaper(long);
  assert.ok(chunks.length > 1);
  for (const c of chunks) {
    assert.equal(long.abstract.slice(c.start, c.end), c.text);
    assert.ok(c.text.length <= 1200, `chunk of ${c.text.length}`);
    assert.match(c.text, /^Sentence number \d+/);
    assert.match(c.text, /\.$/);
  }
  // Overlap: each chunk starts with the last sentence of the previous one.
  for (let i = 1; i < chunks.length; i++) {
    const lastOfPrev = splitSentences(chunks[i - 1]!.text).at(-1)!.text;
    assert.ok(chunks[i]!.text.startsWith(lastOfPrev));
  }
  assert.equal(chunks.at(-1)!.end, long.abstract.length);
});

test('a single enormous sentence is cut on word boundaries', () => {
  const words = Array.from({ length: 3000 }, (_, i) => `word${i}`).join(' ');
  const chunks = chunkPaper(paper(words));
  assert.ok(chunks.length > 10);
  for (const c of chunks) {
    assert.ok(!c.text.startsWith(' ') && !c.text.endsWith(' '));
    assert.match(c.text, /^word\d+/);
    assert.match(c.text, /word\d+$/);
  }
});

test('TeX in an abstract reads as Markdown in an answer', () => {
  assert.equal(readableTex('we introduce \\textbf{Furina}, a \\emph{jailbreak} attack'), 'we introduce **Furina**, a _jailbreak_ attack');
  assert.equal(readableTex('reduces the failure rate by over 50\\% with a ``cognitive clutch\'\''), 'reduces the failure rate by over 50% with a “cognitive clutch”');
  assert.equal(readableTex('Code is available at: \\url{https://github.com/x/y}.'), 'Code is available at: https://github.com/x/y.');
  assert.equal(readableTex('a $0.262$-approximation, $k$ items, 3$\\times$ faster'), 'a 0.262-approximation, k items, 3× faster');
  assert.equal(readableTex('plain text stays'), 'plain text stays');
});

test('inline math reads as text: Greek letters, raised exponents and indices, operator names, without dollars', () => {
  assert.equal(
    readableTex('update time $O(\\epsilon^{-3}k\\log(k)\\log(\\epsilon^{-1}k) + \\epsilon^{-2}k^2\\log(k))$ per item'),
    'update time O(ε⁻³k log(k) log(ε⁻¹k) + ε⁻²k² log(k)) per item',
  );
  assert.equal(readableTex('regret $\\widetilde{\\mathcal{O}}(\\sqrt{KT})$ and $\\tilde O(K^{\\frac{3}{4}})$'), 'regret Õ(√(KT)) and Õ(K^(3/4))');
  assert.equal(readableTex('$0 < \\epsilon \\leq 1$, $\\mathcal{W}_2$, $\\ell_0$, $N = 100{,}000$, $P(y\\mid \\mathbf{X})$'), '0 < ε ≤ 1, W₂, ℓ₀, N = 100,000, P(y | X)');
  // An index of several letters stays a word; its underscore and a star are Markdown's, so escaped for Discord.
  assert.equal(readableTex('width $d_\\text{model}+1$ and $a*b$ in $S_N$'), 'width d\\_model+1 and a\\*b in S\\_N');
  assert.equal(readableTex('sets $\\{x\\}$ of $t^{-c}$'), 'sets {x} of t^-c');
});

test('TeX clean-up leaves prose dollars, prototype names and Markdown\'s own escapes alone', () => {
  assert.equal(readableTex('from $5 million to $2 million'), 'from $5 million to $2 million');
  assert.equal(readableTex('$\\constructor$ and $\\toString$'), 'constructor and toString');
  assert.equal(readableTex('costs \\$5, sets \\{a\\}, a\\_b'), 'costs $5, sets {a}, a\\_b');
});

test('a system name is a made-up word, a capitalised single word or a phrase; common words name nothing', () => {
  assert.equal(systemName('PixelThink: Towards Efficient Chain-of-Pixel Reasoning'), 'PixelThink');
  assert.equal(systemName('cMoLLM at Scale: Horizontal Scaling Laws'), 'cMoLLM');
  assert.equal(systemName('Furina: Fragmented Uncertainty-Driven Refusal Instability Attack'), 'Furina');
  assert.equal(systemName('Group Cognition Learning: Making Everything Better'), 'Group Cognition Learning');
  assert.equal(systemName('Motivation: Protein folding is hard'), '', 'a heading of a structured abstract');
  assert.equal(systemName('Toward Structural Multimodal Representations: Specialization'), '');
  assert.ok(namesSystem('what does pixelthink do?', 'PixelThink: X'), 'a made-up name in any case');
  assert.ok(namesSystem('Does DockSmith work?', 'DOCKSMITH: X'));
  assert.ok(!namesSystem('which papers use graph neural networks?', 'Graph Neural Networks: X'), 'a phrase only as written');
  assert.ok(!namesSystem('a prismatic view', 'PRISM: X'), 'a whole word');
  assert.ok(namesSystem('What is MLLM-4D (really)?', 'MLLM-4D: X'));
});

test('a title put into a Markdown answer neither formats nor links', () => {
  assert.equal(markdownLiteral('*Bold* _claims_ [click](https://x.example) `code` a|b'), '\\*Bold\\* \\_claims\\_ \\[click\\](https://x.example) \\`code\\` a\\|b');
  const answer = authorsAnswer([{ n: 1, paperId: 'x', title: '[Win](https://evil.example): *Now*', authors: ['A_B'], score: 1, text: 't', chunkId: 'x#0', start: 0, end: 1 }]);
  assert.equal(answer?.answer, '**\\[Win\\](https://evil.example): \\*Now\\*** is by A\\_B. [1]');
});

test('a byline asked with how many authors says how many first, or that the metadata names only the first author, never a count of one for it', () => {
  const source = { n: 2, paperId: 'x', title: 'T', score: 1, text: 't', chunkId: 'x#0', start: 0, end: 1, year: 2026, venue: 'ICML' };
  const listed = { ...source, authors: ['A', 'B', 'C', 'D', 'E', 'F', 'G'] };
  assert.equal(authorsAnswer([listed], true)?.answer, '**T** has 7 authors: A, B, C, D, E, F et al. (ICML 2026). [2]');
  assert.equal(authorsAnswer([{ ...source, authors: ['A'] }], true)?.answer, '**T** has one author: A (ICML 2026). [2]');
  assert.equal(authorsAnswer([{ ...source, authors: ['A'], authorsIncomplete: true }], true)?.answer, '**T** is by A et al. (ICML 2026); its metadata names only the first author, not how many there are. [2]');
  assert.equal(authorsAnswer([listed])?.answer, '**T** is by A, B, C, D, E, F et al. (ICML 2026). [2]');
});

test('a links answer gives the metadata\'s code links before the abstract\'s other links, each once, and says no code link is known only when neither gives one', () => {
  const paper: Paper = { id: '2601.00001', title: 'Toy: A Paper', abstract: 'We study toys. Code is at https://github.com/ann/toy/ and data at https://toy.org/data.', authors: [], aliases: [], source: { file: 'f', record: 'r' }, url: 'https://toy.github.io', code: ['https://github.com/ann/toy'] };
  assert.equal(linksAnswer(paper, 1), ['**Toy: A Paper** (2601.00001): https://toy.github.io [1]', 'arXiv: 2601.00001 (https://arxiv.org/abs/2601.00001)', 'Code: https://github.com/ann/toy', 'Link in the abstract: https://toy.org/data'].join('\n'));
  // The page is the project page (PixelThink's): what is missing is the code, not a project page.
  const pageOnly = linksAnswer({ ...paper, abstract: 'We study toys and report results.', code: undefined }, 1);
  assert.match(pageOnly, /^\*\*Toy: A Paper\*\* \(2601\.00001\): https:\/\/toy\.github\.io \[1\]\narXiv: .*\nNo code link is known for it\.$/);
  assert.doesNotMatch(linksAnswer({ ...paper, abstract: 'We study toys. Code: https://github.com/ann/toy', code: undefined }, 1), /No code link/);
});

test('a links answer to a question that asks for a page the paper lacks (OpenReview, PMLR, a DOI) says so in one line before the links it has (QA2 #12)', () => {
  const paper: Paper = { id: '2601.00001', title: 'Toy: A Paper', abstract: 'We study toys.', authors: [], aliases: [], source: { file: 'f', record: 'r' }, url: 'https://toy.github.io', code: ['https://github.com/ann/toy'] };
  const links = linksAnswer(paper, 1);
  assert.equal(linksAnswer(paper, 1, 'Where is the OpenReview page for Toy?'), `No OpenReview page is known for this paper; these are its links:\n${links}`);
  assert.equal(linksAnswer(paper, 1, 'Toy pmlr'), `No PMLR page is known for this paper; these are its links:\n${links}`);
  assert.equal(linksAnswer(paper, 1, 'openreview or doi of Toy?'), `No OpenReview page or DOI is known for this paper; these are its links:\n${links}`);
  // What it has, or nothing named, is given as before.
  for (const q of ['Where is the code for Toy?', 'arXiv link of Toy', '']) assert.equal(linksAnswer(paper, 1, q), links, q);
  const reviewed = { ...paper, openreview: 'AbC123', pmlrPage: 'https://proceedings.mlr.press/v306/toy26a.html' };
  for (const q of ['Where is the OpenReview page for Toy?', 'Toy pmlr']) assert.equal(linksAnswer(reviewed, 1, q), linksAnswer(reviewed, 1), q);
  // A url that is the paper's DOI link is its DOI, not a missing one.
  for (const url of ['https://doi.org/10.1145/3456.7890', 'http://dx.doi.org/10.1145/3456.7890']) {
    const withDoi = { ...paper, url };
    assert.equal(linksAnswer(withDoi, 1, 'What is the DOI of Toy?'), linksAnswer(withDoi, 1), url);
  }
});

test('plain text shows bold as its words and escapes as their characters, and keeps asterisks that were escaped', () => {
  assert.equal(plainText('**TL;DR:** We present **PhaseCoder**, for S\\_N. [1]'), 'TL;DR: We present PhaseCoder, for S_N. [1]');
  assert.equal(plainText('2 \\*\\* 3 and a ** b ** c'), '2 ** 3 and a ** b ** c');
  assert.equal(plainText('suggest that _visual thoughts do not yet help_, for S_N and snake_case_name and \\_x\\_'), 'suggest that visual thoughts do not yet help, for S_N and snake_case_name and _x_');
  assert.equal(plainText('two mechanisms: *mask-based streaming* and *SPSD*; 2 * 3 * 4, a\\*b\\*'), 'two mechanisms: mask-based streaming and SPSD; 2 * 3 * 4, a*b*');
});

test('a question is read without the Markdown a chat writes it with; marks inside words and math stay', () => {
  for (const typed of ['What is **PixelThink**?', 'What is `PixelThink`?', 'What is ``PixelThink``?', 'What is ||PixelThink||?', 'What is *PixelThink*?', 'What is _PixelThink_?', 'What is __PixelThink__?', 'What is ~~PixelThink~~?', '# What is PixelThink?', '### What is **PixelThink**?', '-# What is PixelThink?', '> What is PixelThink?', '>>> What is\nPixelThink?', '## What is PixelThink?']) {
    assert.equal(questionText(typed), 'What is PixelThink?', typed);
  }
  // Code beside a question is not what it asks; a question written only as code is its words.
  assert.equal(questionText('```js\nconsole.log(1)\n``` What is PixelThink?'), 'What is PixelThink?');
  assert.equal(questionText('```js console.log(1)``` What is PixelThink?'), 'What is PixelThink?');
  assert.equal(questionText('```\nWhat is PixelThink?\n```'), 'What is PixelThink?');
  assert.equal(questionText('```\n```'), '');
  for (const kept of ['What is S_N for a*b*c and x_1?', 'Does 2 * 3 * 4 fit snake_case_name or a || b || c?', 'Is C# #1 at > 5% and ~10?', 'Why $a_i$ and $b_{ij}$?']) assert.equal(questionText(kept), kept);
});

test('an English word is found in the word list in any case, wherever it lies in it; a made-up name is not', () => {
  const listed = readFileSync(wordListPath, 'utf8').trim().split('\n');
  // Every 37th word, and the list's first and last: its blocks by first two letters must each hold all of theirs.
  for (const [i, word] of listed.entries()) if (i % 37 === 0 || i === listed.length - 1) assert.ok(isEnglishWord(word), word);
  for (const word of ['best', 'BEST', 'Induction', 'prism']) assert.ok(isEnglishWord(word), word);
  for (const word of ['veq', 'Furina', 'pixelthink', 's3', 'a', '', 'best-bench', 'bestt']) assert.ok(!isEnglishWord(word), word);
});

test('a question in another language than English is told apart from an English one, however off-topic', () => {
  for (const q of ["Qu'est-ce que PixelThink ?", '¿Qué papers hablan de video?', '¿Hay artículos sobre aprendizaje por refuerzo?', 'Welche Arbeiten behandeln Quantisierung?', '量子化に関する論文はありますか', 'Какие статьи о квантовании?', '¿Quién escribió Furina?', 'Was ist MentisOculi?', 'PixelThink是什么？', 'Wer hat VEQ geschrieben?']) {
    assert.equal(writtenInOtherLanguage(q), true, q);
  }
  for (const q of ['How do I bake bread?', 'What is la la land about?', 'Is there a paper on the Ising model with α-stable noise?', 'des papers on video?', 'What does the El Farol bar problem say?', 'GRPO vs PPO?', 'What was 3D-RFT tested on?', 'Was PixelThink evaluated on ReasonSeg?']) {
    assert.equal(writtenInOtherLanguage(q), false, q);
  }
});

test('an acronym stands for the words before its brackets that spell it, small words passed over', () => {
  const paper = (abstract: string) => ({ id: 'x', title: 'T', abstract, authors: [], aliases: [], source: { file: 'f', record: 'r' } });
  assert.deepEqual(declaredExpansions('rl', [paper('We train with reinforcement learning (RL) at scale.'), paper('Reinforcement Learning (RL) again.')]), [{ terms: ['reinforc', 'learn'], papers: 2 }]);
  assert.deepEqual(declaredExpansions('rlhf', [paper('Reinforcement Learning from Human Feedback (RLHF) aligns models.')]).map((e) => e.terms), [['reinforc', 'learn', 'human', 'feedback']]);
  assert.deepEqual(declaredExpansions('moe', [paper('A Mixture-of-Experts (MoE) layer.')]).map((e) => e.terms), [['mixtur', 'expert']]);
  // Words that do not spell it, or no brackets: nothing declared.
  assert.deepEqual(declaredExpansions('rl', [paper('We study robust learners (RL) here.'.replace('robust', 'sturdy'))]), []);
  assert.deepEqual(declaredExpansions('rl', [paper('RL is used throughout.')]), []);
  assert.equal(initialsOf(['reinforc', 'learn']), 'rl');
  assert.equal(initialsOf(['video']), undefined);
});

test('a mistyped word is read as the spelling one slip away that the papers write, an English word or a name never', () => {
  // The papers' terms as a corpus would count them.
  const written = new Map(terms('video videos retrieval quantization reinforcement learning store PixelThink').map((t) => [t, 2]));
  const df = (t: string) => written.get(t) ?? 0;
  const cases: [string, string][] = [
    ['which papers study vidoe retrieval?', 'which papers study video retrieval?'],
    ['papres on quantizaton?', 'papers on quantization?'],
    ['reinforcement lerning', 'reinforcement learning'],
    ['papers aboout video', 'papers about video'],
  ];
  for (const [typed, read] of cases) {
    const mended = withTyposMended(typed, df);
    assert.equal(mended.text, read, typed);
    assert.ok(mended.mended.length > 0, typed);
    for (const [from, to] of mended.mended) assert.ok(typed.includes(from) && read.includes(to), `${from} -> ${to}`);
  }
  // An English word no paper writes is what was meant ("story" is one slip from "store"); so is a capitalised name, or a short word.
  for (const q of ['a story assembled from clips', 'Vidoe retrieval', 'my kitchen faucet keeps dripping', 'vido', "that doesn't answer my question", 'that doesn’t help']) assert.deepEqual(withTyposMended(q, df), { text: q, mended: [] }, q);
});
