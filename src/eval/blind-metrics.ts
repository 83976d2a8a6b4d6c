import type { AnswerKindId } from '../types.js';
import type { BlindTurn, BlindTurnType } from './blind-set.js';
import { anySentenceShown } from './sentence-shown.js';

/** What a user saw for one turn of a blind question, with the turn's labels. */
export interface TurnOutcome {
  questionId: string;
  /** The turn's place in its question, from 0. */
  turn: number;
  /** Turns in its question: more than one makes it a conversation. */
  ofTurns: number;
  label: BlindTurn;
  /** Papers labelled on the earlier turns of its conversation: a follow-up may fairly cite them again. */
  earlier: string[];
  /** Paper ids of the answer's citations, each once. */
  cited: string[];
  refused: boolean;
  kind?: AnswerKindId;
  /** The answer's text as the user reads it. */
  answer: string;
  ms: number;
  /** The request failed: the user saw an error, not an answer. */
  error?: string;
}

/** A count of `of` turns, `share` its fraction (null when there is no such turn). */
export interface Ratio {
  n: number;
  of: number;
  share: number | null;
}

export interface ListScores {
  turns: number;
  labelled: number;
  cited: number;
  /** Labelled papers among the cited ones. */
  found: number;
  recall: number | null;
  precision: number | null;
}

export interface BlindScores {
  questions: number;
  turns: number;
  rightPaper: Ratio;
  sentenceShown: Ratio;
  falseRefusals: Ratio;
  /** Off-topic and unanswerable turns refused, together and apart. */
  offTopicRefused: Ratio;
  offtopic: Ratio;
  unanswerable: Ratio;
  lists: ListScores;
  conversations: Ratio;
  stray: Ratio;
  /** Per request type: turns answered by the kind of answer that request expects. */
  kinds: Partial<Record<BlindTurnType, Ratio>>;
  latency: { p50Ms: number; p95Ms: number };
  errors: number;
}

/**
 * The kinds of answer a request of each type expects, typed into /ask as users type them. A
 * single-paper question may fairly get several kinds (a search, a part of the summary, a
 * comparison within one paper), so it has none here; off-topic ones are judged by refusal.
 */
export const EXPECTED_KINDS: Partial<Record<BlindTurnType, readonly AnswerKindId[]>> = {
  summary: ['paper-summary'],
  related: ['related'],
  list: ['topic-list', 'topic-count', 'position-papers', 'code-papers', 'venue-papers', 'author-papers'],
  compare: ['comparison'],
  meta: ['bylines', 'links', 'index-size', 'collection-overview', 'venue-papers', 'prolific-authors', 'most-recent', 'author-papers'],
};

const LIST_TYPES: readonly BlindTurnType[] = ['list', 'compare'];

const round = (x: number) => Math.round(x * 1000) / 1000;
const fraction = (n: number, of: number): number | null => (of ? round(n / of) : null);

export function ratioOf(n: number, of: number): Ratio {
  return { n, of, share: fraction(n, of) };
}

function ratio<T>(items: readonly T[], counts: (item: T) => boolean): Ratio {
  return ratioOf(items.filter(counts).length, items.length);
}

/** Every paper a turn's labels name: the papers it is about and, for a related request, those a reader would list. */
export function labelledPapers(t: BlindTurn): string[] {
  return [...new Set([...t.papers, ...t.related])];
}

export function citesLabelled(o: TurnOutcome): boolean {
  const labelled = labelledPapers(o.label);
  return o.cited.some((id) => labelled.includes(id));
}

/** Cited papers that no label of the turn or of its conversation's earlier turns names. */
export function strayCitations(o: TurnOutcome): string[] {
  const allowed = new Set([...labelledPapers(o.label), ...o.earlier]);
  return o.cited.filter((id) => !allowed.has(id));
}

/** Whether the turn was answered by a kind its request type expects; undefined for types with no expectation. */
export function kindAsExpected(o: TurnOutcome): boolean | undefined {
  const expected = EXPECTED_KINDS[o.label.type];
  return expected ? o.kind !== undefined && expected.includes(o.kind) : undefined;
}

/** Recall and precision of the labelled papers among the cited ones, micro-averaged over list and comparison turns. */
export function listScores(outcomes: readonly TurnOutcome[]): ListScores {
  const lists = outcomes.filter((o) => o.label.answerable && LIST_TYPES.includes(o.label.type));
  let labelled = 0;
  let cited = 0;
  let found = 0;
  for (const o of lists) {
    const want = new Set(o.label.papers);
    labelled += want.size;
    cited += o.cited.length;
    found += o.cited.filter((id) => want.has(id)).length;
  }
  return { turns: lists.length, labelled, cited, found, recall: fraction(found, labelled), precision: fraction(found, cited) };
}

