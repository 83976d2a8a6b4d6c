/** An abstract's sentences by the part of a summary they belong to (TL;DR, problem, method, results, limits), as their words classify them. */
import { systemNamePattern, type Paper } from '../../corpus/paper.js';
import { listEnd, splitSentences } from '../../text/sentences.js';
import { words } from '../../text/terms.js';
import { pointsBack, withoutLeadIn } from './pointers.js';
import { ADDITION, ADDRESSES_IT, AIM, ANSWERS_LIMIT, ATTAINS_BOUND, AUTHORS, BOILERPLATE, CITES, CONSEQUENCE, CONTRIBUTION, CONTRIBUTION_VERB, DIFFICULTY, EVALUATES, FINDING, LIMIT, MEANS, NEXT_STEP, OWN_LIMIT, PERCENT, PRIOR, QUESTION, REPORTS, RESULT, SHORTCOMING, THESIS } from '../../lexicon/sentence-roles.js';

/** How plainly a sentence reports a result: 0 when it only mentions an evaluation ("To support evaluation, we introduce a benchmark"). */
export const reportStrength = (s: string) => REPORTS.filter((re) => re.test(s)).length;
/** A limit stated: "To overcome this limitation, we introduce X" and "In this work, we explore whether X can address these limitations" are what the paper does. */
const statesLimit = (s: string) => !CONTRIBUTION.test(s) && !AIM.test(s) && !ANSWERS_LIMIT.test(s) && (LIMIT.test(s) || (SHORTCOMING.test(s) && !AUTHORS.test(s)));

/**
 * Which of a paper's sentences says what it is: the first that names its system with a
 * contribution verb, else the first contribution sentence, else the first that names its system
 * in the authors' words, else the first aim sentence, else the first in the authors' words (the
 * last three not reporting a result); else the first sentence.
 */
export function tldrIndex(sentences: readonly string[], title: string): number {
  return tldrCandidate(sentences, tldrKinds(title)) ?? 0;
}

/** Of the sentences `eligible` lets in, the one that best says what the paper is, in tldrIndex's order; undefined when none says it. */
export function tldrIndexAmong(sentences: readonly string[], title: string, eligible: (i: number) => boolean): number | undefined {
  return tldrCandidate(sentences, tldrKinds(title), eligible);
}

/** The kinds of sentence that say what a paper is, in tldrIndex's order. */
function tldrKinds(title: string): ((s: string) => boolean)[] {
  const name = systemNamePattern(title);
  return [
    (s) => !!name?.test(s) && CONTRIBUTION_VERB.test(s),
    (s) => CONTRIBUTION.test(s) && !ADDITION.test(s),
    (s) => !!name?.test(s) && AUTHORS.test(s) && !reportStrength(s),
    (s) => AIM.test(s),
    (s) => AUTHORS.test(s) && !reportStrength(s),
  ];
}

/** The first sentence of the first of `kinds` that `eligible` lets in (see tldrIndex); undefined when there is none. */
function tldrCandidate(sentences: readonly string[], kinds: readonly ((s: string) => boolean)[], eligible: (i: number) => boolean = () => true): number | undefined {
  // An abstract's last sentence is most often its conclusion ("This work establishes connections
  // ...", "Moreover, our approach can be extended"): the TL;DR only when no other sentence can be,
  // unless it plainly states the contribution ("We propose a new hybrid RL framework ...").
  const last = sentences.length - 1;
  const final = sentences[last]!;
  const concludes = last > 0 && (!CONTRIBUTION.test(final) || reportStrength(final) > 0 || ADDITION.test(final));
  for (const kind of kinds) {
    const i = sentences.findIndex((s, k) => (!concludes || k < last) && eligible(k) && kind(s));
    if (i >= 0) return i;
  }
  return concludes && eligible(last) && kinds.some((kind) => kind(final)) ? last : undefined;
}

/** How many words a TL;DR may take with the sentences it points back at (see standingTldr): about twice a TL;DR, 25 on average. */
const TLDR_WITH_REFERENTS_WORDS = 60;
/** How many words any sentence may take with the sentences it points back at when no other can stand in for it (a TL;DR, a part's only sentence, see sectionLine). */
export const WITH_REFERENTS_MOST_WORDS = 80;

