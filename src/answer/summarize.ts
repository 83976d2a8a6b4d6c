import { paperRef } from '../names/catalog.js';
import type { Library } from '../library/library.js';
import { cleanText } from '../text/clean.js';
import type { Notice, RequestOptions, Summary, Turn } from '../types.js';
import { writeSummary } from '../writer/answers.js';
import type { ModelSide } from '../writer/model-side.js';
import { abstractSource, citationFor } from './sources.js';
import { extractiveSummary } from './summary/extractive.js';
import type { SummaryLength } from './summary.js';

export interface SummaryRequest extends RequestOptions {
  /** false: the extractive summary, without asking the model. */
  useModel?: boolean;
  length?: SummaryLength;
  /** The conversation, for "/summary it". */
  history?: Turn[];
}

/** /summary: one paper's summary, written by the model from its abstract, else the abstract's own sentences by part. */
export async function summarize(library: Library, model: ModelSide, paperQuery: string, opts: SummaryRequest): Promise<Summary> {
  const started = Date.now();
  const paper = library.paperPointedAt(cleanText(paperQuery), opts.history) ?? library.resolvePaper(paperQuery);
  const length = opts.length ?? 'medium';
  const source = abstractSource(library.retriever, paper);
  const extractive = (notice?: Notice): Summary => ({
    paper: paperRef(paper),
    summary: extractiveSummary(paper, length),
    mode: 'extractive',
    citations: source ? [citationFor(source)] : [],
    sources: source ? [source] : [],
    ...(notice ? { notice } : {}),
    elapsedMs: Date.now() - started,
  });
  if (!model.usable(opts.useModel) || !source) return extractive();
  const key = model.key({ kind: 'summary', text: paper.id, variant: length }, library.version);
  const hit = model.cache.get(key) as Summary | undefined;
  if (hit) return { ...hit, cached: true, elapsedMs: Date.now() - started };
  const w = await writeSummary(model.writeContext(opts), { source, length });
  if ('fallback' in w) return extractive(model.announce(w.fallback, opts));
  const result: Summary = {
    paper: paperRef(paper),
    summary: w.text,
    mode: 'ollama',
    model: w.model,
    citations: w.citations,
    sources: [source],
    ...(w.notice ? { notice: w.notice } : {}),
    ...(w.truncated ? { truncated: true } : {}),
    elapsedMs: Date.now() - started,
  };
  if (!w.truncated) model.cache.set(key, result);
  return result;
}
