import { test } from 'node:test';
import assert from 'node:assert/strict';
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { HISTORY_TURNS, type Answer, type Turn } from '../src/types.js';
import { PROJECT_ROOT } from '../src/config.js';
import { anySentenceShown, sentenceShown } from '../src/eval/sentence-shown.js';
import { blindMisses, blindScores, percentile, type TurnOutcome } from '../src/eval/blind-metrics.js';
import { loadBlindSet, type BlindTurn } from '../src/eval/blind-set.js';
import { askBlindSet, scoreBlindSets, type AskingService } from '../src/eval/blind-run.js';
import { blindTargets, renderBlind } from '../src/eval/blind-report.js';
import { captureLog } from './support/env.js';

// Two sentences of one made-up abstract: they share the system's name and its topic words.
const METHOD = 'We introduce \\textbf{FooNet}, a sparse router that picks $k$ experts per token with an $\\epsilon$-greedy rule.';
const RESULT = 'FooNet improves accuracy by 3.1% over dense experts while using fewer tokens per expert.';

test('a sentence shown as the bot renders it counts: TeX as text, bold, curly quotes, a citation marker', () => {
  assert.ok(sentenceShown(METHOD, 'We introduce **FooNet**, a sparse router that picks k experts per token with an ε-greedy rule. [1]'));
  assert.ok(sentenceShown('The so-called "veto" step ``filters\'\' weak tokens.', 'The so-called “veto” step “filters” weak tokens [2].'));
  assert.ok(sentenceShown('It runs in $O(\\epsilon^{-3}k\\log k)$ time.', '**Method:** It runs in O(ε⁻³k log k) time. [1]'), 'math rendered as Unicode');
  assert.ok(sentenceShown('[Code Link](https://github.com/x/foonet).', 'Code: https://github.com/x/foonet'), 'a link as its address');
});

test('a sentence missing a few words still counts; one missing more than a fifth, or a different sentence, does not', () => {
  // 21 words; 17 shown (81%).
  const long = 'To close this gap we build FooNet a sparse router that picks a few experts for every token in the batch';
  assert.ok(sentenceShown(long, '…we build FooNet, a sparse router that picks a few experts for every token in the batch. [1]'));
  // 15 of 21 shown (71%).
  assert.ok(!sentenceShown(long, '…FooNet, a sparse router that picks a few experts for every token in the batch. [1]'));
  assert.ok(!sentenceShown(METHOD, `${RESULT} [1]`), 'another sentence of the same abstract');
  assert.ok(!sentenceShown(RESULT, 'FooNet is about experts and tokens. [1]'));
  assert.ok(!anySentenceShown([METHOD, RESULT], 'None of the indexed papers covers this question.'));
  assert.ok(anySentenceShown([METHOD, RESULT], `Yes. ${RESULT}`));
});

test('the words must be in one place, in order: the same words spread over a long list are not the sentence', () => {
  const spread = RESULT.split(' ').map((w, i) => `Paper ${i} mentions ${w} among many other unrelated things here.`).join(' ');
  assert.ok(!sentenceShown(RESULT, spread));
  assert.ok(!sentenceShown(RESULT, RESULT.split(' ').reverse().join(' ')), 'reversed');
});

const turn = (over: Partial<BlindTurn>): BlindTurn => ({ question: 'q?', answerable: true, type: 'single', papers: [], related: [], sentences: [], ...over });

function outcome(label: Partial<BlindTurn>, seen: Partial<TurnOutcome> = {}): TurnOutcome {
  return { questionId: 'x', turn: 0, ofTurns: 1, label: turn(label), earlier: [], cited: [], refused: false, answer: '', ms: 10, ...seen };
}

test('scores count what the user saw: right paper, sentence shown, false refusals, off-topic and unanswerable apart', () => {
  const s = blindScores([
    outcome({ papers: ['a'], sentences: [RESULT] }, { cited: ['a'], answer: RESULT }),
    outcome({ papers: ['a'], sentences: [RESULT] }, { cited: ['b'], answer: METHOD }),
    outcome({ papers: ['a'] }, { refused: true }),
    outcome({ answerable: false, type: 'offtopic' }, { refused: true }),
    outcome({ answerable: false, type: 'offtopic' }, { cited: ['b'] }),
    outcome({ answerable: false, type: 'unanswerable', papers: ['a'] }, { cited: ['a'] }),
  ]);
  assert.deepEqual(s.rightPaper, { n: 1, of: 3, share: 0.333 });
  assert.deepEqual(s.sentenceShown, { n: 1, of: 2, share: 0.5 });
  assert.deepEqual(s.falseRefusals, { n: 1, of: 3, share: 0.333 });
  assert.deepEqual(s.offTopicRefused, { n: 1, of: 3, share: 0.333 });
  assert.deepEqual([s.offtopic.n, s.offtopic.of, s.unanswerable.n, s.unanswerable.of], [1, 2, 0, 1]);
  // Answered: turns 1, 2, 5 and 6; the second cites b for a, the fifth b for an off-topic question.
  assert.deepEqual(s.stray, { n: 2, of: 4, share: 0.5 });
});

