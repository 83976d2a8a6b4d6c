import { SlashCommandBuilder, type ChatInputCommandInteraction } from 'discord.js';
import type { BotContext } from '../src/bot/context.js';
import type { Logger } from '../src/log.js';
import { channelGuard, isServerAdmin } from '../src/bot/interactions.js';
import { statusMessage } from '../src/bot/render.js';
import { payload } from '../src/bot/reply.js';
import { mayEmbedIn } from '../src/bot/permissions.js';
import { deferReply, withRetry } from '../src/bot/retry.js';
import { collectStatus } from '../src/status.js';
import type { TextCommand } from '../src/command/types.js';
import { renderStatus } from '../src/render/text.js';

export const data = new SlashCommandBuilder().setName('status').setDescription('Corpus, embedder, chat model, queue, uptime and recent latencies.');

export async function execute(interaction: ChatInputCommandInteraction, ctx: BotContext, log: Logger): Promise<void> {
  if (!(await channelGuard(interaction, ctx, { openToAdmins: true }))) return;
  // Asking Ollama whether it answers can take up to OLLAMA_CONNECT_TIMEOUT_MS. Shown only to the
  // asker: an admin's status says where Ollama runs, which is not for the whole channel.
  await deferReply(interaction, log, { ephemeral: true });
  const status = await collectStatus(ctx.service, { latencies: ctx.latencies, feedback: ctx.feedback.status(), startedAt: ctx.startedAt });
  const forAdmin = isServerAdmin(interaction);
  const embedsHere = mayEmbedIn(interaction.channel, interaction.client.user);
  await withRetry('reply', () => interaction.editReply(payload(statusMessage(status, { forAdmin, embedsHere }))), log);
}

export const text: TextCommand = {
  async run(_input, ctx) {
    const status = await collectStatus(ctx.service, { latencies: ctx.latencies });
    return { json: status, render: () => renderStatus(status) };
  },
};
