import { promises as fs } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { PROJECT_ROOT } from '../config.js';
import type { BotCommand } from './context.js';

const COMMANDS_DIR = path.join(PROJECT_ROOT, 'commands');

/** Loads every command module of the commands folder (one per slash command), checking each one's shape. */
export async function loadCommands(dir = COMMANDS_DIR): Promise<Map<string, BotCommand>> {
  const files = (await fs.readdir(dir)).filter((f) => /\.(ts|js|mjs)$/.test(f) && !/\.(d|test)\.ts$/.test(f)).sort();
  const commands = new Map<string, BotCommand>();
  for (const file of files) {
    const mod = (await import(pathToFileURL(path.join(dir, file)).href)) as Partial<BotCommand>;
    if (!mod.data || typeof mod.data.toJSON !== 'function' || typeof mod.execute !== 'function') {
      throw new Error(`${path.relative(PROJECT_ROOT, path.join(dir, file))} must export "data" (a SlashCommandBuilder) and "execute"`);
    }
    const name = mod.data.name;
    if (commands.has(name)) throw new Error(`two command modules define /${name}`);
    commands.set(name, mod as BotCommand);
  }
  if (commands.size === 0) throw new Error(`no command modules in ${dir}`);
  return commands;
}
