import type { AnswerKind } from '../kind.js';
import { uncitedAnswer, whichPaper } from '../replies.js';

/** "Who wrote it?" after "How many papers are about video?": "it" may be any of them, so which one is asked. */
export const whichPaperKind: AnswerKind = {
  id: 'which-paper',
  description: 'A question about "it" after an answer about several papers: asks which one, naming them.',
  stage: 'papers',
  match: (f) => f.earlier.length > 1,
  answer: (f, ctx) => uncitedAnswer(f.q, whichPaper(f.earlier, ctx.library.conversation.papersFoundNotListed(f.history)), ctx.started, { refused: true }),
};
