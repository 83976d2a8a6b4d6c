import type { AnswerKind } from '../kind.js';
import { asksMostRecent, mostRecentAnswer } from '../collection.js';
import { uncitedAnswer } from '../replies.js';

/** "Which paper is the most recent?" asks the metadata's dates, not for a sentence that writes "recent". */
export const mostRecentKind: AnswerKind = {
  id: 'most-recent',
  description: 'The most recent (or oldest) papers by their metadata ("Which paper is the newest?").',
  stage: 'index',
  match: (f) => !f.optionPaper && asksMostRecent(f.q),
  answer: (f, ctx) => ({ ...uncitedAnswer(f.q, mostRecentAnswer(f.q, ctx.library.papers), ctx.started), basis: 'metadata' }),
};
