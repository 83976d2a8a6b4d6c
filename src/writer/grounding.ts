/**
 * Whether what a model's answer states is in what it read. Citations say which source a claim
 * rests on; they do not say the claim is there. A small model citing [1] for "published at
 * NeurIPS 2019 by Yann LeCun, 99% on ImageNet" invents all four. Checking meaning is beyond a
 * cheap, repeatable test, but the facts a reader is most likely to take away and repeat are the
 * figures and the names, and those can be looked up:
 *
 * - every number of a sentence (30.4%, 1,000, 2.5x, 2019) must be in a source the sentence
 *   cites (in any source given, for a sentence that cites none), in the title of any source
 *   given, or in the question;
 * - every name (a word with a capital inside or with digits, an acronym, a capitalised word
 *   that is no English word or is a model family's, "Llama") must be in some source given, or in
 *   the question: a comparison names the other paper in a sentence that cites only one. A
 *   number after a model's name is its version, and is looked up with it as written.
 *
 * And an answer must draw on what it cites at all (see undrawnFromSources): a reply that cites
 * [1] for boilerplate or a prompt leak states no figure or name to catch.
 *
 * "The same number" allows for how it is written ("30.4 %", "30.4 percent", "1k", "three") and
 * for rounding ("30%", "about 50%" of 48.2%), not a version ("Qwen 3" is not "Qwen2.5"); "the
 * same name" for case, hyphens, spaces, a plural, a name cut before what follows it ("LLaMA-3.1"
 * of "LLaMA-3.1-8B"), and an acronym the source spells out ("reinforcement learning" for RL).
 */
import { phraseWithInitials } from '../names/acronyms.js';
import { byline } from '../corpus/paper.js';
import { hasTerm } from '../retrieval/termstats.js';
import { isEnglishWord } from '../text/english.js';
import { isStopword, terms } from '../text/terms.js';
import type { Source } from '../types.js';
import { parseCitations, sentencesWithCitations, withoutCitationGroups } from './citations.js';

/** What an answer states that its sources do not, as the answer writes it, in order, each once. */
export function unsupportedStatements(text: string, sources: readonly Source[], supplied: ReadonlySet<number>, context: readonly string[]): string[] {
  const given = sources.filter((s) => supplied.has(s.n));
  const evidenceOf = new Map(given.map((s) => [s.n, new Evidence([sourceText(s), ...context])]));
  const anywhere = new Evidence([...given.map(sourceText), ...context]);
  // A title may carry a number ("$\\pi_0$"), and a sentence may name that paper while citing another.
  const titles = new Evidence(given.map((s) => s.title));
  const out = new Set<string>();
  for (const sentence of sentencesWithCitations(text)) {
    const cited = parseCitations(sentence).filter((n) => evidenceOf.has(n));
    const bare = withoutCitations(sentence);
    const stated = (number: StatedNumber) => (cited.length ? cited.some((n) => evidenceOf.get(n)!.hasNumber(number)) || titles.hasNumber(number) : anywhere.hasNumber(number));
    const names = namesIn(bare, (word) => MODEL_FAMILY_WORDS.has(word) || anywhere.hasVersioned(word));
    // "Qwen 3" of "Qwen2.5" is another model, not 2.5 rounded: a version is looked up as written, with its name.
    const versions = new Set(names.filter((n) => n.bare).map((n) => n.start));
    const found: { text: string; start: number; end: number }[] = numbersIn(bare).filter((n) => !versions.has(n.start) && !stated(n));
    for (const name of names) {
      if ((!name.bare && anywhere.hasName(name.text)) || (name.version && anywhere.hasName(name.version.text))) continue;
      const stated = name.version ?? name;
      // "Yann LeCun" is one statement, not two; "Qwen 3-VL" is one already.
      const last = found.at(-1);
      if (name.version && last?.start === stated.start) found[found.length - 1] = stated;
      else if (last && last.end <= stated.start && /^\s+$/.test(bare.slice(last.end, stated.start))) found[found.length - 1] = { text: `${last.text} ${stated.text}`, start: last.start, end: stated.end };
      else found.push(stated);
    }
    for (const f of found.sort((a, b) => a.start - b.start)) out.add(f.text);
  }
  return [...out];
}

/** A source as the model read it: title, paper id, byline (with year and venue), passage. */
function sourceText(s: Source): string {
  return `${s.title} (paper id: ${s.paperId})\n${byline(s)}\n${s.text}`;
}

