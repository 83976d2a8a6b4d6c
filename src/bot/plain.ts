import type { APIEmbed, Channel, User } from 'discord.js';
import type { Outgoing } from './render.js';
import { LIMITS, splitText } from './split.js';
import { safeUrl } from './markdown.js';
import { CONTINUED_FIELD } from './layout.js';
import { mayEmbedIn } from './permissions.js';

/** The messages as `mayEmbedIn` allows them in `channel`: as they are, or as plain text (see mayEmbedIn for why). */
export function forChannel(messages: Outgoing[], channel: Channel | null | undefined, me: User | null | undefined): Outgoing[] {
  return mayEmbedIn(channel, me) ? messages : messages.flatMap(asPlainText);
}

/**
 * A message as Markdown text that says what its embeds say: the title in bold (a link when it
 * has one), the description, each field as its name in bold over its value, the footer as
 * small text; split into messages of at most 2,000 characters on line breaks, its buttons
 * under the first (where the embeds had them).
 */
export function asPlainText(message: Outgoing): Outgoing[] {
  const { content, embeds = [], components } = message;
  if (!embeds.length) return [message];
  const text = [content, ...embeds.map(embedText)].filter((part) => !!part?.trim()).join('\n\n');
  return splitText(text, LIMITS.content).map((piece, i) => ({ content: piece, ...(i === 0 && components?.length ? { components } : {}) }));
}

/** The name a field goes on under: its own, or the one it continues ("Sources (cont.)" reads on under "Sources"). */
function continuedName(name: string | undefined): string | undefined {
  return name?.endsWith(CONTINUED_FIELD) ? name.slice(0, -CONTINUED_FIELD.length) : name;
}

/** A line in bold and nothing else, as embedText writes a title or a field's name: "**Sources**", "**[Title](<url>)**". */
const BOLD_LINE = /^\*\*(.+)\*\*$/;
/** The line a reply posted in the channel opens with, naming its asker (see channelReplyIntro). */
const ASKER_LINE = /^<@\d+>/;
/** A title embedText wrote as a link, its brackets escaped. */
const LINKED_TITLE = /^\[(.*)\]\(<[^<>]*>\)$/;

/**
 * What asPlainText wrote of a message's embeds, read back from the first of its texts: the title
 * (a line in bold alone that opens the text, or follows the line naming the asker that a reply
 * posted in the channel opens with) and the description under it, up to the first field or the
 * footer. Undefined for a text that opens otherwise. A later part of a split text is the
 * caller's to tell apart: it may open with a field's name, which reads as a title.
 */
export function readPlainText(text: string): { title: string; description: string } | undefined {
  const lines = text.split('\n');
  const at = BOLD_LINE.test(lines[0]!) ? 0 : ASKER_LINE.test(lines[0]!) && lines[1] === '' && BOLD_LINE.test(lines[2] ?? '') ? 2 : -1;
  if (at < 0) return undefined;
  const bold = BOLD_LINE.exec(lines[at]!)![1]!;
  const linked = LINKED_TITLE.exec(bold);
  const title = linked ? linked[1]!.replace(/\\([[\]])/g, '$1') : bold;
  // A field's name or the footer follows a blank line: the description is what comes before.
  const end = lines.findIndex((line, i) => i > at && line === '' && (BOLD_LINE.test(lines[i + 1] ?? '') || lines[i + 1]?.startsWith('-# ')));
  const description = lines.slice(at + 1, end < 0 ? undefined : end).join('\n').trim();
  return { title, description };
}

function embedText(embed: APIEmbed, index: number, all: APIEmbed[]): string {
  const lines: string[] = [];
  if (embed.title) {
    const url = safeUrl(embed.url);
    lines.push(url ? `**[${embed.title.replace(/[[\]]/g, '\\$&')}](<${url}>)**` : `**${embed.title}**`);
  }
  if (embed.description) lines.push(embed.description);
  let previous = continuedName(all[index - 1]?.fields?.at(-1)?.name);
  for (const field of embed.fields ?? []) {
    if (field.name !== `${previous}${CONTINUED_FIELD}`) lines.push('', `**${field.name}**`);
    lines.push(field.value);
    previous = continuedName(field.name);
  }
  if (embed.footer?.text) lines.push('', ...embed.footer.text.split('\n').map((line) => `-# ${line}`));
  return lines.join('\n').trim();
}
