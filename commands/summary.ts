import { SlashCommandBuilder, type AutocompleteInteraction, type ChatInputCommandInteraction } from 'discord.js';
import type { BotContext } from '../src/bot/context.js';
import type { Logger } from '../src/log.js';
import { answerInteraction, paperAutocomplete } from '../src/bot/interactions.js';
import { MAX_PAPER_QUERY_CHARS } from '../src/names/catalog.js';
import { parseSummaryLength, SUMMARY_LENGTHS, type SummaryLength } from '../src/answer/summary.js';
import { summaryMessages } from '../src/bot/render.js';
import { collectionFor } from '../src/bot/collection.js';
import type { TextCommand } from '../src/command/types.js';
import { requestOf } from '../src/command/request.js';
import { asWritten, renderSummary } from '../src/render/text.js';
import { withNoticeText } from '../src/notice.js';
import { summaryTurn } from '../src/question/conversation.js';

export const data = new SlashCommandBuilder()
  .setName('summary')
  .setDescription('A summary of one paper: TL;DR, problem, method and results.')
  .addStringOption((o) => o.setName('paper').setDescription('The paper (id or title)').setRequired(true).setMaxLength(MAX_PAPER_QUERY_CHARS).setAutocomplete(true))
  .addStringOption((o) =>
    o
      .setName('length')
      .setDescription('How long the summary is')
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

export const script = 'summary';

export const text: TextCommand = {
  async run({ text: paper, options }, ctx) {
    const length = parseSummaryLength(options.length ?? 'medium', ctx.hint);
    const summary = await ctx.service.summary(paper, { length, ...requestOf(ctx) });
    const shown = ctx.unrepeated(asWritten(summary));
    // A summary is a turn about its paper: "Who wrote it?" after it is that paper's byline.
    return { json: withNoticeText(shown), render: () => renderSummary(shown), turn: summaryTurn(summary), timed: true };
  },
};
