/** The one command registry: every command of commands/index.ts on Discord, the console and the command line, its help from its `data`. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { PassThrough, Writable } from 'node:stream';
import { COMMANDS } from '../commands/index.js';
import { commandSpec } from '../src/command/spec.js';
import { consoleHelp, discordHelpLines, scriptUsage } from '../src/command/help.js';
import { commandNamed } from '../src/command/registry.js';
import { loadCommands } from '../src/bot/loader.js';
import { parseLine } from '../src/console/parse.js';
import { runConsole } from '../src/console/console.js';
import { PapercordService } from '../src/service.js';
import { PROJECT_ROOT } from '../src/config.js';
import { captureLog, tempDir, testSettings } from './support/env.js';
import { runProcess } from './support/run-script.js';

const names = COMMANDS.map((c) => c.data.name);
const scripts = (JSON.parse(await readFile(path.join(PROJECT_ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;

test('every command file of commands/ is in the registry, once', async () => {
  const files = (await readdir(path.join(PROJECT_ROOT, 'commands'))).filter((f) => f.endsWith('.ts') && f !== 'index.ts');
  assert.deepEqual(files.map((f) => f.replace(/\.ts$/, '')).sort(), [...names].sort());
  assert.equal(new Set(names).size, names.length);
});

test('Discord: the bot loads every registered command, with its definition', async () => {
  const loaded = await loadCommands();
  assert.deepEqual([...loaded.keys()], names);
  for (const cmd of COMMANDS) assert.equal(typeof cmd.execute, 'function', cmd.data.name);
  const lines = discordHelpLines(COMMANDS);
  for (const cmd of COMMANDS) assert.ok(lines.includes(`**/${cmd.data.name}**: ${cmd.data.description}`), cmd.data.name);
});

test('the console: every registered command parses to itself and runs; an unknown one is a clear error', async () => {
  for (const name of names) assert.equal((parseLine(`/${name}`) as { command: string }).command, name);
  const unknown = parseLine('/nope') as { error: string };
  assert.match(unknown.error, /^Unknown command \/nope\. The commands are \/ask, .*\/help explains them\.$/);
  const service = await PapercordService.open(await testSettings(), { log: captureLog() });
  try {
    // A main text where the command needs one; every command answers without an error.
    const lines = COMMANDS.map((cmd) => `/${cmd.data.name}${commandSpec(cmd).main?.required ? ' PixelThink' : ''}`);
    let out = '';
    const output = new Writable({ write: (c, _e, cb) => void ((out += String(c)), cb()) });
    const input = new PassThrough();
    input.end([...lines, '/nope'].join('\n') + '\n');
    await runConsole(service, { input, output, interactive: false, banner: [], log: captureLog() });
    const answers = out.split(/^> /m).slice(1);
    assert.equal(answers.length, lines.length + 1);
    // /add and /remove change the collection: here, with nothing to add and a shipped paper, each says
    // clearly why not (their own tests add and remove); every other command answers.
    const refusals: Record<string, RegExp> = { add: /^error: Give \/add a paper or a file\./m, remove: /^error: .*cannot be removed: it is in the shipped corpus/m };
    for (const [i, line] of lines.entries()) {
      assert.ok(answers[i]!.startsWith(`${line}\n`), answers[i]);
      const refusal = refusals[COMMANDS[i]!.data.name];
      if (refusal) assert.match(answers[i]!, refusal, line);
      else assert.doesNotMatch(answers[i]!, /^error:/m, line);
    }
    assert.match(answers.at(-1)!, /^\/nope\nerror: Unknown command \/nope\./);
  } finally {
    await service.close();
  }
});

test('help comes from data: each option\'s description in the console\'s /help and in the script\'s --help', () => {
  const help = consoleHelp(COMMANDS);
  for (const cmd of COMMANDS) {
    const spec = commandSpec(cmd);
    const usage = scriptUsage(cmd);
    assert.ok(help.includes(`/${cmd.data.name}`) && help.includes(cmd.data.description), cmd.data.name);
    assert.ok(usage.includes(cmd.data.description), usage);
    const json = cmd.data.toJSON() as { options?: { name: string; description: string }[] };
    for (const o of json.options ?? []) {
      assert.ok(help.includes(o.description), `${cmd.data.name} ${o.name}`);
      assert.ok(usage.includes(o.description), `${cmd.data.name} ${o.name}`);
    }
    for (const f of spec.flags) assert.ok(usage.includes(`--${f.name}`), `${cmd.data.name} --${f.name}`);
  }
});

test('the command line: every command runs through src/cli/command.ts, its npm script points there, and --help prints its usage from data', async () => {
  for (const cmd of COMMANDS) if (cmd.script) assert.equal(scripts[cmd.script], `tsx src/cli/command.ts ${cmd.data.name}`, cmd.data.name);
  const env = { DATA_DIR: await tempDir(), LOG_LEVEL: 'error' };
  const runs = await Promise.all(names.map((name) => runProcess(process.execPath, ['--import', 'tsx', 'src/cli/command.ts', name, '--help'], undefined, env)));
  for (const [i, cmd] of COMMANDS.entries()) {
    assert.equal(runs[i]!.code, 0, runs[i]!.stderr);
    assert.equal(runs[i]!.stdout, `${scriptUsage(cmd)}\n`);
  }
  const status = await runProcess(process.execPath, ['--import', 'tsx', 'src/cli/command.ts', 'status', '--json'], undefined, env);
  assert.equal(status.code, 0, status.stderr);
  assert.equal(JSON.parse(status.stdout).papers, 19);
  const unknown = await runProcess(process.execPath, ['--import', 'tsx', 'src/cli/command.ts', 'nope', '--json'], undefined, env);
  assert.equal(unknown.code, 1);
  assert.match(JSON.parse(unknown.stdout).error.message, /^Unknown command "nope"\./);
  assert.throws(() => commandNamed(COMMANDS, 'nope', 'cli'), /Unknown command "nope"/);
});
