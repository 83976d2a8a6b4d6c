/** Word-level text processing shared by the local embedder, BM25 and the extractive answerer. */
import { isEnglishWord } from './english.js';
import { NAME_VERSION_APART } from '../lexicon/names.js';
import { ALTERNATIVES, QUERY_FILLERS, STOPWORDS } from '../lexicon/words.js';
import { GIST } from '../lexicon/summary-lengths.js';

/**
 * Bump when tokens, stems or stopwords (lexicon/words.ts) change: indexes store terms made by this code, and an
 * index built with other terms is rebuilt rather than silently matched against new ones.
 */
export const TERMS_VERSION = 2;

const PLAIN_ASCII = /^[\x00-\x7f]*$/;

export function normalize(text: string): string {
  return withoutAccents(text).toLowerCase();
}

/** A text without accents and invisible characters, its capitals kept: normalize() before lower case, for showing a word as written ("KV cache"). */
export function withoutAccents(text: string): string {
  // Most text is ASCII, where decomposition and the removals below change nothing but cost a pass each.
  if (PLAIN_ASCII.test(text)) return text;
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[\u200b-\u200f\u2060\ufeff]/g, '');
}

/** A word: letters and digits, keeping inner hyphens and dots as in "gpt-4" or "3.5". */
export const WORD = /[\p{L}\p{N}]+(?:[-.][\p{L}\p{N}]+)*/gu;

/** Lower-case word tokens. */
export function words(text: string): string[] {
  return normalize(text).match(WORD) ?? [];
}

const STEM_RULES: [RegExp, string][] = [
  [/ational$/, 'ate'],
  [/ization$/, 'ize'],
  [/isation$/, 'ize'],
  [/ations?$/, 'ate'],
  [/ements?$/, ''],
  [/ments?$/, ''],
  [/ness$/, ''],
  [/ities$/, ''],
  [/ity$/, ''],
  [/ically$/, 'ic'],
  [/ally$/, 'al'],
  [/ly$/, ''],
  [/ies$/, 'y'],
  [/ing$/, ''],
  [/ers?$/, ''],
  [/ed$/, ''],
  [/es$/, ''],
  [/s$/, ''],
];

/**
 * Stems of words seen before. A corpus has far fewer distinct words than word occurrences, and
 * trying eighteen suffix rules was the largest single cost of ingest. Emptied when it grows
 * past the limit, so a stream of odd words cannot make it grow without bound.
 */
const stemCache = new Map<string, string>();
const STEM_CACHE_MAX = 200_000;

/**
 * A light suffix stripper: enough to match "localization" with "localize" and "models" with
 * "model", without a dependency. Conservative on short words so acronyms survive.
 */
export function stem(word: string): string {
  if (word.length <= 4) return word;
  let out = stemCache.get(word);
  if (out === undefined) {
    out = stemUncached(word);
    if (stemCache.size >= STEM_CACHE_MAX) stemCache.clear();
    stemCache.set(word, out);
  }
  return out;
}

function stemUncached(word: string): string {
  if (/\d/.test(word)) return word;
  for (const [re, rep] of STEM_RULES) {
    if (re.test(word)) {
      const out = word.replace(re, rep);
      if (out.length >= 3) return stripVerbEnding(out);
    }
  }
  return stripVerbEnding(word);
}

/** "localize"/"localization" -> "local", "generate" -> "gener"; but "state" stays "state". */
function stripVerbEnding(word: string): string {
  const out = word.replace(/(ize|ate|e)$/, '');
  return out.length >= 4 ? out : word;
}

export function isStopword(word: string): boolean {
  return STOPWORDS.has(word);
}

/**
 * Content terms of a text: stemmed words without stopwords. A compound word also yields its
 * parts, so "uncertainty-based" matches "uncertainty" while "vision-language" still matches
 * whole, and a versioned model name yields its family: "qwen3-vl" and "qwen2.5-vl" both match "qwen".
 */
export function terms(text: string, opts: { parts?: boolean } = {}): string[] {
  const out: string[] = [];
  for (const w of words(text)) {
    if (w.length < 2 || STOPWORDS.has(w)) continue;
    out.push(stem(w));
    if (opts.parts !== false) for (const part of partsOf(w)) if (part.length >= 2 && !STOPWORDS.has(part)) out.push(stem(part));
  }
  return out;
}

/** The hyphen-separated parts of a word, and the letter runs of those that mix letters and digits ("gpt-4o" -> gpt, "llama3" -> llama). */
function partsOf(word: string): string[] {
  const pieces = word.includes('-') ? word.split('-') : [word];
  const out = word.includes('-') ? pieces.filter((p) => !/^\d+$/.test(p)) : [];
  // Not push(...matches): a word of 300,000 letter-digit pairs would pass that many arguments and overflow the stack.
  for (const p of pieces) if (/\d/.test(p) && /\p{L}/u.test(p)) for (const run of p.matchAll(/\p{L}+/gu)) out.push(run[0]);
  return out;
}

/** A question without the phrases that ask for a paper's gist ("the key contributions of X" asks what X is). */
export function withoutGist(text: string): string {
  return text.replace(GIST, ' ');
}

/**
 * "YouCook 2" as papers write it, "YouCook2": one name, whose number would otherwise be no term at all
 * (a word of one letter or digit is none), leaving "YouCook" to weigh no more than "uses".
 */
export function withVersionsJoined(text: string): string {
  return text.replace(NAME_VERSION_APART, '$1$2');
}

