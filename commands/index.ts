/**
 * Every command papercord has, in the order /help lists them. A command is one module here: its
 * slash command `data` (whose descriptions are its help everywhere), `execute` for Discord, and
 * `text.run` for the local console and the command line; the console, `src/cli/command.ts` and
 * the bot all read this list.
 */
import type { CommandModule } from '../src/command/types.js';
import type { BotCommand } from '../src/bot/context.js';
import * as ask from './ask.js';
import * as summary from './summary.js';
import * as related from './related.js';
import * as papers from './papers.js';
import * as add from './add.js';
import * as remove from './remove.js';
import * as status from './status.js';
import * as help from './help.js';
import * as reindex from './reindex.js';

export const COMMANDS: readonly (CommandModule & BotCommand)[] = [ask, summary, related, papers, add, remove, status, help, reindex];
