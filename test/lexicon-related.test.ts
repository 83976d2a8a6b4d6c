import * as related from '../src/lexicon/related.js';
import { lexiconTables } from './support/lexicon.js';

// Requests are /related queries the tests send and questions the recorded set asks ("list papers about
// mixture of experts", "anything on LoRA?"); the reasons' rows are the texts they are tried on.
lexiconTables('lexicon/related', related, {
  ASKING_FOR_PAPERS: {
    match: [
      ['related work on spatial audio', 'related work on ', 0],
      ['research on VEQ', 'research on ', 0],
      ['papers about diffusion models', 'papers about ', 0],
      ['list papers about mixture of experts', 'list papers about ', 0],
      ['show me stuff about spatial audio', 'show me stuff about ', 0],
      ['something on continual learning', 'something on ', 0],
      ['anything on LoRA?', 'anything on ', 0],
      ['please find some recent papers related to KV cache', 'please find some recent papers related to ', 0],
    ],
    miss: ['spatial audio', 'Papers like PixelThink?', 'papers on', 'Who wrote the paper on spatial audio?', 'is there research on continual learning?', 'speculative decoding'],
  },
  SENTENCE_END: {
    match: ['built on DPO. ', 'Spatial Audio for Microphone Arrays\n', 'three parts: ', 'Why? '],
    miss: ['spatial ', 'mixture-of-', 'GPT-4.5', ''],
  },
  PHRASE_GAP: {
    match: [' ', '  ', '\t'],
    miss: ['. ', ' (', '\n', '', ', '],
  },
  PHRASE_WORD_GAP: {
    match: [['spatial audio', ' ', 0], ['mixture-of-experts', '-', 0], ['reinforcement fine-tuning', ' ', 0]],
    miss: ['audio', 'KV_cache', 'TGV–KV'],
  },
  CAPITAL_INSIDE: {
    match: ['KV', 'PINNs', '3D', 'MoE'],
    miss: ['Reasoning', 'kv', 'Bayesian', 'K'],
  },
});
