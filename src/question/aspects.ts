/** What part of a paper a question asks for: a part of its summary, its data, its models, its figures, a summary of some length. */
import type { SummaryLength } from '../answer/summary.js';
import type { SummarySection } from '../answer/summary/sections.js';
import { queryTerms, withoutGist, words } from '../text/terms.js';

/** Words for data: a benchmark is data a paper evaluates on ("What benchmarks does X use?"), not a result. */
export const DATA_WORDS = 'datasets?|data|benchmarks?|corpus|corpora';
/** A word that asks what data a paper uses. */
const DATA_ASPECT = new RegExp(`^(${DATA_WORDS})$`);
/** Words, plural, for the models a paper evaluates on ("What models does VEQ test on?", "Which LLMs?"); not "model", its own ("What is PixelThink's model?"). */
const MODELS_ASPECT = /^(models|llms|mllms|vlms|lmms|backbones)$/;

/**
 * Words, as written, that ask about one aspect of a paper: a part of its summary ("What results
 * does X report?"), or, with no part, something only its own words can say ("What datasets does
 * X use?").
 */
const ASPECT_WORDS: [SummarySection | undefined, RegExp][] = [
  ['Results', /^(results?|findings?|outcomes?|reports?|reported|performs?|performance|achieves?|achieved|finds?|found|fast|faster|speed|speedups?|efficient|efficiency|accurate|accuracy|good|well|better|evaluations?|evaluated|experiments?|baselines?|compared?|compares|against|beats?|beaten|outperforms?|outperformed|surpass(es|ed)?|improves?|improved|improvements?|gains?|margins?)$/],
  ['Method', /^(techniques?|mechanisms?|architectures?|algorithms?|pipelines?|approach(es)?|methods?|methodology)$/],
  // "Why does X matter?", "Why is X important?", "Why should I care about X?" ask what it sets out to fix.
  ['Problem', /^(problems?|motivations?|motivates?|motivated|challenges?|solves?|solved|tackles?|tackled|address|addresses|addressed|gaps?|matters?|important|importance|care)$/],
  ['Limits', /^(limitations?|limits?|weakness(es)?|drawbacks?|shortcomings?|caveats?)$/],
  ['TL;DR', /^(contributions?|novelty|takeaways?|significance)$/],
  [undefined, DATA_ASPECT],
  [undefined, MODELS_ASPECT],
];
/** Verbs a question asks with, that say nothing of which part ("What challenges does X reveal?"). */
// "What models does VEQ test on?", "… evaluate on?": what it evaluates is asked ("models"), not the verb.
const ASKING = /^(reveals?|identif(y|ies)|faces?|has|have|gives?|discuss(es)?|mentions?|states?|main|key|takes?|uses?|follows?|adopts?|employs?|tests?|tested|evaluates?)$/;

/** The aspect a word asks about (see ASPECT_WORDS); undefined for any other word. */
const aspectOf = (word: string) => ASPECT_WORDS.find(([, re]) => re.test(word));

/** Whether a word asks about an aspect of a paper ("significance", "results"): asked as written, not in a form its abstract writes ("significant"). */
export const asksAnAspect = (word: string): boolean => aspectOf(word.toLowerCase()) !== undefined;

/**
 * "How does it work?", "how do they work", and "How does  work?" once a paper's name is taken
 * out of "How does VEQ work?"; "Explain how  works", "how it works": asks for the method. "work"
 * alone asks for none ("this work", "future work").
 */
const HOW_IT_WORKS = /\bhow\s+(?:(?:does|do|did|would|can)\s+(?:\S+\s+){0,4}?work|(?:\S+\s+){0,4}?works)\b/i;

/** The words a question asks with: aspects, and words of its own but the verbs that only ask. */
function tellingWords(question: string): string[] {
  // "approach" and "method" are stopwords of the search, not of this; "the key contributions" ask for the gist, no one part.
  const telling = words(withoutGist(question)).filter((w) => aspectOf(w) || (queryTerms(w).length > 0 && !ASKING.test(w)));
  return HOW_IT_WORKS.test(question) ? [...telling.filter((w) => w !== 'work' && w !== 'works'), 'method'] : telling;
}

/**
 * The part of a summary a question (without the paper's names) asks for, when every word it
 * asks with asks for that part; else undefined.
 */
export function askedSection(question: string): SummarySection | undefined {
  const sections = new Set(tellingWords(question).map((w) => aspectOf(w)?.[0]));
  const [only] = sections;
  return sections.size === 1 ? only : undefined;
}

