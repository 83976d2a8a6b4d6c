/**
 * Tests of the fake Ollama server (test/support/ollama-server.ts), always through the real `ollama`
 * client so the fake stays faithful to the wire format the client expects.
 */
import { test, describe, before, after, beforeEach } from 'node:test';
import assert from 'node:assert/strict';
import { performance } from 'node:perf_hooks';
import { Ollama } from 'ollama';
import {
  OllamaTestServer,
  BUSY_MESSAGE,
  NO_ANSWER_REPLY,
  MID_STREAM_ERROR,
  cosine,
  defaultReply,
  fakeEmbedding,
  type ChatRequestRecord,
} from './support/ollama-server.js';

const CHAT = 'llama3.2:3b';
const THINKER = 'qwen3:4b';
const EMBED = 'nomic-embed-text';

const SOURCES_PROMPT = [
  'Answer from the numbered sources and cite them.',
  '',
  '[1] Attention Is All You Need (Vaswani et al., 2017)',
  'The Transformer relies entirely on attention, e.g. self-attention over the input. It drops recurrence.',
  '[2] BERT (Devlin et al., 2019)',
  'BERT pre-trains deep bidirectional representations.',
  '',
  'Question: what does the Transformer rely on?',
].join('\n');
const EXPECTED_DEFAULT = 'Attention Is All You Need (Vaswani et al., 2017) The Transformer relies entirely on attention, e.g. self-attention over the input. [1]';

function isResponseError(status: number, messageIncludes?: string) {
  return (err: unknown) => {
    const e = err as { name?: string; status_code?: number; message?: string };
    assert.equal(e.name, 'ResponseError');
    assert.equal(e.status_code, status);
    if (messageIncludes) assert.ok(e.message?.includes(messageIncludes), `message ${JSON.stringify(e.message)} should include ${JSON.stringify(messageIncludes)}`);
    return true;
  };
}

async function collect<T>(it: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const x of it) out.push(x);
  return out;
}

