import * as topics from '../src/lexicon/topics.js';
import { lexiconTables } from './support/lexicon.js';

lexiconTables('lexicon/topics', topics, {
  TOPIC_COUNT: {
    match: [
      ['How many papers are about video?', 'video'],
      ['How many papers mention LLMs?', 'LLMs'],
      ['how many papers are about reinforcement learning', 'reinforcement learning'],
      ['Count the papers about video', 'video'],
      ['How many papers propose a benchmark?', 'a benchmark'],
      ['How many of the papers study audio?', 'audio'],
      ['How many papers on video are there?', 'video are there'],
    ],
    miss: ['How many papers are from ICML?', 'How many papers by Wang?', 'How many papers are indexed?', 'How many authors does PhaseCoder have?'],
  },
  TOPIC_PAPERS: {
    match: [['How many video papers are there?', 'video'], ['How many ICML 2026 papers do you have?', 'ICML 2026'], ['How many Jing Wang papers?', 'Jing Wang'], ['How many such papers are there?', 'such']],
    miss: ['How many papers are about video?', 'How many of the papers study audio?', 'Which video papers are there?'],
  },
  NOT_TOPIC: {
    match: [['How many indexed papers are there?', ['indexed']], ['How many research papers do you have?', ['research']], ['How many such papers are there?', ['such']]],
    miss: ['How many video papers are there?', 'How many Wang papers?'],
  },
  TRAILING_FILLER: {
    match: [['How many papers on video are there?', ' are there'], ['How many papers about video do you have?', ' do you have'], ['How many papers on video exist?', ' exist']],
    miss: ['How many papers are about video?', 'How many papers mention there being a gap?'],
  },
  POINTING: {
    has: ['it', 'them', 'such', 'topic', 'same'],
    lacks: ['video', 'rl', 'audio'],
    allIn: ['it', 'this topic', 'the same thing', 'such'],
    notAllIn: ['video', 'this video topic'],
  },
  WHICH_PAPERS: {
    match: ['Which papers study video?', 'Which video papers are there?', 'What papers use GRPO?'],
    miss: ['Which paper is the best?', 'Which method does VEQ use?', 'What does PixelThink propose?'],
  },
  PAPERS_ON: {
    match: [['any papers on video?', 'any papers '], ['Is there work on graph neural networks for drug discovery?', 'Is there work '], ['Anything on sound localization?', 'Anything '], ['Do you have papers on LoRA?', 'Do you have papers '], ['show me papers about LoRA', 'show me papers ']],
    miss: ['papers by Zeller', 'Which papers are from ICML?', 'What work is there on video understanding?', 'Who wrote the paper on spatial audio?'],
  },
  WHAT_PAPERS_HELD: {
    match: [['What papers do you have on video?', 'What papers do you have '], ['What papers do you have on LoRA?', 'What papers do you have ']],
    miss: ['What papers do you have?', 'Which papers study video?'],
  },
  RE_ABOUT: {
    match: [['papers re: video', 're: ']],
    miss: ['papers about video', 'Are results reported for video?'],
  },
  TOPIC_LIST: {
    match: [['audio or speech', ' or '], ['video and audio', ' and '], ['GRPO, PPO', ', ']],
    miss: ['reinforcement learning', 'vision-language models'],
  },
  EITHER_OR: {
    match: ['audio or speech'],
    miss: ['video and audio', 'GRPO, PPO', 'orthogonal features'],
  },
  TOPIC_CONJUNCTIONS: {
    has: ['and', 'or'],
    lacks: ['the', 'of', 'in'],
  },
  PROPOSED_BEFORE: {
    match: ['Which papers propose ', 'How many papers propose '],
    miss: ['What does PixelThink propose?', 'How many papers mention '],
  },
  OWN_WORK: {
    match: [
      'To address this critical gap, we introduce SciVideoBench, a rigorous benchmark specifically designed to assess advanced video reasoning in scientific contexts.',
      'We propose S3 (Specialization, Selection, Sparsification), a framework that rethinks multimodal learning through a structural perspective.',
    ],
    miss: ['Existing benchmarks focus on general video understanding.', 'Our code will be open-sourced soon.'],
  },
  HOW_MANY_OF_THOSE: {
    match: [['How many of them use RL?', 'How many of them '], ['how many of these papers use reinforcement learning?', 'how many of these papers ']],
    miss: ['How many of the papers study audio?', 'How many papers use RL?'],
  },
  ACRONYM: {
    byWord: true,
    match: ['Does PixelThink use RL?', 'Which papers use SC?', 'Does PixelThink use LLM?'],
    miss: ['How many papers are about bias?', 'Which papers study video?', 'Does it use transformers?'],
  },
  ACRONYM_PLURAL: {
    byWord: true,
    match: ['Does PixelThink use LLMs?', 'how do vlms cope with high-resolution images?', 'diffusion MLLMs'],
    miss: ['Does PixelThink use LLM?', 'Which papers use GANs?', 'How many papers are about bias?'],
  },
  POSITION_PAPER: {
    match: ['Which papers are position papers?', 'Any position papers?', 'What do the position papers argue?', 'In this position paper, we argue that benchmarks cannot establish deployment readiness.'],
    miss: ['Which papers encode token positions?', 'What position does PixelThink take?'],
  },
  // As positionPapersAsked reads a question: without its "position papers" ("Which papers are position papers?").
  ASKING_FOR_PAPERS: {
    has: ['which', 'any', 'argue', 'summarize'],
    lacks: ['video', 'token', 'encode'],
    allIn: ['Which papers are', 'How many are there?', 'Any?', 'List the', 'What are the about?', 'What do the argue?', 'Summarize the'],
    notAllIn: ['Which papers encode token', 'What do the say about video?'],
  },
  POSITION_TITLE: {
    match: ['Position: Benchmarks Cannot Establish Deployment Readiness of Clinical AI', 'Position: Prompting Intent Should Be Audited in LLM-Assisted Peer Review'],
    miss: ['Positional Encoding for Long-Context Transformers', 'Benchmarks and Position Bias in LLM Judges'],
  },
});
