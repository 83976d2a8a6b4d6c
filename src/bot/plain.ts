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
