import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { localEmbedderId } from '../src/embed/select.js';
import { PROJECT_ROOT } from '../src/config.js';
import { runProcess, scriptRun as runScript, type Run } from './support/run-script.js';
import { tempDir } from './support/env.js';
import { cliForm } from '../src/cli/common.js';

const dataDir = await tempDir();

/** Runs an npm script the way the README says other programs should: `npm run --silent <script> -- --json ...`. */
function npmRun(script: string, args: string[], input?: string, env: Record<string, string> = {}): Promise<Run> {
  return runProcess('npm', ['run', '--silent', script, '--', ...args], input, { DATA_DIR: dataDir, ...env });
}

/** The script's file in one node process (see runScript); each script is also run through npm at least once (with an error among them), which is what tests the scripts' wiring and exit status. */
function scriptRun(script: string, args: string[], input?: string, env: Record<string, string> = {}): Promise<Run> {
  return runScript(script, args, input, { DATA_DIR: dataDir, ...env });
}

test('ask --json prints one cited answer from the MentisOculi paper and nothing else', async () => {
  const r = await npmRun('ask', ['--json', 'What does MentisOculi evaluate?']);
  assert.equal(r.code, 0, r.stderr);
  const a = JSON.parse(r.stdout);
  assert.equal(a.question, 'What does MentisOculi evaluate?');
  assert.equal(a.refused, false);
  assert.ok(['extractive', 'ollama'].includes(a.mode));
  assert.equal(a.sources[0].paperId, 'zeller26a');
  assert.equal(a.citations[0].paperId, 'zeller26a');
  assert.match(a.citations[0].title, /^MentisOculi/);
  assert.match(a.answer, /\[1\]/);
  for (const key of ['n', 'paperId', 'title', 'score', 'text']) assert.ok(key in a.sources[0], key);
});

test('ask without a question reads one question per line and writes one JSON object per line', async () => {
  const r = await npmRun('ask', ['--json'], 'What does MentisOculi evaluate?\n\nHow do I fix a dripping faucet?\n');
  assert.equal(r.code, 0, r.stderr);
  const lines = r.stdout.trim().split('\n').map((l) => JSON.parse(l));
  assert.equal(lines.length, 2);
  assert.equal(lines[0].sources[0].paperId, 'zeller26a');
  assert.equal(lines[1].refused, true);
  assert.deepEqual(lines[1].citations, []);
});

test('papers, summary and related print JSON in the documented shapes', async () => {
  const papers = JSON.parse((await npmRun('papers', ['--json'])).stdout);
  assert.equal(papers.length, 19);
  assert.deepEqual(Object.keys(papers[0]).filter((k) => k !== 'authorsIncomplete' && k !== 'code').sort(), ['abstract', 'authors', 'id', 'title', 'url', 'venue', 'year']);
  // The shipped sidecar names only first authors, and says so.
  assert.equal(papers[0].authorsIncomplete, true);
  // Search words list the best match first, not in corpus order (PixelThink is the last paper there).
  const found = JSON.parse((await scriptRun('papers', ['--json', 'chain-of-pixel', 'reasoning'])).stdout);
  assert.equal(found[0].id, '2505.23727');
  assert.deepEqual(found[0].code, ['https://github.com/songw-zju/PixelThink']);
  assert.ok(found.length < 19);
  const summary = JSON.parse((await npmRun('summary', ['--json', 'SciVideoBench'])).stdout);
  assert.equal(summary.paper.id, 'deng26w');
  assert.match(summary.summary, /TL;DR/);
  const related = JSON.parse((await npmRun('related', ['--json', 'zeller26a'])).stdout);
  assert.equal(related.query, 'zeller26a');
  assert.equal(related.paper.id, 'zeller26a');
  assert.ok(related.related.length > 0);
  for (const p of related.related) assert.deepEqual(Object.keys(p).sort(), ['paperId', 'reason', 'score', 'title', 'url']);
});

