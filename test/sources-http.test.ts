import { test } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { FetchFailure, retryAfterMs, type FetchPolicy } from '../src/sources/http.js';
import { startScholarly, testHttp, virtualClock } from './support/sources.js';

const server = await startScholarly();
const feedUrl = (h: ReturnType<typeof testHttp>, id = '2505.23727') => h.url('arxiv', 'query', { id_list: id, max_results: '1' });

async function failure(p: Promise<unknown>): Promise<FetchFailure> {
  try {
    await p;
  } catch (e) {
    if (e instanceof FetchFailure) return e;
    throw e;
  }
  assert.fail('expected the request to fail');
}

test('every request names papercord, its version and the contact in its User-Agent', async () => {
  const before = server.requests.length;
  const h = testHttp(server, { ADD_CONTACT: 'ops@lab.example' });
  const res = await h.get('arxiv', feedUrl(h));
  assert.equal(res.status, 200);
  assert.match(res.body.toString(), /<entry>/);
  const ua = String(server.requests[before]!.headers['user-agent']);
  assert.match(ua, /^papercord\/\d+\.\d+\.\d+ \(.*mailto:ops@lab\.example\)$/);
});

test('a 429 with Retry-After is tried again after the wait it asks for; a 500 after a doubling back-off', async () => {
  const clock = virtualClock();
  const h = testHttp(server, { ADD_FETCH_RETRIES: '2' }, { retryBaseMs: 1000 }, { clock });
  server.script('arxiv', { status: 429, retryAfter: '7' }, { status: 503 });
  const before = server.requestsTo('arxiv').length;
  const res = await h.get('arxiv', feedUrl(h));
  assert.equal(res.status, 200);
  assert.equal(server.requestsTo('arxiv').length - before, 3);
  // 7 s as asked, then 2 s: the second retry's back-off (1 s doubled).
  assert.deepEqual(clock.sleeps, [7000, 2000]);
});

test('after the last retry the failure says what the service answered and how often it was tried', async () => {
  const h = testHttp(server, { ADD_FETCH_RETRIES: '2' });
  server.script('crossref', { status: 500 }, { status: 502 }, { status: 500 });
  const f = await failure(h.get('crossref', h.url('crossref', 'works/10.1038%2Fnature14539')));
  assert.deepEqual([f.kind, f.details.status, f.details.attempts], ['server-error', 500, 3]);
  server.script('crossref', { status: 429 }, { status: 429 }, { status: 429 });
  const g = await failure(h.get('crossref', h.url('crossref', 'works/10.1038%2Fnature14539')));
  assert.deepEqual([g.kind, g.details.attempts], ['rate-limited', 3]);
});

test('a Retry-After longer than the cap fails at once instead of holding the reply', async () => {
  const clock = virtualClock();
  const h = testHttp(server, { ADD_RETRY_MAX_WAIT_MS: '20000' }, {}, { clock });
  server.script('openreview', { status: 429, retryAfter: '3600' });
  const before = server.requestsTo('openreview').length;
  const f = await failure(h.get('openreview', h.url('openreview', 'notes', { id: 'tU3raVqvYe' })));
  assert.deepEqual([f.kind, f.details.retryAfterMs], ['rate-limited', 3_600_000]);
  assert.equal(server.requestsTo('openreview').length - before, 1);
  assert.deepEqual(clock.sleeps, []);
  assert.equal(retryAfterMs('Wed, 21 Oct 2015 07:28:00 GMT', Date.parse('Wed, 21 Oct 2015 07:27:00 GMT')), 60_000);
  assert.equal(retryAfterMs('soon', 0), undefined);
});

test('a server that never answers is given up after the timeout, and not asked again', async () => {
  const h = testHttp(server, { ADD_FETCH_TIMEOUT_MS: '200', ADD_FETCH_RETRIES: '2' });
  server.script('pmlr', { hang: true });
  const before = server.requestsTo('pmlr').length;
  const f = await failure(h.get('pmlr', h.url('pmlr', 'v306/abas26a.html')));
  assert.deepEqual([f.kind, f.details.timeoutMs], ['timeout', 200]);
  assert.equal(server.requestsTo('pmlr').length - before, 1);
});

test('an answer larger than the cap is not read', async () => {
  const h = testHttp(server, {}, { maxBytes: 1000 });
  server.script('pmlr', { oversize: 5000 });
  const f = await failure(h.get('pmlr', h.url('pmlr', 'v306/abas26a.html')));
  assert.equal(f.kind, 'too-large');
  // Without a content-length the cap holds while reading.
  const stream = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/plain' });
    for (let i = 0; i < 20; i++) res.write('y'.repeat(100));
    res.end();
  });
  await new Promise<void>((r) => stream.listen(0, '127.0.0.1', r));
  const base = `http://127.0.0.1:${(stream.address() as AddressInfo).port}`;
  const g = testHttp(server, { PMLR_BASE: base }, { maxBytes: 1000 });
  assert.equal((await failure(g.get('pmlr', `${base}/v1/x.html`))).kind, 'too-large');
  await new Promise<void>((r) => stream.close(() => r()));
});

