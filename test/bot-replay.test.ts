/**
 * The replay suite's flawed replies through the bot: the Discord emulator keeps every version of
 * the reply message, and no progress edit (nor the final reply) shows anything a flawed reply
 * invents. People read progress messages: a sentence is shown there only once it has passed.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { startHarness, type BotHarness } from './support/bot.js';
import type { StoredMessage } from './support/discord-emulator.js';
import { loadFixtures, PAPERS, replyFor, type ReplyFixture } from './support/replay.js';

const hasEmbed = (m: StoredMessage) => m.embeds.length > 0;
/**
 * Everything a message showed, each version: its text and its embeds. A notice names what was
 * left out or made the answer be replaced, in quotes ("stated “12 %”"): that is no claim.
 */
const versions = (m: StoredMessage) => m.history.map((v) => [v.content, ...v.embeds.flatMap((e) => [e.title ?? '', e.description ?? '', ...(e.fields ?? []).map((f) => f.value)])].join('\n').replace(/“[^”]*”/g, '“…”'));

let h: BotHarness;
before(async () => {
  h = await startHarness({ ollama: true, env: { ANSWER_CACHE_SIZE: '0' } });
  // Edits as often as the stream gives something new, so that every state of it is seen.
  h.bot.ctx.progressIntervalMs = 40;
});
after(() => h?.close());

/** Asks what a fixture asks, the model writing its reply a word at a time; the reply message, every version. */
async function run(fixture: ReplyFixture): Promise<StoredMessage> {
  h.ollama!.script((req) => (req.messages.length ? { reply: replyFor(fixture, req), tokenDelayMs: 4 } : {}));
  const paper = PAPERS[fixture.request] ?? fixture.request;
  const it =
    fixture.command === 'ask'
      ? await h.emu.slashCommand('ask', { question: fixture.request }, { user: h.user() })
      : fixture.command === 'summary'
        ? await h.emu.slashCommand('summary', { paper, length: fixture.length ?? 'medium' }, { user: h.user() })
        : await h.emu.slashCommand('related', { paper_or_topic: paper, count: fixture.count ?? 3 }, { user: h.user() });
  await it.waitForOriginal(hasEmbed, 15000);
  return h.emu.message((await it.waitForOriginal(hasEmbed))!.id)!;
}

test('no progress edit nor final reply of any flawed reply shows what it invents; the model is seen writing, and sentences that passed are shown', async () => {
  const flawed = loadFixtures().filter((f) => f.kind === 'flawed');
  let writing = 0;
  let vettedShown = 0;
  for (const fixture of flawed) {
    const m = await run(fixture);
    const seen = versions(m);
    assert.ok(seen.length >= 2, `${fixture.id}: ${seen.length} versions`);
    for (const text of seen) for (const bad of fixture.flawed ?? []) assert.ok(!text.includes(bad), `${fixture.id}: "${bad}" shown:\n${text}`);
    if (seen.some((t) => /✍️ Writing the (?:answer|summary|related)… \d+ words? so far$/m.test(t))) writing++;
    // A dropped sentence's neighbours passed: one of them is shown while the model goes on.
    if (fixture.outcome === 'dropped' && fixture.command !== 'related' && seen.slice(0, -1).some((t) => /\[1\]\./.test(t))) vettedShown++;
  }
  assert.ok(writing >= flawed.length - 2, `${writing} of ${flawed.length} showed the model writing`);
  assert.ok(vettedShown >= 5, `${vettedShown} showed a sentence that passed before the answer`);
});
