/** Reading a question for the papers on a topic ("How many papers are about video?", "Which papers study audio?"): the topic it asks, as phrases of terms. */
import type { Paper } from '../corpus/paper.js';
import { markdownLiteral } from '../corpus/text.js';
import { ACRONYM_PLURAL, EITHER_OR, HOW_MANY_OF_THOSE, NOT_TOPIC, PAPERS_ON, POINTING, PROPOSED_BEFORE, RE_ABOUT, TOPIC_CONJUNCTIONS, TOPIC_COUNT, TOPIC_LIST, TOPIC_PAPERS, TRAILING_FILLER, WHAT_PAPERS_HELD, WHICH_PAPERS } from '../lexicon/topics.js';
import { isStopword, queryTerms, terms, words } from '../text/terms.js';
import { venueTerms } from './venues.js';

/** The topic a count question writes, as written, and whether it stands before "papers" ("How many video papers ..."). */
function topicWritten(question: string): { topic: string; before: boolean } | undefined {
  const after = TOPIC_COUNT.exec(question)?.[1];
  if (after) return { topic: after.replace(TRAILING_FILLER, '').trim(), before: false };
  const before = TOPIC_PAPERS.exec(question)?.[1];
  return before ? { topic: before.trim(), before: true } : undefined;
}

/** Said to a count question whose topic points back at nothing it names ("How many papers are about it?"). */
export const NO_TOPIC_NAMED = 'Which topic? This question names none: name it, for example: How many papers are about video?';

/** Said when no paper writes a topic asked for ("Any papers on hallucination?") and no passage covers it in other words either. */
export function topicNotFound(topic: string, indexed: number): string {
  return `None of the ${indexed === 1 ? 'one indexed paper' : `${indexed} indexed papers`} mentions ${markdownLiteral(topic)}${TOPIC_NOT_FOUND}`;
}

const TOPIC_NOT_FOUND = ', and none covers it in other words. Try a broader or related term, or browse what is indexed with /papers.';

/** Whether an answer is topicNotFound's, a refusal about no paper: "authors?" after it asks which paper. */
export function isTopicNotFound(answer: string): boolean {
  return answer.startsWith('None of the ') && answer.endsWith(TOPIC_NOT_FOUND);
}

/** Whether a count question's topic is only a pointing word ("it", "them", "this topic", "the same thing", "such papers"): no topic to count. */
export function topicNotNamed(question: string): boolean {
  const written = topicWritten(question);
  const ws = written ? words(written.topic) : [];
  return ws.length > 0 && ws.every((w) => POINTING.has(w));
}

/** A question for the papers on a topic, as the count question it asks the same of ("How many papers on video"); undefined for any other. */
function asCountOfPapers(question: string): string | undefined {
  if (WHAT_PAPERS_HELD.test(question)) return question.replace(WHAT_PAPERS_HELD, 'How many papers ');
  if (WHICH_PAPERS.test(question)) return question.replace(WHICH_PAPERS, 'How many ');
  return PAPERS_ON.test(question) ? question.replace(PAPERS_ON, 'How many papers ').replace(RE_ABOUT, 'about ') : undefined;
}

/**
 * The topic a question asked about papers, for a count that points back at it ("How many such
 * papers are there?"): the topic of a count ("How many papers are about video?") or of a question
 * for the papers on it ("Which papers study video?", "Which video papers are there?", "Any papers on video?").
 */
export function topicAskedBefore(question: string, papers: readonly Paper[]): TopicAsked | undefined {
  const asCount = asCountOfPapers(question);
  return topicCountAsked(question, papers) ?? (asCount ? topicCountAsked(asCount, papers) : undefined);
}

/** The most terms a "Which papers …?" topic has to be answered with every paper that writes it: a longer one ("use RL to fine-tune multimodal LLMs") is rarely written whole, and a search reads it better. */
const LISTED_TOPIC_TERMS = 3;

/**
 * The topic of "Which papers study video?", "Which papers use GRPO?", "Which papers are about audio
 * or speech?" or "Anything on video?": a short topic whose papers are listed as a count lists them, every one, rather than
 * the few a search quotes.
 */
export function topicListAsked(question: string, papers: readonly Paper[]): TopicAsked | undefined {
  const asCount = asCountOfPapers(question);
  if (!asCount) return undefined;
  const asked = topicCountAsked(asCount, papers);
  return asked && asked.phrases.flat().length <= LISTED_TOPIC_TERMS ? asked : undefined;
}