/**
 * A sentence without what numbers it but states nothing: citations, list markers, inline ones
 * too ("two steps: 1) estimate, 2) regulate"; "Step 1: …"), how a model names a source
 * ("According to Source 1", "paper 2"), and "TL;DR".
 */
function withoutCitations(sentence: string): string {
  return withoutCitationGroups(sentence)
    .replace(/\*\*|__|`/g, '')
    .replace(/^\s*\(?(?:\d{1,2}|[ivx]{1,4})[.)]\s+/i, '')
    .replace(/\((?:\d{1,2}|[ivx]{1,4})\)/gi, ' ')
    .replace(/(?<![\p{L}\p{N}.,'’])(?:\d{1,2}|[ivx]{1,4})\)(?=\s)/giu, ' ')
    .replace(/\b(?:sources?|papers?|passages?|abstracts?|steps?|stages?|points?|parts?)\s+(?:\d{1,3}(?:\s*(?:,|and|&)\s*\d{1,3})*)\b/gi, ' ')
    .replace(/\bTL;?DR\b/gi, ' ');
}

interface StatedNumber {
  text: string;
  start: number;
  end: number;
  /** The digits as written, in the unit written ("1.2" of "1.2M"). */
  value: number;
  /** Decimals written: what it may have been rounded to. */
  decimals: number;
  /** 1, or 1e3 for "1k", 1e6 for "1.2 million". */
  unit: number;
  /** "about 50%": rounded further than its digits say. */
  hedged: boolean;
}

const UNITS: Record<string, number> = { k: 1e3, thousand: 1e3, m: 1e6, million: 1e6, b: 1e9, billion: 1e9 };
const HEDGE = /(?:about|around|approximately|approx\.?|roughly|nearly|almost|over|more than|less than|under|up to|at least|at most|close to|some|~|≈|>|<)\s*$/i;
/**
 * A number standing alone: not part of a name ("GPT-4", "W3A16", "Qwen2.5", "3D", "top-1"), with
 * thousands separators and decimals, and the unit that scales it ("1k", "1.2 million").
 */
const NUMBER = /(?<![\p{L}\p{N}.,]|\p{L}-)(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d+))?(?:\s?(k|K|M|B)(?![\p{L}\p{N}])|\s(thousand|million|billion)\b)?(?!(?![x×](?![\p{L}\p{N}]))[\p{L}\p{N}]|[.,]\d)/gu;

function numbersIn(sentence: string): StatedNumber[] {
  const out: StatedNumber[] = [];
  for (const m of sentence.matchAll(NUMBER)) {
    const unitWord = (m[3] ?? m[4] ?? '').toLowerCase();
    const after = /^\s?(?:%|percent|per cent|x|×|-fold|times)?/i.exec(sentence.slice(m.index! + m[0].length))![0];
    out.push({
      text: (m[0] + after).trim(),
      start: m.index!,
      end: m.index! + m[0].length + after.length,
      value: Number(`${m[1]!.replace(/,/g, '')}${m[2] ? `.${m[2]}` : ''}`),
      decimals: m[2]?.length ?? 0,
      unit: UNITS[unitWord] ?? 1,
      hedged: HEDGE.test(sentence.slice(0, m.index)),
    });
  }
  return out;
}

/** Number words a source may write for what an answer writes in digits ("three" benchmarks, "twofold"). */
const NUMBER_WORDS: Record<string, number> = Object.fromEntries(
  [
    'zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen seventeen eighteen nineteen twenty',
    'thirty forty fifty sixty seventy eighty ninety',
  ].flatMap((list, tens) => list.split(' ').map((w, i) => [w, tens ? (i + 3) * 10 : i])),
);
const NUMBER_WORD = new RegExp(`\\b(${Object.keys(NUMBER_WORDS).join('|')})(?:-(${Object.keys(NUMBER_WORDS).join('|')}))?(?:[- ]?(fold|hundred|thousand|million|billion))?\\b`, 'gi');
/** "6.0×10^4", "10^{-3}", "1e-5": the value, not its three numbers. */
const SCIENTIFIC = /(\d+(?:\.\d+)?)\s*(?:[×x*]\s*10\s*\^?\s*\{?\s*|e)([-−]?\d+)\}?/gi;

/** The numbers, names and words of some texts, indexed to be looked up as an answer writes them. */
class Evidence {
  private readonly numbers: number[] = [];
  private readonly keys = new Set<string>();
  /** Capitalised words written with a version after them ("qwen" of "Qwen2.5", "gemini" of "Gemini 2.5"): a number after such a word is its version. */
  private readonly versioned = new Set<string>();
  private readonly text: string;

  constructor(texts: readonly string[]) {
    this.text = texts.join('\n');
    for (const m of this.text.matchAll(/\d+(?:,\d{3})*(?:\.\d+)?/g)) {
      const value = Number(m[0].replace(/,/g, ''));
      this.numbers.push(value);
      const unit = /^\s?(k|K|M|B|thousand|million|billion)\b/.exec(this.text.slice(m.index! + m[0].length))?.[1];
      if (unit) this.numbers.push(value * UNITS[unit.toLowerCase()]!);
    }
    for (const m of this.text.matchAll(SCIENTIFIC)) this.numbers.push(Number(m[1]) * 10 ** Number(m[2]!.replace('−', '-')));
    for (const m of this.text.matchAll(NUMBER_WORD)) {
      const first = NUMBER_WORDS[m[1]!.toLowerCase()]!;
      const value = first + (m[2] ? NUMBER_WORDS[m[2].toLowerCase()]! : 0);
      const scale = m[3] ? (UNITS[m[3].toLowerCase()] ?? (m[3].toLowerCase() === 'hundred' ? 100 : 1)) : 1;
      this.numbers.push(value * scale);
    }
    const words = [...this.text.matchAll(NAME_TOKEN)].map((m) => m[0]);
    words.forEach((w, i) => {
      const parts = w.split(/[-/]/);
      for (const part of [w, ...parts]) {
        this.keys.add(key(part));
        // "Qwen" of "Qwen2.5-VL" (a family named without its version), "FPS" of "30FPS" (a unit written apart).
        const family = FAMILY.exec(part)?.[1];
        const letters = family ?? UNIT_AFTER_FIGURE.exec(part)?.[1];
        if (letters) this.keys.add(key(letters));
        if (family) this.versioned.add(key(family));
      }
      // "LLaMA-3.1" of "LLaMA-3.1-8B", "GPT-2" of "GPT-2-style": a name without what follows it.
      parts.forEach((part, j) => {
        if (j > 0) this.keys.add(key(parts.slice(0, j + 1).join('')));
        if (/^\d/.test(parts[j + 1] ?? '') && /^\p{Lu}/u.test(part)) this.versioned.add(key(part));
      });
      const next = words[i + 1];
      if (next && /^\d/.test(next) && /^\p{Lu}/u.test(w)) this.versioned.add(key(w));
      // "Pixel Think" for "PixelThink", "TGV KV" for "TGV-KV", "Qwen 2.5" for "Qwen 2.5-VL".
      if (next) for (const p of prefixes(next)) this.keys.add(key(w + p));
      if (next && i + 2 < words.length) this.keys.add(key(w + next + words[i + 2]!));
    });
  }

  hasNumber(n: StatedNumber): boolean {
    const places = 10 ** n.decimals;
    return this.numbers.some((e) => {
      const inUnit = e / n.unit;
      if (Math.round(inUnit * places) / places === n.value || Math.trunc(inUnit * places) / places === n.value) return true;
      return n.hedged && [1, 2].some((figures) => Number(inUnit.toPrecision(figures)) === n.value);
    });
  }

  /** Whether a name is written with a version after it here ("Qwen" of "Qwen2.5"). */
  hasVersioned(name: string): boolean {
    return this.versioned.has(key(name));
  }

  hasName(name: string): boolean {
    const k = key(name);
    if (this.keys.has(k) || (k.endsWith('s') && this.keys.has(k.slice(0, -1))) || this.keys.has(`${k}s`)) return true;
    const letters = name.replace(/s$/, '');
    if (/^\p{Lu}{2,6}$/u.test(letters) && phraseWithInitials(letters.toLowerCase(), this.text)) return true;
    // "LLM-based", "GPT-4-level": each name in it is there, the rest are words, and no bare number is left unchecked.
    const parts = name.split(/[-/]/);
    return parts.length > 1 && parts.every((p) => !/^\d+(?:\.\d+)?$/.test(p) && (!isName(p, false) || this.hasName(p)));
  }
}

/** A word and what it starts with before each hyphen or slash: "2.5", "2.5-VL" of "2.5-VL". */
function prefixes(word: string): string[] {
  const parts = word.split(/[-/]/);
  return parts.map((_, j) => parts.slice(0, j + 1).join('-'));
}

/** A word as it may be a name: letters and digits, with inner hyphens, dots, slashes and apostrophes ("GPT-4", "Qwen2.5-VL", "LeCun's"). */
const NAME_TOKEN = /[\p{L}\p{N}]+(?:[-./'’][\p{L}\p{N}]+)*/gu;

/** The letters a versioned name starts with, its family: "Qwen" of "Qwen2.5", "GPT" of "GPT4o"; not one letter ("W3A16"). */
const FAMILY = /^(\p{L}{2,})\d/u;
/** The unit of a figure written with it: "FPS" of "30FPS", "GB" of "24GB". */
const UNIT_AFTER_FIGURE = /^\d+(?:\.\d+)?(\p{L}{2,})$/u;

/** Greek letters as a source may spell them out: "π0.5" is "PI0.5". */
const GREEK: Record<string, string> = { α: 'alpha', β: 'beta', γ: 'gamma', δ: 'delta', ε: 'epsilon', θ: 'theta', λ: 'lambda', μ: 'mu', π: 'pi', σ: 'sigma', τ: 'tau', φ: 'phi', ψ: 'psi', ω: 'omega' };

/** How a name is looked up: in lower case, Greek letters spelled out, without hyphens, dots, spaces or a possessive. */
function key(word: string): string {
  return word
    .replace(/['’]s$/u, '')
    .toLowerCase()
    .replace(/[α-ω]/gu, (g) => GREEK[g] ?? g)
    .replace(/[^\p{L}\p{N}]/gu, '');
}

/**
 * Whether a word is written as a name is: with a capital inside ("ImageNet", "NeurIPS", "RL"),
 * letters with digits ("W3A16", "GPT-4"), or a capital first where a sentence does not start and
 * no English word ("Yann"); a quantity with a unit ("4D", "10ms") is looked up as written, as a
 * name is. Not an ordinal ("1st"), a figure NUMBER reads ("7B", "2.5x", "8-bit") or a capitalised
 * English word ("Transformer", "Source"), which a source may write in lower case or not at all
 * without anything being made up.
 */
function isName(word: string, sentenceStart: boolean): boolean {
  const w = word.replace(/['’]s$/u, '');
  const letters = w.replace(/[^\p{L}]/gu, '');
  if (letters.length === 0) return false;
  // A figure with the scale or factor NUMBER reads ("7B", "2.5x") or an adjective made of one ("2.5-fold", "8-bit"): its number is checked as a number.
  if (/\p{N}/u.test(w)) return !/^\d+(?:\.\d+)?(?:st|nd|rd|th|[xX×kKMB]|[-–]\p{Ll}+)$/u.test(w);
  if (letters.length < 2) return false;
  if (/^.+\p{Lu}/u.test(letters)) return true;
  if (!sentenceStart && MODEL_FAMILY_WORDS.has(w)) return true;
  return !sentenceStart && /^\p{Lu}/u.test(letters) && !w.split(/[-/.'’]/).every((p) => isEnglishWord(p));
}

interface StatedName {
  text: string;
  start: number;
  end: number;
  /** A version written apart from the name before it, with that name: "Qwen 2.5-VL" of "2.5-VL". */
  version?: { text: string; start: number; end: number };
  /** A bare number that is such a version ("3" of "Qwen 3"): only the version is looked up. */
  bare?: boolean;
}

/**
 * Model families named by English words (or by a name, "Claude", that may start a sentence):
 * written as a model name (capitalised mid-sentence, or with a version after it, "Llama 3" even
 * first), they are checked as names are. A model answer inventing "uses Llama 3" passed, as
 * "Llama" is a word and "3" a number some abstract holds.
 */
const MODEL_FAMILY_WORDS = new Set(['Llama', 'Mistral', 'Gemini', 'Gemma', 'Claude', 'Phi', 'Falcon', 'Vicuna', 'Alpaca', 'Orca', 'Mamba', 'Chinchilla', 'Gopher', 'Koala', 'Grok']);

/** A number written as a version: digits and dots, no unit or factor after it ("3", "2.5"; not "3%", "3x", "3B"). */
const BARE_VERSION = /^\d+(?:\.\d+)?$/;
const FIGURE_AFTER = /^\s?(?:%|percent|per cent|x(?![\p{L}\p{N}])|×|-fold|times|thousand|million|billion)/iu;

/**
 * The names of a sentence, and the versions written apart after them ("Qwen 2.5-VL"; "Qwen 3"
 * where `versionsFollow` the word, a model family).
 */
function namesIn(sentence: string, versionsFollow: (word: string) => boolean): StatedName[] {
  const out: StatedName[] = [];
  let previous: RegExpExecArray | undefined;
  for (const m of sentence.matchAll(NAME_TOKEN)) {
    const before = sentence.slice(0, m.index).trimEnd();
    // After a colon, a dash or an opening quote, a capital is as likely a sentence's first word.
    const start = before === '' || /[:;—–("'“‘]$/.test(before);
    const afterName = previous && /^\d/.test(m[0]) && versionedName(previous[0]) && sentence.slice(previous.index! + previous[0].length, m.index) === ' ';
    const end = m.index! + m[0].length;
    const bare = afterName && BARE_VERSION.test(m[0]) && !FIGURE_AFTER.test(sentence.slice(end)) && versionsFollow(previous![0]);
    if (bare || isName(m[0], start)) {
      const name: StatedName = { text: m[0].replace(/['’]s$/u, ''), start: m.index!, end, ...(bare ? { bare } : {}) };
      if (afterName) name.version = { text: `${previous![0]} ${name.text}`, start: previous!.index!, end: name.end };
      out.push(name);
    }
    previous = m;
  }
  return out;
}

/** A word a version may follow, apart: a capitalised word of letters that is no small word ("Qwen 2.5-VL", "Gemini 2.5"; not "On 3D"). */
function versionedName(word: string): boolean {
  return /^\p{Lu}\p{L}+$/u.test(word) && !isStopword(word.toLowerCase());
}

/**
 * Below this share of content words found in what they cite (or the question), a cited sentence,
 * and an answer's cited sentences together, are not drawn from their sources ("Sure! Here is my
 * system prompt: … [1]", "Great question! I'd be happy to help [1]"). Measured on scripted
 * answers over the eval questions (.scratch/groundset.ts): faithful ones, verbatim or
 * paraphrased, keep half or more of a sentence's words and a third of an answer's (the barest,
 * "In short, PixelThink is what the top source is about [1]"); boilerplate, prompt leaks and
 * another paper's sentence cited as [1] mostly keep under a fifth.
 */
export const DRAWN_SHARE_MIN = 0.25;
/** A sentence is judged alone from this many content words: fewer ("It is fast [1]") say too little to tell, and count only toward the answer's share. */
const JUDGED_SENTENCE_WORDS = 4;
/** Words about the sources rather than from them ("the top source", "as the abstract states"): what any answer may write. */
const SOURCE_TALK = new Set(terms('source sources abstract abstracts passage passages excerpt excerpts text author authors question answer mention mentions state states say says note notes'));

/**
 * Whether an answer's cited sentences say little of what they cite: fewer than DRAWN_SHARE_MIN
 * of the content words of one sentence, or of all of them, are in the sources they cite (or in
 * `context`, the question and the turn before). A citation is a claim that the sentence rests
 * on the source; a sentence that shares almost no word with it rests on something else. A
 * sentence citing nothing (a heading, "I hope this helps!") claims nothing and is not read.
 */
export function undrawnFromSources(text: string, sources: readonly Source[], supplied: ReadonlySet<number>, context: readonly string[]): boolean {
  const termsOf = new Map(sources.filter((s) => supplied.has(s.n)).map((s) => [s.n, new Set(terms(sourceText(s)))]));
  const asked = new Set(terms(context.join('\n')));
  let written = 0;
  let drawn = 0;
  for (const sentence of sentencesWithCitations(text)) {
    const cited = parseCitations(sentence).filter((n) => termsOf.has(n));
    if (!cited.length) continue;
    // An address is no prose: its host's words say nothing of what the sentence claims.
    const words = [...new Set(terms(withoutCitationGroups(sentence).replace(/\bhttps?:\/\/\S+/g, ' ')))].filter((t) => !SOURCE_TALK.has(t));
    const found = words.filter((t) => hasTerm(asked, t) || cited.some((n) => hasTerm(termsOf.get(n)!, t))).length;
    if (words.length >= JUDGED_SENTENCE_WORDS && found < words.length * DRAWN_SHARE_MIN) return true;
    written += words.length;
    drawn += found;
  }
  return drawn < written * DRAWN_SHARE_MIN;
}
