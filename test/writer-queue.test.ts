import { test } from 'node:test';
import assert from 'node:assert/strict';
import { GenerationQueue } from '../src/writer/queue.js';
import { AnswerCache, cacheKey, normalizeQuestion } from '../src/writer/cache.js';
import { isPapercordError } from '../src/errors.js';

/** A task the test finishes by hand, so ordering never depends on timing. */
function gate<T>(value: T) {
  let open!: () => void;
  let started!: () => void;
  const running = new Promise<void>((r) => (started = r));
  const done = new Promise<void>((r) => (open = r));
  return { task: async () => (started(), await done, value), open, running };
}

test('concurrency 1: waiting requests hear their position, and again as the line moves', async () => {
  const q = new GenerationQueue(1);
  const a = gate('a');
  const b = gate('b');
  const c = gate('c');
  const positions: Record<string, number[]> = { a: [], b: [], c: [] };
  const pa = q.run(a.task, { onPosition: (p) => positions.a.push(p) });
  const pb = q.run(b.task, { onPosition: (p) => positions.b.push(p) });
  const pc = q.run(c.task, { onPosition: (p) => positions.c.push(p) });
  await a.running;
  assert.deepEqual([q.running, q.waiting], [1, 2]);
  assert.deepEqual(positions, { a: [], b: [1], c: [2] });
  a.open();
  assert.equal(await pa, 'a');
  await b.running;
  assert.deepEqual(positions, { a: [], b: [1], c: [2, 1] });
  b.open();
  c.open();
  assert.deepEqual(await Promise.all([pb, pc]), ['b', 'c']);
  assert.deepEqual([q.running, q.waiting], [0, 0]);
});

test('cancelling a waiting request takes it out of the line with CANCELLED', async () => {
  const q = new GenerationQueue(1);
  const a = gate('a');
  const ctrl = new AbortController();
  const seen: number[] = [];
  const pa = q.run(a.task);
  const pb = q.run(async () => 'b never runs', { signal: ctrl.signal });
  const pc = q.run(async () => 'c', { onPosition: (p) => seen.push(p) });
  await a.running;
  ctrl.abort();
  await assert.rejects(pb, (e: unknown) => isPapercordError(e) && e.code === 'CANCELLED');
  assert.deepEqual(seen, [2, 1]);
  assert.equal(q.waiting, 1);
  a.open();
  assert.deepEqual(await Promise.all([pa, pc]), ['a', 'c']);
  await assert.rejects(q.run(async () => 'x', { signal: AbortSignal.abort() }), (e: unknown) => isPapercordError(e) && e.code === 'CANCELLED');
});

test('concurrency 2 runs two at once; a failing task frees its slot', async () => {
  const q = new GenerationQueue(2);
  const a = gate('a');
  const positions: number[] = [];
  const pa = q.run(a.task);
  const pb = q.run(async () => {
    throw new Error('boom');
  });
  const pc = q.run(async () => 'c', { onPosition: (p) => positions.push(p) });
  // a and b take both slots, so c waits first in line until b's failure frees one.
  assert.deepEqual(positions, [1]);
  assert.equal(q.running, 2);
  await assert.rejects(pb, /boom/);
  assert.equal(await pc, 'c');
  a.open();
  assert.equal(await pa, 'a');
  assert.throws(() => new GenerationQueue(0), RangeError);
});

test('cache: normalised keys, LRU eviction, cleared when the index version changes', () => {
  assert.equal(normalizeQuestion('  What does  MentisOculi evaluate?? '), 'what does mentisoculi evaluate');
  const k = (text: string, indexVersion = 'v1', model = 'llama3.2:3b', variant?: string) => cacheKey({ kind: 'ask', text, indexVersion, model, variant });
  assert.equal(k('What is X?'), k('what is x'));
  assert.notEqual(k('What is X?'), k('What is X?', 'v2'));
  assert.notEqual(k('What is X?'), k('What is X?', 'v1', 'qwen3:4b'));
  assert.notEqual(k('What is X?'), k('What is X?', 'v1', 'llama3.2:3b', 'paper-a'));

  const cache = new AnswerCache<string>(2);
  cache.useVersion('v1');
  cache.set('a', 'A');
  cache.set('b', 'B');
  assert.equal(cache.get('a'), 'A'); // a is now the most recent
  cache.set('c', 'C');
  assert.equal(cache.get('b'), undefined);
  assert.deepEqual([cache.get('a'), cache.get('c'), cache.size], ['A', 'C', 2]);
  cache.useVersion('v1');
  assert.equal(cache.size, 2);
  cache.useVersion('v2');
  assert.equal(cache.size, 0);
  const off = new AnswerCache<string>(0);
  off.set('a', 'A');
  assert.equal(off.get('a'), undefined);
});
