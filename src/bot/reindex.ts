import type { ChatInputCommandInteraction } from 'discord.js';
import { PapercordError } from '../errors.js';
import type { BotContext } from './context.js';
import type { Logger } from '../log.js';
import { runRequest } from './flow.js';
import { errorMessage, reindexedMessage } from './render.js';
import { interactionResponder, replyEphemeral } from './reply.js';
import { deferReply } from './retry.js';
import { isServerAdmin } from './interactions.js';

const PHASES = { chunk: 'splitting the abstracts', embed: 'embedding the chunks', write: 'writing the index' } as const;

/**
 * /reindex: only for members with Manage Server (the command's default permission can be
 * changed by server admins, so it is checked again here). The service keeps answering from the
 * old index while the new one is built, then switches.
 */
export async function reindexInteraction(interaction: ChatInputCommandInteraction, ctx: BotContext, log: Logger): Promise<void> {
  if (!isServerAdmin(interaction)) {
    await replyEphemeral(interaction, [errorMessage(new PapercordError('FORBIDDEN', 'Only members with the Manage Server permission can rebuild the index.', 'Ask a server admin to run /reindex.'))]);
    return;
  }
  await deferReply(interaction, log);
  const joined = ctx.service.isReindexing;
  await runRequest(ctx, interactionResponder(interaction, { log, lifetime: ctx.tokenLifetime, asked: { what: 'reindex' } }), {
    kind: 'reindex',
    log,
    fields: { joined },
    recordLatency: false,
    run: (_serviceOptions, showProgress) => {
      showProgress(joined ? '🔧 A rebuild is already running; waiting for it…' : '🔧 Reloading the corpus…');
      return ctx.service.reindex({ onBuildProgress: (p) => showProgress(`🔧 Rebuilding the index: ${PHASES[p.phase]} (${p.done}/${p.total})…`) });
    },
    render: (info, elapsedMs) => [reindexedMessage(info, elapsedMs)],
  });
}
