/**
 * The numbers and names of some texts (what a model read), indexed to be looked up as an answer
 * writes them: "30.4 %" of "30.4%", "about 50%" of "48.2%", "1k" of "1,000", "three" of 3;
 * "Qwen 2.5" of "Qwen2.5-VL", "GitHub" of "https://github.com/…", "NeurIPS 2020" of "NeurIPS'20".
 */
import { phraseWithInitials } from '../names/acronyms.js';
import { isName } from './written-names.js';

export interface StatedNumber {
  text: string;
  start: number;
  end: number;
  /** The digits as written, in the unit written ("1.2" of "1.2M"); a year written "'20" as 2020. */
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
 * A number standing alone: not part of a name ("GPT-4", "W3A16", "Qwen2.5", "3D", "top-1",
 * "NeurIPS'20"), with thousands separators and decimals, and the unit that scales it ("1k", "1.2 million").
 */
const NUMBER = /(?<![\p{L}\p{N}.,]|\p{L}-|\p{L}['’])(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d+))?(?:\s?(k|K|M|B)(?![\p{L}\p{N}])|\s(thousand|million|billion)\b)?(?!(?![x×](?![\p{L}\p{N}]))[\p{L}\p{N}]|[.,]\d)/gu;

/** The year a two-digit year stands for ("'20", "'98"). */
function fullYear(twoDigits: string): number {
  const yy = Number(twoDigits);
  return yy <= 50 ? 2000 + yy : 1900 + yy;
}

export function numbersIn(sentence: string): StatedNumber[] {
  const out: StatedNumber[] = [];
  for (const m of sentence.matchAll(NUMBER)) {
    const unitWord = (m[3] ?? m[4] ?? '').toLowerCase();
    const after = /^\s?(?:%|percent|per cent|x|×|-fold|times)?/i.exec(sentence.slice(m.index! + m[0].length))![0];
    // "in '20" is a year, written short.
    const year = /['’]$/.test(sentence.slice(0, m.index)) && /^\d{2}$/.test(m[0]);
    out.push({
      text: (year ? `'${m[0]}` : m[0] + after).trim(),
      start: m.index!,
      end: m.index! + m[0].length + (year ? 0 : after.length),
      value: year ? fullYear(m[0]) : Number(`${m[1]!.replace(/,/g, '')}${m[2] ? `.${m[2]}` : ''}`),
      decimals: year ? 0 : (m[2]?.length ?? 0),
      unit: year ? 1 : (UNITS[unitWord] ?? 1),
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

/** A word as it may be a name: letters and digits, with inner hyphens, dots, slashes and apostrophes ("GPT-4", "Qwen2.5-VL", "LeCun's"). */
export const NAME_TOKEN = /[\p{L}\p{N}]+(?:[-./'’][\p{L}\p{N}]+)*/gu;

/** The letters a versioned name starts with, its family: "Qwen" of "Qwen2.5", "GPT" of "GPT4o"; not one letter ("W3A16"). */
const FAMILY = /^(\p{L}{2,})\d/u;
/** The unit of a figure written with it: "FPS" of "30FPS", "GB" of "24GB". */
const UNIT_AFTER_FIGURE = /^\d+(?:\.\d+)?(\p{L}{2,})$/u;
/** A name with a year after an apostrophe: "NeurIPS'20". */
const YEAR_MARK = /^(.*\p{L})['’](\d{2})$/u;

/** Greek letters as a source may spell them out: "π0.5" is "PI0.5". */
const GREEK: Record<string, string> = { α: 'alpha', β: 'beta', γ: 'gamma', δ: 'delta', ε: 'epsilon', θ: 'theta', λ: 'lambda', μ: 'mu', π: 'pi', σ: 'sigma', τ: 'tau', φ: 'phi', ψ: 'psi', ω: 'omega' };

/** How a name is looked up: in lower case, Greek letters spelled out, without hyphens, dots, spaces or a possessive. */
export function key(word: string): string {
  return word
    .replace(/['’]s$/u, '')
    .toLowerCase()
    .replace(/[α-ω]/gu, (g) => GREEK[g] ?? g)
    .replace(/[^\p{L}\p{N}]/gu, '');
}

/** A word and what it starts with before each hyphen or slash: "2.5", "2.5-VL" of "2.5-VL". */
function prefixes(word: string): string[] {
  const parts = word.split(/[-/]/);
  return parts.map((_, j) => parts.slice(0, j + 1).join('-'));
}

/** The parts of a word a name may be written as: "github.com/GVCLab/MLLM-4D" gives "github", "com", "GVCLab", "MLLM", "4D"; "NeurIPS'20" gives "NeurIPS". */
function partsOf(word: string): string[] {
  const parts = word.split(/[-/]/);
  const hosts = parts.filter((p) => /\p{L}\.\p{L}/u.test(p)).flatMap((p) => p.split('.'));
  const marked = YEAR_MARK.exec(word)?.[1];
  return [...parts, ...hosts, ...(marked ? [marked] : [])];
}

export class Evidence {
  private readonly numbers: number[] = [];
  private readonly keys = new Set<string>();
  /** Capitalised words written with a version after them ("qwen" of "Qwen2.5", "gemini" of "Gemini 2.5"): a number after such a word is its version. */
  private readonly versioned = new Set<string>();
  private readonly text: string;
  private readonly phrases = new Map<string, boolean>();

  constructor(texts: readonly string[]) {
    this.text = texts.join('\n');
    for (const m of this.text.matchAll(/\d+(?:,\d{3})*(?:\.\d+)?/g)) {
      const value = Number(m[0].replace(/,/g, ''));
      this.numbers.push(value);
      const unit = /^\s?(k|K|M|B|thousand|million|billion)\b/.exec(this.text.slice(m.index! + m[0].length))?.[1];
      if (unit) this.numbers.push(value * UNITS[unit.toLowerCase()]!);
      // "NeurIPS'20", "in '98": a year written short.
      if (/^\d{2}$/.test(m[0]) && /['’]$/.test(this.text.slice(0, m.index)) && !/\d/.test(this.text[m.index! + 2] ?? '')) this.numbers.push(fullYear(m[0]));
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
      for (const part of [w, ...partsOf(w)]) {
        this.keys.add(key(part));
        // "Qwen" of "Qwen2.5-VL" (a family named without its version), "FPS" of "30FPS" (a unit written apart).
        const family = FAMILY.exec(part)?.[1];
        const letters = family ?? UNIT_AFTER_FIGURE.exec(part)?.[1];
        if (letters) this.keys.add(key(letters));
        if (family) this.versioned.add(key(family));
      }
      // "NeurIPS 2020" of "NeurIPS'20": the venue with its year written out.
      const marked = YEAR_MARK.exec(w);
      if (marked) {
        this.keys.add(key(`${marked[1]}${fullYear(marked[2]!)}`));
        this.versioned.add(key(marked[1]!));
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
    // "NeurIPS'20" of a source that writes "NeurIPS 2020".
    const marked = YEAR_MARK.exec(name);
    if (marked) return this.hasName(marked[1]!) && this.numbers.includes(fullYear(marked[2]!));
    // "LLM-based", "GPT-4-level": each name in it is there, the rest are words, and no bare number is left unchecked.
    const parts = name.split(/[-/]/);
    return parts.length > 1 && parts.every((p) => !/^\d+(?:\.\d+)?$/.test(p) && (!isName(p, false) || this.hasName(p)));
  }

  /**
   * Whether words a sentence writes capitalised as one name ("Hugging Face", "Vision Language
   * Models") are written here one after the other, in any case, with spaces or hyphens between.
   */
  hasPhrase(words: readonly string[]): boolean {
    const k = words.join(' ').toLowerCase();
    let found = this.phrases.get(k);
    if (found === undefined) {
      const body = words.map((w) => w.toLowerCase().replace(/['’]s$/, '').replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('[\\s\\-–_]*');
      found = this.keys.has(key(words.join(''))) || new RegExp(`(?<![\\p{L}\\p{N}])${body}(?:e?s|['’]s)?(?![\\p{L}\\p{N}])`, 'iu').test(this.text);
      this.phrases.set(k, found);
    }
    return found;
  }
}
