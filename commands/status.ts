import { SlashCommandBuilder, type ChatInputCommandInteraction } from 'discord.js';
import { COMMANDS } from '../src/render/help.js';
import type { BotContext } from '../src/bot/context.js';
import { channelGuard } from '../src/bot/interactions.js';
import { statusMessage } from '../src/bot/render.js';
import { payload } from '../src/bot/reply.js';
import { collectStatus } from '../src/status.js';

export const data = new SlashCommandBuilder().setName(COMMANDS.status.name).setDescription(COMMANDS.status.description);

export async function execute(interaction: ChatInputCommandInteraction, ctx: BotContext): Promise<void> {
  if (!(await channelGuard(interaction, ctx))) return;
  // Asking Ollama whether it answers can take up to OLLAMA_CONNECT_TIMEOUT_MS.
  await interaction.deferReply();
  const status = await collectStatus(ctx.service, { latencies: ctx.latencies, feedback: ctx.feedback.counts(), startedAt: ctx.startedAt });
  await interaction.editReply(payload(statusMessage(status)));
}
