import { performance } from 'node:perf_hooks';
import { HISTORY_TURNS, type Answer, type Turn } from '../types.js';
import { log, type Logger } from '../log.js';
import { blindMisses, blindScores, labelledPapers, type BlindMiss, type BlindScores, type TurnOutcome } from './blind-metrics.js';
import { loadBlindSet, type BlindQuestion, type BlindSetSpec } from './blind-set.js';

/** What the blind eval needs of the service: /ask without a model, and the index's size. */
export interface AskingService {
  ask(question: string, opts: { useModel: false; history: Turn[] }): Promise<Answer>;
  info(): { papers: number };
  close(): Promise<void>;
}

export interface BlindSetReport {
  name: string;
  corpus: string[];
  papers: number;
  holdout: boolean;
  scores: BlindScores;
  /** Dev sets only: a holdout's questions are never shown. */
  misses?: BlindMiss[];
}

/**
 * Asks every turn as a user in a channel would: one after another through /ask, each
 * conversation's earlier turns (at most HISTORY_TURNS, with the papers each cites) as its
 * history, summary and related requests typed as questions. The time is the user's wait.
 */
export async function askBlindSet(service: Pick<AskingService, 'ask'>, questions: readonly BlindQuestion[], progress?: (done: number) => void): Promise<TurnOutcome[]> {
  const outcomes: TurnOutcome[] = [];
  for (const q of questions) {
    const history: Turn[] = [];
    const earlier: string[] = [];
    for (const [i, label] of q.turns.entries()) {
      const started = performance.now();
      const base = { questionId: q.id, turn: i, ofTurns: q.turns.length, label, earlier: [...new Set(earlier)] };
      try {
        const a = await service.ask(label.question, { useModel: false, history: history.slice(-HISTORY_TURNS) });
        const cited = [...new Set(a.citations.map((c) => c.paperId))];
        outcomes.push({ ...base, cited, refused: a.refused, ...(a.kind ? { kind: a.kind } : {}), answer: a.answer, ms: performance.now() - started });
        history.push({ question: a.question, answer: a.answer, papers: cited });
      } catch (e) {
        // A failed request is what the user saw: scored as an answer that says nothing, not as a refusal.
        outcomes.push({ ...base, cited: [], refused: false, answer: '', ms: performance.now() - started, error: e instanceof Error ? e.message : String(e) });
      }
      earlier.push(...labelledPapers(label));
      progress?.(outcomes.length);
    }
  }
  return outcomes;
}

/**
 * Scores each set on a service over its corpus, opened once per corpus. A holdout's outcomes are
 * reduced to aggregates here and dropped: nothing of its questions leaves this function.
 */
export async function scoreBlindSets(specs: readonly BlindSetSpec[], open: (corpus: string[]) => Promise<AskingService>, logger: Logger = log): Promise<BlindSetReport[]> {
  const reports: BlindSetReport[] = [];
  const key = (corpus: readonly string[]) => corpus.join('+');
  const corpora = [...new Map(specs.map((s) => [key(s.corpus), s.corpus])).values()];
  for (const corpus of corpora) {
    const service = await open(corpus);
    try {
      // The first search loads what the index opens lazily (a few hundred ms), which a user of a running bot does not wait for.
      await service.ask('Which of these papers measure accuracy on a benchmark?', { useModel: false, history: [] });
      for (const spec of specs.filter((s) => key(s.corpus) === key(corpus))) {
        const questions = await loadBlindSet(spec.file);
        const turns = questions.reduce((n, q) => n + q.turns.length, 0);
        logger.info('scoring a blind set', { set: spec.name, questions: questions.length, turns });
        const tty = process.stderr.isTTY;
        const outcomes = await askBlindSet(service, questions, tty ? (done) => process.stderr.write(`\r${spec.name} ${done}/${turns}`) : undefined);
        if (tty) process.stderr.write('\r');
        reports.push({ name: spec.name, corpus, papers: service.info().papers, holdout: spec.holdout, scores: blindScores(outcomes), ...(spec.holdout ? {} : { misses: blindMisses(outcomes) }) });
      }
    } finally {
      await service.close();
    }
  }
  // In the order given, whichever corpus each needed.
  return specs.map((s) => reports.find((r) => r.name === s.name)!);
}
