import { SlashCommandBuilder, type AutocompleteInteraction, type ChatInputCommandInteraction } from 'discord.js';
import { COMMANDS } from '../src/render/help.js';
import type { BotContext } from '../src/bot/context.js';
import type { Logger } from '../src/log.js';
import { answerInteraction, paperAutocomplete } from '../src/bot/interactions.js';
import { MAX_PAPER_QUERY_CHARS } from '../src/names/catalog.js';
import { SUMMARY_LENGTHS, type SummaryLength } from '../src/answer/summary.js';
import { summaryMessages } from '../src/bot/render.js';
import { collectionFor } from '../src/bot/collection.js';

const help = COMMANDS.summary;

export const data = new SlashCommandBuilder()
  .setName(help.name)
  .setDescription(help.description)
  .addStringOption((o) => o.setName('paper').setDescription(help.options.paper).setRequired(true).setMaxLength(MAX_PAPER_QUERY_CHARS).setAutocomplete(true))
  .addStringOption((o) =>
    o
      .setName('length')
      .setDescription(help.options.length)
      .addChoices(...SUMMARY_LENGTHS.map((l) => ({ name: l, value: l }))),
  );

export async function execute(interaction: ChatInputCommandInteraction, ctx: BotContext, log: Logger): Promise<void> {
  const paper = interaction.options.getString('paper', true);
  const collection = collectionFor(ctx.settings, interaction.guildId);
  const length = (interaction.options.getString('length') ?? 'medium') as SummaryLength;
  await answerInteraction(interaction, ctx, {
    kind: 'summary',
    log,
    what: 'summary',
    asked: paper,
    fields: { paper, length },
    precheck: () => void ctx.service.resolvePaper(paper, { collection }),
    run: (opts) => ctx.service.summary(paper, { length, collection, ...opts }),
    render: (s) => summaryMessages(s, ctx.answers.remember({ kind: 'summary', result: s })),
  });
}

export async function autocomplete(interaction: AutocompleteInteraction, ctx: BotContext): Promise<void> {
  await paperAutocomplete(interaction, ctx);
}
