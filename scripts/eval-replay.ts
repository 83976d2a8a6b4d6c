/**
 * `npm run eval -- --replay` (or `npm run eval:replay`): replays the model replies stored in test/fixtures/replies through the
 * Ollama test server and the real client (see test/support/replay.ts) and prints how many good
 * replies were shown as the model wrote them, how many refusals were shown as refusals, and how
 * many flawed replies were caught; with --verbose, why each miss is one; with --json, the figures.
 * Exits 1 when any fixture is not met.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadSettings } from '../src/config.js';
import { jsonLinesTo } from '../src/log.js';
import { PapercordService } from '../src/service.js';
import { OllamaTestServer } from '../test/support/ollama-server.js';
import { figures, loadFixtures, replayAll } from '../test/support/replay.js';

// --replay is how `npm run eval -- --replay` gets here.
const { values } = parseArgs({ options: { json: { type: 'boolean', default: false }, verbose: { type: 'boolean', default: false }, replay: { type: 'boolean', default: false } } });
const dir = await mkdtemp(path.join(os.tmpdir(), 'papercord-replay-'));
const server = await OllamaTestServer.start();
try {
  const fixtures = loadFixtures();
  const results = await replayAll(fixtures, (env) => PapercordService.open(loadSettings({ EMBEDDINGS: 'local', DATA_DIR: dir, CORPUS: 'icml2026', ...env }), { log: jsonLinesTo(() => {}) }), server);
  const f = figures(results.map((r) => ({ fixture: r.fixture, judged: r.judged })));
  if (values.json) process.stdout.write(`${JSON.stringify(f)}\n`);
  else {
    const byCommand = (kind: string) =>
      ['ask', 'summary', 'related']
        .map((c) => [c, results.filter((r) => r.fixture.kind === kind && r.fixture.command === c)] as const)
        .filter(([, rs]) => rs.length)
        .map(([c, rs]) => `/${c} ${rs.filter((r) => r.judged.met).length}/${rs.length}`)
        .join(', ');
    process.stdout.write(
      [
        `Replayed ${fixtures.length} model replies (${[...new Set(fixtures.map((x) => x.model))].join(', ')}):`,
        `  good replies shown as written   ${f.good.shown}/${f.good.of}  (${byCommand('good')})`,
        `  refusals shown as refusals      ${f.refusals.shown}/${f.refusals.of}`,
        `  flawed replies caught           ${f.flawed.caught}/${f.flawed.of}  (${byCommand('flawed')})`,
        ...(f.misses.length ? ['', 'Misses:', ...f.misses.map((m) => `  ${m.id}${values.verbose ? `: ${m.why}` : ''}`)] : []),
        '',
      ].join('\n'),
    );
  }
  process.exitCode = f.misses.length ? 1 : 0;
} finally {
  await server.stop();
  await rm(dir, { recursive: true, force: true });
}
