import { SlashCommandBuilder, type ButtonInteraction, type ChatInputCommandInteraction } from 'discord.js';
import type { BotContext } from '../src/bot/context.js';
import { channelGuard } from '../src/bot/interactions.js';
import { papersPage } from '../src/bot/render.js';
import { payload, replyEphemeral } from '../src/bot/reply.js';
import type { TextCommand } from '../src/command/types.js';
import { renderPapers } from '../src/render/text.js';
import { paperRef } from '../src/names/catalog.js';
import { parseWholeNumber } from '../src/options.js';
import { listingTurn } from '../src/question/conversation.js';
import { collectionFor } from '../src/bot/collection.js';

/** The search travels in the page buttons' custom ids (100 characters), so it is kept short. */
const MAX_SEARCH = 60;

/** Papers a console page shows. */
const PAGE = 20;

export const data = new SlashCommandBuilder()
  .setName('papers')
  .setDescription('Browse and search the papers that are indexed.')
  .addStringOption((o) => o.setName('search').setDescription('Words from a title, an id or an author').setMaxLength(MAX_SEARCH));

export const script = 'papers';

export async function execute(interaction: ChatInputCommandInteraction, ctx: BotContext): Promise<void> {
  if (!(await channelGuard(interaction, ctx))) return;
  const search = (interaction.options.getString('search') ?? '').trim().slice(0, MAX_SEARCH);
  await interaction.reply(payload(papersPage(ctx.service.listPapers(search, Infinity, { collection: collectionFor(ctx.settings, interaction.guildId) }), 0, search)));
}

/**
 * ⏮ ◀ ▶ ⏭ (`papers:pg|end:<page>:<search>`): the asker's list turns the page in place. Anyone
 * else gets the page as a list of their own, shown only to them (which they may page in turn):
 * their click must not page the list the asker is reading.
 */
export async function button(interaction: ButtonInteraction, ctx: BotContext, [action, page, ...rest]: string[]): Promise<void> {
  if (action !== 'pg' && action !== 'end') return;
  const search = rest.join(':');
  const shown = papersPage(ctx.service.listPapers(search, Infinity, { collection: collectionFor(ctx.settings, interaction.guildId) }), Number(page) || 0, search);
  if (interaction.message.interactionMetadata?.user.id === interaction.user.id) await interaction.update(payload(shown));
  else await replyEphemeral(interaction, [shown]);
}

export const text: TextCommand = {
  // Discord pages with buttons; a text surface asks for a page.
  options: [{ name: 'page', description: `Which page of ${PAGE} papers (without it, the console shows the first and the command line all)`, value: 'N' }],
  async run({ text: search, options }, ctx) {
    // Checked before the search: a mistyped page is the same mistake whatever the search finds.
    const asked = options.page === undefined ? undefined : parseWholeNumber('page', options.page, { min: 1 }, ctx.hint);
    if (ctx.surface === 'cli' && asked === undefined) {
      // Every match, best first as the catalog ranks them (corpus order with no search words), for programs:
      // code links only where the metadata gives some, as authorsIncomplete only where it is true.
      const papers = ctx.service.findPapers(search).map((p) => ({ ...paperRef(p), ...(p.code ? { code: p.code } : {}), abstract: p.abstract }));
      return { json: papers, render: () => renderPapers(papers) };
    }
    const all = ctx.service.listPapers(search);
    const pages = Math.max(1, Math.ceil(all.length / PAGE));
    // Past the end is the last page, as a list that got shorter since the last look still shows its end.
    const page = Math.min(asked ?? 1, pages);
    const slice = all.slice((page - 1) * PAGE, page * PAGE);
    const more = pages > 1 ? `\npage ${page} of ${pages} (${all.length} papers); --page N for another` : '';
    const listing = renderPapers(slice);
    // A page is a turn about the papers it shows, as in a reply to the bot's /papers: "What is the second one about?".
    return { json: slice, render: () => `${listing}${more}`, ...(slice.length ? { turn: listingTurn(listing, slice.map((ref) => ref.id)) } : {}) };
  },
};
