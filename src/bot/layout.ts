import type { APIEmbed, APIEmbedField } from 'discord.js';
import { LIMITS, splitText, truncate } from './split.js';
import { safeUrl } from './markdown.js';

/** What ends the name of a field that goes on from the one before it, its value too long for one. */
export const CONTINUED_FIELD = ' (cont.)';

/** What a reply says, before it is cut to Discord's limits. */
export interface Doc {
  title?: string;
  /** Any text a corpus gave; put on the embed only when it is an http(s) link (see safeUrl). */
  url?: string;
  color?: number;
  description?: string;
  fields?: APIEmbedField[];
  footer?: string;
}

/**
 * Lays a document out as messages of embeds, each within Discord's limits: a description over
 * 4,096 characters continues in further embeds, a field value over 1,024 in further fields, and
 * embeds go to further messages once one message would pass 6,000 characters or 10 embeds. The
 * footer stays on the very last embed.
 */
export function layoutEmbeds(doc: Doc): APIEmbed[][] {
  const footer = doc.footer ? truncate(doc.footer, LIMITS.footer) : undefined;
  const reserve = footer?.length ?? 0;
  const embeds: APIEmbed[] = [];
  const base = (): APIEmbed => (doc.color === undefined ? {} : { color: doc.color });

  const descriptions = doc.description ? splitText(doc.description, LIMITS.description) : [];
  const first: APIEmbed = base();
  if (doc.title) first.title = cleanCut(truncate(doc.title, LIMITS.title));
  const url = safeUrl(doc.url);
  if (url) first.url = url;
  if (descriptions[0]) first.description = descriptions[0];
  embeds.push(first);
  for (const d of descriptions.slice(1)) embeds.push({ ...base(), description: d });

  for (const f of doc.fields ?? []) {
    const name = cleanCut(truncate(f.name, LIMITS.fieldName));
    splitText(f.value, LIMITS.fieldValue).forEach((value, i) => {
      const field: APIEmbedField = { name: i === 0 ? name : cleanCut(truncate(`${f.name}${CONTINUED_FIELD}`, LIMITS.fieldName)), value, ...(f.inline ? { inline: true } : {}) };
      let last = embeds[embeds.length - 1]!;
      const fits = (last.fields?.length ?? 0) < LIMITS.fields && embedSize(last) + field.name.length + field.value.length + reserve <= LIMITS.embedTotal;
      if (!fits) embeds.push((last = base()));
      (last.fields ??= []).push(field);
    });
  }
  if (footer) embeds[embeds.length - 1]!.footer = { text: footer };

  const messages: APIEmbed[][] = [];
  let current: APIEmbed[] = [];
  let size = 0;
  for (const e of embeds) {
    const n = embedSize(e);
    if (current.length && (current.length >= LIMITS.embedsPerMessage || size + n > LIMITS.embedTotal)) {
      messages.push(current);
      current = [];
      size = 0;
    }
    current.push(e);
    size += n;
  }
  if (current.length) messages.push(current);
  return messages;
}

/** The characters Discord counts towards the 6,000 of a message. */
export function embedSize(e: APIEmbed): number {
  return (e.title?.length ?? 0) + (e.description?.length ?? 0) + (e.footer?.text.length ?? 0) + (e.author?.name.length ?? 0) + (e.fields ?? []).reduce((n, f) => n + f.name.length + f.value.length, 0);
}

/** A cut must not leave a lone escaping backslash at the end. */
function cleanCut(s: string): string {
  const m = /\\+(?=…?$)/.exec(s);
  return m && m[0].length % 2 === 1 ? s.slice(0, m.index) + s.slice(m.index + 1) : s;
}
