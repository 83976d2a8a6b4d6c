import { readableTex } from '../corpus/text.js';

/** Share of a labelled sentence's words an answer must show, in order, in one place. */
export const SHOWN_SHARE = 0.8;

/**
 * The words of a text as a reader compares them: TeX read as the bot shows it (the labels keep
 * the abstract's TeX; answers show "ε" for "$\epsilon$"), a link as its text and its address (an
 * answer may show either), accents and case folded, and markup, quotes and punctuation gone, so
 * that bold, italics, a citation marker or curly quotes do not make a shown sentence look different.
 */
export function wordsOf(text: string): string[] {
  const plain = readableTex(text)
    .replace(/\[([^\]]*)\]\(([^()\s]*)\)/g, '$1 $2')
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase();
  return plain.match(/[\p{L}\p{N}]+/gu) ?? [];
}

/** Length of the longest common subsequence of two word lists. */
function commonInOrder(a: readonly string[], b: readonly string[]): number {
  const row = new Array<number>(b.length + 1).fill(0);
  for (const x of a) {
    let diagonal = 0;
    for (let j = 1; j <= b.length; j++) {
      const above = row[j]!;
      row[j] = x === b[j - 1] ? diagonal + 1 : Math.max(above, row[j - 1]!);
      diagonal = above;
    }
  }
  return row[b.length]!;
}

/**
 * Whether the answer shows the sentence: at least SHOWN_SHARE of its words appear in the
 * answer in order, within one stretch not much longer than the sentence ("in one place": the
 * same words scattered over a long list are not the sentence). An answer that elides a clause
 * with "…", reformats TeX or adds bold still shows it; another sentence of the same abstract,
 * which shares the paper's name and topic words, does not.
 */
export function sentenceShown(sentence: string, shown: string): boolean {
  const want = wordsOf(sentence);
  if (!want.length) return false;
  const have = wordsOf(shown);
  const need = Math.ceil(SHOWN_SHARE * want.length);
  const counts = new Map<string, number>();
  for (const w of have) counts.set(w, (counts.get(w) ?? 0) + 1);
  let present = 0;
  for (const w of want) {
    const left = counts.get(w) ?? 0;
    if (left > 0) (present++, counts.set(w, left - 1));
  }
  if (present < need) return false;
  // A match of `need` words starts at one of the sentence's first (length - need + 1) words.
  const openers = new Set(want.slice(0, want.length - need + 1));
  const span = Math.ceil(want.length * 1.25) + 2;
  for (let i = 0; i + need <= have.length; i++) {
    if (openers.has(have[i]!) && commonInOrder(want, have.slice(i, i + span)) >= need) return true;
  }
  return false;
}

/** Whether any of the sentences is shown. */
export function anySentenceShown(sentences: readonly string[], shown: string): boolean {
  return sentences.some((s) => sentenceShown(s, shown));
}
