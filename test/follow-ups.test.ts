/**
 * Follow-ups through the service, as a reply chain or the console asks them: after an answer
 * that lists or quotes several papers, after one about one paper, asking to go on, asking only
 * about an aspect of the paper, and counting the topic asked before.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { PapercordService } from '../src/service.js';
import { NO_TOPIC_NAMED } from '../src/answer/meta.js';
import type { Turn } from '../src/types.js';
import { testSettings, captureLog } from './support/env.js';

const icml = await PapercordService.open(await testSettings({ CORPUS: 'icml2026' }), { log: captureLog(), writer: null });

/** Asks each question in turn with the turns before it, as a reply chain does; returns the history and the last answer. */
async function converse(service: PapercordService, ...questions: string[]) {
  const history: Turn[] = [];
  let answer = await service.ask(questions[0]!, { useModel: false });
  for (const q of questions.slice(1)) {
    history.push({ question: answer.question, answer: answer.answer });
    answer = await service.ask(q, { useModel: false, history: [...history] });
  }
  return { history, answer };
}

test('"How many such papers are there?" right after a question about a topic counts that topic', async () => {
  const count = (await icml.ask('How many papers study video?', { useModel: false })).answer;
  assert.match(count, /^4 of the 19 indexed papers mention video:/);
  for (const [first, q] of [
    ['Which papers study video?', 'How many such papers are there?'],
    ['Which papers study video?', 'How many papers are about it?'],
    ['How many papers study video?', 'How many papers are about it?'],
  ] as const) {
    const { answer } = await converse(icml, first, q);
    assert.equal(answer.answer, count, `${q} after ${first}`);
  }
  // Through a count that pointed back too; and after a question about no topic, which topic is asked.
  assert.equal((await converse(icml, 'Which papers study video?', 'How many papers are about it?', 'How many such papers are there?')).answer.answer, count);
  for (const first of ['What is VEQ?', 'What is the capital of France?']) assert.equal((await converse(icml, first, 'How many such papers are there?')).answer.answer, NO_TOPIC_NAMED, first);
});
