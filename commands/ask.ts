import { SlashCommandBuilder, type AutocompleteInteraction, type ChatInputCommandInteraction } from 'discord.js';
import { COMMANDS } from '../src/render/help.js';
import type { BotContext } from '../src/bot/context.js';
import type { Logger } from '../src/log.js';
import { answerInteraction, paperAutocomplete } from '../src/bot/interactions.js';
import { MAX_PAPER_QUERY_CHARS } from '../src/names/catalog.js';
import { rememberedAnswerReply } from '../src/bot/memory.js';
import { askWithoutMentions, withoutMentions } from '../src/bot/mentions.js';
import { questionLength, withMaxLength } from '../src/bot/registration.js';
import type { Settings } from '../src/config.js';
import { collectionFor } from '../src/bot/collection.js';

const help = COMMANDS.ask;

/** `maxQuestionChars`: the question option's max_length, which the settings give (see definition). */
function command(maxQuestionChars?: number) {
  return new SlashCommandBuilder()
    .setName(help.name)
    .setDescription(help.description)
    .addStringOption((o) => withMaxLength(o.setName('question').setDescription(help.options.question).setRequired(true), maxQuestionChars))
    .addStringOption((o) => o.setName('paper').setDescription(help.options.paper).setMaxLength(MAX_PAPER_QUERY_CHARS).setAutocomplete(true));
}

export const data = command();

export function definition(settings: Settings) {
  return command(questionLength(settings)).toJSON();
}

export async function execute(interaction: ChatInputCommandInteraction, ctx: BotContext, log: Logger): Promise<void> {
  const question = interaction.options.getString('question', true);
  const paper = interaction.options.getString('paper') ?? undefined;
  const collection = collectionFor(ctx.settings, interaction.guildId);
  await answerInteraction(interaction, ctx, {
    kind: 'ask',
    log,
    what: 'answer',
    asked: question,
    fields: { paper },
    precheck: () => {
      ctx.service.validateQuestion(withoutMentions(question));
      if (paper) ctx.service.resolvePaper(paper, { collection });
    },
    run: (opts) => askWithoutMentions(ctx.service, question, { paper, collection, ...opts }),
    ...rememberedAnswerReply(ctx.answers, 'ask'),
  });
}

export async function autocomplete(interaction: AutocompleteInteraction, ctx: BotContext): Promise<void> {
  await paperAutocomplete(interaction, ctx);
}
