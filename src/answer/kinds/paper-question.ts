import type { AnswerKind } from '../kind.js';
import { answerFromAbstracts, searchQuote, summaryQuote } from '../abstracts.js';

/** "What GPU does PixelThink use?", "What are its results?": of one paper, the part of it asked for, else its sentences that answer. */
export const paperQuestionKind: AnswerKind = {
  id: 'paper-question',
  description: 'A question about one paper: the part asked for (results, limits, data; answered as paper-part), else its best sentences.',
  stage: 'papers',
  match: (f) => f.paper !== undefined,
  answer: (f, ctx) => answerFromAbstracts(f, ctx, 'paper-question', (f, ctx, found) => (found.part ? summaryQuote(f, ctx, found) : searchQuote(f, ctx, found))),
};
