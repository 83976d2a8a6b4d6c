/**
 * A reduced version of the load run (npm run load has the full one, with memory figures): 40
 * interactions from 10 users within 2 s against the real bot, the Discord emulator and the
 * Ollama test server answering after a fixed delay, one answer at a time. Checked: every
 * interaction is acknowledged in time (the emulator refuses a late one with 10062), and each
 * gets its answer, a queue position followed by its answer, the cooldown message, or its page
 * of papers; nothing fails, nothing crashes, and the bot still answers afterwards.
 */
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { startHarness, assertNoPings, type BotHarness } from './support/bot.js';
import { describeReport, loadModelScript, reportLines, runBurst, type LoadReport } from './support/load.js';
import { loadQuestions } from '../src/eval/questions.js';
import { PROJECT_ROOT } from '../src/config.js';

const MODEL_LATENCY_MS = 400;
const COOLDOWN_SECONDS = 1;
/** How much sooner than the other one question may reach the model (search, under the load of the test run). */
const REACHING_THE_MODEL_MS = 500;

let h: BotHarness;
let report: LoadReport;
const crashes: unknown[] = [];
const onCrash = (e: unknown) => void crashes.push(e);

before(async () => {
  process.on('unhandledRejection', onCrash);
  process.on('uncaughtException', onCrash);
  // Each user sends 4 interactions within 2 s: with a 1 s cooldown some questions come too soon,
  // and the others keep one model (one answer at a time) busy for longer than the burst.
  h = await startHarness({ ollama: true, env: { COOLDOWN_SECONDS: String(COOLDOWN_SECONDS), GENERATION_CONCURRENCY: '1', ANSWER_CACHE_SIZE: '0' } });
  h.ollama!.script(loadModelScript(MODEL_LATENCY_MS));
  // Progress (and so the queue position) is shown after 1.5 s in the bot; sooner here, so a short burst shows it.
  h.bot.ctx.progressIntervalMs = 300;
  const questions = (await loadQuestions(path.join(PROJECT_ROOT, 'data/eval/questions.jsonl'))).map((q) => q.question);
  report = await runBurst(h.emu, { interactions: 40, users: 10, windowMs: 2000, seed: 7, questions, paperIds: h.service.papers.map((p) => p.id), answerTimeoutMs: 30_000 });
});
after(async () => {
  process.off('unhandledRejection', onCrash);
  process.off('uncaughtException', onCrash);
  await h?.close();
});

test('every interaction is acknowledged within the 3 s deadline (none refused with 10062)', (t) => {
  for (const line of reportLines(report)) t.diagnostic(line);
  assert.equal(report.acknowledged, 40, describeReport(report));
  // The emulator holds the deadline (a late callback gets 10062), so no timed assertion is needed here.
  assert.equal(report.unknownInteraction, 0);
  // One acknowledgement per interaction: a second callback would be Discord's 40060 "already acknowledged".
  const callbacks = h.emu.requests.filter((c) => !c.injected && c.method === 'POST' && c.route === '/interactions/:interaction_id/:token/callback');
  assert.equal(callbacks.length, 40);
});

test('every one gets its answer, a queue position then its answer, the cooldown message, or a page of papers', () => {
  assert.equal(report.outcomes.failed, 0, describeReport(report));
  const o = report.outcomes;
  assert.equal(o.answered + o['queued, then answered'] + o.cooldown + o['papers page'], 40);
  assert.ok(o.cooldown > 0, 'some questions came within the cooldown');
  assert.ok(o['queued, then answered'] > 0, 'some waited in the queue and were told their position');
  assert.equal(report.withNote, 0, 'the model wrote every answer it was asked for (no timeout or fallback note)');
  assert.ok(report.modes.model > 0);
  // The cooldown spaces each user's answers written by the model: the next one was asked at
  // least COOLDOWN_SECONDS later, less the time each took to reach the model, where its turn is
  // taken (the emulator does not see it). A question the model was not asked for (an off-topic
  // refusal) neither takes a turn nor waits for one.
  const written = report.results.filter((r) => r.mode === 'model').sort((a, b) => a.createdAt - b.createdAt);
  for (const r of written) {
    const next = written.find((x) => x.user === r.user && x.createdAt > r.createdAt);
    if (next) assert.ok(next.createdAt - r.createdAt >= COOLDOWN_SECONDS * 1000 - REACHING_THE_MODEL_MS, `${r.user}: questions ${next.createdAt - r.createdAt} ms apart were both written by the model`);
  }
});

test('nothing crashed; the bot still answers and pinged no one', async () => {
  assert.deepEqual(crashes, []);
  assert.ok(h.bot.client.isReady());
  const it = await h.emu.slashCommand('ask', { question: 'What does MentisOculi evaluate?' }, { user: h.user() });
  const m = await it.waitForOriginal((x) => x.embeds.some((e) => /^Written by/.test(e.footer?.text ?? '')), 10_000);
  assert.ok(m);
  assert.deepEqual(h.emu.surprises(), []);
  assertNoPings(h.emu);
});
