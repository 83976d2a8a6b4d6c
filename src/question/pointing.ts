/** Questions that name papers: which papers a question names, sets side by side, or asks others like. */
import { namesSystem } from '../corpus/paper.js';
import type { Paper } from '../corpus/paper.js';
import type { Source, Turn } from '../types.js';
import { isStopword, queryConcepts, queryTerms, stem, terms, words } from '../text/terms.js';
import { ASKS_FOR_PAPER, ASKS_IF_ABOUT, BACK, BACK_TO_ALL, BACK_TO_ONE, COMPARATIVE, COMPARING, COMPARISON, DESCRIBED_AFTER, DESCRIBED_BEFORE, DUMMY_IT, GOES_ON, IT, NEW_CLAUSE, OTHER_PAPERS, OWN_BASELINES, PAPERS, PAPERS_AS_NOUN, PLACE, PLACES, POINTER_ALL, POINTING_ADJECTIVES, READ_ON, RELATES_TO_ONE, RELATING, RESEMBLING, SMALL_WORD_ENDINGS, THAT_ALONE, WHAT_RESEMBLES, WHICH_OF, WHICH_OF_SEVERAL, WHICH_ONE } from '../lexicon/pointing.js';
import { sameWordForm } from '../text/word-forms.js';
import { LETTER_WORD, WORD_AS_WRITTEN, YES_OR_NO } from '../lexicon/words.js';

/** The patterns that take words out of a question, matching each time they occur. */
const BACK_TO_ALL_ALL = new RegExp(BACK_TO_ALL.source, 'gi');
const PLACE_ALL = new RegExp(PLACE.source, 'gi');
const BACK_TO_ONE_ALL = new RegExp(BACK_TO_ONE.source, 'gi');

/** Whether a question asks about papers besides the one it names ("compared with VEQ"; not "compared with its baselines"). */
export function asksBeyondNamed(question: string): boolean {
  return OTHER_PAPERS.test(question) || RESEMBLING.test(question) || READ_ON.test(question) || WHAT_RESEMBLES.test(question) || (COMPARISON.test(question) && !OWN_BASELINES.test(question));
}

/**
 * Whether a question that names several papers asks for others too. "Compare X and Y" and "How
 * are X and Y related?" are about X and Y alone; "papers similar to X and Y" are not.
 */
export function asksForOthers(question: string): boolean {
  return OTHER_PAPERS.test(question) || READ_ON.test(question) || WHAT_RESEMBLES.test(question) || (RESEMBLING.test(question) && PAPERS.test(question));
}

/** Whether a question, without the paper it names, asks only for papers like that one ("Papers like PixelThink?"): /related's job. Not "the other paper", a place picked. */
export function asksOnlyForLike(question: string): boolean {
  const rest = withoutPlace(question);
  return asksForOthers(rest) && !COMPARISON.test(rest) && queryConcepts(rest.replace(RELATING, ' ')).length === 0;
}

/** Whether a question asks for papers other than the ones it names ("Which other papers use RL like PixelThink?"): not "other datasets", "other methods". */
export function excludesNamed(question: string): boolean {
  return (OTHER_PAPERS.test(question) || RESEMBLING.test(question)) && PAPERS_AS_NOUN.test(question);
}

/** Whether a follow-up that names no paper is about the papers the earlier question compared. */
export function refersBack(question: string): boolean {
  return BACK.test(question) || COMPARISON.test(question);
}

/** Whether a follow-up continues the conversation by itself: it asks to go on, or (with no words of its own) points back. */
export function goesOn(question: string, hasOwnWords: boolean): boolean {
  return asksToGoOn(question) || (!hasOwnWords && (refersBack(question) || refersBackToOne(question)));
}

/** Whether a follow-up only asks to go on with the last answer ("Tell me more", "Go on", "Why?"). */
export function asksToGoOn(question: string): boolean {
  return GOES_ON.test(question);
}

/** Whether a follow-up points back at the papers before it with a word for several ("they", "which one"), as refersBack does without a comparison word. */
export function refersBackToSeveral(question: string): boolean {
  return BACK.test(question);
}

/** Whether a question asks nothing but points back at every paper before it ("they", "them"), once the words of what it asks are taken out ("When were they published?" without "when", "published"). */
export function pointsBackToAllOnly(rest: string): boolean {
  return BACK_TO_ALL.test(rest) && queryConcepts(rest.replace(BACK_TO_ALL_ALL, ' ')).length === 0;
}

/** The most words of a question in which "it" points back (see IT). */
const SHORT_QUESTION_WORDS = 7;

/** Whether a follow-up that names no paper is about the one paper the earlier question named. */
export function refersBackToOne(question: string): boolean {
  const q = question.replace(DUMMY_IT, ' ');
  if (ASKS_FOR_PAPER.test(q)) return false;
  return BACK_TO_ONE.test(q) || THAT_ALONE.test(q) || (IT.test(q) && q.split(/\s+/).filter(Boolean).length <= SHORT_QUESTION_WORDS);
}

/**
 * Whether a question describes the paper it asks about ("Who wrote the paper about microphone
 * geometry?", "the invisible lottery paper - what do they find?") rather than pointing back at
 * one: its "the paper", "it" and "they" are that paper, whatever the conversation was on.
 */
