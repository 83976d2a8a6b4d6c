/**
 * The replay suite (test/support/replay.ts): replies written as llama3.2:3b and qwen3:4b write
 * them, replayed by the Ollama test server through the real client to /ask, /summary and
 * /related. Each fixture's outcome is pinned: good replies shown as written in every citation
 * style, refusals shown as refusals, flawed replies caught and never shown while streaming.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { PapercordService } from '../src/service.js';
import { builtIndexSettings, captureLog } from './support/env.js';
import { OllamaTestServer } from './support/ollama-server.js';
import { expectedShown, figures, loadFixtures, replayAll, STYLES, type Judged, type ReplayResult, type ReplyFixture } from './support/replay.js';

const fixtures = loadFixtures();

describe('the replay suite', () => {
  let server: OllamaTestServer;
  let results: { fixture: ReplyFixture; result: ReplayResult; judged: Judged }[] = [];
  before(async () => {
    server = await OllamaTestServer.start();
    results = await replayAll(fixtures, async (env) => PapercordService.open(await builtIndexSettings(env), { log: captureLog() }), server);
  });
  after(() => server?.stop());

  test('covers what small models write: ~40 good and ~25 flawed replies, both models, every command, every citation style, refusals in several wordings', () => {
    const of = (kind: ReplyFixture['kind']) => fixtures.filter((f) => f.kind === kind);
    assert.ok(of('good').length >= 40, `${of('good').length} good`);
    assert.ok(of('flawed').length >= 25, `${of('flawed').length} flawed`);
    assert.ok(new Set(of('refusal').map((f) => f.reply.split(' ').slice(0, 3).join(' '))).size >= 8, 'refusals in their own words');
    for (const model of ['llama3.2:3b', 'qwen3:4b']) assert.ok(fixtures.some((f) => f.model === model && f.kind === 'good') && fixtures.some((f) => f.model === model && f.kind === 'flawed'), model);
    for (const command of ['ask', 'summary', 'related']) for (const kind of ['good', 'flawed'] as const) assert.ok(of(kind).some((f) => f.command === command), `${kind} /${command}`);
    for (const style of STYLES) assert.ok(of('good').filter((f) => (f.style ?? '[n]') === style && f.reply.includes('{')).length >= 2, `two good replies cite as ${style}`);
    for (const covers of ['thinking block', 'opener', 'bullets', 'bold lead', 'hedged figure', 'rounded figure']) assert.ok(fixtures.some((f) => f.covers?.includes(covers)), covers);
    assert.ok(fixtures.some((f) => f.thinking && f.kind === 'good'), 'a thinking block');
    assert.equal(new Set(fixtures.map((f) => f.id)).size, fixtures.length, 'ids are unique');
  });

  test('every fixture reaches the model, and its outcome is the one it pins', () => {
    const misses = results.filter((r) => !r.judged.met).map((r) => `${r.fixture.id}: ${r.judged.why}`);
    assert.deepEqual(misses, []);
    const f = figures(results);
    assert.deepEqual([f.good.shown, f.refusals.shown, f.flawed.caught], [f.good.of, f.refusals.of, f.flawed.of]);
  });

  test('a good reply is shown with its citations as [n], numbered in order of first use, and its sources reordered to match', () => {
    const r = results.find((x) => x.fixture.id === 'ask-video-benchmarks-source-parens')!;
    assert.equal(r.result.command, 'ask');
    if (r.result.command !== 'ask') return;
    const { answer } = r.result;
    assert.doesNotMatch(answer.answer, /Source|\(\d\)/);
    const want = expectedShown(r.fixture);
    assert.deepEqual(answer.citations.map((c) => c.paperId), want.papers);
    assert.deepEqual(answer.sources.slice(0, want.papers.length).map((s) => [s.n, s.paperId]), want.papers.map((p, i) => [i + 1, p]));
  });

  test('while a reply streams, only whole sentences that passed are shown: a good one grows sentence by sentence; before the first, nothing', () => {
    for (const r of results.filter((x) => x.fixture.kind === 'good' && x.result.command !== 'related')) {
      const final = r.result.command === 'ask' ? r.result.answer.answer : r.result.command === 'summary' ? r.result.summary.summary : '';
      assert.ok(r.result.shown.length > 3, `${r.fixture.id}: streamed`);
      assert.equal(r.result.shown[0], '', `${r.fixture.id}: nothing before the first sentence is complete`);
      // Only text of the final answer, each time whole sentences ("… [1]." or a line that ends): never a word of one being written.
      for (const s of r.result.shown) assert.ok(final.startsWith(s), `${r.fixture.id}: ${s}`);
    }
  });

  test('a refusal shows nothing while it streams, and reaches the user with no notice about citations', () => {
    for (const r of results.filter((x) => x.fixture.kind === 'refusal')) {
      assert.ok(r.result.shown.every((s) => s === ''), `${r.fixture.id}: ${r.result.shown.at(-1)}`);
      if (r.result.command !== 'ask') continue;
      assert.doesNotMatch(r.result.answer.notice?.said ?? '', /cit(?:ed|ation)/);
    }
  });

  test('a dropped sentence is named in a notice, and what is left is the model\'s; a replaced answer says why', () => {
    for (const r of results.filter((x) => x.fixture.kind === 'flawed' && x.result.command !== 'related')) {
      const notice = (r.result.command === 'ask' ? r.result.answer.notice : r.result.command === 'summary' ? r.result.summary.notice : undefined)?.said ?? '';
      if (r.fixture.outcome === 'dropped') assert.match(notice, /Left out (?:a sentence|\d+ sentences) (?:stating|citing only)/, r.fixture.id);
      else assert.match(notice, /so (?:it|its reply) is not shown|cited none|did not cite|not shown as if|over and over/, `${r.fixture.id}: ${notice}`);
    }
  });
});