/**
 * The TL;DR line, read first and alone: its first sentence and its TL;DR sentence, given the
 * sentence that says what the paper is (`index`, see tldrIndex). A TL;DR that still points back once its lead-in is cut ("…we introduce Furina, a
 * jailbreak attack that induces this signature") comes with the sentences it points back at when
 * together they take at most TLDR_WITH_REFERENTS_WORDS words. Else the first sentence that stands
 * alone and says what the paper is (a contribution, its system named, its aim: tldrIndex's kinds
 * but the last, any sentence in the authors' words) is the TL;DR; with none, the TL;DR comes with
 * the sentences it points back at up to WITH_REFERENTS_MOST_WORDS words, else alone.
 */
function standingTldr(sentences: readonly string[], title: string, index: number): { from: number; index: number } {
  const standsAlone = (i: number) => !pointsBack(withoutLeadIn(sentences[i]!));
  if (standsAlone(index)) return { from: index, index };
  let from = index - 1;
  while (from > 0 && !standsAlone(from)) from--;
  const size = words(sentences.slice(from, index + 1).join(' ')).length;
  if (size <= TLDR_WITH_REFERENTS_WORDS) return { from, index };
  const alone = tldrCandidate(sentences, tldrKinds(title).slice(0, -1), standsAlone);
  if (alone !== undefined) return { from: alone, index: alone };
  return { from: size <= WITH_REFERENTS_MOST_WORDS ? from : index, index };
}

/** The parts of a summary, each a list of the abstract's sentences in its order. */
export interface SummarySections {
  'TL;DR': string[];
  Problem: string[];
  Method: string[];
  Results: string[];
  Limits: string[];
}

export type SummarySection = keyof SummarySections;

export type SectionedAbstract = SummarySections & { readonly order: readonly string[] };

/**
 * The abstract's sentences by the part of a summary they belong to; undefined for an empty
 * abstract. A list ("(1) ... (2) ..." or "First, ... Second, ...", see listEnd) is one entry,
 * its sentences joined, in the part its first sentence belongs to: a part of it would cut it.
 */
export function summarySections(paper: Paper): SectionedAbstract | undefined {
  const parts = summaryParts(paper);
  return parts && { ...parts.sections, order: parts.order };
}

/**
 * The last paper's parts: one question about a paper reads them several times (the part asked,
 * the sentences naming its data, its problem for the quote, its summary). Only the last is kept,
 * so a long-running bot keeps no more than one paper's.
 */
let lastParts: { paper: Paper; parts: ReturnType<typeof partsOf> } | undefined;

/** partsOf(paper), read again from lastParts when it is the last paper's. */
export function summaryParts(paper: Paper): ReturnType<typeof partsOf> {
  if (lastParts?.paper !== paper) lastParts = { paper, parts: partsOf(paper) };
  return lastParts.parts;
}

