/**
 * /add and /remove end to end: the real discord.js client of the real bot against the Discord
 * emulator (attachments served by it as by Discord's CDN), over the real service, with the paper
 * services served by the scholarly test server. Two servers, each with its own collection.
 */
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startHarness, assertNoPings, textOf, type BotHarness } from './support/bot.js';
import { Perm, type EmuUser, type InteractionHandle, type StoredMessage } from './support/discord-emulator.js';
import { startScholarly, testHttp } from './support/sources.js';
import { MALDACENA, DEEP_LEARNING } from './support/scholarly-fixtures.js';
import { paperPdf, samplePaper } from './support/paper-pdf.js';
import type { ScholarlyServer } from './support/scholarly-server.js';
import { attachmentHostAllowed } from '../src/bot/attachments.js';
import { collectionFor, DM_COLLECTION } from '../src/bot/collection.js';
import { PROGRESS_INTERVAL_MS } from '../src/bot/throttle.js';

const EPHEMERAL = 64;
const ADMIN = Perm.ManageGuild | Perm.ViewChannel | Perm.SendMessages;
// Started here, not in before(): its cleanup hook would run at the end of that hook.
const scholarly: ScholarlyServer = await startScholarly();
let h: BotHarness;
let channelB: string;

before(async () => {
  h = await startHarness({
    env: { ...scholarly.env(), ARXIV_INTERVAL_MS: '0', ADD_FETCH_INTERVAL_MS: '0', ADD_ROLES: 'curators' },
    service: { http: testHttp(scholarly) },
    emu: { guilds: [{ roles: [{ name: 'curators' }, { name: 'readers' }] }, { name: 'other server' }] },
  });
  channelB = h.emu.guilds[1]!.channelIds[0]!;
});
after(async () => {
  await h?.close();
});

const final = (i: InteractionHandle) => i.waitForOriginal((m) => m.embeds.length > 0);
const admin = () => ({ user: h.user(), memberPermissions: ADMIN });
const ids = (m: StoredMessage) => textOf(m);
const field = (m: StoredMessage, name: string) => m.embeds.flatMap((e) => e.fields ?? []).find((f) => f.name === name)?.value ?? '';
/** The paper ids in an answer's Sources field. */
const sourceIds = (m: StoredMessage) => [...field(m, 'Sources').matchAll(/`([^`]+)`/g)].map((x) => x[1]);
const collectionA = () => collectionFor(h.settings, h.emu.guild.id);
const collectionB = () => collectionFor(h.settings, h.emu.guilds[1]!.id);
const inCollection = (collection: string, title: string) => h.service.findPapers(undefined, Infinity, { collection }).find((p) => p.title === title);
/** The id papercord gave the paper added in the first server. */
const maldacenaId = () => inCollection(collectionA(), MALDACENA.title)?.id ?? 'hep-th-9711200';

async function refusal(i: InteractionHandle): Promise<StoredMessage> {
  const m = await i.waitForOriginal((x) => x.embeds.length > 0);
  assert.equal(m.flags & EPHEMERAL, EPHEMERAL, 'answered only to the member');
  return m;
}

test('/add by arXiv id adds the paper to this server: its reply names it, /papers and autocomplete here list it, and it never pings', async () => {
  const i = await h.emu.slashCommand('add', { paper: `arXiv:${MALDACENA.id}` }, admin());
  const m = await final(i);
  assert.equal(m.flags & EPHEMERAL, 0, 'the channel sees what was added');
  const added = inCollection(collectionA(), MALDACENA.title);
  assert.ok(added, textOf(m));
  assert.ok(textOf(m).includes(added.id), 'the reply names the paper by its id');
  const papers = await (await h.emu.slashCommand('papers', { search: 'superconformal' }, { user: h.user() })).waitForOriginal();
  assert.ok(ids(papers).includes(added.id));
  const ac = await h.emu.autocomplete('summary', { paper: 'Large N Limit Superconformal' }, 'paper', { user: h.user() });
  await ac.callback();
  assert.ok(ac.choices()!.some((c) => c.value === maldacenaId()), 'autocomplete here offers the added paper');
  assertNoPings(h.emu);
});

test("another server's /ask, /papers and autocomplete never see a paper added in the first", async () => {
  if (!inCollection(collectionA(), MALDACENA.title)) {
    await final(await h.emu.slashCommand('add', { paper: MALDACENA.id }, admin()));
  }
  const question = 'What is the large N limit of superconformal field theories?';
  const inA = await final(await h.emu.slashCommand('ask', { question }, { user: h.user() }));
  assert.ok(sourceIds(inA).includes(maldacenaId()), `the server that added it is answered from it: ${textOf(inA)}`);
  const userB = h.user();
  const inB = await final(await h.emu.slashCommand('ask', { question }, { user: userB, channelId: channelB }));
  assert.ok(!sourceIds(inB).includes(maldacenaId()), textOf(inB));
  assert.ok(!textOf(inB).includes(maldacenaId()));
  const papersB = await (await h.emu.slashCommand('papers', { search: 'superconformal' }, { user: userB, channelId: channelB })).waitForOriginal();
  assert.ok(!textOf(papersB).includes(maldacenaId()));
  const acB = await h.emu.autocomplete('ask', { question: 'x', paper: 'Large N Limit Superconformal' }, 'paper', { user: userB, channelId: channelB });
  await acB.callback();
  assert.ok(!acB.choices()!.some((c) => c.value === maldacenaId()), 'autocomplete there does not offer it');
  assert.ok(!inCollection(collectionB(), MALDACENA.title));
  // A DM belongs to no server: the shipped corpus only.
  assert.ok(!inCollection(DM_COLLECTION, MALDACENA.title));
});

test('/add with a PDF attachment downloads it from the emulated CDN and adds the paper with its full text', async () => {
  const spec = samplePaper(2);
  const pdf = await paperPdf(spec);
  const i = await h.emu.slashCommand('add', { file: { attachment: { filename: 'two-columns.pdf', data: pdf.bytes, contentType: 'application/pdf' } } }, admin());
  const attachmentId = Object.keys(i.payload.data.resolved.attachments)[0]!;
  const m = await final(i);
  assert.ok(h.emu.attachmentDownloads.includes(attachmentId), 'the bot downloaded the attachment');
  const added = h.service.findPapers(undefined, Infinity, { collection: collectionA() }).find((p) => /Two Columns/.test(p.title));
  assert.ok(added, `the PDF's paper is in the collection; reply: ${textOf(m)}`);
  assert.match(textOf(m), new RegExp(added.id.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')));
});

