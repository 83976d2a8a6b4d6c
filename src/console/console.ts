import { createInterface } from 'node:readline';
import type { Readable, Writable } from 'node:stream';
import type { PapercordService } from '../service.js';
import { operatorFacingError, PapercordError } from '../errors.js';
import type { Logger } from '../log.js';
import { HISTORY_TURNS, type Notice, type ProgressEvent, type Turn } from '../types.js';
import { joinNotices, noticeParts, noticeText } from '../notice.js';
import { asWritten, renderAnswer, renderHelp, renderPapers, renderRelated, renderStatus, renderSummary } from '../render/text.js';
import { COMMANDS, type CommandName } from '../render/help.js';
import { collectStatus, LatencyTracker } from '../status.js';
import { parseLine, type ParsedLine } from './parse.js';
import { parseSummaryLength } from '../answer/summary.js';
import { answeredTurn, listingTurn, relatedTurn, summaryTurn } from '../question/conversation.js';
import { parseWholeNumber, RELATED_COUNT } from '../options.js';
import { LOCAL_COLLECTION, renderAddReport, renderRemoveReport } from '../render/collections.js';
import { pdfLimits } from '../fulltext/limits.js';
import { consoleAddInput } from './add-input.js';

export interface ConsoleOptions {
  input: Readable;
  output: Writable;
  /** A person at a terminal: a prompt, and a progress line while an answer is prepared. */
  interactive: boolean;
  /** Lines printed first: what is missing and how to set it up. */
  banner: string[];
  /** Notes the banner already gives ("No Ollama server answered at …"): answers do not repeat them. */
  told?: string[];
  log: Logger;
  /** Aborted on Ctrl+C or SIGTERM: the running request is cancelled and the console ends. */
  signal?: AbortSignal;
}

const PAGE = 20;

/**
 * The local console: the bot's commands typed as lines (interactively, or one per line from a
 * pipe), answered by the same service and rendered as text. One bad line gets an error message
 * and the next line still runs.
 */
export async function runConsole(service: PapercordService, opts: ConsoleOptions): Promise<void> {
  const { output, interactive } = opts;
  const write = (text: string) => void output.write(text);
  const latencies = new LatencyTracker();
  // The console is one conversation, as a Discord reply chain is: each question is asked with the last turns.
  const turns: Turn[] = [];
  const notices = new NoticeRepeats(opts.told);
  // Read at each event: the terminal may have been resized since the last one.
  const columns = () => ((output as { isTTY?: boolean }).isTTY ? (output as { columns?: number }).columns : undefined);
  for (const line of opts.banner) write(`${line}\n`);
  const rl = createInterface({ input: opts.input, output: interactive ? output : undefined, terminal: interactive, prompt: 'papercord> ', crlfDelay: Infinity });
  const stop = () => rl.close();
  // A terminal's Ctrl+C reaches readline, not the process.
  rl.on('SIGINT', stop);
  opts.signal?.addEventListener('abort', stop, { once: true });
  if (interactive) rl.prompt();
  try {
    for await (const line of rl) {
      const parsed = parseLine(line);
      if (parsed && 'command' in parsed && parsed.command === 'quit') break;
      if (parsed) {
        const started = Date.now();
        try {
          if ('error' in parsed) throw new PapercordError('BAD_INPUT', parsed.error);
          const text = await execute(service, parsed, { latencies, turns, notices, progress: interactive ? progressLine(write, columns) : undefined, status: interactive ? statusLine(write, columns) : undefined, signal: opts.signal });
          clearProgress(write, interactive);
          write(`${text}\n\n`);
          if (['ask', 'summary', 'related'].includes(parsed.command)) latencies.record(Date.now() - started);
        } catch (e) {
          clearProgress(write, interactive);
          // The console's user runs papercord: the operator that a bot's user is told to ask.
          const ue = operatorFacingError(e);
          if (ue.code === 'INTERNAL') opts.log.error('console command failed', { error: e });
          write(`error: ${ue.message}${ue.hint ? `\n${ue.hint}` : ''}\n\n`);
        }
      }
      if (opts.signal?.aborted) break;
      if (interactive) rl.prompt();
    }
  } finally {
    opts.signal?.removeEventListener('abort', stop);
    rl.close();
  }
}

interface Extras {
  latencies: LatencyTracker;
  /** Earlier questions and answers, oldest first; an answered question is added. */
  turns: Turn[];
  notices: NoticeRepeats;
  progress?: (e: ProgressEvent) => void;
  /** Shows what a long command (/add) is doing. */
  status?: (text: string) => void;
  signal?: AbortSignal;
}

