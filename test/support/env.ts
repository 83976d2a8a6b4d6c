import { createHash } from 'node:crypto';
import { existsSync, rmSync } from 'node:fs';
import { cp, mkdir, mkdtemp, readdir, rename, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { dataPath, loadSettings, PROJECT_ROOT, VARIABLES, type Settings } from '../../src/config.js';
import { jsonLinesTo, type Logger, type Fields } from '../../src/log.js';

/** Temp folders of this test file, removed as its process exits. */
const tempDirs = new Set<string>();

/**
 * A fresh temp folder, removed when the test file's process exits. Not in an after() hook:
 * node:test runs the file's after() hooks as soon as the tests queued so far have ended, even
 * while a top-level await between two tests is still opening a service (or copying an index)
 * into a folder, and a hook registered meanwhile runs at once: the folder would be removed
 * under that work.
 */
export async function tempDir(prefix = 'papercord-test-'): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), prefix));
  if (tempDirs.size === 0) process.once('exit', () => {
    for (const d of tempDirs) rmSync(d, { recursive: true, force: true });
  });
  tempDirs.add(dir);
  return dir;
}

/** Settings for a test: the local embedder, a private data folder, no real Ollama. */
export async function testSettings(env: Record<string, string> = {}): Promise<Settings> {
  const dir = env.DATA_DIR ?? (await tempDir());
  return loadSettings({ EMBEDDINGS: 'local', OLLAMA_HOST: 'http://127.0.0.1:9', ...env, DATA_DIR: dir });
}

type LogLine = { level: string; msg: string; fields: Fields };

export interface CapturedLog extends Logger {
  lines: LogLine[];
  text(): string;
  /** The first line, already logged or still to come, that matches; for what the bot logs after its last request. */
  waitFor(predicate: (line: LogLine) => boolean, timeoutMs?: number): Promise<LogLine>;
}

/**
 * A logger that keeps what it was told, for assertions on log lines: every level, each line
 * formatted and scrubbed of the registered secrets as the real log's (src/log.ts), then read
 * back, so that a test sees what an operator would (an Error as "Name: message", no secret).
 */
export function captureLog(): CapturedLog {
  const lines: LogLine[] = [];
  const waiters = new Set<(line: LogLine) => void>();
  const push = (json: string) => {
    const { time: _time, level, msg, ...fields } = JSON.parse(json) as { time: string; level: string; msg: string } & Fields;
    const line = { level, msg, fields };
    lines.push(line);
    for (const w of [...waiters]) w(line);
  };
  const text = () => lines.map((l) => `${l.level} ${l.msg} ${JSON.stringify(l.fields)}`).join('\n');
  const waitFor = (predicate: (line: LogLine) => boolean, timeoutMs = 5000) => {
    const seen = lines.find(predicate);
    if (seen) return Promise.resolve(seen);
    return new Promise<LogLine>((resolve, reject) => {
      const timer = setTimeout(() => {
        waiters.delete(check);
        reject(new Error(`no log line matching ${predicate.toString().slice(0, 120)} within ${timeoutMs} ms; the log:\n${text()}`));
      }, timeoutMs);
      const check = (line: LogLine) => {
        if (!predicate(line)) return;
        clearTimeout(timer);
        waiters.delete(check);
        resolve(line);
      };
      waiters.add(check);
    });
  };
  return Object.assign(jsonLinesTo(push), { lines, text, waitFor });
}

/** The environment of this process without any papercord setting, plus the given ones: for `npm start` in a child process. */
export function childEnv(vars: Record<string, string>): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const v of Object.values(VARIABLES)) delete env[v.env];
  delete env.NODE_OPTIONS;
  delete env.NODE_TEST_CONTEXT;
  return { ...env, LOG_FORMAT: 'json', ...vars };
}

/**
 * Settings like testSettings(), with a data folder that starts with a copy of the index that an
 * earlier file of the same test run built for the same corpus. Opening the 293-paper PMLR corpus
 * reads every file and builds its index (about 1 s of CPU) in each of the ten files that ask it
 * questions; an index that is already built loads in a tenth of that. The built indexes are kept
 * for one `node --test` run only (the runner's pid names their folder) and for the source files
 * as they are, so a change to how indexes are built is never hidden by an index built before it.
 * For tests of what the service answers; tests of building and loading indexes use testSettings().
 */
export async function builtIndexSettings(env: Record<string, string>): Promise<Settings> {
  const defaults = { EMBEDDINGS: 'local', OLLAMA_HOST: 'http://127.0.0.1:9' };
  const wanted = loadSettings({ ...defaults, ...env });
  const key = createHash('sha256')
    .update(JSON.stringify([wanted.corpus, wanted.embeddings, await sourceStamp()]))
    .digest('hex')
    .slice(0, 16);
  const runDir = path.join(os.tmpdir(), `${BUILT_INDEXES}${process.ppid}`);
  const built = path.join(runDir, key);
  if (!existsSync(built)) {
    await removeIndexesOfEndedRuns();
    await mkdir(runDir, { recursive: true });
    const building = await mkdtemp(path.join(runDir, 'building-'));
    // Imported here: most files that use this module never open an index.
    const { PapercordService } = await import('../../src/service.js');
    const service = await PapercordService.open(loadSettings({ ...defaults, ...env, DATA_DIR: building }), { log: captureLog(), writer: null });
    await service.close();
    // Another file of the run may have built it meanwhile: the first one stays (a folder is renamed whole or not at all).
    await rename(building, built).catch(() => rm(building, { recursive: true, force: true }));
  }
  const settings = await testSettings(env);
  await cp(path.join(built, 'index'), dataPath(settings, 'index'), { recursive: true });
  return settings;
}

const BUILT_INDEXES = 'papercord-test-indexes-';

/** The names, sizes and modification times of the source files: what an index built by them depends on. */
async function sourceStamp(): Promise<string> {
  const src = path.join(PROJECT_ROOT, 'src');
  const files = (await readdir(src, { recursive: true })).sort();
  const h = createHash('sha256');
  for (const f of files) {
    const s = await stat(path.join(src, f));
    h.update(`${f}\0${s.size}\0${s.mtimeMs}\n`);
  }
  return h.digest('hex');
}

/** Folders of built indexes whose test run has ended (its runner's pid is gone). */
async function removeIndexesOfEndedRuns(): Promise<void> {
  for (const name of await readdir(os.tmpdir())) {
    if (!name.startsWith(BUILT_INDEXES)) continue;
    const pid = Number(name.slice(BUILT_INDEXES.length));
    if (!Number.isInteger(pid) || pid === process.ppid) continue;
    try {
      process.kill(pid, 0);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ESRCH') await rm(path.join(os.tmpdir(), name), { recursive: true, force: true });
    }
  }
}
