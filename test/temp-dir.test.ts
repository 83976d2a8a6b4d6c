import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { PROJECT_ROOT } from '../src/config.js';
import { childEnv } from './support/env.js';

test('a temp folder made between two tests of a file is kept while that file runs, and removed once its process exits', async () => {
  const child = spawn(process.execPath, ['--import', 'tsx', '--test', '--test-reporter=tap', path.join('test', 'support', 'temp-dir-child.ts')], { cwd: PROJECT_ROOT, env: childEnv({}), stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d));
  child.stderr.on('data', (d: Buffer) => (out += d));
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  assert.equal(code, 0, out);
  const dir = /DIR (\S+)/.exec(out)?.[1];
  assert.ok(dir, out);
  assert.equal(existsSync(dir), false, `${dir} is left after the test file ended`);
});
