import { InteractionContextType, SlashCommandBuilder, type AutocompleteInteraction, type ChatInputCommandInteraction } from 'discord.js';
import type { BotContext } from '../src/bot/context.js';
import type { Logger } from '../src/log.js';
import { channelGuard } from '../src/bot/interactions.js';
import { changeRefusal, mayChangeCollection } from '../src/bot/adders.js';
import { collectionFor } from '../src/bot/collection.js';
import { removedMessage } from '../src/bot/added.js';
import { errorMessage } from '../src/bot/render.js';
import { replyEphemeral, payload } from '../src/bot/reply.js';
import { deferReply, withRetry } from '../src/bot/retry.js';
import { MAX_PAPER_QUERY_CHARS } from '../src/names/catalog.js';
import { LIMITS, truncate } from '../src/bot/split.js';
import type { TextCommand } from '../src/command/types.js';
import { renderRemoveReport } from '../src/render/collections.js';
import { COLLECTION_OPTION, collectionOf } from '../src/command/collection-option.js';

export const data = new SlashCommandBuilder()
  .setName('remove')
  .setDescription("Take a paper added with /add out of this server's collection.")
  .setContexts(InteractionContextType.Guild)
  .addStringOption((o) => o.setName('paper').setDescription('An added paper (id or title)').setRequired(true).setMaxLength(MAX_PAPER_QUERY_CHARS).setAutocomplete(true));

export async function execute(interaction: ChatInputCommandInteraction, ctx: BotContext, log: Logger): Promise<void> {
  if (!(await channelGuard(interaction, ctx))) return;
  const paper = interaction.options.getString('paper', true);
  const collection = collectionFor(ctx.settings, interaction.guildId);
  try {
    if (!mayChangeCollection(interaction, ctx.settings)) throw changeRefusal(ctx.settings, 'remove');
    ctx.service.resolvePaper(paper, { collection });
  } catch (e) {
    await replyEphemeral(interaction, [errorMessage(e)]);
    return;
  }
  await deferReply(interaction, log);
  let reply;
  try {
    const report = await ctx.service.remove(paper, { collection });
    log.info('paper removed', { collection, paper: report.id });
    reply = removedMessage(report);
  } catch (e) {
    reply = errorMessage(e);
  }
  await withRetry('reply', () => interaction.editReply(payload(reply)), log);
}

/** Only the papers added to this server's collection: the shipped corpus cannot be removed. */
export async function autocomplete(interaction: AutocompleteInteraction, ctx: BotContext): Promise<void> {
  const typed = interaction.options.getFocused().trim().toLowerCase();
  const collection = collectionFor(ctx.settings, interaction.guildId);
  // The collection's papers list the shipped corpus first, then its additions, oldest first.
  const added = ctx.service.findPapers(undefined, Infinity, { collection }).slice(ctx.service.papers.length).reverse();
  const choices = added
    .filter((p) => p.id.length <= LIMITS.choiceValue && (!typed || p.title.toLowerCase().includes(typed) || p.id.toLowerCase().includes(typed)))
    .slice(0, 25)
    .map((p) => ({ name: truncate(`${p.title} (${p.id})`, LIMITS.choiceName), value: p.id }));
  await interaction.respond(choices);
}

export const script = 'remove';

/** The console and the command line take papers out of the local collection unless --collection names another. */
export const text: TextCommand = {
  async run({ text: paper, options }, ctx) {
    const report = await ctx.service.remove(paper, { collection: collectionOf(options, ctx.service) });
    return { json: report, render: () => renderRemoveReport(report) };
  },
  options: [COLLECTION_OPTION],
  withoutModel: true,
};
