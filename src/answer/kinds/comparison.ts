import type { AnswerKind } from '../kind.js';
import { answerFromAbstracts, comparisonQuote } from '../abstracts.js';

/** "How do PixelThink and VLA-ATTC differ?", "Which one is faster?" after two: each paper's answer, side by side. */
export const comparisonKind: AnswerKind = {
  id: 'comparison',
  description: 'Papers set side by side ("Compare X and Y", "Which one uses RL?"): each one quoted, or the part asked of each.',
  stage: 'papers',
  match: (f) => f.comparison !== undefined,
  answer: (f, ctx) => answerFromAbstracts(f, ctx, 'comparison', comparisonQuote),
};
