import type { AnswerKind } from '../kind.js';
import type { QuestionFrame } from '../../question/frame.js';
import { wholePaperAnswer } from '../compose.js';
import type { AnswerContext } from '../kind.js';
import { authorAsked, authorPapersAnswer, authorPapersCited } from '../author-papers.js';
import { namesakesAnswer } from '../namesakes.js';
import { uncitedAnswer } from '../replies.js';

const asked = (f: QuestionFrame, ctx: AnswerContext) => f.read('authorAsked', () => authorAsked(f.q, ctx.library.papers));

/**
 * "Which papers are by Artem Dementyev?" is answered from the metadata: no abstract holds its
 * authors. So is "How many Wang papers?", before it is read as a count of the papers that write "Wang".
 */
export const authorPapersKind: AnswerKind = {
  id: 'author-papers',
  description: "An author's papers ('Which papers are by Dementyev?', 'How many Wang papers?'), and who shares a name.",
  stage: 'index',
  match: (f, ctx) => !f.optionPaper && asked(f, ctx) !== undefined,
  answer(f, ctx) {
    const { authors, ambiguous } = asked(f, ctx)!;
    if (!authors.length) return uncitedAnswer(f.q, namesakesAnswer(ambiguous), ctx.started);
    return wholePaperAnswer(f.q, ctx, authorPapersCited(authors), (sources) => authorPapersAnswer(authors, sources, ambiguous), { basis: 'metadata' });
  },
};
