import type { RetrievalSettings } from '../config.js';
import type { Paper } from '../corpus/paper.js';
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
export function extractiveAnswer(question: string, sources: Source[], stats: TermStats, settings: Pick<RetrievalSettings, 'extractiveSentences' | 'extractiveSourceShare'>): ExtractiveAnswer {
  if (sources.length === 0) return { answer: REFUSAL_TEXT, citations: [] };
  const asked = stats.weighTerms(queryTerms(question));
  const candidates: Candidate[] = [];
  const sourceCoverage = sources.map((source) => asked.match(new Set(terms(`${source.title}\n${source.text}`))).coverage);
  const bestSourceCoverage = Math.max(...sourceCoverage, Number.MIN_VALUE);
  for (const [i, source] of sources.entries()) {
    // A sentence speaks for its whole source: one that shares a word or two with the question in a source that answers little of it is chance.
    const sourceWeight = Math.min(1, sourceCoverage[i]! / bestSourceCoverage / settings.extractiveSourceShare);
    for (const s of splitSentences(source.text)) {
      const coverage = asked.match(new Set(terms(s.text))).coverage;
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
  const answer = picked.map((c) => `${c.text} [${c.source.n}]`).join(' ');
  const citations: Citation[] = [];
  for (const c of picked) if (!citations.some((x) => x.n === c.source.n)) citations.push(citationFor(c.source, c.text));
  return { answer, citations };
}

export const SUMMARY_LENGTHS = ['short', 'medium', 'long'] as const;
export type SummaryLength = (typeof SUMMARY_LENGTHS)[number];

export function isSummaryLength(x: unknown): x is SummaryLength {
  return (SUMMARY_LENGTHS as readonly unknown[]).includes(x);
}

const METHOD = /\b(we (propose|present|introduce|develop|design|study|formulate|show|prove|derive|construct|build)|our (method|approach|framework|model|algorithm)|this (paper|work) (proposes|presents|introduces))/i;
const RESULT = /\b(results?|achiev|outperform|improv|state-of-the-art|experiments?|empirical|evaluat|demonstrat|benchmark|accuracy|gains?|reduc|speedup|faster)\w*/i;
const LIMIT = /\b(limitation|limited|fails? to|does not|cannot|future work|remains? (an open|challenging))/i;

/** A summary built from the abstract's own sentences: TL;DR, problem, method, results and (only if stated) limits. */
export function extractiveSummary(paper: Paper, length: SummaryLength): string {
  const sentences = splitSentences(paper.abstract).map((s) => s.text);
  if (sentences.length === 0) return '';
  const methodIdx = sentences.findIndex((s) => METHOD.test(s));
  const tldr = sentences[methodIdx >= 0 ? methodIdx : 0]!;
  const problem = sentences.slice(0, methodIdx > 0 ? methodIdx : 1).filter((s) => s !== tldr);
  const rest = sentences.filter((s) => s !== tldr && !problem.includes(s));
  const results = rest.filter((s) => RESULT.test(s));
  const method = rest.filter((s) => !results.includes(s) && !LIMIT.test(s));
  const limits = rest.filter((s, i) => LIMIT.test(s) && i > 0 && !results.includes(s));
  const take = length === 'short' ? 1 : length === 'medium' ? 2 : 99;
  const lines = [`**TL;DR:** ${tldr} [1]`];
  if (problem.length) lines.push(`**Problem:** ${problem.slice(0, take).join(' ')} [1]`);
  if (method.length) lines.push(`**Method:** ${method.slice(0, take).join(' ')} [1]`);
  if (results.length) lines.push(`**Results:** ${results.slice(0, take).join(' ')} [1]`);
  if (limits.length && length !== 'short') lines.push(`**Limits:** ${limits.slice(0, take).join(' ')} [1]`);
  return lines.join('\n');
}
