/** /related (related papers) by corpus size: time per request for a paper id, a title and a topic, and the memory it keeps. */
import { runTask } from '../child.js';
import { mb, ms, int, type Table } from '../format.js';
import type { RelatedResult } from '../protocol.js';
import { SIZES, scaleSize, type SizeResult } from './scale.js';
import type { Section, SectionResult } from './section.js';

/** Papers asked about (by id, then by title) and topics per size: "a few dozen" each. */
export const RELATED_SEEDS = 36;

interface RelatedSize {
  label: string;
  size: SizeResult;
  related: RelatedResult;
}

function relatedTable(sizes: RelatedSize[]): Table {
  return {
    columns: ['chunks', 'papers', 'paper id p50', 'paper id p95', 'title p50', 'title p95', 'topic p50', 'topic p95', 'CPU per request', 'papers listed (mean)', 'heap before', 'heap after', 'kept by /related', 'peak RSS'],
    rows: sizes.map(({ size, related: r }) => [
      int(size.ingest.chunks),
      int(r.papers),
      ms(r.byId.p50),
      ms(r.byId.p95),
      ms(r.byTitle.p50),
      ms(r.byTitle.p95),
      ms(r.byText.p50),
      ms(r.byText.p95),
      ms(r.cpuMsPerRequest),
      r.meanListed.toFixed(1),
      mb(r.heapBeforeMB),
      mb(r.heapAfterMB),
      mb(r.heapAfterMB - r.heapBeforeMB),
      mb(r.peakRssMB),
    ]),
  };
}

export const relatedSection: Section = {
  id: 'related',
  title: '/related by corpus size (extractive)',
  async run(ctx): Promise<SectionResult> {
    const sizes: RelatedSize[] = [];
    // Over the indexes the scale section built in this run, smallest first.
    for (const { label } of SIZES) {
      const size = scaleSize(ctx.results, label);
      if (!size) continue;
      const step = `related ${label}`;
      ctx.progress.start(step);
      const related = await runTask<RelatedResult>({ kind: 'related', corpus: size.corpus, dataDir: size.dataDir, seeds: RELATED_SEEDS, seed: ctx.seed }, (phase, done, total) => ctx.progress.update(step, phase, done, total));
      ctx.progress.done(step, `paper id p50 ${ms(related.byId.p50)}, topic p50 ${ms(related.byText.p50)}, kept ${mb(related.heapAfterMB - related.heapBeforeMB)}`, { ...related, byId: undefined, byTitle: undefined, byText: undefined });
      sizes.push({ label, size, related });
    }
    if (!sizes.length) throw new Error('the /related benchmark runs on the indexes of the scale section: run it with that section');
    return {
      id: 'related',
      title: this.title,
      status: 'ok',
      tables: [relatedTable(sizes)],
      notes: [
        `Each size in its own process, over the index the scale section built: PapercordService.open, the catalog complete, one /ask (so the vector table is built), then /related for ${RELATED_SEEDS} papers by id, the same papers by their exact title, and ${RELATED_SEEDS} topics (two to four words of an abstract, as "robot policy learning"), answered without a model, the default count of papers.`,
        'Heap: held after a full garbage collection, before the first /related and after the last; "kept by /related" is what the requests left behind (caches), which a long-running bot keeps too.',
      ],
      data: { sizes: sizes.map(({ label, related }) => ({ label, ...related })) },
    };
  },
};
