/**
 * A small model can get stuck in a loop and write one sentence until it runs out of tokens
 * ("PixelThink regulates reasoning generation [1]. " sixty times). Shown whole, that is a wall of
 * one sentence; cut to one, it may be all there is. So a sentence said again is left out, and a
 * reply that is mostly such repeats is no answer.
 */
import { splitSentences } from '../text/sentences.js';
import { LINE_MARKER, withoutCitationGroups } from './citations.js';

/** Above this share of a reply's sentences being repeats of earlier ones, it is a loop, not an answer. */
export const REPEATED_SHARE_MAX = 0.5;
/** Fewer words than this make a sentence that may well be said twice ("Yes.", "See [2]."). */
const REPEAT_WORDS_MIN = 3;

/** What makes two sentences the same: their words, whatever their citations, case, emphasis or final stop. */
function sameness(sentence: string): string {
  return withoutCitationGroups(sentence)
    .replace(/[*_`]/g, '')
    .replace(/[\s.!?;:,]+/g, ' ')
    .trim()
    .toLowerCase();
}

/**
 * The text with every sentence said before left out (a line left with none goes too), how many
 * sentences it had and how many were repeats. A short sentence ("Yes.") may be said twice.
 */
export function withoutRepeats(text: string): { text: string; sentences: number; repeats: number } {
  const seen = new Set<string>();
  let sentences = 0;
  let repeats = 0;
  const lines: string[] = [];
  for (const line of text.split('\n')) {
    const marker = LINE_MARKER.exec(line)![0];
    const spans = splitSentences(line.slice(marker.length));
    if (!spans.length) {
      lines.push(line);
      continue;
    }
    const kept = spans.filter(({ text: sentence }) => {
      sentences++;
      const key = sameness(sentence);
      if (key.split(' ').length < REPEAT_WORDS_MIN) return true;
      if (seen.has(key)) {
        repeats++;
        return false;
      }
      seen.add(key);
      return true;
    });
    if (kept.length) lines.push(marker + kept.map((s) => s.text).join(' '));
  }
  if (!repeats) return { text, sentences, repeats };
  return { text: lines.join('\n').replace(/\n[ \t]*\n(?:[ \t]*\n)+/g, '\n\n').trim(), sentences, repeats };
}
