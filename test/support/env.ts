import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after } from 'node:test';
import { loadSettings, VARIABLES, type Settings } from '../../src/config.js';
import type { Logger, Fields } from '../../src/log.js';

/** A fresh temp folder, removed when the test file ends. */
export async function tempDir(prefix = 'papercord-test-'): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), prefix));
  after(() => rm(dir, { recursive: true, force: true }));
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

/** A logger that keeps what it was told, for assertions on log lines. */
export function captureLog(): CapturedLog {
  const lines: LogLine[] = [];
  const waiters = new Set<(line: LogLine) => void>();
  const push = (line: LogLine) => {
    lines.push(line);
    for (const w of [...waiters]) w(line);
  };
  const make = (base: Fields): Logger => ({
    debug: (msg, f) => push({ level: 'debug', msg, fields: { ...base, ...f } }),
    info: (msg, f) => push({ level: 'info', msg, fields: { ...base, ...f } }),
    warn: (msg, f) => push({ level: 'warn', msg, fields: { ...base, ...f } }),
    error: (msg, f) => push({ level: 'error', msg, fields: { ...base, ...f } }),
    child: (f) => make({ ...base, ...f }),
  });
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
  return Object.assign(make({}), { lines, text, waitFor });
}

/** The environment of this process without any papercord setting, plus the given ones: for `npm start` in a child process. */
export function childEnv(vars: Record<string, string>): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const v of Object.values(VARIABLES)) delete env[v.env];
  delete env.NODE_OPTIONS;
  delete env.NODE_TEST_CONTEXT;
  return { ...env, LOG_FORMAT: 'json', ...vars };
}
