/**
 * The check that what a model's answer states is in what it read: its numbers in the sources it
 * cites, its names in the sources it was given, however either is written.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { unsupportedStatements } from '../src/writer/grounding.js';
import type { Source } from '../src/types.js';

function source(n: number, title: string, text: string): Source {
  return { n, paperId: `p${n}`, title, authors: ['Song Wang', 'Gang Yu'], year: 2026, venue: 'ICML 2026', score: 1, text, chunkId: `p${n}#0`, start: 0, end: text.length };
}
const PIXEL = source(1, 'PixelThink: Towards Efficient Chain-of-Pixel Reasoning', 'PixelThink cuts reasoning tokens by 48.2% and latency by 30.4% with reinforcement learning on 1,000 samples, over three benchmarks, with a 2.5× speedup. Training emits about 6.0×10^4 tons of carbon.');
const KV = source(2, 'TGV-KV: Text-Guided Visual KV Eviction', 'TGV-KV boosts end-to-end throughput by 52.6% under W3A16 with GPT-4o and a 4D encoder.');
const both = new Set([1, 2]);
const check = (answer: string, question = 'What is PixelThink?') => unsupportedStatements(answer, [PIXEL, KV], both, [question]);

test('invented figures, venues, people and datasets are named, a name of several words as one', () => {
  assert.deepEqual(check('PixelThink was published at NeurIPS 2019 by Yann LeCun and achieves 99% accuracy on ImageNet [1].'), ['NeurIPS', '2019', 'Yann LeCun', '99%', 'ImageNet']);
  assert.deepEqual(check('It was tested with GPT-4 and a 3D encoder [2].'), ['GPT-4', '3D']);
  assert.deepEqual(check('PixelThink relies on LLMs [1].'), ['LLMs']);
});

test('a number is looked for in the sources its sentence cites: a figure of another paper is not this one’s', () => {
  assert.deepEqual(check('PixelThink boosts throughput by 52.6% [1].'), ['52.6%']);
  assert.deepEqual(check('PixelThink cuts latency by 30.4% [1] while TGV-KV boosts throughput by 52.6% [2].'), []);
  // A sentence citing nothing may state what any source given states.
  assert.deepEqual(check('PixelThink is efficient [1]. Throughput rises by 52.6% in one paper.'), []);
});

test('numbers as a faithful answer may write them: spacing, words, separators, scales, factors, rounding', () => {
  for (const answer of [
    'It cuts tokens by 48.2 % and latency by 30.4 percent [1].',
    'It cuts latency by 30% on 1000 samples [1].',
    'It trains on 1k samples over 3 benchmarks, a 2.5x speedup, or 2.5-fold [1].',
    'Training emits around 60,000 tons [1].',
    'It cuts tokens by nearly 50% [1].',
    'Song Wang et al. (ICML 2026) wrote it [1].',
    // What numbers the answer's own parts, or names a source, states nothing.
    'It works in two steps: 1) estimate difficulty, 2) regulate reasoning [1].',
    'According to Source 1, it cuts latency by 30.4% [1].',
    'As papers 1 and 2 say, both are efficient [1][2].',
    'TL;DR: it cuts latency by 30.4% [1].',
    'Step 7: it estimates difficulty [1]. Step 8: it cuts latency by 30.4% [1].',
  ]) assert.deepEqual(check(answer), [], answer);
  // A number after a list marker is still checked.
  assert.deepEqual(check('It works in two steps: 1) estimate difficulty on 77 samples [1].'), ['77']);
  // Rounding further than the digits say is only read so when the answer says it is approximate.
  assert.deepEqual(check('It cuts tokens by 50% [1].'), ['50%']);
});

test('a model family without its version, a version written apart, a Greek letter spelled out and a unit written apart are the source’s names; other versions and families are not', () => {
  const bench = source(1, 'SciVideoBench', "We evaluate Gemini 2.5 Pro and Qwen2.5-VL; VLA-ATTC cuts the failure rate of PI0.5 by over 50% at 30FPS on a 24GB GPU, beating methods of prior work (NeurIPS'20).");
  const of = (answer: string) => unsupportedStatements(answer, [bench], new Set([1]), ['What does it evaluate?']);
  for (const answer of [
    'Models such as Gemini and Qwen struggle on it [1].',
    'It evaluates Gemini 2.5 Pro and Qwen 2.5-VL [1].',
    'It cuts the failure rate of π0.5 by over 50% [1].',
    'It runs at 30 FPS on a 24 GB GPU [1].',
    // A quote with a year after a name's apostrophe: "20)" is no list marker.
    "It beats methods of prior work (NeurIPS'20) [1].",
  ]) assert.deepEqual(of(answer), [], answer);
  assert.deepEqual(of('It evaluates Qwen 3-VL and Claude [1].'), ['Qwen 3-VL', 'Claude']);
  assert.deepEqual(of('It evaluates Qwen3-VL [1].'), ['Qwen3-VL']);
  assert.deepEqual(of('It beats π0.6 at 30 TPS [1].'), ['π0.6', 'TPS']);
});

test('a version is the one written: "Qwen 3" is not "Qwen2.5" rounded, while "Qwen 2.5", "Qwen-2.5" and a name cut before its size are the same', () => {
  const bench = source(1, 'SciVideoBench', 'We evaluate Qwen2.5-VL, Gemini 2.5 Pro, LLaMA-3.1-8B and GPT-2-style models on 3 tasks.');
  const of = (answer: string) => unsupportedStatements(answer, [bench], new Set([1]), ['What does it evaluate?']);
  for (const answer of ['It evaluates Qwen2.5 [1].', 'It evaluates Qwen 2.5 [1].', 'It evaluates Qwen-2.5 on 3 tasks [1].', 'It evaluates Gemini 2.5 [1].', 'It evaluates LLaMA-3.1 and LLaMA 3.1 [1].', 'It trains GPT-2 models [1].']) {
    assert.deepEqual(of(answer), [], answer);
  }
  assert.deepEqual(of('It evaluates Qwen 3 on 3 tasks [1].'), ['Qwen 3']);
  assert.deepEqual(of('It evaluates Qwen 2 and Gemini 3 [1].'), ['Qwen 2', 'Gemini 3']);
  assert.deepEqual(of('LLaMA 3 is evaluated [1].'), ['LLaMA 3']);
});

test('model families named by English words are names when written as one: capitalised mid-sentence, or with a version', () => {
  const of = (answer: string) => unsupportedStatements(answer, [PIXEL], new Set([1]), ['What is PixelThink?']);
  assert.deepEqual(of('PixelThink uses Llama 3 as its backbone [1].'), ['Llama 3']);
  assert.deepEqual(of('PixelThink fine-tunes Mistral and Gemini with reinforcement learning [1].'), ['Mistral', 'Gemini']);
  assert.deepEqual(of('Phi 3 is its backbone [1]. Claude 3 judges it [1].'), ['Phi 3', 'Claude 3']);
  // A word that starts a sentence or is written in lower case is a word.
  assert.deepEqual(of('Falcon-like speed: PixelThink cuts reasoning tokens by 48.2% [1].'), []);
  const llama = source(1, 'LLaMA Adapter', 'We adapt Llama 2 and Mistral to reasoning with reinforcement learning.');
  assert.deepEqual(unsupportedStatements('It adapts Llama 2 and Mistral [1].', [llama], new Set([1]), []), []);
  assert.deepEqual(unsupportedStatements('It adapts Llama 3 [1].', [llama], new Set([1]), []), ['Llama 3']);
});

test('names as a faithful answer may write them: case, hyphens, plurals, possessives, compounds, spelled-out acronyms, the question', () => {
  for (const answer of [
    "PixelThink's tokens fall [1]. Unlike TGV-KV, PixelThink uses reinforcement learning [1].",
    'Pixel-Think and TGVKV are both efficient [1, 2].',
    'It uses RL, with W3A16 and GPT-4o [2].',
    'TGV-KV uses a GPT-4o-based 4D encoder [2].',
    'The Transformer results are good [1].',
    'According to PixelThink, (1) tokens fall and (2) latency falls [1].',
  ]) assert.deepEqual(check(answer), [], answer);
  assert.deepEqual(check('It beats MonoSoup [1].', 'Does PixelThink beat MonoSoup?'), []);
});

test('how an abstract writes a link, a host and a venue’s year: "GitHub" of github.com, "NeurIPS 2020" and "NeurIPS" of NeurIPS’20, and back', () => {
  const paper = source(1, 'A Dynamic Algorithm', "Prior work achieved 0.125 (NeurIPS'20) and 0.171 (NeurIPS’25). Project page: https://github.com/GVCLab/MLLM-4D. Demo at https://scivideobench.github.io.");
  const of = (answer: string) => unsupportedStatements(answer, [paper], new Set([1]), []);
  for (const answer of [
    'The code is available on GitHub [1].',
    'It builds on results published at NeurIPS [1].',
    'Prior work appeared at NeurIPS 2020 and NeurIPS 2025 [1].',
    "Prior work appeared at NeurIPS'20 [1].",
    'The first result is from 2020 [1].',
    'See https://github.com/GVCLab/MLLM-4D for the code [1].',
  ]) assert.deepEqual(of(answer), [], answer);
  assert.deepEqual(of('Prior work appeared at NeurIPS 2021 [1].'), ['NeurIPS 2021']);
  assert.deepEqual(of('The weights are on GitLab [1].'), ['GitLab']);
  const written = source(1, 'A Dynamic Algorithm', 'Prior work appeared at NeurIPS 2020.');
  assert.deepEqual(unsupportedStatements("It improves on NeurIPS'20 [1].", [written], new Set([1]), []), []);
  assert.deepEqual(unsupportedStatements("It improves on NeurIPS'21 [1].", [written], new Set([1]), []), ["NeurIPS'21"]);
});

test('names that are also English words are names when written as names: an organisation, a possessive, words in a row, a surname before "et al.", a sentence’s first word no English writes', () => {
  const phase = source(1, 'PhaseCoder', 'We demonstrate that the Gemma 3n LLM can be fine-tuned to reason over the Spatial Audio Tokens produced by our transformer-only encoder.');
  const of = (answer: string) => unsupportedStatements(answer, [phase], new Set([1]), []);
  assert.deepEqual(of("Google's Gemma 3n reasons over the tokens [1]."), ['Google']);
  assert.deepEqual(of('It was fine-tuned by Meta [1].'), ['Meta']);
  assert.deepEqual(of('Microsoft researchers fine-tuned Gemma 3n [1].'), ['Microsoft']);
  assert.deepEqual(of('The weights are on Hugging Face [1].'), ['Hugging Face']);
  assert.deepEqual(of('It follows Smith et al. in fine-tuning Gemma 3n [1].'), ['Smith']);
  assert.deepEqual(of("It extends the Beacon's attention [1]."), ['Beacon']);
  assert.deepEqual(of("It extends the Transformer's attention [1]."), [], 'the source writes "transformer"');
  for (const answer of [
    'The Gemma 3n LLM reasons over Spatial Audio Tokens [1].',
    'PhaseCoder is a Transformer-only encoder [1].',
    "It's fine-tuned, and it doesn't need a fixed microphone geometry [1].",
    "Here's the gist: Gemma 3n is fine-tuned [1].",
    '## Key Findings',
    'Overall, the LLM reasons over spatial audio tokens [1].',
  ]) assert.deepEqual(of(answer), [], answer);
});
