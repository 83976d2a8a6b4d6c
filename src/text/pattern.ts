/** Regular expressions built from text (names, phrases) that must match it literally. */

/** `text` with every character a regular expression treats specially escaped. */
export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** A pattern for `source` as a word of its own: no letter or digit right before or after it. */
export function wholeWord(source: string, flags: string): RegExp {
  return new RegExp(`(?<![\\p{L}\\p{N}])${source}(?![\\p{L}\\p{N}])`, flags);
}

/** `text` without these words wherever they stand as words of their own. */
export function withoutWords(text: string, dropped: readonly string[]): string {
  return dropped.reduce((t, word) => t.replace(wholeWord(escapeRegExp(word), 'giu'), ' '), text);
}
