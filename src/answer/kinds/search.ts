import type { AnswerKind } from '../kind.js';
import { answerFromAbstracts, searchQuote } from '../abstracts.js';

/** Anything else: the sentences of the whole index that answer best, with the conversation's words for a follow-up; refused when none does. */
export const searchKind: AnswerKind = {
  id: 'search',
  description: 'Anything else: the best sentences of all the abstracts, or a refusal when none answers.',
  stage: 'papers',
  match: () => true,
  answer: (f, ctx) => answerFromAbstracts(f, ctx, 'search', searchQuote),
};
