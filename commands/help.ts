import { MessageFlags, SlashCommandBuilder, type ChatInputCommandInteraction } from 'discord.js';
import { COMMANDS } from '../src/render/help.js';
import type { BotContext } from '../src/bot/context.js';
import { helpMessage } from '../src/bot/render.js';
import { payload } from '../src/bot/reply.js';
import { dmsAnswered } from '../src/bot/access.js';
import { isServerAdmin } from '../src/bot/interactions.js';
import { mayChangeCollection } from '../src/bot/adders.js';

export const data = new SlashCommandBuilder().setName(COMMANDS.help.name).setDescription(COMMANDS.help.description);

export async function execute(interaction: ChatInputCommandInteraction, ctx: BotContext): Promise<void> {
  const canReindex = isServerAdmin(interaction);
  await interaction.reply({ ...payload(helpMessage({ canReindex, canAdd: mayChangeCollection(interaction, ctx.settings), dms: dmsAnswered(ctx.settings), threads: ctx.settings.threadPerQuestion })), flags: MessageFlags.Ephemeral });
}