test('errors are JSON with a code, a message and a hint, and exit with status 1', async () => {
  const empty = await scriptRun('ask', ['--json', '   ']);
  assert.equal(empty.code, 1);
  assert.equal(JSON.parse(empty.stdout).error.code, 'EMPTY_QUESTION');
  const unknown = await npmRun('summary', ['--json', 'no such paper about basket weaving']);
  assert.equal(unknown.code, 1);
  const err = JSON.parse(unknown.stdout).error;
  assert.equal(err.code, 'UNKNOWN_PAPER');
  assert.ok(err.hint);
  const badEnv = await scriptRun('ask', ['--json', 'x'], '', { OLLAMA_NUM_CTX: 'lots' });
  assert.equal(badEnv.code, 1);
  assert.match(JSON.parse(badEnv.stdout).error.message, /OLLAMA_NUM_CTX/);
});

test('summary --length is read in any case', async () => {
  const summary = await scriptRun('summary', ['--json', '--length', 'SHORT', 'SciVideoBench']);
  assert.equal(summary.code, 0, summary.stdout + summary.stderr);
  assert.equal(JSON.parse(summary.stdout).paper.id, 'deng26w');
});

test('related shows a topic given with its own quotes in one pair of quotes', async () => {
  // What a shell that passes the quotes on (or a user who types them twice) gives the script.
  const related = await scriptRun('related', ['"spatial audio"']);
  assert.equal(related.code, 0, related.stderr);
  assert.match(related.stdout, /^Papers on "spatial audio":$/m);
});

test('hints and refusals name the npm scripts, not the slash commands the command line does not have', async () => {
  const unknown = JSON.parse((await scriptRun('summary', ['--json', 'no such paper about basket weaving'])).stdout).error;
  assert.match(unknown.hint, /npm run papers/);
  const empty = await scriptRun('related', ['  ']);
  assert.equal(empty.code, 1);
  assert.match(empty.stderr, /npm run related -- "spatial audio"/);
  const refused = await scriptRun('ask', ['Does PixelThink discuss basket weaving recipes?']);
  assert.match(refused.stdout, /npm run summary -- 2505\.23727 shows what it covers/);
  const none = await scriptRun('related', ['underwater basket weaving']);
  assert.match(none.stdout, /No related papers found\. Try other words, or name a paper; npm run papers lists them\./);
  const self = await scriptRun('ask', ['Who are you?']);
  assert.match(self.stdout, /^I am papercord\b.*`npm run` for every script\.$/m);
  for (const out of [JSON.stringify(unknown), empty.stderr, refused.stdout, none.stdout, self.stdout]) assert.doesNotMatch(out, /\/(papers|summary|related|status|help)\b/, out);
});

test('the command line rewrites a slash command, never a link that has one inside', () => {
  assert.equal(cliForm('See https://huggingface.co/papers/2505.23727 and /summary 2505.23727.'), 'See https://huggingface.co/papers/2505.23727 and npm run summary -- 2505.23727.');
  assert.equal(cliForm('/papers lists them; https://example.org/papers'), 'npm run papers lists them; https://example.org/papers');
  assert.equal(cliForm('/papers lists them and /help shows every command.'), 'npm run papers lists them and `npm run` lists every script.');
});

test('answers and summaries print text as written, without the Markdown escapes that only Discord needs', async () => {
  // hosseini26b's abstract writes "$S_N$": Markdown for Discord escapes its underscore.
  const pmlr = { CORPUS: 'pmlr-v306', DATA_DIR: await tempDir() };
  const question = 'What set does neural graph dispersion construct?';
  const json = await scriptRun('ask', ['--json', question], undefined, pmlr);
  assert.equal(json.code, 0, json.stderr);
  const a = JSON.parse(json.stdout);
  assert.equal(a.citations[0].paperId, 'hosseini26b');
  assert.match(a.answer, /graphs S_N, metric d/);
  assert.match(a.sources[0].text, /graphs \$S_N\$, metric/);
  const text = await scriptRun('ask', [question], undefined, pmlr);
  assert.match(text.stdout, /graphs S_N, metric d/);
  const summary = await scriptRun('summary', ['hosseini26b'], undefined, pmlr);
  assert.match(summary.stdout, /graphs S_N, metric d/);
  for (const out of [json.stdout, text.stdout, summary.stdout]) assert.doesNotMatch(out, /S\\+_N/);
  assert.match(summary.stdout, /^TL;DR: /m);
  assert.doesNotMatch(summary.stdout, /\*\*/, 'no Markdown bold in a terminal');
});

