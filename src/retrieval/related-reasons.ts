/** Why a paper is related: the key terms and phrases two texts share, as the abstracts write them. */
import { DEFAULT_RETRIEVAL, type RetrievalSettings } from '../config.js';
import { stem, isStopword, withoutAccents, WORD } from '../text/terms.js';
import { joinList } from '../text/clean.js';
import { isEnglishWord } from '../text/english.js';
import { CAPITAL_INSIDE, PHRASE_GAP, PHRASE_WORD_GAP, SENTENCE_END } from '../lexicon/related.js';
import { keyWeights, showable, termCounts } from './key-terms.js';
import type { Retriever } from './retriever.js';

/** A text's words as a reason needs them; parsed anew for each list, only for the texts it shows. */
export interface ParsedText {
  /** Whole-word stems and how often the text writes each. */
  counts: Map<string, number>;
  /** Adjacent word pairs, keyed by stems (see `pairs`). */
  pairs: Map<string, string>;
  /** Each stem's written forms and how often each is written, for showing a term as the abstracts write it. */
  surfaces: Map<string, Map<string, number>>;
}

/** A text as sparse tf-idf weights of only its key terms (see keyWeights), with its parsed form: what a reason is built from. */
export interface Profile {
  parsed: ParsedText;
  keys: Map<string, number>;
}

/** `ofPairs`: for a topic's reasons, words "of" joins are a pair too (see pairs). */
export function parse(text: string, ofPairs = false): ParsedText {
  const written = writtenWords(text);
  return { counts: termCounts(text), pairs: pairs(text, written, ofPairs), surfaces: surfaceForms(written) };
}

export function profile(retriever: Retriever, parsed: ParsedText, limit: number): Profile {
  return { parsed, keys: keyWeights(retriever, parsed.counts, limit) };
}

/**
 * 'Both abstracts use the key terms "spatial audio" and "localization".' Built only from what
 * both texts are about (terms key to each, see `profile`) and the phrases both write around them,
 * so the reason is true and telling rather than a shared stray verb. Quoted, as terms the texts
 * use: a key term may be an adjective or a verb with its object ("uncertainty-aware", "reduces
 * hallucinations"), which "Both abstracts discuss uncertainty-aware" made no sentence of.
 */
export function sharedTermsReason(retriever: Retriever, a: string, b: string, fromPaper = true, settings: Pick<RetrievalSettings, 'relatedKeyTerms'> = DEFAULT_RETRIEVAL): string {
  return reasonOf(profile(retriever, parse(a, !fromPaper), settings.relatedKeyTerms), profile(retriever, parse(b, !fromPaper), settings.relatedKeyTerms), fromPaper);
}

/** A topic word's weight (its idf, written once) below which more than half the indexed texts write it: 1 + ln 2. */
const COMMON_WORD_WEIGHT = 1 + Math.LN2;

export function reasonOf(a: Profile, b: Profile, fromPaper: boolean): string {
  const weight = (t: string) => (a.keys.get(t) ?? 0) + (b.keys.get(t) ?? 0);
  // A topic's word counts wherever the paper writes it, as onTopic weighs it.
  const inB = (t: string) => (fromPaper ? b.keys.has(t) : b.parsed.surfaces.has(t));
  const keyToBoth = new Set([...a.keys.keys()].filter((t) => inB(t) && showable(t)));
  const shared: { phrase: string; weight: number }[] = [];
  // Word pairs first: "spatial audio" says more than "spatial" and "audio".
  for (const [key, phrase] of b.parsed.pairs) {
    const [x, y] = key.split(' ') as [string, string];
    if (a.parsed.pairs.has(key) && (keyToBoth.has(x) || keyToBoth.has(y))) shared.push({ phrase: commonForm(key, phrase, a, b), weight: weight(x) + weight(y) });
  }
  // A compound's parts too: "experts" beside "mixture-of-experts" only repeats it.
  const inPairs = new Set(shared.flatMap((s) => s.phrase.toLowerCase().split(PHRASE_WORD_GAP).map((w) => stem(w))));
  // Of a topic's words, one most abstracts write ("models" of "papers about diffusion models") tells nothing beside the others.
  const common = (t: string) => !fromPaper && (a.keys.get(t) ?? 0) < COMMON_WORD_WEIGHT;
  const lone = [...keyToBoth].filter((t) => !inPairs.has(t));
  const told = shared.length || lone.some((t) => !common(t)) ? lone.filter((t) => !common(t)) : lone;
  for (const t of told) shared.push({ phrase: surfaceOf(t, a, b), weight: weight(t) });
  const top = distinctPhrases(shared.sort((x, y) => y.weight - x.weight).map((s) => s.phrase)).slice(0, 4);
  if (top.length === 0) return fromPaper ? 'Similar overall wording, but no distinctive terms in common.' : 'Similar overall wording to your query.';
  const named = `${top.length === 1 ? 'term' : 'terms'} ${joinList(top.map((t) => `"${t}"`))}`;
  return fromPaper ? `Both abstracts use the key ${named}.` : `Its abstract uses your query's ${named}.`;
}

