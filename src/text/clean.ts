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
