import { parseArgs, type ParseArgsConfig } from 'node:util';

/** What went wrong, as a script prints it: `{"error": ...}` with --json, else text on standard error. */
export interface ScriptError {
  code: string;
  message: string;
  hint?: string;
}

export interface Flags {
  values: Record<string, string | boolean | undefined>;
  positionals: string[];
  json: boolean;
}

/**
 * Reads a script's flags; every script also takes --json and --help. --help prints the usage
 * and exits 0; a flag it does not know is an error with the usage and exit status 1, as JSON
 * when --json is among the flags (the rest could not be read, but the caller asked for JSON).
 * Light on purpose (no settings, no service): docs:env and the load run read their flags here too.
 */
export function parseFlags(options: NonNullable<ParseArgsConfig['options']>, usage: string, args: string[] = process.argv.slice(2)): Flags {
  let parsed: { values: Record<string, string | boolean | undefined | (string | boolean)[]>; positionals: string[] };
  try {
    parsed = parseArgs({ args, options: { ...options, json: { type: 'boolean', default: false }, help: { type: 'boolean', default: false } }, allowPositionals: true, strict: true });
  } catch (e) {
    exitWithError(asksForJson(args), { code: 'BAD_INPUT', message: (e as Error).message, hint: usage });
  }
  if (parsed.values.help) {
    process.stdout.write(usage + '\n');
    process.exit(0);
  }
  return { values: parsed.values as Flags['values'], positionals: parsed.positionals, json: parsed.values.json === true };
}

/** Whether `--json` is among the flags (before a `--` that ends them), for when the rest cannot be parsed. */
export function asksForJson(args: readonly string[]): boolean {
  const end = args.indexOf('--');
  return (end < 0 ? args : args.slice(0, end)).includes('--json');
}

/** Prints an error the way the caller asked (JSON or text) and exits with status 1. */
export function exitWithError(json: boolean, e: ScriptError): never {
  if (json) process.stdout.write(JSON.stringify({ error: e }) + '\n');
  else process.stderr.write(`${errorLines(e)}\n`);
  process.exit(1);
}

/** An error as text: `error: <message>` (with where, when given), and the hint on the next line. */
export function errorLines(e: { message: string; hint?: string }, where?: string): string {
  return `error${where ? ` (${where})` : ''}: ${e.message}${e.hint ? `\n${e.hint}` : ''}`;
}
