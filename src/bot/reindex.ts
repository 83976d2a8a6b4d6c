import { PermissionFlagsBits, type ChatInputCommandInteraction } from 'discord.js';
import { PapercordError } from '../errors.js';
import type { BotContext } from './context.js';
import { COLORS, errorMessage } from './render.js';
import { layoutEmbeds } from './layout.js';
import { payload, replyEphemeral } from './reply.js';
import { ThrottledEditor } from './throttle.js';
import { raceAbort } from './work.js';
import { deferReply, withRetry } from './retry.js';
import { escapeText } from './markdown.js';

const PHASES = { chunk: 'splitting the abstracts', embed: 'embedding the chunks', write: 'writing the index' } as const;

/**
 * /reindex: only for members with Manage Server (the command's default permission can be
 * changed by server admins, so it is checked again here). The service keeps answering from the
 * old index while the new one is built, then switches.
 */
export async function reindexInteraction(interaction: ChatInputCommandInteraction, ctx: BotContext): Promise<void> {
  const receivedAt = Date.now();
  if (!interaction.memberPermissions?.has(PermissionFlagsBits.ManageGuild)) {
    await replyEphemeral(interaction, [errorMessage(new PapercordError('FORBIDDEN', 'Only members with the Manage Server permission can rebuild the index.', 'Ask a server admin to run /reindex.'))]);
    return;
  }
  let work;
  try {
    work = ctx.work.begin();
  } catch (e) {
    await replyEphemeral(interaction, [errorMessage(e)]);
    return;
  }
  const log = ctx.log.child({ kind: 'reindex', user: interaction.user.id });
  try {
    await deferReply(interaction, log, { receivedAt });
  } catch (e) {
    work.end();
    throw e;
  }
  const joined = ctx.service.isReindexing;
  const editor = new ThrottledEditor((text) => interaction.editReply(payload({ content: text })), (e) => log.warn('progress edit failed', { error: e }), ctx.progressIntervalMs);
  editor.push(joined ? '🔧 A rebuild is already running; waiting for it…' : '🔧 Reloading the corpus…');
  const started = Date.now();
  try {
    log.info('reindex requested', { joined });
    const info = await raceAbort(
      ctx.service.reindex({ onBuildProgress: (p) => editor.push(`🔧 Rebuilding the index: ${PHASES[p.phase]} (${p.done}/${p.total})…`) }),
      work.signal,
    );
    await editor.close();
    const secs = ((Date.now() - started) / 1000).toFixed(1);
    const problems = info.corpusProblems ? `\n${info.corpusProblems} problem(s) in the corpus were logged; ${info.corpusSkipped} record(s) skipped.` : '';
    const description = `Rebuilt in ${secs} s: **${info.papers} papers, ${info.chunks} chunks** with the ${escapeText(info.embedder)} embedder. Answers now come from the new index (${escapeText(info.buildId)}).${problems}`;
    const [embeds] = layoutEmbeds({ title: 'Index rebuilt', description, color: COLORS.extractive });
    await withRetry('reply', () => interaction.editReply(payload({ embeds })), log);
    log.info('reindexed', { ms: Date.now() - started, papers: info.papers, chunks: info.chunks });
  } catch (e) {
    await editor.close();
    const shown = work.signal.aborted ? work.signal.reason : e;
    log.error('reindex failed', { error: e });
    await interaction.editReply(payload(errorMessage(shown))).catch((err: unknown) => log.warn('reply failed', { error: err }));
  } finally {
    work.end();
  }
}
