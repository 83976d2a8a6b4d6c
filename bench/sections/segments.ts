/**
 * Papers added without a rebuild (issue 28): the time to add one paper at 19, 10,000 and
 * 100,000 chunks, and the latency of questions with 50 added segments, before and after
 * compaction. Each size works on a copy of the scale section's data folder (or ingests its own
 * when that section did not run), so the indexes later sections reuse stay as ingested.
 */
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { ensureSynthCorpus } from '../corpus.js';
import { runTask } from '../child.js';
import { int, mb, ms, type Table } from '../format.js';
import type { IngestResult, SegmentsResult } from '../protocol.js';
import { scaleSize } from './scale.js';
import type { Section, SectionContext, SectionResult } from './section.js';

export const ADDITIONS = 50;
const QUERIES = 200;

const SIZES: { label: string; quick: boolean; corpus(ctx: SectionContext): Promise<string[]> }[] = [
  { label: '19', quick: true, corpus: async () => ['icml2026'] },
  { label: '1k', quick: true, corpus: async (ctx) => [(await ensureSynthCorpus({ workDir: ctx.workDir, chunks: 1_000, seed: ctx.seed })).dir] },
  { label: '10k', quick: false, corpus: async (ctx) => [(await ensureSynthCorpus({ workDir: ctx.workDir, chunks: 10_000, seed: ctx.seed })).dir] },
  { label: '100k', quick: false, corpus: async (ctx) => [(await ensureSynthCorpus({ workDir: ctx.workDir, chunks: 100_000, seed: ctx.seed })).dir] },
];

export interface SegmentsSize extends SegmentsResult {
  label: string;
}

/** A data folder with the size's index, as ingested: the scale section's, copied, or a new ingest. */
async function dataFolder(ctx: SectionContext, label: string, corpus: () => Promise<string[]>): Promise<string> {
  const dir = path.join(ctx.workDir, `data-${label}-segments`);
  await fs.rm(dir, { recursive: true, force: true });
  const measured = scaleSize(ctx.results, label);
  if (measured) {
    await fs.cp(measured.dataDir, dir, { recursive: true });
    return dir;
  }
  const step = `ingest ${label} (segments)`;
  ctx.progress.start(step);
  const ingest = await runTask<IngestResult>({ kind: 'ingest', corpus: await corpus(), dataDir: dir }, (phase, done, total) => ctx.progress.update(step, phase, done, total));
  ctx.progress.done(step, ms(ingest.ingestMs));
  return dir;
}

function table(sizes: SegmentsSize[]): Table {
  return {
    columns: ['chunks', 'add one paper p50', 'p95', 'first', 'first question after it', 'segments', 'p50 build alone', `p50 ${ADDITIONS} segments`, 'p95', 'compaction', 'longest stall while compacting', 'p50 compacted', 'p95', 'peak RSS'],
    rows: sizes.map((s) => [
      int(s.chunks),
      ms(s.addMs.p50),
      ms(s.addMs.p95),
      ms(s.firstAddMs),
      ms(s.firstQueryMs),
      int(s.segments),
      ms(s.baseLatency.p50),
      ms(s.segmentedLatency.p50),
      ms(s.segmentedLatency.p95),
      ms(s.compactMs),
      ms(s.compactMaxStallMs),
      ms(s.compactedLatency.p50),
      ms(s.compactedLatency.p95),
      mb(s.peakRssMB),
    ]),
  };
}

export const segmentsSection: Section = {
  id: 'segments',
  title: 'Papers added without a rebuild (segments)',
  async run(ctx): Promise<SectionResult> {
    const sizes: SegmentsSize[] = [];
    for (const spec of SIZES.filter((s) => (ctx.sizes ? ctx.sizes.includes(s.label) : s.quick || !ctx.quick))) {
      const dataDir = await dataFolder(ctx, spec.label, () => spec.corpus(ctx));
      const step = `segments ${spec.label}`;
      ctx.progress.start(step);
      const r = await runTask<SegmentsResult>({ kind: 'segments', dataDir, additions: ADDITIONS, queries: QUERIES, seed: ctx.seed }, (phase, done, total) => ctx.progress.update(step, phase, done, total));
      ctx.progress.done(step, `add p50 ${ms(r.addMs.p50)}, questions p50 ${ms(r.segmentedLatency.p50)} with ${r.segments} segments, ${ms(r.compactedLatency.p50)} compacted`, { ...r });
      sizes.push({ label: spec.label, ...r });
      await fs.rm(dataDir, { recursive: true, force: true });
    }
    return {
      id: 'segments',
      title: this.title,
      status: 'ok',
      tables: [table(sizes)],
      notes: [
        `Add one paper: addPapers of one generated paper (sentences of the index's papers) to a collection, on the loaded index, with its record written under DATA_DIR/collections: records, the segment's files (flushed to disk), the switch of the segments list, the segment read back. No network (the metadata is at hand). ${ADDITIONS} additions one after the other, each its own segment; "first" includes the build's id set the checks use, made once per build. "First question after it": a new Retriever over the new index and its first question through the collection's view.`,
        `Questions: ${QUERIES} questions through Retriever.view('bench').search (hybrid), half about the added papers, on the build alone, with the ${ADDITIONS} segments, and after compactSegments merged them into one. The longest stall is the event loop's longest delay during the compaction, run in the same process: how long a question arriving then could wait.`,
      ],
      data: { sizes },
    };
  },
};
