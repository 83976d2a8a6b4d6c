/** Sentence boundaries with character offsets, so answers can quote the exact sentence. */
export interface Span {
  start: number;
  end: number;
  text: string;
}

// Abbreviations that end with a period but do not end a sentence.
const ABBREVIATIONS = new Set([
  'e.g', 'i.e', 'etc', 'vs', 'al', 'cf', 'fig', 'figs', 'eq', 'eqs', 'sec', 'no', 'approx', 'resp', 'dr', 'mr', 'ms', 'prof', 'inc', 'ltd', 'st', 'jr', 'u.s', 'w.r.t', 'viz', 'ca',
]);

const BOUNDARY = /[.!?…]+["'”’)\]]*(?=\s+|$)/g;

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
  // A sentence starts with a capital, a digit, a quote or a bracket; "such as x. y" is not a boundary.
  return next === undefined || /[\p{Lu}\d"'“‘(\[*]/u.test(next);
}

function skipSpace(text: string, i: number): number {
  while (i < text.length && /\s/.test(text[i]!)) i++;
  return i;
}

function trimEnd(text: string, i: number): number {
  while (i > 0 && /\s/.test(text[i - 1]!)) i--;
  return i;
}
