import assert from 'node:assert/strict';
import * as lexicon from '../src/lexicon/aspects.js';
import { roleAsked } from '../src/question/aspects.js';
import { customTable, everyExportTabled, patternTable } from './support/lexicon.js';

const L = lexicon;

patternTable('DATA_ASPECT', L.DATA_ASPECT, {
  matches: ['datasets', 'data', 'benchmark', 'corpora'],
  misses: ['database', 'data-free', 'models'],
});
patternTable('MODELS_ASPECT', L.MODELS_ASPECT, {
  matches: ['models', 'llms', 'vlms', 'backbones'],
  misses: ['model', 'llm', 'modelling'],
});
customTable('ASPECT_WORDS', () => {
  // The part of a summary each word asks for, as written; undefined for data and models, which no part holds.
  const partOf = (word: string) => L.ASPECT_WORDS.find(([, re]) => re.test(word))?.[0];
  const rows: [string, string | undefined][] = [
    ['results', 'Results'], ['outperforms', 'Results'], ['baselines', 'Results'], ['good', 'Results'],
    ['architecture', 'Method'], ['approaches', 'Method'],
    ['challenges', 'Problem'], ['matter', 'Problem'], ['care', 'Problem'],
    ['limitations', 'Limits'], ['weaknesses', 'Limits'],
    ['novelty', 'TL;DR'], ['significance', 'TL;DR'],
  ];
  for (const [word, part] of rows) assert.equal(partOf(word), part, word);
  for (const word of ['datasets', 'models']) assert.ok(L.ASPECT_WORDS.some(([part, re]) => part === undefined && re.test(word)), word);
  for (const word of ['significant', 'limited', 'work', 'who', 'video']) assert.equal(L.ASPECT_WORDS.find(([, re]) => re.test(word)), undefined, word);
});
patternTable('ASKING', L.ASKING, {
  matches: ['reveal', 'identifies', 'use', 'tested', 'evaluates', 'key'],
  misses: ['results', 'models', 'evaluation', 'user'],
});
patternTable('HOW_IT_WORKS', L.HOW_IT_WORKS, {
  matches: [['how does it work?', 'how does it work'], ['How does ST-Veto work?', 'How does ST-Veto work'], ['explain how it works', 'how it works'], ['How does  work?', 'How does  work']],
  misses: ['Does this work use RL?', 'What is future work?', 'how well does it perform?'],
});
patternTable('ASKS_HOW_MUCH', L.ASKS_HOW_MUCH, {
  matches: [['How big is the corpus?', 'How big'], ['How many papers are indexed?', 'How many'], ['What is the size of SciVideoBench?', 'size'], ['What are the numbers for PixelThink?', 'numbers']],
  misses: ['How does it decide what to think about?', 'How fast is it?', 'Who wrote VEQ?'],
});
patternTable('ASKS_FIGURES', L.ASKS_FIGURES, {
  matches: [['Any numbers?', 'numbers'], ['the key figures?', 'key figures'], ["What are PixelThink's stats?", 'stats']],
  misses: ['How big is it?', 'Which figure shows the results?', 'How many papers are indexed?'],
});
patternTable('NAMES_MODELS', L.NAMES_MODELS, {
  matches: [
    ['Experiments on Qwen3-VL and InternVL3 show consistent gains.', 'Qwen'],
    ['We evaluate on GPT-4o.', 'GPT'],
    ['We fine-tune CogVLM on the task.', 'CogVLM'],
    ['We test five models with different sizes.', 'five models'],
    ['The Mamba model has gained significant attention.', 'Mamba'],
  ],
  misses: [
    'Prior VLM methods fail to reason over pixels.',
    'dMLLMs decode in parallel.',
    'We evaluate on YouCook2, COIN and CrossTask.',
    'Improvements of up to 8% across AlpacaEval, GPQA and ArenaHard.',
    'Results on LLaVA-Bench improve.',
  ],
});
patternTable('DATA_WORD', L.DATA_WORD, {
  matches: [['We build a benchmark of 1,000 questions.', 'benchmark'], ['Experiments on three datasets.', 'datasets']],
  misses: ['A data-free quantization method.', 'We propose a new database engine.'],
});
patternTable('NAMES_DATA', L.NAMES_DATA, {
  matches: [
    ['a benchmark spanning YouCook2, COIN, and CrossTask', 'spanning YouCook2'],
    ['fine-tuned on ImageNet', 'on ImageNet'],
    ['a benchmark called MultiHal', 'called MultiHal'],
    ['our data collection pipeline, curating a subset of 25.9k samples', 'our data collect'],
  ],
  misses: ['experiments across diverse benchmarks', 'we rely on public data', 'trained on video'],
});
patternTable('NAMED_AS_DATA', L.NAMED_AS_DATA, {
  matches: [['on the VizWiz-VQA task', 'VizWiz-VQA task'], ['Room-to-Room (R2R) benchmarks', 'R2R) benchmarks'], ['We present BEST, the first benchmark for agents.', 'BEST, the first benchmark']],
  misses: ['results on Kimi-VL', 'a new benchmark for agents', 'the benchmark we build'],
});
patternTable('FIGURE', L.FIGURE, {
  matches: [['SciVideoBench consists of 1,000 questions.', '1,000'], ['improves accuracy by 30.4%', '30.4'], ['a 2.5× speedup', '2.5']],
  misses: ['Qwen2.5-VL and 3D scenes', 'a 1×1 convolutional kernel', '(1) Text-Vision Budgeting', 'W3A16 quantization'],
});
patternTable('SIZE_UNREAD', L.SIZE_UNREAD, {
  matches: [['We release Todo-14B.', 'Todo-14B'], ['over five agentic benchmarks', 'five agentic benchmarks'], ['thousands of videos', 'thousands of videos']],
  misses: ['a method in two stages', 'three components', 'two sets of parameters', 'thousands'],
});
patternTable('ASKS_FOR_LIST', L.ASKS_FOR_LIST, {
  matches: [['What are the three submodules of X?', 'What are'], ['List the stages of PixelThink', 'List'], ['Which steps does VEQ take?', 'steps']],
  misses: ['Who wrote VEQ?', 'What is PixelThink about?'],
});
customTable('ROLE_ASKED', () => {
  // The part of a summary a question's form asks for: a method for "how does ...", results for "what did they find"; none for "why", "how many", "how well".
  const rows: [string, string | undefined][] = [
    ['how does PixelThink work?', 'Method'], ['How can a robot policy decide when to think longer?', 'Method'],
    ['what did they find about refusal?', 'Results'], ['What do the experiments show?', 'Results'],
    ['how many papers use RL?', undefined], ['how well does VEQ do?', undefined], ['why does TGV-KV drop tokens?', undefined], ['What is PixelThink?', undefined],
  ];
  for (const [q, role] of rows) assert.equal(roleAsked(q), role, q);
});

everyExportTabled('lexicon/aspects.ts', lexicon);
