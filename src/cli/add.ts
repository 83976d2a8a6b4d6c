import { promises as fs } from 'node:fs';
import path from 'node:path';
import { cli, openService, print, run } from './common.js';
import { LOCAL_COLLECTION, renderAddReport } from '../render/collections.js';
import type { AddReport } from '../collections/add.js';

const usage = 'usage: npm run add -- [--json] [--collection <id>] <arXiv id, DOI, OpenReview or PMLR link, or a .pdf/.bib/.json/.jsonl file> ...';
const { values, positionals, json, settings } = cli({ collection: { type: 'string' } }, usage);

/** An argument that names a file is that file; any other is a ref (several may share one argument). */
async function readArgs(args: string[]): Promise<{ text: string; files: { name: string; bytes: Uint8Array }[] }> {
  const refs: string[] = [];
  const files: { name: string; bytes: Uint8Array }[] = [];
  for (const arg of args) {
    const isFile = await fs.stat(arg).then((s) => s.isFile(), () => false);
    if (isFile) files.push({ name: path.basename(arg), bytes: new Uint8Array(await fs.readFile(arg)) });
    else refs.push(arg);
  }
  return { text: refs.join('\n'), files };
}

/** What --json prints: the same keys for every paper, null where one is unknown. */
function forJson(r: AddReport) {
  return {
    added: r.added.map((a) => ({ id: a.id, title: a.title, authors: a.authors, year: a.year ?? null, venue: a.venue ?? null, url: a.url ?? null, source: a.source, fullText: a.fullText })),
    skipped: r.skipped.map((s) => ({ ref: s.ref, reason: s.reason })),
  };
}

run(json, async () => {
  const collection = (values.collection as string | undefined) ?? LOCAL_COLLECTION;
  const input = await readArgs(positionals);
  const service = await openService(settings, { writer: null, defaultCollection: collection });
  try {
    const report = await service.add(input, { collection });
    print(json, forJson(report), () => renderAddReport(report));
    // Something given, nothing added: a script should know.
    if (report.added.length === 0 && report.skipped.length > 0) process.exitCode = 1;
  } finally {
    await service.close();
  }
});
