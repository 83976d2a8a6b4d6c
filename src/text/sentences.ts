/** Sentence boundaries with character offsets, so answers can quote the exact sentence. */
import { ABBREVIATIONS, LIST_ITEM, LIST_OPENING, ORDINAL_ITEM, ORDINALS, SENTENCE_END, SENTENCE_START } from '../lexicon/sentence-roles.js';

export interface Span {
  start: number;
  end: number;
  text: string;
}

/** SENTENCE_END everywhere in a text, read from left to right. */
const BOUNDARY = new RegExp(SENTENCE_END.source, 'g');

/** Splits text into sentences; each span's text is exactly `text.slice(start, end)`, trimmed of outer whitespace. */
export function splitSentences(text: string): Span[] {
  const spans: Span[] = [];
  let start = skipSpace(text, 0);
  BOUNDARY.lastIndex = 0;
  for (let m = BOUNDARY.exec(text); m; m = BOUNDARY.exec(text)) {
    const end = m.index + m[0].length;
    if (!isSentenceEnd(text, m.index, end)) continue;
    if (end > start) spans.push({ start, end, text: text.slice(start, end) });
    start = skipSpace(text, end);
  }
  const tailEnd = trimEnd(text, text.length);
  if (tailEnd > start) spans.push({ start, end: tailEnd, text: text.slice(start, tailEnd) });
  return spans;
}

function isSentenceEnd(text: string, punct: number, end: number): boolean {
  if (text[punct] === '.') {
    const before = /([\p{L}.]+)$/u.exec(text.slice(Math.max(0, punct - 12), punct))?.[1] ?? '';
    if (ABBREVIATIONS.has(before.toLowerCase())) return false;
    // A single capital letter before the period is an initial ("J. Smith").
    if (/^\p{Lu}$/u.test(before)) return false;
  }
  const next = text.slice(end).trimStart()[0];
  // "such as x. y" is not a boundary.
  return next === undefined || SENTENCE_START.test(next);
}

function skipSpace(text: string, i: number): number {
  while (i < text.length && /\s/.test(text[i]!)) i++;
  return i;
}

function trimEnd(text: string, i: number): number {
  while (i > 0 && /\s/.test(text[i - 1]!)) i--;
  return i;
}

const ROMAN: Record<string, number> = { i: 1, v: 5, x: 10 };

/** The number of the list item a sentence opens with ("(2)", "(ii)"), else undefined. */
export function listItemNumber(sentence: string): number | undefined {
  const mark = LIST_ITEM.exec(sentence)?.[1];
  if (!mark) return undefined;
  if (/^\d+$/.test(mark)) return Number(mark);
  const digits = [...mark].map((c) => ROMAN[c]!);
  return digits.reduce((sum, d, i) => sum + (d < (digits[i + 1] ?? 0) ? -d : d), 0);
}

/**
 * Where a list that sentences[i] opens ends, as the index after its last item; i + 1 when it
 * opens none. A numbered list opens with "(1)" or "(i)" in sentences[i] ("three submodules: (1)
 * A.") and goes on with "(2) B.", "(3) C." in order. A list in words opens with "First," and goes
 * on with "Second,", "Third," ... or "Finally,", a sentence between two items being part of the
 * one before ("First, we reconstruct X. This topology mitigates Y. Second, we ...").
 */
export function listEnd(sentences: readonly string[], i: number): number {
  const opening = sentences[i] ?? '';
  if (LIST_OPENING.test(opening)) {
    let k = i + 1;
    while (k < sentences.length && listItemNumber(sentences[k]!) === k - i + 1) k++;
    return k;
  }
  const ordinal = (s: string) => ORDINAL_ITEM.exec(s)?.[1]!.toLowerCase();
  if (ordinal(opening) !== 'first') return i + 1;
  let end = i + 1;
  let next = 1;
  for (let k = i + 1; k < sentences.length && k <= end + 1; k++) {
    const word = ordinal(sentences[k]!);
    if (word === ORDINALS[next] || (next > 1 && (word === 'finally' || word === 'lastly'))) {
      end = k + 1;
      next++;
      if (word === 'finally' || word === 'lastly') break;
    }
  }
  return next > 1 ? end : i + 1;
}
