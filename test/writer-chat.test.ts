/**
 * The writer (src/writer/writer.ts + chat.ts) through the real `ollama` client against the fake
 * Ollama server: what is sent, and how every failure ends.
 */
import { test, describe, before, after, beforeEach } from 'node:test';
import assert from 'node:assert/strict';
import { OllamaTestServer, MID_STREAM_ERROR, DEFAULT_MODELS } from './support/ollama-server.js';
import { captureLog, testSettings } from './support/env.js';
import { OllamaWriter } from '../src/writer/writer.js';
import { isWriterError, type WriterFailure } from '../src/writer/errors.js';
import { isPapercordError } from '../src/errors.js';
import type { ProgressEvent } from '../src/types.js';
import type { ChatMessage } from '../src/writer/prompts.js';
import { noticeText } from '../src/notice.js';

const MESSAGES: ChatMessage[] = [
  { role: 'system', content: 'Answer from the sources.' },
  { role: 'user', content: '<sources>\n[1] A paper (paper id: p1)\nIt measures things. It is good.\n</sources>\n\n<question>\nWhat does it do?\n</question>' },
];

async function writerFor(env: Record<string, string>) {
  const log = captureLog();
  const writer = new OllamaWriter(await testSettings(env), log);
  after(() => writer.close());
  return { writer, log };
}

function failsWith(kind: WriterFailure, message?: RegExp) {
  return (e: unknown) => {
    assert.ok(isWriterError(e), `expected a WriterError, got ${String(e)}`);
    assert.equal(e.kind, kind);
    if (message) assert.match(e.message, message);
    return true;
  };
}

const isCancelled = (e: unknown) => isPapercordError(e) && e.code === 'CANCELLED';

