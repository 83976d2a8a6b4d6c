import type { AnswerKind } from '../kind.js';
import { byline } from '../../corpus/paper.js';
import type { QuestionFrame } from '../../question/frame.js';
import { pointsBackToAllOnly } from '../../question/pointing.js';
import type { Source } from '../../types.js';
import { wholePaperAnswer } from '../compose.js';
import { authorsAnswer, withoutPublication } from '../bylines.js';

/** The papers before that have a byline, when the question asks who wrote them all or where they were published. */
const withBylines = (f: QuestionFrame) =>
  f.read('withBylines', () => (f.last && f.authorship && pointsBackToAllOnly(withoutPublication(f.withoutAuthors)) ? f.talkedAbout.filter((p) => byline(p)) : []));

/**
 * "Who wrote them?" or "When were they published?" after an answer that lists or quotes several
 * papers: the byline of each; a list cut short ("papers by Wang") says how many more there are.
 */
export const bylinesKind: AnswerKind = {
  id: 'bylines',
  description: 'Who wrote, or where and when appeared, each of the papers before ("Who wrote them?").',
  stage: 'index',
  match: (f) => !f.optionPaper && withBylines(f).length > 0,
  answer(f, ctx) {
    const bylines = (sources: Source[]) => {
      const written = authorsAnswer(sources, f.authorCount)!;
      return { ...written, answer: [written.answer, ...ctx.library.conversation.papersNotListed(f.history)].join('\n') };
    };
    return wholePaperAnswer(f.q, ctx, withBylines(f), bylines, { basis: 'metadata' });
  },
};
