/**
 * PapercordService.close() waits for the work the service started in the background and did
 * not wait for itself (a reindex a front end did not await, a compaction after an addition):
 * once it resolves, nothing writes under DATA_DIR, so the folder can be removed.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { readdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { PapercordService } from '../src/service.js';
import { loadIndex } from '../src/index/store.js';
import { captureLog, testSettings } from './support/env.js';

test('a service closed while its reindex waits for the index lock resolves close() only once the reindex has ended, and nothing writes after', async () => {
  const settings = await testSettings();
  const log = captureLog();
  const service = await PapercordService.open(settings, { log, writer: null });
  const root = path.dirname(service.retriever.index.dir);
  // The lock of another live process (this one's parent) holds the reindex until it is removed.
  const lock = path.join(root, '.lock');
  await writeFile(lock, String(process.ppid));
  let reindexEnded = false;
  const reindexing = service.reindex().finally(() => (reindexEnded = true));
  await log.waitFor((l) => l.msg.startsWith('waiting for another ingest'));
  let closed = false;
  const closing = service.close().then(() => (closed = true));
  try {
    await nextTurn();
    assert.equal(closed, false, 'close() resolved while the reindex was held');
  } finally {
    await rm(lock);
  }
  await closing;
  assert.equal(reindexEnded, true, 'the reindex was still running when close() resolved');
  await reindexing;
  await rm(settings.dataDir, { recursive: true, force: true });
  assert.equal(existsSync(settings.dataDir), false);
});

const RECORD = (n: number) => ({ id: `close-test-${n}`, title: `Burrow Search ${n}: Dense Retrieval for Wombat Tunnels`, authors: ['Ann Wombat'], year: 2026, venue: 'ICML 2026', abstract: `Burrow search ${n} indexes every tunnel of a wombat burrow and retrieves passages with a dense retriever.` });

test('a service closed right after an addition that compacts the segments has the compaction in force on disk when close() resolves', async () => {
  const settings = await testSettings({ INDEX_MAX_SEGMENTS: '1' });
  const log = captureLog();
  const service = await PapercordService.open(settings, { log, writer: null });
  const root = path.dirname(service.retriever.index.dir);
  for (const n of [1, 2]) {
    const report = await service.add({ files: [{ name: `p${n}.jsonl`, bytes: new TextEncoder().encode(JSON.stringify(RECORD(n))) }] }, { collection: 'c' });
    assert.equal(report.added.length, 1, JSON.stringify(report));
  }
  await service.close();
  const onDisk = await loadIndex(root);
  assert.deepEqual(onDisk.segments.map((s) => s.papers.length), [2], 'the two additions are merged into one segment');
  assert.ok(!log.lines.some((l) => /compaction .*failed/.test(l.msg)), log.text());
  assert.deepEqual((await readdir(root)).filter((f) => f === '.lock'), []);
  await rm(settings.dataDir, { recursive: true, force: true });
});
