import { cutAt } from '../text/clean.js';
import { ratioOf, type BlindScores, type Ratio } from './blind-metrics.js';
import type { BlindSetReport } from './blind-run.js';

/** A target of issue 26 on a holdout set: informational, it does not change eval's exit status. */
export interface BlindTarget {
  set: string;
  metric: string;
  /** "≥ 0.92", "≤ 300 ms". */
  target: string;
  value: string;
  met: boolean;
}

type Judged = { value: string; met: boolean };

/** A figure checked against a bound; a figure with no turns behind it (null) misses. */
function judge(x: number | null, bound: { min: number } | { max: number }, unit = ''): Judged {
  return { value: x === null ? '-' : `${x}${unit}`, met: x !== null && ('min' in bound ? x >= bound.min : x <= bound.max) };
}

const TARGETS: { set: string; metric: string; target: string; judge: (s: BlindScores) => Judged }[] = [
  { set: 'holdout-19', metric: 'right paper cited', target: '≥ 0.92', judge: (s) => judge(s.rightPaper.share, { min: 0.92 }) },
  { set: 'holdout-19', metric: 'answering sentence shown', target: '≥ 0.75', judge: (s) => judge(s.sentenceShown.share, { min: 0.75 }) },
  { set: 'holdout-19', metric: 'false refusals', target: '≤ 0.03', judge: (s) => judge(s.falseRefusals.share, { max: 0.03 }) },
  { set: 'holdout-19', metric: 'off-topic and unanswerable refused', target: '≥ 0.9', judge: (s) => judge(s.offTopicRefused.share, { min: 0.9 }) },
  // One target: recall at a precision, so that listing every paper does not meet it.
  {
    set: 'holdout-19',
    metric: 'lists: recall at precision',
    target: '≥ 0.8 at ≥ 0.7',
    judge: ({ lists: { recall, precision } }) => ({ value: `${f(recall)} at ${f(precision)}`, met: judge(recall, { min: 0.8 }).met && judge(precision, { min: 0.7 }).met }),
  },
  { set: 'holdout-306', metric: 'right paper cited', target: '≥ 0.85', judge: (s) => judge(s.rightPaper.share, { min: 0.85 }) },
  { set: 'holdout-306', metric: 'stray citations', target: '≤ 0.1', judge: (s) => judge(s.stray.share, { max: 0.1 }) },
  { set: 'holdout-306', metric: 'p95 latency', target: '≤ 300 ms', judge: (s) => judge(s.latency.p95Ms, { max: 300 }, ' ms') },
];

export function blindTargets(reports: readonly BlindSetReport[]): BlindTarget[] {
  return TARGETS.flatMap((t) => {
    const r = reports.find((x) => x.name === t.set);
    return r ? [{ set: t.set, metric: t.metric, target: t.target, ...t.judge(r.scores) }] : [];
  });
}

function f(x: number | null): string {
  return x === null ? '  -  ' : x.toFixed(3);
}

const share = (r: Ratio) => f(r.share);

const COLUMNS: [string, number][] = [
  ['set', 12],
  ['turns', 6],
  ['right-paper', 12],
  ['sentence', 9],
  ['false-ref', 10],
  ['off-topic refused', 24],
  ['lists R / P', 14],
  ['convo', 7],
  ['stray', 7],
  ['kind', 7],
  ['p50/p95 ms', 0],
];

function row(cells: string[]): string {
  return cells.map((c, i) => c.padEnd(COLUMNS[i]![1])).join(' ').trimEnd();
}

/** The share of turns whose type expects a kind of answer that got it. */
function kindShare(s: BlindScores): Ratio {
  const all = Object.values(s.kinds);
  return ratioOf(
    all.reduce((x, r) => x + r.n, 0),
    all.reduce((x, r) => x + r.of, 0),
  );
}

function setRow(r: BlindSetReport): string {
  const s = r.scores;
  const offTopic = `${share(s.offTopicRefused)} (${s.offtopic.n}/${s.offtopic.of}, ${s.unanswerable.n}/${s.unanswerable.of})`;
  return row([r.name, String(s.turns), share(s.rightPaper), share(s.sentenceShown), share(s.falseRefusals), offTopic, `${f(s.lists.recall)} / ${f(s.lists.precision)}`, share(s.conversations), share(s.stray), share(kindShare(s)), `${s.latency.p50Ms} / ${s.latency.p95Ms}`]);
}

const MISSES_SHOWN = 10;

/** The blind table, the holdout targets, and the dev sets' misses (a few, or all with `verbose`). */
export function renderBlind(reports: readonly BlindSetReport[], verbose: boolean): string {
  const lines = ['blind sets (data/eval/blind/; extractive; every turn asked through /ask as typed, conversations with their history)'];
  lines.push(row(COLUMNS.map(([name]) => name)));
  for (const r of reports) lines.push(setRow(r));
  lines.push(
    'right-paper: answerable turns citing a labelled paper; sentence: of those labelled with a sentence, showing one;',
    'false-ref: answerable turns refused; off-topic refused: off-topic and unanswerable turns refused (each n/of);',
    'lists: recall / precision of the labelled papers among those cited, over list and compare turns; convo: turns of',
    'conversations citing a labelled paper; stray: answered turns citing a paper no label of the turn or of its',
    'conversation names; kind: summary, related, list, compare and meta requests answered by the kind each expects:',
  );
  for (const r of reports) lines.push(`  ${r.name.padEnd(12)}${Object.entries(r.scores.kinds).map(([type, x]) => `${type} ${x.n}/${x.of}`).join(', ')}`);
  const errors = reports.filter((r) => r.scores.errors > 0);
  if (errors.length) lines.push(`requests that failed: ${errors.map((r) => `${r.name} ${r.scores.errors}`).join(', ')}`);
  lines.push('', 'blind targets (issue 26, on the holdouts; informational: they do not change the exit status):');
  for (const t of blindTargets(reports)) lines.push(`  ${t.met ? 'met   ' : 'missed'} ${t.set}: ${t.metric} ${t.value} (target ${t.target})`);
  for (const r of reports) {
    if (!r.misses?.length) continue;
    const shown = verbose ? r.misses : r.misses.slice(0, MISSES_SHOWN);
    lines.push('', `blind misses on ${r.name} (${r.misses.length} turns${shown.length < r.misses.length ? `, first ${shown.length}; --verbose for all, with the answers` : ''}):`);
    for (const m of shown) {
      lines.push(`  ${m.id} ${m.type} "${m.question}" want ${m.want.join(',') || 'refusal'} cited ${m.cited.join(',') || '-'} (${m.kind ?? 'no kind'}): ${m.reasons.join('; ')}`);
      if (verbose) lines.push(`      ${cutAt(m.answer.replace(/\s+/g, ' '), 300)}`);
    }
  }
  return lines.join('\n');
}