/** The abstract's sentences by part (see summarySections), and all of them (a list as one) in the abstract's order. */
function partsOf(paper: Paper): { sections: SummarySections; order: string[]; limitsFound: string[] } | undefined {
  // A sentence repeated word for word is one sentence: the summary's choice is of sentences' texts, and a chosen text
  // would show every copy (a record of one sentence 20,000 times gave a "short" summary of all of them).
  const all = [...new Set(splitSentences(paper.abstract).map((s) => s.text))];
  if (all.length === 0) return undefined;
  // A sentence that also states a contribution or a figure is kept: "we release X, which cuts costs by 30%" is content.
  const kept = all.filter((s) => !BOILERPLATE.test(s) || CONTRIBUTION.test(s) || PERCENT.test(s));
  const sentences = kept.length ? kept : all;
  const first = (re: RegExp) => sentences.findIndex((s) => re.test(s));
  const strongIdx = first(CONTRIBUTION);
  const aimIdx = first(AIM);
  const saysWhat = tldrIndex(sentences, paper.title);
  const { from: tldrFrom, index: tldrIdx } = standingTldr(sentences, paper.title, saysWhat);
  // What comes before the paper's first word about its own work is the problem; with none, the first sentence alone.
  // A TL;DR that closes the abstract would leave all the rest to the problem: there, the authors' first "we" ends it
  // (elsewhere "We argue that this assumption fails" before the TL;DR is part of the problem). The sentence that says
  // what the paper is counts, also where another stands in for it as the TL;DR (zhou26bz's closing "We call on ...").
  const closing = saysWhat === sentences.length - 1 ? first(AUTHORS) : -1;
  const starts = [saysWhat, tldrIdx, strongIdx, aimIdx, closing].filter((i) => i >= 0);
  // A position paper that opens with its thesis ("This position paper argues that ...") then lays out what it argues
  // against: the problem runs to the authors' next word ("We contend that ...").
  const afterThesis = THESIS.test(sentences[0]!) ? sentences.findIndex((s, i) => i > 0 && AUTHORS.test(s)) : -1;
  const problemEnd = afterThesis > 0 ? afterThesis : Math.max(Math.min(...starts), 1);
  const evaluatesOthers = EVALUATES.test(sentences[saysWhat]!);
  const partOf = (s: string, i: number): SummarySection => {
    if (i >= tldrFrom && i <= tldrIdx) return 'TL;DR';
    if (i < problemEnd || PRIOR.test(s) || QUESTION.test(s)) return 'Problem';
    const finding = (x: string) => RESULT.test(x) || PERCENT.test(x) || ATTAINS_BOUND.test(x) || (FINDING.test(x) && !CONTRIBUTION.test(x));
    // After the TL;DR, a consequence of a finding ("We show that residuals are heavy-tailed. As a consequence, ...") is one too.
    const asBefore = () => (i - 1 === tldrIdx ? (finding(sentences[i - 1]!) ? 'Results' : 'Method') : partOf(sentences[i - 1]!, i - 1));
    if (NEXT_STEP.test(s) && i > 0) return asBefore();
    // What the authors build or how they answer the problem ("we propose a ... evaluation scheme", "We address this by
    // evaluating ...") is their method, whatever it evaluates, unless it also reports a result or states a finding.
    const doing =
      ((CONTRIBUTION.test(s) || (ADDRESSES_IT.test(s) && AUTHORS.test(s))) && !reportStrength(s) && !FINDING.test(s)) ||
      // "To ensure scalability, we employ Ghost ..., incurring only 4.7% additional compute overhead": a means to an end, whose figure is its cost, not a gain.
      (MEANS.test(s) && !REPORTS.slice(1).some((re) => re.test(s)) && !FINDING.test(s));
    if (finding(s) && !doing) return 'Results';
    if (CONSEQUENCE.test(s) && !AUTHORS.test(s) && i > 0) return asBefore();
    if (!AUTHORS.test(s) && (CITES.test(s) || DIFFICULTY.test(s))) return 'Problem';
    const isLimit = statesLimit(s);
    // A paper that evaluates models finds their limits ("Analysis of UMMs exposes a critical limitation: ... they fail to
    // leverage ..."): its results, not its own limits, which it states in its own words ("our", "future work").
    if (isLimit && evaluatesOthers && !OWN_LIMIT.test(s)) return 'Results';
    return isLimit ? 'Limits' : 'Method';
  };
  const sections: SummarySections = { 'TL;DR': [], Problem: [], Method: [], Results: [], Limits: [] };
  const order: string[] = [];
  for (let i = 0; i < sentences.length; ) {
    const end = listEnd(sentences, i);
    const run = sentences.slice(i, end);
    // A list that holds a sentence of the TL;DR is the TL;DR, whole.
    const tldrInRun = tldrFrom < end && tldrIdx >= i;
    // A list reports results only when each of its items does ("First, it computes projections faster. Second, it combines this with ...": how it works).
    const parts = run.map((s, k) => partOf(s, i + k));
    const listPart = parts.every((p) => p === 'Results') ? 'Results' : (parts.find((p) => p !== 'Results') ?? 'Method');
    const entry = run.join(' ');
    sections[tldrInRun ? 'TL;DR' : listPart].push(entry);
    order.push(entry);
    i = end;
  }
  // The limits an evaluation finds in what it evaluates: what "What are the limitations of MentisOculi?" can be answered with when it states none of its own.
  const limitsFound = evaluatesOthers ? sections.Results.filter((s) => statesLimit(s) && !OWN_LIMIT.test(s)) : [];
  return { sections, order, limitsFound };
}

/**
 * The results in which a paper that evaluates models finds their limits ("Analysis of UMMs
 * exposes a critical limitation: ... they fail to leverage ..."), in the abstract's order; none
 * of a paper that does not evaluate others'.
 */
export function limitsFound(paper: Paper): string[] {
  return summaryParts(paper)?.limitsFound ?? [];
}