test('lists are micro-averaged over list and compare turns; a related request counts its related papers as right', () => {
  const s = blindScores([
    outcome({ type: 'list', papers: ['a', 'b', 'c', 'd'] }, { cited: ['a', 'b', 'c', 'x'] }),
    outcome({ type: 'compare', papers: ['e', 'f'] }, { cited: ['e'] }),
    outcome({ type: 'related', papers: ['seed'], related: ['r'] }, { cited: ['r'], kind: 'related' }),
  ]);
  assert.equal(s.lists.turns, 2);
  assert.equal(s.lists.recall, 0.667, '4 of 6 labelled papers cited');
  assert.equal(s.lists.precision, 0.8, '4 of 5 cited papers labelled');
  assert.deepEqual(s.rightPaper, { n: 3, of: 3, share: 1 });
  assert.deepEqual(s.kinds.related, { n: 1, of: 1, share: 1 });
  assert.deepEqual(s.kinds.compare, { n: 0, of: 1, share: 0 }, 'no kind is not the expected kind');
});

test('conversations: a follow-up may cite a paper an earlier turn was about without it being stray', () => {
  const s = blindScores([
    outcome({ papers: ['a'] }, { ofTurns: 2, cited: ['a'] }),
    outcome({ papers: ['b'] }, { turn: 1, ofTurns: 2, earlier: ['a'], cited: ['a', 'b'] }),
    outcome({ papers: ['c'] }, { cited: ['c'] }),
  ]);
  assert.deepEqual(s.conversations, { n: 2, of: 2, share: 1 });
  assert.equal(s.stray.n, 0);
  const wrong = blindScores([outcome({ papers: ['b'] }, { turn: 1, ofTurns: 2, earlier: ['a'], cited: ['c'] })]);
  assert.deepEqual([wrong.conversations.n, wrong.stray.n], [0, 1]);
});

test('latency percentiles are nearest-rank over the turns', () => {
  const ms = Array.from({ length: 20 }, (_, i) => (i + 1) * 10);
  assert.equal(percentile(ms, 0.5), 100);
  assert.equal(percentile(ms, 0.95), 190);
  assert.equal(percentile([], 0.95), 0);
  assert.deepEqual(blindScores(ms.map((x) => outcome({}, { ms: x }))).latency, { p50Ms: 100, p95Ms: 190 });
});

test('a miss names each metric the turn fails; a turn that fails none is no miss', () => {
  const [miss] = blindMisses([
    outcome({ type: 'list', papers: ['a', 'b'] }, { cited: ['a', 'z'], kind: 'search' }),
    outcome({ papers: ['a'], sentences: [RESULT] }, { cited: ['a'], answer: RESULT }),
  ]);
  assert.deepEqual(miss?.reasons, ['list missed b', 'stray z', 'kind search, expected topic-list']);
});

function answer(over: Partial<Answer>): Answer {
  return { question: 'q', answer: '', mode: 'extractive', refused: false, citations: [], sources: [], elapsedMs: 1, ...over };
}

const cite = (...ids: string[]) => ids.map((paperId, i) => ({ n: i + 1, paperId, title: paperId }));

test('conversations are asked turn by turn with the earlier turns and their cited papers as history, at most HISTORY_TURNS', async () => {
  const seen: Turn[][] = [];
  const service = {
    async ask(question: string, opts: { history: Turn[] }) {
      seen.push(opts.history);
      if (question === 'boom') throw new Error('failed');
      return answer({ question, answer: `about ${question}`, citations: cite(question, question), kind: 'search' });
    },
  };
  const questions = [{ id: 'c1', category: 'conversation', turns: ['p1', 'p2', 'p3', 'p4', 'p5'].map((q) => turn({ question: q, papers: [q] })) }, { id: 's1', category: 'fact', turns: [turn({ question: 'boom' })] }];
  const outcomes = await askBlindSet(service, questions);
  assert.deepEqual(seen[0], []);
  assert.deepEqual(seen[1], [{ question: 'p1', answer: 'about p1', papers: ['p1'] }]);
  assert.deepEqual(seen[4]!.map((t) => t.question), ['p2', 'p3', 'p4'].slice(-HISTORY_TURNS));
  assert.deepEqual(seen[5], [], 'a new question starts a new conversation');
  assert.deepEqual(outcomes[3]!.earlier, ['p1', 'p2', 'p3']);
  assert.deepEqual(outcomes[0]!.cited, ['p1'], 'each paper once');
  assert.equal(outcomes[5]!.error, 'failed');
  assert.equal(outcomes[5]!.refused, false);
});

