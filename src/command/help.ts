import { commandSpec, type CommandSpec, type OptionSpec } from './spec.js';
import type { CommandModule } from './types.js';

/**
 * Help as every surface shows it, read from the commands' slash command `data`: its description
 * and its options' descriptions are the help text, so a command's help is written once, in its file.
 */

/** Lines that explain where answers come from, shown by /help everywhere. */
export const HELP_NOTES = [
  'Answers come from the papers\' abstracts, and from the full text of papers added with their PDF (cited with section and page); every claim cites its source [n].',
  'Without a reachable Ollama model, answers are extractive: the abstracts\' own sentences, with the same citations.',
  'Besides topics, ask about a paper by name ("What is PixelThink?", "What does GCL stand for?"), its authors, venue and links ("Who wrote X?", "Where is the code for X?"), an author\'s papers ("Which papers are by ...?"), how many papers mention a topic ("How many papers are about video?"), papers like one ("Papers like X?"), two papers side by side ("Compare X and Y"), and follow up ("What are its results?").',
];

function flagUsage(o: OptionSpec): string {
  return `[--${o.name}${o.value ? ` ${o.value}` : ''}]`;
}

/** How a command is typed in the console: `/ask <question> [--paper <paper>]`. */
export function consoleUsage(spec: CommandSpec): string {
  const main = spec.main ? [spec.main.required ? spec.main.value : `[${spec.main.value.slice(1, -1)}]`] : [];
  return [`/${spec.name}`, ...main, ...spec.flags.map(flagUsage)].join(' ');
}

/** The options' own descriptions, one a line, indented under a usage. */
function optionLines(spec: CommandSpec, indent: string): string[] {
  const all = [...(spec.main ? [{ ...spec.main, label: spec.main.value }] : []), ...spec.flags.map((o) => ({ ...o, label: `--${o.name}` }))];
  const width = Math.max(0, ...all.map((o) => o.label.length));
  return all.map((o) => `${indent}${o.label.padEnd(width)}  ${o.description}`);
}

/** The console's /help: each command's usage and description, its options, then `extra` and the notes. */
export function consoleHelp(commands: readonly CommandModule[], extra: string[] = []): string {
  const blocks = commands.map((cmd) => {
    const spec = commandSpec(cmd);
    return [consoleUsage(spec), `    ${spec.description}`, ...(spec.main || spec.flags.length ? optionLines(spec, '      ') : [])].join('\n');
  });
  return [...blocks, ...extra, '', ...HELP_NOTES].join('\n');
}

/** Discord's /help lines: the command's name in bold, then its description. */
export function discordHelpLines(commands: readonly CommandModule[]): string[] {
  return commands.map((cmd) => `**/${cmd.data.name}**: ${cmd.data.description}`);
}

/** How a command is run from a shell: its npm script, or the command runner for one without. */
export function shellCommand(cmd: CommandModule): string {
  return cmd.script ? `npm run ${cmd.script} --` : `npx tsx src/cli/command.ts ${cmd.data.name}`;
}

/** `npm run <script> -- --help`: the usage, the description and the options, from the same `data` as the console's /help. */
export function scriptUsage(cmd: CommandModule): string {
  const spec = commandSpec(cmd);
  const main = spec.main ? [spec.main.required ? `"${spec.main.value}"` : `[${spec.main.value.slice(1, -1)}]`] : [];
  const usage = `usage: ${shellCommand(cmd)} ${['[--json]', ...spec.flags.map(flagUsage), ...main].join(' ')}`;
  const lines = cmd.text.lines && spec.main ? [`       (no ${spec.main.name.replace(/_/g, ' ')}: one ${spec.main.name.replace(/_/g, ' ')} per line from standard input)`] : [];
  return [usage, ...lines, `  ${spec.description}`, ...optionLines(spec, '    ')].join('\n');
}
