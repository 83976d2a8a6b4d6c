import { createInterface } from 'node:readline';
import type { ParseArgsConfig } from 'node:util';
import { COMMANDS } from '../../commands/index.js';
import { commandNamed } from '../command/registry.js';
import { commandSpec } from '../command/spec.js';
import { scriptUsage } from '../command/help.js';
import type { TextContext } from '../command/types.js';
import type { PapercordService } from '../service.js';
import { operatorFacingError } from '../errors.js';
import { LatencyTracker } from '../status.js';
import { cli, cliError, cliForm, openService, print, run } from './common.js';
import { asksForJson, errorLines, exitWithError } from './flags.js';

/**
 * `tsx src/cli/command.ts <command> [flags] [text]`: any command of commands/index.ts on the
 * command line (`npm run ask -- ...` is this with `ask`). The flags are the command's options
 * as its slash command `data` gives them; the words left are its main text.
 */
const [name = '', ...args] = process.argv.slice(2);
let found;
try {
  found = commandNamed(COMMANDS, name, 'cli');
} catch (e) {
  exitWithError(asksForJson(args), operatorFacingError(e));
}
const cmd = found;
const spec = commandSpec(cmd);
const usage = scriptUsage(cmd);
const flagOptions: NonNullable<ParseArgsConfig['options']> = Object.fromEntries(spec.flags.map((f) => [f.name, { type: f.kind === 'boolean' ? 'boolean' : 'string' }]));
const { values, positionals, json, settings } = cli(flagOptions, usage, args);

run(json, async () => {
  const service = await openService(settings, cmd.text.withoutModel ? { writer: null } : {});
  try {
    await runCommand(service);
  } finally {
    await service.close();
  }
});

async function runCommand(service: PapercordService): Promise<void> {
  const ctx: TextContext = { service, surface: 'cli', latencies: new LatencyTracker(), unrepeated: (r) => r, form: cliForm, hint: usage };
  const options = Object.fromEntries(spec.flags.map((f) => [f.name, values[f.name] === undefined ? undefined : String(values[f.name])]));
  // A main text argument, even a blank one (which gets its error), means "not from standard input".
  if (!cmd.text.lines || positionals.length > 0 || process.stdin.isTTY) {
    const outcome = await cmd.text.run({ text: positionals.join(' '), args: positionals, options }, ctx);
    print(json, outcome.json, () => outcome.render());
    if (outcome.failed) process.exitCode = 1;
    return;
  }
  cmd.text.lines.check?.({ text: '', options }, ctx);
  // One main text per line; a bad line gets its error and the rest still run; the exit status then says some failed.
  let lineNumber = 0;
  let failed = 0;
  for await (const line of createInterface({ input: process.stdin, crlfDelay: Infinity })) {
    lineNumber++;
    if (!line.trim()) continue;
    try {
      const outcome = await cmd.text.run({ text: line, options }, ctx);
      print(json, outcome.json, () => outcome.render() + '\n');
      if (outcome.failed) failed++;
    } catch (e) {
      failed++;
      const err = cliError(operatorFacingError(e));
      if (json) process.stdout.write(`${JSON.stringify({ [spec.main?.name ?? 'line']: line, error: err })}\n`);
      else process.stderr.write(`${errorLines(err, `line ${lineNumber}`)}\n`);
    }
  }
  if (failed > 0) process.exitCode = 1;
}
