import type { AnswerKind } from '../kind.js';
import { onlyOnePaper, uncitedAnswer } from '../replies.js';
import { picksPlace, placePastOne } from '../../question/pointing.js';

/** "the second one" after an answer about one paper picks none: which one there was, rather than that one again as if it were the second. */
export const onlyOnePaperKind: AnswerKind = {
  id: 'only-one-paper',
  description: 'A place ("the second one") asked after an answer about one paper: says there was one.',
  stage: 'index',
  match: (f) => !f.optionPaper && f.history.length > 0 && picksPlace(f.q) && placePastOne(f.q, f.talkedBefore),
  answer: (f, ctx) => uncitedAnswer(f.q, onlyOnePaper(f.talkedBefore[0]!), ctx.started, { refused: true }),
};
