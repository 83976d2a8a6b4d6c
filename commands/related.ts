import { SlashCommandBuilder, type AutocompleteInteraction, type ChatInputCommandInteraction } from 'discord.js';
import { COMMANDS } from '../src/render/help.js';
import type { BotContext } from '../src/bot/context.js';
import type { Logger } from '../src/log.js';
import { answerInteraction, paperAutocomplete } from '../src/bot/interactions.js';
import { relatedMessages } from '../src/bot/render.js';
import { PapercordError } from '../src/errors.js';
import { RELATED_COUNT } from '../src/options.js';

const help = COMMANDS.related;

export const data = new SlashCommandBuilder()
  .setName(help.name)
  .setDescription(help.description)
  .addStringOption((o) => o.setName('paper_or_topic').setDescription(help.options.paper_or_topic).setRequired(true).setAutocomplete(true))
  .addIntegerOption((o) => o.setName('count').setDescription(help.options.count).setMinValue(RELATED_COUNT.min).setMaxValue(RELATED_COUNT.max));

export async function execute(interaction: ChatInputCommandInteraction, ctx: BotContext, log: Logger): Promise<void> {
  const query = interaction.options.getString('paper_or_topic', true);
  const count = interaction.options.getInteger('count') ?? undefined;
  await answerInteraction(interaction, ctx, {
    kind: 'related',
    log,
    what: 'related',
    asked: query,
    fields: { count },
    precheck: () => {
      if (!query.trim()) throw new PapercordError('BAD_INPUT', 'Name a paper or describe a topic.', 'For example: /related paper_or_topic: spatial audio');
      ctx.service.validateQuestion(query);
    },
    run: (opts) => ctx.service.related(query, { count, ...opts }),
    render: (r) => relatedMessages(r, ctx.answers.remember({ kind: 'related', result: r })),
  });
}

export async function autocomplete(interaction: AutocompleteInteraction, ctx: BotContext): Promise<void> {
  await paperAutocomplete(interaction, ctx, { allowTopic: true });
}
