import type { AnswerKind } from '../kind.js';
import { answersAboutNoPaper, asksOnlyOfPointedAt } from '../../question/conversation.js';
import type { QuestionFrame } from '../../question/frame.js';
import { pointsBackOnly, pointsBackToAllOnly } from '../../question/pointing.js';
import { asksOnlyForAuthors, asksWhereOrWhen, NO_PAPER_NAMED, withoutPublication } from '../bylines.js';
import { uncitedAnswer } from '../replies.js';

/** Whether the question asks only of papers it points at ("Who wrote it?", "its authors?", "What are its results?"). */
function pointsAtNone(f: QuestionFrame): boolean {
  const pointedAt = withoutPublication(f.withoutAuthors);
  const asksOfPointed = f.authorsAsked || asksWhereOrWhen(f.q) || asksOnlyForAuthors(f.q);
  return f.authorsOfNone || (asksOfPointed && (pointsBackOnly(pointedAt) || pointsBackToAllOnly(pointedAt))) || (asksOnlyOfPointedAt(f.q) && f.named.papers.length === 0);
}

/**
 * "Who wrote it?", "When were they published?", "How does it compare to GPT-4?" with no question
 * before it, or after an answer about no paper (a refusal, small talk), points at no paper: saying
 * so is more use than "no paper covers this", or than a paper that writes "results".
 */
export const noPaperNamedKind: AnswerKind = {
  id: 'no-paper-named',
  description: 'A question that points back ("Who wrote it?") with no paper before it: asks which paper.',
  stage: 'index',
  match: (f) => !f.optionPaper && (!f.last || (answersAboutNoPaper(f.last.answer) && f.talkedAbout.length === 0)) && pointsAtNone(f),
  answer: (f, ctx) => uncitedAnswer(f.q, NO_PAPER_NAMED, ctx.started, { refused: true }),
};
