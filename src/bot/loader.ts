import { COMMANDS } from '../../commands/index.js';
import type { BotCommand } from './context.js';

/** The bot's commands by name, from the one list in commands/index.ts, each one's shape checked. */
export async function loadCommands(list: readonly BotCommand[] = COMMANDS): Promise<Map<string, BotCommand>> {
  const commands = new Map<string, BotCommand>();
  for (const mod of list) {
    if (!mod.data || typeof mod.data.toJSON !== 'function' || typeof mod.execute !== 'function') {
      throw new Error(`every module of commands/index.ts must export "data" (a SlashCommandBuilder) and "execute"${mod.data?.name ? ` (/${mod.data.name} does not)` : ''}`);
    }
    const name = mod.data.name;
    if (commands.has(name)) throw new Error(`two command modules define /${name}`);
    commands.set(name, mod);
  }
  if (commands.size === 0) throw new Error('commands/index.ts lists no commands');
  return commands;
}
