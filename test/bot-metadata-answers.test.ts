/**
 * Answers made from the papers' metadata and the softer refusals, as Discord users get them: the
 * real discord.js client against the Discord emulator, over the real service. Each is tested
 * through the service too (test/author-questions, test/retrieval, test/text, test/aspect-questions);
 * here the question is /ask's, and the answer is read from the message Discord holds.
 */
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { startHarness, assertNoPings, assertWithinLimits, type BotHarness } from './support/bot.js';
import { tempDir } from './support/env.js';
import type { StoredMessage } from './support/discord-emulator.js';

let icml: BotHarness;
before(async () => {
  icml = await startHarness({ env: { CORPUS: 'icml2026' } });
});
after(async () => {
  await icml?.close();
});

const EPHEMERAL = 64;
const embedOf = (m: StoredMessage) => m.embeds[0]!;
const field = (m: StoredMessage, name: string) => m.embeds.flatMap((e) => e.fields ?? []).find((f) => f.name === name)?.value;
const sourceIds = (m: StoredMessage) => [...(field(m, 'Sources') ?? '').matchAll(/`([^`]+)`/g)].map((x) => x[1]);

/** /ask as a member of the server: the answer as Discord shows it in the channel, after checking it is no private error and pings nobody. */
async function ask(h: BotHarness, question: string): Promise<StoredMessage> {
  const it = await h.emu.slashCommand('ask', { question }, { user: h.user() });
  const m = await it.waitForOriginal((x) => x.embeds.length > 0);
  assert.equal(m.flags & EPHEMERAL, 0, `${question}: an answer in the channel, not an error only the asker sees`);
  assert.equal(embedOf(m).title, question);
  assertWithinLimits(m);
  return m;
}

test('/ask "Which papers are from NeurIPS?" over papers whose metadata gives no venue says it cannot tell, not that no author is named NeurIPS', async () => {
  const dir = await tempDir();
  // Records with no venue or year, as a JSON file without them, or plain text without its sidecar, has.
  const paper = (id: string, title: string, abstract: string) => ({ id, title, abstract, url: `https://example.org/${id}` });
  const papers = [
    paper('tide1', 'Sparse Tidal Forecasting with Graph Networks', 'We forecast tides with sparse graph networks over coastal sensor stations, and show that the forecasts beat numerical models at a fraction of the cost.'),
    paper('lichen1', 'Lichen Growth Models for Urban Air Quality', 'We model lichen growth on city walls as a signal of air quality, and validate the model against sensor readings over five years.'),
    paper('dune1', 'Wind-Driven Dune Migration from Satellite Imagery', 'We measure how fast desert dunes move from a decade of satellite images, and relate their speed to the local wind regime.'),
  ];
  await writeFile(path.join(dir, 'no-venue.json'), JSON.stringify(papers));
  const own = await startHarness({ env: { CORPUS: path.join(dir, 'no-venue.json') } });
  try {
    assert.ok(own.service.papers.length === papers.length && own.service.papers.every((p) => p.venue === undefined), 'the corpus gives no venue');
    for (const [question, venue] of [['Which papers are from NeurIPS?', 'NeurIPS'], ['Which papers appeared at ICML 2025?', 'ICML 2025']]) {
      const m = await ask(own, question!);
      assert.equal(embedOf(m).description, `The metadata gives no venue for the ${papers.length} indexed papers, so I cannot tell which are from ${venue}. /papers lists them.`, question);
      // No paper is cited: none was found to be from it, and none was found not to be.
      assert.equal(field(m, 'Sources'), undefined, question);
      assert.match(embedOf(m).footer?.text ?? '', /^Extractive/, question);
    }
    assertNoPings(own.emu);
  } finally {
    await own.close();
  }
});

