import type { Answer } from '../types.js';
import type { EvalQuestion } from './questions.js';

/** What one question produced, reduced to what the metrics need. */
export interface Outcome {
  question: EvalQuestion;
  /** Paper ids of the sources, best first, each once. */
  ranked: string[];
  refused: boolean;
  answer: string;
  /** Paper ids of the citations that point to a supplied source. */
  cited: string[];
}

/**
 * Reduces an answer to what the metrics need. With `writtenBy: 'ollama'` only the model's own
 * text counts: a fallback to the extractive path scores as an answer without citations or
 * facts, so it cannot lift the model's figures.
 */
export function outcomeOf(question: EvalQuestion, a: Pick<Answer, 'sources' | 'citations' | 'refused' | 'answer' | 'mode'>, writtenBy?: 'ollama'): Outcome {
  const ranked = [...new Set(a.sources.map((s) => s.paperId))];
  const supplied = new Set(a.sources.map((s) => s.n));
  const byModel = !writtenBy || a.mode === writtenBy;
  const cited = byModel ? a.citations.filter((c) => supplied.has(c.n)).map((c) => c.paperId) : [];
  return { question, ranked, refused: a.refused, answer: byModel ? a.answer : '', cited };
}

export interface RetrievalScores {
  questions: number;
  recallAt1: number;
  recallAt5: number;
  mrr: number;
  offTopic: number;
  refusalAccuracy: number;
  /** On-topic questions that were wrongly refused. */
  falseRefusals: number;
}

export interface AnswerScores {
  answers: number;
  withValidCitation: number;
  citationsToRelevant: number;
  factRecall: number;
  refusalAccuracy: number;
}

const share = (n: number, d: number) => (d ? n / d : 0);
const round = (x: number) => Math.round(x * 1000) / 1000;

export function retrievalScores(outcomes: Outcome[]): RetrievalScores {
  const onTopic = outcomes.filter((o) => o.question.relevant.length > 0);
  const offTopic = outcomes.filter((o) => o.question.relevant.length === 0);
  let r1 = 0;
  let r5 = 0;
  let mrr = 0;
  for (const o of onTopic) {
    const rel = new Set(o.question.relevant);
    if (rel.has(o.ranked[0] ?? '')) r1++;
    r5 += share(o.ranked.slice(0, 5).filter((id) => rel.has(id)).length, Math.min(rel.size, 5));
    const rank = o.ranked.findIndex((id) => rel.has(id));
    if (rank >= 0) mrr += 1 / (rank + 1);
  }
  return {
    questions: onTopic.length,
    recallAt1: round(share(r1, onTopic.length)),
    recallAt5: round(share(r5, onTopic.length)),
    mrr: round(share(mrr, onTopic.length)),
    offTopic: offTopic.length,
    refusalAccuracy: round(share(offTopic.filter((o) => o.refused).length, offTopic.length)),
    falseRefusals: onTopic.filter((o) => o.refused).length,
  };
}

export function answerScores(outcomes: Outcome[]): AnswerScores {
  const answered = outcomes.filter((o) => o.question.relevant.length > 0 && !o.refused);
  const offTopic = outcomes.filter((o) => o.question.relevant.length === 0);
  const facts = outcomes.filter((o) => o.question.kind === 'fact' && o.question.expected);
  const allCited = answered.flatMap((o) => o.cited.map((id) => o.question.relevant.includes(id)));
  return {
    answers: answered.length,
    withValidCitation: round(share(answered.filter((o) => o.cited.length > 0).length, answered.length)),
    citationsToRelevant: round(share(allCited.filter(Boolean).length, allCited.length)),
    factRecall: round(share(facts.filter((o) => normalizeFact(o.answer).includes(normalizeFact(o.question.expected!))).length, facts.length)),
    refusalAccuracy: round(share(offTopic.filter((o) => o.refused).length, offTopic.length)),
  };
}

/** Counts on the casual question sets (see data/eval/*-casual.jsonl): short questions people type, off-topic or answered by the abstracts. */
export interface CasualScores {
  offTopic: number;
  refused: number;
  onTopic: number;
  answered: number;
  /** Answered citing a labelled paper; with distractors other papers may answer too, so this is a floor. */
  citesLabelled: number;
}

export function casualScores(outcomes: Outcome[]): CasualScores {
  const offTopic = outcomes.filter((o) => o.question.relevant.length === 0);
  const onTopic = outcomes.filter((o) => o.question.relevant.length > 0);
  const answered = onTopic.filter((o) => !o.refused);
  return {
    offTopic: offTopic.length,
    refused: offTopic.filter((o) => o.refused).length,
    onTopic: onTopic.length,
    answered: answered.length,
    citesLabelled: answered.filter((o) => o.cited.some((id) => o.question.relevant.includes(id))).length,
  };
}

function normalizeFact(s: string): string {
  return s.toLowerCase().replace(/[\s*_`]+/g, ' ');
}
