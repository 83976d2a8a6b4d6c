/**
 * What is left of user input once invisible and control characters are gone: zero-width
 * characters would defeat matching and length checks, and control characters break output.
 */
/** The text inside one pair of matching quotes around it ("...", '...', “...”), else the text as it is. */
export function unquote(s: string): string {
  const m = /^(["'“])(.*)(["'”])$/s.exec(s);
  return m && (m[1] === '“' ? m[3] === '”' : m[3] === m[1]) ? m[2]! : s;
}

export function cleanText(input: string): string {
  return input
    .replace(/[\u200b-\u200f\u2028-\u202e\u2060-\u2064\ufeff]/g, '')
    .replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** "a", "a and b", "a, b and c". */
export function joinList(items: readonly string[]): string {
  return items.length <= 1 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}
