/** Runs one Task in a fresh Node process (so its peak memory is its own) and returns its result. */
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { Task, TaskResult, WorkerMessage } from './protocol.js';

const WORKER = fileURLToPath(new URL('./worker.ts', import.meta.url));

class WorkerError extends Error {
  override readonly name = 'WorkerError';
}

export function runTask<T extends TaskResult>(task: Task, onProgress: (phase: string, done: number, total: number) => void): Promise<T> {
  return new Promise((resolve, reject) => {
    const child = fork(WORKER, [JSON.stringify(task)], {
      execArgv: ['--import', 'tsx'],
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
      env: { ...process.env, LOG_FORMAT: 'json' },
    });
    // Kept to explain a failure; a healthy worker says nothing here.
    let stderr = '';
    child.stderr!.on('data', (d: Buffer) => {
      stderr = (stderr + d.toString()).slice(-8000);
    });
    let result: T | undefined;
    let error: WorkerError | undefined;
    child.on('message', (m: WorkerMessage) => {
      if (m.type === 'progress') onProgress(m.phase, m.done, m.total);
      else if (m.type === 'result') result = m.result as T;
      else error = new WorkerError(`${task.kind} failed: ${m.message}`);
    });
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      if (result && code === 0) return resolve(result);
      const why = error?.message ?? `${task.kind} worker exited with ${signal ?? `code ${code}`} and no result`;
      reject(new WorkerError(stderr.trim() ? `${why}\n${stderr.trim()}` : why));
    });
  });
}