describe('the writer against one server', () => {
  let server: OllamaTestServer;
  before(async () => {
    server = await OllamaTestServer.start({ pullable: [], pullStepDelayMs: 0 });
  });
  after(() => server.stop());
  beforeEach(() => server.reset());

  test('a streamed chat with the model, num_ctx, temperature, num_predict and keep_alive; text arrives piece by piece', async () => {
    const { writer } = await writerFor({ OLLAMA_HOST: server.host, OLLAMA_NUM_CTX: '8192', OLLAMA_TEMPERATURE: '0.4', OLLAMA_KEEP_ALIVE: '3m' });
    const seen: string[] = [];
    const events: ProgressEvent[] = [];
    const gen = await writer.generate({ messages: MESSAGES, numPredict: 300 }, { onText: (t) => seen.push(t), onProgress: (e) => events.push(e) });
    assert.equal(gen.text, 'A paper (paper id: p1) It measures things. [1]');
    assert.equal(gen.model, 'llama3.2:3b');
    assert.equal(gen.host, server.host);
    assert.equal(gen.cut, undefined);
    assert.ok(seen.length > 3, 'streamed in pieces');
    assert.equal(seen.at(-1), gen.raw);
    assert.deepEqual(events, [{ type: 'started' }]);
    const sent = server.chats[0]!;
    assert.equal(sent.model, 'llama3.2:3b');
    assert.equal(sent.stream, true);
    assert.deepEqual(sent.options, { num_ctx: 8192, temperature: 0.4, num_predict: 300 });
    assert.equal(sent.keep_alive, '3m');
    assert.equal('think' in sent.body, false, 'no think field for a model without the thinking capability');
    assert.deepEqual(sent.messages.map((m) => [m.role, m.content]), MESSAGES.map((m) => [m.role, m.content]));
    assert.equal(writer.status().latency.count, 1);
  });

  test('think: false goes only to thinking models; <think> in the content is removed', async () => {
    const { writer: qwen } = await writerFor({ OLLAMA_HOST: server.host, OLLAMA_CHAT_MODEL: 'qwen3:4b' });
    server.script({ reply: 'Measured [1].', thinking: 'SECRET REASONING' });
    const g1 = await qwen.generate({ messages: MESSAGES });
    assert.equal(server.chats[0]!.think, false);
    assert.equal(g1.text, 'Measured [1].');

    const { writer: llama } = await writerFor({ OLLAMA_HOST: server.host });
    server.script({ reply: 'Measured [1].', thinking: 'SECRET REASONING', thinkInContent: true });
    const seen: string[] = [];
    const g2 = await llama.generate({ messages: MESSAGES }, { onText: (t) => seen.push(t) });
    assert.equal(server.chats[1]!.think, undefined);
    assert.match(g2.raw, /<think>/);
    assert.equal(g2.text, 'Measured [1].');
  });

  test('slow first token: a timeout message within the limit, and the request is closed', async () => {
    const { writer } = await writerFor({ OLLAMA_HOST: server.host, OLLAMA_FIRST_TOKEN_TIMEOUT_MS: '150' });
    server.script({ firstTokenDelayMs: 5000 });
    const ended = server.waitForRequestEnd((r) => r.path === '/api/chat');
    await assert.rejects(writer.generate({ messages: MESSAGES }), failsWith('timeout', /did not start answering within 150 ms .*OLLAMA_FIRST_TOKEN_TIMEOUT_MS/));
    // The server holds the first token for 5 s: the client closing the request proves it gave up first.
    assert.equal((await ended).outcome, 'client-closed');
  });

  test('total timeout after some text: the text is kept and marked cut off', async () => {
    const { writer } = await writerFor({ OLLAMA_HOST: server.host, OLLAMA_TIMEOUT_MS: '600' });
    server.script({ reply: 'First claim [1]. Second claim', hangAfterChunks: 4 });
    const gen = await writer.generate({ messages: MESSAGES });
    assert.equal(gen.cut, 'timeout');
    assert.equal(gen.text, 'First claim [1]. Second');
    assert.deepEqual(gen.notice, { said: 'The model was stopped after 600 ms, so the answer is cut off.', forOperator: 'OLLAMA_TIMEOUT_MS sets the time allowed.' });
  });

  test('an error line mid-stream, or a dropped connection: partial text kept, marked cut off', async () => {
    const { writer } = await writerFor({ OLLAMA_HOST: server.host });
    server.script({ reply: 'First claim [1]. Second claim', failAfterChunks: 3 });
    const errored = await writer.generate({ messages: MESSAGES });
    assert.equal(errored.cut, 'stream-error');
    assert.equal(errored.text, 'First claim [1].');
    assert.ok(errored.notice!.forOperator!.includes(MID_STREAM_ERROR), errored.notice!.forOperator);
    assert.ok(!errored.notice!.said.includes(MID_STREAM_ERROR), 'the server\'s words are the operator\'s to read');

    server.script({ reply: 'First claim [1]. Second claim', destroyAfterChunks: 3 });
    const dropped = await writer.generate({ messages: MESSAGES });
    assert.equal(dropped.cut, 'stream-error');
    assert.equal(dropped.text, 'First claim [1].');
    assert.match(dropped.notice!.said, /stopped with an error part-way/);

    server.script({ failAfterChunks: 0, errorMessage: 'CUDA error: out of memory' });
    await assert.rejects(writer.generate({ messages: MESSAGES }), failsWith('failed', /CUDA error: out of memory/));
  });

  test('a stream that ends without its done line keeps its text, cut off; malformed lines are skipped', async (t) => {
    const warn = t.mock.method(console, 'warn', () => {});
    const { writer } = await writerFor({ OLLAMA_HOST: server.host });
    server.script({ reply: 'Claim [1].', omitDone: true });
    const gen = await writer.generate({ messages: MESSAGES });
    assert.equal(gen.text, 'Claim [1].');
    assert.equal(gen.cut, 'stream-error');
    server.script({ reply: 'Still fine [1].', malformed: true });
    const ok = await writer.generate({ messages: MESSAGES });
    assert.equal(ok.text, 'Still fine [1].');
    assert.equal(ok.cut, undefined);
    assert.equal(warn.mock.callCount(), 1);
  });

  test('a model that is not pulled: the message gives the exact ollama pull command', async () => {
    const { writer } = await writerFor({ OLLAMA_HOST: server.host });
    server.setModels(DEFAULT_MODELS.filter((m) => m.name !== 'llama3.2:3b'));
    await assert.rejects(writer.generate({ messages: MESSAGES }), failsWith('not-found', /not installed .* run: ollama pull llama3\.2:3b/));
    assert.equal(server.chats.length, 0, '/api/show already said 404');
    assert.match(writer.status().lastError!.message, /ollama pull llama3\.2:3b/);
  });

  test('503 busy: retried with back-off, then a clear message; a single 503 is retried through', async () => {
    const { writer } = await writerFor({ OLLAMA_HOST: server.host, OLLAMA_BUSY_RETRIES: '2', OLLAMA_RETRY_DELAY_MS: '5' });
    server.script({ status: 503 });
    const notices: string[] = [];
    await assert.rejects(
      writer.generate({ messages: MESSAGES }, { onProgress: (e) => e.type === 'notice' && notices.push(noticeText(e.notice)) }),
      failsWith('busy', /stayed busy after 3 attempts/),
    );
    assert.equal(server.chats.length, 3);
    assert.deepEqual(notices, ['The model server is busy; trying again (1/2).', 'The model server is busy; trying again (2/2).']);

    server.reset();
    server.scriptOnce({ status: 503 });
    const gen = await writer.generate({ messages: MESSAGES });
    assert.equal(gen.text, 'A paper (paper id: p1) It measures things. [1]');
    assert.equal(server.chats.length, 2);
  });

  test('cancelled while waiting for the first token: CANCELLED, and the server sees the client leave', async () => {
    const { writer } = await writerFor({ OLLAMA_HOST: server.host });
    server.script({ hang: true });
    const ctrl = new AbortController();
    const pending = writer.generate({ messages: MESSAGES }, { signal: ctrl.signal });
    const seen = await server.waitForRequest((r) => r.path === '/api/chat');
    const ended = server.waitForRequestEnd((r) => r.id === seen.id);
    ctrl.abort();
    await assert.rejects(pending, isCancelled);
    assert.equal((await ended).outcome, 'client-closed');
  });
});

