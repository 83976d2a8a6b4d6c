/** The local console against the real service: follow-ups, options in any order, plain-word commands, the progress line on a terminal. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { PassThrough, Writable } from 'node:stream';
import { PapercordService, type AskOptions } from '../src/service.js';
import { runConsole } from '../src/console/console.js';
import { HISTORY_TURNS } from '../src/bot/messages.js';
import type { Turn } from '../src/types.js';
import { captureLog, testSettings } from './support/env.js';

const log = captureLog();
const service = await PapercordService.open(await testSettings(), { log });

/** Runs the console over these lines; every write to the output, in order. `columns` makes the output a terminal that wide. */
async function consoleRun(lines: string[], opts: { columns?: number } = {}): Promise<{ out: string; writes: string[] }> {
  const writes: string[] = [];
  const output = new Writable({
    write(chunk: Buffer | string, _enc, cb) {
      writes.push(String(chunk));
      cb();
    },
  });
  if (opts.columns) Object.assign(output, { isTTY: true, columns: opts.columns });
  const input = new PassThrough();
  input.end(lines.join('\n') + '\n');
  await runConsole(service, { input, output, interactive: opts.columns !== undefined, banner: [], log });
  return { out: writes.join(''), writes };
}

/** The answer blocks the console printed, one per command. */
const blocks = (out: string) => out.split('\n\n').filter((b) => b.trim());

test('a question is asked with the last turns of the console conversation, as a Discord reply chain gives them', async (t) => {
  const histories: (Turn[] | undefined)[] = [];
  const ask = service.ask.bind(service);
  t.mock.method(service, 'ask', (q: string, o: AskOptions = {}) => {
    histories.push(o.history && [...o.history]);
    return ask(q, o);
  });
  const { out } = await consoleRun(['What is PixelThink?', 'What are its results?', '/ask How much faster is it?', 'What benchmark does it introduce?']);
  assert.deepEqual(histories[0], []);
  assert.deepEqual(histories[1]?.map((h) => h.question), ['What is PixelThink?']);
  assert.match(histories[1]![0]!.answer, /PixelThink/);
  assert.deepEqual(histories[3]?.map((h) => h.question), ['What is PixelThink?', 'What are its results?', 'How much faster is it?'].slice(-HISTORY_TURNS));
  // "its results" are PixelThink's: alone, the question quotes other papers' results first.
  const second = blocks(out).filter((b) => b.includes('Sources:'))[1]!;
  assert.match(second.split('Sources:')[1]!, /^\s+\[1\] PixelThink/);
});
