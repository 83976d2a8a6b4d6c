import assert from 'node:assert/strict';
import * as lexicon from '../src/lexicon/pointing.js';
import { isStopword } from '../src/text/terms.js';
import { customTable, everyExportTabled, listTable, patternTable } from './support/lexicon.js';

const L = lexicon;

patternTable('OTHER_PAPERS', L.OTHER_PAPERS, {
  matches: [['Which other papers use quantization?', 'other'], ['What about the other one?', 'other'], ['Are there alternatives to VEQ?', 'alternatives']],
  misses: ['Papers like PixelThink?', 'Who wrote the second one?', 'another question about mothers'],
});
patternTable('RESEMBLING', L.RESEMBLING, {
  matches: [['Papers like PixelThink?', 'like'], ["What's related to PixelThink?", 'related'], ['What is similar to PixelThink?', 'similar'], ['What other work resembles VEQ?', 'resembles'], ['anything in the same vein as CAST?', 'same vein'], ['papers along the lines of PRISM', 'along the lines of']],
  misses: ["explain PixelThink like I'm five", 'explain it like i am five', 'Which papers are likely to help?', 'the resemblance is striking', 'the vein of the leaf', 'Does VEQ draw lines of text?'],
});
patternTable('PAPERS', L.PAPERS, {
  matches: [['papers by Zeller', 'papers'], ['any similar work?', 'work'], ['anything like PixelThink?', 'anything']],
  misses: ['Who wrote PixelThink?', 'the paperwork is done'],
});
patternTable('READ_ON', L.READ_ON, {
  matches: [['What else should I read after PixelThink?', 'else should I read'], ['What should I read next if I liked PixelThink?', 'I read next'], ['What to read after pixelthink?', 'to read after'], ['further reading on VEQ', 'further reading']],
  misses: ['What does PixelThink read next?', 'How do they read the microphone array?'],
});
patternTable('WHAT_RESEMBLES', L.WHAT_RESEMBLES, {
  matches: [["What's related to PixelThink?", "What's related to"], ['What is similar to PixelThink?', 'What is similar to'], ['what else is related to VEQ', 'what else is related to'], ['whats close to CAST topic-wise', 'whats close to'], ["what's closest to PRISM?", "what's closest to"], ['anything akin to VEQ?', 'anything akin to'], ['anything else similar to TGV-KV', 'anything else similar to']],
  misses: ['Which papers are related to PixelThink?', 'How is VEQ related?', 'Does VEQ get close to full precision accuracy?', 'How close to the optimum is the dynamic algorithm?'],
});
patternTable('COMPARISON', L.COMPARISON, {
  matches: [['Compare VEQ and TGV-KV', 'Compare'], ['CoPE vs S3', 'vs'], ["What's the difference between CoPE and S3?", 'difference'], ['Is VEQ better than methods from CVPR?', 'than']],
  misses: ['Who wrote VEQ?', 'Which papers study spatial audio?', 'What are the comparative results?'],
});
patternTable('OWN_BASELINES', L.OWN_BASELINES, {
  matches: [['What baselines does TUR-DPO compare against?', 'baselines'], ['Which report state-of-the-art results?', 'state-of-the-art'], ['Is it better than prior work?', 'prior work']],
  misses: ['How does VEQ compare to PixelThink?', 'Compare VEQ and TGV-KV'],
});
patternTable('RELATING', L.RELATING, {
  matches: [['Papers like PixelThink?', 'Papers'], ['recommend something', 'recommend'], ['I liked PRISM, what next?', 'liked'], ['close to CAST topic-wise', 'close'], ['CAST, topic-wise', 'topic-wise'], ['thematically nearest', 'thematically'], ['resembles VEQ in spirit', 'resembles']],
  misses: ['Who wrote VEQ?', 'quantization', 'closed-loop control'],
});
patternTable('COMPARING', L.COMPARING, {
  matches: [['What do VEQ and CAST have in common?', 'in common'], ['How are X and Y related?', 'related'], ['How do they differ?', 'differ'], ['Compare VEQ and TGV-KV', 'Compare']],
  misses: ['Who wrote VEQ?', 'What is ReasonSeg about?'],
});
patternTable('BACK_TO_ALL', L.BACK_TO_ALL, {
  matches: [['Who wrote them?', 'them'], ['what datasets did they use?', 'they'], ['Who are the authors of both TGV-KV and CAST?', 'both'], ['Were any of these papers published at NeurIPS?', 'these']],
  misses: ['Who wrote it?', 'What is PixelThink about?', 'the theme of the talk'],
});
patternTable('BACK', L.BACK, {
  matches: [['How do they differ?', 'they'], ['which one is faster?', 'which one'], ['Does either use RL?', 'either'], ['and the latter?', 'the latter']],
  misses: ['Who wrote it?', 'What are its results?', 'Which papers use RL?'],
});
patternTable('GOES_ON', L.GOES_ON, {
  matches: ['Tell me more', 'Go on', 'Why?', 'What else?', 'tell me more about that one', 'Can you elaborate?'],
  misses: ['Tell me more about VEQ', 'Why does PixelThink use RL?', 'What else should I read?'],
});
listTable('PLACES', L.PLACES, { members: ['first', 'second', 'tenth'], others: ['last', 'other', 'eleventh'] });
patternTable('PLACE', L.PLACE, {
  matches: [['who wrote the 11th one?', 'the 11th one'], ['What is the second one about?', 'the second one'], ['What about the other paper?', 'the other paper'], ['Who wrote the last paper?', 'the last paper']],
  misses: ['What is the first step of VEQ?', 'the second stage of VEQ', 'Who wrote the eleventh one?'],
});
patternTable('BACK_TO_ONE', L.BACK_TO_ONE, {
  matches: [['what are its results?', 'its'], ['What does this paper train on?', 'this paper'], ['Who are the authors of VEQ?', 'the authors'], ['Who wrote the second one?', 'the second one']],
  misses: ['Who wrote it?', 'Who wrote them?', 'Which papers study video?'],
});
patternTable('THAT_ALONE', L.THAT_ALONE, {
  matches: [['who wrote that?', 'wrote that?'], ['what are the results of this?', 'results of this?'], ['What is that about?', 'What is that about?'], ['that?', 'that?']],
  misses: ['What does this mean for RL?', 'who wrote that paper?', 'Is that so?'],
});
patternTable('IT', L.IT, {
  matches: [['Does it use RL?', 'it'], ['how does it work?', 'it']],
  misses: ['Who wrote its abstract?', 'Which papers study iterative methods?'],
});
patternTable('ASKS_FOR_PAPER', L.ASKS_FOR_PAPER, {
  matches: [['Which paper uses YouCook2?', 'Which paper'], ['Which one uses reinforcement learning?', 'Which one'], ['which study proposes it?', 'which study']],
  misses: ['Which papers study video?', 'Which of them use RL?', 'What paper is it?'],
});
patternTable('DUMMY_IT', L.DUMMY_IT, {
  matches: [['Is it possible to localize sounds with any microphone array?', 'Is it possible'], ['Is it better to quantize experts?', 'Is it better'], ['it is known that RL helps', 'it is known']],
  misses: ['Is it better than previous methods?', 'Does it use RL?'],
});
patternTable('DESCRIBED_AFTER', L.DESCRIBED_AFTER, {
  matches: [['What is the paper on mental imagery about?', 'the paper on m'], ['who wrote the paper about microphone geometry?', 'the paper about m'], ['the paper with the credit system for reviews', 'the paper with t'], ['the one with the credit system', 'the one with t']],
  misses: ['Where is the paper on arXiv?', 'What is that paper about exactly?', 'What is the paper about?'],
});
patternTable('ASKS_IF_ABOUT', L.ASKS_IF_ABOUT, {
  matches: [['Is the paper about video?', 'Is the paper about'], ['Was that paper on RL?', 'Was that paper on'], ["isn't this work about audio?", "isn't this work about"]],
  misses: ['What is the paper on mental imagery about?', 'Is the paper good?'],
});
patternTable('DESCRIBED_BEFORE', L.DESCRIBED_BEFORE, {
  matches: [['Who wrote the spatial audio paper?', 'the spatial audio paper'], ['What does the Zeller paper find?', 'the Zeller paper'], ['When was the last paper published?', 'the last paper']],
  misses: ['What are the results of that paper?', 'Who wrote the paper?', 'What is in the paper on audio?'],
});
patternTable('POINTING_ADJECTIVES', L.POINTING_ADJECTIVES, {
  matches: [['the same paper', 'same'], ['the 11th paper', '11th'], ['the original work', 'original'], ['Is it better than previous methods?', 'previous']],
  misses: ['the spatial audio paper', 'the invisible lottery paper'],
});
patternTable('POINTER_ALL', L.POINTER_ALL, {
  matches: [['Who wrote VEQ and what does it do?', 'it'], ['What are its results?', 'its'], ['Who wrote that one?', 'that one'], ['Who wrote this paper?', 'this paper']],
  misses: ['Who wrote VEQ?', 'Which papers study video?'],
});
patternTable('NEW_CLAUSE', L.NEW_CLAUSE, {
  matches: [['Who wrote VEQ and what does it do?', ' and '], ['What does VEQ do, and who wrote it?', ', and '], ['thanks, who wrote it?', ', ']],
  misses: ['Who wrote VEQ?', 'papers on audio and speech', 'papers on audio and video'],
});
patternTable('WHICH_OF', L.WHICH_OF, {
  matches: [['which of them use reinforcement learning?', 'which of them'], ['Did any of them appear in CVPR 2025?', 'any of them'], ['which of these papers is about video?', 'which of these papers'], ['Which ones use GRPO?', 'Which ones']],
  misses: ['Which papers use GRPO?', 'Which one uses RL?', 'Do any papers use RL?'],
});
patternTable('COMPARATIVE', L.COMPARATIVE, {
  matches: [['which is faster?', 'faster'], ['Which one uses less memory?', 'less'], ['Is VEQ better than methods from CVPR?', 'better']],
  misses: ['Which one uses RL?', 'What is the fastest?', 'Who wrote VEQ?'],
});
patternTable('WHICH_ONE', L.WHICH_ONE, {
  matches: [['Which one uses reinforcement learning?', 'Which one'], ['Which of the two uses RL?', 'Which of the two'], ['Does either of them use reinforcement learning?', 'Does either of them']],
  misses: ['Which one is faster?', 'Which of the two is better?', 'Which one uses less memory?', 'Which papers use RL?'],
});
patternTable('WHICH_OF_SEVERAL', L.WHICH_OF_SEVERAL, {
  matches: [['Which one is faster?', 'Which one'], ['Which of them is newest?', 'Which of them'], ['which of both is cheaper?', 'which of both']],
  misses: ['Which papers are faster?', 'Which ones use RL?'],
});
customTable('SMALL_WORD_ENDINGS', () => {
  // Each ending takes a small word's other form back to the word, which the search leaves out: "uses", "used", "using" of "use".
  const base = (form: string) => L.SMALL_WORD_ENDINGS.filter(([ending]) => ending.test(form)).map(([ending, to]) => form.replace(ending, to));
  for (const form of ['uses', 'used', 'using', 'does', 'shows']) assert.ok(base(form).some(isStopword), `${form} is a small word's form`);
  for (const form of ['learning', 'models', 'trained']) assert.ok(!base(form).some(isStopword), `${form} is no small word's form`);
  assert.deepEqual(base('video'), []);
});
patternTable('RELATES_TO_ONE', L.RELATES_TO_ONE, {
  matches: [['Does VEQ outperform it?', 'outperform it'], ['Does VEQ build on it?', 'build on it'], ['Does VEQ improve upon that paper?', 'improve upon that paper']],
  misses: ['Does VEQ claim to beat larger models?', 'Does VEQ outperform PixelThink?'],
});
patternTable('POSSESSIVES', L.POSSESSIVES, {
  matches: [['what are its results?', 'its'], ['What are their results?', 'their'], ['How does MonoSoup compare to its baselines?', 'its']],
  misses: ['What is it about?', 'Who are they?'],
});
patternTable('AND_ABOUT', L.AND_ABOUT, {
  matches: [['And for 3D-RFT?', 'And for 3D-RFT?'], ['What about audio?', 'What about audio?'], ['how about VEQ', 'how about VEQ']],
  misses: ['What is VEQ about?', 'Who wrote 3D-RFT?'],
});
patternTable('SOME_OF_THOSE_BEFORE', L.SOME_OF_THOSE_BEFORE, {
  matches: [['Do any use RL?', 'Do any'], ['Are some trained with GRPO?', 'Are some'], ['do any of them use GRPO?', 'do any']],
  misses: ['Do any papers use RL?', 'Is there any paper on autonomous driving?', 'Are any works on audio?'],
});
patternTable('WHICH_WITHOUT_NOUN', L.WHICH_WITHOUT_NOUN, {
  matches: [['which is better?', 'which is'], ['Which report state-of-the-art results?', 'Which report'], ['And which is more accurate?', 'And which is']],
  misses: ['Which papers report results?', 'Which one is better?', 'What is better?'],
});
patternTable('POINTED_AT_SUBJECT', L.POINTED_AT_SUBJECT, {
  matches: [['Does it use RL?', 'Does it u'], ['can they run on a phone?', 'can they r'], ['Did they release the code?', 'Did they r']],
  misses: ['Does it matter which microphone is used?', 'Does it help to quantize?', 'Does VEQ use RL?'],
});
patternTable('COMPARING_THOSE_BEFORE', L.COMPARING_THOSE_BEFORE, {
  matches: [['how do they compare to GPT-4?', 'how do they compare'], ['Compare them with GPT-4', 'Compare them'], ['How do these methods differ?', 'How do these methods differ']],
  misses: ['Which papers compare these methods?', 'How does VEQ compare to PixelThink?'],
});
patternTable('PAPERS_AS_NOUN', L.PAPERS_AS_NOUN, {
  matches: [['Which other papers use RL like PixelThink?', 'papers'], ['any related work?', 'related work'], ['other publications on audio', 'publications']],
  misses: ['Does PhaseCoder work with other arrays?', 'other datasets', 'other methods'],
});
patternTable('THEY', L.THEY, {
  matches: [['the invisible lottery paper - what do they find?', 'they'], ['Who wrote them?', 'them'], ['What are their results?', 'their']],
  misses: ['Who wrote it?', 'What is the theory?'],
});

everyExportTabled('lexicon/pointing.ts', lexicon);
