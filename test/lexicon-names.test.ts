import assert from 'node:assert/strict';
import * as lexicon from '../src/lexicon/names.js';
import { customTable, everyExportTabled, fragment, listTable, patternTable } from './support/lexicon.js';

const L = lexicon;

patternTable('LINK_IN_QUESTION', L.LINK_IN_QUESTION, {
  matches: [
    ['what is https://proceedings.mlr.press/v306/zeller26a.html about', 'https://proceedings.mlr.press/v306/zeller26a.html'],
    ['what is <https://proceedings.mlr.press/v306/zeller26a.html> about', '<https://proceedings.mlr.press/v306/zeller26a.html>'],
    ['who wrote \\url{https://arxiv.org/abs/2505.23727}?', '\\url{https://arxiv.org/abs/2505.23727}'],
    ['summarize https://arxiv.org/abs/2505.23727.', 'https://arxiv.org/abs/2505.23727'],
  ],
  misses: ['What is PixelThink?', 'Which papers are on arxiv.org?', 'e.g. the model'],
});
patternTable('ORDINARY_WORD_AFTER', L.ORDINARY_WORD_AFTER, { matches: ['the', 'to', 'keep', "don't"], misses: ['of', 'with', 'from', 'by'] });
patternTable('MODAL', L.MODAL, { matches: ['can', 'must', 'Should'], misses: ['cannot', 'do', 'kite'] });
patternTable('OBJECT_AFTER_VERB', L.OBJECT_AFTER_VERB, { matches: ['the', 'your', 'them'], misses: ['gap', 'paper', 'of'] });
patternTable('NAME_NOUN', L.NAME_NOUN, { matches: ['paper', 'models', 'benchmark'], misses: ['papers-like', 'idea', 'authors'] });
patternTable('PLURAL_NOUN', L.PLURAL_NOUN, { matches: ['agents', 'methods', 'baselines'], misses: ['class', 'thus', 'is'] });
patternTable('VERB_FORM', L.VERB_FORM, { matches: [['uses', 's'], ['compared', 'ed']], misses: ['use', 'compare', 'using'] });
patternTable('ARXIV_BEFORE_ID', L.ARXIV_BEFORE_ID, {
  matches: [['what is arxiv ', 'arxiv '], ['summarize arXiv:', 'arXiv:'], ['who wrote arxiv id ', 'arxiv id ']],
  misses: ['what is on arxiv about', 'arxiv papers '],
});
patternTable('POSSESSIVE', L.POSSESSIVE, { matches: [["PixelThink's", "'s"], ['VEQ’s', '’s']], misses: ['VEQs', "PixelThink's results", 'its'] });
patternTable('POSSESSIVE_WITHOUT_APOSTROPHE', L.POSSESSIVE_WITHOUT_APOSTROPHE, { matches: [['VEQs', 'VEQs'], ['PhaseCoders', 'PhaseCoders']], misses: ['VEQ', 'class', 's'] });
patternTable('POSSESSIVE_OR_MARKS_AFTER', L.POSSESSIVE_OR_MARKS_AFTER, { matches: [["PixelThink's", "'s"], ['GPT-4.', '.'], ['TGV-', '-']], misses: ['PixelThink', 'GPT-4'] });
patternTable('MARKS_AFTER', L.MARKS_AFTER, { matches: [['TGV-KV.', '.'], ['(CapKV)', ')'], ['“BEST”', '”']], misses: ['TGV-KV', '(CapKV'] });
patternTable('MARKS_AROUND', L.MARKS_AROUND, { matches: [['"PixelThink"', '"'], ['(VEQ),', '('], ['BEST?', '?']], misses: ['PixelThink', 'TGV-KV', "don't"] });
patternTable('SHORT_NAME', L.SHORT_NAME, { matches: ['S3', 'h1', '3D'], misses: ['RL', 'AI', 'S3D'] });
patternTable('NAME_CHARACTER', L.NAME_CHARACTER, { matches: [['PixelThink', 'P'], ['2505.23727', '2'], ['tgv-kv', '-']], misses: ['pixelthink', 'what'] });
patternTable('INNER_CAPITAL', L.INNER_CAPITAL, { matches: [['PixelThink', 'lT'], ['YouCook2', 'uC']], misses: ['Pixel', 'GRPO', 'pixelthink'] });
patternTable('CAPITAL_OR_DIGIT', L.CAPITAL_OR_DIGIT, { matches: [['CapKV', 'C'], ['s3', '3']], misses: ['baselines', 'it'] });
patternTable('LATIN_RUN', L.LATIN_RUN, { matches: [['PixelThink是什么？', 'PixelThink'], ["VEQ's", "VEQ's"]], misses: ['量子化に関する', '...'] });
patternTable('SUBTITLE', L.SUBTITLE, {
  matches: [['PixelThink: Towards Efficient Chain-of-Pixel Reasoning', 'PixelThink: Towards Efficient Chain-of-Pixel Reasoning']],
  misses: ['Model Soups Need Only One Ingredient', 'PixelThink:'],
});
patternTable('KIND_AFTER_NAME', fragment(L.KIND_AFTER_NAME, 'anywhere', 'iu'), {
  matches: [['the S3 (specialization, selection, sparsification) framework', ' framework'], ['the BEST benchmark', ' benchmark']],
  misses: ['the S3 paper', 'the frameworkish idea'],
});
customTable('COMPARED_SIDES', () => {
  // Each way of setting two papers side by side, with the two sides it reads.
  const rows: [string, string, string][] = [
    ['Compare VEQ and TGV-KV', 'VEQ', 'TGV-KV'],
    ['CapKV vs ZQX-KV?', 'CapKV', 'ZQX-KV'],
    ['how does VEQ compare to TGV-KV?', 'VEQ', 'TGV-KV'],
    ['What is the difference between CapKV and ZQX-KV?', 'CapKV', 'ZQX-KV'],
    ['How do PixelThink and VEQ differ?', 'PixelThink', 'VEQ'],
  ];
  for (const [question, a, b] of rows) {
    const sides = L.COMPARED_SIDES.map((re) => re.exec(question)?.slice(1)).find(Boolean);
    assert.deepEqual(sides, [a, b], question);
  }
  for (const question of ['Who wrote VEQ?', 'Which papers compare methods?', 'What is the difference?']) assert.ok(!L.COMPARED_SIDES.some((re) => re.test(question)), question);
});
customTable('ACRONYM_LETTERS', () => {
  // The longest acronym read as one: CAPITALS reads a run of that many capitals, not one more.
  assert.equal(L.ACRONYM_LETTERS, 5);
  assert.ok(new RegExp(L.CAPITALS.source, 'u').test('Does it use RLHFX?'));
  assert.ok(!new RegExp(L.CAPITALS.source, 'u').test('Does it use RLHFXY?'));
});
patternTable('CAPITALS', L.CAPITALS, {
  matches: [['Which papers use RL?', 'RL'], ['Who wrote VEQ?', 'VEQ'], ['Does PixelThink use RLHF?', 'RLHF']],
  misses: ['Does PixelThink use LLMs?', 'What is TGV-KV?', 'Does it use RLHFXY?', 'what is rl'],
});
listTable('PASSED_OVER', L.PASSED_OVER, { members: ['of', 'from', 'with'], others: ['and', 'the', 'learning'] });
patternTable('NOT_OF_A_NAME', L.NOT_OF_A_NAME, { matches: [['largely', 'ly'], ['limited', 'ed']], misses: ['learning', 'reinforcement'] });
patternTable('BRACKETED', L.BRACKETED, { matches: [[' (PINNs)', ' (PINNs)'], ['(RNNs/DNNs) are', '(RNNs/DNNs)'], ['(SE-RRMs)', '(SE-RRMs)']], misses: ['see (1)', 'PINNs', '(a very long bracketed remark)'] });
patternTable('VERSION_APART', fragment(L.VERSION_APART, 'anywhere', 'u'), {
  matches: [['YouCook 2', ' 2'], ['DeepSeek 3.5 is', ' 3.5']],
  misses: ['a 2x speedup', 'a 2-stage method', 'YouCook2'],
});
patternTable('NAME_VERSION_APART', L.NAME_VERSION_APART, {
  matches: [['Which paper uses YouCook 2?', 'YouCook 2'], ['Was CAST accepted to NeurIPS 2025?', 'NeurIPS 2025']],
  misses: ['Which paper uses YouCook2?', 'Who wrote VEQ 2?', 'a 2-stage DeepSeek'],
});
patternTable('MADE_UP_NAME', L.MADE_UP_NAME, {
  matches: [['What is MonoSoup?', 'MonoSoup'], ['Which paper uses YouCook2?', 'YouCook2'], ['PixelThink是什么？', 'PixelThink']],
  misses: ['Welche Arbeiten behandeln Quantisierung?', 'what is it about'],
});
patternTable('ACRONYM_AS_TERM', L.ACRONYM_AS_TERM, { matches: ['rl', 'rlhf', 's3'], misses: ['RL', '3d', 'r'] });
patternTable('ACRONYM_OF_LETTERS', L.ACRONYM_OF_LETTERS, { matches: ['rl', 'nlp'], misses: ['s3', 'RL', 'r'] });
patternTable('SENTENCE_BREAK', L.SENTENCE_BREAK, { matches: [['… results. ', '. '], ['a title\n', '\n']], misses: ['results, ', 'the '] });

everyExportTabled('lexicon/names.ts', lexicon);
