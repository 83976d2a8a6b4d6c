/**
 * How and what-did-they-find questions quote the sentence of the part of the summary they ask
 * for (method, results), not only the one sharing the most words, which is often the problem's.
 */
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { PapercordService } from '../src/service.js';
import { summarySections } from '../src/answer/summary/sections.js';
import { splitSentences } from '../src/text/sentences.js';
import { readableTex } from '../src/corpus/text.js';
import { testSettings, captureLog } from './support/env.js';

const service = await PapercordService.open(await testSettings({ CORPUS: 'icml2026' }), { log: captureLog(), writer: null });
after(() => service.close());

test('a how question about a paper quotes a sentence of its method', async () => {
  const a = await service.ask('how does pixelthink decide how long the reasoning chain should be', { useModel: false });
  const paper = service.papers.find((p) => p.id === '2505.23727')!;
  const method = summarySections(paper)!.Method.flatMap((m) => splitSentences(m).map((s) => readableTex(s.text)));
  assert.ok(method.length > 0);
  assert.deepEqual([...new Set(a.citations.map((c) => c.paperId))], [paper.id]);
  assert.ok(method.some((m) => a.answer.includes(m)), a.answer);
});
