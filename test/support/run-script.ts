import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
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

const SCRIPTS = (JSON.parse(readFileSync(path.join(PROJECT_ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;

/**
 * Runs what an npm script runs (`tsx src/cli/<script>.ts`, or `tsx src/cli/command.ts <name>`
 * for a command), as package.json says, in one node process, without npm and tsx's launcher
 * around it: half the start-up.
 */
export function scriptRun(script: string, args: string[], input: string | undefined, env: Record<string, string>): Promise<Run> {
  const [runner, ...file] = (SCRIPTS[script] ?? '').split(' ');
  if (runner !== 'tsx' || file.length === 0) throw new Error(`npm run ${script} is not "tsx <file> ...": ${SCRIPTS[script]}`);
  return runProcess(process.execPath, ['--import', 'tsx', ...file, ...args], input, env);
}