async function execute(service: PapercordService, p: ParsedLine, x: Extras): Promise<string> {
  // The console reads and adds to the local collection, as the command line does.
  const req = { signal: x.signal, onProgress: x.progress, collection: LOCAL_COLLECTION };
  switch (p.command) {
    case 'ask': {
      const answer = await service.ask(p.text, { paper: p.options.paper, history: [...x.turns], ...req });
      remember(x.turns, answeredTurn(answer));
      return renderAnswer(x.notices.unrepeated(asWritten(answer)));
    }
    // A summary or a related list is a turn too: "Who wrote it?" after /summary is that paper's byline, "Who wrote them?" after /related the listed papers'; "/related it" is the paper the conversation is on.
    case 'summary': {
      const summary = await service.summary(p.text, { length: parseSummaryLength(p.options.length ?? 'medium'), history: [...x.turns], ...req });
      remember(x.turns, summaryTurn(summary));
      return renderSummary(x.notices.unrepeated(asWritten(summary)));
    }
    case 'related': {
      const count = p.options.count === undefined ? undefined : parseWholeNumber('count', p.options.count, RELATED_COUNT);
      const related = await service.related(p.text, { count, history: [...x.turns], ...req });
      remember(x.turns, relatedTurn(related));
      return renderRelated(x.notices.unrepeated(related));
    }
    case 'papers': {
      // Checked before the search: a mistyped page is the same mistake whatever the search finds.
      const asked = p.options.page === undefined ? 1 : parseWholeNumber('page', p.options.page, { min: 1 });
      const all = service.listPapers(p.text, Infinity, { collection: LOCAL_COLLECTION });
      const pages = Math.max(1, Math.ceil(all.length / PAGE));
      // Past the end is the last page, as a list that got shorter since the last look still shows its end.
      const page = Math.min(asked, pages);
      const slice = all.slice((page - 1) * PAGE, page * PAGE);
      const more = pages > 1 ? `\npage ${page} of ${pages} (${all.length} papers); --page N for another` : '';
      const listing = renderPapers(slice);
      // A page is a turn about the papers it shows, as in a reply to the bot's /papers: "What is the second one about?".
      if (slice.length) remember(x.turns, listingTurn(listing, slice.map((ref) => ref.id)));
      return `${listing}${more}`;
    }
    case 'add': {
      const input = await consoleAddInput(p.text, pdfLimits(service.settings));
      const report = await service.add(input, { collection: LOCAL_COLLECTION, signal: x.signal, onProgress: (e) => x.status?.(`${e.stage} ${e.done}/${e.total}…`) });
      return renderAddReport(report);
    }
    case 'remove':
      return renderRemoveReport(await service.remove(p.text, { collection: LOCAL_COLLECTION }));
    case 'status':
      return renderStatus(await collectStatus(service, { latencies: x.latencies }));
    case 'help':
      return renderHelp(Object.keys(COMMANDS) as CommandName[], ['/quit', '    Leave the console (or quit, exit).', '', 'A line without a command is a question, as with /ask; help or ? shows this. /reindex, /add and /remove need Manage Server (or, for /add and /remove, an ADD_ROLES role) in Discord, not here.']);
    case 'reindex': {
      const info = await service.reindex();
      return `Index rebuilt: ${info.papers} papers, ${info.chunks} chunks (embedder ${info.embedder}, build ${info.buildId}).`;
    }
    default:
      throw new PapercordError('BAD_INPUT', 'Unknown command. Type /help for the commands.');
  }
}

/** Adds a turn to the conversation, which keeps its last HISTORY_TURNS. */
function remember(turns: Turn[], turn: Turn): void {
  turns.push(turn);
  turns.splice(0, turns.length - HISTORY_TURNS);
}

/**
 * A console is read top to bottom, so a note an answer carries ("The model server could not be
 * reached ...") is shown once, not under every answer; the footer still says how each answer was
 * made. Once the model writes an answer, things have changed: a note that comes back after it is
 * shown again. A note is news by what it says happened; its operator's detail ("No Ollama server
 * answered at X") is what the start-up banner says, so either already told makes it a repeat. A
 * note joined from several is judged by each: those not told yet are shown.
 */
export class NoticeRepeats {
  private readonly shown = new Set<string>();

  constructor(told: string[] = []) {
    for (const note of told) this.shown.add(noteGist(note));
  }

  unrepeated<T extends { notice?: Notice; mode: string }>(result: T): T {
    if (result.mode === 'ollama') this.shown.clear();
    if (result.notice === undefined) return result;
    const parts = noticeParts(result.notice);
    const news = parts.filter((part) => !this.told(part));
    for (const part of news) this.shown.add(noteGist(part.said));
    return news.length === parts.length ? result : { ...result, notice: joinNotices(...news) };
  }

  private told(part: Notice): boolean {
    return [part.said, part.forOperator].some((note) => note !== undefined && this.shown.has(noteGist(note)));
  }
}

/**
 * What a note says happened, without what that means for the answer at hand or what to do: "No
 * Ollama server answered at X" of an operator's detail "…. Start Ollama", the banner's "…: answers
 * are extractive", and "The model server could not be reached" of an answer's "…, so this answer
 * is quoted" and a summary's "…, so this summary is".
 */
function noteGist(note: string): string {
  return note.split(/, so |: |\. /)[0]!;
}

/**
 * One line on the terminal that says what is happening, overwritten as it changes. It is cut to
 * the terminal's width: a line that wraps would leave its first rows behind when it is cleared.
 */
function progressLine(write: (t: string) => void, columns: () => number | undefined): (e: ProgressEvent) => void {
  const show = statusLine(write, columns);
  return (e) => {
    // 'started' comes before any host is tried, also when none answers and the answer ends up quoted: nothing is written yet.
    const text =
      e.type === 'queued' ? `waiting for the model: number ${e.position} in the queue` : e.type === 'started' ? 'asking the model…' : e.type === 'retrieved' ? `found ${e.sources.length} passage${e.sources.length === 1 ? '' : 's'}…` : e.type === 'token' ? `writing… ${e.words} word${e.words === 1 ? '' : 's'}` : noticeText(e.notice);
    show(text);
  };
}

function statusLine(write: (t: string) => void, columns: () => number | undefined): (text: string) => void {
  return (text) => write(`\r\x1b[2K${fit(text, columns())}`);
}

/** The text within `width` columns, leaving the last one free (writing into it wraps on some terminals). */
function fit(text: string, width: number | undefined): string {
  const chars = [...text];
  if (!width || chars.length < width) return text;
  return `${chars.slice(0, Math.max(width - 2, 0)).join('')}…`;
}

function clearProgress(write: (t: string) => void, interactive: boolean): void {
  if (interactive) write('\r\x1b[2K');
}
