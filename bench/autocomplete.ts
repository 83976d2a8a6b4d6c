/**
 * `npx tsx bench/autocomplete.ts [-v]`: how well the paper autocomplete (/summary, /related, the
 * paper option) suggests, on the labelled queries of data/eval/autocomplete.jsonl, typed as users
 * type them (short names, partial titles, topics, typos, author surnames) against CORPUS=pmlr-v306.
 * Each label says which papers are relevant by a title or author pattern. Prints, per query and
 * overall, the precision of the first 5 suggestions, their recall, and how many unrelated
 * papers are suggested; -v lists the suggestions.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { PaperCatalog } from '../src/names/catalog.js';
import { loadSettings, PROJECT_ROOT } from '../src/config.js';
import { loadCorpus } from '../src/corpus/load.js';
import type { Paper } from '../src/corpus/paper.js';

interface Label {
  query: string;
  kind: string;
  title?: string;
  authors?: string;
}

const SHOWN = 25;
const FIRST = 5;
const { papers } = await loadCorpus(loadSettings({ ...process.env, CORPUS: process.env.CORPUS ?? 'pmlr-v306' }).corpus);
const catalog = new PaperCatalog(papers);
await catalog.ready;
const labels: Label[] = readFileSync(path.join(PROJECT_ROOT, 'data/eval/autocomplete.jsonl'), 'utf8')
  .split('\n')
  .filter((l) => l.trim())
  .map((l) => JSON.parse(l) as Label);
const verbose = process.argv.includes('-v');
let precision = 0;
let recall = 0;
let unrelatedFirst = 0;
let unrelated = 0;
let shownAll = 0;
for (const l of labels) {
  const title = l.title ? new RegExp(l.title, 'i') : undefined;
  const authors = l.authors ? new RegExp(l.authors, 'i') : undefined;
  const relevant = (p: Paper) => !!title?.test(p.title) || !!authors?.test(p.authors.join(', '));
  const all = papers.filter(relevant).length;
  const shown = catalog.suggest(l.query, SHOWN).map((m) => m.paper);
  const first = shown.slice(0, FIRST);
  const hits = first.filter(relevant).length;
  const p = first.length ? hits / first.length : all ? 0 : 1;
  const r = all ? hits / Math.min(FIRST, all) : 1;
  const off = shown.filter((x) => !relevant(x)).length;
  precision += p;
  recall += r;
  unrelatedFirst += first.length - hits;
  unrelated += off;
  shownAll += shown.length;
  console.log(`${l.query.padEnd(22)} ${l.kind.padEnd(12)} shown ${String(shown.length).padStart(2)}  relevant ${String(all).padStart(2)}  P@5 ${p.toFixed(2)}  R@5 ${r.toFixed(2)}  unrelated ${off}`);
  if (verbose) for (const x of shown) console.log(`    ${relevant(x) ? '+' : '-'} ${x.id} ${x.title.slice(0, 70)} | ${x.authors.slice(0, 3).join(', ')}`);
}
const n = labels.length;
console.log(`${n} queries: mean P@5 ${(precision / n).toFixed(3)}, mean R@5 ${(recall / n).toFixed(3)}, unrelated in the first 5: ${unrelatedFirst}, unrelated shown: ${unrelated} of ${shownAll}`);
