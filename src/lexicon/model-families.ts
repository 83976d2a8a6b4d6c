/** The families of models papers evaluate on or build on, by the names papers write them with, and the organisations behind them. */

/**
 * Model families as papers and answers name them ("Qwen3-VL", "GPT-4o", "LLaVA-NeXT", "Llama 3"), case as written:
 * some are English words ("Falcon", "Whisper", "Mamba"), which written as a model's name (capitalised mid-sentence,
 * or with a version after it) are names all the same. Not data ("YouCook2").
 */
export const MODEL_FAMILIES: ReadonlySet<string> = new Set([
  'GPT', 'Llama', 'LLaMA', 'Qwen', 'LLaVA', 'Kimi', 'Gemma', 'Mistral', 'Mixtral', 'Claude', 'Gemini', 'InternVL', 'InternLM', 'DeepSeek', 'Phi', 'Vicuna',
  'BERT', 'RoBERTa', 'T5', 'ViT', 'CLIP', 'SigLIP', 'ResNet', 'Whisper', 'PaLM', 'Falcon', 'Pythia', 'BLIP', 'Flamingo', 'OpenVLA', 'PI0', 'π0', 'Octo',
  'SmolVLM', 'MiniCPM', 'Molmo', 'Pixtral', 'Idefics', 'Alpaca', 'Orca', 'Mamba', 'Chinchilla', 'Gopher', 'Koala', 'Grok',
]);

/** Any of MODEL_FAMILIES, for patterns to compose ("Qwen" of "Qwen3-VL"). */
export const MODEL_FAMILY = String.raw`(?:${[...MODEL_FAMILIES].join('|')})`;

/**
 * Organisations and products named by English words: capitalised, they are names wherever they
 * stand, a sentence's first word too ("Google's Gemma 3n", "Meta released"). An abstract that
 * names none of them gives a model no ground to credit one (the writer's grounding).
 */
export const ORGANISATION_WORDS: ReadonlySet<string> = new Set(['Google', 'Apple', 'Meta', 'Amazon', 'Anthropic', 'Oracle', 'Alphabet', 'Intel', 'Adobe', 'Twitter', 'Facebook', 'Cohere', 'Oxford', 'Bard', 'Copilot', 'Siri', 'Tesla', 'Uber', 'Baidu']);
