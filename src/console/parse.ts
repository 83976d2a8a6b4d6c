/**
 * Console lines in the slash commands' shape: `/ask <question> --paper <id>`, and the Discord
 * style `paper:<id>` too. A line without a slash is a question.
 */
export type ConsoleCommand = 'ask' | 'summary' | 'related' | 'papers' | 'status' | 'help' | 'reindex' | 'quit';

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
  status: { options: [] },
  help: { options: [] },
  reindex: { options: [] },
};

export function parseLine(line: string): ParsedLine | { error: string } | null {
  const trimmed = line.trim();
  if (!trimmed) return null;
  if (!trimmed.startsWith('/')) return { command: 'ask', text: trimmed, options: {} };
  const [head = '', ...tokens] = trimmed.split(/\s+/);
  const name = head.slice(1).toLowerCase();
  if (name === 'quit' || name === 'exit') return { command: 'quit', text: '', options: {} };
  if (!(name in SPEC)) return { error: `Unknown command ${head}. Type /help for the commands.` };
  const spec = SPEC[name as keyof typeof SPEC];
  const known = new Set([...(spec.main ? [spec.main] : []), ...spec.options]);
  const buckets: Record<string, string[]> = { '': [] };
  let current = '';
  for (const tok of tokens) {
    const m = /^(?:--([a-z_]+)(?:=(.*))?|([a-z_]+):(.*))$/.exec(tok);
    const opt = m?.[1] ?? m?.[3];
    if (opt && known.has(opt)) {
      current = opt === spec.main ? '' : opt;
      buckets[current] ??= [];
      const rest = m?.[2] ?? m?.[4];
      if (rest) buckets[current]!.push(rest);
      continue;
    }
    if (m?.[1] && !known.has(m[1])) return { error: `/${name} has no option --${m[1]}${spec.options.length ? ` (options: ${spec.options.map((o) => `--${o}`).join(', ')})` : ''}.` };
    buckets[current]!.push(tok);
  }
  const options: Record<string, string> = {};
  for (const [k, v] of Object.entries(buckets)) if (k && v.length) options[k] = v.join(' ');
  return { command: name as ConsoleCommand, text: buckets['']!.join(' '), options };
}
