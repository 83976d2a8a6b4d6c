/**
 * npm run add / remove / export on the command line, against the scholarly test server: an
 * arXiv id, a PDF whose section and page `ask --json` then cites, and a process killed with
 * SIGKILL in the middle of an addition.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PROJECT_ROOT } from '../src/config.js';
import { runProcess, scriptRun, type Run } from './support/run-script.js';
import { builtIndexSettings, tempDir } from './support/env.js';
import { startScholarly } from './support/sources.js';
import { MALDACENA } from './support/scholarly-fixtures.js';
import { methodPaper, paperPdf } from './support/paper-pdf.js';

const server = await startScholarly();
const serverEnv = { ...server.env(), ARXIV_INTERVAL_MS: '0', ADD_FETCH_INTERVAL_MS: '0', ADD_FETCH_RETRIES: '0' };

/** A data folder of its own with the shipped corpus's index already built. */
async function dataDir(): Promise<string> {
  return (await builtIndexSettings(serverEnv)).dataDir;
}

function run(script: string, args: string[], dir: string): Promise<Run> {
  return scriptRun(script, args, undefined, { ...serverEnv, DATA_DIR: dir });
}

test('npm run add -- <arXiv id> adds the paper from the arXiv server to the local collection', async () => {
  const dir = await dataDir();
  const r = await runProcess('npm', ['run', '--silent', 'add', '--', MALDACENA.id], undefined, { ...serverEnv, DATA_DIR: dir });
  assert.equal(r.code, 0, r.stderr);
  assert.match(r.stdout, /Added 1 paper to local/);
  assert.match(r.stdout, /The Large N Limit of Superconformal Field Theories/);
  const papers = JSON.parse((await run('papers', ['--json'], dir)).stdout) as { id: string }[];
  assert.ok(papers.some((p) => p.id === 'hep-th-9711200'));
  // The same again is skipped, with the paper it is, and the exit status says nothing was added.
  const again = await run('add', ['--json', MALDACENA.id], dir);
  assert.equal(again.code, 1);
  const report = JSON.parse(again.stdout);
  assert.deepEqual(report.added, []);
  assert.match(report.skipped[0].reason, /already in this collection as "The Large N Limit/);
});

test('add --json <paper.pdf> adds its sections; ask --json then cites the section and page', async () => {
  const dir = await dataDir();
  const written = await paperPdf(methodPaper());
  const file = path.join(await tempDir(), 'quokka.pdf');
  await writeFile(file, written.bytes);
  const r = await run('add', ['--json', file], dir);
  assert.equal(r.code, 0, r.stderr);
  const report = JSON.parse(r.stdout);
  assert.deepEqual(Object.keys(report), ['added', 'skipped']);
  assert.equal(report.added.length, 1);
  assert.deepEqual(Object.keys(report.added[0]), ['id', 'title', 'authors', 'year', 'venue', 'url', 'source', 'fullText']);
  assert.equal(report.added[0].source, 'pdf');
  assert.equal(report.added[0].fullText, true);
  const asked = await run('ask', ['--json', 'How does the quokka tokenizer split each burrow name before embedding?'], dir);
  assert.equal(asked.code, 0, asked.stderr);
  const answer = JSON.parse(asked.stdout);
  const cited = answer.citations.find((c: { paperId: string; section?: string }) => c.paperId === report.added[0].id && c.section);
  assert.ok(cited, asked.stdout);
  assert.equal(cited.section, '§3 Method');
  assert.equal(cited.page, written.sentencePages.get('Sentence 7 of section 3'));
  // The export holds it, and removing it takes it out.
  const exported = await run('export', ['--collection', 'local'], dir);
  assert.equal(JSON.parse(exported.stdout.trim()).id, report.added[0].id);
  const removed = await run('remove', ['--json', report.added[0].id], dir);
  assert.equal(removed.code, 0, removed.stderr);
  assert.equal((await run('export', [], dir)).stdout, '');
});

test('an addition killed with SIGKILL: the next start answers from the last good state, and the addition can be repeated', async () => {
  const dir = await dataDir();
  const written = await paperPdf(methodPaper());
  const file = path.join(await tempDir(), 'quokka.pdf');
  await writeFile(file, written.bytes);
  assert.equal((await run('add', [file], dir)).code, 0);
  // The next addition stops at arXiv, which never answers; it is killed there.
  server.script('arxiv', { hang: true });
  const asked = server.nextRequest('arxiv');
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli/command.ts', 'add', '--json', MALDACENA.id], { cwd: PROJECT_ROOT, env: { ...process.env, EMBEDDINGS: 'local', OLLAMA_HOST: 'http://127.0.0.1:9', LOG_LEVEL: 'warn', ...serverEnv, DATA_DIR: dir }, stdio: 'ignore' });
  const exited = new Promise<NodeJS.Signals | null>((resolve) => child.on('exit', (_code, signal) => resolve(signal)));
  await asked;
  child.kill('SIGKILL');
  assert.equal(await exited, 'SIGKILL');
  const answer = await run('ask', ['--json', 'How does the quokka tokenizer split each burrow name before embedding?'], dir);
  assert.equal(answer.code, 0, answer.stderr);
  assert.ok(JSON.parse(answer.stdout).citations.some((c: { section?: string }) => c.section === '§3 Method'), 'the paper added before is still answered from');
  const repeated = await run('add', ['--json', MALDACENA.id], dir);
  assert.equal(repeated.code, 0, repeated.stderr);
  assert.equal(JSON.parse(repeated.stdout).added[0].id, 'hep-th-9711200');
});

test('add -- --collection <id> <file> <ref>: several arguments at once, files and refs, into the named collection; remove takes --collection too', async () => {
  const dir = await dataDir();
  const file = path.join(await tempDir(), 'wombat.jsonl');
  await writeFile(file, JSON.stringify({ id: 'wombat-retrieval', title: 'Wombat Retrieval: Burrow-Aware Dense Passage Search', authors: ['Ann Wombat'], year: 2026, abstract: 'Wombat retrieval indexes every burrow of a passage graph.' }) + '\n');
  const r = await run('add', ['--json', '--collection', 'guild:7', file, MALDACENA.id], dir);
  assert.equal(r.code, 0, r.stderr);
  const report = JSON.parse(r.stdout) as { added: { id: string; venue: unknown }[]; skipped: unknown[] };
  assert.deepEqual(report.added.map((a) => a.id).sort(), ['hep-th-9711200', 'wombat-retrieval']);
  assert.equal(report.added.find((a) => a.id === 'wombat-retrieval')!.venue, null);
  assert.deepEqual(report.skipped, []);
  const exported = (await run('export', ['--collection', 'guild:7'], dir)).stdout.trim().split('\n').map((l) => (JSON.parse(l) as { id: string }).id);
  assert.deepEqual(exported.sort(), ['hep-th-9711200', 'wombat-retrieval']);
  assert.equal((await run('export', [], dir)).stdout, '', 'the local collection is untouched');
  const wrong = await run('remove', ['--json', '--collection', '', 'wombat-retrieval'], dir);
  assert.equal(wrong.code, 1);
  assert.equal(JSON.parse(wrong.stdout).error.code, 'BAD_INPUT');
  const removed = await run('remove', ['--json', '--collection', 'guild:7', 'wombat-retrieval'], dir);
  assert.equal(removed.code, 0, removed.stderr);
  assert.deepEqual((await run('export', ['--collection', 'guild:7'], dir)).stdout.trim().split('\n').map((l) => (JSON.parse(l) as { id: string }).id), ['hep-th-9711200']);
});
