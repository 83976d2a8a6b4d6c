/** Words with which a question asks for a part of a paper (its problem, method, results, limits, contributions), its data, its models, its figures; and how an abstract names data, models and sizes. */
import { MODEL_FAMILY } from './model-families.js';

/** Words for data: a benchmark is data a paper evaluates on ("What benchmarks does X use?"), not a result. */
const DATA_WORDS = 'datasets?|data|benchmarks?|corpus|corpora';

/** A word that asks what data a paper uses ("datasets" of "What datasets does X use?"). */
export const DATA_ASPECT = new RegExp(`^(${DATA_WORDS})$`);

/** Words, plural, for the models a paper evaluates on ("What models does VEQ test on?", "Which LLMs?"); not "model", its own ("What is PixelThink's model?"). */
export const MODELS_ASPECT = /^(models|llms|mllms|vlms|lmms|backbones)$/;

/**
 * Words, as written, that ask about one aspect of a paper: a part of its summary ("What results
 * does X report?"), or, with no part, something only its own words can say ("What datasets does
 * X use?").
 */
export const ASPECT_WORDS = [
  ['Results', /^(results?|findings?|outcomes?|reports?|reported|performs?|performance|achieves?|achieved|finds?|found|fast|faster|speed|speedups?|efficient|efficiency|accurate|accuracy|good|well|better|evaluations?|evaluated|experiments?|baselines?|compared?|compares|against|beats?|beaten|outperforms?|outperformed|surpass(es|ed)?|improves?|improved|improvements?|gains?|margins?)$/],
  ['Method', /^(techniques?|mechanisms?|architectures?|algorithms?|pipelines?|approach(es)?|methods?|methodology)$/],
  // "Why does X matter?", "Why is X important?", "Why should I care about X?" ask what it sets out to fix.
  ['Problem', /^(problems?|motivations?|motivates?|motivated|challenges?|solves?|solved|tackles?|tackled|address|addresses|addressed|gaps?|matters?|important|importance|care)$/],
  ['Limits', /^(limitations?|limits?|weakness(es)?|drawbacks?|shortcomings?|caveats?)$/],
  ['TL;DR', /^(contributions?|novelty|takeaways?|significance)$/],
  [undefined, DATA_ASPECT],
  [undefined, MODELS_ASPECT],
] as const;

/** Verbs a question asks with, that say nothing of which part ("What challenges does X reveal?"). */
// "What models does VEQ test on?", "… evaluate on?": what it evaluates is asked ("models"), not the verb.
export const ASKING = /^(reveals?|identif(y|ies)|faces?|has|have|gives?|discuss(es)?|mentions?|states?|main|key|takes?|uses?|follows?|adopts?|employs?|tests?|tested|evaluates?)$/;

/**
 * "How does it work?", "how do they work", and "How does  work?" once a paper's name is taken
 * out of "How does VEQ work?"; "Explain how  works", "how it works": asks for the method. "work"
 * alone asks for none ("this work", "future work").
 */
export const HOW_IT_WORKS = /\bhow\s+(?:(?:does|do|did|would|can)\s+(?:\S+\s+){0,4}?work|(?:\S+\s+){0,4}?works)\b/i;

/** "Any numbers?", "the key figures of X", "X's stats": its figures, whatever they measure. */
const FIGURES = String.raw`\b(?:(?:key|main|headline)\s+)?(?:numbers|figures|stats|statistics)\b`;

/** "How big is X?", "How many …", "What is the size of X?", "What are the numbers for X?": asks for a figure, whatever words the abstract writes it with. */
export const ASKS_HOW_MUCH = new RegExp(String.raw`\bhow (?:big|large|small|many|much|long)\b|\b(?:size|scale|number of)\b|${FIGURES}`, 'i');

/** Words that ask for figures alone ("Any numbers?", "the stats?"), which no other question writes. */
export const ASKS_FIGURES = new RegExp(FIGURES, 'i');

/**
 * A model named as papers name them: a family's name ("Qwen3-VL", "LLaVA-NeXT", "GPT-4o", "Kimi-VL",
 * "PI0.5"), a name ending in a kind of model ("InternVL", "CogVLM"; not the kind alone, "prior VLM
 * methods", "dMLLMs"), or models counted ("five models with different sizes", "three MLLMs"). Not data ("YouCook2", a benchmark named for a family: "AlpacaEval", "LLaVA-Bench").
 */
export const NAMES_MODELS = new RegExp(
  String.raw`\b${MODEL_FAMILY}(?![a-z]|-?(?:Eval|Bench))|\b(?=[\w.]*[a-z\d])[A-Z][\w.]*(?:VLM|VL|LM)\b(?!-?\s*(?:bench|benchmark|dataset))|\b(?:two|three|four|five|six|seven|eight|nine|ten|\d+)\s+(?:[\w-]+\s+){0,2}(?:models|LLMs|MLLMs|VLMs|LMMs|backbones)\b`,
);

