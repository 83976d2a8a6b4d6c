import { PermissionFlagsBits, SlashCommandBuilder, type ChatInputCommandInteraction } from 'discord.js';
import { COMMANDS } from '../src/render/help.js';
import type { BotContext } from '../src/bot/context.js';
import type { Logger } from '../src/log.js';
import { reindexInteraction } from '../src/bot/reindex.js';
import { channelGuard } from '../src/bot/interactions.js';

export const data = new SlashCommandBuilder()
  .setName(COMMANDS.reindex.name)
  .setDescription(COMMANDS.reindex.description)
  .setDefaultMemberPermissions(PermissionFlagsBits.ManageGuild);

export async function execute(interaction: ChatInputCommandInteraction, ctx: BotContext, log: Logger): Promise<void> {
  if (!(await channelGuard(interaction, ctx))) return;
  await reindexInteraction(interaction, ctx, log);
}
