import type { RetrievalSettings } from '../config.js';
import { readableTex } from '../corpus/text.js';
import { asksBeyondNamed, namedPapers, withoutComparison } from '../question/pointing.js';
import type { TermStats } from '../retrieval/termstats.js';
import { listEnd, splitSentences } from '../text/sentences.js';
import { queryTerms, terms } from '../text/terms.js';
import type { Citation, Source } from '../types.js';
import { citationFor, numbersAsCited } from './sources.js';
import { tldrIndex } from './summary/sections.js';
import { ASKS_FOR_LIST } from '../lexicon/aspects.js';

export interface ExtractiveAnswer {
  answer: string;
  citations: Citation[];
  /** The sources, in rank order, renumbered as the answer cites them (see numbersAsCited), where the answer chose which to quote. */
  sources?: Source[];
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
 * `compared`: papers the question sets side by side ("compare PixelThink and VLA-ATTC"), each
 * quoted at least once. `setting`: of a question about one paper, the sentences of its abstract
 * that state what it sets out from (its summary's problem): others' work, not its own, so they
 * answer only where they share more of the question than any of its own sentences ("What does the
 * BEST benchmark measure?" is not "A recent line of benchmarks aims to evaluate ..."; a method that
 * only its problem names is asked about there). `ofRole`: of a how or what-did-they-find
 * question, whether a sentence plays the role asked (see roleAsked): the best source's best such
 * sentence that shares a word with the question is quoted, whatever outscores it.
 */
export function extractiveAnswer(
  question: string,
  sources: Source[],
  stats: TermStats,
  settings: Pick<RetrievalSettings, 'extractiveSentences' | 'extractiveSourceShare' | 'extractiveTitleTermWeight'>,
  compared: readonly string[] = [],
  setting: readonly string[] = [],
  ofRole?: (source: Source, sentence: string) => boolean,
): ExtractiveAnswer {
  if (sources.length === 0) return { answer: REFUSAL_TEXT, citations: [] };
  // A question that names one paper's system ("What does PRISM evaluate on?") is answered from that paper only.
  const named = compared.length || asksBeyondNamed(question) ? [] : namedPapers(question, sources);
  const only = named.length === 1 ? named[0] : undefined;
  const asked = stats.weighTerms(queryTerms(compared.length ? withoutComparison(question) : question));
  const candidates: Candidate[] = [];
  const sourceCoverage = sources.map((source) => asked.match(new Set(terms(`${source.title}\n${source.text}`))).coverage);
  const bestSourceCoverage = Math.max(...sourceCoverage, Number.MIN_VALUE);
  for (const [i, source] of sources.entries()) {
    if (only && source.paperId !== only) continue;
    // A sentence speaks for its whole source: one that shares a word or two with the question in a source that answers little of it is chance.
    // Papers set side by side are each asked about, whatever the others cover.
    const sourceWeight = compared.length ? 1 : Math.min(1, sourceCoverage[i]! / bestSourceCoverage / settings.extractiveSourceShare);
    const sentences = splitSentences(source.text).map((s) => ({ ...s, terms: new Set(terms(s.text)) }));
    // Sources compete on their best sentence's coverage; within a source, the question's words
    // that are in its title (they name the paper) weigh less than the ones that ask about it.
    const titleTerms = new Set(terms(source.title));
    const aboutSource = asked.scaled((t) => (titleTerms.has(t) ? settings.extractiveTitleTermWeight : 1));
    const full = sentences.map((s) => asked.match(s.terms).coverage);
    const within = sentences.map((s) => aboutSource.match(s.terms).coverage);
    const bestFull = Math.max(...full, 0);
    const bestWithin = Math.max(...within, 0);
    const ofSetting = sentences.map((s) => setting.some((x) => x.includes(s.text)));
    const bestOwn = Math.max(...full.filter((_, k) => !ofSetting[k]), 0);
    for (const [k, s] of sentences.entries()) {
      const coverage = ofSetting[k] && full[k]! <= bestOwn ? 0 : bestWithin > 0 ? (within[k]! / bestWithin) * bestFull : full[k]!;
      // Earlier sources ranked better; very long sentences quote poorly.
      const score = coverage * sourceWeight * (1 - 0.06 * (source.n - 1)) - (s.text.length > 400 ? 0.05 : 0);
      candidates.push({ source, text: s.text, start: source.start + s.start, score });
    }
  }
  candidates.sort((a, b) => b.score - a.score);
  // The sentence that says what a source's paper is (see tldrIndex), for the few answers that need it.
  const tldrOf = (source: Source | undefined): Candidate | undefined => {
    const its = candidates.filter((c) => c.source === source).sort((a, b) => a.start - b.start);
    return its[tldrIndex(its.map((c) => c.text), source?.title ?? '')];
  };
  const picked: Candidate[] = [];
  const perSource = new Map<number, number>();
  const pick = (c: Candidate) => {
    picked.push(c);
    perSource.set(c.source.n, (perSource.get(c.source.n) ?? 0) + 1);
  };
  // Each compared paper by its best sentence; one none of whose sentences shares a word with the question, by the one that says what it is.
  for (const id of compared) {
    const its = candidates.filter((c) => c.source.paperId === id);
    const best = its[0] && its[0].score > 0 ? its[0] : (tldrOf(its[0]?.source) ?? its[0]);
    if (best) pick(best);
  }
  // "How does X decide ...?" is answered by its method, "what did they find?" by its results: the sentence sharing
  // the most words is often another part (the problem, of a how question).
  const roled = ofRole && !compared.length ? candidates.find((c) => c.score > 0 && c.source === candidates[0]!.source && ofRole(c.source, c.text)) : undefined;
  if (roled) pick(roled);
  // No sentence shares a word with the question (the paper matched on its title, or a form of a word):
  // the one that says what the best source is, rather than its first sentence.
  if (picked.length === 0 && candidates.length > 0 && candidates[0]!.score <= 0) {
    const first = tldrOf(candidates.reduce((a, b) => (b.source.n < a.source.n ? b : a)).source);
    if (first) pick(first);
  }
  // A sentence far weaker than the best one is padding, not an answer.
  const floor = (candidates[0]?.score ?? 0) * 0.5;
  for (const c of candidates) {
    if (picked.length >= Math.max(settings.extractiveSentences, compared.length)) break;
    if (picked.includes(c)) continue;
    if (picked.length > 0 && (c.score <= 0 || c.score < floor)) break;
    if ((perSource.get(c.source.n) ?? 0) >= 2) continue;
    pick(c);
  }
  // A list split into sentences ("(1) ... . (2) ... . (3) ...") asked for as a list is one answer: its later items follow the first.
  for (const c of ASKS_FOR_LIST.test(question) ? [...picked] : []) {
    if (!/\(1\)/.test(c.text)) continue;
    const its = candidates.filter((x) => x.source === c.source && x.start >= c.start).sort((a, b) => a.start - b.start);
    for (const next of its.slice(1, listEnd(its.map((x) => x.text), 0))) if (!picked.includes(next)) picked.push(next);
  }
  // Read in source order, and in text order within a source.
  picked.sort((a, b) => a.source.n - b.source.n || a.start - b.start);
  // Ranks weighed the sentences; the reader gets [1], [2], [3] in the order cited, each source still where its rank puts it.
  const number = numbersAsCited(sources, picked.map((c) => c.source.n));
  const numbered = sources.map((s) => ({ ...s, n: number.get(s.n)! }));
  const answer = picked.map((c) => `${readableTex(c.text)} [${number.get(c.source.n)}]`).join(' ');
  const citations: Citation[] = [];
  for (const c of picked) {
    const source = numbered[sources.indexOf(c.source)]!;
    if (!citations.some((x) => x.n === source.n)) citations.push(citationFor(source, c.text));
  }
  return { answer, citations, sources: numbered };
}

/** A citation as an answer writes it: "[1]", or "[1, 2]" from a model. */
const CITATION = /\s*\[(\d+(?:,\s*\d+)*)\]/g;
/** What opens a summary's line ("**Results:** ") and a TL;DR's cut ("…"): not the abstract's words. */
const LINE_OPENING = /^(?:\*\*[^*\n]+:\*\*\s*)?…?/;

/**
 * Each citation number of an answer with the sentence it quotes first ("We present X. [1]", a
 * summary's "**Method:** We train ... [1]"), as read back from a conversation's history: the text
 * between the citation before it (or the line's start) and it. A model's answer quotes nothing
 * word for word, so its texts are found in no abstract.
 */
export function quotedSentences(answer: string): Map<number, string> {
  const quoted = new Map<number, string>();
  let from = 0;
  for (const m of answer.matchAll(CITATION)) {
    const text = answer.slice(from, m.index).split('\n').at(-1)!.trim().replace(LINE_OPENING, '');
    from = m.index + m[0].length;
    const first = splitSentences(text)[0]?.text ?? '';
    for (const n of m[1]!.split(',').map(Number)) if (!quoted.has(n)) quoted.set(n, first);
  }
  return quoted;
}
