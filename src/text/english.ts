import { readFileSync } from 'node:fs';
import wordListPath from 'word-list';

/** The word list, one lower-case word per line, between newlines; read the first time a word is looked up. */
let wordList: string | undefined;
const known = new Map<string, boolean>();

/**
 * Whether `word` is an English word ("best", "prism", "induction"; not "veq" or "furina"), in any
 * case. A paper named BEST must not be what every "best" in a question names. Looked up in the
 * list's text rather than a set of its 274,000 words: few words are ever asked about (system
 * names, once each), and the text alone takes 2.8 MB.
 */
export function isEnglishWord(word: string): boolean {
  const folded = word.toLowerCase();
  let is = known.get(folded);
  if (is === undefined) {
    wordList ??= `\n${readFileSync(wordListPath, 'utf8')}\n`;
    is = /^\p{Ll}+$/u.test(folded) && wordList.includes(`\n${folded}\n`);
    known.set(folded, is);
  }
  return is;
}
