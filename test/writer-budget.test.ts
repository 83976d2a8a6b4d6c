import { test } from 'node:test';
import assert from 'node:assert/strict';
import { answerReserve, cutText, estimateTokens, fitPrompt, messagesTokens } from '../src/writer/budget.js';
import { ASK_SYSTEM_PROMPT, askUserPrompt, type PromptSource } from '../src/writer/prompts.js';

const sentence = 'The method improves retrieval accuracy on long documents with a learned index. ';
const sources: PromptSource[] = [1, 2, 3, 4, 5].map((n) => ({ n, paperId: `p${n}`, title: `Paper number ${n}`, text: sentence.repeat(15).trim() }));
const question = 'How does the method improve retrieval on long documents?';
const render = (s: PromptSource[], withEarlier: boolean) => askUserPrompt({ question, sources: s, earlier: withEarlier ? { question: 'What is it about? '.repeat(20), answer: 'It is about retrieval [1]. '.repeat(30) } : undefined });

test('a roomy context keeps everything', () => {
  const fit = fitPrompt({ system: ASK_SYSTEM_PROMPT, render, sources, numCtx: 32768, reserve: 400, hasEarlier: true });
  assert.equal(fit.fits, true);
  assert.deepEqual(fit.sources.map((s) => s.n), [1, 2, 3, 4, 5]);
  assert.deepEqual(fit.dropped, []);
  assert.equal(fit.droppedEarlier, false);
  assert.match(fit.messages[1]!.content, /<earlier>/);
});

test('a small context drops the earlier turn, then the lowest-ranked sources, never the instructions', () => {
  const numCtx = 2048;
  const reserve = answerReserve(numCtx, 400);
  const fit = fitPrompt({ system: ASK_SYSTEM_PROMPT, render, sources, numCtx, reserve, hasEarlier: true });
  assert.equal(fit.fits, true);
  assert.equal(fit.droppedEarlier, true);
  assert.ok(fit.sources.length >= 1 && fit.sources.length < 5, `kept ${fit.sources.length}`);
  // The kept ones are the best-ranked, in order; the dropped ones are reported.
  assert.deepEqual(fit.sources.map((s) => s.n), [1, 2, 3, 4, 5].slice(0, fit.sources.length));
  assert.deepEqual(fit.dropped, [1, 2, 3, 4, 5].slice(fit.sources.length));
  assert.equal(fit.messages[0]!.role, 'system');
  assert.equal(fit.messages[0]!.content, ASK_SYSTEM_PROMPT);
  assert.match(fit.messages[1]!.content, /<question>\nHow does the method/);
  assert.match(fit.messages[1]!.content, /Answer the question from sources \[1\] to/);
  assert.ok(fit.promptTokens + reserve <= numCtx, `${fit.promptTokens} + ${reserve} > ${numCtx}`);
  assert.equal(messagesTokens(fit.messages), fit.promptTokens);
});

test('a tiny context trims the one source left, at a sentence boundary', () => {
  const numCtx = 1024;
  const fit = fitPrompt({ system: ASK_SYSTEM_PROMPT, render, sources, numCtx, reserve: answerReserve(numCtx, 400) });
  assert.equal(fit.fits, true);
  assert.deepEqual(fit.sources.map((s) => s.n), [1]);
  assert.deepEqual(fit.trimmed, [1]);
  assert.ok(fit.sources[0]!.text.length < sources[0]!.text.length);
  assert.match(fit.sources[0]!.text, /\. …$/);
  assert.equal(fit.messages[0]!.content, ASK_SYSTEM_PROMPT);
  assert.ok(fit.promptTokens <= fit.limit);
});

test('when the instructions alone do not fit, nothing is to be sent', () => {
  const fit = fitPrompt({ system: ASK_SYSTEM_PROMPT, render, sources, numCtx: 512, reserve: answerReserve(512, 400) });
  assert.equal(fit.fits, false);
  assert.ok(estimateTokens(ASK_SYSTEM_PROMPT) > 0);
});

test('cutText ends on a boundary within the limit', () => {
  assert.equal(cutText('short', 10), 'short');
  const cut = cutText('alpha beta gamma delta epsilon', 15);
  assert.ok(cut.length <= 15, cut);
  assert.equal(cut, 'alpha beta…');
});
