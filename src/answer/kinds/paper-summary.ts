import type { AnswerKind } from '../kind.js';
import { answerFromAbstracts, summaryQuote } from '../abstracts.js';

/** "What is PixelThink?", "Tell me more" after it: the paper itself, its summary (or more of it when going on). */
export const paperSummaryKind: AnswerKind = {
  id: 'paper-summary',
  description: 'What one paper is ("What is PixelThink?", "tl;dr?" after it, "Tell me more"): its summary.',
  stage: 'papers',
  match: (f) => f.overview,
  answer: (f, ctx) => answerFromAbstracts(f, ctx, 'paper-summary', summaryQuote),
};
