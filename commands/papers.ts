import { SlashCommandBuilder, type ButtonInteraction, type ChatInputCommandInteraction } from 'discord.js';
import { COMMANDS } from '../src/render/help.js';
import type { BotContext } from '../src/bot/context.js';
import { channelGuard } from '../src/bot/interactions.js';
import { papersPage } from '../src/bot/render.js';
import { payload, replyEphemeral } from '../src/bot/reply.js';
import { collectionFor } from '../src/bot/collection.js';

const help = COMMANDS.papers;

/** The search travels in the page buttons' custom ids (100 characters), so it is kept short. */
const MAX_SEARCH = 60;

export const data = new SlashCommandBuilder()
  .setName(help.name)
  .setDescription(help.description)
  .addStringOption((o) => o.setName('search').setDescription(help.options.search).setMaxLength(MAX_SEARCH));

export async function execute(interaction: ChatInputCommandInteraction, ctx: BotContext): Promise<void> {
  if (!(await channelGuard(interaction, ctx))) return;
  const search = (interaction.options.getString('search') ?? '').trim().slice(0, MAX_SEARCH);
  await interaction.reply(payload(papersPage(ctx.service.listPapers(search, Infinity, { collection: collectionFor(ctx.settings, interaction.guildId) }), 0, search)));
}

/**
 * ⏮ ◀ ▶ ⏭ (`papers:pg|end:<page>:<search>`): the asker's list turns the page in place. Anyone
 * else gets the page as a list of their own, shown only to them (which they may page in turn):
 * their click must not page the list the asker is reading.
 */
export async function button(interaction: ButtonInteraction, ctx: BotContext, [action, page, ...rest]: string[]): Promise<void> {
  if (action !== 'pg' && action !== 'end') return;
  const search = rest.join(':');
  const shown = papersPage(ctx.service.listPapers(search, Infinity, { collection: collectionFor(ctx.settings, interaction.guildId) }), Number(page) || 0, search);
  if (interaction.message.interactionMetadata?.user.id === interaction.user.id) await interaction.update(payload(shown));
  else await replyEphemeral(interaction, [shown]);
}