/** Nearest-rank percentile (p in 0..1) of durations in ms; 0 for none. */
export function percentile(ms: readonly number[], p: number): number {
  if (!ms.length) return 0;
  const sorted = [...ms].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length, Math.max(1, Math.ceil(p * sorted.length))) - 1]!;
}

export function blindScores(outcomes: readonly TurnOutcome[]): BlindScores {
  const answerable = outcomes.filter((o) => o.label.answerable);
  const aboutPapers = answerable.filter((o) => labelledPapers(o.label).length > 0);
  const notAnswerable = outcomes.filter((o) => !o.label.answerable);
  const kinds: Partial<Record<BlindTurnType, Ratio>> = {};
  for (const type of Object.keys(EXPECTED_KINDS) as BlindTurnType[]) {
    const ofType = outcomes.filter((o) => o.label.type === type);
    if (ofType.length) kinds[type] = ratio(ofType, (o) => kindAsExpected(o) === true);
  }
  const ms = outcomes.map((o) => o.ms);
  return {
    questions: new Set(outcomes.map((o) => o.questionId)).size,
    turns: outcomes.length,
    rightPaper: ratio(aboutPapers, citesLabelled),
    sentenceShown: ratio(
      answerable.filter((o) => o.label.sentences.length > 0),
      (o) => anySentenceShown(o.label.sentences, o.answer),
    ),
    falseRefusals: ratio(answerable, (o) => o.refused),
    offTopicRefused: ratio(notAnswerable, (o) => o.refused),
    offtopic: ratio(
      notAnswerable.filter((o) => o.label.type === 'offtopic'),
      (o) => o.refused,
    ),
    unanswerable: ratio(
      notAnswerable.filter((o) => o.label.type !== 'offtopic'),
      (o) => o.refused,
    ),
    lists: listScores(outcomes),
    conversations: ratio(
      aboutPapers.filter((o) => o.ofTurns > 1),
      citesLabelled,
    ),
    stray: ratio(
      outcomes.filter((o) => !o.refused && !o.error),
      (o) => strayCitations(o).length > 0,
    ),
    kinds,
    latency: { p50Ms: Math.round(percentile(ms, 0.5)), p95Ms: Math.round(percentile(ms, 0.95)) },
    errors: outcomes.filter((o) => o.error).length,
  };
}

/** A dev-set turn that failed a metric it counts in, with what the user saw; never built for a holdout. */
export interface BlindMiss {
  /** The question's id, and the turn's number in a conversation ("q020#2"). */
  id: string;
  type: BlindTurnType;
  question: string;
  want: string[];
  cited: string[];
  kind?: AnswerKindId;
  reasons: string[];
  answer: string;
}

/** Why a turn counts against the scores; empty when it counts against none. */
export function missReasons(o: TurnOutcome): string[] {
  const t = o.label;
  const reasons: string[] = [];
  if (o.error) reasons.push(`error: ${o.error}`);
  if (t.answerable && o.refused) reasons.push('refused');
  if (!t.answerable && !o.refused) reasons.push('answered, not refused');
  if (t.answerable && !o.refused && labelledPapers(t).length && !citesLabelled(o)) reasons.push('wrong paper');
  if (t.answerable && t.sentences.length && !anySentenceShown(t.sentences, o.answer)) reasons.push('sentence not shown');
  if (t.answerable && LIST_TYPES.includes(t.type)) {
    const missed = t.papers.filter((id) => !o.cited.includes(id));
    if (missed.length) reasons.push(`list missed ${missed.join(',')}`);
  }
  const stray = o.refused ? [] : strayCitations(o);
  if (stray.length) reasons.push(`stray ${stray.join(',')}`);
  if (kindAsExpected(o) === false) reasons.push(`kind ${o.kind ?? 'none'}, expected ${EXPECTED_KINDS[t.type]![0]}`);
  return reasons;
}

export function blindMisses(outcomes: readonly TurnOutcome[]): BlindMiss[] {
  return outcomes.flatMap((o) => {
    const reasons = missReasons(o);
    if (!reasons.length) return [];
    const id = o.ofTurns > 1 ? `${o.questionId}#${o.turn + 1}` : o.questionId;
    return [{ id, type: o.label.type, question: o.label.question, want: labelledPapers(o.label), cited: o.cited, ...(o.kind ? { kind: o.kind } : {}), reasons, answer: o.answer }];
  });
}