/**
 * The written form of a stem both texts write most often ("reasoning", not the one "reason" a verb
 * wrote), in the capitals they write it with most; of capitals written as often, the listed paper's
 * ("KV", not a query's "kv").
 */
function surfaceOf(t: string, a: Profile, b: Profile): string {
  const count = (into: Map<string, number>, forms: Iterable<[string, number]>, key: (form: string) => string) => {
    for (const [form, n] of forms) into.set(key(form), (into.get(key(form)) ?? 0) + n);
    return into;
  };
  const [ofA, ofB] = [[...(a.parsed.surfaces.get(t) ?? [])], [...(b.parsed.surfaces.get(t) ?? [])]];
  const word = mostWritten(count(count(new Map(), ofA, caseless), ofB, caseless));
  if (!word) return t;
  const spelt = (forms: [string, number][]) => forms.filter(([form]) => caseless(form) === word);
  return mostWritten(count(count(new Map(), spelt(ofB), asWritten), spelt(ofA), asWritten));
}

const caseless = (form: string) => form.toLowerCase();
const asWritten = (form: string) => form;

/**
 * A pair as written: as the listed paper `b` writes it where the other text writes it too, in other
 * capitals or not ("KV cache" for a query typed "kv cache"); else with each word in its most
 * written form, when the two texts write other forms of its words and one of them writes the pair
 * so; else as `b` writes it. Each word's most written form may be from elsewhere in the texts:
 * "energy-based model" and "energy-based modeling" made "energy-based models", which neither writes.
 */
function commonForm(key: string, phrase: string, a: Profile, b: Profile): string {
  const written = a.parsed.pairs.get(key)?.toLowerCase();
  if (written === phrase.toLowerCase()) return phrase;
  const mostWrittenWords = key.split(' ').map((t) => surfaceOf(t, a, b)).join(' ');
  return [written, phrase.toLowerCase()].includes(mostWrittenWords.toLowerCase()) ? mostWrittenWords : phrase;
}

function surfaceForms(written: readonly WrittenWord[]): Map<string, Map<string, number>> {
  const out = new Map<string, Map<string, number>>();
  for (const { word, shown } of written) {
    const parts = word.includes('-') ? [[word, shown], ...word.split('-').map((w, i) => [w, shown.split('-')[i]!])] : [[word, shown]];
    for (const [w, form] of parts as [string, string][]) {
      if (isStopword(w)) continue;
      const forms = out.get(stem(w)) ?? new Map<string, number>();
      forms.set(form, (forms.get(form) ?? 0) + 1);
      out.set(stem(w), forms);
    }
  }
  return out;
}

/** A word of a text: in lower case (as terms() reads it), as a reason shows it (see writtenWords), and where it starts and ends. */
interface WrittenWord {
  word: string;
  shown: string;
  index: number;
  end: number;
}

/** A text's words, each also as a reason shows it (see spellingOf). A paper's text is its title, then its abstract on the lines after. */
function writtenWords(text: string): WrittenWord[] {
  const written = withoutAccents(text);
  const titleEnd = written.includes('\n') ? written.indexOf('\n') : -1;
  return [...written.matchAll(WORD)].map((m) => {
    const before = written.slice(Math.max(0, m.index - SENTENCE_GAP_MAX), m.index);
    const startsSentence = (m.index <= SENTENCE_GAP_MAX && before.trim() === '') || SENTENCE_END.test(before);
    const spelt = !startsSentence && m.index > titleEnd;
    return { word: m[0].toLowerCase(), shown: spellingOf(m[0], spelt), index: m.index, end: m.index + m[0].length };
  });
}

/**
 * A word as a reason shows it: its hyphened parts with a capital inside as written, wherever they are
 * ("KV", "TGV-KV", "3D", "PINNs"); a capitalised part that is no English word ("Bayesian", "Markov") as
 * written where `spelt` (not starting a sentence or in a title); the rest in lower case: an English
 * word's capital is a sentence's, a title's or a longer name's ("Reasoning Models" of "Large Reasoning Models").
 */