export function describesPaper(question: string): boolean {
  if (DESCRIBED_AFTER.test(question) && !ASKS_IF_ABOUT.test(question)) return true;
  return [...question.matchAll(DESCRIBED_BEFORE)].some((m) => queryConcepts(m[1]!.replace(POINTING_ADJECTIVES, ' ')).length > 0);
}

/**
 * Whether a question points back at one paper ("it", "its", "this paper") only in a clause that
 * starts after it names one at `namedAt` ("Who wrote VEQ and what does it do?", "What does VEQ
 * do, and who wrote it?"): the pointer is that paper, not one before the question. In the clause
 * of the name ("Does VEQ outperform it?", "Does VEQ build on it?") it is another paper.
 */
export function pointsBackOnlyAfter(question: string, namedAt: number): boolean {
  const clauseAt = [...question.matchAll(NEW_CLAUSE)].find((m) => m.index! > namedAt)?.index;
  const pointers = [...question.matchAll(POINTER_ALL)];
  return clauseAt !== undefined && pointers.length > 0 && pointers.every((m) => m.index! > clauseAt);
}

/** Whether a question asks nothing but points back at one paper ("it", "this paper"), once the words of what it asks are taken out ("When was it published?" without "when", "published"). */
export function pointsBackOnly(rest: string): boolean {
  return refersBackToOne(rest) && queryConcepts(withoutPointingBack(rest)).length === 0;
}

/**
 * The paper a follow-up picks by its place among the papers before it, in the order the answer
 * cites them ("What is the first one about?", "and the second one?", "Who wrote the last paper?"):
 * that one alone; all of them when it picks none, or a place they do not have.
 */
export function placePicked(question: string, papers: readonly Paper[]): Paper[] {
  const picked = papers.length < 2 ? undefined : paperAtPlace(question, papers);
  return picked ? [picked] : [...papers];
}

/** The question without the words that pick a paper by its place: "authors of the second one?" asks for authors and nothing else. */
export function withoutPlace(question: string): string {
  return question.replace(PLACE_ALL, ' ');
}

/** Whether a follow-up picks a paper by its place ("the second one"): see placePicked. */
export function picksPlace(question: string): boolean {
  return PLACE.test(question);
}

/**
 * The turns whose list a follow-up that picks a place picks from: the conversation without the
 * picks by place that end it ("the first one" after "Who wrote the second one?" is the first of
 * the list that one was picked from, not of the one paper its answer was about).
 */
export function turnsBeforePlacesPicked(history: readonly Turn[]): readonly Turn[] {
  let end = history.length;
  while (end > 0 && picksPlace(history[end - 1]!.question)) end--;
  return end > 0 ? history.slice(0, end) : history;
}

/** Whether a follow-up picks a place past the one paper before it ("the second one" after "What is PixelThink?"): it picks none, not that one again. */
export function placePastOne(question: string, papers: readonly Paper[]): boolean {
  return papers.length === 1 && placePastAll(question, papers);
}

/** Whether a follow-up picks a place past the papers before it ("the 12th one" after a list of ten): among more papers that were found, it may be one of them. */
export function placePastAll(question: string, papers: readonly Paper[]): boolean {
  return papers.length > 0 && picksPlace(question) && paperAtPlace(question, papers) === undefined;
}

/**
 * The papers "the other one" picks among `listed` (those of the list the conversation picks from),
 * when the turns since went on with some of them (`now`): the rest ("what about the other one?"
 * after "Tell me more about the first one" of two). Undefined for any other place, or when `now`
 * is the whole list or none of it: which one is "other" is then asked, as for "it".
 */
export function otherPicked(question: string, listed: readonly Paper[], now: readonly Paper[]): Paper[] | undefined {
  if (PLACE.exec(question)?.[1]?.toLowerCase() !== 'other') return undefined;
  const others = listed.filter((p) => !now.includes(p));
  return others.length > 0 && others.length < listed.length ? others : undefined;
}

/** The paper at the place a follow-up picks, undefined when it picks none or one past them ("the other one" is none: see otherPicked). */
function paperAtPlace(question: string, papers: readonly Paper[]): Paper | undefined {
  const place = PLACE.exec(question)?.[1]?.toLowerCase();
  if (place === undefined) return undefined;
  return place === 'last' ? papers.at(-1) : papers[PLACES.includes(place) ? PLACES.indexOf(place) : parseInt(place, 10) - 1];
}

/** Whether a question asks which of the papers set side by side has more or less of something ("Which one uses less memory?", "Which one is cheaper?"). */
export function asksWhichMore(question: string): boolean {
  return COMPARATIVE.test(question);
}

const PICKING_ALL = new RegExp(`${WHICH_OF.source}|${WHICH_ONE.source}`, 'giu');

/** A question without its "which one" ("Which one is faster?": "is faster?"). */
export function withoutWhichOne(question: string): string {
  return question.replace(WHICH_OF_SEVERAL, ' ');
}

