import type { AnswerKind } from '../kind.js';
import { wholePaperAnswer } from '../compose.js';
import { hasPositionTitle, POSITION_PAPER_TERMS, positionPapers, positionPapersAnswer, positionPapersAsked } from '../position-papers.js';
import { LISTED_PAPERS_MAX } from '../listing.js';
import { uncitedAnswer } from '../replies.js';
import type { Source } from '../../types.js';

/** "Which papers are position papers?" asks for a kind of paper, not for the papers that write "position". */
export const positionPapersKind: AnswerKind = {
  id: 'position-papers',
  description: 'The position papers, each with the sentence that says so or states its thesis.',
  stage: 'index',
  match: (f) => !f.optionPaper && positionPapersAsked(f.q),
  answer(f, ctx) {
    const { retriever, papers } = ctx.library;
    // Only the papers that write "position" and "paper", or are titled "Position:", are read.
    const writers = retriever.papersWritingAll(POSITION_PAPER_TERMS);
    const found = positionPapers(papers.filter((p) => writers.has(p.id) || hasPositionTitle(p)));
    const write = (sources: Source[]) => positionPapersAnswer(found, papers.length, sources);
    // None is an answer too.
    if (found.length === 0) return uncitedAnswer(f.q, write([]).answer, ctx.started);
    return wholePaperAnswer(f.q, ctx, found.slice(0, LISTED_PAPERS_MAX).map((m) => m.paper), write);
  },
};
