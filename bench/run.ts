/**
 * `npm run bench [-- --quick] [-- --json] [-- --only scale,quality]`: speed, memory and
 * quality figures, printed as Markdown tables and written to bench/results/<time>.json.
 */
import 'dotenv/config';
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { PROJECT_ROOT } from '../src/config.js';
import { configureLogging, log } from '../src/log.js';
import { renderTable } from './format.js';
import { Progress } from './progress.js';
import { SECTIONS } from './sections/index.js';
import type { SectionContext, SectionResult } from './sections/section.js';
import { checkTargets, type TargetCheck } from './targets.js';

const usage = 'usage: npm run bench -- [--quick] [--json] [--only <section,...>] [--sizes 19,306,1k,10k,100k] [--seed N]   sections: ' + SECTIONS.map((s) => s.id).join(', ');

function machine() {
  const cpus = os.cpus();
  return { cpu: cpus[0]?.model ?? 'unknown', cores: os.availableParallelism(), memoryGB: Math.round(os.totalmem() / 2 ** 30), node: process.version, platform: `${os.platform()} ${os.release()}`, loadAverage: os.loadavg().map((x) => Math.round(x * 100) / 100) };
}

function render(results: SectionResult[], targets: TargetCheck[], m: ReturnType<typeof machine>, endLoad: number[], quick: boolean): string {
  const out = [`papercord benchmarks${quick ? ' (quick: small sizes only)' : ''}, ${m.cores} cores, ${m.memoryGB} GB, ${m.cpu}, Node ${m.node}; load average ${m.loadAverage.join(' ')} at the start, ${endLoad.join(' ')} at the end`, ''];
  for (const r of results) {
    out.push(`## ${r.title}${r.status === 'ok' ? '' : ` (${r.status})`}`, '');
    for (const t of r.tables) out.push(renderTable(t), '');
    for (const n of r.notes) out.push(`- ${n}`);
    out.push('');
  }
  out.push('## Targets', '');
  out.push(renderTable({ columns: ['target', 'status', 'figure'], rows: targets.map((t) => [t.target, t.status === 'missed' ? 'MISSED' : t.status, t.figure]) }));
  return out.join('\n');
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { quick: { type: 'boolean', default: false }, json: { type: 'boolean', default: false }, only: { type: 'string' }, sizes: { type: 'string' }, seed: { type: 'string', default: '20260701' }, help: { type: 'boolean', default: false } } });
  if (values.help) {
    process.stdout.write(usage + '\n');
    return;
  }
  configureLogging({ level: 'info' });
  const only = values.only?.split(',').map((s) => s.trim());
  const unknown = only?.filter((id) => !SECTIONS.some((s) => s.id === id));
  if (unknown?.length) throw new Error(`unknown section ${unknown.join(', ')}; ${usage}`);
  const quick = values.quick === true;
  const workDir = path.join(PROJECT_ROOT, 'bench', '.work');
  await fs.mkdir(workDir, { recursive: true });
  const startedAt = new Date();
  const m = machine();
  const ctx: SectionContext = { quick, sizes: values.sizes?.split(',').map((s) => s.trim()), seed: Number(values.seed), workDir, progress: new Progress(), results: new Map() };
  for (const section of SECTIONS) {
    if (only && !only.includes(section.id)) continue;
    let r: SectionResult;
    try {
      r = await section.run(ctx);
    } catch (e) {
      ctx.progress.fail(section.id, e as Error);
      r = { id: section.id, title: section.title, status: 'failed', tables: [], notes: [`failed: ${(e as Error).message.split('\n')[0]}`] };
      process.exitCode = 1;
    }
    ctx.results.set(section.id, r);
  }
  const results = [...ctx.results.values()];
  const targets = checkTargets(ctx.results);
  // Other processes on the same cores slow every figure down: the load average says how busy the machine was.
  const endLoad = os.loadavg().map((x) => Math.round(x * 100) / 100);
  const report = { startedAt: startedAt.toISOString(), finishedAt: new Date().toISOString(), quick, seed: ctx.seed, machine: { ...m, loadAverageAtEnd: endLoad }, sections: results, targets };
  const file = path.join(PROJECT_ROOT, 'bench', 'results', `${startedAt.toISOString().replace(/[:.]/g, '-')}.json`);
  await fs.mkdir(path.dirname(file), { recursive: true });
  await fs.writeFile(file, JSON.stringify(report, null, 2) + '\n');
  process.stdout.write((values.json ? JSON.stringify(report) : render(results, targets, m, endLoad, quick)) + '\n');
  log.info('bench results written', { file: path.relative(PROJECT_ROOT, file), seconds: Math.round((Date.now() - startedAt.getTime()) / 1000) });
}

main().catch((e: Error) => {
  log.error('bench failed', { error: e.message });
  process.exitCode = 1;
});
