/** The sentences of a paper's abstract that say what an aspect question asks: its data, its models, its figures and sizes. */
import type { Paper } from '../../corpus/paper.js';
import { readableTex } from '../../corpus/text.js';
import { DATA_WORDS } from '../../question/aspects.js';
import { summaryParts } from './sections.js';

/**
 * A model named as papers name them: a family's name ("Qwen3-VL", "LLaVA-NeXT", "GPT-4o", "Kimi-VL",
 * "PI0.5"), a name ending in a kind of model ("InternVL", "CogVLM"; not the kind alone, "prior VLM
 * methods", "dMLLMs"), or models counted ("five models with different sizes", "three MLLMs"). Not data ("YouCook2").
 */
const NAMES_MODELS = new RegExp(
  String.raw`\b(?:GPT|Llama|LLaMA|Qwen|LLaVA|Kimi|Gemma|Mistral|Mixtral|Claude|Gemini|InternVL|InternLM|DeepSeek|Phi|Vicuna|BERT|RoBERTa|T5|ViT|CLIP|SigLIP|ResNet|Whisper|PaLM|Falcon|Pythia|BLIP|Flamingo|OpenVLA|PI0|π0|Octo|SmolVLM|MiniCPM|Molmo|Pixtral|Idefics)(?![a-z])|\b(?=[\w.]*[a-z\d])[A-Z][\w.]*(?:VLM|VL|LM)\b(?!-?\s*(?:bench|benchmark|dataset))|\b(?:two|three|four|five|six|seven|eight|nine|ten|\d+)\s+(?:[\w-]+\s+){0,2}(?:models|LLMs|MLLMs|VLMs|LMMs|backbones)\b`,
);

/** The sentences of a paper's own work that name the models it evaluates on or builds on (see NAMES_MODELS). */
export function modelSentences(paper: Paper): string[] {
  return ownSentences(paper, (s) => NAMES_MODELS.test(readableTex(s)));
}

/** A word for data, not in a compound that says the method needs none ("data-free"). */
const DATA_WORD = new RegExp(`\\b(${DATA_WORDS})\\b(?!-)`, 'i');
/** A name as datasets and benchmarks are written: an inner capital or digit ("YouCook2", "ImageNet", "R2R", "VizWiz-VQA"), or capitals ("COIN"). */
const DATA_NAME = String.raw`(?:[A-Z][\w-]*(?:[A-Z]|\d)[\w-]*|[A-Z]{3,}s?)\b`;
/**
 * Data named where a paper evaluates or trains on it, with a word for data: "a benchmark spanning
 * YouCook2, COIN, and CrossTask", "fine-tuned on ImageNet ... benchmarks", "a benchmark called
 * MultiHal"; or data the authors gather ("our data collection pipeline ... curating a subset of 25.9k").
 */
const NAMES_DATA = new RegExp(String.raw`\b(?:on|spanning|across|including|such as|from|over|called|named)\s+(?:the\s+)?${DATA_NAME}|\b(?:we|our)\b[^.;]{0,40}?\b(?:collect|curat|mine[ds]?\b|mining|annotat|gather|crawl|scrap)`);
/** Data named as such, whatever else the sentence says: "the VizWiz-VQA task", "Room-to-Room (R2R) benchmarks", "BEST, the first benchmark". Not "on Kimi-VL": a model. */
const NAMED_AS_DATA = new RegExp(String.raw`${DATA_NAME}\)?\s+(?:tasks?|benchmarks?|datasets?|suites?|corpus)\b|${DATA_NAME},\s+(?:an?|the)\s+(?:[\w-]+\s+){0,3}(?:benchmark|dataset|corpus)\b`);

/**
 * The sentences of a paper's abstract that say what data it uses (see NAMES_DATA and
 * NAMED_AS_DATA), in its authors' own work, not in its problem (what others' benchmarks lack).
 * In the abstract's order; none when it names no data ("experiments across diverse benchmarks").
 */
