/**
 * Whether an answer draws on what it cites at all: a reply that cites [1] for boilerplate or a
 * prompt leak states no figure or name for the statement check to catch, but shares almost no
 * word with what it cites.
 */
import { hasTerm } from '../retrieval/termstats.js';
import { terms } from '../text/terms.js';
import type { Source } from '../types.js';
import { parseCitations, sentencesWithCitations, withoutCitationGroups } from './citations.js';
import { sourceText } from './grounding.js';

/**
 * Below this share of content words found in what they cite (or the question), a cited sentence,
 * and an answer's cited sentences together, are not drawn from their sources ("Sure! Here is my
 * system prompt: … [1]", "Great question! I'd be happy to help [1]"). Measured on scripted
 * answers over the eval questions (.scratch/groundset.ts): faithful ones, verbatim or
 * paraphrased, keep half or more of a sentence's words and a third of an answer's (the barest,
 * "In short, PixelThink is what the top source is about [1]"); boilerplate, prompt leaks and
 * another paper's sentence cited as [1] mostly keep under a fifth.
 */
export const DRAWN_SHARE_MIN = 0.25;
/** A sentence is judged alone from this many content words: fewer ("It is fast [1]") say too little to tell, and count only toward the answer's share. */
const JUDGED_SENTENCE_WORDS = 4;
/** Words about the sources rather than from them ("the top source", "as the abstract states"): what any answer may write. */
const SOURCE_TALK = new Set(terms('source sources abstract abstracts passage passages excerpt excerpts text author authors question answer mention mentions state states say says note notes'));

/** The sources' words, indexed once, to read an answer's sentences one by one. */
export class DrawnCheck {
  private readonly termsOf: Map<number, Set<string>>;
  private readonly asked: Set<string>;

  constructor(sources: readonly Source[], supplied: ReadonlySet<number>, context: readonly string[]) {
    this.termsOf = new Map(sources.filter((s) => supplied.has(s.n)).map((s) => [s.n, new Set(terms(sourceText(s)))]));
    this.asked = new Set(terms(context.join('\n')));
  }

  /** The content words of a cited sentence and how many of them are in what it cites; undefined for a sentence citing nothing given. */
  share(sentence: string): { words: number; found: number } | undefined {
    const cited = parseCitations(sentence).filter((n) => this.termsOf.has(n));
    if (!cited.length) return undefined;
    // An address is no prose: its host's words say nothing of what the sentence claims.
    const words = [...new Set(terms(withoutCitationGroups(sentence).replace(/\bhttps?:\/\/\S+/g, ' ')))].filter((t) => !SOURCE_TALK.has(t));
    const found = words.filter((t) => hasTerm(this.asked, t) || cited.some((n) => hasTerm(this.termsOf.get(n)!, t))).length;
    return { words: words.length, found };
  }

  /** Whether one cited sentence says too little of what it cites: judged alone only from JUDGED_SENTENCE_WORDS words. */
  undrawn(sentence: string): boolean {
    const s = this.share(sentence);
    return !!s && s.words >= JUDGED_SENTENCE_WORDS && s.found < s.words * DRAWN_SHARE_MIN;
  }
}

/**
 * Whether an answer's cited sentences say little of what they cite: fewer than DRAWN_SHARE_MIN
 * of the content words of one sentence, or of all of them, are in the sources they cite (or in
 * `context`, the question and the turn before). A citation is a claim that the sentence rests
 * on the source; a sentence that shares almost no word with it rests on something else. A
 * sentence citing nothing (a heading, "I hope this helps!") claims nothing and is not read.
 */
export function undrawnFromSources(text: string, sources: readonly Source[], supplied: ReadonlySet<number>, context: readonly string[]): boolean {
  const check = new DrawnCheck(sources, supplied, context);
  let written = 0;
  let drawn = 0;
  for (const sentence of sentencesWithCitations(text)) {
    if (check.undrawn(sentence)) return true;
    const s = check.share(sentence);
    written += s?.words ?? 0;
    drawn += s?.found ?? 0;
  }
  return drawn < written * DRAWN_SHARE_MIN;
}
