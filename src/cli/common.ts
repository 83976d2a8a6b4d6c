import 'dotenv/config';
import type { ParseArgsConfig } from 'node:util';
import { loadSettings, ConfigError, type Settings } from '../config.js';
import { log } from '../log.js';
import { startLogging } from '../process.js';
import { PapercordService, type ServiceOptions } from '../service.js';
import { operatorFacingError } from '../errors.js';
import { exitWithError, parseFlags, type Flags, type ScriptError } from './flags.js';

export interface Cli<V> {
  values: V;
  positionals: string[];
  json: boolean;
  settings: Settings;
}

/** Parses flags and settings the same way for every script; `--json` keeps standard output pure JSON. */
export function cli(options: NonNullable<ParseArgsConfig['options']>, usage: string, args?: string[]): Cli<Flags['values']> {
  const { values, positionals, json } = parseFlags(options, usage, args);
  let settings: Settings;
  try {
    settings = loadSettings();
  } catch (e) {
    if (e instanceof ConfigError) fail(json, { code: 'BAD_INPUT', message: e.message, hint: 'Fix the variables named above in .env or the environment; .env.example lists them all.' });
    throw e;
  }
  startLogging(settings);
  return { values, positionals, json, settings };
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
  // The console's /status (npm start) shows the model; the command line shows it in each answer's footer.
  [/ ?(?<=^|\s)\/status shows [^.]*\./g, ''],
  [/(?<=^|\s)\/help shows every command/g, '`npm run` lists every script'],
  [/(?<=^|\s)\/help for every command/g, '`npm run` for every script'],
];

export function cliForm(text: string): string {
  return CLI_FORMS.reduce((t, [re, to]) => t.replace(re, to), text);
}

/** An error as the command line shows it: its message and hint in the command line's terms. */
export function cliError<E extends { message: string; hint?: string }>(e: E): E {
  return { ...e, message: cliForm(e.message), ...(e.hint ? { hint: cliForm(e.hint) } : {}) };
}

/** Prints an error the way the caller asked (JSON or text), in the command line's terms, and exits with status 1. */
export function fail(json: boolean, error: ScriptError): never {
  exitWithError(json, cliError(error));
}

/** Runs a script body, turning any error into a clear message and exit status 1. */
export function run(json: boolean, body: () => Promise<void>): void {
  body().catch((e) => {
    const ue = operatorFacingError(e);
    if (ue.code === 'INTERNAL') log.error('failed', { error: e });
    fail(json, ue);
  });
}
