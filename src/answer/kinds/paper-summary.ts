import type { AnswerKind } from '../kind.js';
import { answerFromAbstracts, summaryQuote } from '../abstracts.js';
import { describedPaper } from '../described-paper.js';

/**
 * "What is PixelThink?", "Tell me more" after it: the paper itself, its summary (or more of it when
 * going on). "tldr of the paper arguing …" names none: the paper its description clearly finds.
 */
export const paperSummaryKind: AnswerKind = {
  id: 'paper-summary',
  description: 'What one paper is ("What is PixelThink?", "tl;dr?" after it, "Tell me more", "tldr of the paper arguing …"): its summary.',
  stage: 'papers',
  match: async (f, ctx) => f.overview || (f.summaryOfDescribed && (await describedPaper(f, ctx)) !== undefined),
  answer: async (f, ctx) => {
    const described = f.overview ? undefined : await describedPaper(f, ctx);
    return answerFromAbstracts(described ? f.summaryOf(described) : f, ctx, 'paper-summary', summaryQuote);
  },
};
