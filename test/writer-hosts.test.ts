/**
 * How often a host that does not answer is asked again: a stopped server before every answer
 * (a refused connection costs nothing), a silent one (it accepts and never answers) only in the
 * background, so that answers do not each wait OLLAMA_CONNECT_TIMEOUT_MS for it.
 */
import { test, after, mock } from 'node:test';
import assert from 'node:assert/strict';
import { HostPool, noHostNote } from '../src/writer/hosts.js';
import type { ProbeResult } from '../src/ollama/probe.js';
import { OllamaWriter } from '../src/writer/writer.js';
import { isWriterError } from '../src/writer/errors.js';
import { OllamaTestServer } from './support/ollama-server.js';
import { captureLog, testSettings } from './support/env.js';

const HOST = 'http://127.0.0.1:11434';
const silent: ProbeResult = { host: HOST, reachable: false, models: [], timedOut: true, error: 'no answer within 2000 ms, OLLAMA_CONNECT_TIMEOUT_MS' };
const refused: ProbeResult = { host: HOST, reachable: false, models: [], error: 'connect ECONNREFUSED' };
const up: ProbeResult = { host: HOST, reachable: true, version: '0.12.6', models: ['llama3.2:3b'] };

test('a host whose check timed out is not waited for by the next answers; it is checked in the background every recheckMs and used once it answers', async () => {
  mock.timers.enable({ apis: ['Date'], now: 1_000_000 });
  after(() => mock.timers.reset());
  let answer = silent;
  const probes: Promise<ProbeResult>[] = [];
  const pool = new HostPool([HOST], (host) => {
    const p = Promise.resolve({ ...answer, host });
    probes.push(p);
    return p;
  }, 30_000);
  assert.equal(await pool.pick(), null);
  assert.equal(probes.length, 1, 'the first pick waits for the first check');
  assert.equal(await pool.pick(), null);
  assert.equal(await pool.pick(), null);
  assert.equal(probes.length, 1, 'answers within recheckMs do not probe the silent host again');

  answer = up;
  mock.timers.tick(30_000);
  // The check goes in the background: this answer does not wait for it...
  assert.equal(await pool.pick(), null);
  assert.equal(probes.length, 2);
  await probes[1];
  // ...and the next uses the host.
  assert.equal(await pool.pick(), HOST);
});

test('a host that refused the connection is checked again before each answer, so a restarted server is used at once', async () => {
  let answer = refused;
  let probes = 0;
  const pool = new HostPool([HOST], async (host) => (probes++, { ...answer, host }), 30_000);
  assert.equal(await pool.pick(), null);
  answer = up;
  assert.equal(await pool.pick(), HOST);
  assert.equal(probes, 2);
});

test('answers against a server that accepts connections and never answers do not each wait for the connect timeout', async () => {
  const server = await OllamaTestServer.start();
  after(() => server.stop());
  server.scriptEndpoint('/api/version', { hang: true });
  server.scriptEndpoint('/api/tags', { hang: true });
  const writer = new OllamaWriter(await testSettings({ OLLAMA_HOST: server.host, OLLAMA_CONNECT_TIMEOUT_MS: '300' }), captureLog());
  after(() => writer.close());
  await writer.start();
  const versionChecks = () => server.requests.filter((r) => r.path === '/api/version').length;
  assert.equal(versionChecks(), 1);
  for (let i = 0; i < 3; i++) {
    await assert.rejects(writer.generate({ messages: [{ role: 'user', content: 'What is PixelThink?' }] }), (e) => isWriterError(e) && e.kind === 'unreachable');
  }
  assert.equal(versionChecks(), 1, 'no answer waited for another check of the silent host');
});

test('a server that accepts connections and does not answer in time is reported as busy or stuck with the wait, not as one to start', async () => {
  const server = await OllamaTestServer.start();
  after(() => server.stop());
  for (const path of ['/api/version', '/api/tags', '/api/show', '/api/chat']) server.scriptEndpoint(path, { hang: true });
  const log = captureLog();
  const writer = new OllamaWriter(await testSettings({ OLLAMA_HOST: server.host, OLLAMA_CONNECT_TIMEOUT_MS: '300' }), log);
  after(() => writer.close());
  await writer.start();
  const startup = log.lines.find((l) => l.msg.startsWith('ollama unreachable'));
  assert.equal(startup?.fields.hosts, `${server.host} unreachable (no answer within 300 ms, OLLAMA_CONNECT_TIMEOUT_MS)`, log.text());
  let forOperator = '';
  await assert.rejects(writer.generate({ messages: [{ role: 'user', content: 'What is PixelThink?' }] }), (e) => {
    assert.ok(isWriterError(e) && e.kind === 'unreachable');
    forOperator = e.notice.forOperator ?? '';
    return true;
  });
  assert.match(forOperator, new RegExp(`^${server.host} did not answer within 300 ms \\(OLLAMA_CONNECT_TIMEOUT_MS\\): a server there accepts connections but is busy or stuck`));
  assert.match(forOperator, /Check that Ollama at \S+ is not overloaded or hung .* or raise OLLAMA_CONNECT_TIMEOUT_MS if it is only slow\.$/);
  assert.doesNotMatch(forOperator, /No Ollama server answered|Start Ollama/);
  assert.equal(writer.status().hosts[0]!.silent, true);
});

test('the note tells a refused host, a silent one and one that is not Ollama apart, each with its own fix', () => {
  const { what, fix } = noHostNote(
    [{ host: 'http://a:1' }, { host: 'http://b:2', silent: true }, { host: 'http://c:3', answeredAs: 'HTTP 404, text/plain' }],
    'OLLAMA_HOSTS',
    2000,
  );
  assert.equal(what, 'No Ollama server answered at http://a:1; http://b:2 did not answer within 2.0 s (OLLAMA_CONNECT_TIMEOUT_MS): a server there accepts connections but is busy or stuck, or a firewall drops them; http://c:3 answered, but not as an Ollama server (HTTP 404, text/plain)');
  assert.equal(fix, 'Start Ollama (ollama serve) and check OLLAMA_HOSTS. Check that Ollama at http://b:2 is not overloaded or hung (ollama ps; restart it if it stays silent), or raise OLLAMA_CONNECT_TIMEOUT_MS if it is only slow.');
});
