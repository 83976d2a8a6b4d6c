import { cleanContent, type TextBasedChannel } from 'discord.js';
import type { AskOptions, PapercordService } from '../service.js';
import { questionText } from '../text/clean.js';
import type { Answer } from '../types.js';

/** A mention of a user (<@1>, <@!1>) or a role (<@&1>) as Discord's markup, which it shows as a name. */
const MENTION_MARKUP = /<@[!&]?\d+>/g;

/** Discord's mentions: a user or a role as markup, @everyone and @here ("me@here.org" is none). */
const MENTION = new RegExp(`${MENTION_MARKUP.source}|(?<!\\S)@(?:everyone|here)\\b`, 'g');

/**
 * What was asked without the mentions in it (only those of user `of` when given): they name people
 * to tell, not what the question is about. Its lines stay lines: a heading or a block quote is
 * Markdown only at the start of one (see withoutMarkdown).
 */
export function withoutMentions(text: string, of?: string): string {
  return without(text, of === undefined ? MENTION : new RegExp(`<@!?${of}>`, 'g'));
}

/** The text without what `pattern` matches, its spaces closed up; its lines stay lines. */
function without(text: string, pattern: RegExp): string {
  return text.replace(pattern, ' ').replace(/[^\S\n]+/g, ' ').trim();
}

/**
 * The text with its mentions as the reader saw them in `channel` (@name, @role, #channel), not as
 * their markup ("<@&1578…>"), which a thread's name or an embed's title would show as it is; one
 * that cannot be named here is left out.
 */
export function readableMentions(text: string, channel: TextBasedChannel): string {
  return withoutMentionMarkup(cleanContent(text, channel));
}

/** The text without mentions written as markup, which Discord shows as names in a message's text only: a title or a thread's name would show "<@&1578…>". */
export function withoutMentionMarkup(text: string): string {
  return without(text, MENTION_MARKUP);
}

/**
 * Asks the question without its mentions ("@everyone what is PixelThink?" is about PixelThink;
 * searched with them, it was refused), and gives the answer back with the question as `shown`
 * (by default as typed) without its Markdown, which the reply shows: replies allow no mentions,
 * so the echo pings no one.
 */
export async function askWithoutMentions(service: PapercordService, typed: string, opts: AskOptions, shown = typed): Promise<Answer> {
  const answer = await service.ask(withoutMentions(typed), opts);
  return { ...answer, question: questionText(shown) };
}
