import { SlashCommandBuilder, type AutocompleteInteraction, type ChatInputCommandInteraction } from 'discord.js';
import type { BotContext } from '../src/bot/context.js';
import type { Logger } from '../src/log.js';
import { answerInteraction, paperAutocomplete } from '../src/bot/interactions.js';
import { MAX_PAPER_QUERY_CHARS } from '../src/names/catalog.js';
import { rememberedAnswerReply } from '../src/bot/memory.js';
import { askWithoutMentions, withoutMentions } from '../src/bot/mentions.js';
import { questionLength, withMaxLength } from '../src/bot/registration.js';
import type { Settings } from '../src/config.js';
import { collectionFor } from '../src/bot/collection.js';
import type { TextCommand } from '../src/command/types.js';
import { requestOf } from '../src/command/request.js';
import { asWritten, renderAnswer } from '../src/render/text.js';
import { withNoticeText } from '../src/notice.js';
import { answeredTurn } from '../src/question/conversation.js';

/** `maxQuestionChars`: the question option's max_length, which the settings give (see definition). */
function command(maxQuestionChars?: number) {
  return new SlashCommandBuilder()
    .setName('ask')
    .setDescription('Ask a question about the papers; the answer cites them [n].')
    .addStringOption((o) => withMaxLength(o.setName('question').setDescription('Your question').setRequired(true), maxQuestionChars))
    .addStringOption((o) => o.setName('paper').setDescription('Limit the answer to one paper (id or title)').setMaxLength(MAX_PAPER_QUERY_CHARS).setAutocomplete(true));
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

export const script = 'ask';

export const text: TextCommand = {
  async run({ text: question, options }, ctx) {
    const answer = await ctx.service.ask(question, { paper: options.paper, ...requestOf(ctx) });
    // A refusal points to /summary or /related: on the command line those are npm scripts.
    const shown = ctx.unrepeated(asWritten({ ...answer, answer: ctx.form(answer.answer) }));
    return { json: withNoticeText(shown), render: () => renderAnswer(shown), turn: answeredTurn(answer), timed: true };
  },
  // Checked once, before any line: a --paper that matches nothing would fail every line alike.
  lines: { check: ({ options }, ctx) => void (options.paper !== undefined && ctx.service.resolvePaper(options.paper)) },
};
