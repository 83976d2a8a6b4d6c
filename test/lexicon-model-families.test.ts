import * as lexicon from '../src/lexicon/model-families.js';
import { everyExportTabled, fragment, listTable, patternTable } from './support/lexicon.js';

const L = lexicon;

listTable('MODEL_FAMILIES', L.MODEL_FAMILIES, {
  // The families papers name and the ones only a model's answer had named (grounding's "Llama", "Mamba", "Grok").
  members: ['GPT', 'Qwen', 'LLaVA', 'Llama', 'LLaMA', 'InternVL', 'Falcon', 'Whisper', 'Mamba', 'Grok', 'Alpaca'],
  others: ['llama', 'Transformer', 'VLM', 'YouCook2', 'ImageNet', 'AlpacaEval'],
});
patternTable('MODEL_FAMILY', fragment(L.MODEL_FAMILY, 'anywhere', 'u'), {
  matches: [['We fine-tune Qwen3-VL.', 'Qwen'], ['Results on LLaVA-NeXT', 'LLaVA'], ['a one-layer Mamba model', 'Mamba']],
  misses: ['We fine-tune a vision-language model.', 'a llama in the field', 'Transformer-based models'],
});
listTable('ORGANISATION_WORDS', L.ORGANISATION_WORDS, {
  members: ['Google', 'Meta', 'Anthropic', 'Baidu', 'Copilot'],
  others: ['google', 'Microsoft', 'Qwen', 'Transformer'],
});

everyExportTabled('lexicon/model-families.ts', lexicon);
