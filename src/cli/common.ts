import 'dotenv/config';
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { loadSettings, ConfigError, type Settings } from '../config.js';
import { captureConsole, configureLogging, log } from '../log.js';
import { PapercordService, type ServiceOptions } from '../service.js';
import { operatorFacingError } from '../errors.js';

export interface Cli<V> {
  values: V;
  positionals: string[];
  json: boolean;
  settings: Settings;
}

/** Parses flags and settings the same way for every script; `--json` keeps standard output pure JSON. */
export function cli(options: NonNullable<ParseArgsConfig['options']>, usage: string): Cli<Record<string, string | boolean | undefined>> {
  let parsed: { values: Record<string, string | boolean | undefined | (string | boolean)[]>; positionals: string[] };
  try {
    parsed = parseArgs({ options: { ...options, json: { type: 'boolean', default: false }, help: { type: 'boolean', default: false } }, allowPositionals: true, strict: true });
  } catch (e) {
    // The flags could not be read, but a program that asked for JSON still gets its error as JSON.
    fail(asksForJson(process.argv.slice(2)), { code: 'BAD_INPUT', message: (e as Error).message, hint: usage });
  }
  if (parsed.values.help) {
    process.stdout.write(usage + '\n');
    process.exit(0);
  }
  const json = parsed.values.json === true;
  let settings: Settings;
  try {
    settings = loadSettings();
  } catch (e) {
    if (e instanceof ConfigError) fail(json, { code: 'BAD_INPUT', message: e.message, hint: 'Fix the variables named above in .env or the environment; .env.example lists them all.' });
    throw e;
  }
  configureLogging({ level: settings.logLevel });
  captureConsole();
  return { values: parsed.values as Record<string, string | boolean | undefined>, positionals: parsed.positionals, json, settings };
}

/** Whether `--json` is among the flags (before a `--` that ends them), for when the rest cannot be parsed. */
export function asksForJson(args: readonly string[]): boolean {
  const end = args.indexOf('--');
  return (end < 0 ? args : args.slice(0, end)).includes('--json');
}

export async function openService(settings: Settings, opts: ServiceOptions = {}): Promise<PapercordService> {
  return PapercordService.open(settings, opts);
}

export function print(json: boolean, value: unknown, text: () => string): void {
  process.stdout.write((json ? JSON.stringify(value) : text()) + '\n');
}

/**
 * The service's messages point to the slash commands of Discord and the console; on the command
 * line the same thing is an npm script.
 */
const CLI_FORMS: [RegExp, string][] = [
  // Only a command that starts a word: "https://huggingface.co/papers/..." is a link, not /papers.
  [/(?<=^|\s)\/related paper_or_topic: (.+)$/, 'npm run related -- "$1"'],
  [/(?<=^|\s)\/summary shows\b/g, 'npm run summary -- <paper> shows'],
  [/(?<=^|\s)\/(summary|related) ([^\s,;]+?)(?=[.,;]?(?:\s|$))/g, 'npm run $1 -- $2'],
  [/(?<=^|\s)\/papers\b/g, 'npm run papers'],
];

export function cliForm(text: string): string {
  return CLI_FORMS.reduce((t, [re, to]) => t.replace(re, to), text);
}

/** An error as the command line shows it: its message and hint in the command line's terms. */
export function cliError<E extends { message: string; hint?: string }>(e: E): E {
  return { ...e, message: cliForm(e.message), ...(e.hint ? { hint: cliForm(e.hint) } : {}) };
}

/** Prints an error the way the caller asked (JSON or text) and exits with status 1. */
export function fail(json: boolean, error: { code: string; message: string; hint?: string }): never {
  const e = cliError(error);
  if (json) process.stdout.write(JSON.stringify({ error: e }) + '\n');
  else process.stderr.write(`${errorLines(e)}\n`);
  process.exit(1);
}

/** An error as text: `error: <message>` (with where, when given), and the hint on the next line. */
export function errorLines(e: { message: string; hint?: string }, where?: string): string {
  return `error${where ? ` (${where})` : ''}: ${e.message}${e.hint ? `\n${e.hint}` : ''}`;
}

/** Runs a script body, turning any error into a clear message and exit status 1. */
export function run(json: boolean, body: () => Promise<void>): void {
  body().catch((e) => {
    const ue = operatorFacingError(e);
    if (ue.code === 'INTERNAL') log.error('failed', { error: e });
    fail(json, ue);
  });
}
