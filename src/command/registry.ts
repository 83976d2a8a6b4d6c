import { PapercordError } from '../errors.js';
import type { CommandModule } from './types.js';

/** Words that leave the console rather than run a command. */
export const QUIT_WORDS = ['quit', 'exit'];

/** The command of that name (any case), or an error that says which there are. */
export function commandNamed(commands: readonly CommandModule[], name: string, where: 'console' | 'cli'): CommandModule {
  const found = commands.find((c) => c.data.name === name.toLowerCase());
  if (found) return found;
  const names = commands.map((c) => (where === 'console' ? `/${c.data.name}` : c.data.name));
  const typed = where === 'console' ? `/${name}` : `"${name}"`;
  throw new PapercordError('BAD_INPUT', `Unknown command ${typed}.`, where === 'console' ? `The commands are ${names.join(', ')}; /help explains them.` : `The commands are ${names.join(', ')}.`);
}