/** A word for data, not in a compound that says the method needs none ("data-free"). */
export const DATA_WORD = new RegExp(`\\b(${DATA_WORDS})\\b(?!-)`, 'i');

/** A name as datasets and benchmarks are written: an inner capital or digit ("YouCook2", "ImageNet", "R2R", "VizWiz-VQA"), or capitals ("COIN"). */
const DATA_NAME = String.raw`(?:[A-Z][\w-]*(?:[A-Z]|\d)[\w-]*|[A-Z]{3,}s?)\b`;

/**
 * Data named where a paper evaluates or trains on it, with a word for data: "a benchmark spanning
 * YouCook2, COIN, and CrossTask", "fine-tuned on ImageNet ... benchmarks", "a benchmark called
 * MultiHal"; or data the authors gather ("our data collection pipeline ... curating a subset of 25.9k").
 */
export const NAMES_DATA = new RegExp(String.raw`\b(?:on|spanning|across|including|such as|from|over|called|named)\s+(?:the\s+)?${DATA_NAME}|\b(?:we|our)\b[^.;]{0,40}?\b(?:collect|curat|mine[ds]?\b|mining|annotat|gather|crawl|scrap)`);

/** Data named as such, whatever else the sentence says: "the VizWiz-VQA task", "Room-to-Room (R2R) benchmarks", "BEST, the first benchmark". Not "on Kimi-VL": a model. */
export const NAMED_AS_DATA = new RegExp(String.raw`${DATA_NAME}\)?\s+(?:tasks?|benchmarks?|datasets?|suites?|corpus)\b|${DATA_NAME},\s+(?:an?|the)\s+(?:[\w-]+\s+){0,3}(?:benchmark|dataset|corpus)\b`);

/**
 * A number written as one ("1,000", "25", "30.4%", "2.5×"), not part of a name ("Qwen2.5-VL", "3D",
 * "W3A16"), a shape ("a 1×1 convolutional kernel", "3 x 3") or a list's marker ("(1) Text-Vision Budgeting"),
 * which say nothing of how big a paper's work is.
 */
// A shape's "x" follows a digit ("3 x 3"), not a word ("max 10 GPUs", "index 4096"); "8 × 24GB" is eight of a size, no shape.
export const FIGURE = /(?<![\p{L}\p{N}.,×-])(?<!\d\s?[×x]\s?)\d[\d,.]*(?![\p{L}-]|\s?[×x]\s?\d(?![\d.]*\s?[KMGT]i?B\b)|\)\s*[*_]*\p{L})/u;

/** What a number word counts when it says how large a paper's work is: its data, its models and their parameters, its compute. */
const COUNTED = 'benchmarks|datasets|corpora|tasks|domains|languages|environments|questions|samples|examples|instances|images|videos|clips|hours|episodes|trajectories|demonstrations|documents|papers|queries|prompts|users|participants|subjects|annotators|models|baselines|(?:M?LLM|VLM)s|parameters|tokens|GPUs|robots|scenes|categories|classes|graphs|games|patients|molecules|proteins';

/** Counts written in words; "thousands of" is one, "thousands" alone may be of anything. */
const COUNT_WORD = String.raw`two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|twenty|thirty|forty|fifty|(?:hundreds|thousands|millions|billions|dozens)\s+of`;

/**
 * Sizes written as a name's part or a unit ("Todo-14B", "2M"), or counted in words, with what they count:
 * data, models or compute ("five agentic benchmarks", "thousands of videos"). Not a number word alone,
 * which as often counts a method's parts ("two stages", "three components", "two-sided", "two sets of parameters") as its size.
 */
export const SIZE_UNREAD = new RegExp(String.raw`[\p{L}\p{N}.-]*\d[\d.,]*[kKMBT]\b|\b(?:${COUNT_WORD})\s+(?:(?!of\s)[\p{L}\p{N}-]+\s+){0,3}?(?:${COUNTED})\b`, 'giu');

/** "What are the three submodules of X?", "List the stages of X": a question whose answer may be a numbered list. */
export const ASKS_FOR_LIST = /\b(what|which) are\b|\b(two|three|four|five|six|\d+)\b|\b(list|steps|stages|components|modules|submodules|parts|phases)\b/i;

/**
 * The kind of sentence a question's form asks for, whatever its words: "how does/can/do ..."
 * (not "how many", "how well" ...) asks for what is done, a method; "what did they find/show/
 * conclude" for results. Its words pick among a paper's sentences; this picks among those that
 * share them (see extractiveAnswer). "Why" is none: its reason is as often a finding as the
 * problem (measured: docs/retrieval-experiments.md).
 */
export const ROLE_ASKED = [
  ['Results', /\bwhat\b[^?.]{0,40}\b(find|found|finds|show|showed|shown|shows|conclude|concluded|learn|learned|discover|discovered|observe|observed)\b/i],
  ['Method', /\bhow\s+(?!(?:many|much|well|fast|long|big|large|often|good|accurate|far|old|come)\b)(?:does|do|did|can|could|is|are|would|will|should|they|it|the|this|to)\b/i],
] as const;
