import { spawn } from 'node:child_process';
import { PROJECT_ROOT } from '../../src/config.js';

export type Run = { code: number; stdout: string; stderr: string };

/**
 * Runs a command in the project root with `input` on standard input and waits for it to end.
 * The environment defaults to the local embedder and a closed Ollama port, so nothing reaches
 * a real server; `env` overrides (DATA_DIR should be a test's own folder).
 */
export function runProcess(command: string, args: string[], input: string | undefined, env: Record<string, string>): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: PROJECT_ROOT,
      env: { ...process.env, EMBEDDINGS: 'local', OLLAMA_HOST: 'http://127.0.0.1:9', LOG_LEVEL: 'warn', ...env },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code: code ?? -1, stdout, stderr }));
    child.stdin.end(input ?? '');
  });
}

/**
 * Runs the file that an npm script runs (`tsx src/cli/<script>.ts`) in one node process, without
 * npm and tsx's launcher around it: half the start-up.
 */
export function scriptRun(script: string, args: string[], input: string | undefined, env: Record<string, string>): Promise<Run> {
  return runProcess(process.execPath, ['--import', 'tsx', `src/cli/${script}.ts`, ...args], input, env);
}