/** Whether a follow-up asks which of the papers before it answer what it asks, rather than to set them side by side. */
export function picksAmong(question: string): boolean {
  return WHICH_OF.test(question) || WHICH_ONE.test(question);
}

/** A follow-up without the words with which it picks among the papers before ("Which one", "Does either"): what is left is what the picked papers do. */
export function withoutPicking(question: string): string {
  return question.replace(PICKING_ALL, ' ');
}

/**
 * What a paper picked by a follow-up must write ("Which one uses reinforcement learning?":
 * reinforc, learn): the concepts of what it asks (see queryConcepts), without the words that
 * pick and without a small word's other forms ("uses", "using"), which any paper may or may not write.
 */
export function pickedConcepts(question: string): string[][] {
  const smallWordForm = (t: string) => SMALL_WORD_ENDINGS.some(([ending, base]) => ending.test(t) && isStopword(t.replace(ending, base)));
  return queryConcepts(withoutPicking(question)).filter((group) => !group.every(smallWordForm));
}

/** Whether a question that names one paper sets the paper before it against that one ("How does it compare to PixelThink?", "Compare it with TGV-KV", "Does VEQ outperform it?"): `rest` is the question without the named paper's names. */
export function comparesWithOneBefore(rest: string): boolean {
  return (COMPARISON.test(rest) && refersBackToOne(rest)) || RELATES_TO_ONE.test(rest);
}

/** A question without the words with which it points back at one paper: "one" of "Who wrote that one?" is not what to search for. */
export function withoutPointingBack(question: string): string {
  return question.replace(BACK_TO_ONE_ALL, ' ');
}

/** The question without the words that ask for a comparison. */
export function withoutComparison(question: string): string {
  return question.replace(COMPARING, ' ');
}

/** The papers among `sources` whose system the question names (see namesSystem), each once, in source order. */
export function namedPapers(question: string, sources: Source[]): string[] {
  const ids: string[] = [];
  for (const s of sources) if (!ids.includes(s.paperId) && namesSystem(question, s.title)) ids.push(s.paperId);
  return ids;
}

/** Each stem a text writes, with the first word it is written as. */
const writtenForms = (text: string) => new Map(words(text).map((w) => [stem(w), w] as const).reverse());

/**
 * A question about one paper with each word the paper writes only in another form written in its
 * form ("Can PhaseCoder transcribe speech?" of an abstract that writes "transcription"): the stems
 * differ, so the search would find nothing of it, and the paper was said not to answer. Not the
 * words `keptAsWritten` keeps: "significance" asks for the paper's gist, "significant" would not.
 */
export function inPaperWordForms(question: string, paperText: string, keptAsWritten: (word: string) => boolean = () => false): string {
  let forms: Map<string, string> | undefined;
  return question.replace(LETTER_WORD, (w) => {
    const [term] = queryTerms(w);
    if (!term || term.length < 5 || w.includes('-') || keptAsWritten(w)) return w;
    forms ??= writtenForms(paperText);
    if (forms.has(term)) return w;
    for (const [written, as] of forms) if (sameWordForm(term, written)) return as;
    return w;
  });
}

/** A term at least one in three texts writes (its idf at most 1 + ln 3): "models", "evaluate"; it tells little of what is asked. */
const COMMON_TERM_IDF = 1 + Math.log(3);
/** A term fewer than one in five texts writes: "diffusion", "LLaMA"; not "data", "training". */
const TELLING_TERM_IDF = 1 + Math.log(5);

/**
 * The words of a yes-or-no question about one paper (its name taken out) that tell what is asked
 * and that the paper writes in no form, as the question writes them, adjacent ones as one phrase:
 * "diffusion" of "Does MentisOculi use diffusion models?", where the abstract writes only the
 * common "models", whose sentences answer none of it. Empty where the paper writes a telling
 * word too, where the words it does not write are common too, or the question asks no yes or no.
 */
export function unwrittenTellingWords(about: string, paperText: string, idf: (term: string) => number, asksAnAspect: (word: string) => boolean = () => false): string[] {
  if (!YES_OR_NO.test(about)) return [];
  const written = new Set(terms(paperText));
  // "good" of "Is X any good for soccer?" asks for its results, whatever words they are in.
  const concepts = queryConcepts(words(about).filter((w) => !asksAnAspect(w)).join(' ')).map((group) => ({ group, written: group.some((t) => written.has(t)) }));
  // A common word unwritten ("data" of "Does GCL use multimodal data?") tells no more than a common one written.
  const unwritten = new Set(concepts.filter((c) => !c.written).flatMap((c) => c.group).filter((t) => idf(t) > TELLING_TERM_IDF));
  if (!unwritten.size || concepts.some((c) => c.written && c.group.some((t) => idf(t) > COMMON_TERM_IDF))) return [];
  const phrases: string[] = [];
  let run: string[] = [];
  const endRun = () => {
    if (run.length) phrases.push(run.join(' '));
    run = [];
  };
  for (const [w] of about.matchAll(WORD_AS_WRITTEN)) {
    if (!asksAnAspect(w) && queryTerms(w).some((t) => unwritten.has(t))) run.push(w);
    else endRun();
  }
  endRun();
  return [...new Set(phrases)];
}
