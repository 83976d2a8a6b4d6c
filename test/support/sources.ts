/** What the tests of src/sources share: a scholarly server per file and fetchers pointed at it. */
import { after } from 'node:test';
import { loadSettings } from '../../src/config.js';
import { fetchPolicy, ScholarlyHttp, type Clock, type FetchPolicy } from '../../src/sources/http.js';
import type { ResolveDeps } from '../../src/sources/resolve.js';
import { withFixtures } from './scholarly-fixtures.js';
import { ScholarlyServer } from './scholarly-server.js';

/** A server with every fixture, closed when the test file ends. */
export async function startScholarly(): Promise<ScholarlyServer> {
  const server = withFixtures(await ScholarlyServer.start());
  after(() => server.close());
  return server;
}

/**
 * A fetcher pointed at the server, with the settings' policy and no waiting between requests
 * unless a test sets it; back-off starts at 10 ms so retries stay quick.
 */
export function testHttp(server: ScholarlyServer, env: Record<string, string> = {}, policy: Partial<FetchPolicy> = {}, opts: { clock?: Clock; fetch?: typeof fetch } = {}): ScholarlyHttp {
  const settings = loadSettings({ ARXIV_INTERVAL_MS: '0', ADD_FETCH_INTERVAL_MS: '0', ADD_FETCH_TIMEOUT_MS: '3000', ...server.env(), ...env });
  return new ScholarlyHttp({ ...fetchPolicy(settings), retryBaseMs: 10, ...policy }, opts);
}

export function testDeps(server: ScholarlyServer, extra: Partial<ResolveDeps> = {}, env: Record<string, string> = {}): ResolveDeps {
  return { http: testHttp(server, env), maxRefs: 20, ...extra };
}

/** A clock whose sleeps return at once and move its time on: waits are recorded, not spent. */
export interface VirtualClock extends Clock {
  sleeps: number[];
}

export function virtualClock(): VirtualClock {
  let now = 0;
  const sleeps: number[] = [];
  return {
    sleeps,
    now: () => now,
    sleep: async (ms, signal) => {
      if (signal?.aborted) throw signal.reason;
      sleeps.push(ms);
      now += ms;
    },
  };
}
