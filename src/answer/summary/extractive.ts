/** A paper's summary without a model, from its abstract's own sentences: which of them each length shows, and more of them for going on. */
import type { Paper } from '../../corpus/paper.js';
import { readableTex } from '../../corpus/text.js';
import { words } from '../../text/terms.js';
import { SUMMARY_LENGTHS, type SummaryLength } from '../summary.js';
import { pointersFollowReferents, referents, shownTldr } from './pointers.js';
import { reportStrength, summaryParts, WITH_REFERENTS_MOST_WORDS, type SectionedAbstract, type SummarySection, type SummarySections } from './sections.js';

/**
 * How much of its abstract a summary may quote, as a share of the abstract's characters: a
 * medium summary that took two sentences of every part was 84% of its abstract, a short one 47%.
 * (A long one is all of it, unless the abstract is longer than SUMMARY_BASIS_MAX: see summaryChoice.)
 */
const SHARE: Record<SummaryLength, number> = { short: 0.4, medium: 0.55, long: 1 };
/**
 * The most of an abstract's characters a summary's share is taken of: a little more than an
 * abstract runs to (the longest of the 306 shipped has 1,859). A record whose "abstract" is a
 * whole paper, or 940 KB of text, would otherwise make a short summary 40% of it.
 */
const SUMMARY_BASIS_MAX = 3_000;

/**
 * A summary built from the abstract's own sentences, in the abstract's order: TL;DR (the
 * sentences that say what the paper is and stand alone, see standingTldr), problem, method,
 * results and (only if stated) limits. Links and release notes are left out. See
 * summaryChoice for what each length keeps.
 */
export function extractiveSummary(paper: Paper, length: SummaryLength): string {
  const parts = summaryParts(paper);
  if (!parts) return '';
  const { sections, order } = parts;
  return summaryLines(sections, summaryChoice(sections, order, length, paper.abstract.length));
}

/**
 * More of a paper's summary, for a conversation that asks to go on ("Tell me more", "Go on"):
 * the sentences of the shortest summary (short, then medium, then long) that has any not yet
 * shown, less those shown, as summary lines; undefined once the whole abstract has been. `shown`
 * tells whether a text, as an answer shows it, is in one of the conversation's answers.
 */
export function summaryGoingOn(paper: Paper, shown: (text: string) => boolean): string | undefined {
  const next = unshownSentences(paper, shown);
  return next && summaryLines(next.sections, new Set(next.sentences));
}

/** The first sentence summaryGoingOn would show, as an answer shows it: for going on with several papers, a sentence of each. */
export function nextSentenceShown(paper: Paper, shown: (text: string) => boolean): string | undefined {
  const next = unshownSentences(paper, shown);
  const first = next && shownInOrder(next.sections, new Set(next.sentences))[0];
  return first === undefined ? undefined : readableTex(next!.sections['TL;DR'].includes(first) ? shownTldr(first) : first);
}

/** The sentences summaryGoingOn shows, with the summary's sections they belong to. */
function unshownSentences(paper: Paper, shown: (text: string) => boolean): { sections: SummarySections; sentences: string[] } | undefined {
  const parts = summaryParts(paper);
  if (!parts) return undefined;
  const { sections, order } = parts;
  // A TL;DR is shown without its lead-in (see shownTldr); a quote shows it whole.
  const unshown = new Set(order.filter((s) => !shown(readableTex(s)) && !shown(readableTex(shownTldr(s)))));
  for (const length of SUMMARY_LENGTHS) {
    const sentences = [...summaryChoice(sections, order, length, paper.abstract.length)].filter((s) => unshown.has(s));
    if (sentences.length) return { sections, sentences };
  }
  return undefined;
}

/** The chosen sentences as summary lines, part by part ("**TL;DR:** ... [1]"), each part in the abstract's order. */
function summaryLines(sections: SummarySections, chosen: ReadonlySet<string>): string {
  const lines = (Object.keys(sections) as SummarySection[]).map((label) => [label, sections[label].filter((s) => chosen.has(s))] as const);
  return lines.filter(([, shown]) => shown.length).map(([label, shown]) => partLine(label, shown)).join('\n');
}

/**
 * Which of a summary's sentences a length shows. Always the TL;DR and the result that reports
 * most plainly (the problem where no result is stated), and in a medium one the method's first
 * sentence; then, while they fit in the length's share of the abstract, a short one's first
 * sentence of the method, a medium one's of the problem and the limits, then its others in turn.
 * A sentence that does not fit is left out and the next one tried, so a list (one entry, see
 * summarySections) is whole or not there. A sentence that points back ("This method ...", "close
 * this gap", see pointsBack) comes with the one before it in the abstract, shown right before it
 * (after the TL;DR, which stands first, when it points back at that), or not at all: then the
 * next of its kind stands in (the next result, the method's next sentence). `order` is the
 * sections' entries in the abstract's order.
 */
