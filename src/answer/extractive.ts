import type { RetrievalSettings } from '../config.js';
import { byline, namesSystem, type Paper } from '../corpus/paper.js';
import { markdownLiteral, readableTex } from '../corpus/text.js';
import type { TermStats } from '../retrieval/termstats.js';
import { splitSentences } from '../text/sentences.js';
import { queryTerms, terms } from '../text/terms.js';
import type { Citation, Source } from '../types.js';
import { citationFor } from './sources.js';

export interface ExtractiveAnswer {
  answer: string;
  citations: Citation[];
}

interface Candidate {
  source: Source;
  text: string;
  start: number;
  score: number;
}

export const REFUSAL_TEXT =
  'None of the indexed papers covers this question, so I cannot answer it from their abstracts. Try other words, or browse what is indexed with /papers.';

/**
 * The answer without a language model: the sentences of the retrieved chunks that share the
 * most telling words with the question, each followed by its source's [n]. This is also the
 * fallback whenever no model can be reached, so it favours precise sentences over long ones.
 */
export function extractiveAnswer(question: string, sources: Source[], stats: TermStats, settings: Pick<RetrievalSettings, 'extractiveSentences' | 'extractiveSourceShare' | 'extractiveTitleTermWeight'>): ExtractiveAnswer {
  if (sources.length === 0) return { answer: REFUSAL_TEXT, citations: [] };
  // A question that names one paper's system ("What does PRISM evaluate on?") is answered from that paper only.
  const named = asksBeyondNamed(question) ? [] : namedPapers(question, sources);
  const only = named.length === 1 ? named[0] : undefined;
  const qTerms = queryTerms(question);
  const asked = stats.weighTerms(qTerms);
  const candidates: Candidate[] = [];
  const sourceCoverage = sources.map((source) => asked.match(new Set(terms(`${source.title}\n${source.text}`))).coverage);
  const bestSourceCoverage = Math.max(...sourceCoverage, Number.MIN_VALUE);
  for (const [i, source] of sources.entries()) {
    if (only && source.paperId !== only) continue;
    // A sentence speaks for its whole source: one that shares a word or two with the question in a source that answers little of it is chance.
    const sourceWeight = Math.min(1, sourceCoverage[i]! / bestSourceCoverage / settings.extractiveSourceShare);
    const sentences = splitSentences(source.text).map((s) => ({ ...s, terms: new Set(terms(s.text)) }));
    // Sources compete on their best sentence's coverage; within a source, the question's words
    // that are in its title (they name the paper) weigh less than the ones that ask about it.
    const aboutSource = stats.weighTerms(qTerms, new Set(terms(source.title)), settings.extractiveTitleTermWeight);
    const full = sentences.map((s) => asked.match(s.terms).coverage);
    const within = sentences.map((s) => aboutSource.match(s.terms).coverage);
    const bestFull = Math.max(...full, 0);
    const bestWithin = Math.max(...within, 0);
    for (const [k, s] of sentences.entries()) {
      const coverage = bestWithin > 0 ? (within[k]! / bestWithin) * bestFull : full[k]!;
      // Earlier sources ranked better; very long sentences quote poorly.
      const score = coverage * sourceWeight * (1 - 0.06 * (source.n - 1)) - (s.text.length > 400 ? 0.05 : 0);
      candidates.push({ source, text: s.text, start: source.start + s.start, score });
    }
  }
  candidates.sort((a, b) => b.score - a.score);
  const picked: Candidate[] = [];
  const perSource = new Map<number, number>();
  // A sentence far weaker than the best one is padding, not an answer.
  const floor = (candidates[0]?.score ?? 0) * 0.5;
  for (const c of candidates) {
    if (picked.length >= settings.extractiveSentences) break;
    if (picked.length > 0 && (c.score <= 0 || c.score < floor)) break;
    if ((perSource.get(c.source.n) ?? 0) >= 2) continue;
    picked.push(c);
    perSource.set(c.source.n, (perSource.get(c.source.n) ?? 0) + 1);
  }
  // Read in source order, and in text order within a source.
  picked.sort((a, b) => a.source.n - b.source.n || a.start - b.start);
  const answer = picked.map((c) => `${readableTex(c.text)} [${c.source.n}]`).join(' ');
  const citations: Citation[] = [];
  for (const c of picked) if (!citations.some((x) => x.n === c.source.n)) citations.push(citationFor(c.source, c.text));
  return { answer, citations };
}

/** "Who wrote X?", "list the authors of X": answered from the paper's metadata, which the abstract does not hold. */
export const AUTHORSHIP = /\b(who (wrote|authored|is the author|are the authors|were the authors)|^\s*(list|name) (all )?the authors)\b/i;

