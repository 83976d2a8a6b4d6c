/**
 * Ollama behind a reverse proxy, as operators run it: under a path of the proxy's, and with a
 * user and password that the proxy may refuse or echo in its error pages. Through the real bot,
 * the real ollama client and the Ollama test server acting as such a proxy.
 */
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { startHarness, textOf, type BotHarness } from './support/bot.js';
import { OllamaTestServer } from './support/ollama-server.js';
import { Perm, type StoredMessage } from './support/discord-emulator.js';

const isAnswer = (m: StoredMessage) => m.embeds.some((e) => /^(Written by|Extractive)/.test(e.footer?.text ?? ''));
const footerOf = (m: StoredMessage) => m.embeds.at(-1)?.footer?.text ?? '';
const field = (m: StoredMessage, name: string) => m.embeds.flatMap((e) => e.fields ?? []).find((f) => f.name === name)?.value ?? '';
/** The markdown escapes taken out. */
const plain = (text: string) => text.replace(/\\(.)/g, '$1');

async function ask(h: BotHarness, question: string): Promise<StoredMessage> {
  return (await h.emu.slashCommand('ask', { question }, { user: h.user() })).waitForOriginal(isAnswer, 10_000);
}

async function statusForAdmin(h: BotHarness): Promise<StoredMessage> {
  return (await h.emu.slashCommand('status', {}, { user: h.user(), memberPermissions: Perm.ManageGuild | Perm.ViewChannel })).waitForOriginal((m) => m.embeds.length > 0);
}

test("OLLAMA_HOST with a reverse proxy's path: every request goes under it, the model writes and Ollama embeds, and /status names the address with the path (it was dropped, and the proxy's 404 read as not Ollama)", async () => {
  const server = await OllamaTestServer.start({ pathPrefix: '/ollama' });
  after(() => server.stop());
  const h = await startHarness({ env: { EMBEDDINGS: 'auto', OLLAMA_HOST: `${server.host}/ollama/`, OLLAMA_CONNECT_TIMEOUT_MS: '1000', ANSWER_CACHE_SIZE: '0' } });
  after(() => h.close());
  const address = `${server.host}/ollama`;
  assert.equal(h.settings.ollamaHost, address);
  assert.equal(h.service.info().embedder, 'ollama-nomic-embed-text-768');
  const written = await ask(h, 'What does MentisOculi evaluate?');
  assert.match(footerOf(written), /^Written by llama3\.2:3b/, textOf(written));
  assert.deepEqual(server.requests.filter((r) => r.status === 404).map((r) => `${r.method} ${r.path}`), [], 'no request missed the path');
  const paths = new Set(server.requests.map((r) => r.path));
  for (const p of ['/api/version', '/api/tags', '/api/embed', '/api/chat']) assert.ok(paths.has(p), `no request to ${p}: ${[...paths].join(', ')}`);
  assert.ok(plain(field(await statusForAdmin(h), 'Ollama')).includes(`at ${address}`));
});

const USER = 'ada';
const PASSWORD = 'p@ss:w/rd';
const HEADER = `Basic ${Buffer.from(`${USER}:${PASSWORD}`).toString('base64')}`;
/** Any of these in a log line, a reply or the model status is a leak. */
const SECRETS = [PASSWORD, encodeURIComponent(PASSWORD), HEADER.slice('Basic '.length), `${USER}:`, `${USER}@`];

for (const status of [401, 500]) {
  test(`OLLAMA_AUTO_PULL with a proxy that answers the pulls ${status} and echoes the credentials in its error: neither the log, the replies nor /status show them${status === 401 ? ', and the operator is told to check the user and password' : ''}`, async () => {
    const server = await OllamaTestServer.start({ basicAuth: { user: USER, password: PASSWORD }, models: [], pullable: [{ name: 'llama3.2:3b' }, { name: 'nomic-embed-text', capabilities: ['embedding'] }] });
    after(() => server.stop());
    server.scriptEndpoint('/api/pull', { status, errorMessage: `${status === 401 ? 'denied' : 'upstream failed'}: the request carried Authorization: ${HEADER} (${USER}:${PASSWORD})` });
    const withCredentials = server.host.replace('http://', `http://${USER}:${encodeURIComponent(PASSWORD)}@`);
    const h = await startHarness({ env: { EMBEDDINGS: 'auto', OLLAMA_HOST: withCredentials, OLLAMA_AUTO_PULL: 'true', OLLAMA_CONNECT_TIMEOUT_MS: '1000', ANSWER_CACHE_SIZE: '0' } });
    after(() => h.close());
    const chosen = h.log.lines.find((l) => l.msg === 'embedder chosen');
    assert.match(String(chosen?.fields.why), /does not have nomic-embed-text, and pulling it failed/, h.log.text());
    const answer = await ask(h, 'What does MentisOculi evaluate?');
    assert.match(footerOf(answer), /^Extractive/, textOf(answer));
    await h.log.waitFor((l) => l.msg === 'pulling the chat model failed');
    const status_ = await statusForAdmin(h);
    assert.ok(server.requests.some((r) => r.path === '/api/pull' && r.status === status), 'the pulls were refused');
    const shown = [JSON.stringify(h.emu.message(answer.id)!.history), JSON.stringify(h.emu.message(status_.id)!.history), h.log.text(), JSON.stringify(h.service.modelStatus())];
    for (const text of shown) for (const secret of SECRETS) assert.ok(!text.includes(secret), `${secret} is shown: ${text}`);
    if (status === 401) {
      assert.match(String(chosen?.fields.why), /pulling it failed \(HTTP 401: the user and password given were refused\) \(check the user and password in OLLAMA_HOST/);
      assert.match(plain(textOf(status_)), /Pulling it at \S+ failed \(HTTP 401: the user and password given were refused\)\. Check the user and password in OLLAMA_HOST/);
    }
  });
}