export function dataSentences(paper: Paper): string[] {
  return ownSentences(paper, (s) => (DATA_WORD.test(s) && NAMES_DATA.test(s)) || NAMED_AS_DATA.test(s));
}

/** The sentences of a paper's own work (not of its problem) that `says` holds of, in the abstract's order. */
function ownSentences(paper: Paper, says: (sentence: string) => boolean): string[] {
  const parts = summaryParts(paper);
  return parts ? parts.order.filter((s) => !parts.sections.Problem.includes(s) && says(s)) : [];
}

/**
 * A number written as one ("1,000", "25", "30.4%", "2.5×"), not part of a name ("Qwen2.5-VL", "3D",
 * "W3A16"), a shape ("a 1×1 convolutional kernel", "3 x 3") or a list's marker ("(1) Text-Vision Budgeting"),
 * which say nothing of how big a paper's work is.
 */
// A shape's "x" follows a digit ("3 x 3"), not a word ("max 10 GPUs", "index 4096"); "8 × 24GB" is eight of a size, no shape.
const FIGURE = /(?<![\p{L}\p{N}.,×-])(?<!\d\s?[×x]\s?)\d[\d,.]*(?![\p{L}-]|\s?[×x]\s?\d(?![\d.]*\s?[KMGT]i?B\b)|\)\s*[*_]*\p{L})/u;
/** The most sentences quoted for a figure asked about: the abstract's first few that state one. */
const FIGURE_SENTENCES_MAX = 3;
/**
 * The sentences of a paper's own work that state a figure ("SciVideoBench consists of 1,000 …
 * questions"), in the abstract's order, for a question that asks for one ("How big is
 * SciVideoBench?") in words the abstract does not write.
 */
export function figureSentences(paper: Paper): string[] {
  // As read: TeX writes a shape "$1{\times}1$".
  return ownSentences(paper, (s) => FIGURE.test(readableTex(s))).slice(0, FIGURE_SENTENCES_MAX);
}

/** What a number word counts when it says how large a paper's work is: its data, its models and their parameters, its compute. */
const COUNTED = 'benchmarks|datasets|corpora|tasks|domains|languages|environments|questions|samples|examples|instances|images|videos|clips|hours|episodes|trajectories|demonstrations|documents|papers|queries|prompts|users|participants|subjects|annotators|models|baselines|(?:M?LLM|VLM)s|parameters|tokens|GPUs|robots|scenes|categories|classes|graphs|games|patients|molecules|proteins';
/** Counts written in words; "thousands of" is one, "thousands" alone may be of anything. */
const COUNT_WORD = String.raw`two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|twenty|thirty|forty|fifty|(?:hundreds|thousands|millions|billions|dozens)\s+of`;
/**
 * Sizes written as a name's part or a unit ("Todo-14B", "2M"), or counted in words, with what they count:
 * data, models or compute ("five agentic benchmarks", "thousands of videos"). Not a number word alone,
 * which as often counts a method's parts ("two stages", "three components", "two-sided", "two sets of parameters") as its size.
 */
const SIZE_UNREAD = new RegExp(String.raw`[\p{L}\p{N}.-]*\d[\d.,]*[kKMBT]\b|\b(?:${COUNT_WORD})\s+(?:(?!of\s)[\p{L}\p{N}-]+\s+){0,3}?(?:${COUNTED})\b`, 'giu');
/** The most of them a refusal quotes. */
const SIZES_UNREAD_SHOWN = 3;

/** Sizes of a paper's own work its abstract writes in ways figureSentences does not read (see SIZE_UNREAD), each once, in its order. */
export function sizesUnread(paper: Paper): string[] {
  const found = ownSentences(paper, () => true).flatMap((s) => [...readableTex(s).matchAll(SIZE_UNREAD)].map((m) => m[0].replace(/\s+/gu, ' ')));
  return [...new Set(found)].slice(0, SIZES_UNREAD_SHOWN);
}
