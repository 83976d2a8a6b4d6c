/** What the front ends show for the service's results: the command line's and console's text, and Discord's embeds, saying the same things. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { PapercordService } from '../src/service.js';
import { NO_RELATED, renderAnswer, renderPapers, renderRelated, renderStatus } from '../src/render/text.js';
import { answerMessages, relatedMessages, statusMessage } from '../src/bot/render.js';
import { collectStatus, LatencyTracker, type StatusSnapshot } from '../src/status.js';
import { captureLog, testSettings } from './support/env.js';

const service = await PapercordService.open(await testSettings(), { log: captureLog() });
const footerOf = (m: ReturnType<typeof answerMessages>) => m.at(-1)!.embeds!.at(-1)!.footer!.text;
const count = (text: string, phrase: string) => text.split(phrase).length - 1;

test('a refusal quotes nothing, and its footer does not say it does; an answer still says it quotes the abstracts', async () => {
  const refused = await service.ask('What is a good substitute for buttermilk in pancakes?');
  assert.equal(refused.refused, true);
  assert.doesNotMatch(renderAnswer(refused), /quoted/);
  assert.match(renderAnswer(refused), /— extractive · \d+\.\d s · from abstracts only$/);
  assert.doesNotMatch(footerOf(answerMessages(refused, 'K')), /quoted/);

  const answered = await service.ask('What does MentisOculi evaluate?');
  assert.equal(answered.refused, false);
  assert.match(renderAnswer(answered), /extractive \(quoted from the abstracts\)/);
  assert.match(footerOf(answerMessages(answered, 'K')), /^Extractive \(quoted from the abstracts\)/);

  // Answered, but from the metadata and the counts, citing nothing.
  for (const q of ['How many papers are indexed?', 'How many papers are about cooking pasta?']) {
    const counted = await service.ask(q);
    assert.equal(counted.refused, false, q);
    assert.deepEqual(counted.citations, [], q);
    assert.doesNotMatch(renderAnswer(counted), /quoted/, q);
    assert.doesNotMatch(footerOf(answerMessages(counted, 'K')), /quoted/, q);
  }
});

test('bylines, links and author lists say they come from the metadata, and "Papers like X?" that its reasons are shared key terms, not that they quote the abstracts', async () => {
  for (const [q, how] of [
    ['Who wrote VEQ?', /extractive \(from the papers' metadata\)/i],
    ['Where is the code for PixelThink?', /extractive \(from the papers' metadata\)/i],
    ["Zeller's papers", /extractive \(from the papers' metadata\)/i],
    ['Papers like PixelThink?', /extractive \(reasons are shared key terms\)/i],
  ] as const) {
    const a = await service.ask(q, { useModel: false });
    assert.ok(a.citations.length > 0, q);
    assert.match(renderAnswer(a), how, q);
    assert.match(footerOf(answerMessages(a, 'K')), how, q);
  }
  // The answer to a history-free question still quotes.
  assert.match(renderAnswer(await service.ask('What does PixelThink reduce?', { useModel: false })), /extractive \(quoted from the abstracts\)/);
});

test('related papers for a topic nothing covers: the same hint of what to try in the console and Discord, quoting nothing', async () => {
  const none = await service.related('underwater basket weaving');
  assert.deepEqual(none.related, []);
  const text = renderRelated(none);
  assert.match(text, /No related papers found\. Try other words, or name a paper; \/papers lists them\./);
  assert.doesNotMatch(text, /quoted/);
  const [msg] = relatedMessages(none, 'K');
  assert.equal(msg!.embeds![0]!.description, NO_RELATED);
  assert.doesNotMatch(msg!.embeds![0]!.footer!.text, /quoted/);
});

test('/status says once that answers are extractive, whether or not the detail says it', async () => {
  const status = await collectStatus(service, { latencies: new LatencyTracker() });
  assert.equal(status.model.answers, false);
  const quiet: StatusSnapshot = { ...status, model: { ...status.model, detail: 'Ollama has not been checked yet.' } };
  for (const s of [status, quiet]) {
    const ollamaLine = renderStatus(s).split('\n').find((l) => l.startsWith('Ollama:'))!;
    assert.equal(count(ollamaLine, 'answers are extractive'), 1, ollamaLine);
    const field = statusMessage(s).embeds![0]!.fields!.find((f) => f.name === 'Ollama')!.value;
    assert.equal(count(field, 'answers are extractive'), 1, field);
    assert.match(field, /^❌ not used/);
  }
});

test('the papers list keeps its titles in one column, with a long id on a line of its own and never cut', () => {
  const papers = service.listPapers();
  assert.ok(papers.some((p) => p.id.length > 40), 'a slug id, as the 19 papers have');
  const text = renderPapers(papers);
  for (const p of papers) {
    const at = text.indexOf(p.title);
    const lineStart = text.lastIndexOf('\n', at) + 1;
    assert.equal(at - lineStart, 17, `${p.id}: its title starts in the title column`);
    assert.ok(text.includes(p.id), p.id);
  }
});