describe('OllamaTestServer through the real ollama client', () => {
  let server: OllamaTestServer;
  let client: Ollama;

  before(async () => {
    server = await OllamaTestServer.start({
      version: '0.12.6',
      pullable: [{ name: 'gemma3:1b', capabilities: ['completion'], family: 'gemma3', parameterSize: '1.0B', size: 815_000_000 }],
    });
    client = new Ollama({ host: server.host });
  });
  after(() => server.stop());
  beforeEach(() => server.reset());

  test('host, "/" and version', async () => {
    assert.match(server.host, /^http:\/\/127\.0\.0\.1:\d+$/);
    const root = await fetch(server.host);
    assert.equal(await root.text(), 'Ollama is running');
    assert.deepEqual(await client.version(), { version: '0.12.6' });
    assert.deepEqual(server.requests.map((r) => `${r.method} ${r.path} ${r.status}`), ['GET / 200', 'GET /api/version 200']);
  });

  test('list: full name:tag names, digests and details', async () => {
    const { models } = await client.list();
    assert.deepEqual(models.map((m) => m.name), ['llama3.2:3b', 'qwen3:4b', 'nomic-embed-text:latest']);
    const llama = models[0];
    assert.equal(llama.model, 'llama3.2:3b');
    assert.match(llama.digest, /^[0-9a-f]{64}$/);
    assert.equal(llama.details.family, 'llama');
    assert.equal(llama.details.parameter_size, '3.2B');
    assert.equal(llama.details.quantization_level, 'Q4_K_M');
    assert.ok(llama.size > 0);
  });

  test('show: capabilities, details, model_info; unknown model is 404', async () => {
    const qwen = await client.show({ model: THINKER });
    assert.deepEqual(qwen.capabilities, ['completion', 'tools', 'thinking']);
    assert.equal(qwen.details.family, 'qwen3');
    const info = qwen.model_info as unknown as Record<string, unknown>;
    assert.equal(info['general.architecture'], 'qwen3');
    assert.equal(info['qwen3.context_length'], 40960);
    const embed = await client.show({ model: EMBED });
    assert.deepEqual(embed.capabilities, ['embedding']);
    assert.equal((embed.model_info as unknown as Record<string, unknown>)['nomic-bert.embedding_length'], 768);
    await assert.rejects(client.show({ model: 'nope:7b' }), isResponseError(404, "model 'nope:7b' not found"));
  });

  test('embed: dims, determinism, similar texts closer, batch input', async () => {
    const one = await client.embed({ model: EMBED, input: 'Transformers use self-attention.' });
    assert.equal(one.model, EMBED);
    assert.equal(one.embeddings.length, 1);
    assert.equal(one.embeddings[0].length, 768);
    const norm = Math.sqrt(one.embeddings[0].reduce((s, x) => s + x * x, 0));
    assert.ok(Math.abs(norm - 1) < 1e-9);
    assert.deepEqual(one.embeddings[0], fakeEmbedding('Transformers use self-attention.', 768));

    const batch = await client.embed({
      model: `${EMBED}:latest`,
      input: ['the transformer uses self attention layers', 'self attention in a transformer model', 'protein folding with molecular dynamics'],
    });
    const [a, b, c] = batch.embeddings;
    assert.ok(cosine(a, b) > cosine(a, c) + 0.3, `similar ${cosine(a, b)} vs dissimilar ${cosine(a, c)}`);
    const again = await client.embed({ model: EMBED, input: ['the transformer uses self attention layers'] });
    assert.deepEqual(again.embeddings[0], a);

    const small = await client.embed({ model: EMBED, input: 'x', dimensions: 64 });
    assert.equal(small.embeddings[0].length, 64);
    await assert.rejects(client.embed({ model: 'missing-embed', input: 'x' }), isResponseError(404, 'model "missing-embed" not found, try pulling it first'));
    await assert.rejects(client.embed({ model: CHAT, input: 'x' }), isResponseError(400, 'does not support embeddings'));
  });

  test('chat streamed: chunks concatenate to the default reply derived from source [1]', async () => {
    const messages = [
      { role: 'system', content: 'You answer questions about papers.' },
      { role: 'user', content: SOURCES_PROMPT },
    ];
    const stream = await client.chat({ model: CHAT, messages, stream: true, options: { temperature: 0.2, num_ctx: 4096 }, keep_alive: '10m' });
    const parts = await collect(stream);
    const last = parts.at(-1)!;
    assert.equal(last.done, true);
    assert.equal(last.done_reason, 'stop');
    const body = parts.slice(0, -1);
    assert.ok(body.length > 5, 'streamed in several chunks');
    assert.ok(body.every((p) => p.done === false && p.message.role === 'assistant' && p.model === CHAT));
    const text = parts.map((p) => p.message.content).join('');
    assert.equal(text, EXPECTED_DEFAULT);
    assert.equal(last.eval_count, body.length);
    assert.ok(last.prompt_eval_count > 0);

    const rec = server.chats[0];
    assert.equal(rec.model, CHAT);
    assert.equal(rec.stream, true);
    assert.deepEqual(rec.options, { temperature: 0.2, num_ctx: 4096 });
    assert.equal(rec.keep_alive, '10m');
    assert.equal(rec.messages[1].content, SOURCES_PROMPT);
    assert.equal(defaultReply({ messages: [{ role: 'user', content: 'no sources here' }] }), NO_ANSWER_REPLY);

    const ps = await client.ps();
    assert.deepEqual(ps.models.map((m) => m.name), [CHAT]);
    assert.equal((ps.models[0] as unknown as { context_length: number }).context_length, 4096);
  });

  test('chat non-streamed with a scripted reply function; scriptOnce queue before script()', async () => {
    server.script((req: ChatRequestRecord, index: number) => ({ reply: `#${index}: ${req.messages.at(-1)?.content.toUpperCase()}` }));
    server.scriptOnce({ reply: 'first' }, { reply: 'second', chunkSize: 2 });
    const r1 = await client.chat({ model: CHAT, messages: [{ role: 'user', content: 'a' }] });
    assert.equal(r1.message.content, 'first');
    assert.equal(r1.done, true);
    assert.equal(r1.done_reason, 'stop');
    const r2 = await collect(await client.chat({ model: CHAT, messages: [{ role: 'user', content: 'b' }], stream: true }));
    assert.deepEqual(r2.map((p) => p.message.content), ['se', 'co', 'nd', '']);
    const r3 = await client.chat({ model: CHAT, messages: [{ role: 'user', content: 'hello' }], stream: false });
    assert.equal(r3.message.content, '#2: HELLO');
    assert.deepEqual(server.chats.map((c) => c.stream), [false, true, false]);
    const gen = await client.generate({ model: CHAT, prompt: 'hi' });
    assert.equal(gen.response, '#3: HI');
  });

  test('unknown chat model: 404 ResponseError; setModels removes a model', async () => {
    await assert.rejects(
      client.chat({ model: 'llama9:70b', messages: [{ role: 'user', content: 'x' }], stream: true }),
      isResponseError(404, 'model "llama9:70b" not found, try pulling it first'),
    );
    server.setModels(server.models.filter((m) => m.name !== CHAT));
    await assert.rejects(client.chat({ model: CHAT, messages: [{ role: 'user', content: 'x' }] }), isResponseError(404));
    assert.equal((await client.list()).models.length, 2);
  });

  test('503 busy: scripted status, failAll, and maxPending', async () => {
    server.scriptOnce({ status: 503 });
    await assert.rejects(client.chat({ model: CHAT, messages: [{ role: 'user', content: 'x' }], stream: true }), isResponseError(503, BUSY_MESSAGE));
    server.failAll(503);
    await assert.rejects(client.version(), isResponseError(503, BUSY_MESSAGE));
    await assert.rejects(client.list(), isResponseError(503));
    server.failAll(null);
    assert.equal((await client.list()).models.length, 3);

    const busy = await OllamaTestServer.start({ maxPending: 1 });
    try {
      busy.script({ hangAfterChunks: 1 });
      const c = new Ollama({ host: busy.host });
      const first = await c.chat({ model: CHAT, messages: [{ role: 'user', content: 'x' }], stream: true });
      await assert.rejects(c.chat({ model: CHAT, messages: [{ role: 'user', content: 'y' }] }), isResponseError(503, BUSY_MESSAGE));
      assert.equal(busy.peakConcurrentChats, 1);
      first.abort();
    } finally {
      await busy.stop();
    }
  });

  test('think: thinking chunks for a thinking model, 400 for a model without it, <think> in content', async () => {
    server.script({ reply: 'Answer.', thinking: 'Let me check source one.' });
    const parts = await collect(await client.chat({ model: THINKER, messages: [{ role: 'user', content: 'q' }], stream: true, think: true }));
    assert.equal(parts.map((p) => p.message.thinking ?? '').join(''), 'Let me check source one.');
    assert.equal(parts.map((p) => p.message.content).join(''), 'Answer.');
    assert.equal(server.chats[0].think, true);
    const nonStreamed = await client.chat({ model: THINKER, messages: [{ role: 'user', content: 'q' }], think: 'low' });
    assert.equal(nonStreamed.message.thinking, 'Let me check source one.');
    const noThink = await client.chat({ model: THINKER, messages: [{ role: 'user', content: 'q' }], think: false });
    assert.equal(noThink.message.thinking, undefined);

    await assert.rejects(
      client.chat({ model: CHAT, messages: [{ role: 'user', content: 'q' }], think: true }),
      isResponseError(400, '"llama3.2:3b" does not support thinking'),
    );
    server.script({ reply: 'Answer.', thinking: 'hmm', thinkInContent: true });
    const inContent = await client.chat({ model: CHAT, messages: [{ role: 'user', content: 'q' }] });
    assert.equal(inContent.message.content, '<think>\nhmm\n</think>\n\nAnswer.');
  });

  test('mid-stream error line: the iteration throws after the first chunks', async () => {
    server.script({ reply: 'one two three four five', failAfterChunks: 2 });
    const stream = await client.chat({ model: CHAT, messages: [{ role: 'user', content: 'x' }], stream: true });
    const got: string[] = [];
    await assert.rejects(
      (async () => {
        for await (const p of stream) got.push(p.message.content);
      })(),
      (err: Error) => err.message === MID_STREAM_ERROR,
    );
    assert.deepEqual(got, ['one', ' two']);
    server.script({ failAfterChunks: 1, errorMessage: 'CUDA error: out of memory' });
    await assert.rejects(client.chat({ model: CHAT, messages: [{ role: 'user', content: 'x' }] }), isResponseError(500, 'CUDA error: out of memory'));
  });

  test('abrupt socket destroy: mid-stream the iteration throws; before any byte the request fails', async () => {
    server.script({ reply: 'one two three four', destroyAfterChunks: 2 });
    const stream = await client.chat({ model: CHAT, messages: [{ role: 'user', content: 'x' }], stream: true });
    const got: string[] = [];
    await assert.rejects(async () => {
      for await (const p of stream) got.push(p.message.content);
    });
    assert.deepEqual(got, ['one', ' two']);
    const rec = await server.waitForRequestEnd((r) => r.path === '/api/chat', { includePast: true });
    assert.equal(rec.outcome, 'server-destroyed');

    server.script({ destroyAfterChunks: 0 });
    await assert.rejects(client.chat({ model: CHAT, messages: [{ role: 'user', content: 'x' }], stream: true }), TypeError);
  });

  test('slow first token: headers (and the chat() promise) wait for it', async () => {
    server.script({ reply: 'slow but sure', firstTokenDelayMs: 120 });
    const t0 = performance.now();
    const stream = await client.chat({ model: CHAT, messages: [{ role: 'user', content: 'x' }], stream: true });
    const waited = performance.now() - t0;
    assert.ok(waited >= 100, `chat() resolved after ${waited} ms`);
    assert.equal((await collect(stream)).map((p) => p.message.content).join(''), 'slow but sure');
  });

  test('stall after headers + client.abort(): the iteration throws AbortError, the server sees the client leave', async () => {
    server.script({ reply: 'one two three', hangAfterChunks: 1 });
    const stream = await client.chat({ model: CHAT, messages: [{ role: 'user', content: 'x' }], stream: true });
    const ended = server.waitForRequestEnd((r) => r.path === '/api/chat');
    await assert.rejects(
      (async () => {
        for await (const p of stream) {
          assert.equal(p.message.content, 'one');
          client.abort();
        }
      })(),
      { name: 'AbortError' },
    );
    assert.equal((await ended).outcome, 'client-closed');
  });

  test('hang (no headers) + an AbortController through a custom fetch', async () => {
    server.script({ hang: true });
    const ctrl = new AbortController();
    const abortable = new Ollama({
      host: server.host,
      fetch: (input, init) => fetch(input, { ...init, signal: init?.signal ? AbortSignal.any([init.signal, ctrl.signal]) : ctrl.signal }),
    });
    const pending = abortable.chat({ model: CHAT, messages: [{ role: 'user', content: 'x' }], stream: true });
    const seen = await server.waitForRequest((r) => r.path === '/api/chat');
    assert.equal(seen.outcome, undefined);
    const ended = server.waitForRequestEnd((r) => r.id === seen.id);
    ctrl.abort();
    await assert.rejects(pending, { name: 'AbortError' });
    assert.equal((await ended).outcome, 'client-closed');
  });

  test('malformed line: the client skips it with a warning; non-streamed malformed body fails to parse', async (t) => {
    const warn = t.mock.method(console, 'warn', () => {});
    server.script({ reply: 'still fine', malformed: true });
    const parts = await collect(await client.chat({ model: CHAT, messages: [{ role: 'user', content: 'x' }], stream: true }));
    assert.equal(parts.map((p) => p.message.content).join(''), 'still fine');
    assert.equal(warn.mock.callCount(), 1);
    assert.equal(warn.mock.calls[0].arguments[0], 'invalid json: ');
    await assert.rejects(client.chat({ model: CHAT, messages: [{ role: 'user', content: 'x' }] }), SyntaxError);
  });

  test('stream without done line and empty reply', async () => {
    server.scriptOnce({ omitDone: true }, { empty: true });
    await assert.rejects(collect(await client.chat({ model: CHAT, messages: [{ role: 'user', content: 'x' }], stream: true })), /Did not receive done or success response in stream/);
    const parts = await collect(await client.chat({ model: CHAT, messages: [{ role: 'user', content: 'x' }], stream: true }));
    assert.equal(parts.length, 1);
    assert.equal(parts[0].done, true);
    assert.equal(parts[0].message.content, '');
  });

  test('num_predict cuts the reply with done_reason "length"', async () => {
    server.script({ reply: 'a b c d e f' });
    const r = await client.chat({ model: CHAT, messages: [{ role: 'user', content: 'x' }], options: { num_predict: 3 } });
    assert.equal(r.message.content, 'a b c');
    assert.equal(r.done_reason, 'length');
  });

  test('pull: progress then the model is installed; unknown model fails', async () => {
    const progress = await collect(await client.pull({ model: 'gemma3:1b', stream: true }));
    const statuses = progress.map((p) => p.status);
    assert.equal(statuses[0], 'pulling manifest');
    assert.equal(statuses.at(-1), 'success');
    const downloads = progress.filter((p) => p.total);
    assert.equal(downloads.length, 4);
    assert.ok(downloads.every((p, i) => p.digest.startsWith('sha256:') && p.completed <= p.total && (i === 0 || p.completed > downloads[i - 1].completed)));
    assert.equal(downloads.at(-1)!.completed, downloads.at(-1)!.total);
    assert.ok((await client.list()).models.some((m) => m.name === 'gemma3:1b'));
    const chat = await client.chat({ model: 'gemma3:1b', messages: [{ role: 'user', content: 'x' }] });
    assert.equal(chat.message.content, NO_ANSWER_REPLY);

    await assert.rejects(collect(await client.pull({ model: 'nope:1b', stream: true })), /pull model manifest: file does not exist/);
    await assert.rejects(client.pull({ model: 'nope:1b' }), isResponseError(500, 'pull model manifest: file does not exist'));
    assert.deepEqual(await client.pull({ model: CHAT }), { status: 'success' });
  });

  test('scriptEndpoint injects faults on other endpoints', async () => {
    server.scriptEndpoint('/api/embed', { status: 500, errorMessage: 'embedding runner crashed' });
    await assert.rejects(client.embed({ model: EMBED, input: 'x' }), isResponseError(500, 'embedding runner crashed'));
    server.scriptEndpoint('/api/embed', null);
    assert.equal((await client.embed({ model: EMBED, input: 'x' })).embeddings.length, 1);
    server.scriptEndpoint('/api/tags', { destroy: true });
    await assert.rejects(client.list(), TypeError);
  });
});

