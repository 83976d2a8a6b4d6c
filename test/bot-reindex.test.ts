/**
 * /reindex through the shared request lifecycle, end to end (the real discord.js client against
 * the Discord emulator): its own progress lines, a reply Discord will not take, and a rebuild
 * cut short by a shutdown, each handled and logged as a question's would be. The rebuild itself
 * is stubbed where a test needs to hold it or to end it at once; test/bot-commands.test.ts runs
 * a real one.
 */
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startHarness, assertNoPings, textOf, type BotHarness } from './support/bot.js';
import { Perm, type StoredMessage } from './support/discord-emulator.js';
import { PROGRESS_INTERVAL_MS } from '../src/bot/throttle.js';
import type { IndexInfo, PapercordService } from '../src/service.js';

const EDIT_ORIGINAL = /^PATCH \/webhooks\/\d+\/[^/]+\/messages\/@original$/;
const ADMIN = Perm.ManageGuild | Perm.ViewChannel;
const hasEmbed = (m: StoredMessage) => m.embeds.length > 0;
/** A bound for tests that wait for a held rebuild to start (`holdReindex().started`), which cannot time out by itself. */
const TEST = { timeout: 15_000 };

let h: BotHarness;

before(async () => {
  h = await startHarness();
});
after(async () => {
  await h?.close();
});

type ReindexOptions = Parameters<PapercordService['reindex']>[0];

/** Replaces the service's rebuild for one test; `started` resolves, with what the bot passed, once the bot has called it. */
function holdReindex(): { started: Promise<ReindexOptions>; finish(): void; restore(): void } {
  let onStarted!: (opts: ReindexOptions) => void;
  let finish!: (info: IndexInfo) => void;
  const started = new Promise<ReindexOptions>((r) => (onStarted = r));
  const result = new Promise<IndexInfo>((r) => (finish = r));
  h.service.reindex = (opts) => {
    onStarted(opts);
    return result;
  };
  return { started, finish: () => finish(h.service.info()), restore: () => void delete (h.service as Partial<PapercordService>).reindex };
}

/** Log lines of the /reindex requests from line `from` on. */
const reindexLines = (from: number) => h.log.lines.slice(from).filter((l) => l.fields.kind === 'reindex');

test('/reindex shows the rebuild\'s own progress lines, then the result; its time is not counted in the answers\' latencies', TEST, async () => {
  const rebuild = holdReindex();
  h.bot.ctx.progressIntervalMs = 50;
  try {
    const latencies = h.bot.ctx.latencies.summary().count;
    const it = await h.emu.slashCommand('reindex', {}, { user: h.user(), memberPermissions: ADMIN });
    const opts = await rebuild.started;
    await h.emu.waitFor(() => it.original()?.content.includes('Reloading the corpus'), 'the first progress line');
    opts?.onBuildProgress?.({ phase: 'embed', done: 3, total: 7 });
    await h.emu.waitFor(() => it.original()?.content.includes('Rebuilding the index: embedding the chunks (3/7)'), 'the build progress');
    rebuild.finish();
    const m = await it.waitForOriginal(hasEmbed);
    assert.equal(m.content, '', 'the progress line is cleared');
    assert.match(m.embeds[0]!.title!, /Index rebuilt/);
    const answered = await h.log.waitFor((l) => l.fields.interaction === it.id && l.fields.kind === 'reindex' && l.msg === 'answered', 10_000);
    assert.equal(answered.level, 'info');
    assert.equal(h.bot.ctx.latencies.summary().count, latencies);
  } finally {
    h.bot.ctx.progressIntervalMs = PROGRESS_INTERVAL_MS;
    rebuild.restore();
  }
});

test('/reindex whose reply Discord will not take: logged as undelivered and the admin told once Discord answers, as for /ask', TEST, async () => {
  const rebuild = holdReindex();
  try {
    // 4 tries by the client, 4 more after the bot's own retry: the result cannot be delivered.
    h.emu.failNext(8, 500, EDIT_ORIGINAL);
    const from = h.log.lines.length;
    const it = await h.emu.slashCommand('reindex', {}, { user: h.user(), memberPermissions: ADMIN });
    await rebuild.started;
    rebuild.finish();
    const m = await it.waitForOriginal(hasEmbed, 10_000);
    assert.match(textOf(m), /Something went wrong/);
    const errors = reindexLines(from).filter((l) => l.level === 'error');
    assert.deepEqual(errors.map((l) => l.msg), ['could not deliver the answer'], h.log.text());
    assert.equal(errors[0]!.fields.partsSent, 0);
  } finally {
    rebuild.restore();
  }
});

test('/reindex cut short by a shutdown: the admin is told the bot is restarting, and it is logged as refused, not as an error', TEST, async () => {
  const rebuild = holdReindex();
  try {
    const from = h.log.lines.length;
    const it = await h.emu.slashCommand('reindex', {}, { user: h.user(), memberPermissions: ADMIN });
    await rebuild.started;
    const stopped = h.bot.stop({ graceMs: 0 });
    const m = await it.waitForOriginal(hasEmbed);
    assert.match(textOf(m), /restarting/);
    await stopped;
    const lines = reindexLines(from);
    assert.ok(lines.some((l) => l.level === 'info' && l.msg === 'request refused' && l.fields.code === 'SHUTTING_DOWN'), h.log.text());
    assert.deepEqual(lines.filter((l) => l.level === 'error'), []);
    assertNoPings(h.emu);
  } finally {
    rebuild.finish();
    rebuild.restore();
  }
});
