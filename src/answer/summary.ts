/** A paper's summary without a model, from its abstract's own sentences. */
import { systemNamePattern, type Paper } from '../corpus/paper.js';
import { readableTex } from '../corpus/text.js';
import { PapercordError } from '../errors.js';
import { splitSentences } from '../text/sentences.js';
import { queryTerms, words } from '../text/terms.js';

export const SUMMARY_LENGTHS = ['short', 'medium', 'long'] as const;
export type SummaryLength = (typeof SUMMARY_LENGTHS)[number];

export function isSummaryLength(x: unknown): x is SummaryLength {
  return (SUMMARY_LENGTHS as readonly unknown[]).includes(x);
}

/** A length as typed, in any case ("SHORT"); a BAD_INPUT error that quotes it otherwise. */
export function parseSummaryLength(given: string, hint?: string): SummaryLength {
  const length = given.toLowerCase();
  if (!isSummaryLength(length)) throw new PapercordError('BAD_INPUT', `--length must be short, medium or long, not "${given}".`, hint);
  return length;
}

/** A sentence that states what the paper contributes: "we propose X", "this paper presents". */
const CONTRIBUTION = /\bwe\b[^.;]{0,120}?\b(propose|present|introduce|develop|design|construct|build)\b|\bthis (paper|work) (proposes|presents|introduces)\b/i;
/** Weaker: what the paper sets out to do ("we study", "this work studies", "in this paper, we"). */
const AIM = /\bwe (study|formulate|prove|derive|establish|aim|investigate|analy[sz]e)\b|\bthis (paper|work|study) (studies|formulates|proves|derives|establishes|aims|investigates|analy[sz]es)\b|\b(in this (paper|work|study)|here),? we\b/i;
/** A contribution verb anywhere, for a sentence that names the paper's system ("... and accordingly propose TGV-KV"). */
const CONTRIBUTION_VERB = /\b(propos|present|introduc|develop|design)\w*/i;
/** The authors speaking of their own work. */
const AUTHORS = /\b(we|our)\b|\bthis (\w+ )?(paper|work|study)\b/i;
/** A sentence that adds to what came before ("Moreover, our approach can be extended"), not one that says what the paper is. */
const ADDITION = /^(moreover|furthermore|finally|additionally|in addition|also|lastly|besides)\b|^we (also|further)\b/i;
/** What earlier work did: part of the problem, wherever it stands. */
const PRIOR = /^((prior|previous|existing|current|recent|standard) (\S+ )?(work|methods?|approaches|models?|efforts?|systems?)\b|previously,)/i;
/** Evidence and findings: experiments, comparisons, numbers, what the authors conclude. */
const RESULT = /\b(results?|achiev\w*|outperform\w*|surpass\w*|state[- ]of[- ]the[- ]art|sota|experiments?|empirical(ly)?|evaluat\w*|demonstrat\w*|accuracy|speedups?|faster|benchmarks?|findings?|we find|suggests?|conclude|reveals?)\b/i;
/** A figure in percent ("30.4%", "50\\%"): what a result sentence reports. */
const PERCENT = /\d\s*\\?%/;
/** What a sentence that reports a result holds: a figure ("30.4%", "2.3×"), a gain ("outperforms", "achieves"), or what the experiments show. */
const REPORTS = [
  /\d\s*(\\?%|×|\\times)/,
  /\b(outperform\w*|surpass\w*|exceed\w*|(?<!\bto )(improv|achiev)\w*|new state[- ]of[- ]the[- ]art|state[- ]of[- ]the[- ]art( \w+){0,3} (results?|performance))\b/i,
  /\b((?<!\bas a )results?|experiments?|evaluations?|evidence)\b[^.;]{0,80}\b(?<!\bto )(show|demonstrate|indicate|confirm|reveal|suggest|validate|verif(y|ies))/i,
];
/** How plainly a sentence reports a result: 0 when it only mentions an evaluation ("To support evaluation, we introduce a benchmark"). */
const reportStrength = (s: string) => REPORTS.filter((re) => re.test(s)).length;
/** A limit the paper states. Not "limited data": that is a setting. */
const LIMIT = /\b(limitations?|future work|remains? (an open|challenging))\b/i;
/** A shortcoming, when the authors do not say it ("we do not need a projection", "our method does not require labels" are strengths). */
const SHORTCOMING = /\b(fails? to|does not|cannot)\b/i;
/** Links and release notes ("Code is available at ...", "We release our models"): not part of what the paper found. */
const BOILERPLATE = /https?:\/\/|\\url\{|\bgithub\.com\b|\b(code|data|datasets?|models?|weights|checkpoints?|implementation|project page|demo)\b[^.]{0,40}\b(is|are|will be|has been|have been)\s+(made\s+)?(publicly\s+)?(available|released|open-?sourced?)\b|\bwe (will )?(publicly )?(release|open-?source)\b|^\s*(project page|code|\[code)\b/i;

/**
 * Which of a paper's sentences says what it is: the first that names its system with a
 * contribution verb, else the first contribution sentence, else the first that names its system
 * in the authors' words, else the first aim sentence, else the first in the authors' words (the
 * last three not reporting a result); else the first sentence.
 */
export function tldrIndex(sentences: readonly string[], title: string): number {
  const name = systemNamePattern(title);
  const kinds: ((s: string) => boolean)[] = [
    (s) => !!name?.test(s) && CONTRIBUTION_VERB.test(s),
    (s) => CONTRIBUTION.test(s) && !ADDITION.test(s),
    (s) => !!name?.test(s) && AUTHORS.test(s) && !reportStrength(s),
    (s) => AIM.test(s),
    (s) => AUTHORS.test(s) && !reportStrength(s),
  ];
  // An abstract's last sentence is most often its conclusion ("This work establishes connections
  // ...", "Moreover, our approach can be extended"): the TL;DR only when no other sentence can be,
  // unless it plainly states the contribution ("We propose a new hybrid RL framework ...").
  const last = sentences.length - 1;
  const final = sentences[last]!;
  const concludes = last > 0 && (!CONTRIBUTION.test(final) || reportStrength(final) > 0 || ADDITION.test(final));
  const candidates = concludes ? sentences.slice(0, last) : sentences;
  for (const kind of kinds) {
    const i = candidates.findIndex(kind);
    if (i >= 0) return i;
  }
  return concludes && kinds.some((kind) => kind(final)) ? last : 0;
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
 * sentence that says what the paper is, see tldrIndex), problem, method, results and (only if
 * stated) limits. Links and release notes are left out. A short one is the TL;DR and one
 * sentence each of method and results; its problem only where one of those is missing.
 */
export function extractiveSummary(paper: Paper, length: SummaryLength): string {
  const sections = summarySections(paper);
  if (!sections) return '';
  // With its problem, a short summary was four of an abstract's seven sentences on average, more than half of it;
  // what a paper is, how and how well say more in three. A problem still stands in for a part the abstract lacks.
  const inShort = (label: SummarySection) => label !== 'Limits' && (label !== 'Problem' || !sections.Method.length || !sections.Results.length);
  const lines = (Object.keys(sections) as SummarySection[]).filter((label) => sections[label].length && (length !== 'short' || inShort(label)));
  return lines.map((label) => sectionLine(sections, label, length)).join('\n');
}

/** "**Results:** ... [1]": one part of the summary, as many sentences as `length` takes, in the abstract's order. */
export function sectionLine(sections: SummarySections, label: SummarySection, length: SummaryLength): string {
  const take = length === 'short' ? 1 : length === 'medium' ? 2 : 99;
  const all = sections[label];
  // The results that report most plainly ("Experimental results demonstrate ... by 30.4%") before ones that only mention an evaluation.
  const chosen = new Set(label === 'Results' ? [...all].sort((a, b) => reportStrength(b) - reportStrength(a)).slice(0, take) : all.slice(0, take));
  return `**${label}:** ${readableTex(all.filter((s) => chosen.has(s)).join(' '))} [1]`;
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
  // A TL;DR that closes the abstract would leave all the rest to the problem: there, the authors' first "we" ends it
  // (elsewhere "We argue that this assumption fails" before the TL;DR is part of the problem).
  const closing = tldrIdx === sentences.length - 1 ? first(AUTHORS) : -1;
  const starts = [tldrIdx, strongIdx, aimIdx, closing].filter((i) => i >= 0);
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
  ['Results', /^(results?|findings?|outcomes?|reports?|reported|performs?|performance|achieves?|achieved|finds?|found|fast|faster|speed|speedups?|efficient|efficiency|accurate|accuracy|good|well|better)$/],
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
