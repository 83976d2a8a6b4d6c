/**
 * Files papercord writes while it runs (feedback, CURRENT, state): appendLine and
 * writeFileAtomic raced from two processes and within one, with readers watching.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { appendLine, writeFileAtomic } from '../src/fsutil.js';
import { appendRecord, atomicVersion, startChild } from './support/fault-child.js';
import { tempDir } from './support/env.js';

const CHILD_TEST = { timeout: 60_000 };

/** Mostly feedback-sized lines, one in seven of 600 KB: Node writes files in 512 KiB pieces, so those need one write to stay whole. */
const SIZES = [2_000, 8_000, 600_000, 300, 20_000, 4_000, 50_000];

/** Every line must be one whole record: valid JSON whose padding is one letter of the expected length. */
function checkLines(text: string): Map<string, Set<number>> {
  assert.ok(text.endsWith('\n'), 'the file ends with a whole line');
  const seen = new Map<string, Set<number>>();
  text
    .slice(0, -1)
    .split('\n')
    .forEach((line, n) => {
      let r: { tag: string; i: number; pad: string };
      try {
        r = JSON.parse(line) as typeof r;
      } catch {
        assert.fail(`line ${n + 1} is not whole (${line.length} characters: ${line.slice(0, 40)}…${line.slice(-40)})`);
      }
      assert.equal(line, appendRecord(r.tag, r.i, SIZES[r.i % SIZES.length]!), `line ${n + 1} is ${r.tag} #${r.i} exactly`);
      const set = seen.get(r.tag) ?? new Set<number>();
      assert.ok(!set.has(r.i), `${r.tag} #${r.i} written twice`);
      seen.set(r.tag, set.add(r.i));
    });
  return seen;
}

test('200 concurrent appends of long lines from each of two processes: every line is whole, none lost', CHILD_TEST, async () => {
  const file = path.join(await tempDir(), 'feedback', 'votes.jsonl');
  const count = 200;
  const child = startChild({ task: 'append', file, count, sizes: SIZES, tag: 'child' });
  await child.next('ready');
  child.go();
  await Promise.all([...Array.from({ length: count }, (_, i) => appendLine(file, appendRecord('parent', i, SIZES[i % SIZES.length]!))), child.next('done')]);
  assert.equal((await child.exited).code, 0);
  const seen = checkLines(await fs.readFile(file, 'utf8'));
  assert.equal(seen.get('parent')?.size, count);
  assert.equal(seen.get('child')?.size, count);
});

test('appendLine refuses a line with a newline in it, and writes nothing', async () => {
  const file = path.join(await tempDir(), 'x.jsonl');
  await assert.rejects(appendLine(file, 'one\ntwo'), /must not contain a newline/);
  await assert.rejects(fs.stat(file), { code: 'ENOENT' });
});

test('writeFileAtomic under a concurrent reader in another process: every read is one whole version', CHILD_TEST, async () => {
  const dir = await tempDir();
  const file = path.join(dir, 'state.json');
  const size = 1_500_000;
  await writeFileAtomic(file, atomicVersion(0, size));
  const child = startChild({ task: 'atomic', file, rounds: 20, size });
  await child.next('ready');
  child.go();
  let done = false;
  const finished = child.next('done').then(() => (done = true));
  const versions = new Set<number>();
  let reads = 0;
  while (!done) {
    const text = await fs.readFile(file, 'utf8');
    reads++;
    assert.equal(text.length, atomicVersion(0, size).length, `read ${reads} is whole`);
    const v = (JSON.parse(text) as { v: number }).v;
    assert.equal(text, atomicVersion(v as 0 | 1, size));
    versions.add(v);
  }
  await finished;
  assert.equal((await child.exited).code, 0);
  assert.ok(reads > 1, `${reads} reads`);
  assert.deepEqual(await fs.readdir(dir), ['state.json'], 'no temp file left behind');
});

test('twenty concurrent writeFileAtomic calls on one file: it ends as one whole version, no temp files left', async () => {
  const dir = await tempDir();
  const file = path.join(dir, 'nested', 'CURRENT');
  await Promise.all(Array.from({ length: 20 }, (_, i) => writeFileAtomic(file, `build-${i}`.repeat(80_000))));
  const text = await fs.readFile(file, 'utf8');
  assert.match(text, /^(build-\d+)\1*$/);
  assert.equal(text.length, /^build-\d+/.exec(text)![0].length * 80_000);
  assert.deepEqual(await fs.readdir(path.dirname(file)), ['CURRENT']);
});

test('a writeFileAtomic that cannot replace its target fails, keeps the target and removes its temp file', async () => {
  const dir = await tempDir();
  const target = path.join(dir, 'taken');
  await fs.mkdir(path.join(target, 'inside'), { recursive: true });
  await assert.rejects(writeFileAtomic(target, 'new'), (e: NodeJS.ErrnoException) => ['EISDIR', 'ENOTEMPTY', 'EEXIST'].includes(e.code ?? ''));
  assert.deepEqual(await fs.readdir(dir), ['taken']);
  assert.deepEqual(await fs.readdir(target), ['inside']);
});