function spellingOf(word: string, spelt: boolean): string {
  return word
    .split('-')
    .map((part) => (part === part.toLowerCase() || CAPITAL_INSIDE.test(part) || (spelt && !isEnglishWord(part)) ? part : part.toLowerCase()))
    .join('-');
}

/** How far back from a word writtenWords looks for the end of a sentence before it: a full stop and a space or two. */
const SENTENCE_GAP_MAX = 4;

/**
 * Each phrase once, as the reader sees it: different stems can come out as the same text (the
 * shown form is taken from either abstract), and a lone word that a listed phrase or compound
 * already holds ("audio" beside "spatial audio", "experts" beside "mixture-of-experts") only repeats it.
 */
export function distinctPhrases(phrases: string[]): string[] {
  const shown = new Set<string>();
  const partsOf = (p: string) => p.toLowerCase().split(PHRASE_WORD_GAP);
  const longer = phrases.map(partsOf).filter((parts) => parts.length > 1);
  // Its words run in order within a longer phrase: "fine-tuning" in "reinforcement fine-tuning".
  const within = (parts: string[]) => longer.some((l) => l.length > parts.length && l.some((_, i) => parts.every((w, k) => l[i + k] === w)));
  return phrases.filter((p) => {
    const key = p.toLowerCase();
    if (shown.has(key) || within(partsOf(p))) return false;
    shown.add(key);
    return true;
  });
}

/**
 * Adjacent word pairs, keyed by stems. Only words the text writes next to each other count:
 * across a full stop, a parenthesis or the line between title and abstract they are no phrase
 * ("... Resolution Diffusion" then "Diffusion Transformers" gave "diffusion diffusion",
 * "language models (LMMs)" gave "models lmms"). A word of two letters is part of one ("KV
 * cache", "RL agents"): without it, a paper that writes "KV cache" was listed for "cache".
 */
function pairs(text: string, ws: readonly WrittenWord[], ofPairs: boolean): Map<string, string> {
  // Each pair's forms, counted: the one written most is shown.
  const forms = new Map<string, Map<string, number>>();
  const written = withoutAccents(text);
  const add = (x: string, y: string, phrase: string) => {
    if (isStopword(x) || isStopword(y) || x.length < 2 || y.length < 2 || /^\d/.test(x) || /^\d/.test(y) || stem(x) === stem(y)) return;
    const key = `${stem(x)} ${stem(y)}`;
    const counted = forms.get(key) ?? new Map<string, number>();
    counted.set(phrase, (counted.get(phrase) ?? 0) + 1);
    forms.set(key, counted);
  };
  const apart = (a: WrittenWord, b: WrittenWord) => PHRASE_GAP.test(written.slice(a.end, b.index));
  for (let i = 0; i < ws.length; i++) {
    const [a, b, c] = [ws[i]!, ws[i + 1], ws[i + 2]];
    if (b && apart(a, b)) add(a.word, b.word, `${a.shown} ${b.shown}`);
    // A topic's "mixture of experts" is a phrase, as "Mixture-of-Experts" is. Not between two abstracts: "learning of world models" is none.
    if (ofPairs && b?.word === 'of' && c && apart(a, b) && apart(b, c)) add(a.word, c.word, `${a.shown} of ${c.shown}`);
    compoundPairs(a, add);
  }
  return new Map([...forms].map(([key, counted]) => [key, mostWritten(counted)]));
}

/**
 * A compound's parts as the pairs written apart would be, each shown as the whole compound:
 * "Mixture-of-Experts" is the phrase a query's "mixture of experts" names ("experts" and "mixture"
 * were shown apart). Its parts next to each other or joined by "of" only.
 */
function compoundPairs(w: WrittenWord, add: (x: string, y: string, phrase: string) => void): void {
  const parts = w.word.split('-');
  for (let k = 0; k + 1 < parts.length; k++) {
    add(parts[k]!, parts[k + 1]!, w.shown);
    if (parts[k + 1] === 'of' && k + 2 < parts.length) add(parts[k]!, parts[k + 2]!, w.shown);
  }
}

/** The form written most often, the first of those written as often. */
function mostWritten(forms: Map<string, number>): string {
  let best = '';
  let most = 0;
  for (const [form, n] of forms) if (n > most) [best, most] = [form, n];
  return best;
}