describe('OllamaTestServer lifecycle', () => {
  test('stop() ends hanging requests and is idempotent', async () => {
    const server = await OllamaTestServer.start();
    const client = new Ollama({ host: server.host });
    // "x" never gets headers; "y" gets one chunk and then stalls.
    server.script((req) => (req.messages[0].content === 'x' ? { hang: true } : { reply: 'a b c', hangAfterChunks: 1 }));
    const hanging = client.chat({ model: CHAT, messages: [{ role: 'user', content: 'x' }], stream: true });
    const stalled = (async () => collect(await client.chat({ model: CHAT, messages: [{ role: 'user', content: 'y' }], stream: true })))();
    await server.waitForRequest((r) => r.path === '/api/chat' && (r.body as { messages: { content: string }[] }).messages[0].content === 'x', { includePast: true });
    await server.waitForRequest((r) => r.path === '/api/chat' && (r.body as { messages: { content: string }[] }).messages[0].content === 'y', { includePast: true });
    const ended = server.waitForRequestEnd((r) => r.path === '/api/chat');
    await Promise.all([server.stop(), server.stop()]);
    await server.stop();
    const [h, st] = await Promise.allSettled([hanging, stalled]);
    assert.equal(h.status, 'rejected');
    assert.ok(h.status === 'rejected' && h.reason instanceof TypeError); // "fetch failed"
    assert.equal(st.status, 'rejected'); // "terminated" mid-body (or "fetch failed" if stop() beat the headers)
    assert.equal((await ended).outcome, 'server-stopped');
    assert.equal(server.listening, false);
  });

  test('restart() listens again on the same port', async () => {
    const server = await OllamaTestServer.start({ version: '0.9.0' });
    try {
      const client = new Ollama({ host: server.host });
      const host = server.host;
      assert.equal((await client.version()).version, '0.9.0');
      await server.stop();
      await assert.rejects(client.version(), TypeError); // connection refused: "fetch failed"
      await server.restart();
      assert.equal(server.host, host);
      assert.equal((await client.version()).version, '0.9.0');
      assert.equal(server.requests.filter((r) => r.path === '/api/version').length, 2);
    } finally {
      await server.stop();
    }
  });
});

test('basicAuth: like a proxy in front of Ollama, a request without those credentials, or with others, gets 401 and its HTML page; with them, Ollama answers; the header is recorded', async () => {
  const s = await OllamaTestServer.start({ basicAuth: { user: 'ada', password: 'pw' } });
  try {
    const basic = (credentials: string) => ({ Authorization: `Basic ${Buffer.from(credentials).toString('base64')}` });
    for (const headers of [undefined, basic('ada:other')]) {
      await assert.rejects(new Ollama({ host: s.host, ...(headers ? { headers } : {}) }).list(), (e: Error & { status_code?: number }) => e.status_code === 401 && /401 Authorization Required/.test(e.message));
    }
    const tags = await new Ollama({ host: s.host, headers: basic('ada:pw') }).list();
    assert.ok(tags.models.length > 0);
    assert.deepEqual(s.requests.map((r) => [r.status, r.authorization]), [
      [401, undefined],
      [401, basic('ada:other').Authorization],
      [200, basic('ada:pw').Authorization],
    ]);
    s.requireAuth(null);
    await new Ollama({ host: s.host }).list();
  } finally {
    await s.stop();
  }
});
