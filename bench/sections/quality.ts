/** Our hybrid retrieval against BM25 alone, on the labeled eval questions. */
import { runTask } from '../child.js';
import { score, type Table } from '../format.js';
import type { QualityResult } from '../protocol.js';
import { scaleSize } from './scale.js';
import type { Section, SectionResult } from './section.js';

export const qualitySection: Section = {
  id: 'quality',
  title: 'Hybrid retrieval against BM25 alone (eval questions)',
  async run(ctx): Promise<SectionResult> {
    const small = scaleSize(ctx.results, '19');
    const withDistractors = scaleSize(ctx.results, '306');
    if (!small || !withDistractors) throw new Error('the quality comparison needs the indexes of the scale section (19 and 306 papers)');
    const step = 'quality';
    ctx.progress.start(step);
    // The same question sets as `npm run eval`: all on 19 papers, single-paper ones with distractors.
    const result = await runTask<QualityResult>(
      {
        kind: 'quality',
        corpora: [
          { name: '19 papers', dataDir: small.dataDir, singlePaperOnly: false },
          { name: 'with ~300 distractors', dataDir: withDistractors.dataDir, singlePaperOnly: true },
        ],
      },
      (phase, done, total) => ctx.progress.update(step, phase, done, total),
    );
    ctx.progress.done(step, `${result.rows.length} rows`);
    const table: Table = {
      columns: ['corpus', 'method', 'questions', 'recall@1', 'recall@5', 'MRR'],
      rows: result.rows.map((r) => [r.corpus, r.method, String(r.scores.questions), score(r.scores.recallAt1), score(r.scores.recallAt5), score(r.scores.mrr)]),
    };
    return {
      id: 'quality',
      title: this.title,
      status: 'ok',
      tables: [table],
      notes: [
        'Questions as `npm run eval` scores them: every on-topic question on 19 papers, single-paper questions with the distractors. Hybrid figures count a refused question as a miss, as the eval does; BM25 alone never refuses.',
      ],
      data: result,
    };
  },
};
