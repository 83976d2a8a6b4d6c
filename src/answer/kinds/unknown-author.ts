import type { AnswerKind } from '../kind.js';
import type { QuestionFrame } from '../../question/frame.js';
import type { AnswerContext } from '../kind.js';
import { unknownAuthorAsked } from '../author-papers.js';
import { uncitedAnswer } from '../replies.js';

/** The author a question asks for whom no paper has ("papers by Google DeepMind"), if any. */
export const authorUnknown = (f: QuestionFrame, ctx: AnswerContext) => f.read('unknownAuthor', () => unknownAuthorAsked(f.q, ctx.library.papers));

/** "Which papers were written by Google?" asks for no words the abstracts could match: a search would quote "written in terms of". */
export const unknownAuthorKind: AnswerKind = {
  id: 'unknown-author',
  description: 'Papers asked of an author no indexed paper has ("Which papers were written by Google?").',
  stage: 'index',
  match: (f, ctx) => !f.optionPaper && authorUnknown(f, ctx)?.alone === true && f.named.papers.length === 0,
  answer: (f, ctx) => uncitedAnswer(f.q, authorUnknown(f, ctx)!.answer, ctx.started, { refused: true }),
};