test('only URLs under a configured base are fetched; a redirect elsewhere is not followed', async () => {
  const h = testHttp(server);
  const before = server.requests.length;
  for (const url of [`${server.origin}/other/x`, 'https://example.com/api/query', `${server.origin}/arxiv/apiX/query`, `${server.origin}/arxiv/api/../../other`]) {
    assert.equal((await failure(h.get('arxiv', url))).kind, 'outside-base', url);
  }
  // Crossref's base does not let a request reach arXiv's.
  assert.equal((await failure(h.get('crossref', feedUrl(h)))).kind, 'outside-base');
  assert.equal(server.requests.length, before, 'nothing was sent');
  const redirecting = http.createServer((_req, res) => {
    res.writeHead(301, { location: `${server.origin}/other/secret` });
    res.end();
  });
  await new Promise<void>((r) => redirecting.listen(0, '127.0.0.1', r));
  const base = `http://127.0.0.1:${(redirecting.address() as AddressInfo).port}`;
  const r = testHttp(server, { CROSSREF_API_BASE: base });
  const f = await failure(r.get('crossref', `${base}/works/x`));
  assert.equal(f.kind, 'client-error');
  assert.match(f.message, /redirected to .*\/other\/secret, which papercord does not fetch/);
  assert.equal(server.requests.filter((q) => q.path === '/other/secret').length, 0);
  await new Promise<void>((res) => redirecting.close(() => res()));
});

test("arXiv's requests are spaced by its interval, in order, one at a time (3 s by default, on a virtual clock)", async () => {
  const clock = virtualClock();
  const starts: number[] = [];
  const h = testHttp(server, { ARXIV_INTERVAL_MS: '3000', ADD_FETCH_INTERVAL_MS: '1000' }, {}, {
    clock,
    fetch: (input, init) => {
      starts.push(clock.now());
      return fetch(input, init);
    },
  });
  const before = server.requestsTo('arxiv').length;
  const ids = ['2505.23727', 'hep-th/9711200', '2505.99999'];
  await Promise.all(ids.map((id) => h.get('arxiv', feedUrl(h, id))));
  assert.deepEqual(starts, [0, 3000, 6000]);
  assert.deepEqual(server.requestsTo('arxiv').slice(before).map((r) => r.query.get('id_list')), ids);
  // Each service keeps its own pace: Crossref's first request does not wait for arXiv's.
  starts.length = 0;
  await h.get('crossref', h.url('crossref', 'works/10.1038%2Fnature14539'));
  assert.deepEqual(starts, [6000]);
});

test('with real timers, requests go one at a time, each starting at least the interval after the one before, in the order asked', async () => {
  // Times as the limiter reads them (Date.now()), taken where the request is sent and where it settles.
  const calls: { start: number; end?: number }[] = [];
  const h = testHttp(server, { ARXIV_INTERVAL_MS: '60', ADD_FETCH_TIMEOUT_MS: '250', ADD_FETCH_RETRIES: '0' }, {}, {
    fetch: async (input, init) => {
      const call: { start: number; end?: number } = { start: Date.now() };
      calls.push(call);
      try {
        return await fetch(input, init);
      } finally {
        call.end = Date.now();
      }
    },
  });
  const before = server.requestsTo('arxiv').length;
  server.script('arxiv', { hang: true });
  const ids = ['2505.23727', 'hep-th/9711200', '2505.99999'];
  const results = await Promise.allSettled(ids.map((id) => h.get('arxiv', feedUrl(h, id))));
  assert.deepEqual(results.map((r) => r.status), ['rejected', 'fulfilled', 'fulfilled']);
  assert.deepEqual(server.requestsTo('arxiv').slice(before).map((r) => r.query.get('id_list')), ids);
  for (let i = 1; i < calls.length; i++) {
    // The second waited for the first to be given up, not only for the interval.
    assert.ok(calls[i]!.start >= calls[i - 1]!.end!, `request ${i + 1} started before request ${i} settled`);
    // Date.now() ticks by whole milliseconds between the limiter's reading and the send.
    assert.ok(calls[i]!.start - calls[i - 1]!.start >= 59, `requests ${i} and ${i + 1} were ${calls[i]!.start - calls[i - 1]!.start} ms apart`);
  }
});

test('an aborted signal stops a request waiting its turn, and the queue goes on', async () => {
  const clock = virtualClock();
  const h = testHttp(server, { ARXIV_INTERVAL_MS: '3000' }, {}, { clock });
  const controller = new AbortController();
  controller.abort();
  assert.equal((await failure(h.get('arxiv', feedUrl(h), { signal: controller.signal }))).kind, 'aborted');
  assert.equal((await h.get('arxiv', feedUrl(h))).status, 200);
});

test('the policy comes from the settings', () => {
  const h = testHttp(server, { ADD_FETCH_TIMEOUT_MS: '1234', ADD_FETCH_RETRIES: '4', ARXIV_INTERVAL_MS: '3000', ADD_FETCH_INTERVAL_MS: '700' });
  const p: FetchPolicy = h.policy;
  assert.deepEqual([p.timeoutMs, p.retries, p.intervalMs.arxiv, p.intervalMs.crossref, p.intervalMs.pmlr], [1234, 4, 3000, 700, 700]);
  assert.deepEqual(p.bases.arxiv, [`${server.origin}/arxiv/api`, `${server.origin}/arxiv/pdf`]);
  assert.ok(h.allows('arxiv', `${server.origin}/arxiv/pdf/2505.23727v2`));
  assert.ok(!h.allows('arxiv', `${server.origin}/crossref/works/x`));
});
