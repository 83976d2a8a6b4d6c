import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ConfigError, loadSettings } from '../src/config.js';
import { fetchPolicy, userAgent } from '../src/sources/http.js';

test('the paper services default to the public ones, with arXiv asked at most once every 3 s', () => {
  const s = loadSettings({});
  assert.deepEqual([s.arxivApiBase, s.arxivPdfBase, s.crossrefApiBase, s.openreviewApiBase, s.pmlrBase], ['https://export.arxiv.org/api', 'https://arxiv.org/pdf', 'https://api.crossref.org', 'https://api2.openreview.net', 'https://proceedings.mlr.press']);
  const p = fetchPolicy(s);
  assert.deepEqual([p.intervalMs.arxiv, p.intervalMs.crossref, p.timeoutMs, p.retries, p.retryMaxWaitMs, s.addMaxRefs], [3000, 1000, 15000, 2, 20000, 20]);
  assert.match(p.userAgent, /^papercord\/\d+\.\d+\.\d+ \(research-paper bot for Discord\)$/);
});

test('a base is an http(s) URL whose trailing slash is dropped; a query, fragment, user or other scheme is an error naming the variable', () => {
  assert.equal(loadSettings({ PMLR_BASE: 'http://127.0.0.1:8080/pmlr/' }).pmlrBase, 'http://127.0.0.1:8080/pmlr');
  for (const [name, raw] of [['ARXIV_API_BASE', 'export.arxiv.org/api'], ['CROSSREF_API_BASE', 'ftp://api.crossref.org'], ['OPENREVIEW_API_BASE', 'https://api2.openreview.net/?x=1'], ['PMLR_BASE', 'https://u:p@proceedings.mlr.press']] as const) {
    assert.throws(() => loadSettings({ [name]: raw }), (e: Error) => e instanceof ConfigError && e.message.includes(name) && !e.message.includes(':p@'), `${name}=${raw}`);
  }
});

test('ADD_CONTACT takes an e-mail address or a URL, and goes into the User-Agent', () => {
  assert.match(userAgent(loadSettings({ ADD_CONTACT: 'ops@lab.example' }).addContact), /; mailto:ops@lab\.example\)$/);
  assert.match(userAgent(loadSettings({ ADD_CONTACT: 'https://lab.example/bot' }).addContact), /; \+https:\/\/lab\.example\/bot\)$/);
  assert.throws(() => loadSettings({ ADD_CONTACT: 'call me (maybe)' }), /ADD_CONTACT must be an e-mail address or an http\(s\) URL/);
  assert.throws(() => loadSettings({ ARXIV_INTERVAL_MS: '-1', ADD_FETCH_TIMEOUT_MS: '5' }), (e: Error) => /ARXIV_INTERVAL_MS/.test(e.message) && /ADD_FETCH_TIMEOUT_MS/.test(e.message));
});
