import { ApplicationCommandOptionType } from 'discord.js';
import type { CommandModule } from './types.js';

/** An option of a command as the text surfaces read it. */
export interface OptionSpec {
  name: string;
  description: string;
  kind: 'string' | 'integer' | 'number' | 'boolean' | 'attachment' | 'text-only';
  required: boolean;
  choices?: string[];
  /** How its value is shown in a usage line: `<paper>`, `N`, `short|medium|long`. */
  value: string;
  /** Never more than one word (a number, a choice), so the words after it are the main text again. */
  oneWord: boolean;
}

/** A command's options as the console and the command line read them: the main text, then `--flags`. */
export interface CommandSpec {
  name: string;
  description: string;
  /** The first string option: the text typed after the command. */
  main?: OptionSpec;
  flags: OptionSpec[];
}

interface OptionJson {
  type: number;
  name: string;
  description: string;
  required?: boolean;
  choices?: { name: string; value: string | number }[];
}

const KINDS: Partial<Record<number, OptionSpec['kind']>> = {
  [ApplicationCommandOptionType.String]: 'string',
  [ApplicationCommandOptionType.Integer]: 'integer',
  [ApplicationCommandOptionType.Number]: 'number',
  [ApplicationCommandOptionType.Boolean]: 'boolean',
  [ApplicationCommandOptionType.Attachment]: 'attachment',
};

function optionSpec(o: OptionJson): OptionSpec {
  const kind = KINDS[o.type];
  if (!kind) throw new Error(`option ${o.name}: its type (${o.type}) has no text form`);
  const choices = o.choices?.map((c) => String(c.value));
  // An attachment is a file on the text surfaces: its path.
  const value = choices ? choices.join('|') : kind === 'integer' || kind === 'number' ? 'N' : kind === 'attachment' ? '<file path>' : kind === 'boolean' ? '' : `<${o.name.replace(/_/g, ' ')}>`;
  return { name: o.name, description: o.description, kind, required: o.required === true, ...(choices ? { choices } : {}), value, oneWord: kind !== 'string' || !!choices };
}

/** Reads a command's options off its slash command `data`, the text-only ones after them. */
export function commandSpec(cmd: CommandModule): CommandSpec {
  const json = cmd.data.toJSON() as { name: string; description: string; options?: OptionJson[] };
  const options = (json.options ?? []).map(optionSpec);
  const mainAt = options.findIndex((o) => o.kind === 'string');
  const textOnly = (cmd.text.options ?? []).map((o): OptionSpec => ({ name: o.name, description: o.description, kind: 'text-only', required: false, value: o.value, oneWord: true }));
  return {
    name: json.name,
    description: json.description,
    ...(mainAt >= 0 ? { main: options[mainAt] } : {}),
    flags: [...options.filter((_, i) => i !== mainAt), ...textOnly],
  };
}
