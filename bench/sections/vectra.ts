/** Side by side with the plain way of using vectra (LocalDocumentIndex) on the same corpus and machine. */
import path from 'node:path';
import { ensureSynthCorpus } from '../corpus.js';
import { runTask } from '../child.js';
import { int, ms, ratio, score, type Table } from '../format.js';
import type { QualityResult, VectraRecallResult, VectraResult } from '../protocol.js';
import { PROJECT_ROOT } from '../../src/config.js';
import { loadQuestions } from '../../src/eval/questions.js';
import { retrievalScores, type RetrievalScores } from '../../src/eval/metrics.js';
import { measureSize, scaleSize, type SizeResult } from './scale.js';
import type { Section, SectionResult } from './section.js';

/**
 * Vectra's upsertDocument rewrites the whole index for every document (quadratic), and its BM25
 * mode rebuilds a BM25 engine over every chunk on every query, so it is measured where it
 * finishes in reasonable time: 1,000 documents, and the 306 of the eval corpus (19 in a quick run).
 */
export const VECTRA_DOCS = 1_000;
/** Documents in a quick run: enough for vectra's BM25, small enough for a minute. */
export const VECTRA_DOCS_QUICK = 150;
/** Timed vectra queries (each takes seconds at 1,000 documents); fewer in a quick run. */
const VECTRA_QUERIES = 10;
const VECTRA_QUERIES_QUICK = 4;

export interface Comparison {
  label: string;
  ours: SizeResult;
  vectra: VectraResult;
}

/** Questions per process: vectra's BM25 mode fails after about 20 queries in one process (see the 'vectra-recall' task). */
const RECALL_BATCH = 15;

/** Recall of plain vectra on the eval questions, scored like `npm run eval` scores the corpus with distractors. */
async function vectraRecall(corpus: string[], folder: string, onProgress: (done: number, total: number) => void): Promise<RetrievalScores> {
  const questions = await loadQuestions(path.join(PROJECT_ROOT, 'data/eval/questions.jsonl'));
  const ranked: Record<string, string[]> = {};
  for (let from = 0; from < questions.length; from += RECALL_BATCH) {
    const r = await runTask<VectraRecallResult>({ kind: 'vectra-recall', corpus, folder, from, to: from + RECALL_BATCH }, () => {});
    Object.assign(ranked, r.ranked);
    onProgress(Math.min(from + RECALL_BATCH, questions.length), questions.length);
  }
  const scored = questions.filter((q) => q.kind !== 'multi');
  return retrievalScores(scored.map((q) => ({ question: q, ranked: ranked[q.id] ?? [], refused: false, answer: '', cited: [] })));
}

export const vectraSection: Section = {
  id: 'vectra',
  title: 'papercord against plain vectra (LocalDocumentIndex, BM25 mode)',
  async run(ctx): Promise<SectionResult> {
    const evalSize = scaleSize(ctx.results, '306');
    if (!evalSize) throw new Error('the vectra comparison needs the scale section (306 papers) first');
    const comparisons: Comparison[] = [];

    const measureVectra = async (label: string, corpus: string[], recall: boolean, queries: number) => {
      const step = `plain vectra ${label}`;
      ctx.progress.start(step);
      const folder = path.join(ctx.workDir, `vectra-${label}`);
      const r = await runTask<VectraResult>({ kind: 'vectra', corpus, folder, queries, seed: ctx.seed }, (phase, done, total) => ctx.progress.update(step, phase, done, total));
      if (recall) r.recall = await vectraRecall(corpus, folder, (done, total) => ctx.progress.update(step, 'eval questions', done, total));
      ctx.progress.done(step, `${int(r.documents)} documents in ${ms(r.ingestMs)}, query p50 ${ms(r.latency.p50)}${r.recall ? `, recall@5 ${score(r.recall.recallAt5)}` : ''}`);
      return r;
    };

    // A quick run only shows the comparison works: vectra's ingest of even 306 papers takes several
    // seconds, and its BM25 (wink) refuses collections as small as the 19 papers.
    const [docs, queries] = ctx.quick ? [VECTRA_DOCS_QUICK, VECTRA_QUERIES_QUICK] : [VECTRA_DOCS, VECTRA_QUERIES];
    const corpus = (await ensureSynthCorpus({ workDir: ctx.workDir, papers: docs, seed: ctx.seed })).dir;
    const ours = await measureSize(ctx, `${docs} docs`, 'generated', [corpus]);
    comparisons.push({ label: `${int(docs)} papers (generated)`, ours, vectra: await measureVectra(`${docs}`, [corpus], false, queries) });
    if (!ctx.quick) {
      // Recall is scored on the eval corpus (19 papers among the PMLR distractors), where the questions have labels.
      comparisons.push({ label: `${evalSize.ingest.papers} papers (eval corpus)`, ours: evalSize, vectra: await measureVectra('306', evalSize.corpus, true, VECTRA_QUERIES) });
    }

    const quality = ctx.results.get('quality')?.data as QualityResult | undefined;
    const ourRecall = quality?.rows.find((r) => r.corpus.includes('distractors') && r.method.startsWith('hybrid'))?.scores;
    const table: Table = {
      columns: ['corpus', 'documents', 'vectra chunks', 'ingest papercord', 'ingest vectra', 'ingest ratio', 'query p50 papercord', 'query p50 vectra', 'latency ratio', 'recall@5 papercord', 'recall@5 vectra'],
      rows: comparisons.map((c) => [
        c.label,
        int(c.vectra.documents),
        int(c.vectra.chunks),
        ms(c.ours.ingest.ingestMs),
        ms(c.vectra.ingestMs),
        ratio(c.vectra.ingestMs / c.ours.ingest.ingestMs),
        ms(c.ours.serve.latency.p50),
        ms(c.vectra.latency.p50),
        ratio(c.vectra.latency.p50 / c.ours.serve.latency.p50),
        c.vectra.recall ? score(ourRecall?.recallAt5) : '-',
        c.vectra.recall ? score(c.vectra.recall.recallAt5) : ctx.quick ? 'full run only' : '-',
      ]),
    };
    return {
      id: 'vectra',
      title: this.title,
      status: 'ok',
      tables: [table],
      notes: [
        `Plain vectra: one LocalDocumentIndex, upsertDocument(paper id, title + abstract) per paper, queryDocuments(question, {maxDocuments: 5, isBm25: true}); embeddings from papercord's local embedder behind vectra's EmbeddingsModel interface (fitted before vectra's clock starts). Capped at ${int(VECTRA_DOCS)} documents: its ingest grows quadratically (every upsert rewrites the index) and every BM25 query rebuilds its BM25 engine from all chunks. Its BM25 mode also loads a new wink-nlp model per query and fails with "RangeError: Invalid string length" after about 20 queries in one process, so the eval questions go to vectra ${RECALL_BATCH} per process.`,
        `Both ingest times start from the same corpus files. Query p50: papercord over its usual question mix, vectra over the first ${queries} of the same questions (eval questions come first in the mix). Recall@5 on the eval corpus, scored like \`npm run eval\` scores it (single-paper questions).`,
      ],
      data: { comparisons },
    };
  },
};
