/**
 * The answer kinds as a contract: one registry, each kind once and documented, every answer
 * saying its kind; /status counts answers by kind; the bot's log line of an answer names it.
 */
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { ANSWER_KINDS } from '../src/answer/kinds/index.js';
import { PapercordService } from '../src/service.js';
import { collectStatus, LatencyTracker } from '../src/status.js';
import { renderStatus } from '../src/render/text.js';
import { statusMessage } from '../src/bot/render.js';
import { testSettings, captureLog } from './support/env.js';
import { startHarness } from './support/bot.js';

const service = await PapercordService.open(await testSettings({ CORPUS: 'icml2026' }), { log: captureLog(), writer: null });

test('the registry lists each kind once, ends with one that answers anything, and docs/asking.md describes every kind', () => {
  const ids = ANSWER_KINDS.map((k) => k.id);
  assert.equal(new Set(ids).size, ids.length, 'no kind twice');
  assert.equal(ids.at(-1), 'search');
  const docs = readFileSync(new URL('../docs/asking.md', import.meta.url), 'utf8');
  for (const kind of ANSWER_KINDS) {
    assert.match(docs, new RegExp(`\`${kind.id}\``), `docs/asking.md names ${kind.id}`);
    assert.ok(docs.includes(kind.description), `docs/asking.md describes ${kind.id} as its module does: ${kind.description}`);
  }
  // The outcomes a kind may answer with besides its own id are documented too.
  for (const id of ['paper-part', 'refusal', 'not-mentioned', 'closest']) assert.match(docs, new RegExp(`\`${id}\``), id);
});

test('every answer says its kind, and /status counts the answers of each kind', async () => {
  const asked = [
    ['Who wrote PixelThink?', 'authors'],
    ['What is PixelThink?', 'paper-summary'],
    ['What is TGV-KV?', 'paper-summary'],
    ['How many papers are about video?', 'topic-count'],
    ['hi', 'small-talk'],
    ['What is the capital of France?', 'refusal'],
  ] as const;
  for (const [q, kind] of asked) assert.equal((await service.ask(q, { useModel: false })).kind, kind, q);
  const counts = new Map(service.answerKinds().map((k) => [k.kind, k.count]));
  assert.equal(counts.get('paper-summary'), 2);
  assert.equal(counts.get('authors'), 1);
  assert.equal(service.answerKinds()[0]!.kind, 'paper-summary', 'most first');
  const status = await collectStatus(service, { latencies: new LatencyTracker() });
  assert.match(renderStatus(status), /^Answers: +paper-summary 2, .*authors 1/m);
  const field = statusMessage(status).embeds![0]!.fields!.find((f) => f.name === 'Answers by kind')!.value;
  assert.match(field, /paper-summary 2/);
});

test('a summary asked of a paper described, not named, is the summary of the paper the description clearly finds; of several found, a search as before', async () => {
  for (const [q, id] of [["what's the microphone geometry paper about?", 'dementyev26a'], ['tldr of the paper on mental imagery benchmarks?', 'zeller26a'], ['i remember a paper about the dynamic algorithm for non-monotone submodular maximization, summary pls', 'improved-dynamic-algorithm-for-non-monotone-submodular']] as const) {
    const a = await service.ask(q, { useModel: false });
    assert.equal(a.kind, 'paper-summary', q);
    assert.deepEqual([...new Set(a.citations.map((c) => c.paperId))], [id], q);
    assert.equal(a.answer, (await service.ask('summary', { useModel: false, paper: id })).answer, q);
  }
  for (const q of ['gist of the paper on video?', 'summarize the papers on video']) assert.notEqual((await service.ask(q, { useModel: false })).kind, 'paper-summary', q);
});

test('the log line of a question answered in Discord names the kind of answer', async () => {
  const h = await startHarness();
  after(() => h.close());
  const it = await h.emu.slashCommand('ask', { question: 'Who wrote PixelThink?' }, { user: h.user() });
  const line = await h.log.waitFor((l) => l.fields.interaction === it.id && l.msg === 'answered', 10_000);
  assert.equal(line.fields.answerKind, 'authors');
  assert.equal(line.fields.kind, 'ask', 'the interaction kind is kept');
});