test('/add edits its reply with its progress before the report replaces it', async () => {
  // Every progress line is sent as soon as it comes, and the arXiv lookup waits until the Crossref
  // one has settled and its progress is on the reply.
  h.bot.ctx.progressIntervalMs = 0;
  scholarly.script('arxiv', { hang: true });
  const arxivAsked = scholarly.nextRequest('arxiv');
  try {
    const i = await h.emu.slashCommand('add', { paper: `${MALDACENA.id} https://doi.org/${DEEP_LEARNING.doi}` }, { ...admin(), channelId: channelB });
    await arxivAsked;
    const shown = await i.waitForOriginal((m) => m.embeds.length === 0 && m.content.startsWith('📥'));
    assert.match(shown.content, /\(1\/2\)/, 'the lookup that settled is counted');
    scholarly.endHanging();
    const m = await final(i);
    assert.equal(m.content, '', 'the report replaces the progress line');
    const edits = i.edits.map((e) => e.body as { content?: string; embeds?: unknown[] });
    const firstProgress = edits.findIndex((e) => e.content?.startsWith('📥'));
    const report = edits.findIndex((e) => (e.embeds?.length ?? 0) > 0);
    assert.ok(firstProgress >= 0 && report > firstProgress, JSON.stringify(edits.map((e) => e.content ?? `${e.embeds?.length} embeds`)));
    assertNoPings(h.emu);
  } finally {
    h.bot.ctx.progressIntervalMs = PROGRESS_INTERVAL_MS;
    scholarly.endHanging();
  }
});

test('an attachment larger than PDF_MAX_MB is refused from its size, before any download', async () => {
  const i = await h.emu.slashCommand('add', { file: { attachment: { filename: 'huge.pdf', data: '%PDF-1.7\n%%EOF', contentType: 'application/pdf', size: 50 * 2 ** 20 } } }, admin());
  const attachmentId = Object.keys(i.payload.data.resolved.attachments)[0]!;
  const m = await refusal(i);
  assert.match(textOf(m), /huge\.pdf/);
  assert.ok(!h.emu.attachmentDownloads.includes(attachmentId), 'not downloaded');
});

