/**
 * Every literal question the test suite asked of the shipped corpora, with the kind of answer
 * that answered it when the table was recorded (before the question pipeline was split into
 * answer kinds): the same questions, with the same conversation and paper option, must reach
 * the same kind, refuse or not alike, and cite the same papers. A change that moves one on
 * purpose edits its line, and says why in the commit.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { PapercordService } from '../src/service.js';
import type { Turn } from '../src/types.js';
import { testSettings, builtIndexSettings, captureLog } from './support/env.js';

interface Recorded {
  corpus: string;
  question: string;
  history?: Turn[];
  paper?: string;
  kind?: string;
  refused?: boolean;
  cites?: string[];
  /** The error code the question was rejected with, instead of an answer. */
  error?: string;
}

const table = readFileSync(new URL('./fixtures/question-kinds.jsonl', import.meta.url), 'utf8')
  .split('\n')
  .filter(Boolean)
  .map((line) => JSON.parse(line) as Recorded);

const services = new Map<string, Promise<PapercordService>>();
const serviceFor = (corpus: string) => {
  let s = services.get(corpus);
  if (!s) services.set(corpus, (s = (async () => PapercordService.open(await (corpus === 'icml2026' ? testSettings : builtIndexSettings)({ CORPUS: corpus }), { log: captureLog(), writer: null }))()));
  return s;
};

for (const corpus of [...new Set(table.map((r) => r.corpus))]) {
  test(`${corpus}: the questions the tests ask reach the kind of answer they reached before the pipeline was split`, async () => {
    const service = await serviceFor(corpus);
    const moved: string[] = [];
    const rows = table.filter((r) => r.corpus === corpus);
    for (const r of rows) {
      const where = `${JSON.stringify(r.question)}${r.history?.length ? ` after ${JSON.stringify(r.history.map((t) => t.question))}` : ''}${r.paper ? ` --paper ${r.paper}` : ''}`;
      try {
        const a = await service.ask(r.question, { useModel: false, history: r.history, paper: r.paper });
        const got = { kind: a.kind, refused: a.refused, cites: [...new Set(a.citations.map((c) => c.paperId))] };
        if (r.error) moved.push(`${where}: answered as ${got.kind}, was rejected with ${r.error}`);
        else if (got.kind !== r.kind || got.refused !== r.refused || got.cites.join(' ') !== (r.cites ?? []).join(' ')) {
          moved.push(`${where}: ${got.kind}${got.refused ? ' (refused)' : ''} citing [${got.cites.join(', ')}], was ${r.kind}${r.refused ? ' (refused)' : ''} citing [${(r.cites ?? []).join(', ')}]`);
        }
      } catch (e) {
        const code = (e as { code?: string }).code ?? 'unknown';
        if (code !== r.error) moved.push(`${where}: rejected with ${code}, was ${r.error ?? r.kind}`);
      }
    }
    assert.ok(rows.length > 50, `the table holds ${rows.length} questions of ${corpus}`);
    assert.deepEqual(moved, [], `${moved.length} of ${rows.length} questions moved`);
  });
}
