/** A paper's summary without a model, from its abstract's own sentences. */
import { systemNamePattern, type Paper } from '../corpus/paper.js';
import { readableTex } from '../corpus/text.js';
import { splitSentences } from '../text/sentences.js';
import { queryTerms, words } from '../text/terms.js';

export const SUMMARY_LENGTHS = ['short', 'medium', 'long'] as const;
export type SummaryLength = (typeof SUMMARY_LENGTHS)[number];

export function isSummaryLength(x: unknown): x is SummaryLength {
  return (SUMMARY_LENGTHS as readonly unknown[]).includes(x);
}

/** A sentence that states what the paper contributes: "we propose X", "this paper presents". */
const CONTRIBUTION = /\bwe\b[^.;]{0,120}?\b(propose|present|introduce|develop|design|construct|build)\b|\bthis (paper|work) (proposes|presents|introduces)\b|\bour (method|approach|framework|model|algorithm)\b/i;
/** Weaker: what the paper sets out to do ("we study", "we establish that"). */
const AIM = /\bwe (study|formulate|prove|derive|establish|aim|investigate|analy[sz]e)\b/i;
/** A contribution verb anywhere, for a sentence that names the paper's system ("... and accordingly propose TGV-KV"). */
const CONTRIBUTION_VERB = /\b(propos|present|introduc|develop|design)\w*/i;
/** The authors speaking of their own work. */
const AUTHORS = /\b(we|our)\b|\bthis (\w+ )?(paper|work|study)\b/i;
/** What earlier work did: part of the problem, wherever it stands. */
const PRIOR = /^(prior|previous|existing|current|recent|standard) (\S+ )?(work|methods?|approaches|models?|efforts?|systems?)\b/i;
/** Evidence and findings: experiments, comparisons, numbers, what the authors conclude. */
const RESULT = /\b(results?|achiev\w*|outperform\w*|surpass\w*|state-of-the-art|sota|experiments?|empirical(ly)?|evaluat\w*|demonstrat\w*|accuracy|speedups?|faster|benchmarks?|findings?|we find|suggests?|conclude|reveals?)\b/i;
/** A figure in percent ("30.4%", "50\\%"): what a result sentence reports. */
const PERCENT = /\d\s*\\?%/;
/** A limit the paper states. Not "limited data": that is a setting. */
const LIMIT = /\b(limitations?|future work|remains? (an open|challenging))\b/i;
/** A shortcoming, when the authors do not say it ("we do not need a projection", "our method does not require labels" are strengths). */
const SHORTCOMING = /\b(fails? to|does not|cannot)\b/i;
/** Links and release notes ("Code is available at ...", "We release our models"): not part of what the paper found. */
const BOILERPLATE = /https?:\/\/|\\url\{|\bgithub\.com\b|\b(code|data|datasets?|models?|weights|checkpoints?|implementation|project page|demo)\b[^.]{0,40}\b(is|are|will be|has been|have been)\s+(made\s+)?(publicly\s+)?(available|released|open-?sourced?)\b|\bwe (will )?(publicly )?(release|open-?source)\b|^\s*(project page|code|\[code)\b/i;

/** Which of a paper's sentences says what it is: the one that names its system, else its first contribution or aim sentence, else the first. */
export function tldrIndex(sentences: readonly string[], title: string): number {
  const name = systemNamePattern(title);
  const named = name ? sentences.findIndex((s) => name.test(s) && CONTRIBUTION_VERB.test(s)) : -1;
  if (named >= 0) return named;
  const strong = sentences.findIndex((s) => CONTRIBUTION.test(s));
  return strong >= 0 ? strong : Math.max(sentences.findIndex((s) => AIM.test(s)), 0);
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

/**
 * A summary built from the abstract's own sentences, in the abstract's order: TL;DR (the
 * sentence that names the paper's system, else its first contribution sentence), problem,
 * method, results and (only if stated) limits. Links and release notes are left out.
 */
export function extractiveSummary(paper: Paper, length: SummaryLength): string {
  const sections = summarySections(paper);
  if (!sections) return '';
  const lines = (Object.keys(sections) as SummarySection[]).filter((label) => sections[label].length && (label !== 'Limits' || length !== 'short'));
  return lines.map((label) => sectionLine(sections, label, length)).join('\n');
}

/** "**Results:** ... [1]": one part of the summary, as many sentences as `length` takes. */
export function sectionLine(sections: SummarySections, label: SummarySection, length: SummaryLength): string {
  const take = length === 'short' ? 1 : length === 'medium' ? 2 : 99;
  return `**${label}:** ${readableTex(sections[label].slice(0, take).join(' '))} [1]`;
}

/** The abstract's sentences by the part of a summary they belong to; undefined for an empty abstract. */
export function summarySections(paper: Paper): SummarySections | undefined {
  const all = splitSentences(paper.abstract).map((s) => s.text);
  if (all.length === 0) return undefined;
  // A sentence that also states a contribution or a figure is kept: "we release X, which cuts costs by 30%" is content.
  const kept = all.filter((s) => !BOILERPLATE.test(s) || CONTRIBUTION.test(s) || PERCENT.test(s));
  const sentences = kept.length ? kept : all;
  const first = (re: RegExp) => sentences.findIndex((s) => re.test(s));
  const strongIdx = first(CONTRIBUTION);
  const aimIdx = first(AIM);
  const tldrIdx = tldrIndex(sentences, paper.title);
  const tldr = sentences[tldrIdx]!;
  // What comes before the paper's first word about its own work is the problem; with none, the first sentence alone.
  const starts = [tldrIdx, strongIdx, aimIdx].filter((i) => i >= 0);
  const problemEnd = Math.max(Math.min(...starts), 1);
  const problem = sentences.filter((s, i) => s !== tldr && (i < problemEnd || PRIOR.test(s)));
  const rest = sentences.filter((s, i) => s !== tldr && i >= problemEnd && !PRIOR.test(s));
  const results = rest.filter((s) => RESULT.test(s) || PERCENT.test(s));
  // "To overcome this limitation, we introduce X" and "In this work, we explore whether X can address these limitations" are what the paper does.
  const isLimit = (s: string) => !CONTRIBUTION.test(s) && !AIM.test(s) && (LIMIT.test(s) || (SHORTCOMING.test(s) && !AUTHORS.test(s)));
  const method = rest.filter((s) => !results.includes(s) && !isLimit(s));
  const limits = rest.filter((s) => isLimit(s) && !results.includes(s));
  return { 'TL;DR': [tldr], Problem: problem, Method: method, Results: results, Limits: limits };
}

/** Words, as written, that ask for one part of a paper's summary ("What results does X report?"). */
const SECTION_WORDS: [SummarySection, RegExp][] = [
  ['Results', /^(results?|findings?|outcomes?|reports?|reported|performs?|performance|achieves?|achieved|finds?|found)$/],
  ['Method', /^(techniques?|mechanisms?|architectures?|algorithms?|pipelines?|approach(es)?|methods?|methodology)$/],
  ['Problem', /^(problems?|motivations?|motivates?|motivated|challenges?|solves?|solved|tackles?|tackled|address|addresses|addressed)$/],
  ['Limits', /^(limitations?|limits?|weakness(es)?|drawbacks?|shortcomings?|caveats?)$/],
];
/** Verbs a question asks with, that say nothing of which part ("What challenges does X reveal?"). */
const ASKING = /^(reveals?|identif(y|ies)|faces?|has|have|gives?|discuss(es)?|mentions?|states?|main|key|takes?|uses?|follows?|adopts?|employs?)$/;

/**
 * The part of a summary a question (without the paper's names) asks for, when every word it
 * asks with asks for that part; else undefined.
 */
export function askedSection(question: string): SummarySection | undefined {
  const sectionOf = (w: string) => SECTION_WORDS.find(([, re]) => re.test(w))?.[0];
  // "approach" and "method" are stopwords of the search, not of this.
  const telling = words(question).filter((w) => sectionOf(w) || (queryTerms(w).length > 0 && !ASKING.test(w)));
  const sections = new Set(telling.map(sectionOf));
  const [only] = sections;
  return sections.size === 1 ? only : undefined;
}