/** Whether a word a question asks with asks for a part of a summary ("What challenges does BEST address?" asks for its problem). */
export function asksAbout(question: string, section: SummarySection): boolean {
  return tellingWords(question).some((w) => aspectOf(w)?.[0] === section);
}

/** Whether every word a question asks with asks about an aspect of a paper ("And the limitations?", "What datasets?"), and nothing else. */
export function asksOnlyAspects(question: string): boolean {
  const telling = tellingWords(question);
  return telling.length > 0 && telling.every((w) => aspectOf(w) !== undefined);
}

/** How long a summary a question asks for: "the full summary", "the long version", "a detailed overview", "in detail". */
const LONG_ASKED = /\b(?:long|longer|full|fuller|detailed|complete|whole|entire|in[- ]depth|in (?:more |full |great )?detail)\b/i;
const MEDIUM_ASKED = /\bmedium\b/i;
const SUMMARY_NOUN = String.raw`(?:summary|summari[sz]e|overview|recap|rundown|gist|tl;?dr)`;
const LENGTH_WORD = String.raw`(?:short|shorter|brief|quick|medium|long|longer|full|fuller|detailed|complete|whole|entire|in[- ]depth|one-line)`;
/**
 * A question that asks only for a summary, naming no paper and no other word: "summary?",
 * "summarize", "tl;dr?", "give me a short summary", "the long version please". After a question
 * about one paper it asks for that paper's; it does not point back ("it"), so it was refused.
 */
const SUMMARY_ONLY = new RegExp(
  String.raw`^\W*(?:(?:and|so|ok(?:ay)?|now|then|please)[\s,]+)*(?:(?:can|could|would) you\s+)?(?:(?:please\s+)?(?:give|show|tell|get|send)\s+(?:me|us)\s+)?(?:(?:a|an|the|its|their)\s+)?(?:${LENGTH_WORD}\s+)?(?:${SUMMARY_NOUN}|${LENGTH_WORD}\s+version)(?:\s+(?:please|of (?:it|this|that)(?: (?:one|paper))?))?\W*$`,
  'i',
);

/** Whether a question asks only for a summary (see SUMMARY_ONLY). */
export function asksOnlyForSummary(question: string): boolean {
  return SUMMARY_ONLY.test(question.trim());
}

/** The summary length a question asks for ("the full summary": long), short when it says none: a chat answer is read at a glance. */
export function summaryLengthAsked(question: string): SummaryLength {
  return LONG_ASKED.test(question) ? 'long' : MEDIUM_ASKED.test(question) ? 'medium' : 'short';
}

/** Whether a question asks what data a paper uses ("What datasets does X use?", "What benchmarks?"). */
export function asksForData(question: string): boolean {
  return tellingWords(question).some((w) => DATA_ASPECT.test(w));
}

/** Whether a question asks which models a paper evaluates on or uses ("What models does X test on?", "what models?"). */
export function asksForModels(question: string): boolean {
  return tellingWords(question).some((w) => MODELS_ASPECT.test(w));
}

/** "Any numbers?", "the key figures of X", "X's stats": its figures, whatever they measure. */
const FIGURES = String.raw`\b(?:(?:key|main|headline)\s+)?(?:numbers|figures|stats|statistics)\b`;
/** "How big is X?", "How many …", "What is the size of X?", "What are the numbers for X?": asks for a figure, whatever words the abstract writes it with. */
const ASKS_HOW_MUCH = new RegExp(String.raw`\bhow (?:big|large|small|many|much|long)\b|\b(?:size|scale|number of)\b|${FIGURES}`, 'i');
const ASKS_HOW_MUCH_ALL = new RegExp(ASKS_HOW_MUCH.source, 'gi');
const ASKS_FIGURES = new RegExp(FIGURES, 'i');

/**
 * Whether a question asks for a figure and nothing else ("How large is it?"): "large" is no word to
 * search for, as "Large Multimodal Models" would answer it. Not "How does it decide how much to
 * think?", which asks how, not how much.
 */
export function asksOnlyHowMuch(question: string): boolean {
  return ASKS_HOW_MUCH.test(question) && queryTerms(question.replace(ASKS_HOW_MUCH_ALL, ' ')).length === 0;
}

/** Whether a follow-up asks only for figures, in words no other question uses ("Any numbers?", "the stats?"): of the paper before, as "How big is it?" is. */
export function asksOnlyForFigures(question: string): boolean {
  return ASKS_FIGURES.test(question) && asksOnlyHowMuch(question);
}
