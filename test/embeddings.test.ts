import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import net from 'node:net';
import v8 from 'node:v8';
import vm from 'node:vm';
import { LocalEmbedder } from '../src/embed/local.js';
import { chooseEmbedder, localEmbedderId } from '../src/embed/select.js';
import { OllamaEmbedder, embeddingPrefixes } from '../src/embed/ollama.js';
import { probeOllama } from '../src/ollama/probe.js';
import { PapercordService } from '../src/service.js';
import type { PapercordError } from '../src/errors.js';
import { OllamaTestServer, DEFAULT_MODELS } from './support/ollama-server.js';
import { testSettings, captureLog } from './support/env.js';

const dot = (a: number[], b: number[]) => a.reduce((s, x, i) => s + x * b[i]!, 0);

test('the local embedder is deterministic, unit length, and puts related texts closer', async () => {
  const e = LocalEmbedder.fit(['spatial audio encoder for microphones', 'video reasoning benchmark', 'submodular maximization algorithm']);
  const [a, b] = await e.embedDocuments(['spatial audio encoder', 'spatial audio encoder']);
  assert.deepEqual(a, b);
  assert.equal(a!.length, 512);
  assert.ok(Math.abs(dot(a!, a!) - 1) < 1e-9);
  const q = await e.embedQuery('audio encoders for microphone arrays');
  const near = await e.embedQuery('a spatial audio encoder that works with any microphone');
  const far = await e.embedQuery('approximation ratio of a dynamic submodular algorithm');
  assert.ok(dot(q, near) > dot(q, far) + 0.2);
  // The fitted state round-trips.
  const again = LocalEmbedder.fromState(JSON.parse(JSON.stringify(e.toState())));
  assert.deepEqual(await again.embedQuery('audio'), await e.embedQuery('audio'));
});

test('words that name Object.prototype properties ("constructor") are counted like any other word', async () => {
  const embedder = LocalEmbedder.fit(['a type constructor for lists', 'the constructor of a class', 'sorting lists quickly']);
  assert.equal(embedder.toState().df.constructor, 2);
  const v = await embedder.embedQuery('which paper builds a type constructor?');
  assert.ok(v.every(Number.isFinite), 'a finite vector');
  assert.ok(v.some((x) => x !== 0));
});

test('Ollama embeddings go through the real client in batches, with the model\'s task prefixes', async () => {
  const server = await OllamaTestServer.start();
  after(() => server.stop());
  const embedder = await OllamaEmbedder.connect(server.host, 'nomic-embed-text', { batchSize: 4, timeoutMs: 5000, probeTimeoutMs: 2000, auth: new Map() });
  assert.equal(embedder.dims, 768);
  const texts = Array.from({ length: 10 }, (_, i) => `document number ${i}`);
  const progress: number[] = [];
  const vectors = await embedder.embedDocuments(texts, (done) => progress.push(done));
  assert.equal(vectors.length, 10);
  assert.deepEqual(progress, [4, 8, 10]);
  const embeds = server.requests.filter((r) => r.path === '/api/embed').map((r) => r.body as { input: string | string[] });
  const batches = embeds.filter((b) => Array.isArray(b.input)) as { input: string[] }[];
  assert.deepEqual(batches.map((b) => b.input.length), [4, 4, 2]);
  assert.ok(batches.flatMap((b) => b.input).every((t) => t.startsWith('search_document: ')));
  await embedder.embedQuery('what is in document 3?');
  assert.equal((server.requests.at(-1)!.body as { input: string }).input, 'search_query: what is in document 3?');
  assert.deepEqual(embeddingPrefixes('mxbai-embed-large').document, '');
});

test('EMBEDDINGS=auto picks Ollama when it has the model, and the local embedder otherwise, saying why', async () => {
  const server = await OllamaTestServer.start();
  after(() => server.stop());
  const withModel = await chooseEmbedder(await testSettings({ EMBEDDINGS: 'auto', OLLAMA_HOST: server.host }), captureLog());
  assert.equal(withModel.embedder?.model, 'nomic-embed-text');
  assert.match(withModel.reason, /Ollama nomic-embed-text/);

  server.setModels(DEFAULT_MODELS.filter((m) => !m.name.startsWith('nomic')));
  const without = await chooseEmbedder(await testSettings({ EMBEDDINGS: 'auto', OLLAMA_HOST: server.host }), captureLog());
  assert.equal(without.embedder, null);
  assert.equal(without.id, localEmbedderId());
  assert.match(without.reason, /ollama pull nomic-embed-text/);

  await assert.rejects(chooseEmbedder(await testSettings({ EMBEDDINGS: 'ollama', OLLAMA_HOST: server.host }), captureLog()), /EMBEDDINGS=ollama but/);
});

