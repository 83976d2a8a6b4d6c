import { cli, openService, print, run } from './common.js';
import { renderInfo } from '../render/text.js';
import type { BuildProgress, LockWait } from '../index/store.js';

const usage = 'usage: npm run ingest -- [--json]   rebuild the index from CORPUS';
const { json, settings } = cli({}, usage);

/** A one-line progress display, only on a terminal (pipes and CI get the log lines alone). */
function progress(p: BuildProgress): void {
  if (!process.stderr.isTTY) return;
  const pct = p.total ? Math.round((100 * p.done) / p.total) : 100;
  process.stderr.write(`\r${p.phase.padEnd(6)} ${String(pct).padStart(3)}% (${p.done}/${p.total})   ${p.done === p.total ? '\n' : ''}`);
}

/** Said whatever the log's level and format: a second ingest waits as long as the first takes to build, silent it would look hung. */
function waiting(wait: LockWait): void {
  process.stderr.write(`Waiting for another ingest (pid ${wait.pid}) to finish: it holds ${wait.lock}\n`);
}

run(json, async () => {
  const t = Date.now();
  const service = await openService(settings, { forceRebuild: true, onBuildProgress: progress, onBuildWait: waiting });
  const info = service.info();
  print(json, { ...info, ms: Date.now() - t }, () => `index rebuilt: ${renderInfo(info)} in ${((Date.now() - t) / 1000).toFixed(1)} s`);
});
