import type { AnswerKind } from '../kind.js';
import { asksAboutIndex, indexAnswer } from '../collection.js';
import { uncitedAnswer } from '../replies.js';

export const indexSizeKind: AnswerKind = {
  id: 'index-size',
  description: 'How many papers are indexed, and what they are ("How many papers do you know?").',
  stage: 'index',
  match: (f, ctx) => !f.optionPaper && asksAboutIndex(f.q, ctx.library.papers),
  answer: (f, ctx) => uncitedAnswer(f.q, indexAnswer(ctx.library.papers), ctx.started),
};
