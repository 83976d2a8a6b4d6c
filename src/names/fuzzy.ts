/** How typed words match papers' words: typos, prefixes, a title's joined words, and the plain scan used before the fuzzy index is built. */
import { systemName, type Paper } from '../corpus/paper.js';
import { isStopword, normalize, WORD, words } from '../text/terms.js';
import { idLike } from './paper-keys.js';
import { JOINED_WORDS } from '../lexicon/paper-names.js';

/** A paper a lookup found, and how well it matched. */
export interface PaperMatch {
  paper: Paper;
  score: number;
}

/**
 * Query words this short name a paper only when a title or name writes them exactly: typo and
 * prefix tolerance let "GPT" find "GPU", "VQA" "VLA" and "nope" "CoPE".
 */
export const SHORT_WORD = 4;
/** Typos a longer word may have in a title when suggesting: this fraction of its letters, rounded (MiniSearch's fuzzy). */
export const TITLE_TYPOS = 0.25;

/** The most edits typos() allows. */
export const TYPOS_MAX = 2;

/** Edits a word of this length may be from a name and still mean it. */
export function typos(word: string): number {
  return word.length < 7 ? 1 : TYPOS_MAX;
}

/** Whether one query word alone names the paper: a word of its title, or the start of its system name, title or an id ("mentis", "Phase", "zeller"). */
export function namesByWord(paper: Paper, word: string): boolean {
  if (words(paper.title).includes(word)) return true;
  if (word.length <= SHORT_WORD) return false;
  return [systemName(paper.title), paper.title, paper.id, ...paper.aliases].some((name) => normalize(name).startsWith(word));
}

/**
 * The parts of a text's joined words: hyphenated ("Vision-Language" -> vision, language) and names
 * made of words ("KernelFoundry" -> kernel, foundry), which users type apart ("kernel found"). The
 * listing's and suggestions' words beside words() of the title, which keeps them whole.
 */
export function wordParts(text: string): string[] {
  return (text.match(WORD) ?? []).flatMap((w) => {
    const parts = w.split('-').flatMap((part) => part.split(JOINED_WORDS)).filter(Boolean);
    return parts.length > 1 ? parts.map(normalize) : [];
  });
}

/** A match, and whether it matched every query word. */
export type WordMatch = PaperMatch & { whole: boolean };

/**
 * The matches of every query word first, when there are some, then those of fewer words that
 * score as high as one of them (a typo can make a paper match every word: "kernel foundy" in
 * "Kernel ... Bound"); the rest would pad the list with papers on something else.
 */
export function wholeFirst(matches: WordMatch[]): PaperMatch[] {
  const whole = matches.filter((m) => m.whole);
  const floor = Math.min(...whole.map((m) => m.score));
  const strongPartial = matches.filter((m) => !m.whole && (whole.length === 0 || m.score >= floor));
  return [...whole, ...strongPartial].map(({ paper, score }) => ({ paper, score }));
}

/** The query's words as the fuzzy index reads them (see its processTerm): "a paper about KV cache" is paper, kv, cache. */
export function queryTerms(query: string): string[] {
  return words(query)
    .map(normalize)
    .filter((t) => !isStopword(t));
}

/**
 * Matches without the fuzzy index: each query word that starts a word of the title (2), of
 * an id or alias (3) or of an author's name (1), the fuzzy index's boosts without its typo
 * tolerance. Slower (a pass over every paper) and only used while that index is built.
 * `strict`: a short query word only as a whole word, as strictSearch matches it; `every`:
 * only papers that match every query word, and a title's hyphenated words as their parts too, as list() wants.
 */
export function scan(papers: readonly Paper[], query: string, strict = false, every = false): WordMatch[] {
  const qWords = [...new Set(words(query).filter((w) => !isStopword(w)))];
  if (qWords.length === 0) return [];
  const matches = (ws: string[], q: string) => ws.some((w) => (strict && q.length <= SHORT_WORD ? w === q : w.startsWith(q)));
  // As suggest() matches ids with the fuzzy index: from their start only for a word typed as one ("rl" is no start of "rl2uqlcoqx").
  const idMatches = (ws: string[], q: string) => (strict || every || idLike(q) ? matches(ws, q) : ws.includes(q));
  const out: WordMatch[] = [];
  for (const paper of papers) {
    const fields: [string[], number, typeof matches][] = [
      [every ? [...words(paper.title), ...wordParts(paper.title)] : words(paper.title), 2, matches],
      [words([paper.id, ...paper.aliases].join(' ')), 3, idMatches],
      [words(paper.authors.join(' ')), 1, matches],
    ];
    let s = 0;
    let all = true;
    for (const q of qWords) {
      let hit = false;
      for (const [ws, weight, match] of fields) if (match(ws, q)) (s += weight), (hit = true);
      all &&= hit;
    }
    if (s > 0 && (all || !every)) out.push({ paper, score: s, whole: all });
  }
  return out.sort((a, b) => b.score - a.score);
}

/** Edits (insert, delete, substitute, swap two neighbours) that turn `a` into `b`, counted up to `max` + 1. */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let prev2: number[] = [];
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      let d = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, prev2[j - 2]! + 1);
      row.push(d);
      best = Math.min(best, d);
    }
    if (best > max) return max + 1;
    prev2 = prev;
    prev = row;
  }
  return Math.min(prev[b.length]!, max + 1);
}
