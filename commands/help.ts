import { MessageFlags, SlashCommandBuilder, type ChatInputCommandInteraction } from 'discord.js';
import type { BotContext } from '../src/bot/context.js';
import { helpMessage } from '../src/bot/render.js';
import { payload } from '../src/bot/reply.js';
import { dmsAnswered } from '../src/bot/access.js';
import { isServerAdmin } from '../src/bot/interactions.js';
import type { TextCommand } from '../src/command/types.js';
import { consoleHelp, discordHelpLines } from '../src/command/help.js';
import { mayChangeCollection } from '../src/bot/adders.js';
import { COMMANDS } from './index.js';

export const data = new SlashCommandBuilder().setName('help').setDescription('What papercord can do and how to ask.');

export async function execute(interaction: ChatInputCommandInteraction, ctx: BotContext): Promise<void> {
  const canReindex = isServerAdmin(interaction);
  const canAdd = mayChangeCollection(interaction, ctx.settings);
  const shown = (name: string) => (name === 'reindex' ? canReindex : name === 'add' || name === 'remove' ? canAdd : true);
  const commands = discordHelpLines(COMMANDS.filter((c) => shown(c.data.name)));
  await interaction.reply({ ...payload(helpMessage({ commands, dms: dmsAnswered(ctx.settings), threads: ctx.settings.threadPerQuestion })), flags: MessageFlags.Ephemeral });
}

/** What the console's help adds to the commands': how to leave, and what a line without a command is. */
const CONSOLE_EXTRA = ['/quit', '    Leave the console (or quit, exit).', '', 'A line without a command is a question, as with /ask; help or ? shows this. /reindex, /add and /remove need Manage Server (or, for /add and /remove, an ADD_ROLES role) in Discord, not here.'];

export const text: TextCommand = {
  async run(_input, ctx) {
    const shown = ctx.surface === 'console' ? consoleHelp(COMMANDS, CONSOLE_EXTRA) : consoleHelp(COMMANDS);
    return { json: { help: shown }, render: () => shown };
  },
};