/** What a topic count asks of a paper: its phrases, in its title or one sentence of its abstract. */
export interface TopicAsked {
  /** The topic as the question writes it ("video", "GRPO"). */
  topic: string;
  /** Each phrase of the topic as the terms of its words in order ("diffusion models": diffus, model). */
  phrases: string[][];
  /** "audio or speech": a paper with one phrase counts; else it needs them all. */
  any: boolean;
  /**
   * Each phrase with its compounds as their parts ("fine-tuning": fine, tun), where that differs
   * from `phrases`: a phrase is also found as its parts in a text whose compounds are taken
   * apart, so "fine tuning" and "fine-tuning" count the same papers.
   */
  split?: string[][];
  /** Other runs of terms that count as each phrase: an acronym and what the papers declare it to stand for ("RL", "reinforcement learning"). */
  alternatives?: string[][][];
  /**
   * "Which papers propose a new benchmark?": only the papers whose title writes the topic, or a
   * sentence where they say what they do ("we introduce …, a rigorous benchmark"); 12 of the 19
   * write "benchmark", most of them for the benchmarks they evaluate on.
   */
  proposed?: boolean;
}

/** The topic with other runs of terms that count as each of its phrases (see TopicAsked.alternatives). */
export function withAlternatives(asked: TopicAsked, alternativesOf: (phrase: readonly string[]) => string[][]): TopicAsked {
  const alternatives = asked.phrases.map((p) => alternativesOf(p).filter((a) => a.join(' ') !== p.join(' ')));
  return alternatives.some((a) => a.length) ? { ...asked, alternatives } : asked;
}

/**
 * A compound that stands for its parts written apart: "fine-tuning" for "fine tuning",
 * "mixture-of-experts" for "mixture of experts" (a small word dropped as it is written apart).
 * Not "GPT-4" nor "Llama-2": a part that is no term but no small word either would be lost, and
 * "GPT 4" is not GPT written alone.
 */
export function splittable(word: string): boolean {
  const parts = word.split('-');
  return parts.length > 1 && parts.every((p) => isStopword(p) || terms(p, { parts: false }).length > 0) && !parts.every(isStopword);
}

/** A phrase's terms with each compound that stands for its parts as those parts. */
function splitPhrase(phrase: string): string[] {
  // Each part as the text's parts are taken, small words dropped: "well-known" is well, known.
  return words(phrase).flatMap((w) => (splittable(w) ? w.split('-').flatMap((p) => terms(p, { parts: false })) : queryTerms(w, { parts: false })));
}

/** Whether words before "papers" only say which papers, by the corpus's venues, a year or words such as "indexed", and name no topic ("ICML 2026", "indexed", "research"). */
export function namesNoTopic(before: string, papers: readonly Paper[]): boolean {
  const named = queryTerms(before.replace(NOT_TOPIC, ' '));
  if (named.length === 0) return true;
  const venues = venueTerms(papers);
  return named.every((t) => venues.has(t) || /^\d+$/.test(t));
}

/**
 * The topic a "How many papers mention X?" question counts, or undefined for any other question
 * (or a topic of only small words). "How many ICML papers are there?" asks for a venue of
 * `papers`, not a topic, as "How many 2026 papers" asks for a year.
 */
export function topicCountAsked(question: string, papers: readonly Paper[] = []): TopicAsked | undefined {
  const asked = topicWritten(question);
  if (!asked) return undefined;
  const { topic } = asked;
  if (asked.before) {
    // "How many tasks are in the papers?" asks no topic: small words stand in none.
    if (words(topic).some((w) => isStopword(w) && !TOPIC_CONJUNCTIONS.has(w))) return undefined;
    if (namesNoTopic(topic, papers)) return undefined;
  }
  // Whole words in order, not a compound's parts: "vision-language" is one word of the phrase; its split form is vision, language.
  const written = topic.split(TOPIC_LIST).map((p) => ({ whole: queryTerms(p, { parts: false }), split: splitPhrase(p) })).filter((p) => p.whole.length > 0);
  if (!written.length) return undefined;
  const phrases = written.map((p) => p.whole.map(acronymSingular));
  const split = written.map((p) => (p.split.length ? p.split : p.whole).map(acronymSingular));
  const differs = split.some((p, i) => p.join(' ') !== phrases[i]!.join(' '));
  const proposed = !asked.before && PROPOSED_BEFORE.test(question.slice(0, question.lastIndexOf(topic)));
  return { topic, phrases, any: EITHER_OR.test(topic), ...(differs ? { split } : {}), ...(proposed ? { proposed } : {}) };
}

/**
 * The topic "How many of them use diffusion?" counts among the papers before it (a list, a
 * comparison), read as "How many papers use diffusion?" is; undefined for any other question.
 */
export function topicCountAmongAsked(question: string, papers: readonly Paper[] = []): TopicAsked | undefined {
  return HOW_MANY_OF_THOSE.test(question) ? topicCountAsked(question.replace(HOW_MANY_OF_THOSE, 'How many papers '), papers) : undefined;
}

/**
 * An acronym's term in the singular ("llms" -> "llm", "gnns" -> "gnn"): a topic count is of a thing,
 * whichever number its papers write. Terms of four letters or fewer keep their "s" (see stem), so
 * "LLMs" and "LLM" were two topics with 52 and 51 papers of the 76 that write either. Only
 * vowel-less terms: "bias", "gans" stay as they are.
 */
export function acronymSingular(term: string): string {
  return ACRONYM_PLURAL.test(term) ? term.slice(0, -1) : term;
}
