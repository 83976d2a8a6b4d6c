/**
 * The other process in the fault tests (test/faults-*.test.ts): an ingest that can be paused
 * or killed half-way, and writers that race the test process for the same file. Run as
 * `node --import tsx test/support/fault-child.ts '<json task>'` with an IPC channel; it reports
 * what it is doing with process.send so the test can act at exactly that moment.
 *
 * Tasks:
 * - {task: 'build', root, papers, embedder: 'local' | 'stub', pause?, killAt?}: buildIndex on the
 *   first `papers` icml2026 papers. `pause` stops inside the embedder (holding the lock, temp
 *   folder created) until the parent sends 'go'; `killAt: 'write'` SIGKILLs itself right after
 *   the first shard was written into the temp folder. `waitForGo` loads everything, says 'ready'
 *   and waits for 'go' before it builds (so a test can start two ingests in parallel).
 * - {task: 'append', file, count, sizes, tag}: waits for 'go', then `count` concurrent appendLine
 *   calls, line i padded to sizes[i % sizes.length] characters.
 * - {task: 'atomic', file, rounds, size}: waits for 'go', then `rounds` writeFileAtomic calls
 *   alternating two whole versions of the file.
 * - {task: 'change', op, root, records, collection, papers, stopAt?}: on the index at `root`, adds
 *   `papers` to `collection` (writing their records to `records`), removes them, or compacts the
 *   segments; with `stopAt`, stops at that step of the change (see IndexStep), says 'stopped' and
 *   waits to be killed. Without it, says 'done' once the change is in force.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { after } from 'node:test';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PROJECT_ROOT } from '../../src/config.js';
import type { BuildProgress } from '../../src/index/store.js';
import type { IndexStep } from '../../src/index/segment-list.js';
import type { Paper } from '../../src/corpus/paper.js';
import type { Embedder } from '../../src/embed/embedder.js';
import { appendLine, writeFileAtomic } from '../../src/fsutil.js';

export type ChildTask =
  | { task: 'build'; root: string; papers: number; embedder: 'local' | 'stub'; pause?: boolean; killAt?: 'write'; waitForGo?: boolean }
  | { task: 'append'; file: string; count: number; sizes: number[]; tag: string }
  | { task: 'atomic'; file: string; rounds: number; size: number }
  | { task: 'change'; op: 'add' | 'remove' | 'compact'; root: string; records: string; collection: string; papers: Paper[]; stopAt?: IndexStep };

export type ChildMessage =
  | { type: 'ready' }
  | { type: 'paused' }
  | { type: 'waiting'; ownerPid: number }
  | { type: 'progress'; phase: BuildProgress['phase']; at: number }
  | { type: 'built'; buildId: string; createdAt: string; papers: number }
  | { type: 'stopped'; step: IndexStep }
  | { type: 'done' };

/** A line the append task writes: its tag and number, padded with one repeated letter, so a torn or mixed line is visible. */
export function appendRecord(tag: string, i: number, size: number): string {
  const letter = String.fromCharCode(97 + (i % 26));
  return JSON.stringify({ tag, i, pad: letter.repeat(size) });
}

/** The two versions the atomic task alternates: each is valid JSON only when whole. */
export function atomicVersion(v: 0 | 1, size: number): string {
  return JSON.stringify({ v, pad: (v ? 'y' : 'x').repeat(size) });
}

const send = (m: ChildMessage) => new Promise<void>((resolve) => process.send!(m, undefined, {}, () => resolve()));
const goSignal = () => new Promise<void>((resolve) => process.on('message', (m) => m === 'go' && resolve()));

/** A tiny deterministic embedder that can hold the build inside the lock until the parent says go. */
function stubEmbedder(pause: boolean): Embedder {
  const vec = (t: string) => Array.from({ length: 8 }, (_, i) => (t.charCodeAt(i % t.length) % 7) + 1);
  return {
    id: 'test-stub-8',
    kind: 'ollama',
    dims: 8,
    async embedDocuments(texts) {
      if (pause) {
        const go = goSignal();
        await send({ type: 'paused' });
        await go;
      }
      return texts.map(vec);
    },
    embedQuery: async (t) => vec(t),
  };
}

/** The 'change' task: one addition, removal or compaction, stopped at a step when asked. */
async function change(task: Extract<ChildTask, { task: 'change' }>): Promise<void> {
  const { loadIndex } = await import('../../src/index/store.js');
  const { addPapers, removePaper } = await import('../../src/index/additions.js');
  const { compactSegments } = await import('../../src/index/compact.js');
  const index = await loadIndex(task.root);
  const step = async (at: IndexStep) => {
    if (at !== task.stopAt) return;
    // Held here until the parent kills us: the timer keeps the process alive, the promise never settles.
    setInterval(() => undefined, 60_000);
    await send({ type: 'stopped', step: at });
    await new Promise(() => undefined);
  };
  const opts = { index, records: task.records, step };
  if (task.op === 'add') await addPapers(task.root, task.papers.map((paper) => ({ collection: task.collection, paper })), { ...opts, maxSegments: 0 });
  else if (task.op === 'remove') for (const p of task.papers) await removePaper(task.root, task.collection, p.id, opts);
  else await compactSegments(task.root, opts);
  await send({ type: 'done' });
}

