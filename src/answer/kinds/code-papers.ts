import type { AnswerKind } from '../kind.js';
import { wholePaperAnswer } from '../compose.js';
import { codeLinksOf, codePapersAnswer, codePapersAsked } from '../links.js';
import { LISTED_PAPERS_MAX } from '../listing.js';
import { uncitedAnswer } from '../replies.js';
import type { Source } from '../../types.js';

/** "How many papers have code?" asks the metadata, not for the sentences that write "code" (a code-generation paper's). */
export const codePapersKind: AnswerKind = {
  id: 'code-papers',
  description: 'The papers that link their code, or those that do not ("How many papers have code?").',
  stage: 'index',
  match: (f) => !f.optionPaper && f.read('codeAsked', () => codePapersAsked(f.q)) !== undefined,
  answer(f, ctx) {
    const { without } = f.read('codeAsked', () => codePapersAsked(f.q))!;
    const papers = ctx.library.papers;
    const found = papers.filter((p) => codeLinksOf(p).length === 0 === without);
    const write = (sources: Source[]) => codePapersAnswer(found, papers.length, sources, without);
    if (found.length === 0) return uncitedAnswer(f.q, write([]), ctx.started);
    return wholePaperAnswer(f.q, ctx, found.slice(0, LISTED_PAPERS_MAX), write, { basis: 'metadata' });
  },
};
