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
