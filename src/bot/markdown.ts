import { escapeMarkdown } from 'discord.js';
import { unescapeMarkdown } from '../text/clean.js';

/** Text from papers or users shown as-is: no markdown of theirs (bold, lists, headings, masked links) takes effect. */
export function escapeText(text: string): string {
  return escapeMarkdown(text, { heading: true, bulletedList: true, numberedList: true, maskedLink: true });
}

/** Reverses escapeText, for reading our own embeds back (follow-up history). */
export const unescapeText = unescapeMarkdown;

/** Only http(s) links, with the characters that would end a markdown link encoded. */
function safeUrl(url: string | undefined): string | undefined {
  if (!url || !/^https?:\/\//i.test(url)) return undefined;
  return url.replace(/[()\s<>]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`);
}

/** A paper title as a markdown link when it has a URL. */
export function titleLink(title: string, url?: string): string {
  const text = escapeText(title).replace(/[[\]]/g, '\\$&');
  const href = safeUrl(url);
  return href ? `[${text}](${href})` : text;
}

/** A passage as a block quote, every line escaped. */
export function blockQuote(text: string): string {
  return text
    .split(/\r?\n/)
    .map((line) => `> ${escapeText(line)}`)
    .join('\n');
}
