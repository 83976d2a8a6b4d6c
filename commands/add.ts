import { InteractionContextType, SlashCommandBuilder, type ChatInputCommandInteraction } from 'discord.js';
import type { BotContext } from '../src/bot/context.js';
import type { Logger } from '../src/log.js';
import { PapercordError } from '../src/errors.js';
import { channelGuard } from '../src/bot/interactions.js';
import { changeRefusal, mayChangeCollection } from '../src/bot/adders.js';
import { checkAttachment, downloadAttachment } from '../src/bot/attachments.js';
import { addedMessages, addProgressText } from '../src/bot/added.js';
import { collectionFor } from '../src/bot/collection.js';
import { runRequest } from '../src/bot/flow.js';
import { errorMessage } from '../src/bot/render.js';
import { interactionResponder, replyEphemeral } from '../src/bot/reply.js';
import { deferReply } from '../src/bot/retry.js';
import { pdfLimits } from '../src/fulltext/limits.js';
import type { TextCommand } from '../src/command/types.js';
import { addInputOfText } from '../src/command/add-input.js';
import { addReportJson, renderAddReport } from '../src/render/collections.js';
import { COLLECTION_OPTION, collectionOf } from '../src/command/collection-option.js';

/** A ref or a few BibTeX entries; a longer list goes in a .bib file. */
const MAX_PAPER_CHARS = 6000;

// Only in servers: papers are added to a server's collection, and who may add is a server permission.
export const data = new SlashCommandBuilder()
  .setName('add')
  .setDescription('Add papers to this server: an arXiv id, DOI, OpenReview or PMLR link, BibTeX, or a file.')
  .setContexts(InteractionContextType.Guild)
  .addStringOption((o) => o.setName('paper').setDescription('An arXiv id or URL, a DOI, an OpenReview or PMLR link, or BibTeX entries').setMaxLength(MAX_PAPER_CHARS))
  .addAttachmentOption((o) => o.setName('file').setDescription('A PDF, a .bib file, or a .json/.jsonl file of papers'));

/**
 * /add: the checks that need no work (permission, something given, the file's host and size)
 * are answered at once and only to the member; then the reply is deferred and edited with the
 * addition's progress until the report replaces it.
 */
export async function execute(interaction: ChatInputCommandInteraction, ctx: BotContext, log: Logger): Promise<void> {
  if (!(await channelGuard(interaction, ctx))) return;
  const paper = interaction.options.getString('paper')?.trim() || undefined;
  const file = interaction.options.getAttachment('file') ?? undefined;
  try {
    if (!mayChangeCollection(interaction, ctx.settings)) throw changeRefusal(ctx.settings, 'add');
    if (!paper && !file) throw new PapercordError('BAD_INPUT', 'Give /add a paper or a file.', 'paper: an arXiv id or URL, a DOI, an OpenReview or PMLR link, or BibTeX entries; file: a PDF, a .bib file, or a .json/.jsonl file of papers.');
    if (file) checkAttachment(file, ctx.settings);
  } catch (e) {
    await replyEphemeral(interaction, [errorMessage(e)]);
    return;
  }
  const collection = collectionFor(ctx.settings, interaction.guildId);
  await deferReply(interaction, log);
  await runRequest(ctx, interactionResponder(interaction, { log, lifetime: ctx.tokenLifetime, asked: { what: 'add' } }), {
    kind: 'add',
    log,
    fields: { collection, refChars: paper?.length ?? 0, file: file ? { name: file.name, size: file.size } : undefined },
    recordLatency: false,
    run: async ({ signal }, showProgress) => {
      const files = [];
      if (file) {
        showProgress(`📥 Downloading ${file.name}…`);
        files.push(await downloadAttachment(file, ctx.settings, signal));
      }
      return ctx.service.add({ text: paper, files }, { collection, signal, onProgress: (p) => showProgress(addProgressText(p)) });
    },
    render: (report) => addedMessages(report),
  });
}

export const script = 'add';

/**
 * The console and the command line add to the local collection unless --collection names
 * another; a file is given by its path. On the command line each argument is a ref or a file.
 */
export const text: TextCommand = {
  async run({ text: typed, args, options }, ctx) {
    const given = options.file ? [...(args ?? [typed]), options.file] : args;
    const input = await addInputOfText(typed, pdfLimits(ctx.service.settings), { args: given });
    const collection = collectionOf(options, ctx.service);
    const report = await ctx.service.add(input, { collection, signal: ctx.signal, onProgress: (p) => ctx.status?.(addProgressText(p)) });
    // Something given, nothing added: a script should know.
    return { json: addReportJson(report), render: () => renderAddReport(report), failed: report.added.length === 0 && report.skipped.length > 0 };
  },
  options: [COLLECTION_OPTION],
  withoutModel: true,
};