test('a member without Manage Server or an ADD_ROLES role is refused, saying what is needed; nothing is looked up or downloaded', async () => {
  const before = scholarly.requests.length;
  const user: EmuUser = h.user();
  const i = await h.emu.slashCommand('add', { paper: DEEP_LEARNING.doi, file: { attachment: { filename: 'p.pdf', data: '%PDF-1.7\n%%EOF' } } }, { user, roles: ['readers'] });
  const attachmentId = Object.keys(i.payload.data.resolved.attachments)[0]!;
  const m = await refusal(i);
  assert.match(textOf(m), /Manage Server/);
  assert.match(textOf(m), /curators/);
  assert.equal(scholarly.requests.length, before, 'no paper service asked');
  assert.ok(!h.emu.attachmentDownloads.includes(attachmentId));
  const rm = await refusal(await h.emu.slashCommand('remove', { paper: maldacenaId() }, { user, roles: ['readers'] }));
  assert.match(textOf(rm), /Manage Server/);
});

test('a member with a role ADD_ROLES names (by name) may add', async () => {
  const m = await final(await h.emu.slashCommand('add', { paper: `https://doi.org/${DEEP_LEARNING.doi}` }, { user: h.user(), roles: ['curators'] }));
  assert.equal(m.flags & EPHEMERAL, 0);
  assert.ok(inCollection(collectionA(), DEEP_LEARNING.title), textOf(m));
});

test('/add with neither a paper nor a file says what to give', async () => {
  const m = await refusal(await h.emu.slashCommand('add', {}, admin()));
  assert.match(textOf(m), /paper/);
  assert.match(textOf(m), /file/);
});

test('a ref that is no paper gets a reply that says it was skipped, and nothing is added', async () => {
  const count = h.service.findPapers(undefined, Infinity, { collection: collectionA() }).length;
  const m = await final(await h.emu.slashCommand('add', { paper: 'not-a-paper-reference' }, admin()));
  assert.match(textOf(m), /not-a-paper-reference/);
  assert.equal(h.service.findPapers(undefined, Infinity, { collection: collectionA() }).length, count);
});

test('/remove offers only the papers added here and takes one out of this server only', async () => {
  if (!inCollection(collectionA(), MALDACENA.title)) {
    await final(await h.emu.slashCommand('add', { paper: MALDACENA.id }, admin()));
  }
  const ac = await h.emu.autocomplete('remove', { paper: '' }, 'paper', admin());
  await ac.callback();
  const offered = ac.choices()!.map((c) => c.value);
  assert.ok(offered.includes(maldacenaId()), JSON.stringify(offered));
  const shipped = new Set(h.service.papers.map((p) => p.id));
  assert.ok(offered.every((id) => !shipped.has(String(id))), 'no shipped paper offered');
  const id = maldacenaId();
  const m = await final(await h.emu.slashCommand('remove', { paper: id }, admin()));
  assert.ok(textOf(m).includes(id));
  assert.ok(!inCollection(collectionA(), MALDACENA.title));
  const shippedOne = h.service.papers[0]!;
  const refused = await final(await h.emu.slashCommand('remove', { paper: shippedOne.id }, admin()));
  // The reply says why, and the server still sees the paper.
  assert.match(textOf(refused), /shipped corpus/, textOf(refused));
  assert.equal(h.service.resolvePaper(shippedOne.id, { collection: collectionA() }).id, shippedOne.id, 'a shipped paper stays');
});

test('attachments are fetched only from Discord’s CDN or the configured API host', () => {
  const settings = { discordApiBase: 'https://discord.com/api' };
  assert.ok(attachmentHostAllowed('https://cdn.discordapp.com/attachments/1/2/p.pdf', settings));
  assert.ok(attachmentHostAllowed('https://media.discordapp.net/attachments/1/2/p.pdf', settings));
  assert.ok(!attachmentHostAllowed('http://cdn.discordapp.com/attachments/1/2/p.pdf', settings), 'plain http');
  assert.ok(!attachmentHostAllowed('https://evil.example/attachments/1/2/p.pdf', settings));
  assert.ok(!attachmentHostAllowed('https://discord.com/attachments/1/2/p.pdf', settings), "Discord's API host serves no attachments");
  assert.ok(!attachmentHostAllowed('https://user:pw@cdn.discordapp.com/x', settings));
  const emulated = { discordApiBase: 'http://127.0.0.1:4000/api' };
  assert.ok(attachmentHostAllowed('http://127.0.0.1:4000/attachments/1/2/p.pdf', emulated));
  assert.ok(!attachmentHostAllowed('http://127.0.0.1:4001/attachments/1/2/p.pdf', emulated));
});
