import { unquote } from '../text/clean.js';
import { PapercordError } from '../errors.js';
import { COMMANDS } from '../../commands/index.js';
import { commandSpec } from '../command/spec.js';
import { commandNamed, QUIT_WORDS } from '../command/registry.js';
import type { CommandModule } from '../command/types.js';

/**
 * Console lines in the slash commands' shape: `/ask <question> --paper <id>`, and the Discord
 * style `paper:<id>` too. A line without a slash is a question. Which options a command has is
 * read from its slash command `data` (see src/command/spec.ts).
 */
export interface ParsedLine {
  /** A registered command's name, or `quit`. */
  command: string;
  /** The main text: the question, the paper, the paper or topic, the search. */
  text: string;
  options: Record<string, string>;
}

/** A word, or a quoted group of words (which may follow `name:` or `--name=`); a quote inside a word (What's) opens nothing. */
const TOKEN = /(?:--[a-z_]+=|[a-z_]+:)?(?:"[^"]*"|'[^']*'|“[^”]*”)(?=\s|$)|\S+/g;
const MARKER = /^(?:--([a-z_]+)(?:=(.*))?|([a-z_]+):(.*))$/s;


export function parseLine(line: string, commands: readonly CommandModule[] = COMMANDS): ParsedLine | { error: string } | null {
  const trimmed = line.trim();
  if (!trimmed) return null;
  if (!trimmed.startsWith('/')) {
    // Typed by someone who has not read /help yet: these are asks for the console itself, not about the papers.
    const word = trimmed.toLowerCase();
    if (word === 'help' || word === '?') return { command: 'help', text: '', options: {} };
    if (QUIT_WORDS.includes(word)) return { command: 'quit', text: '', options: {} };
    return { command: 'ask', text: trimmed, options: {} };
  }
  const [head = '', ...tokens] = trimmed.match(TOKEN) ?? [];
  const name = head.slice(1).toLowerCase();
  if (QUIT_WORDS.includes(name)) return { command: 'quit', text: '', options: {} };
  let cmd: CommandModule;
  try {
    cmd = commandNamed(commands, name, 'console');
  } catch (e) {
    if (!(e instanceof PapercordError)) throw e;
    return { error: `${e.message} ${e.hint ?? ''}`.trim() };
  }
  const { main: mainOption, flags } = commandSpec(cmd);
  const spec = { main: mainOption?.name, options: flags.map((f) => f.name) };
  const oneWord = new Set(flags.filter((f) => f.oneWord).map((f) => f.name));
  const known = new Set([...(spec.main ? [spec.main] : []), ...spec.options]);
  const markers = tokens.map((tok) => {
    const m = MARKER.exec(tok);
    return m ? { opt: (m[1] ?? m[3])!, dashed: m[1] !== undefined, rest: m[2] ?? m[4] } : undefined;
  });
  const main: string[] = [];
  const options: Record<string, string[]> = {};
  // Where words go: the main text, or an option that takes up to `room` more words.
  let current: string | undefined;
  let room = 0;
  for (const [i, tok] of tokens.entries()) {
    const m = markers[i];
    if (m && known.has(m.opt)) {
      if (m.opt === spec.main) {
        current = undefined;
        if (m.rest) main.push(m.rest);
        continue;
      }
      current = m.opt;
      // A multi-word value (a title) can run to the end only when the question is already given
      // (`... --paper Mentis Oculi`) or is marked later (`paper: Mentis Oculi question: ...`);
      // before an unmarked question it is one word, or one quoted group.
      const mainLater = markers.slice(i + 1).some((n) => n?.opt === spec.main);
      room = oneWord.has(m.opt) || (main.length === 0 && !mainLater) ? 1 : Infinity;
      options[m.opt] ??= [];
      if (m.rest) {
        options[m.opt]!.push(unquote(m.rest));
        room--;
      }
      if (room === 0) current = undefined;
      continue;
    }
    if (m?.dashed) return { error: `/${name} has no option --${m.opt}${spec.options.length ? ` (options: ${spec.options.map((o) => `--${o}`).join(', ')})` : ''}.` };
    if (current === undefined) {
      main.push(tok);
      continue;
    }
    options[current]!.push(unquote(tok));
    if (--room === 0) current = undefined;
  }
  const values: Record<string, string> = {};
  for (const [k, v] of Object.entries(options)) if (v.length) values[k] = v.join(' ');
  // Quotes around the whole text group it, as they do an option's value; they are not part of it.
  const text = main.length === 1 ? unquote(main[0]!) : main.join(' ');
  return { command: cmd.data.name, text, options: values };
}
