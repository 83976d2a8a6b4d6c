/**
 * What the person who runs papercord sees on the command line and in the local console when
 * something is set up wrong: the real reason and the fix, and `--json` output that stays JSON.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { after } from 'node:test';
import { runProcess, scriptRun } from './support/run-script.js';
import { tempDir } from './support/env.js';
import { modelServiceFixture } from './support/progress.js';
import { DEFAULT_MODELS, OllamaTestServer } from './support/ollama-server.js';
import { operatorFacingError, PapercordError, userFacingError } from '../src/errors.js';

const dataDir = await tempDir();
const fx = modelServiceFixture();

/** A web server that is not Ollama: every path answers `status` with `body` as `type`, as a reverse proxy's error page or another service does. */
async function notOllama(status: number, type: string, body: string): Promise<string> {
  const server = http.createServer((_req, res) => {
    res.writeHead(status, { 'content-type': type });
    res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  after(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const env = (extra: Record<string, string> = {}) => ({ DATA_DIR: dataDir, ...extra });

test('ask --json prints only JSON when a server that is not Ollama answers at OLLAMA_HOST with a text page', async () => {
  const host = await notOllama(404, 'text/plain', '404 page not found');
  const one = await scriptRun('ask', ['--json', 'What is PixelThink?'], undefined, env({ OLLAMA_HOST: host, EMBEDDINGS: 'auto' }));
  assert.equal(one.code, 0, one.stderr);
  assert.equal(JSON.parse(one.stdout).mode, 'extractive', one.stdout);
  const lines = await scriptRun('ask', ['--json'], 'What is PixelThink?\nWhat does MentisOculi evaluate?\n', env({ OLLAMA_HOST: host }));
  assert.equal(lines.code, 0, lines.stderr);
  const answers = lines.stdout.trimEnd().split('\n').map((l) => JSON.parse(l));
  assert.equal(answers.length, 2);
});

test('the console shows no library chatter on its screen when a server that is not Ollama answers', async () => {
  const host = await notOllama(404, 'text/plain', '404 page not found');
  const r = await runProcess(process.execPath, ['--import', 'tsx', 'src/main.ts'], 'What is PixelThink?\n', env({ OLLAMA_HOST: host, DISCORD_TOKEN: '' }));
  assert.equal(r.code, 0, r.stderr);
  assert.match(r.stdout, /PixelThink/);
  assert.doesNotMatch(r.stdout, /Getting text from response/);
});

test('a server that answers, but not as Ollama, is named as such in the status and the notes, with OLLAMA_HOST to check, not "start Ollama"', async () => {
  const page = await notOllama(404, 'text/plain', '404 page not found');
  const html = await notOllama(200, 'text/html', '<html><body>Welcome to nginx!</body></html>');
  const { service, log } = await fx.open({ OLLAMA_HOST: page });
  assert.ok(log.lines.some((l) => l.level === 'warn' && l.msg === 'not an ollama server: answers will be extractive, check OLLAMA_HOST'), log.text());
  const detail = service.modelStatus().detail;
  assert.equal(detail, `${page} answered, but not as an Ollama server (HTTP 404, text/plain, "404 page not found"): answers are extractive. Check OLLAMA_HOST: it must be the address of an Ollama server (ollama serve listens on port 11434).`);
  const a = await service.ask('What is PixelThink?');
  assert.equal(a.mode, 'extractive');
  assert.match(a.notice?.forOperator ?? '', new RegExp(`^${page.replace(/\./g, '\\.')} answered, but not as an Ollama server \\(HTTP 404, text/plain, "404 page not found"\\)\\. Check OLLAMA_HOST`));
  assert.match(a.notice!.said, /^The model server could not be reached, so this answer is quoted/);
  // A web page's HTML is not quoted; a closed port among the hosts is still "no server answered"; the hosts are OLLAMA_HOSTS's, so that is what to check.
  const { service: two } = await fx.open({ OLLAMA_HOSTS: `http://127.0.0.1:9,${html}` });
  assert.equal(
    two.modelStatus().detail,
    `No Ollama server answered at http://127.0.0.1:9; ${html} answered, but not as an Ollama server (HTTP 200, text/html): answers are extractive. Start Ollama (ollama serve) and check OLLAMA_HOSTS.`,
  );
});

test('a setting that cannot work is reported with the real reason and the fix, not "tell the bot operator"', async () => {
  const unreachable = await scriptRun('ask', ['What is PixelThink?'], undefined, env({ EMBEDDINGS: 'ollama', OLLAMA_HOST: 'http://127.0.0.1:9' }));
  assert.equal(unreachable.code, 1);
  assert.match(unreachable.stderr, /^error: EMBEDDINGS=ollama but Ollama at http:\/\/127\.0\.0\.1:9 is unreachable \(.*\)\.\nStart Ollama \(ollama serve\) and check OLLAMA_HOST, or set EMBEDDINGS=auto/m);

  const file = path.join(await tempDir(), 'not-a-folder');
  await writeFile(file, 'x');
  const notDir = await scriptRun('ask', ['--json', 'What is PixelThink?'], undefined, { DATA_DIR: file });
  assert.equal(notDir.code, 1);
  const error = JSON.parse(notDir.stdout).error;
  assert.match(error.message, new RegExp(`^Could not create the folder ${file}/index/\\S+: not a directory \\(ENOTDIR\\)\\.$`));
  assert.match(error.hint, /DATA_DIR/);

  // npm start: the console (or the bot) does not start, and says what to run.
  const server = await OllamaTestServer.start({ models: DEFAULT_MODELS.filter((m) => !m.name.startsWith('nomic')) });
  after(() => server.stop());
  const start = await runProcess(process.execPath, ['--import', 'tsx', 'src/main.ts'], '', env({ EMBEDDINGS: 'ollama', OLLAMA_HOST: server.host, DISCORD_TOKEN: '' }));
  assert.equal(start.code, 1);
  assert.match(start.stderr, /^papercord: EMBEDDINGS=ollama but Ollama at \S+ does not have nomic-embed-text\.\nRun: ollama pull nomic-embed-text, or set EMBEDDINGS=auto/m);
  for (const out of [unreachable.stderr, notDir.stdout, start.stderr]) assert.doesNotMatch(out, /bot operator|Something went wrong/);
});

test('the console and the command line show a failure that is not papercord\'s own as it is; Discord users still get the generic note', () => {
  const bug = new TypeError("Cannot read properties of undefined (reading 'title')");
  const shown = operatorFacingError(bug, 'opening the index');
  assert.equal(shown.message, "Something went wrong while opening the index: Cannot read properties of undefined (reading 'title')");
  assert.doesNotMatch(shown.hint ?? '', /bot operator/);
  assert.match(userFacingError(bug).hint ?? '', /tell the bot operator/);
  const known = new PapercordError('UNKNOWN_PAPER', 'No paper matches "nosuch".', 'npm run papers lists them.');
  assert.deepEqual(operatorFacingError(known), userFacingError(known));
});

test('with --json, a flag the script does not know is a JSON error too', async () => {
  const r = await scriptRun('ask', ['--json', '--bogus', 'x'], undefined, env());
  assert.equal(r.code, 1);
  const error = JSON.parse(r.stdout).error;
  assert.equal(error.code, 'BAD_INPUT');
  assert.match(error.message, /--bogus/);
  // After `--` "--json" is a question's word, not the flag.
  const words = await scriptRun('ask', ['--bogus', '--', '--json'], undefined, env());
  assert.equal(words.stdout, '');
  assert.match(words.stderr, /^error: Unknown option '--bogus'/);
});

test('ask from standard input: --paper is checked once, errors go to standard error by line, and the exit status says some lines failed', async () => {
  const unknownPaper = await scriptRun('ask', ['--paper', 'nosuch'], 'What is it?\nWhat does it evaluate?\n', env());
  assert.equal(unknownPaper.code, 1);
  assert.equal(unknownPaper.stdout, '');
  assert.equal(unknownPaper.stderr.match(/No paper matches "nosuch"/g)?.length, 1, unknownPaper.stderr);

  const tooLong = 'a'.repeat(1200);
  const mixed = await scriptRun('ask', [], `What is PixelThink?\n\n${tooLong}\nWhat does MentisOculi evaluate?\n`, env());
  assert.equal(mixed.code, 1);
  assert.equal(mixed.stdout.match(/^Sources:$/gm)?.length, 2, mixed.stdout);
  assert.doesNotMatch(mixed.stdout, /error/);
  assert.match(mixed.stderr, /^error \(line 3\): The question has 1200 characters; the limit is 1000\.$/m);

  const json = await scriptRun('ask', ['--json'], `What is PixelThink?\n${tooLong}\n`, env());
  assert.equal(json.code, 1);
  const [answer, failed] = json.stdout.trimEnd().split('\n').map((l) => JSON.parse(l));
  assert.equal(answer.question, 'What is PixelThink?');
  assert.equal(failed.error.code, 'QUESTION_TOO_LONG');

  const allGood = await scriptRun('ask', [], 'What is PixelThink?\n', env());
  assert.equal(allGood.code, 0, allGood.stderr);
});

test('docs:env, the load run and npm start answer --help with their usage and an unknown flag with an error, and do nothing else', async () => {
  for (const file of ['src/cli/env-docs.ts', 'bench/load.ts', 'src/main.ts']) {
    const help = await runProcess(process.execPath, ['--import', 'tsx', file, '--help'], undefined, env());
    assert.equal(help.code, 0, help.stderr);
    assert.match(help.stdout, /^usage: npm (run (docs:env|load)|start)/);
    assert.doesNotMatch(help.stdout, /papercord local console/, 'npm start --help opens no console');
    assert.doesNotMatch(help.stdout, /wrote/);
    const bogus = await runProcess(process.execPath, ['--import', 'tsx', file, '--bogus'], undefined, env());
    assert.equal(bogus.code, 1);
    assert.equal(bogus.stdout, '');
    assert.match(bogus.stderr, /^error: Unknown option '--bogus'.*\nusage: /);
    assert.doesNotMatch(bogus.stderr, /\n\s+at /, 'no stack trace');
  }
});
