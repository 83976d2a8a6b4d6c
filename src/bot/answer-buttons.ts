import type { ButtonInteraction, Message } from 'discord.js';
import type { BotContext } from './context.js';
import type { Logger } from '../log.js';
import { runRequest } from './flow.js';
import { ANSWER_BUTTON, noticeMessage, quotesMessages, relatedMessages } from './render.js';
import { interactionResponder, replyEphemeral } from './reply.js';
import { deferReply } from './retry.js';
import type { Vote } from '../feedback.js';
import { collectionFor } from './collection.js';

/**
 * The buttons under answers and summaries (`ans:<action>:<arg>`): the quoted passages and
 * related papers are shown only to whoever clicked; 👍/👎 are stored and counted in /status.
 */
export async function answerButton(interaction: ButtonInteraction, ctx: BotContext, [action, arg = '']: string[], log: Logger): Promise<void> {
  switch (action) {
    case 'quotes': {
      const remembered = ctx.answers.get(arg);
      if (!remembered) {
        // Forgotten as newer answers came (AnswerMemory keeps the recent ones) or at a restart: either may be why.
        await replyEphemeral(interaction, [noticeMessage('I no longer have the passages of this answer: I keep them for recent answers only, and not across restarts. Ask again to see them.')]);
        return;
      }
      await replyEphemeral(interaction, quotesMessages(remembered));
      return;
    }
    case 'rel': {
      await deferReply(interaction, log, { ephemeral: true });
      await runRequest(ctx, interactionResponder(interaction, { log, lifetime: ctx.tokenLifetime, ephemeral: true, asked: { what: 'related', words: arg } }), {
        kind: 'related-button',
        log,
        what: 'related',
        fields: { paper: arg },
        run: (opts) => ctx.service.related(arg, { collection: collectionFor(ctx.settings, interaction.guildId), ...opts }),
        render: (r) => relatedMessages(r, ctx.answers.remember({ kind: 'related', result: r })),
      });
      return;
    }
    case 'up':
    case 'down': {
      const vote: Vote = action;
      const remembered = ctx.answers.get(arg);
      const counts = await ctx.feedback.record({ vote, user: interaction.user.id, message: interaction.message.id, ...remembered?.reply });
      log.info('feedback', { vote, message: interaction.message.id, up: counts.up, down: counts.down });
      await replyEphemeral(interaction, [noticeMessage(vote === 'up' ? 'Thanks! Recorded 👍 for this answer.' : 'Thanks! Recorded 👎 for this answer; it helps to see what misses.')]);
      return;
    }
    default:
      await replyEphemeral(interaction, [noticeMessage('This button is from an older version of the bot. Ask again.')]);
  }
}

/** The key in the bot's AnswerMemory that the buttons under one of its replies carry (`ans:up:<key>`), if they carry one. */
export function answerKeyOf(m: Message): string | undefined {
  const prefix = `${ANSWER_BUTTON.up}:`;
  for (const row of m.components) {
    if (!('components' in row)) continue;
    for (const c of row.components) if ('customId' in c && c.customId?.startsWith(prefix)) return c.customId.slice(prefix.length);
  }
  return undefined;
}
