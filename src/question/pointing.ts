/** Questions that name papers: which papers a question names, sets side by side, or asks others like. */
import { namesSystem } from '../corpus/paper.js';
import type { Paper } from '../corpus/paper.js';
import type { Source, Turn } from '../types.js';
import { isStopword, queryConcepts, queryTerms, stem, terms, words } from '../text/terms.js';

/** Words that ask for papers besides the ones named ("other work on it", "alternatives to X"). */
const OTHER_PAPERS = /\b(other|others|besides|alternatives?)\b/i;
/** Words that ask for papers like the one named ("papers like PixelThink", "related work"); not "like I'm five". */
const RESEMBLING = /\b(similar|related|like(?!\s+i(?:['’]?m| am)\b))\b/i;
const PAPERS = /\b(papers?|works?|methods?|approaches|studies|ones|anything|something)\b/i;
/**
 * Words that ask what to read after the paper named ("What else should I read after PixelThink?",
 * "I liked PRISM, what should I read next?", "further reading on VEQ"): papers besides it, as
 * "papers like it" are. Only the reader's "read": "What does PixelThink read next?" asks about PixelThink.
 */
const READ_ON = /\b(i|we|to)\s+(\w+\s+)?read\b[^.?!]*\b(next|after|afterwards)\b|\b(else|next)\b[^.?!]*\b(i|we|to)\s+(\w+\s+)?read\b|\bfurther reading\b/i;
/** "What's related to PhaseCoder?", "What is similar to VEQ?": what is like the one paper named, with no word for papers. */
const WHAT_RESEMBLES = /\bwhat(?:['’]s|\s+is|\s+else\s+is)?\s+(?:related|similar)\s+to\b/i;
/** Words that set a paper against another: with one paper named, the other is not named. */
const COMPARISON = /\b(compare[ds]?|comparing|comparison|versus|vs|unlike|differ(s|ed|ing|ences?)?|than)\b/i;

/** What a paper compares itself with in its own experiments ("What baselines does TUR-DPO compare against?"), not another indexed paper. */
const OWN_BASELINES = /\b(baselines?|prior (work|art|methods?)|existing (methods?|approaches)|state[- ]of[- ]the[- ]art)\b/i;

/** Whether a question asks about papers besides the one it names ("compared with VEQ"; not "compared with its baselines"). */
export function asksBeyondNamed(question: string): boolean {
  return OTHER_PAPERS.test(question) || RESEMBLING.test(question) || READ_ON.test(question) || (COMPARISON.test(question) && !OWN_BASELINES.test(question));
}

/**
 * Whether a question that names several papers asks for others too. "Compare X and Y" and "How
 * are X and Y related?" are about X and Y alone; "papers similar to X and Y" are not.
 */
export function asksForOthers(question: string): boolean {
  return OTHER_PAPERS.test(question) || READ_ON.test(question) || WHAT_RESEMBLES.test(question) || (RESEMBLING.test(question) && PAPERS.test(question));
}

/** The words of "papers like X", "other work similar to X": with them and X's name taken out, what else is asked. */
const RELATING = new RegExp(`${OTHER_PAPERS.source}|${RESEMBLING.source}|${PAPERS.source}|\\b(to|any|more|find|show|list|recommend|suggest|me|else|next|read|reading|further|liked|enjoyed|loved)\\b`, 'gi');

/** Whether a question, without the paper it names, asks only for papers like that one ("Papers like PixelThink?"): /related's job. Not "the other paper", a place picked. */
export function asksOnlyForLike(question: string): boolean {
  const rest = withoutPlace(question);
  return asksForOthers(rest) && !COMPARISON.test(rest) && queryConcepts(rest.replace(RELATING, ' ')).length === 0;
}

/** Whether a question asks for papers other than the ones it names ("Which other papers use RL like PixelThink?"): not "other datasets", "other methods". */
export function excludesNamed(question: string): boolean {
  // "work" as a noun only: "Does PhaseCoder work with other arrays?" asks about PhaseCoder.
  return (OTHER_PAPERS.test(question) || RESEMBLING.test(question)) && /\b(papers?|studies|publications|(other|related|similar|prior|previous) works?)\b/i.test(question);
}

/** What a comparison asks for rather than about: "differ" is not a topic ("ReasonSeg-Diff" would match it), nor "in common". */
const COMPARING = new RegExp(`${COMPARISON.source}|\\b(in common|similar|similarit(y|ies)|related|relate|alike)\\b`, 'gi');

/** Words with which a follow-up points back at every paper before it ("Who wrote them?", "When were they published?"). */
const BACK_TO_ALL = /\b(they|them|their|theirs|both|the two|these|those)\b/i;
const BACK_TO_ALL_ALL = new RegExp(BACK_TO_ALL.source, 'gi');
/** Words with which a follow-up points back at the papers before it, all of them or to pick one ("How do they differ?", "Which one is faster?"). */
const BACK = new RegExp(`${BACK_TO_ALL.source}|\\b(either|neither|which ones?|which is|the former|the latter)\\b`, 'i');

/** Whether a follow-up that names no paper is about the papers the earlier question compared. */
export function refersBack(question: string): boolean {
  return BACK.test(question) || COMPARISON.test(question);
}

/** A follow-up that only asks to go on with the last answer ("Tell me more", "Why?", "Can you elaborate?"), and nothing else. */
const GOES_ON = /^\W*(?:(?:and|so|ok(?:ay)?|please|but)[\s,]+)?(?:(?:can|could|would) you\s+)?(?:tell me more|more|go on|continue|why|how so|how|explain|elaborate|details?|more details|what else|anything else|what do you mean|and)(?:\s+(?:please|(?:on|about) (?:that|this)(?: (?:one|paper))?))?\W*$/i;

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

/** Words that pick one of the papers before by its place in the list ("the second one", "the last paper"). */
const PLACES = ['first', 'second', 'third', 'fourth', 'fifth', 'sixth', 'seventh', 'eighth', 'ninth', 'tenth'];
// "The other one" is a place too: of two, the one the conversation went on with is not it (see otherPicked).
const PLACE = new RegExp(`\\bthe (${PLACES.join('|')}|last|other|\\d+(?:st|nd|rd|th)) (?:one|paper)\\b`, 'i');
const PLACE_ALL = new RegExp(PLACE.source, 'gi');
/** Words with which a follow-up points back at the one paper before it ("What are its results?", "What does this paper train on?", "Who wrote the second one?"). */
const BACK_TO_ONE = new RegExp(`\\b(its|(this|that) (paper|work|method|approach|model|system|one)|the paper|the authors)\\b|${PLACE.source}`, 'i');
const BACK_TO_ONE_ALL = new RegExp(BACK_TO_ONE.source, 'gi');
/**
 * A bare "this" or "that" points back where it ends a question that asks about a paper ("Who wrote
 * that?", "What are the results of this?", "What is that about?"), or is all that is left of one
 * ("that?" of "Who wrote that?"); elsewhere it is an ordinary word ("What does this mean for RL?").
 */
const THAT_ALONE = /(?:\b(?:wrote|written|authored|published|about|(?:summari[sz]e|explain|describe)|(?:results?|findings?|limitations?|contributions?|method|datasets?|code|authors?|idea|novelty|point) (?:of|in|from))\s+|^\W*(?:what(?:['’]s| is| was)\s+)?)(?:this|that)(?:\s+about)?\W*$/i;
/** "It" points back in a short question ("How fast is it?"); in a longer one it is mostly the question's own topic ("What is KV cache eviction and why is it useful?"). */
const IT = /\bit\b/i;
const SHORT_QUESTION_WORDS = 7;
/** A follow-up that asks for a paper is not about the one before ("Which paper studies spatial audio, and how does it work?"). */
const ASKS_FOR_PAPER = /\bwhich (paper|one|work|study|method)\b/i;
/** "It" that stands for nothing ("Is it possible to ...?", "it is known that", "Is it better to ...?"); not "Is it better than ...?", which asks about the paper. */
const DUMMY_IT = /\b(is|was) it (possible|true|worth|known|better(?! than))\b|\bit (is|was|seems) (possible|true|worth|known|better|hard|easy|common)\b/i;

/** Whether a follow-up that names no paper is about the one paper the earlier question named. */
export function refersBackToOne(question: string): boolean {
  const q = question.replace(DUMMY_IT, ' ');
  if (ASKS_FOR_PAPER.test(q)) return false;
  return BACK_TO_ONE.test(q) || THAT_ALONE.test(q) || (IT.test(q) && q.split(/\s+/).filter(Boolean).length <= SHORT_QUESTION_WORDS);
}

/** Nouns for a paper, which a description goes with ("the paper on mental imagery", "the spatial audio paper"). */
const PAPER_NOUN = '(?:paper|work|study|article)';
/**
 * "the paper on mental imagery", "that paper about hallucination being space optimal", "the one
 * with the credit system": a paper described by what follows it. Not "the paper on arXiv" (where
 * it is), nor "What is that paper about exactly?".
 */
const DESCRIBED_AFTER = new RegExp(`\\b(?:the|that|this) (?:${PAPER_NOUN}|one) (?:on|about|with|that|which|where|titled|called|named|proposing|introducing|presenting|studying|showing)\\s+(?!(?:it|this|that|them|they|arxiv|github|openreview|hugging ?face|exactly|then|again|really|anyway|please)\\b)[\\p{L}\\p{N}"“]`, 'iu');
/** "Is the paper about video?", "Was that paper on RL?": a question about the paper pointed at, not a description of another. */
const ASKS_IF_ABOUT = new RegExp(`^\\W*(?:is|was|isn['’]t|wasn['’]t) (?:the|that|this) ${PAPER_NOUN} (?:about|on)\\b`, 'i');
/**
 * "the spatial audio paper", "the invisible lottery paper": a paper described by the words right
 * before it, none of them a word that joins or points ("the results of that paper" is that paper's results).
 */
const DESCRIBED_BEFORE = new RegExp(`\\bthe ((?:(?!(?:of|this|that|these|those|its|their|the|an?|in|on|for|from|by|and|or|to|with)\\b)[\\p{L}\\p{N}][\\p{L}\\p{N}'’-]*\\s+){1,5}?)${PAPER_NOUN}\\b`, 'giu');
/** Words before "paper" that point at a paper already talked about rather than describe one ("the same paper", "the second paper", "the original work"). */
const POINTING_ADJECTIVES = new RegExp(`\\b(?:same|previous|above|last|former|latter|other|earlier|mentioned|original|whole|full|entire|actual|cited|current|given|said|main|${PLACES.join('|')}|\\d+(?:st|nd|rd|th))\\b`, 'gi');

/**
 * Whether a question describes the paper it asks about ("Who wrote the paper about microphone
 * geometry?", "the invisible lottery paper - what do they find?") rather than pointing back at
 * one: its "the paper", "it" and "they" are that paper, whatever the conversation was on.
 */
export function describesPaper(question: string): boolean {
  if (DESCRIBED_AFTER.test(question) && !ASKS_IF_ABOUT.test(question)) return true;
  return [...question.matchAll(DESCRIBED_BEFORE)].some((m) => queryConcepts(m[1]!.replace(POINTING_ADJECTIVES, ' ')).length > 0);
}

/** Words that point back at one paper, bare "it", "this" and "that" too. */
const POINTER_ALL = new RegExp(`${BACK_TO_ONE.source}|\\b(?:it|this|that)\\b`, 'gi');

/** Where a new clause that asks something starts: "… and what", ", and who", "; does", "? How". */
const NEW_CLAUSE = /(?:[,;:?.!]\s*(?:(?:and|then|so)\s+)?|\s(?:and|then|so)\s+)(?=(?:what|how|who|whom|when|where|why|which|does|did|do|is|was|are|were|can|could|has|have)\b)/gi;

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

/**
 * Words with which a follow-up asks which of the papers before it do something ("Which of them
 * use LLMs?", "which of these is about video?", "Do any of them use GRPO?"): those that do, not
 * each one.
 */
const WHICH_OF = /\b(?:which (?:ones|of (?:them|these|those)(?: papers)?)|any of (?:them|these|those))\b/i;
/** Words that ask which of several papers has more or less of a measure ("uses less memory", "is cheaper"): a comparison of each, not a pick of those that write the word. */
const COMPARATIVES = 'more|less|fewer|most|least|better|worse|cheaper|smaller|larger|bigger|lighter|heavier|faster|slower|quicker|lower|higher|shorter|longer|leaner';
const COMPARATIVE = new RegExp(String.raw`\b(?:${COMPARATIVES})\b`, 'i');

/** Whether a question asks which of the papers set side by side has more or less of something ("Which one uses less memory?", "Which one is cheaper?"). */
export function asksWhichMore(question: string): boolean {
  return COMPARATIVE.test(question);
}

/**
 * "Which one uses RL?", "Which of the two is about video?", "Does either use RL?": which of two
 * papers set side by side does something. Not "Which one is faster?", "Which of the two is
 * better?" nor "Which one uses less memory?": a comparison, of each.
 */
const WHICH_ONE = new RegExp(String.raw`\b(?:which (?:one|of (?:the two|both))|(?:do|does|did) either(?: of (?:them|these|those|the two))?)\b(?!\s+(?:(?:is|was|are|were)\s+(?:${COMPARATIVES}|best|worst|\p{L}+(?:er|est))|\p{L}+s\s+(?:${COMPARATIVES}))\b)`, 'iu');
const PICKING_ALL = new RegExp(`${WHICH_OF.source}|${WHICH_ONE.source}`, 'giu');

/** "which one", "which of the two": how a comparison asks ("Which one is faster?"), no word of what it asks. */
const WHICH_OF_SEVERAL = /\bwhich (?:one|of (?:the two|both|them|these|those))\b/giu;

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

/** Endings of a small word's other forms, and what each stands for: "uses" and "used" are "use"; "using" too. */
const SMALL_WORD_ENDINGS: [RegExp, string][] = [[/s$/, ''], [/es$/, ''], [/d$/, ''], [/ed$/, ''], [/ing$/, ''], [/ing$/, 'e']];

/**
 * What a paper picked by a follow-up must write ("Which one uses reinforcement learning?":
 * reinforc, learn): the concepts of what it asks (see queryConcepts), without the words that
 * pick and without a small word's other forms ("uses", "using"), which any paper may or may not write.
 */
export function pickedConcepts(question: string): string[][] {
  const smallWordForm = (t: string) => SMALL_WORD_ENDINGS.some(([ending, base]) => ending.test(t) && isStopword(t.replace(ending, base)));
  return queryConcepts(withoutPicking(question)).filter((group) => !group.every(smallWordForm));
}

/**
 * A verb that relates a paper to the one pointed at, without the words of a comparison: "Does VEQ
 * outperform it?", "Does VEQ build on that paper?". Not "claims to beat larger models": no pointer after it.
 */
const RELATES_TO_ONE = /\b(?:outperform(?:s|ed|ing)?|beat(?:s|ing)?|improv(?:es?|ed|ing) (?:up)?on|buil(?:ds?|t|ding) (?:up)?on|extend(?:s|ed|ing)?|cit(?:es?|ed|ing))\s+(?:it|(?:this|that) (?:paper|work|one))\b/i;

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

/**
 * Two stems are forms of one word when they share all but one letter of the shorter, seven at least
 * ("transcrib" of transcribe and "transcription", "retriev" and "retrieval"), or the longer is the
 * shorter with a noun's or adjective's ending ("detect" and "detection", "recogn" and "recognition").
 * Not "transform" and "transf" (transfer), nor "general" (generalize) and "generat" (generates).
 */
const FORM_SHARED_MIN = 7;
const NOUN_ENDING = /^(?:ion|ition|ation|ive|al|or)s?$/;
const sameWord = (a: string, b: string) => {
  const [shorter, longer] = a.length <= b.length ? [a, b] : [b, a];
  let shared = 0;
  while (shared < shorter.length && shorter[shared] === longer[shared]) shared++;
  if (shared === shorter.length && shorter.length >= 5 && NOUN_ENDING.test(longer.slice(shared))) return true;
  return shared >= FORM_SHARED_MIN && shared >= shorter.length - 1;
};

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
  return question.replace(/[\p{L}][\p{L}-]*/gu, (w) => {
    const [term] = queryTerms(w);
    if (!term || term.length < 5 || w.includes('-') || keptAsWritten(w)) return w;
    forms ??= writtenForms(paperText);
    if (forms.has(term)) return w;
    for (const [written, as] of forms) if (sameWord(term, written)) return as;
    return w;
  });
}

/** Asked yes or no: "Does X use diffusion models?", "Can X run on a phone?", "Is X trained on video?". */
const YES_OR_NO = /^\W*(?:(?:and|so)\s+)?(?:does|do|did|is|are|was|were|can|could|has|have|will|would|should)\b/i;
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
  for (const [w] of about.matchAll(/[\p{L}\p{N}][\p{L}\p{N}'’.-]*[\p{L}\p{N}]|[\p{L}\p{N}]/gu)) {
    if (!asksAnAspect(w) && queryTerms(w).some((t) => unwritten.has(t))) run.push(w);
    else endRun();
  }
  endRun();
  return [...new Set(phrases)];
}
