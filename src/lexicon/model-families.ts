/** The families of models papers evaluate on or build on, by the names papers write them with. */

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
