/** What part of a paper a question asks for: a part of its summary, its data, its models, its figures, a summary of some length. */
import type { SummaryLength } from '../answer/summary.js';
import type { SummarySection } from '../answer/summary/sections.js';
import { queryTerms, withoutGist, words } from '../text/terms.js';
import { describesPaper } from './pointing.js';
import { ASKING, ASKS_FIGURES, ASKS_HOW_MUCH, ASPECT_WORDS, DATA_ASPECT, HOW_IT_WORKS, MODELS_ASPECT, ROLE_ASKED } from '../lexicon/aspects.js';
import { GIST_WORD, LONG_ASKED, MEDIUM_ASKED, ONE_PAPER_NOUN, SUMMARY_ONLY, WHAT_PAPER_IS_ABOUT } from '../lexicon/summary-lengths.js';

/** The aspect a word asks about (see ASPECT_WORDS); undefined for any other word. */
const aspectOf = (word: string) => ASPECT_WORDS.find(([, re]) => re.test(word));

/** Whether a word asks about an aspect of a paper ("significance", "results"): asked as written, not in a form its abstract writes ("significant"). */
export const asksAnAspect = (word: string): boolean => aspectOf(word.toLowerCase()) !== undefined;

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

/** Whether a question asks only for a summary (see SUMMARY_ONLY). */
export function asksOnlyForSummary(question: string): boolean {
  return SUMMARY_ONLY.test(question.trim());
}

/**
 * Whether a question asks for the summary of one paper it describes ("tldr of the paper arguing
 * one probe isn't enough", "the quantum boosting paper, what's the gist?", "what's the MCP
 * exfiltration attack paper about?"): whether it names one is for the frame to say.
 */
export function asksSummaryOfOnePaper(question: string): boolean {
  const gist = GIST_WORD.test(question) || withoutGist(question) !== question;
  return (gist && ONE_PAPER_NOUN.test(question)) || (WHAT_PAPER_IS_ABOUT.test(question) && describesPaper(question));
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

const ASKS_HOW_MUCH_ALL = new RegExp(ASKS_HOW_MUCH.source, 'gi');

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

/** The role of the sentence a how or what-did-they-find question asks for (see ROLE_ASKED); undefined for any other. */
export function roleAsked(question: string): SummarySection | undefined {
  return ROLE_ASKED.find(([, re]) => re.test(question))?.[0];
}