export function summaryChoice(sections: SummarySections, order: readonly string[], length: SummaryLength, abstractLength: number): Set<string> {
  // A long summary is the whole abstract: no sentence of it is left out for want of its referent. Not of a text far longer than an abstract.
  if (length === 'long' && abstractLength <= SUMMARY_BASIS_MAX) return new Set(order);
  const results = byReportStrength(sections.Results);
  const [problem, ...moreProblem] = sections.Problem;
  const [method, ...moreMethod] = sections.Method;
  const [limit, ...moreLimits] = sections.Limits;
  const musts = [results.length ? results : [problem], length === 'short' ? [] : sections.Method];
  // A short summary says what a paper is, how and how well; a problem only stands in for a missing part.
  const rest = length === 'short' ? [method ?? problem] : [problem, limit, ...interleave(results.slice(1), moreMethod, moreProblem, moreLimits)];
  const chosen = new Set<string>();
  let used = 0;
  const size = (added: readonly string[]) => added.reduce((n, x) => n + x.length, 0);
  const fits = (added: readonly string[]) => used + size(added) <= SHARE[length] * Math.min(abstractLength, SUMMARY_BASIS_MAX);
  /** Shows `s`, with the sentences it points back at, if `allowed` lets them in and each pointer then follows its referent. */
  const show = (s: string | undefined, allowed: (added: readonly string[]) => boolean): boolean => {
    if (!s || chosen.has(s)) return false;
    const added = [s, ...referents(s, order, sections['TL;DR'])].filter((x) => !chosen.has(x));
    if (!allowed(added) || !pointersFollowReferents(shownInOrder(sections, new Set([...chosen, ...added])), order, sections['TL;DR'])) return false;
    for (const x of added) chosen.add(x);
    used += size(added);
    return true;
  };
  // The TL;DR is shown whatever its size: all its sentences (see standingTldr).
  for (const s of sections['TL;DR']) show(s, () => true);
  // A must alone is shown whatever its size; with its referents, the first of its list that fits,
  // else, unless one of its list is already shown (a method sentence the result points back at),
  // the first that can be shown at all, so that a summary keeps its result.
  for (const candidates of musts) {
    candidates.some((s) => show(s, (added) => added.length === 1 || fits(added))) || candidates.some((s) => chosen.has(s)) || candidates.some((s) => show(s, () => true));
  }
  for (const s of rest) show(s, fits);
  return chosen;
}

/** Not "this paper", "this work" or "this position paper": the paper itself. */
function shownInOrder(sections: SummarySections, chosen: ReadonlySet<string>): string[] {
  return (Object.keys(sections) as SummarySection[]).flatMap((label) => sections[label].filter((s) => chosen.has(s)));
}

/** One from each list in turn: [a1, b1, c1, a2, b2, ...]. */
function interleave<T>(...lists: T[][]): T[] {
  const out: T[] = [];
  for (let i = 0; i < Math.max(0, ...lists.map((l) => l.length)); i++) for (const l of lists) if (i < l.length) out.push(l[i]!);
  return out;
}

/** The results that report most plainly ("Experimental results demonstrate ... by 30.4%") before ones that only mention an evaluation; the abstract's order among equals. */
function byReportStrength(results: readonly string[]): string[] {
  return [...results].sort((a, b) => reportStrength(b) - reportStrength(a));
}

/** "**Results:** ... [1]": one part of a summary, cited to its abstract, source `n`. */
function partLine(label: SummarySection, shown: readonly string[], n = 1): string {
  const text = label === 'TL;DR' ? shown.map(shownTldr) : shown;
  return `**${label}:** ${readableTex(text.join(' '))} [${n}]`;
}

/**
 * "**Results:** ... [1]": one part of the summary, in the abstract's order: the whole TL;DR (see
 * standingTldr); of another part, as many sentences as `length` takes (the results that report
 * most plainly first), each that points back right after the sentence it points at, else the
 * next of the part stands in. A method line may point back at the TL;DR: a question about a
 * paper's method is answered with its TL;DR line first (what it proposes is the heart of its
 * method), then this one. Only when none of the part can stand does its first come with the
 * sentences it points back at, though of another part ("This approach often uncovers
 * undertuning" alone answers no question), up to WITH_REFERENTS_MOST_WORDS words, else alone. A
 * long one is the whole part, as a long summary is. Cited to source `n`.
 */
export function sectionLine(sections: SectionedAbstract, label: SummarySection, length: SummaryLength, n = 1): string {
  const all = sections[label];
  if (label === 'TL;DR' || length === 'long') return partLine(label, all, n);
  const { order } = sections;
  const shownBefore = label === 'Method' ? sections['TL;DR'] : [];
  const take = length === 'short' ? 1 : 2;
  const candidates = label === 'Results' ? byReportStrength(all) : all;
  const chosen = new Set<string>();
  const line = (added: string) => order.filter((x) => chosen.has(x) || x === added);
  // Passes until nothing more fits: a pointer may follow its referent taken on a later turn ("This gain ..." after its result).
  for (let grew = true; grew && chosen.size < take; ) {
    grew = false;
    for (const s of candidates) {
      if (chosen.size >= take) break;
      if (chosen.has(s) || !pointersFollowReferents(line(s), order, shownBefore)) continue;
      chosen.add(s);
      grew = true;
    }
  }
  if (!chosen.size) {
    const [first] = candidates as [string];
    const withReferents = [...referents(first, order, shownBefore), first].filter((x) => !shownBefore.includes(x));
    for (const x of words(withReferents.join(' ')).length <= WITH_REFERENTS_MOST_WORDS ? withReferents : [first]) chosen.add(x);
  }
  return partLine(label, order.filter((x) => chosen.has(x)), n);
}

/** A summary's parts, and all their entries in the abstract's order (what a sentence points back at, see sectionLine). */
