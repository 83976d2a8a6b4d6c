import type { AnswerKind } from '../kind.js';
import { asksMostPapersAuthors, mostPapersAuthorsAnswer } from '../prolific-authors.js';
import { uncitedAnswer } from '../replies.js';

/** "Who is the most prolific author?" asks of the whole index: what its metadata says. */
export const prolificAuthorsKind: AnswerKind = {
  id: 'prolific-authors',
  description: 'The authors with the most indexed papers ("Who is the most prolific author?").',
  stage: 'index',
  match: (f) => !f.optionPaper && asksMostPapersAuthors(f.q),
  answer: (f, ctx) => ({ ...uncitedAnswer(f.q, mostPapersAuthorsAnswer(ctx.library.papers), ctx.started), basis: 'metadata' }),
};