test('OLLAMA_AUTO_PULL=true pulls a missing embedding model at start-up, logging its progress, and uses it; a name that cannot be pulled says to check it', async () => {
  const nomic = DEFAULT_MODELS.filter((m) => m.name.startsWith('nomic'));
  const server = await OllamaTestServer.start({ models: DEFAULT_MODELS.filter((m) => !m.name.startsWith('nomic')), pullable: nomic, pullSteps: 4 });
  after(() => server.stop());
  const log = captureLog();
  const choice = await chooseEmbedder(await testSettings({ EMBEDDINGS: 'ollama', OLLAMA_AUTO_PULL: 'true', OLLAMA_HOST: server.host }), log);
  assert.equal(choice.embedder?.id, 'ollama-nomic-embed-text-768');
  assert.deepEqual(server.requests.filter((r) => r.path === '/api/pull').map((r) => JSON.stringify(r.body).includes('"nomic-embed-text"')), [true]);
  const pullLines = log.lines.filter((l) => l.fields.model === 'nomic-embed-text').map((l) => l.msg);
  assert.equal(pullLines[0], 'pulling the embedding model (OLLAMA_AUTO_PULL=true)');
  assert.ok(pullLines.includes('pull progress'), log.text());
  assert.equal(pullLines.at(-1), 'pulled the embedding model');

  await assert.rejects(chooseEmbedder(await testSettings({ EMBEDDINGS: 'ollama', OLLAMA_AUTO_PULL: 'true', OLLAMA_EMBED_MODEL: 'nomic-embed-txet', OLLAMA_HOST: server.host }), captureLog()), (e: PapercordError) => {
    assert.match(e.message, /^EMBEDDINGS=ollama but Ollama at \S+ does not have nomic-embed-txet, and pulling it failed \(/);
    assert.match(e.hint!, /^Check the name in OLLAMA_EMBED_MODEL/);
    return true;
  });
  // A pull that fails on the way to the registry says nothing against the name.
  const offline = await OllamaTestServer.start({ models: DEFAULT_MODELS.filter((m) => !m.name.startsWith('nomic')), pullable: nomic });
  after(() => offline.stop());
  offline.scriptEndpoint('/api/pull', { status: 500, errorMessage: 'pull model manifest: Get "https://registry.ollama.ai/v2/library/nomic-embed-text/manifests/latest": dial tcp: lookup registry.ollama.ai: no such host' });
  await assert.rejects(chooseEmbedder(await testSettings({ EMBEDDINGS: 'ollama', OLLAMA_AUTO_PULL: 'true', OLLAMA_HOST: offline.host }), captureLog()), (e: PapercordError) => {
    assert.match(e.hint!, /^Try again once the server can reach the model registry, or pull it yourself: ollama pull nomic-embed-text/);
    return true;
  });
});

test('an Ollama host that accepts connections but never answers is given up on within the connect timeout', async () => {
  const sockets: net.Socket[] = [];
  const blackhole = net.createServer((s) => sockets.push(s));
  await new Promise<void>((r) => blackhole.listen(0, '127.0.0.1', r));
  after(() => {
    for (const s of sockets) s.destroy();
    blackhole.close();
  });
  const port = (blackhole.address() as net.AddressInfo).port;
  const choice = await chooseEmbedder(await testSettings({ EMBEDDINGS: 'auto', OLLAMA_HOST: `http://127.0.0.1:${port}`, OLLAMA_CONNECT_TIMEOUT_MS: '300' }), captureLog());
  assert.equal(choice.embedder, null);
  assert.match(choice.reason, /unreachable/);
  // Given up on its own timeout, not on a TCP or fetch default (minutes).
  assert.match(choice.reason, /unreachable \(no answer within 300 ms, OLLAMA_CONNECT_TIMEOUT_MS\)/);
});

test('an embed endpoint that accepts the request and never answers is given up on within the connect timeout at start-up, naming the host and the setting', { timeout: 20_000 }, async () => {
  const server = await OllamaTestServer.start();
  after(() => server.stop());
  server.scriptEndpoint('/api/embed', { hang: true });
  const env = { OLLAMA_HOST: server.host, OLLAMA_CONNECT_TIMEOUT_MS: '300' };
  const log = captureLog();
  const choice = await chooseEmbedder(await testSettings({ EMBEDDINGS: 'auto', ...env }), log);
  assert.equal(choice.embedder, null);
  assert.equal(choice.reason, `Ollama at ${server.host} did not answer an embedding request with nomic-embed-text within 300 ms (OLLAMA_CONNECT_TIMEOUT_MS); using the built-in local embedder`);
  assert.match(String(log.lines.find((l) => l.msg === 'ollama embeddings failed; using the local embedder')?.fields.fix), /raise OLLAMA_CONNECT_TIMEOUT_MS/);
  await assert.rejects(chooseEmbedder(await testSettings({ EMBEDDINGS: 'ollama', ...env }), captureLog()), (e: PapercordError) => {
    assert.equal(e.code, 'TIMEOUT');
    assert.match(e.message, /^EMBEDDINGS=ollama, but Ollama at http:\/\/127\.0\.0\.1:\d+ did not answer an embedding request with nomic-embed-text within 300 ms \(OLLAMA_CONNECT_TIMEOUT_MS\)/);
    assert.match(e.hint!, /restart it \(ollama serve\)/);
    return true;
  });
});

test('an ingest batch that Ollama never embeds stops the build within OLLAMA_EMBED_TIMEOUT_MS, naming the host, the setting and how far it got', { timeout: 20_000 }, async () => {
  const server = await OllamaTestServer.start();
  after(() => server.stop());
  const embedder = await OllamaEmbedder.connect(server.host, 'nomic-embed-text', { batchSize: 2, timeoutMs: 300, probeTimeoutMs: 2000, auth: new Map() });
  server.scriptEndpoint('/api/embed', { hang: true });
  await assert.rejects(embedder.embedDocuments(['one text', 'two texts', 'three texts']), (e: PapercordError) => {
    assert.equal(e.code, 'TIMEOUT');
    assert.equal(e.message, `Could not embed the corpus at chunk 1 of 3: Ollama at ${server.host} did not answer an embedding request with nomic-embed-text within 300 ms (OLLAMA_EMBED_TIMEOUT_MS).`);
    return true;
  });
  server.scriptEndpoint('/api/embed', { status: 500 });
  await assert.rejects(embedder.embedDocuments(['one text']), /^PapercordError: Could not embed the corpus at chunk 1 of 1: Ollama at http:\S+ failed to embed with nomic-embed-text \(ResponseError: /);
});

test('the connect timeout still ends the wait when garbage is collected meanwhile (npm start loads discord.js, which collects within 2 s)', async () => {
  const sockets: net.Socket[] = [];
  const blackhole = net.createServer((s) => sockets.push(s));
  await new Promise<void>((r) => blackhole.listen(0, '127.0.0.1', r));
  v8.setFlagsFromString('--expose-gc');
  const gc = vm.runInNewContext('gc') as () => void;
  const collecting = setInterval(gc, 20);
  after(() => {
    clearInterval(collecting);
    for (const s of sockets) s.destroy();
    blackhole.close();
  });
  const port = (blackhole.address() as net.AddressInfo).port;
  // An AbortSignal.timeout() held only by AbortSignal.any() was collected and never fired: the probe waited for ever.
  let guard: NodeJS.Timeout | undefined;
  const gaveUp = new Promise<never>((_, reject) => (guard = setTimeout(() => reject(new Error('the probe was still waiting 10 s later')), 10_000)));
  const result = await Promise.race([probeOllama(`http://127.0.0.1:${port}`, 300, new Map()), gaveUp]).finally(() => clearTimeout(guard));
  assert.equal(result.reachable, false);
  assert.match(result.error ?? '', /no answer within 300 ms/);
});

test('a service on Ollama embeddings builds its own index and answers from it', async () => {
  const server = await OllamaTestServer.start();
  after(() => server.stop());
  const service = await PapercordService.open(await testSettings({ EMBEDDINGS: 'ollama', OLLAMA_HOST: server.host }), { log: captureLog() });
  assert.match(service.info().embedder, /^ollama-nomic-embed-text-768$/);
  // The embedder choice and the writer asked at the same moment, and shared one probe.
  assert.deepEqual(server.requests.filter((r) => r.path === '/api/version' || r.path === '/api/tags').map((r) => r.path).sort(), ['/api/tags', '/api/version']);
  const hits = await service.retriever.search('spatial audio encoder agnostic to microphone geometry');
  assert.equal(hits.hits[0]?.paper.id, 'dementyev26a');
});
