/**
 * Ollama behind a reverse proxy with basic auth, its user and password written in OLLAMA_HOST
 * (https://user:password@host:port): through the real bot, the real ollama client and the
 * Ollama test server asking for them as such a proxy does. They were dropped from the address,
 * so every request got the proxy's 401 and the operator was told the server was not Ollama.
 */
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { startHarness, textOf, type BotHarness } from './support/bot.js';
import { OllamaTestServer } from './support/ollama-server.js';
import { Perm, type StoredMessage } from './support/discord-emulator.js';
import { captureLog, testSettings } from './support/env.js';
import { PapercordService } from '../src/service.js';
import { isPapercordError } from '../src/errors.js';
import { ollamaClient } from '../src/ollama/client.js';

const USER = 'ada';
/** Characters that end a part of a URL unless escaped: the address carries it as p%40ss%3Aw%2Frd. */
const PASSWORD = 'p@ss:w/rd';
const HEADER = `Basic ${Buffer.from(`${USER}:${PASSWORD}`).toString('base64')}`;
/** Any of these in a log line, a reply or /status is a leak. */
const SECRETS = [PASSWORD, encodeURIComponent(PASSWORD), HEADER.slice('Basic '.length), `${USER}:`, `${USER}@`];
/** The secrets proper, for text that quotes the address: the user name beside a password is not one. */
const PASSWORDS = SECRETS.slice(0, 3);

const isAnswer = (m: StoredMessage) => m.embeds.some((e) => /^(Written by|Extractive)/.test(e.footer?.text ?? ''));
const footerOf = (m: StoredMessage) => m.embeds.at(-1)?.footer?.text ?? '';
const field = (m: StoredMessage, name: string) => m.embeds.flatMap((e) => e.fields ?? []).find((f) => f.name === name)?.value ?? '';
/** The markdown escapes taken out. */
const plain = (text: string) => text.replace(/\\(.)/g, '$1');

function assertNoSecret(text: string, where: string, secrets = SECRETS): void {
  for (const secret of secrets) assert.ok(!text.includes(secret), `${where} shows ${secret}: ${text}`);
}

async function ask(h: BotHarness, question: string): Promise<StoredMessage> {
  return (await h.emu.slashCommand('ask', { question }, { user: h.user() })).waitForOriginal(isAnswer, 10_000);
}

async function statusForAdmin(h: BotHarness): Promise<StoredMessage> {
  return (await h.emu.slashCommand('status', {}, { user: h.user(), memberPermissions: Perm.ManageGuild | Perm.ViewChannel })).waitForOriginal((m) => m.embeds.length > 0);
}

const server = await OllamaTestServer.start({ basicAuth: { user: USER, password: PASSWORD } });
after(() => server.stop());
const withCredentials = server.host.replace('http://', `http://${USER}:${encodeURIComponent(PASSWORD)}@`);
const env = { EMBEDDINGS: 'auto', OLLAMA_CONNECT_TIMEOUT_MS: '1000', ANSWER_CACHE_SIZE: '0' };