async function writeSet(dir: string, name: string, lines: unknown[]): Promise<string> {
  const file = path.join(dir, `${name}.jsonl`);
  await fs.writeFile(file, lines.map((l) => JSON.stringify(l)).join('\n') + '\n');
  return file;
}

test("a holdout is reduced to figures: its questions reach neither the report nor the JSON, not even through a loader's error", async () => {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'blind-'));
  const secret = 'SECRET holdout question about FooNet';
  const q = (id: string, question: string) => ({ id, category: 'paraphrase', turns: [{ question, answerable: true, type: 'single', papers: ['a'], sentences: [RESULT] }] });
  const dev = await writeSet(dir, 'dev', [q('d1', 'dev question about FooNet')]);
  const holdout = await writeSet(dir, 'holdout', [q('h1', secret)]);
  const service: AskingService = { ask: async (question) => answer({ question, citations: cite('b'), answer: 'unrelated' }), info: () => ({ papers: 1 }), close: async () => {} };
  const log = captureLog();
  const reports = await scoreBlindSets(
    [
      { name: 'dev-x', file: dev, corpus: ['c'], holdout: false },
      { name: 'holdout-x', file: holdout, corpus: ['c'], holdout: true },
    ],
    async () => service,
    log,
  );
  assert.equal(reports[0]!.misses?.length, 1, 'the dev set shows its miss');
  assert.match(renderBlind(reports, true), /dev question about FooNet/);
  assert.equal(reports[1]!.misses, undefined);
  assert.deepEqual(reports[1]!.scores.rightPaper, { n: 0, of: 1, share: 0 });
  assert.match(log.text(), /scoring a blind set.*holdout-x/);
  for (const shown of [renderBlind(reports, true), JSON.stringify(reports), log.text()]) {
    assert.ok(!shown.includes(secret));
  }
  const bad = await writeSet(dir, 'holdout-bad', [{ id: 'h2', category: 'x', turns: [{ question: secret, answerable: 'yes' }] }]);
  await assert.rejects(loadBlindSet(bad), (e: Error) => /holdout-bad\.jsonl line 1/.test(e.message) && !e.message.includes(secret));
  await fs.rm(dir, { recursive: true });
});

test('the committed dev sets load as the README counts them (the holdouts are not read here)', async () => {
  const dir = path.join(PROJECT_ROOT, 'data/eval/blind');
  assert.equal((await loadBlindSet(path.join(dir, 'dev-19.jsonl'))).length, 113);
  assert.equal((await loadBlindSet(path.join(dir, 'dev-306.jsonl'))).length, 43);
});

test('the loader reads a turn without `related` and rejects an unknown turn type', async () => {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'blind-'));
  const ok = await writeSet(dir, 'ok', [{ id: 'a', category: 'fact', turns: [{ question: 'q', answerable: true, type: 'single', papers: ['p'], sentences: [] }] }]);
  assert.deepEqual((await loadBlindSet(ok))[0]!.turns[0]!.related, []);
  const bad = await writeSet(dir, 'bad', [{ id: 'a', category: 'fact', turns: [{ question: 'q', answerable: true, type: 'essay', papers: [], sentences: [] }] }]);
  await assert.rejects(loadBlindSet(bad), /bad\.jsonl line 1/);
  await fs.rm(dir, { recursive: true });
});

test('the list target needs recall and precision together; a holdout not scored has no target lines', () => {
  const scores = (recall: number, precision: number) => ({ ...blindScores([]), lists: { turns: 1, labelled: 1, cited: 1, found: 1, recall, precision } });
  const report = (recall: number, precision: number) => [{ name: 'holdout-19', corpus: ['c'], papers: 19, holdout: true, scores: scores(recall, precision) }];
  const lists = (recall: number, precision: number) => blindTargets(report(recall, precision)).find((t) => t.metric.startsWith('lists'))!;
  assert.equal(lists(0.9, 0.8).met, true);
  assert.equal(lists(1, 0.5).met, false, 'every paper listed');
  assert.equal(lists(0.5, 1).met, false);
  assert.deepEqual(blindTargets([{ ...report(1, 1)[0]!, name: 'dev-19' }]), []);
});
