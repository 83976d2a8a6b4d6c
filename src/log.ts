/**
 * Structured, brief logs: one line each, `time level msg key=value ...` on a terminal and one
 * JSON object per line otherwise (LOG_FORMAT=json or text forces one; read here for the lines
 * before the settings are, then set by configureLogging). Secrets registered with
 * `redact` are replaced wherever they appear.
 */
import { format as formatArgs } from 'node:util';

export type Level = 'debug' | 'info' | 'warn' | 'error';
const ORDER: Record<Level, number> = { debug: 10, info: 20, warn: 30, error: 40 };

export type Fields = Record<string, unknown>;

export interface Logger {
  debug(msg: string, fields?: Fields): void;
  info(msg: string, fields?: Fields): void;
  warn(msg: string, fields?: Fields): void;
  error(msg: string, fields?: Fields): void;
  child(fields: Fields): Logger;
}

const secrets = new Set<string>();
let minLevel: Level = (process.env.LOG_LEVEL as Level) in ORDER ? (process.env.LOG_LEVEL as Level) : 'info';
let sink: (line: string) => void = (line) => process.stderr.write(line + '\n');
let json = jsonFor(process.env.LOG_FORMAT?.trim().toLowerCase());

/** LOG_FORMAT: `auto` (or unset) is text on a terminal and JSON lines otherwise. */
export type LogFormat = 'auto' | 'json' | 'text';

function jsonFor(format: string | undefined): boolean {
  return format === 'json' || (format !== 'text' && !process.stderr.isTTY);
}

/** Secrets shorter than this are not replaced: "ab" or "" replaced everywhere would cut every line apart. */
export const SECRET_MIN_CHARS = 4;

/** Never print this value; replaces it with [redacted] in every later log line. */
export function redact(value: string): void {
  if (value && value.length >= SECRET_MIN_CHARS) secrets.add(value);
}

export function scrub(text: string): string {
  let out = text;
  for (const s of secrets) out = out.split(s).join('[redacted]');
  return out;
}

export function configureLogging(opts: { level?: Level; sink?: (line: string) => void; json?: boolean; format?: LogFormat }): void {
  if (opts.level) minLevel = opts.level;
  if (opts.format) json = jsonFor(opts.format);
  if (opts.sink) sink = opts.sink;
  if (opts.json !== undefined) json = opts.json;
}

/**
 * Scrubs secrets from every string before formatting: once JSON-escaped, a secret with a quote or
 * backslash would no longer match. Only arrays and plain objects are walked; any other object
 * (a Date, a URL) is left to format itself (its toJSON), and the whole line is scrubbed again.
 */
function fieldValue(v: unknown, depth = 0): unknown {
  if (v instanceof Error) return scrub(`${v.name}: ${v.message}`);
  if (typeof v === 'string') return scrub(v);
  if (depth > 4 || v === null || typeof v !== 'object') return v;
  if (Array.isArray(v)) return v.map((x) => fieldValue(x, depth + 1));
  const proto = Object.getPrototypeOf(v) as unknown;
  if (proto !== Object.prototype && proto !== null) return v;
  return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, fieldValue(x, depth + 1)]));
}

function format(level: Level, msg: string, fields: Fields, asJson = json): string {
  const clean: Fields = {};
  msg = scrub(msg);
  for (const [k, v] of Object.entries(fields)) if (v !== undefined) clean[k] = fieldValue(v);
  if (asJson) return JSON.stringify({ time: new Date().toISOString(), level, msg, ...clean });
  const kv = Object.entries(clean)
    .map(([k, v]) => `${k}=${typeof v === 'string' && !/\s/.test(v) ? v : JSON.stringify(v)}`)
    .join(' ');
  return `${new Date().toISOString().slice(11, 19)} ${level.padEnd(5)} ${msg}${kv ? ' ' + kv : ''}`;
}

type Emit = (level: Level, msg: string, fields: Fields) => void;

function make(base: Fields, emit: Emit): Logger {
  const at = (level: Level) => (msg: string, fields: Fields = {}) => emit(level, msg, { ...base, ...fields });
  return { debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error'), child: (f) => make({ ...base, ...f }, emit) };
}

/** A log line held back while something else owns the terminal's line (see holdLogs). */
export interface HeldLine {
  level: Level;
  msg: string;
  line: string;
}

/** At most this many lines are held; older ones are let through rather than lost. */
const MAX_HELD = 500;
let held: HeldLine[] | undefined;
let holds = 0;

/**
 * Holds the log's lines back until the returned release is called, then writes them (those
 * `keep` keeps): while the console shows a status line or an answer is being printed, a log line
 * written to standard error would land inside it on the same terminal. Holds nest: the lines
 * are written when the last is released.
 */
export function holdLogs(): (keep?: (line: HeldLine) => boolean) => void {
  holds++;
  held ??= [];
  let released = false;
  return (keep = () => true) => {
    if (released) return;
    released = true;
    if (--holds > 0) {
      held = held?.filter(keep);
      return;
    }
    const lines = held ?? [];
    held = undefined;
    for (const l of lines) if (keep(l)) sink(l.line);
  };
}

/** Writes every held line now and stops holding: for a process about to exit. */
export function flushHeldLogs(): void {
  const lines = held ?? [];
  held = undefined;
  holds = 0;
  for (const l of lines) sink(l.line);
}

export const log: Logger = make({}, (level, msg, fields) => {
  if (ORDER[level] < ORDER[minLevel]) return;
  const line = scrub(format(level, msg, fields));
  if (!held) return sink(line);
  held.push({ level, msg, line });
  if (held.length > MAX_HELD) sink(held.shift()!.line);
});

/**
 * A logger whose lines, of every level, are formatted as JSON and scrubbed exactly as the log's
 * own are, and handed to `sink`: for tests, to see what an operator would.
 */
export function jsonLinesTo(sink: (line: string) => void): Logger {
  return make({}, (level, msg, fields) => sink(scrub(format(level, msg, fields, true))));
}

/**
 * Sends what libraries print with console.log, info, debug and warn to the log (standard error)
 * instead of standard output. The `ollama` client prints "Getting text from response" for every
 * error reply that is not JSON (a 404 page, a reverse proxy's 502), which broke `--json`'s
 * promise of nothing but JSON on standard output and cluttered the console and the bot's logs.
 * papercord's own output goes through process.stdout.write, which this leaves alone.
 */
export function captureConsole(logger: Logger = log): void {
  const to = (level: Level) => (...args: unknown[]) => logger[level]('library output', { text: formatArgs(...args) });
  console.log = console.info = console.debug = to('debug');
  console.warn = to('warn');
}
