import { SlashCommandBuilder, type AutocompleteInteraction, type ChatInputCommandInteraction } from 'discord.js';
import type { BotContext } from '../src/bot/context.js';
import type { Logger } from '../src/log.js';
import { answerInteraction, paperAutocomplete } from '../src/bot/interactions.js';
import { relatedMessages } from '../src/bot/render.js';
import { parseWholeNumber, RELATED_COUNT } from '../src/options.js';
import { questionLength, withMaxLength } from '../src/bot/registration.js';
import type { Settings } from '../src/config.js';
import { collectionFor } from '../src/bot/collection.js';
import type { TextCommand } from '../src/command/types.js';
import { requestOf } from '../src/command/request.js';
import { renderRelated } from '../src/render/text.js';
import { withNoticeText } from '../src/notice.js';
import { relatedTurn } from '../src/question/conversation.js';

/** `maxTopicChars`: the paper_or_topic option's max_length, which the settings give (see definition). */
function command(maxTopicChars?: number) {
  return new SlashCommandBuilder()
    .setName('related')
    .setDescription('Related work for a paper or a topic, with the reason for each.')
    .addStringOption((o) => withMaxLength(o.setName('paper_or_topic').setDescription('A paper (id or title) or a topic in a few words').setRequired(true).setAutocomplete(true), maxTopicChars))
    .addIntegerOption((o) => o.setName('count').setDescription(`How many papers (${RELATED_COUNT.min}-${RELATED_COUNT.max})`).setMinValue(RELATED_COUNT.min).setMaxValue(RELATED_COUNT.max));
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

export const script = 'related';

export const text: TextCommand = {
  async run({ text: query, options }, ctx) {
    const count = options.count === undefined ? undefined : parseWholeNumber('count', options.count, RELATED_COUNT, ctx.hint);
    const related = await ctx.service.related(query, { count, ...requestOf(ctx) });
    const shown = ctx.unrepeated(related);
    // A related list is a turn about the papers it shows: "Who wrote them?" after it is their bylines.
    return { json: withNoticeText(shown), render: () => renderRelated(shown, ctx.form), turn: relatedTurn(related), timed: true };
  },
};