async function main(task: ChildTask): Promise<void> {
  if (task.task === 'change') {
    await change(task);
  } else if (task.task === 'build') {
    // Imported here: vectra takes over a second to load, and the file tasks must start fast.
    const { loadCorpus } = await import('../../src/corpus/load.js');
    const { buildIndex } = await import('../../src/index/store.js');
    const { papers } = await loadCorpus(['icml2026']);
    if (task.waitForGo) {
      const go = goSignal();
      await send({ type: 'ready' });
      await go;
    }
    const seen = new Set<string>();
    const built = await buildIndex({
      root: task.root,
      papers: papers.slice(0, task.papers),
      embedder: task.embedder === 'stub' ? stubEmbedder(!!task.pause) : null,
      onProgress: (p) => {
        // Kill -9 ourselves in the middle of writing: no finally, no cleanup, like an OOM kill or a power cut.
        if (task.killAt === 'write' && p.phase === 'write') process.kill(process.pid, 'SIGKILL');
        if (!seen.has(p.phase)) {
          seen.add(p.phase);
          void send({ type: 'progress', phase: p.phase, at: Date.now() });
        }
      },
      log: (msg, fields) => {
        if (msg.startsWith('waiting')) void send({ type: 'waiting', ownerPid: Number(fields?.pid) });
      },
    });
    await send({ type: 'built', buildId: built.manifest.buildId, createdAt: built.manifest.createdAt, papers: built.papers.length });
  } else if (task.task === 'append') {
    const go = goSignal();
    await send({ type: 'ready' });
    await go;
    await Promise.all(Array.from({ length: task.count }, (_, i) => appendLine(task.file, appendRecord(task.tag, i, task.sizes[i % task.sizes.length]!))));
    await send({ type: 'done' });
  } else {
    const go = goSignal();
    await send({ type: 'ready' });
    await go;
    for (let r = 0; r < task.rounds; r++) await writeFileAtomic(task.file, atomicVersion((r % 2) as 0 | 1, task.size));
    await send({ type: 'done' });
  }
}

/** Starts a task in a child process; `next(type)` resolves with that message, or rejects if the child exits first. */
export function startChild(task: ChildTask): RunningChild {
  const proc = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), JSON.stringify(task)], { cwd: PROJECT_ROOT, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  // A test that fails half-way must not leave a paused child keeping the test process alive.
  after(() => {
    if (proc.exitCode === null && proc.signalCode === null) proc.kill('SIGKILL');
  });
  const inbox: ChildMessage[] = [];
  const waiters: { type: ChildMessage['type']; resolve: (m: ChildMessage) => void; reject: (e: Error) => void }[] = [];
  let exit: { code: number | null; signal: NodeJS.Signals | null } | undefined;
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    proc.on('close', (code, signal) => {
      exit = { code, signal };
      for (const w of waiters.splice(0)) w.reject(new Error(`child ${proc.pid} (${task.task}) exited with ${signal ?? code} before sending "${w.type}"`));
      resolve(exit);
    }),
  );
  proc.on('message', (m: ChildMessage) => {
    const i = waiters.findIndex((w) => w.type === m.type);
    if (i >= 0) waiters.splice(i, 1)[0]!.resolve(m);
    else inbox.push(m);
  });
  return {
    proc,
    exited,
    next<T extends ChildMessage['type']>(type: T): Promise<Extract<ChildMessage, { type: T }>> {
      const i = inbox.findIndex((m) => m.type === type);
      if (i >= 0) return Promise.resolve(inbox.splice(i, 1)[0] as Extract<ChildMessage, { type: T }>);
      if (exit) return Promise.reject(new Error(`child ${proc.pid} (${task.task}) already exited with ${exit.signal ?? exit.code}`));
      return new Promise((resolve, reject) => waiters.push({ type, resolve: resolve as (m: ChildMessage) => void, reject }));
    },
    go: () => void proc.send('go'),
  };
}

export interface RunningChild {
  proc: ChildProcess;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  next<T extends ChildMessage['type']>(type: T): Promise<Extract<ChildMessage, { type: T }>>;
  go(): void;
}

// Imported by a test for startChild: only the spawned process runs a task.
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await main(JSON.parse(process.argv[2]!) as ChildTask);
  process.disconnect();
}
