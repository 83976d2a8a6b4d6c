import type { Paper } from '../corpus/paper.js';
import type { Names } from '../names/question-names.js';
import { queryConcepts } from '../text/terms.js';
import { asksForOthers, comparesWithOneBefore, picksAmong, refersBack, refersBackToOne, refersBackToSeveral, withoutComparison } from './pointing.js';

/** Papers a question sets side by side, and what it asks about each. */
export interface Comparison {
  papers: Paper[];
  /** What to search a paper for: the question without the comparison words, nor the other papers' names (no chunk of this paper holds them). */
  askedOf: (paper: Paper) => string;
  /** Nothing is asked but the comparison ("Compare X and Y"): each paper is quoted by what it is. */
  askedNothingElse: boolean;
  /** What the papers picked must write, when the question picks which of them do something ("Which of them use LLMs?", "Which one uses RL?"): only those are quoted, not each. */
  picked?: string;
  /** How many papers the count before found, when more than were picked among (PICKED_AMONG_MAX). */
  pickedOutOf?: number;
}

/** What a comparison reads of the conversation, each read only when needed. */
export interface ComparedBefore {
  /** The earlier question. */
  earlier: string | undefined;
  /** The names of a text (see QuestionNames.namesIn). */
  namesIn: (text: string) => Names;
  /** The papers the conversation is on. */
  talkedAbout: () => Paper[];
  /** The papers a pick chooses among: those the count before found, when it found more than it listed. */
  pickedFrom: () => { papers: Paper[]; outOf?: number };
  /** The papers of the last two turns, when each was about one paper and they differ. */
  oneEachBefore: () => Paper[];
}

/**
 * The papers a question sets side by side ("How do PixelThink and VLA-ATTC differ?"): two or
 * more named, and no others asked for; or, for a follow-up that names none but refers back to
 * them ("How do they differ?", "Which one is faster?"), the papers the earlier question compared,
 * else those the conversation is on, when several ("What are their results?" after "How many
 * papers mention GRPO?").
 */
export function comparisonIn(question: string, here: Names, before: ComparedBefore): Comparison | undefined {
  const { earlier, talkedAbout } = before;
  if (asksForOthers(question)) return undefined;
  // "Which one uses RL?" picks, of the papers before or named, those that do (see pickedConcepts): by
  // what it asks, not by the papers' names, each of which only its own paper writes.
  const picked = picksAmong(question) ? { picked: here.rest } : {};
  if (here.papers.length >= 2) return { ...comparing(here, question, here.rest), ...picked };
  // "How does it compare to PixelThink?" after "What is ST-Veto?": "it" is the paper the conversation is on.
  if (here.papers.length === 1 && earlier && comparesWithOneBefore(here.rest)) {
    const was = talkedAbout();
    if (was.length === 1 && was[0] !== here.papers[0]) return comparing({ ...here, papers: [was[0]!, here.papers[0]!] }, question, here.rest);
  }
  if (here.papers.length > 0 || !earlier || !refersBack(question)) return undefined;
  const named = before.namesIn(earlier);
  // The earlier question's words too: "And which is more accurate?" after "How do TGV-KV and VEQ save memory?".
  // Not after "Papers like HypRAG?" or a /related list: "them" are the papers its answer listed, not those it named.
  if (named.papers.length >= 2 && !asksForOthers(earlier)) return { ...comparing(named, `${earlier} ${question}`, `${named.rest} ${question}`), ...picked };
  // Papers the earlier answer listed or quoted are asked only what the follow-up asks: "How many papers mention GRPO?" would make any question about them answerable.
  const several = refersBackToSeveral(question) ? (picked.picked ? before.pickedFrom() : { papers: talkedAbout() }) : { papers: [] };
  // "Which is better?" after "What is ST-Veto?" and "What is VEQ?": the two papers of the two turns, not the last one alone. Not "Which is its dataset?".
  const { papers: cited, outOf } = several.papers.length === 1 && !refersBackToOne(question) ? { papers: before.oneEachBefore() } : several;
  if (cited.length < 2) return undefined;
  return { ...comparing({ papers: cited, words: [], rest: question, withoutIds: question, readAsWords: [], writtenAsWord: [] }, question, question), ...picked, ...(outOf !== undefined && outOf > cited.length ? { pickedOutOf: outOf } : {}) };
}

/** "Compare it with VEQ" limited to PixelThink by the paper option: "it" is that paper, set against the one the question names. */
export function comparisonWithOption(question: string, here: Names, option: Paper): Comparison | undefined {
  const others = here.papers.filter((p) => p !== option);
  if (others.length === 0 || asksForOthers(question) || !(here.papers.length >= 2 || comparesWithOneBefore(here.rest))) return undefined;
  return comparing({ ...here, papers: [option, ...others] }, question, here.rest);
}

/** The papers `names` holds set side by side; `asked` is what to search each one for, `rest` the question without their names. */
function comparing(names: Names, asked: string, rest: string): Comparison {
  return {
    papers: names.papers,
    askedOf: (paper) => names.words.reduce((text, n) => (n.paper === paper ? text : text.replace(n.word, ' ')), withoutComparison(asked)),
    askedNothingElse: queryConcepts(withoutComparison(rest)).length === 0,
  };
}