describe('the writer when servers come and go', () => {
  test('unreachable: a clear message, then the server comes back and is used without a restart', async () => {
    const server = await OllamaTestServer.start();
    after(() => server.stop());
    await server.stop();
    const { writer } = await writerFor({ OLLAMA_HOST: server.host });
    const report = await writer.start();
    assert.equal(report?.ready, false);
    assert.equal(writer.status().reachable, false);
    await assert.rejects(writer.generate({ messages: MESSAGES }), failsWith('unreachable', new RegExp(`No Ollama server answered at ${server.host}`)));
    await server.restart();
    const gen = await writer.generate({ messages: MESSAGES });
    assert.match(gen.text, /\[1\]$/);
    assert.equal(writer.status().reachable, true);
  });

  test('a server that was down and is back: the log says once that the model is used again, not at every answer', async () => {
    const server = await OllamaTestServer.start();
    after(() => server.stop());
    await server.stop();
    const { writer, log } = await writerFor({ OLLAMA_HOST: server.host });
    await writer.start();
    await assert.rejects(writer.generate({ messages: MESSAGES }), failsWith('unreachable'));
    await assert.rejects(writer.generate({ messages: MESSAGES }), failsWith('unreachable'));
    await server.restart();
    await writer.generate({ messages: MESSAGES });
    await writer.generate({ messages: MESSAGES });
    const back = log.lines.filter((l) => l.msg === 'model used again: the server answers');
    assert.equal(back.length, 1, log.text());
    assert.equal(back[0]!.fields.host, server.host);
    assert.equal(back[0]!.fields.model, 'llama3.2:3b');
    const notUsed = log.lines.findIndex((l) => l.msg === 'model not used' && l.fields.kind === 'unreachable');
    assert.ok(notUsed >= 0 && log.lines.indexOf(back[0]!) > notUsed, 'after the lines that said it was not used');
  });

  test('while the server is down, "model not used" is a warning once, not at every question; again once it was back and went down again', async () => {
    const server = await OllamaTestServer.start();
    after(() => server.stop());
    await server.stop();
    const { writer, log } = await writerFor({ OLLAMA_HOST: server.host });
    await writer.start();
    const warned = () => log.lines.filter((l) => l.msg === 'model not used' && l.level === 'warn');
    for (let i = 0; i < 3; i++) await assert.rejects(writer.generate({ messages: MESSAGES }), failsWith('unreachable'));
    assert.equal(warned().length, 1, log.text());
    assert.equal(log.lines.filter((l) => l.msg === 'model not used' && l.level === 'debug').length, 2, 'the repeats are still there at debug');
    await server.restart();
    await writer.generate({ messages: MESSAGES });
    await server.stop();
    for (let i = 0; i < 2; i++) await assert.rejects(writer.generate({ messages: MESSAGES }), failsWith('unreachable'));
    assert.equal(warned().length, 2, log.text());
  });

  test('a server that was always up: no "used again" line', async () => {
    const server = await OllamaTestServer.start();
    after(() => server.stop());
    const { writer, log } = await writerFor({ OLLAMA_HOST: server.host });
    await writer.generate({ messages: MESSAGES });
    assert.equal(log.lines.filter((l) => l.msg.startsWith('model used again')).length, 0, log.text());
  });

  test('several hosts: round robin, and a host that is down is skipped', async () => {
    const a = await OllamaTestServer.start();
    const b = await OllamaTestServer.start();
    after(() => Promise.all([a.stop(), b.stop()]));
    const { writer } = await writerFor({ OLLAMA_HOSTS: `${a.host},${b.host}` });
    await writer.start();
    await writer.warmed;
    a.reset();
    b.reset();
    const hosts = [(await writer.generate({ messages: MESSAGES })).host, (await writer.generate({ messages: MESSAGES })).host];
    assert.deepEqual(hosts, [a.host, b.host]);
    await a.stop();
    const next = [(await writer.generate({ messages: MESSAGES })).host, (await writer.generate({ messages: MESSAGES })).host];
    assert.deepEqual(next, [b.host, b.host]);
    assert.deepEqual(writer.status().hosts.map((h) => h.up), [false, true]);
    assert.equal(b.chats.length, 3);
  });

  test('auto-pull: the request waits for the download with progress, then the model answers', async () => {
    const llama = DEFAULT_MODELS.find((m) => m.name === 'llama3.2:3b')!;
    const server = await OllamaTestServer.start({ models: DEFAULT_MODELS.filter((m) => m !== llama), pullable: [llama], pullSteps: 4, pullStepDelayMs: 5 });
    after(() => server.stop());
    const { writer, log } = await writerFor({ OLLAMA_HOST: server.host, OLLAMA_AUTO_PULL: 'true' });
    const notices: string[] = [];
    const gen = await writer.generate({ messages: MESSAGES }, { onProgress: (e) => e.type === 'notice' && notices.push(noticeText(e.notice)) });
    assert.match(gen.text, /\[1\]$/);
    assert.equal(notices[0], 'llama3.2:3b is not on the server yet; downloading it. OLLAMA_AUTO_PULL=true downloads a missing model.');
    const percents = notices.slice(1).map((n) => Number(/Downloading llama3\.2:3b: (\d+)%/.exec(n)?.[1]));
    // One notice per progress line of the fake's four download steps, rounded down.
    assert.deepEqual(percents, [24, 50, 75, 100]);
    assert.deepEqual(server.requests.filter((r) => r.path === '/api/pull' || r.path === '/api/chat').map((r) => r.path), ['/api/pull', '/api/chat']);
    assert.ok(log.lines.some((l) => l.msg === 'pulled the chat model'), log.text());
  });

  test('auto-pull of a name the registry does not have: the message says to check OLLAMA_CHAT_MODEL, not to run the pull that failed, and the pull is not tried again', async () => {
    const server = await OllamaTestServer.start({ models: DEFAULT_MODELS.filter((m) => m.name !== 'llama3.2:3bb'), pullable: [] });
    after(() => server.stop());
    const { writer, log } = await writerFor({ OLLAMA_HOST: server.host, OLLAMA_AUTO_PULL: 'true', OLLAMA_CHAT_MODEL: 'llama3.2:3bb' });
    await writer.start();
    for (let question = 0; question < 2; question++) {
      await assert.rejects(
        writer.generate({ messages: MESSAGES }),
        failsWith('not-found', /could not be downloaded, so this answer is quoted from the abstracts\. Pulling it at http:\/\/127\.0\.0\.1:\d+ failed \(pull model manifest: file does not exist\)\. No model is published under that name: check OLLAMA_CHAT_MODEL for a typo or a tag that does not exist/),
      );
    }
    assert.doesNotMatch(writer.status().lastError!.message, /ollama pull/);
    assert.equal(server.requests.filter((r) => r.path === '/api/pull').length, 1, 'one pull in the run: at start-up, not again for each question');
    assert.ok(log.lines.some((l) => l.level === 'warn' && /no model of that name, check OLLAMA_CHAT_MODEL/.test(l.msg)), log.text());
  });

  test('auto-pull that failed for another reason (the registry unreachable) is tried again at the next question, and then answers', async () => {
    const llama = DEFAULT_MODELS.find((m) => m.name === 'llama3.2:3b')!;
    const server = await OllamaTestServer.start({ models: DEFAULT_MODELS.filter((m) => m !== llama), pullable: [llama] });
    after(() => server.stop());
    server.scriptEndpoint('/api/pull', { status: 500, errorMessage: 'Get "https://registry.ollama.ai/v2/library/llama3.2/manifests/3b": dial tcp: lookup registry.ollama.ai: no such host' });
    const { writer } = await writerFor({ OLLAMA_HOST: server.host, OLLAMA_AUTO_PULL: 'true' });
    await assert.rejects(writer.generate({ messages: MESSAGES }), failsWith('not-found', /failed \(.*registry\.ollama\.ai.*\)\. Run: ollama pull llama3\.2:3b$/));
    server.scriptEndpoint('/api/pull', null);
    const gen = await writer.generate({ messages: MESSAGES });
    assert.match(gen.text, /\[1\]$/);
    assert.equal(server.requests.filter((r) => r.path === '/api/pull').length, 2);
  });

  test('start-up: one log line with version, models and capabilities; the chat model is warmed', async () => {
    const server = await OllamaTestServer.start({ version: '0.12.6' });
    after(() => server.stop());
    const { writer, log } = await writerFor({ OLLAMA_HOST: server.host });
    const report = await writer.start();
    await writer.warmed;
    assert.equal(report?.ready, true);
    const lines = log.lines.filter((l) => l.msg.startsWith('ollama'));
    assert.equal(lines.length, 1, log.text());
    assert.equal(lines[0]!.msg, 'ollama checked');
    assert.equal(lines[0]!.fields.hosts, `${server.host} v0.12.6`);
    assert.equal(lines[0]!.fields.chat, 'llama3.2:3b ok (completion, tools)');
    assert.match(String(lines[0]!.fields.embed), /^nomic-embed-text ok \(embedding\)/);
    const warm = server.chats[0]!;
    assert.deepEqual([warm.model, warm.messages.length, warm.keep_alive], ['llama3.2:3b', 0, '10m']);
  });

  test('start-up against a server that never answers is bounded by the connect timeout', async () => {
    const server = await OllamaTestServer.start();
    after(() => server.stop());
    server.scriptEndpoint('/api/version', { hang: true });
    server.scriptEndpoint('/api/tags', { hang: true });
    const { writer, log } = await writerFor({ OLLAMA_HOST: server.host, OLLAMA_CONNECT_TIMEOUT_MS: '200' });
    const report = await writer.start();
    assert.equal(report?.ready, false);
    // Both endpoints hang until the client leaves: start-up ended because the probe gave up.
    for (const endpoint of ['/api/version', '/api/tags']) assert.equal((await server.waitForRequestEnd((r) => r.path === endpoint, { includePast: true })).outcome, 'client-closed', endpoint);
    assert.ok(log.lines.some((l) => l.level === 'warn' && l.msg === 'ollama unreachable: answers will be extractive'), log.text());
  });

  test('start-up with the chat model missing says how to fix it', async () => {
    const server = await OllamaTestServer.start({ models: DEFAULT_MODELS.filter((m) => m.name !== 'llama3.2:3b') });
    after(() => server.stop());
    const { writer, log } = await writerFor({ OLLAMA_HOST: server.host });
    await writer.start();
    const line = log.lines.find((l) => l.msg.startsWith('ollama checked'))!;
    assert.equal(line.level, 'warn');
    assert.equal(line.fields.chat, 'llama3.2:3b missing');
    assert.equal(line.fields.fix, 'ollama pull llama3.2:3b');
    assert.equal(writer.status().chatModelPresent, false);
    assert.equal(server.chats.length, 0, 'no warm-up for a missing model');
  });

  test('start-up with a chat model that cannot chat: no warm-up, and the log says what it lacks', async () => {
    const server = await OllamaTestServer.start();
    after(() => server.stop());
    const { writer, log } = await writerFor({ OLLAMA_HOST: server.host, OLLAMA_CHAT_MODEL: 'nomic-embed-text' });
    const report = await writer.start();
    await writer.warmed;
    assert.equal(report?.ready, false);
    assert.match(String(log.lines.find((l) => l.msg.startsWith('ollama checked'))?.fields.chat), /^nomic-embed-text lacks "completion"/, log.text());
    assert.equal(server.chats.length, 0, 'an embedding model is not warmed as a chat model');
  });
});
