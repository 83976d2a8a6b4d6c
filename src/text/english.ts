import { readFileSync } from 'node:fs';
import wordListPath from 'word-list';

/**
 * The word list's text, one lower-case word per line between newlines, and where the words of
 * each two-letter start lie in it: a lookup reads only those (about 10 KB), and the whole takes
 * 2.8 MB, where a set of its 274,000 words took 21 MB.
 */
interface WordList {
  text: string;
  blocks: Map<string, { from: number; to: number }>;
}

let wordList: WordList | undefined;

function loadWordList(): WordList {
  const text = `\n${readFileSync(wordListPath, 'utf8').trim()}\n`;
  const blocks = new Map<string, { from: number; to: number }>();
  for (let at = 0; at < text.length - 1; ) {
    const next = text.indexOf('\n', at + 1);
    const start = text.slice(at + 1, at + 3);
    const block = blocks.get(start);
    if (block) block.to = next + 1;
    else blocks.set(start, { from: at, to: next + 1 });
    at = next;
  }
  return { text, blocks };
}

/**
 * Whether `word` is an English word ("best", "prism", "induction"; not "veq" or "furina"), in any
 * case: a paper named BEST must not be what every "best" in a question names.
 */
export function isEnglishWord(word: string): boolean {
  const folded = word.toLowerCase();
  if (!/^\p{Ll}{2,}$/u.test(folded)) return false;
  wordList ??= loadWordList();
  const block = wordList.blocks.get(folded.slice(0, 2));
  return !!block && wordList.text.slice(block.from, block.to).includes(`\n${folded}\n`);
}
