/** The layering rules of docs/architecture.md, read from the imports (scripts/layers.ts). */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { moduleCircles, moduleImports } from '../scripts/layers.js';

const edges = moduleImports();
const imports = (from: string) => [...(edges.get(from)?.keys() ?? [])].sort();
const FRONT_ENDS = ['bot', 'console', 'cli', 'main', 'shard'];
const CORE = ['answer', 'collections', 'corpus', 'embed', 'index', 'lexicon', 'library', 'names', 'question', 'retrieval', 'text', 'writer'];

test('the lexicon imports nothing of src but itself, and text only the lexicon', () => {
  assert.deepEqual(imports('lexicon'), []);
  assert.deepEqual(imports('text'), ['lexicon']);
});

test('index does not import retrieval (retrieval imports index)', () => {
  assert.ok(!imports('index').includes('retrieval'));
  assert.ok(imports('retrieval').includes('index'));
});

test('no circle between service, status and writer; the writer imports neither', () => {
  assert.ok(!imports('writer').includes('service') && !imports('writer').includes('status'));
  assert.ok(!imports('service').includes('status'));
  for (const group of moduleCircles(edges)) assert.ok(!['service', 'status'].some((m) => group.includes(m)), `circle ${group.join(' ⇄ ')}`);
});

test('the core imports no front end', () => {
  for (const m of CORE) for (const f of FRONT_ENDS) assert.ok(!imports(m).includes(f), `${m} imports ${f}`);
});

test('circles between modules are only the ones docs/architecture.md lists', () => {
  const known = new Set(['answer library names question writer', 'collections index']);
  for (const group of moduleCircles(edges)) assert.ok([...known].some((k) => group.every((m) => k.split(' ').includes(m))), `a new circle: ${group.join(' ⇄ ')}`);
});
