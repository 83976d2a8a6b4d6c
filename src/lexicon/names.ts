/** How questions and abstracts write names: links, words that may be a paper's name or are the English word, made-up names, acronyms, versions, the sides of a comparison. */

import { ARXIV_CITING, LINK_START } from './ids.js';

/** A link in a question, perhaps as TeX writes it (\url{…}) or Discord without a preview (<…>), without the punctuation that ends the sentence ("summarize https://arxiv.org/abs/2505.23727."). */
export const LINK_IN_QUESTION = new RegExp(String.raw`(?:\\url\s*\{\s*|<)?((?<![^\s{(<])(?=${LINK_START})[^\s{}<>"']+?)(?:\s*\}|>)?(?=[.,;:!?)]*(?:\s|$))`, 'gi');

/**
 * Words after which a lower-case English word is that word, not a paper's name: an article,
 * pronoun, "in", "on", "at", "to", "be", "never" or "keep" ("keep in mind", "how do I cope", "through the
 * prism", "can be cast", "never mind", "do you mind"). Not "of", "with", "from" or "by", after
 * which a name is as often asked about ("the results of kite", "compare lamp with kite").
 * "The kite paper" still names KITE.
 */
export const ORDINARY_WORD_AFTER = /^(?:a|an|the|this|that|my|your|our|their|his|her|its|i|you|we|they|in|on|at|to|into|be|been|being|never|keep|don['’]?t)$/i;

/** Modals, after which such a word is a verb ("you can cast", "we must cope"), unless they open the question ("can cobra be used for LoRA?"). */
export const MODAL = /^(?:can|could|will|would|shall|should|may|might|must)$/i;

/** Words after which such a word, first in the question, is a verb ("mind the gap", "cast your vote"). */
export const OBJECT_AFTER_VERB = /^(?:a|an|the|this|that|these|those|my|your|our|their|his|her|its|me|you|him|them|us|it)$/i;

/** Nouns after which such a word is a name again, whatever stands before it ("the kite paper"). */
export const NAME_NOUN = /^(?:paper|model|method|framework|benchmark|system|approach)s?$/i;

/** A plural noun, which before an English word makes it a verb ("how do agents cope", "which methods cast"); not "class" nor "thus". */
export const PLURAL_NOUN = /^[a-z]{2,}[^su]s$/i;

/** A verb's form after a plural noun, which makes the word before a name again ("what benchmarks kite uses", "which baselines kite compared to"). */
export const VERB_FORM = /(?:s|ed)$/i;

/** "arxiv", "arXiv:" or "arxiv id" right before an id ("arxiv 2606.03075"): the id as papers cite it. */
export const ARXIV_BEFORE_ID = new RegExp(`${ARXIV_CITING}$`, 'i');

/** A possessive's "'s" at the end of a word ("PixelThink's", "VEQ’s"). */
export const POSSESSIVE = /['’]s$/u;

/** A possessive typed without its apostrophe ("VEQs", "PhaseCoders"), the name before the "s" captured; not a name that ends in "s" twice. */
export const POSSESSIVE_WITHOUT_APOSTROPHE = /^(.*[^sS])s$/u;

/** A possessive or the marks that end a word in a sentence ("PixelThink's", "GPT-4.", "PRISM'"). */
export const POSSESSIVE_OR_MARKS_AFTER = /['’]s$|[.'’-]+$/u;

/** The marks that may close a word in a sentence: a period, a bracket, quotes ("TGV-KV.", "(CapKV)", "“BEST”"). */
export const MARKS_AFTER = /[.)"'”’]+$/u;

/** The quotes, brackets and punctuation around a word as typed ('"PixelThink"', "(VEQ),", "BEST?"). */
export const MARKS_AROUND = /^[("'“‘[]+|[)"'”’\].,;:!?]+$/g;

/** A name of two characters, a letter and a digit ("S3", "h1", "3D"): "RL", "AI" or "ML" never name a paper. */
export const SHORT_NAME = /^(?:\p{L}\p{N}|\p{N}\p{L})$/u;

/** What a word that may be a name or id holds: a capital, a digit, a dot or a hyphen ("PixelThink", "2505.23727", "tgv-kv"). */
export const NAME_CHARACTER = /[\p{Lu}\d.-]/u;

/** A capital inside a word, after a small letter ("PixelThink", "YouCook"), as made-up names are written. */
export const INNER_CAPITAL = /\p{Ll}\p{Lu}/u;

/** A capital or a digit ("TGV-KV", "CapKV", "S3"), which a comparison's sides are written with when they are names. */
export const CAPITAL_OR_DIGIT = /[\p{Lu}\p{N}]/u;

/** A run of Latin letters and digits (with dots, apostrophes and hyphens): a name ends where its script does ("PixelThink" of "PixelThink是什么"). */
export const LATIN_RUN = /[\p{Script=Latin}\p{N}][\p{Script=Latin}\p{N}.'’-]*/gu;

/** A title's words after its name and colon ("Towards Efficient Chain-of-Pixel Reasoning" of "PixelThink: Towards ..."), captured. */
export const SUBTITLE = /^[^:]+:\s+(.+)$/u;

/** What a name is, after its spelling out ("the S3 (...) framework"); not "paper", with which "the paper" points back. */
export const KIND_AFTER_NAME = String.raw`\s+(?:frameworks?|methods?|models?|approach(?:es)?|systems?|algorithms?|benchmarks?)\b`;

/** One side of a comparison as a question writes it, a single word: "TGV-KV" of "Compare CapKV with TGV-KV". */
const SIDE = String.raw`([^\s,;:?!]+)`;

/** The ways a question sets two papers side by side: "compare X with Y", "X vs Y", "how does X compare to Y", "the difference between X and Y", "how do X and Y differ". */
export const COMPARED_SIDES: readonly RegExp[] = [
  new RegExp(String.raw`\bcompar(?:e|es|ed|ing)\s+${SIDE}\s+(?:with|to|and|against|vs\.?|versus)\s+${SIDE}`, 'iu'),
  new RegExp(String.raw`${SIDE}\s+(?:vs\.?|versus)\s+${SIDE}`, 'iu'),
  new RegExp(String.raw`\b(?:does|do|did|is|are)\s+${SIDE}\s+(?:compare|stack up|fare)\s+(?:to|with|against)\s+${SIDE}`, 'iu'),
  new RegExp(String.raw`\bdifferences?\s+between\s+${SIDE}\s+and\s+${SIDE}`, 'iu'),
  new RegExp(String.raw`\b(?:do|does)\s+${SIDE}\s+and\s+${SIDE}\s+differ`, 'iu'),
];

/** The longest acronym read as one ("RLHF", "RLVR"): a longer term in brackets is a name, not initials. */
export const ACRONYM_LETTERS = 5;

/**
 * An acronym as a question writes it, all in capitals ("RL", "LLM"), of at most ACRONYM_LETTERS
 * letters. Not "LLMs": "Does PixelThink use LLMs?" would be answered by the MLLMs its abstract
 * says earlier approaches fine-tune, which is not what it uses.
 */
export const CAPITALS = new RegExp(`(?<![\\p{L}\\p{N}-])[A-Z]{2,${ACRONYM_LETTERS}}(?![\\p{L}\\p{N}-])`, 'gu');

/** Small words an expansion may hold that its acronym leaves out, once it has spelled two letters: "reinforcement learning from human feedback" (RLHF); not "ranging from latent" (RL). */
export const PASSED_OVER: ReadonlySet<string> = new Set(['of', 'from', 'for', 'with', 'in', 'on', 'to', 'by']);

/** Words an expansion does not hold: an adverb or a past participle ("remains limited", "remain largely" are no RL). */
export const NOT_OF_A_NAME = /(?:ly|ed)$/;

/** An acronym in brackets, as a text declares one: "(PINNs)", "(SE-RRMs)", "(RNNs/DNNs)". */
export const BRACKETED = /^\s*\(([\p{L}\p{N}/-]{2,16})\)/u;

/** A version written apart after a name (" 2" of "YouCook 2", " 3.5" of "DeepSeek 3.5"): a number alone, not a figure's ("2x", "2-stage") nor a number's start. */
export const VERSION_APART = String.raw`\s+(\d+(?:\.\d+)*)(?![\p{L}\p{N}]|[.,-][\p{L}\p{N}])`;

/** A name with a capital inside ("YouCook", "DeepSeek") and its version written apart. */
export const NAME_VERSION_APART = new RegExp(String.raw`(?<![\p{L}\p{N}])(\p{L}*\p{Ll}\p{Lu}[\p{L}\p{N}-]*\p{L})${VERSION_APART}`, 'gu');

/** A run of Latin letters and digits with a capital inside or a digit, as a paper's name is written ("PixelThink", "YouCook2"; not "3D-RFT", whose only digit leads). */
export const MADE_UP_NAME = /[\p{Script=Latin}\d][\p{Script=Latin}\d-]*(?:\p{Ll}\p{Lu}|\d)[\p{Script=Latin}\d-]*/gu;

/** An acronym as the search's terms write it, in lower case ("rl", "rlhf", "s3"). */
export const ACRONYM_AS_TERM = /^[a-z][a-z\d]+$/;

/** An acronym of letters alone, in lower case ("rl", "nlp"), which the papers may spell out. */
export const ACRONYM_OF_LETTERS = /^[a-z]{2,}$/;

/** What ends a sentence before a word, or a line break ("… results. Reinforcement"): a capital there starts a sentence, not a name. */
export const SENTENCE_BREAK = /[.!?:]\s*$|\n/;
