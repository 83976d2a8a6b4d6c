import type { AskOptions, PapercordService } from '../service.js';
import { cleanText } from '../text/clean.js';
import type { Answer } from '../types.js';

/** Discord's mentions: a user (<@1>, <@!1>), a role (<@&1>), @everyone and @here ("me@here.org" is none). */
const MENTION = /<@[!&]?\d+>|(?<!\S)@(?:everyone|here)\b/g;

/** What was asked without the mentions in it (only those of user `of` when given): they name people to tell, not what the question is about. */
export function withoutMentions(text: string, of?: string): string {
  return text.replace(of === undefined ? MENTION : new RegExp(`<@!?${of}>`, 'g'), ' ').replace(/\s+/g, ' ').trim();
}

/**
 * Asks the question without its mentions ("@everyone what is PixelThink?" is about PixelThink;
 * searched with them, it was refused), and gives the answer back with the question as typed,
 * which the reply shows: replies allow no mentions, so the echo pings no one.
 */
export async function askWithoutMentions(service: PapercordService, typed: string, opts: AskOptions): Promise<Answer> {
  const answer = await service.ask(withoutMentions(typed), opts);
  return { ...answer, question: cleanText(typed) };
}
