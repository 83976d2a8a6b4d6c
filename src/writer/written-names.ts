/**
 * Which words of an answer are written as names, to be looked up in what the model read: a word
 * with a capital inside ("ImageNet"), letters with digits ("GPT-4"), a capitalised word that is
 * no English word ("Yann", "Microsoft"), a model family or an organisation named by an English
 * word ("Llama", "Google"), a capitalised word with a possessive mid-sentence ("the Transformer's"),
 * a surname before "et al.", and capitalised words in a row ("Hugging Face").
 */
import { isEnglishWord } from '../text/english.js';
import { isStopword } from '../text/terms.js';
import { NAME_TOKEN } from './evidence.js';
import { MODEL_FAMILIES, ORGANISATION_WORDS } from '../lexicon/model-families.js';

/** "Don't", "Isn't", "Can't": a contraction, not a name whose part "t" is no word. */
const CONTRACTION = /^\p{L}+n['’]t$|^\p{L}+['’](?:re|ve|ll|d|m)$/iu;

/**
 * Whether a word is written as a name is (see the module's comment); a quantity with a unit
 * ("4D", "10ms") is looked up as written, as a name is. Not an ordinal ("1st"), a figure NUMBER
 * reads ("7B", "2.5x", "8-bit") or a capitalised English word ("Transformer", "Source"), which a
 * source may write in lower case or not at all without anything being made up. At a sentence's
 * start a capital says nothing, so there only a word no English writes is a name ("Microsoft
 * researchers found …"), or an organisation's.
 */
export function isName(word: string, sentenceStart: boolean): boolean {
  if (CONTRACTION.test(word)) return false;
  const possessive = /['’]s$/u.test(word);
  const w = word.replace(/['’]s$/u, '');
  const letters = w.replace(/[^\p{L}]/gu, '');
  if (letters.length === 0) return false;
  // A figure with the scale or factor NUMBER reads ("7B", "2.5x") or an adjective made of one ("2.5-fold", "8-bit"): its number is checked as a number.
  if (/\p{N}/u.test(w)) return !/^\d+(?:\.\d+)?(?:st|nd|rd|th|[xX×kKMB]|[-–]\p{Ll}+)$/u.test(w);
  if (letters.length < 2) return false;
  if (/^.+\p{Lu}/u.test(letters)) return true;
  if (ORGANISATION_WORDS.has(w)) return true;
  if (!/^\p{Lu}/u.test(letters)) return false;
  if (!sentenceStart && (MODEL_FAMILIES.has(w) || possessive)) return true;
  return !w.split(/[-/.'’]/).every((p) => isEnglishWord(p));
}

export interface StatedName {
  text: string;
  start: number;
  end: number;
  /** A version written apart from the name before it, with that name: "Qwen 2.5-VL" of "2.5-VL". */
  version?: { text: string; start: number; end: number };
  /** A bare number that is such a version ("3" of "Qwen 3"): only the version is looked up. */
  bare?: boolean;
  /** Capitalised words in a row ("Hugging Face"), looked up as words one after the other. */
  words?: string[];
}

/** A number written as a version: digits and dots, no unit or factor after it ("3", "2.5"; not "3%", "3x", "3B"). */
const BARE_VERSION = /^\d+(?:\.\d+)?$/;
const FIGURE_AFTER = /^\s?(?:%|percent|per cent|x(?![\p{L}\p{N}])|×|-fold|times|thousand|million|billion)/iu;
/** A word capitalised as a name is, and nothing else: "Hugging", "Face", "Smith". */
const CAPITALISED = /^\p{Lu}\p{Ll}+(?:['’]s)?$/u;

/**
 * The names of a sentence, and the versions written apart after them ("Qwen 2.5-VL"; "Qwen 3"
 * where `versionsFollow` the word, a model family).
 */
export function namesIn(sentence: string, versionsFollow: (word: string) => boolean): StatedName[] {
  const out: StatedName[] = [];
  let previous: RegExpExecArray | undefined;
  const tokens = [...sentence.matchAll(NAME_TOKEN)];
  for (const m of tokens) {
    const before = sentence.slice(0, m.index).trimEnd();
    // After a colon, a dash or an opening quote, a capital is as likely a sentence's first word.
    const start = before === '' || /[:;—–("'“‘]$/.test(before);
    const afterName = previous && /^\d/.test(m[0]) && versionedName(previous[0]) && sentence.slice(previous.index! + previous[0].length, m.index) === ' ';
    const end = m.index! + m[0].length;
    const bare = afterName && BARE_VERSION.test(m[0]) && !FIGURE_AFTER.test(sentence.slice(end)) && versionsFollow(previous![0]);
    // "Smith et al.": a surname, whatever else the word means.
    const cited = CAPITALISED.test(m[0]) && /^\s+et\s+al\b/.test(sentence.slice(end));
    if (bare || cited || isName(m[0], start)) {
      const name: StatedName = { text: m[0].replace(/['’]s$/u, ''), start: m.index!, end, ...(bare ? { bare } : {}) };
      if (afterName) name.version = { text: `${previous![0]} ${name.text}`, start: previous!.index!, end: name.end };
      out.push(name);
    }
    previous = m;
  }
  return [...out, ...capitalisedRuns(sentence, tokens, out)];
}

/**
 * Capitalised English words in a row that name something ("Hugging Face", "Microsoft Research"
 * once "Microsoft" is known, "Vision Language Models"): each alone is a word, together a name, to
 * be found in the sources as those words in a row. Not in a line written in title case (a
 * heading, "Key Findings"), where every word is capitalised, nor a run with a name in it already.
 */
function capitalisedRuns(sentence: string, tokens: RegExpExecArray[], names: readonly StatedName[]): StatedName[] {
  // Title case: every word but the small ones capitalised ("How PixelThink Works", "Revealing the Limits of Reasoning").
  if (tokens.every((m) => !/^\p{Ll}/u.test(m[0]) || isStopword(m[0]))) return [];
  const named = new Set(names.map((n) => n.start));
  const out: StatedName[] = [];
  let run: RegExpExecArray[] = [];
  const close = () => {
    if (run.length >= 2 && !run.some((m) => named.has(m.index!))) {
      const first = run[0]!;
      const last = run.at(-1)!;
      out.push({ text: sentence.slice(first.index!, last.index! + last[0].length).replace(/['’]s$/u, ''), start: first.index!, end: last.index! + last[0].length, words: run.map((m) => m[0]) });
    }
    run = [];
  };
  for (const m of tokens) {
    const prev = run.at(-1);
    const joined = prev && sentence.slice(prev.index! + prev[0].length, m.index) === ' ' && !/['’]s$/u.test(prev[0]);
    if (!joined) close();
    if (CAPITALISED.test(m[0]) && !isStopword(m[0].toLowerCase())) run.push(m);
    else close();
  }
  close();
  return out;
}

/** A word a version may follow, apart: a capitalised word of letters that is no small word ("Qwen 2.5-VL", "Gemini 2.5"; not "On 3D"). */
function versionedName(word: string): boolean {
  return /^\p{Lu}\p{L}+$/u.test(word) && !isStopword(word.toLowerCase());
}
