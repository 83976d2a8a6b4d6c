import { SlashCommandBuilder, type AutocompleteInteraction, type ChatInputCommandInteraction } from 'discord.js';
import { COMMANDS } from '../src/render/help.js';
import type { BotContext } from '../src/bot/context.js';
import type { Logger } from '../src/log.js';
import { answerInteraction, paperAutocomplete } from '../src/bot/interactions.js';
import { relatedMessages } from '../src/bot/render.js';
import { RELATED_COUNT } from '../src/options.js';
import { questionLength, withMaxLength } from '../src/bot/registration.js';
import type { Settings } from '../src/config.js';
import { collectionFor } from '../src/bot/collection.js';

const help = COMMANDS.related;

/** `maxTopicChars`: the paper_or_topic option's max_length, which the settings give (see definition). */
function command(maxTopicChars?: number) {
  return new SlashCommandBuilder()
    .setName(help.name)
    .setDescription(help.description)
    .addStringOption((o) => withMaxLength(o.setName('paper_or_topic').setDescription(help.options.paper_or_topic).setRequired(true).setAutocomplete(true), maxTopicChars))
    .addIntegerOption((o) => o.setName('count').setDescription(help.options.count).setMinValue(RELATED_COUNT.min).setMaxValue(RELATED_COUNT.max));
}

export const data = command();

export function definition(settings: Settings) {
  return command(questionLength(settings)).toJSON();
}

export async function execute(interaction: ChatInputCommandInteraction, ctx: BotContext, log: Logger): Promise<void> {
  const query = interaction.options.getString('paper_or_topic', true);
  const collection = collectionFor(ctx.settings, interaction.guildId);
  const count = interaction.options.getInteger('count') ?? undefined;
  await answerInteraction(interaction, ctx, {
    kind: 'related',
    log,
    what: 'related',
    asked: query,
    fields: { count },
    precheck: () => ctx.service.checkRelatedQuery(query),
    run: (opts) => ctx.service.related(query, { count, collection, ...opts }),
    render: (r) => relatedMessages(r, ctx.answers.remember({ kind: 'related', result: r })),
  });
}

export async function autocomplete(interaction: AutocompleteInteraction, ctx: BotContext): Promise<void> {
  await paperAutocomplete(interaction, ctx, { allowTopic: true });
}
