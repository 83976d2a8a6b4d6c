/**
 * The commands every front end offers, described once: the slash command definitions, /help in
 * Discord and /help in the local console all read their wording from here.
 */
export interface CommandHelp {
  name: string;
  description: string;
  /** How it is typed in the local console. */
  usage: string;
  options: Record<string, string>;
}

export const COMMANDS = {
  ask: {
    name: 'ask',
    description: 'Ask a question about the papers; the answer cites them [n].',
    usage: '/ask <question> [--paper <id or title>]',
    options: { question: 'Your question', paper: 'Limit the answer to one paper (id or title)' },
  },
  summary: {
    name: 'summary',
    description: 'A summary of one paper: TL;DR, problem, method and results.',
    usage: '/summary <paper> [--length short|medium|long]',
    options: { paper: 'The paper (id or title)', length: 'How long the summary is' },
  },
  related: {
    name: 'related',
    description: 'Related work for a paper or a topic, with the reason for each.',
    usage: '/related <paper or topic> [--count N]',
    options: { paper_or_topic: 'A paper (id or title) or a topic in a few words', count: 'How many papers (1-10)' },
  },
  papers: {
    name: 'papers',
    description: 'Browse and search the papers that are indexed.',
    usage: '/papers [search] [--page N]',
    options: { search: 'Words from a title, an id or an author' },
  },
  add: {
    name: 'add',
    description: 'Add papers to this server: an arXiv id, DOI, OpenReview or PMLR link, BibTeX, or a file.',
    usage: '/add <arXiv id, DOI, URL or BibTeX, or a file path>',
    options: { paper: 'An arXiv id or URL, a DOI, an OpenReview or PMLR link, or BibTeX entries', file: 'A PDF, a .bib file, or a .json/.jsonl file of papers' },
  },
  remove: {
    name: 'remove',
    description: "Take a paper added with /add out of this server's collection.",
    usage: '/remove <paper>',
    options: { paper: 'An added paper (id or title)' },
  },
  status: {
    name: 'status',
    description: 'Corpus, embedder, chat model, queue, uptime and recent latencies.',
    usage: '/status',
    options: {},
  },
  help: {
    name: 'help',
    description: 'What papercord can do and how to ask.',
    usage: '/help',
    options: {},
  },
  reindex: {
    name: 'reindex',
    description: 'Reload the corpus and rebuild the index (Manage Server only).',
    usage: '/reindex',
    options: {},
  },
} as const satisfies Record<string, CommandHelp>;

export type CommandName = keyof typeof COMMANDS;

/** Lines that explain where answers come from, shown by /help everywhere. */
export const HELP_NOTES = [
  'Answers come from the papers\' abstracts, and from the full text of papers added with their PDF (cited with section and page); every claim cites its source [n].',
  'Without a reachable Ollama model, answers are extractive: the abstracts\' own sentences, with the same citations.',
  'Besides topics, ask about a paper by name ("What is PixelThink?", "What does GCL stand for?"), its authors, venue and links ("Who wrote X?", "Where is the code for X?"), an author\'s papers ("Which papers are by ...?"), how many papers mention a topic ("How many papers are about video?"), papers like one ("Papers like X?"), two papers side by side ("Compare X and Y"), and follow up ("What are its results?").',
];

/** Front-end specific lines (mentions in Discord, quitting in the console) are appended by the caller. */
export function helpLines(commands: CommandName[], style: 'discord' | 'console'): string[] {
  return commands.map((name) => {
    const c: CommandHelp = COMMANDS[name];
    return style === 'console' ? `${c.usage}\n    ${c.description}` : `**/${c.name}**: ${c.description}`;
  });
}
