/**
 * /add through the service: each kind of ref against the scholarly test server, PDFs written
 * with pdf-lib, duplicates, broken entries beside good ones, refused hosts, limits, collections
 * that never see each other's papers, full-text citations, and export read back.
 */
import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { PapercordService } from '../src/service.js';
import type { AddReport } from '../src/collections/add.js';
import { builtIndexSettings, captureLog } from './support/env.js';
import { startScholarly, testHttp } from './support/sources.js';
import { DEEP_LEARNING, MALDACENA, OPENREVIEW_NOTE, TUR_DPO } from './support/scholarly-fixtures.js';
import { paperPdf, type PaperSpec } from './support/paper-pdf.js';
import type { ScholarlyServer } from './support/scholarly-server.js';

const server: ScholarlyServer = await startScholarly();

async function openService(env: Record<string, string> = {}): Promise<PapercordService> {
  const settings = await builtIndexSettings({ ...server.env(), ARXIV_INTERVAL_MS: '0', ADD_FETCH_INTERVAL_MS: '0', ...env });
  const service = await PapercordService.open(settings, { log: captureLog(), writer: null, http: testHttp(server, env) });
  after(() => service.close());
  return service;
}

const ids = (r: AddReport) => r.added.map((a) => a.id);
/** An OpenReview paper the shipped corpus does not hold (the shared fixture's forum id is a shipped paper's). */
const FRESH_NOTE = { ...OPENREVIEW_NOTE, id: 'Zq9FreshNote', content: { ...OPENREVIEW_NOTE.content, title: 'Wombat Routing for Burrow Retrieval' } };
server.addNote(FRESH_NOTE);

test('each kind of ref is added with its metadata and source', async () => {
  const service = await openService();
  const report = await service.add({ text: `arXiv:${MALDACENA.id}v3 https://doi.org/${DEEP_LEARNING.doi} https://openreview.net/forum?id=${FRESH_NOTE.id} https://proceedings.mlr.press/v${TUR_DPO.volume}/${TUR_DPO.id}.html` }, { collection: 'c1' });
  assert.deepEqual(report.skipped, []);
  assert.deepEqual(report.added.map((a) => [a.source, a.fullText]), [['arxiv', false], ['crossref', false], ['openreview', false], ['pmlr', false]]);
  for (const a of report.added) assert.equal(service.resolvePaper(a.id, { collection: 'c1' }).id, a.id);
});
