import { createInterface } from 'node:readline';
import type { Readable, Writable } from 'node:stream';
import type { PapercordService } from '../service.js';
import { operatorFacingError, PapercordError } from '../errors.js';
import { holdLogs, type Logger } from '../log.js';
import { HISTORY_TURNS, type Turn } from '../types.js';
import { LatencyTracker } from '../status.js';
import { COMMANDS } from '../../commands/index.js';
import { commandNamed } from '../command/registry.js';
import type { CommandModule, TextContext } from '../command/types.js';
import { parseLine } from './parse.js';
import { NoticeRepeats } from './notices.js';
import { progressText, StatusLine } from './status-line.js';


export interface ConsoleOptions {
  input: Readable;
  output: Writable;
  /** A person at a terminal: a prompt, and a status line while an answer is prepared. */
  interactive: boolean;
  /** Lines printed first: what is missing and how to set it up. */
  banner: string[];
  /** Notes the banner already gives ("No Ollama server answered at …"): answers do not repeat them. */
  told?: string[];
  log: Logger;
  /** Aborted on Ctrl+C or SIGTERM: the running request is cancelled and the console ends. */
  signal?: AbortSignal;
  /** The commands it offers (default: commands/index.ts). */
  commands?: readonly CommandModule[];
}

/**
 * The local console: the bot's commands typed as lines (interactively, or one per line from a
 * pipe), run by the same command modules as Discord and the command line and rendered as text.
 * One bad line gets an error message and the next line still runs. From a pipe each line is
 * echoed (`> line`) before its answer, so a transcript reads as a conversation.
 */
export async function runConsole(service: PapercordService, opts: ConsoleOptions): Promise<void> {
  const { output, interactive } = opts;
  const commands = opts.commands ?? COMMANDS;
  // Ends the console when the reader of the output has gone (a closed pipe) as well as on a signal.
  const ended = new AbortController();
  const end = () => ended.abort();
  let outputGone = false;
  const write = (text: string) => void (outputGone || output.write(text));
  const onOutputError = (e: NodeJS.ErrnoException) => {
    // EPIPE: whoever read the output (`| head`) has stopped; nothing more can be shown, so the console stops.
    if (e.code !== 'EPIPE') opts.log.error('console output failed', { error: e });
    outputGone = true;
    end();
  };
  output.on('error', onOutputError);
  const latencies = new LatencyTracker();
  // The console is one conversation, as a Discord reply chain is: each question is asked with the last turns.
  const turns: Turn[] = [];
  const notices = new NoticeRepeats(opts.told);
  const columns = () => ((output as { isTTY?: boolean }).isTTY ? (output as { columns?: number }).columns : undefined);
  const status = new StatusLine(write, columns);
  const onProgress = interactive
    ? (e: Parameters<NonNullable<TextContext['onProgress']>>[0]) => {
        // A note the banner or an earlier answer gave already is not news on the status line either.
        if (e.type === 'notice' && notices.repeats(e.notice)) return;
        const text = progressText(e, service.modelStatus().answers);
        if (text !== undefined) status.show(text);
      }
    : undefined;
  const ctx: TextContext = { service, surface: 'console', turns, latencies, unrepeated: (r) => notices.unrepeated(r), form: (t) => t, onProgress, status: interactive ? (t) => status.show(t) : undefined, signal: ended.signal };

  for (const line of opts.banner) write(`${line}\n`);
  const rl = createInterface({ input: opts.input, output: interactive ? output : undefined, terminal: interactive, prompt: 'papercord> ', crlfDelay: Infinity });
  const stop = () => rl.close();
  // A terminal's Ctrl+C reaches readline, not the process.
  rl.on('SIGINT', stop);
  opts.signal?.addEventListener('abort', end, { once: true });
  ended.signal.addEventListener('abort', stop, { once: true });
  if (interactive) rl.prompt();
  try {
    for await (const line of rl) {
      const parsed = parseLine(line, commands);
      if (parsed && 'command' in parsed && parsed.command === 'quit') break;
      if (parsed) {
        if (!interactive) write(`> ${line.trim()}\n`);
        // Log lines wait until the answer is printed: on a shared terminal they would land inside it.
        const release = holdLogs();
        const started = Date.now();
        try {
          if ('error' in parsed) throw new PapercordError('BAD_INPUT', parsed.error);
          const cmd = commandNamed(commands, parsed.command, 'console');
          const outcome = await cmd.text.run({ text: parsed.text, options: parsed.options }, ctx);
          status.clear();
          write(`${outcome.render()}\n\n`);
          if (outcome.turn) remember(turns, outcome.turn);
          if (outcome.timed) latencies.record(Date.now() - started);
        } catch (e) {
          status.clear();
          // The console's user runs papercord: the operator that a bot's user is told to ask.
          const ue = operatorFacingError(e);
          if (ue.code === 'INTERNAL') opts.log.error('console command failed', { error: e });
          write(`error: ${ue.message}${ue.hint ? `\n${ue.hint}` : ''}\n\n`);
        } finally {
          release();
        }
      }
      if (ended.signal.aborted) break;
      if (interactive) rl.prompt();
    }
  } finally {
    // Nothing of the status line is left on the terminal when the console ends.
    status.clear();
    opts.signal?.removeEventListener('abort', end);
    output.off('error', onOutputError);
    rl.close();
  }
}

/** Adds a turn to the conversation, which keeps its last HISTORY_TURNS. */
function remember(turns: Turn[], turn: Turn): void {
  turns.push(turn);
  turns.splice(0, turns.length - HISTORY_TURNS);
}