/** One line per paper, "**Title** is by A, B and C (ICML 2026). [n]"; null when no author is known. */
export function authorsAnswer(sources: Source[]): ExtractiveAnswer | null {
  const known = sources.filter((s) => byline(s));
  if (!known.length) return null;
  return { answer: known.map((s) => `**${markdownLiteral(s.title)}** is by ${markdownLiteral(byline(s))}. [${s.n}]`).join('\n'), citations: known.map((s) => citationFor(s)) };
}

/** Words that ask about papers besides the one named ("papers like PixelThink", "compared with VEQ"). */
const BEYOND_NAMED = /\b(other|others|besides|similar|related|like|compare[ds]?|comparison|versus|vs|unlike|differ\w*|than|alternatives?)\b/i;

export function asksBeyondNamed(question: string): boolean {
  return BEYOND_NAMED.test(question);
}

/** The papers among `sources` whose system the question names (see namesSystem), each once, in source order. */
export function namedPapers(question: string, sources: Source[]): string[] {
  const ids: string[] = [];
  for (const s of sources) if (!ids.includes(s.paperId) && namesSystem(question, s.title)) ids.push(s.paperId);
  return ids;
}

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
/** What earlier work did: part of the problem, wherever it stands. */
const PRIOR = /^(prior|previous|existing|current|recent|standard) (\S+ )?(work|methods?|approaches|models?|efforts?|systems?)\b/i;
/** Evidence and findings: experiments, comparisons, numbers, what the authors conclude. */
const RESULT = /\b(results?|achiev\w*|outperform\w*|surpass\w*|state-of-the-art|sota|experiments?|empirical(ly)?|evaluat\w*|demonstrat\w*|accuracy|speedups?|faster|benchmarks?|findings?|we find|suggests?|conclude|reveals?)\b|\d(\.\d+)?\s*\\?%/i;
const LIMIT = /\b(limitation|limited|fails? to|does not|cannot|future work|remains? (an open|challenging))/i;
/** Links and release notes ("Code is available at ...", "We release our models"): not part of what the paper found. */
const BOILERPLATE = /https?:\/\/|\\url\{|\bgithub\.com\b|\b(code|data|datasets?|models?|weights|checkpoints?|implementation|project page|demo)\b[^.]{0,40}\b(is|are|will be|has been|have been)\s+(made\s+)?(publicly\s+)?(available|released|open-?sourced?)\b|\bwe (will )?(publicly )?(release|open-?source)\b|^\s*(project page|code|\[code)\b/i;

/**
 * A summary built from the abstract's own sentences, in the abstract's order: TL;DR (the
 * sentence that names the paper's system, else its first contribution sentence), problem,
 * method, results and (only if stated) limits. Links and release notes are left out.
 */
export function extractiveSummary(paper: Paper, length: SummaryLength): string {
  const all = splitSentences(paper.abstract).map((s) => s.text);
  if (all.length === 0) return '';
  // A sentence that also states a contribution or a figure is kept: "we release X, which cuts costs by 30%" is content.
  const kept = all.filter((s) => !BOILERPLATE.test(s) || CONTRIBUTION.test(s) || /\d\s*\\?%/.test(s));
  const sentences = kept.length ? kept : all;
  const first = (re: RegExp) => sentences.findIndex((s) => re.test(s));
  const namedIdx = sentences.findIndex((s) => namesSystem(s, paper.title) && CONTRIBUTION_VERB.test(s));
  const strongIdx = first(CONTRIBUTION);
  const aimIdx = first(AIM);
  const tldrIdx = namedIdx >= 0 ? namedIdx : strongIdx >= 0 ? strongIdx : Math.max(aimIdx, 0);
  const tldr = sentences[tldrIdx]!;
  // What comes before the paper's first word about its own work is the problem; with none, the first sentence alone.
  const starts = [tldrIdx, strongIdx, aimIdx].filter((i) => i >= 0);
  const problemEnd = Math.max(Math.min(...starts), 1);
  const problem = sentences.filter((s, i) => s !== tldr && (i < problemEnd || PRIOR.test(s)));
  const rest = sentences.filter((s, i) => s !== tldr && i >= problemEnd && !PRIOR.test(s));
  const results = rest.filter((s) => RESULT.test(s));
  const method = rest.filter((s) => !results.includes(s) && !LIMIT.test(s));
  const limits = rest.filter((s) => LIMIT.test(s) && !results.includes(s));
  const take = length === 'short' ? 1 : length === 'medium' ? 2 : 99;
  const line = (label: string, chosen: string[]) => `**${label}:** ${readableTex(chosen.slice(0, take).join(' '))} [1]`;
  const lines = [line('TL;DR', [tldr])];
  if (problem.length) lines.push(line('Problem', problem));
  if (method.length) lines.push(line('Method', method));
  if (results.length) lines.push(line('Results', results));
  if (limits.length && length !== 'short') lines.push(line('Limits', limits));
  return lines.join('\n');
}
