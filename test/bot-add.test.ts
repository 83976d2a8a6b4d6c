/**
 * /add and /remove end to end: the real discord.js client of the real bot against the Discord
 * emulator (attachments served by it as by Discord's CDN), over the real service, with the paper
 * services served by the scholarly test server. Two servers, each with its own collection.
 */
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startHarness, assertNoPings, textOf, type BotHarness } from './support/bot.js';
import { Perm, type EmuUser, type InteractionHandle, type StoredMessage } from './support/discord-emulator.js';
import { startScholarly } from './support/sources.js';
import { MALDACENA, DEEP_LEARNING } from './support/scholarly-fixtures.js';
import { paperPdf, samplePaper } from './support/paper-pdf.js';
import type { ScholarlyServer } from './support/scholarly-server.js';
import { attachmentHostAllowed } from '../src/bot/attachments.js';
import { collectionFor, DM_COLLECTION } from '../src/bot/collection.js';

const EPHEMERAL = 64;
const ADMIN = Perm.ManageGuild | Perm.ViewChannel | Perm.SendMessages;
let h: BotHarness;
let scholarly: ScholarlyServer;
let channelB: string;

before(async () => {
  scholarly = await startScholarly();
  h = await startHarness({
    env: { ...scholarly.env(), ARXIV_INTERVAL_MS: '0', ADD_FETCH_INTERVAL_MS: '0', ADD_ROLES: 'curators' },
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
const collectionA = () => collectionFor(h.settings, h.emu.guild.id);
const collectionB = () => collectionFor(h.settings, h.emu.guilds[1]!.id);

async function refusal(i: InteractionHandle): Promise<StoredMessage> {
  const m = await i.waitForOriginal((x) => x.embeds.length > 0);
  assert.equal(m.flags & EPHEMERAL, EPHEMERAL, 'answered only to the member');
  return m;
}

test('/add by arXiv id adds the paper to this server: its reply names it, /papers and autocomplete here list it, and it never pings', async () => {
  const i = await h.emu.slashCommand('add', { paper: `arXiv:${MALDACENA.id}` }, admin());
  const m = await final(i);
  assert.equal(m.flags & EPHEMERAL, 0, 'the channel sees what was added');
  assert.match(textOf(m), /hep-th\/9711200/);
  assert.ok(h.service.findPapers(undefined, Infinity, { collection: collectionA() }).some((p) => p.id === MALDACENA.id));
  const papers = await (await h.emu.slashCommand('papers', { search: 'superconformal' }, { user: h.user() })).waitForOriginal();
  assert.match(ids(papers), /hep-th\/9711200/);
  const ac = await h.emu.autocomplete('summary', { paper: 'Large N Limit Superconformal' }, 'paper', { user: h.user() });
  await ac.callback();
  assert.ok(ac.choices()!.some((c) => c.value === MALDACENA.id), 'autocomplete here offers the added paper');
  assertNoPings(h.emu);
});

test("another server's /ask, /papers and autocomplete never see a paper added in the first", async () => {
  if (!h.service.findPapers(undefined, Infinity, { collection: collectionA() }).some((p) => p.id === MALDACENA.id)) {
    await final(await h.emu.slashCommand('add', { paper: MALDACENA.id }, admin()));
  }
  const question = 'What is the large N limit of superconformal field theories?';
  const inA = await final(await h.emu.slashCommand('ask', { question }, { user: h.user() }));
  assert.match(textOf(inA), /hep-th\/9711200|Superconformal/i, 'the server that added it is answered from it');
  const userB = h.user();
  const inB = await final(await h.emu.slashCommand('ask', { question }, { user: userB, channelId: channelB }));
  assert.doesNotMatch(textOf(inB), /hep-th\/9711200|Superconformal Field Theories and Supergravity/i);
  const papersB = await (await h.emu.slashCommand('papers', { search: 'superconformal' }, { user: userB, channelId: channelB })).waitForOriginal();
  assert.doesNotMatch(textOf(papersB), /hep-th\/9711200/);
  const acB = await h.emu.autocomplete('ask', { question: 'x', paper: 'Large N Limit Superconformal' }, 'paper', { user: userB, channelId: channelB });
  await acB.callback();
  assert.ok(!acB.choices()!.some((c) => c.value === MALDACENA.id), 'autocomplete there does not offer it');
  assert.ok(!h.service.findPapers(undefined, Infinity, { collection: collectionB() }).some((p) => p.id === MALDACENA.id));
  // A DM belongs to no server: the shipped corpus only.
  assert.ok(!h.service.findPapers(undefined, Infinity, { collection: DM_COLLECTION }).some((p) => p.id === MALDACENA.id));
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
  const rm = await refusal(await h.emu.slashCommand('remove', { paper: MALDACENA.id }, { user, roles: ['readers'] }));
  assert.match(textOf(rm), /Manage Server/);
});

test('a member with a role ADD_ROLES names (by name) may add', async () => {
  const m = await final(await h.emu.slashCommand('add', { paper: `https://doi.org/${DEEP_LEARNING.doi}` }, { user: h.user(), roles: ['curators'] }));
  assert.equal(m.flags & EPHEMERAL, 0);
  assert.ok(h.service.findPapers(undefined, Infinity, { collection: collectionA() }).some((p) => p.title === DEEP_LEARNING.title), textOf(m));
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
  if (!h.service.findPapers(undefined, Infinity, { collection: collectionA() }).some((p) => p.id === MALDACENA.id)) {
    await final(await h.emu.slashCommand('add', { paper: MALDACENA.id }, admin()));
  }
  const ac = await h.emu.autocomplete('remove', { paper: '' }, 'paper', admin());
  await ac.callback();
  const offered = ac.choices()!.map((c) => c.value);
  assert.ok(offered.includes(MALDACENA.id));
  const shipped = new Set(h.service.papers.map((p) => p.id));
  assert.ok(offered.every((id) => !shipped.has(String(id))), 'no shipped paper offered');
  const m = await final(await h.emu.slashCommand('remove', { paper: MALDACENA.id }, admin()));
  assert.match(textOf(m), /hep-th\/9711200/);
  assert.ok(!h.service.findPapers(undefined, Infinity, { collection: collectionA() }).some((p) => p.id === MALDACENA.id));
  const shippedOne = h.service.papers[0]!;
  const refused = await final(await h.emu.slashCommand('remove', { paper: shippedOne.id }, admin()));
  assert.ok(h.service.papers.some((p) => p.id === shippedOne.id), `a shipped paper stays; reply: ${textOf(refused)}`);
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
