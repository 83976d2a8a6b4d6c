import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { loadSettings, ConfigError, VARIABLES, PROJECT_ROOT } from '../src/config.js';
import { envExample, withEnvTable } from '../src/envdocs.js';

test('defaults load without any environment', () => {
  const s = loadSettings({});
  assert.equal(s.ollamaHost, 'http://127.0.0.1:11434');
  assert.deepEqual(s.corpus, ['icml2026']);
  assert.equal(s.embeddings, 'auto');
  assert.equal(s.generationConcurrency, 1);
});

test('every bad variable is named in one error', () => {
  assert.throws(
    () => loadSettings({ OLLAMA_HOST: 'http://localhost', EMBEDDINGS: 'magic', OLLAMA_TEMPERATURE: 'hot' }),
    (e: Error) => e instanceof ConfigError && /OLLAMA_HOST must include a port/.test(e.message) && /EMBEDDINGS must be one of/.test(e.message) && /OLLAMA_TEMPERATURE/.test(e.message),
  );
});

test('.env.example and the README list every variable with its default, as generated', async () => {
  const example = await readFile(path.join(PROJECT_ROOT, '.env.example'), 'utf8');
  assert.equal(example, envExample(), 'run npm run docs:env');
  const readme = await readFile(path.join(PROJECT_ROOT, 'README.md'), 'utf8');
  assert.equal(readme, withEnvTable(readme), 'run npm run docs:env');
  for (const v of Object.values(VARIABLES)) assert.ok(readme.includes(`\`${v.env}\``), v.env);
});

test('the README shows the two set-up commands first', async () => {
  const readme = await readFile(path.join(PROJECT_ROOT, 'README.md'), 'utf8');
  const firstBlock = /```sh\n([\s\S]*?)```/.exec(readme)?.[1] ?? '';
  assert.match(firstBlock, /npm install && npm start/);
  assert.match(firstBlock, /npm test/);
});
