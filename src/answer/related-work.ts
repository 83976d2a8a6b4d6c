import { isCoined, type Paper } from '../corpus/paper.js';
import { searchedByWordsOnly } from '../embed/query-vector.js';
import { PapercordError } from '../errors.js';
import { ambiguousPaper, type Library } from '../library/library.js';
import { paperRef } from '../names/catalog.js';
import { joinNotices } from '../notice.js';
import { topicAsked } from '../question/related-request.js';
import { fewerRelated, relatedPapers } from '../retrieval/related.js';
import { cleanText, isBlank } from '../text/clean.js';
import { words } from '../text/terms.js';
import type { Related, RequestOptions, Turn } from '../types.js';
import { writeRelated } from '../writer/answers.js';
import type { ModelSide } from '../writer/model-side.js';

export interface RelatedRequest extends RequestOptions {
  /** false: the shared-terms reasons, without asking the model. */
  useModel?: boolean;
  /** How many papers (1-10). */
  count?: number;
  /** The conversation, for "/related it". */
  history?: Turn[];
}

/** A /related query, checked: not empty, not over the limit. */
export function relatedQuery(query: string, maxChars: number): string {
  const q = cleanText(query);
  if (isBlank(q)) throw new PapercordError('BAD_INPUT', 'Name a paper or describe a topic.', 'For example: /related paper_or_topic: spatial audio');
  if (q.length > maxChars) throw new PapercordError('QUESTION_TOO_LONG', `The topic has ${q.length} characters; the limit is ${maxChars}.`, 'Shorten it.');
  return q;
}

/** /related: papers like one paper, or on a topic, ranked by retrieval, each with the reason (the model's grounded sentence, else the shared key terms). */
export async function relatedWork(library: Library, model: ModelSide, query: string, opts: RelatedRequest): Promise<Related> {
  const started = Date.now();
  const { settings, retriever } = library;
  const q = relatedQuery(query, settings.maxQuestionChars);
  const count = Math.min(Math.max(opts.count ?? settings.retrieval.relatedCount, 1), 10);
  // "related work on spatial audio" asks for papers on "spatial audio", "research on VEQ" for papers like VEQ.
  const topic = topicAsked(q);
  const asked = library.paperPointedAt(q, opts.history) ?? relatedPaper(library, topic);
  const onTopic = asked ? undefined : await relatedPapers(retriever, { text: topic }, count, settings.retrieval);
  // On no topic, the paper /summary reads the words as, when it reads one: "arxiv 2505.23727", "sci video bench" (SciVideoBench).
  const paper = asked ?? (onTopic?.length ? undefined : library.paperResolved(topic));
  const related = paper ? await relatedPapers(retriever, { paper }, count, settings.retrieval) : onTopic!;
  const base: Related = { query: q, ...(!paper && topic !== q ? { topic } : {}), paper: paper ? paperRef(paper) : undefined, related, mode: 'extractive', elapsedMs: Date.now() - started };
  const explained = await explainRelated(library, model, base, paper, count, opts, started);
  const fewer = fewerRelated(related.length, count, !!paper);
  return fewer ? { ...explained, notice: joinNotices(fewer, explained.notice) } : explained;
}

/**
 * The paper /related is asked about, or undefined for a topic: one the text names (see
 * catalog.named), a name one paper owns ("GCL", declared by its abstract), or a single
 * word no abstract contains that misspells one paper's name, which /summary reads as that
 * paper too ("pixelthnik"). A made-up name that several papers own ("PRISM") is asked about,
 * not read as one of them; an ordinary word they share ("Position: ...") is a topic.
 */
function relatedPaper(library: Library, q: string): Paper | undefined {
  const { catalog, names, retriever } = library;
  const exact = catalog.get(q);
  if (exact) return exact;
  const owners = catalog.owners(q);
  const owning = [...new Set(owners.map((o) => o.paper))];
  if (owning.length > 1) {
    if (owners.some((o) => isCoined(o.name))) throw ambiguousPaper(q, owning);
    return undefined;
  }
  return owning[0] ?? catalog.named(q) ?? names.onlyNamed(q) ?? (words(q).length === 1 ? names.misspelledPaper(q, retriever) : undefined);
}

/** The model's one-sentence reason for each related paper, where it gives a grounded one; the ranking stays retrieval's. */
async function explainRelated(library: Library, model: ModelSide, base: Related, paper: Paper | undefined, count: number, opts: RelatedRequest, started: number): Promise<Related> {
  if (!model.usable(opts.useModel) || base.related.length === 0) return base;
  const key = model.key({ kind: 'related', text: paper?.id ?? base.query, variant: String(count) }, library.version);
  const hit = model.cache.get(key) as Related | undefined;
  if (hit) return { ...hit, cached: true, elapsedMs: Date.now() - started };
  const candidates = base.related.map((r) => library.retriever.paper(r.paperId)).filter((p): p is Paper => p !== undefined);
  const w = await writeRelated(model.writeContext(opts), { query: paper ?? { topic: base.query }, candidates });
  if ('fallback' in w) return { ...base, ...(w.fallback ? { notice: model.announce(w.fallback, opts) } : {}), elapsedMs: Date.now() - started };
  const result: Related = {
    ...base,
    related: base.related.map((r) => (w.reasons.has(r.paperId) ? { ...r, reason: w.reasons.get(r.paperId)!, reasonBy: 'model' as const } : r)),
    mode: 'ollama',
    model: w.model,
    ...(w.notice ? { notice: w.notice } : {}),
    elapsedMs: Date.now() - started,
  };
  if (!searchedByWordsOnly()) model.cache.set(key, result);
  return result;
}