test('without a model server the command line, run by the operator, gives what happened and the fix; --json keeps the notice one string', async () => {
  const down = { OLLAMA_HOST: 'http://127.0.0.1:9', OLLAMA_CONNECT_TIMEOUT_MS: '300' };
  const text = await scriptRun('ask', ['What does MentisOculi evaluate?'], '', down);
  assert.equal(text.code, 0, text.stderr);
  assert.match(text.stdout, /^Note: The model server could not be reached, so this answer is quoted from the abstracts instead of written by \S+\. No Ollama server answered at http:\/\/127\.0\.0\.1:9\. Start Ollama \(ollama serve\) or check OLLAMA_HOST\.$/m);
  const summary = await scriptRun('summary', ['PixelThink'], '', down);
  assert.match(summary.stdout, /^Note: The model server could not be reached, so this summary is built from the abstract's own sentences instead of written by \S+\. No Ollama server answered at http:\/\/127\.0\.0\.1:9\./m);
  const json = JSON.parse((await scriptRun('ask', ['--json', 'What does MentisOculi evaluate?'], '', down)).stdout);
  assert.equal(typeof json.notice, 'string');
  assert.match(json.notice, /^The model server could not be reached, .* Start Ollama \(ollama serve\) or check OLLAMA_HOST\.$/);
});

// Bounded: an ingest that says nothing waits for the lock for minutes.
test('an ingest that finds another one building says once, on stderr, that it waits for that one\'s lock, then builds when the lock is let go', { timeout: 60_000 }, async (t) => {
  const ownDataDir = await tempDir();
  const lock = path.join(ownDataDir, 'index', localEmbedderId(), '.lock');
  await mkdir(path.dirname(lock), { recursive: true });
  // This test's process stands for the other ingest: alive, so its lock is not stale.
  await writeFile(lock, String(process.pid));
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli/ingest.ts'], {
    cwd: PROJECT_ROOT,
    env: { ...process.env, EMBEDDINGS: 'local', OLLAMA_HOST: 'http://127.0.0.1:9', LOG_LEVEL: 'error', DATA_DIR: ownDataDir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  t.after(() => child.kill());
  let stderr = '';
  const exited = new Promise<number | null>((resolve) => child.on('close', resolve));
  await new Promise<void>((resolve, reject) => {
    child.stderr.on('data', (d) => {
      stderr += d;
      if (stderr.includes('Waiting for another ingest')) resolve();
    });
    child.on('close', () => reject(new Error(`ingest ended without saying it waits: ${stderr}`)));
  });
  await rm(lock);
  assert.equal(await exited, 0, stderr);
  assert.equal(stderr, `Waiting for another ingest (pid ${process.pid}) to finish: it holds ${lock}\n`);
});

test('ingest with Ollama unreachable ends with one short line: the built-in embedder and why in a few words, not the error chain', async () => {
  const own = await tempDir();
  const r = await runScript('ingest', [], undefined, { DATA_DIR: own, EMBEDDINGS: 'auto', OLLAMA_HOST: 'http://127.0.0.1:9' });
  assert.equal(r.code, 0, r.stderr);
  assert.match(r.stdout, /^index rebuilt: 19 papers, 19 chunks, embedder local-hash-v\d+-512 \(built-in local embedder: Ollama unreachable\), built \S+ in [\d.]+ s\n$/);
});

test('settings that cannot work as written are a warning at start-up: a total answer time shorter than the wait for the first token', async () => {
  const r = await scriptRun('papers', ['--json'], undefined, { OLLAMA_TIMEOUT_MS: '100' });
  assert.equal(r.code, 0, r.stderr);
  assert.match(r.stderr, /OLLAMA_TIMEOUT_MS \(100 ms\) is shorter than OLLAMA_FIRST_TOKEN_TIMEOUT_MS \(60000 ms\)/);
});
