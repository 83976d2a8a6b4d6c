import { unquote } from '../text/clean.js';
/**
 * Console lines in the slash commands' shape: `/ask <question> --paper <id>`, and the Discord
 * style `paper:<id>` too. A line without a slash is a question.
 */
export type ConsoleCommand = 'ask' | 'summary' | 'related' | 'papers' | 'add' | 'remove' | 'status' | 'help' | 'reindex' | 'quit';

export interface ParsedLine {
  command: ConsoleCommand;
  /** The main text: the question, the paper, the paper or topic, the search. */
  text: string;
  options: Record<string, string>;
}

const SPEC: Record<Exclude<ConsoleCommand, 'quit'>, { main?: string; options: string[] }> = {
  ask: { main: 'question', options: ['paper'] },
  summary: { main: 'paper', options: ['length'] },
  related: { main: 'paper_or_topic', options: ['count'] },
  papers: { main: 'search', options: ['page'] },
  add: { main: 'paper', options: [] },
  remove: { main: 'paper', options: [] },
  status: { options: [] },
  help: { options: [] },
  reindex: { options: [] },
};

/** Options whose value is never more than one word, so the words after it are the main text again. */
const ONE_WORD = new Set(['length', 'count', 'page']);

/** A word, or a quoted group of words (which may follow `name:` or `--name=`); a quote inside a word (What's) opens nothing. */
const TOKEN = /(?:--[a-z_]+=|[a-z_]+:)?(?:"[^"]*"|'[^']*'|“[^”]*”)(?=\s|$)|\S+/g;
const MARKER = /^(?:--([a-z_]+)(?:=(.*))?|([a-z_]+):(.*))$/s;


export function parseLine(line: string): ParsedLine | { error: string } | null {
  const trimmed = line.trim();
  if (!trimmed) return null;
  if (!trimmed.startsWith('/')) {
    // Typed by someone who has not read /help yet: these are asks for the console itself, not about the papers.
    const word = trimmed.toLowerCase();
    if (word === 'help' || word === '?') return { command: 'help', text: '', options: {} };
    if (word === 'quit' || word === 'exit') return { command: 'quit', text: '', options: {} };
    return { command: 'ask', text: trimmed, options: {} };
  }
  const [head = '', ...tokens] = trimmed.match(TOKEN) ?? [];
  const name = head.slice(1).toLowerCase();
  if (name === 'quit' || name === 'exit') return { command: 'quit', text: '', options: {} };
  if (!(name in SPEC)) return { error: `Unknown command ${head}. Type /help for the commands.` };
  const spec = SPEC[name as keyof typeof SPEC];
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
      room = ONE_WORD.has(m.opt) || (main.length === 0 && !mainLater) ? 1 : Infinity;
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
  return { command: name as ConsoleCommand, text, options: values };
}