test('/ask "Which papers have code on GitHub?" lists the papers that link their code, each with its link and cited in Sources', async () => {
  const papers = icml.service.papers;
  // Read apart from the code: a code link in the metadata, or a GitHub or anonymised repository's link in the abstract.
  const withCode = papers.filter((p) => p.code?.length || /https?:\/\/(?:(?:www\.)?github\.com|anonymous\.4open\.science)\//.test(p.abstract));
  assert.ok(withCode.length >= 2 && withCode.length < papers.length && withCode.length <= 10, `${withCode.length} of ${papers.length}: some with code and some without, all of them in one list`);
  const m = await ask(icml, 'Which papers have code on GitHub?');
  const [head, ...items] = embedOf(m).description!.split('\n');
  assert.match(head!, new RegExp(`^${withCode.length} of the ${papers.length} indexed papers link their code\\b`));
  assert.equal(items.length, withCode.length);
  // Each item names a paper with code, with a link to it, cited by its number; Sources lists the same papers in the same order.
  const listed = items.map((line, i) => {
    const item = /^\*\*.+\*\* \(([^)]+)\) \[(\d+)\]: (https:\/\/\S+)$/.exec(line);
    assert.ok(item, `a listed paper with its link: ${line}`);
    assert.equal(Number(item[2]), i + 1, line);
    const paper = withCode.find((p) => p.id === item[1]);
    assert.ok(paper, `${item[1]} has code`);
    assert.ok([...(paper.code ?? []), paper.abstract].some((where) => where.includes(item[3]!)), `${item[3]} is ${paper.id}'s code link`);
    return paper.id;
  });
  assert.deepEqual(new Set(listed), new Set(withCode.map((p) => p.id)));
  assert.deepEqual(sourceIds(m), listed);
  assert.match(embedOf(m).footer?.text ?? '', /^Extractive \(from the papers' metadata\)/);
});

test('/ask for the OpenReview page of a paper that has none says so first, then gives the links it has', async () => {
  const papers = icml.service.papers;
  // Only worth asking where other papers have an OpenReview page (otherwise OpenReview is a name nothing indexed mentions).
  assert.ok(papers.some((p) => p.openreview));
  const veq = papers.find((p) => p.id === '2602.01037')!;
  assert.ok(veq && !veq.openreview && veq.url && veq.code?.length, 'VEQ has a page and code, and no OpenReview id');
  const m = await ask(icml, 'Where is the OpenReview page of VEQ?');
  const lines = embedOf(m).description!.split('\n');
  assert.equal(lines[0], 'No OpenReview page is known for this paper; these are its links:');
  assert.match(lines[1]!, new RegExp(`^\\*\\*VEQ: .*\\*\\* \\(${veq.id.replace('.', '\\.')}\\): ${veq.url!.replace(/[.?]/g, '\\$&')} \\[1\\]$`));
  for (const code of veq.code!) assert.ok(lines.includes(`Code: ${code}`), code);
  assert.ok(!lines.some((l) => l.startsWith('OpenReview:')));
  assert.deepEqual(sourceIds(m), [veq.id]);
});

test('/ask "How large is cMoLLM?" of an abstract that states no size says so and where the paper may, rather than quoting a sentence that is not its size', async () => {
  const cmollm = icml.service.papers.find((p) => p.id === '2607.22577')!;
  // Read apart from the code: its only numbers are a kernel's shape, in TeX.
  assert.match(cmollm.abstract, /\$1\{\\times\}1\$ convolutional kernel/);
  for (const question of ['How large is cMoLLM?', 'How big is cMoLLM?']) {
    const m = await ask(icml, question);
    const description = embedOf(m).description!;
    assert.ok(description.startsWith(`The abstract of ${cmollm.title.split(':')[0]}`), description);
    assert.ok(description.includes(`(${cmollm.id}) states no size or other figure of its work; the paper itself may, at ${cmollm.url}.`), description);
    // Nothing quoted, so nothing cited.
    assert.equal(field(m, 'Sources'), undefined, question);
    assert.doesNotMatch(description, /1\{\\times\}1|convolutional kernel/, question);
  }
  assertNoPings(icml.emu);
});