test('OLLAMA_HOST with a user and password: every request carries them as basic auth, the model writes and Ollama embeds; the log, /status and answers show the host without them; once the proxy refuses them, /status says to check them in OLLAMA_HOST', async () => {
  server.requireAuth({ user: USER, password: PASSWORD });
  const h = await startHarness({ env: { ...env, OLLAMA_HOST: withCredentials } });
  after(() => h.close());
  assert.equal(h.settings.ollamaHost, server.host);
  assert.equal(h.service.info().embedder, 'ollama-nomic-embed-text-768');

  const written = await ask(h, 'What does MentisOculi evaluate?');
  assert.match(footerOf(written), /^Written by llama3\.2:3b/, textOf(written));
  const paths = new Set(server.requests.map((r) => r.path));
  for (const p of ['/api/version', '/api/tags', '/api/embed', '/api/show', '/api/chat']) assert.ok(paths.has(p), `no request to ${p}: ${[...paths].join(', ')}`);
  assert.deepEqual(server.requests.filter((r) => r.authorization !== HEADER).map((r) => `${r.method} ${r.path}`), [], 'every request carries the credentials');

  const up = await statusForAdmin(h);
  assert.match(plain(field(up, 'Ollama')), new RegExp(`writes the answers[\\s\\S]*at ${server.host}`));

  // The proxy's password changes and papercord still has the old one.
  server.requireAuth({ user: USER, password: 'rotated' });
  const refused = await ask(h, 'How does PhaseCoder localize sound?');
  assert.match(footerOf(refused), /^Extractive/, textOf(refused));
  assert.match(plain(field(refused, '⚠️ Note')), /The model server refused papercord, so this answer is quoted from the abstracts instead of written by llama3\.2:3b\. A server admin can see why in \/status\.$/);
  assert.doesNotMatch(textOf(refused), /127\.0\.0\.1|OLLAMA_HOST|HTTP 401/, 'the operator\'s detail is not shown to members');
  const told = await statusForAdmin(h);
  const ollama = plain(field(told, 'Ollama'));
  assert.ok(ollama.includes(`${server.host} refused papercord (HTTP 401: the user and password given were refused)`), ollama);
  assert.match(ollama, /Check the user and password in OLLAMA_HOST, written in the address: https:\/\/user:password@host:port\./);
  assert.doesNotMatch(ollama, /ollama serve|not an Ollama server/);
  const embedder = plain(field(told, 'Embedder'));
  assert.ok(embedder.includes(`Ollama at ${server.host} refused an embedding request (HTTP 401: the user and password given were refused)`), embedder);
  assert.match(embedder, /Check the user and password in OLLAMA_HOST/);
  assert.ok(h.log.lines.some((l) => l.level === 'warn' && l.msg === 'ollama host refused papercord' && l.fields.host === server.host), h.log.text());

  for (const m of [written, refused, up, told]) assertNoSecret(JSON.stringify(h.emu.message(m.id)!.history), 'a reply');
  assertNoSecret(h.log.text(), 'the log');
  assertNoSecret(JSON.stringify(h.service.modelStatus()), 'the model status');
  assertNoSecret(JSON.stringify(h.settings), 'the settings printed whole');
});

test('OLLAMA_HOST without the user and password the proxy asks for: extractive answers and the local embedder, and the start-up log and /status say to put them in OLLAMA_HOST, not that Ollama is down or not Ollama', async () => {
  server.requireAuth({ user: USER, password: PASSWORD });
  const h = await startHarness({ env: { ...env, OLLAMA_HOST: server.host } });
  after(() => h.close());
  const asks = '(HTTP 401: it asks for a user and password, and none is given)';
  const startup = h.log.lines.find((l) => l.level === 'warn' && l.msg === 'ollama refused papercord: answers will be extractive, check the user and password in OLLAMA_HOST');
  assert.ok(startup, h.log.text());
  assert.equal(startup.fields.hosts, `${server.host} refused papercord ${asks}`);
  const chosen = h.log.lines.find((l) => l.msg === 'embedder chosen');
  assert.equal(chosen?.fields.embedder, h.service.info().embedder);
  assert.match(String(chosen?.fields.why), /^Ollama at http:\/\/127\.0\.0\.1:\d+ refused papercord \(HTTP 401: it asks for a user and password, and none is given\) \(check the user and password in OLLAMA_HOST, .*\); using the built-in local embedder$/);

  const m = await ask(h, 'What does MentisOculi evaluate?');
  assert.match(footerOf(m), /^Extractive/, textOf(m));
  assert.match(plain(field(m, '⚠️ Note')), /^The model server refused papercord, so this answer is quoted from the abstracts/);
  const ollama = plain(field(await statusForAdmin(h), 'Ollama'));
  assert.ok(ollama.includes(`${server.host} refused papercord ${asks}: answers are extractive. Check the user and password in OLLAMA_HOST`), ollama);
  assert.doesNotMatch(ollama, /ollama serve|not an Ollama server|No Ollama server answered/);

  // EMBEDDINGS=ollama stops at start-up with the same reason and fix.
  const refusedOpen = await PapercordService.open(await testSettings({ EMBEDDINGS: 'ollama', OLLAMA_HOST: server.host }), { log: captureLog(), writer: null }).then(
    () => null,
    (e: unknown) => e,
  );
  assert.ok(isPapercordError(refusedOpen), String(refusedOpen));
  assert.equal(refusedOpen.message, `EMBEDDINGS=ollama but Ollama at ${server.host} refused papercord ${asks}.`);
  assert.match(refusedOpen.hint ?? '', /^Check the user and password in OLLAMA_HOST, written in the address: https:\/\/user:password@host:port, or set EMBEDDINGS=auto/);
});

