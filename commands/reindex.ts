import { InteractionContextType, SlashCommandBuilder, type ChatInputCommandInteraction } from 'discord.js';
import type { BotContext } from '../src/bot/context.js';
import type { Logger } from '../src/log.js';
import { reindexInteraction } from '../src/bot/reindex.js';
import { channelGuard, SERVER_ADMIN_PERMISSION } from '../src/bot/interactions.js';
import type { TextCommand } from '../src/command/types.js';

// Only in servers: who may rebuild the index is a server's Manage Server permission, which a DM has not.
export const data = new SlashCommandBuilder()
  .setName('reindex')
  .setDescription('Reload the corpus and rebuild the index (Manage Server only).')
  .setDefaultMemberPermissions(SERVER_ADMIN_PERMISSION)
  .setContexts(InteractionContextType.Guild);

export async function execute(interaction: ChatInputCommandInteraction, ctx: BotContext, log: Logger): Promise<void> {
  if (!(await channelGuard(interaction, ctx))) return;
  await reindexInteraction(interaction, ctx, log);
}

export const text: TextCommand = {
  async run(_input, ctx) {
    const info = await ctx.service.reindex();
    return { json: info, render: () => `Index rebuilt: ${info.papers} papers, ${info.chunks} chunks (embedder ${info.embedder}, build ${info.buildId}).` };
  },
};
