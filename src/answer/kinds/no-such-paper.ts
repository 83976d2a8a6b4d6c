import type { AnswerKind } from '../kind.js';
import type { QuestionFrame } from '../../question/frame.js';
import type { AnswerContext } from '../kind.js';
import { asksForLinks, withoutLinkWords } from '../links.js';
import { noPaperCalled, uncitedAnswer } from '../replies.js';

const nameAlone = (f: QuestionFrame, ctx: AnswerContext) => f.read('linkNameAlone', () => (asksForLinks(f.q) ? ctx.library.unmentioned.nameAlone(withoutLinkWords(f.q)) : undefined));

/** "Where is the code for LinkNet?" of a name no paper has: a search would quote another paper's "Our code is available at …". */
export const noSuchPaperKind: AnswerKind = {
  id: 'no-such-paper',
  description: 'Links asked of a name no indexed paper has ("Where is the code for LinkNet?"): says so, with the closest papers.',
  stage: 'index',
  match: (f, ctx) => !f.optionPaper && nameAlone(f, ctx) !== undefined,
  answer(f, ctx) {
    const name = nameAlone(f, ctx)!;
    const { unmentioned } = ctx.library;
    return uncitedAnswer(f.q, noPaperCalled(name, unmentioned.papersWriting(name), unmentioned.closestPapers(name)), ctx.started, { refused: true });
  },
};
