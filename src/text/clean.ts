/** The text inside one pair of matching quotes around it ("...", '...', “...”), else the text as it is. */
export function unquote(s: string): string {
  const m = /^(["'“])(.*)(["'”])$/s.exec(s);
  return m && (m[1] === '“' ? m[3] === '”' : m[3] === m[1]) ? m[2]! : s;
}

/**
 * Nothing but spaces and quotes: a stray quote ('"') or an empty pair of them says nothing, and
 * searching for it would answer "No paper matches """".
 */
export function isBlank(text: string): boolean {
  return /^[\s"'“”‘’]*$/.test(text);
}

/**
 * What is left of user input once invisible and control characters are gone: zero-width
 * characters would defeat matching and length checks, and control characters break output.
 */
export function cleanText(input: string): string {
  return input
    .replace(/[\u200b-\u200f\u2028-\u202e\u2060-\u2064\ufeff]/g, '')
    .replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * A message quoting outside bytes (a parser's error on a damaged file) made fit for one log line:
 * control characters and what binary decodes to (C1 controls, U+FFFD) gone, at most `max`
 * characters.
 */
export function printableExcerpt(text: string, max = 200): string {
  return cutAt(cleanText(text.replace(/[\u0080-\u009f\ufffd]+/g, ' ')), max);
}

/** The text cut to `max` characters, an ellipsis marking the cut. */
export function cutAt(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** "a", "a and b", "a, b and c". */
export function joinList(items: readonly string[]): string {
  return items.length <= 1 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

/**
 * Markdown's text as written: each backslash escape ("S\_N", "\*") as the character it keeps
 * literal. The service writes Markdown, for Discord; a terminal or a JSON reader would see the
 * backslashes as part of the text.
 */
export function unescapeMarkdown(text: string): string {
  return text.replace(/\\([\\`*_~|>#\-[\]().:+])/g, '$1');
}
