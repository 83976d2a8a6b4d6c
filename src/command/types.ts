import type { PapercordService } from '../service.js';
import type { LatencyTracker } from '../status.js';
import type { Notice, ProgressEvent, Turn } from '../types.js';

/** Where a command was typed: the local console (`npm start` without a token) or an npm script. */
export type TextSurface = 'console' | 'cli';

/** What a text surface read off the line or the arguments: the main text and the `--flags`, as typed. */
export interface TextInput {
  /** The first string option of the command's `data`: the question, the paper, the search. */
  text: string;
  /** The main text as the separate arguments it was typed in, where the surface has them (the command line). */
  args?: readonly string[];
  options: Record<string, string | undefined>;
}

/** What a command run on a text surface is given besides its input. */
export interface TextContext {
  service: PapercordService;
  surface: TextSurface;
  /** The conversation so far, oldest first; undefined on the command line, which has none. */
  turns?: readonly Turn[];
  latencies: LatencyTracker;
  /** A result's notes as this surface shows them: the console leaves out those it has shown already. */
  unrepeated<T extends { notice?: Notice; mode: string }>(result: T): T;
  /** The service's words in this surface's terms: `/summary x` is `npm run summary -- x` on the command line. */
  form(text: string): string;
  /** Given with an option that cannot be read: the command line's usage. */
  hint?: string;
  onProgress?: (e: ProgressEvent) => void;
  /** What a long command that is not a request to the model (/add) is doing, where the surface shows a status line. */
  status?: (text: string) => void;
  signal?: AbortSignal;
}

export interface TextOutcome {
  /** The result as text for a person. */
  render(): string;
  /** What `--json` prints. */
  json: unknown;
  /** The turn this adds to the console's conversation. */
  turn?: Turn;
  /** Whether the request counts among the latencies /status shows (questions, summaries, related lists). */
  timed?: boolean;
  /** Something was given and nothing came of it (every paper of an /add skipped): the command line exits with status 1. */
  failed?: boolean;
}

/** A flag that only the text surfaces have (the console's `--page`: Discord pages with buttons). */
export interface TextOnlyOption {
  name: string;
  description: string;
  /** How its value is shown in the usage: `N`. */
  value: string;
}

export interface TextCommand {
  run(input: TextInput, ctx: TextContext): Promise<TextOutcome>;
  options?: TextOnlyOption[];
  /**
   * On the command line without a main text and with standard input not a terminal: one run per
   * line of standard input. `check` runs once before the first line (an option that would fail
   * every line alike).
   */
  lines?: { check?(input: TextInput, ctx: TextContext): void };
  /** Never asks the model (/add, /remove): the command line opens the service without it, so nothing is warmed up or pulled. */
  withoutModel?: boolean;
}

/**
 * One command file of commands/ as the text surfaces see it: its slash command data (help and
 * options) and how the console and the command line run it. The bot sees the same file as a
 * `BotCommand` (bot/context.ts); commands/index.ts lists files that are both.
 */
export interface CommandModule {
  data: { name: string; description: string; options: readonly unknown[]; toJSON(): unknown };
  text: TextCommand;
  /** The npm script that runs it (`npm run <script>`), when it has one. */
  script?: string;
}