/** Content terms of a question: like `terms`, also without question words; a name's version written apart is the name's ("YouCook 2": youcook2, youcook). */
export function queryTerms(text: string, opts: { parts?: boolean } = {}): string[] {
  return terms(words(withoutGist(withVersionsJoined(text))).filter((w) => !QUERY_FILLERS.has(w)).join(' '), opts);
}

/**
 * What a question asks for, as groups of terms: each group is one thing asked and is found when
 * any of its terms is. Most groups are one term; "audio or speech" is one group of two, so a
 * paper about audio answers it fully rather than half. A compound ("state-of-the-art") is
 * represented by its words alone: counting both would weigh it thrice.
 */
export function queryConcepts(text: string): string[][] {
  const single = (t: string) => !t.includes('-');
  const groups: string[][] = [];
  for (const m of normalize(text).matchAll(ALTERNATIVES)) {
    const group = [...new Set(queryTerms(`${m[1]} ${m[2]}`).filter(single))];
    if (group.length > 1) groups.push(group);
  }
  const grouped = new Set(groups.flat());
  const rest = [...new Set(queryTerms(text).filter(single))].filter((t) => !grouped.has(t));
  return [...rest.map((t) => [t]), ...groups];
}

/**
 * The written word each concept comes from (an index per group of `concepts`): the parts of a
 * compound ("VLA-ATTC": vla, attc) share one, so that one word the question wrote, however many
 * parts it has, does not pass for two things asked.
 */
export function conceptWords(text: string, concepts: string[][]): number[] {
  const compoundOf = new Map<string, number>();
  for (const [i, w] of words(text).entries()) if (w.includes('-')) for (const t of terms(w)) compoundOf.set(t, concepts.length + i);
  return concepts.map((group, i) => (group.length === 1 ? (compoundOf.get(group[0]!) ?? i) : i));
}

/**
 * Stems of the words a question writes as names: a capital after the first word ("Qwen",
 * "GRPO", "LIBERO") or letters mixed with digits ("Qwen3-VL"). A name says what the question is
 * about more surely than its ordinary words do.
 */
export function queryNames(text: string): Set<string> {
  const names = new Set<string>();
  for (const sentence of withVersionsJoined(text).split(/[.?!]\s+/)) {
    const raw = sentence.match(WORD) ?? [];
    for (const [i, w] of raw.entries()) {
      const named = (i > 0 && /\p{Lu}/u.test(w)) || (/\p{L}/u.test(w) && /\p{N}/u.test(w));
      if (named && w.length > 1) for (const t of terms(w)) names.add(t);
    }
  }
  return names;
}

/** The shortest word read for a typo: shorter ones are acronyms and names as often ("vlas", "rlhf"). */
const TYPO_MIN_LETTERS = 5;
const LETTERS = 'abcdefghijklmnopqrstuvwxyz';

/** The spellings one slip of a key away from a word: two letters swapped ("vidoe"), one left out ("lerning"), one too many ("aboout") or one for another ("vudeo"). */
function oneSlipFrom(word: string): string[] {
  const out: string[] = [];
  for (let i = 0; i + 1 < word.length; i++) out.push(word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2));
  for (let i = 0; i < word.length; i++) out.push(word.slice(0, i) + word.slice(i + 1));
  for (let i = 0; i <= word.length; i++) for (const c of LETTERS) out.push(word.slice(0, i) + c + word.slice(i));
  for (let i = 0; i < word.length; i++) for (const c of LETTERS) if (c !== word[i]) out.push(word.slice(0, i) + c + word.slice(i + 1));
  return out;
}

/**
 * A question with its mistyped words mended ("wich papers study vidoe retrieval?": video): a
 * lower-case word of five letters or more that is no English word and whose term no paper writes,
 * read as the English word one slip away (see oneSlipFrom) that is a small word or that the papers
 * write most (`df`, papers per term). Only what is no English word: "story" or "dripping", which no
 * paper writes, are one slip from "store" and "dropping", which some do, and read so an off-topic
 * question was answered (q18 in the eval). Only into an English word: "artem" was read as a
 * paper's "arted", "mentis" as "sentis". Names are left as typed: a capital or a digit, and the
 * words `isName` says are (an author's, a paper's misspelt, which the catalog tells apart).
 * Returns the mended words too, to say how the question was read.
 */
export function withTyposMended(text: string, df: (term: string) => number, isName: (word: string) => boolean = () => false): { text: string; mended: [typed: string, read: string][] } {
  const mended: [string, string][] = [];
  const out = text.replace(WORD, (w: string, at: number) => {
    // "doesn" of "doesn't" is half a word, not a typo for "does".
    const contracted = /^['’]/.test(text.slice(at + w.length));
    if (contracted || w.length < TYPO_MIN_LETTERS || !/^[a-z]+$/.test(w) || STOPWORDS.has(w) || QUERY_FILLERS.has(w) || df(stem(w)) > 0 || isEnglishWord(w)) return w;
    let best: { word: string; df: number } | undefined;
    let small: string | undefined;
    for (const c of new Set(oneSlipFrom(w))) {
      // A small word mistyped ("aboout") only stands in the way: read as that word, it is no term to find.
      if (STOPWORDS.has(c) || QUERY_FILLERS.has(c)) {
        small = c;
        break;
      }
      const n = df(stem(c));
      if (n > (best?.df ?? 0) && isEnglishWord(c)) best = { word: c, df: n };
    }
    const read = small ?? best?.word;
    if (read === undefined || isName(w)) return w;
    mended.push([w, read]);
    return read;
  });
  return { text: out, mended };
}
