import { escapeMarkdown } from 'discord.js';
import { isHttpUrl, readableTex } from '../corpus/text.js';

/** Text from papers or users shown as-is: no markdown of theirs (bold, lists, headings, masked links) takes effect. */
export function escapeText(text: string): string {
  return escapeMarkdown(text, { heading: true, bulletedList: true, numberedList: true, maskedLink: true });
}

/**
 * Only http(s) links with a host, with the characters that would end a markdown link encoded:
 * a corpus url is whatever its file says, and Discord refuses a whole message whose embed url
 * is not a well-formed http(s) URL.
 */
export function safeUrl(url: string | undefined): string | undefined {
  if (!url || !isHttpUrl(url)) return undefined;
  return url.replace(/[()\s<>]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`);
}

/** A paper title as a markdown link when it has a URL. */
export function titleLink(title: string, url?: string): string {
  const text = escapeText(title).replace(/[[\]]/g, '\\$&');
  const href = safeUrl(url);
  return href ? `[${text}](${href})` : text;
}

/**
 * A passage of an abstract as a block quote that reads as the answers quoting it do: its TeX as
 * text ("$\\sigma$" σ, see readableTex). The bold and escapes readableTex writes stay Markdown;
 * any other Markdown of the abstract's (headings, lists, masked links, code, spoilers) is escaped.
 */
export function blockQuote(text: string): string {
  return readableTex(text)
    .split(/\r?\n/)
    .map((line) => `> ${escapeMarkdown(line, { bold: false, italic: false, underline: false, escape: false, heading: true, bulletedList: true, numberedList: true, maskedLink: true })}`)
    .join('\n');
}
