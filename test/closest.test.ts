/**
 * Graded answers: a question no passage answers in its words but some come near gets the
 * nearest passages marked as possibly not answering (`closest`); one nothing is near, or one
 * about a named paper whose abstract does not say, is still refused. `closestShare` decides.
 */
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { PapercordService } from '../src/service.js';
import { CLOSEST_OPENING } from '../src/answer/closest.js';
import { testSettings, captureLog } from './support/env.js';

const settings = await testSettings({ CORPUS: 'icml2026' });
const service = await PapercordService.open(settings, { log: captureLog(), writer: null });
after(() => service.close());

// PRISM's question in other words: "household-chore simulators", "quiz", "captioner" for its embodied benchmark and querying.
const paraphrase = 'In household-chore simulators, can a text-only planner quiz an image captioner with follow-up questions instead of just trusting its first caption?';

test('a question in other words than the abstract that answers it gets the closest passages, marked as possibly not answering', async () => {
  const a = await service.ask(paraphrase, { useModel: false });
  assert.equal(a.kind, 'closest');
  assert.equal(a.refused, false);
  assert.ok(a.answer.startsWith(CLOSEST_OPENING));
  assert.ok(a.citations.some((c) => c.paperId === '2605.05407'), a.citations.map((c) => c.paperId).join(','));
});

test('a question nothing is near, or about a named paper whose abstract does not answer, is still refused', async () => {
  for (const q of ['What is the capital of France?', 'How often should I water my tomato plants?', 'What GPU does PixelThink use?']) {
    const a = await service.ask(q, { useModel: false });
    assert.equal(a.refused, true, q);
    assert.notEqual(a.kind, 'closest', q);
  }
});

test('above a share of 1 of the relevance floor nothing is near enough: the paraphrase is refused', async () => {
  // An index of its own: two services building into one data folder at once would race.
  const own = await testSettings({ CORPUS: 'icml2026' });
  const strict = await PapercordService.open({ ...own, retrieval: { ...own.retrieval, closestShare: 99 } }, { log: captureLog(), writer: null });
  try {
    const a = await strict.ask(paraphrase, { useModel: false });
    assert.equal(a.refused, true);
    assert.equal(a.kind, 'refusal');
  } finally {
    await strict.close();
  }
});
