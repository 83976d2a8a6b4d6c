import type { AnswerKind } from '../kind.js';
import type { Paper } from '../../corpus/paper.js';
import { markdownLiteral } from '../../corpus/text.js';
import { asksOnlyForLike } from '../../question/pointing.js';
import type { Answer, Source } from '../../types.js';
import { kinded, refusalAnswer, wholePaperAnswer } from '../compose.js';
import type { AnswerContext } from '../kind.js';
import { listedPaper } from '../listing.js';
import { noRelatedTo, uncitedAnswer } from '../replies.js';

/** Related papers as an answer: each with its reason, cited to its abstract, listed as other lists are, with its id: a follow-up ("Who wrote them?") reads them back. */
async function relatedList(q: string, ctx: AnswerContext, like: Paper): Promise<Answer> {
  const r = await ctx.related(like.id);
  // Not the refusal, whose pointer is /related for this same paper: it would send the asker to the empty list it stands for.
  if (r.related.length === 0) return uncitedAnswer(q, noRelatedTo(like, markdownLiteral), ctx.started, { refused: true });
  const papers = r.related.map((x) => ctx.library.retriever.paper(x.paperId)).filter((p): p is Paper => p !== undefined);
  const reasons = new Map(r.related.map((x) => [x.paperId, x.reason]));
  const write = (sources: Source[]) => [`Papers related to **${markdownLiteral(like.title)}** (${like.id}):`, ...sources.map((s) => `${listedPaper(s)}: ${reasons.get(s.paperId)}`)].join('\n');
  return wholePaperAnswer(q, ctx, papers, write, { mode: r.mode, ...(r.model ? { model: r.model } : {}), ...(r.notice ? { notice: r.notice } : {}), ...(r.mode === 'extractive' ? { basis: 'shared terms' as const } : {}) });
}

/** "Papers like PixelThink?" asks for related work: the search would find PixelThink itself. Of several papers, /related is asked one at a time. */
export const relatedKind: AnswerKind = {
  id: 'related',
  description: 'Papers like one paper ("Papers like PixelThink?", "anything similar?" after it), as /related lists them.',
  stage: 'papers',
  match: (f) => !f.optionPaper && f.likeOf.length > 0 && asksOnlyForLike(f.subjectNames.rest),
  answer: (f, ctx) => (f.likeOf.length === 1 ? relatedList(f.q, ctx, f.likeOf[0]!) : kinded('refusal', refusalAnswer(f.q, ctx, []))),
};