test('an error reply from a host with a user and no password, or a short password, reaches the operator as written, with only real secrets taken out', async () => {
  const page = 'Unauthorized: bad user, header dTpwLHE=';
  const fetchPage: typeof fetch = async () => new Response(page, { status: 401 });
  const errorOf = async (host: string) => {
    const s = await testSettings({ OLLAMA_HOST: host });
    try {
      await ollamaClient(s.ollamaHost, s.ollamaAuth, { fetch: fetchPage }).list();
    } catch (e) {
      return (e as Error).message;
    }
    assert.fail('the 401 reply is an error');
  };
  // An empty password replaced everywhere put [redacted] between every letter; "ab" replaced every "ab".
  assert.equal(await errorOf('http://tok@127.0.0.1:9'), page);
  assert.equal(await errorOf('http://u:ab@127.0.0.1:9'), page);
  // A token given as the user is the secret: taken out as a password is.
  const echoing: typeof fetch = async () => new Response('no such user longtoken123', { status: 401 });
  const s = await testSettings({ OLLAMA_HOST: 'http://longtoken123@127.0.0.1:9' });
  await assert.rejects(ollamaClient(s.ollamaHost, s.ollamaAuth, { fetch: echoing }).list(), (e: Error) => e.message === 'no such user [redacted]');
});

test('an error line streamed inside a 200 reply that echoes the credentials (Ollama behind a proxy that quotes the request): the cut-off answer, the extractive one, /status and the log show none of them', async () => {
  server.requireAuth({ user: USER, password: PASSWORD });
  // A proxy's words for a request it let through and then lost, quoting what it was sent.
  const echo = `upstream reset; request had Authorization: ${HEADER}, url http://${USER}:${encodeURIComponent(PASSWORD)}@ollama, user ${USER}:${PASSWORD}`;
  const h = await startHarness({ env: { ...env, OLLAMA_HOST: withCredentials } });
  after(() => h.close());

  server.scriptOnce({ reply: 'MentisOculi evaluates mental imagery [1]. It then goes on and on', failAfterChunks: 6, errorMessage: echo });
  const cut = await ask(h, 'What does MentisOculi evaluate?');
  assert.match(footerOf(cut), /^Written by/, textOf(cut));
  assert.equal(plain(field(cut, '⚠️ Note')), 'The model stopped with an error part-way, so the answer is cut off.');
  const cutLine = await h.log.waitFor((l) => l.msg === 'answer cut off');
  assert.match(String(cutLine.fields.error), /upstream reset; request had Authorization: Basic \[redacted\]/, h.log.text());

  server.scriptOnce({ failAfterChunks: 0, errorMessage: echo });
  const failed = await ask(h, 'How does PhaseCoder localize sound?');
  assert.match(footerOf(failed), /^Extractive/, textOf(failed));
  const told = await statusForAdmin(h);
  assert.match(plain(field(told, 'Ollama')), /upstream reset; request had Authorization: Basic \[redacted\]/);

  for (const m of [cut, failed, told]) assertNoSecret(JSON.stringify(h.emu.message(m.id)!.history), 'a reply', PASSWORDS);
  assertNoSecret(h.log.text(), 'the log', PASSWORDS);
  assertNoSecret(JSON.stringify(h.service.modelStatus()), 'the model status', PASSWORDS);
});
