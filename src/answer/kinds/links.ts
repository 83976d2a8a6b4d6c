import type { AnswerKind } from '../kind.js';
import type { Paper } from '../../corpus/paper.js';
import type { QuestionFrame } from '../../question/frame.js';
import { asksOnlyForLinks } from '../../question/conversation.js';
import { wholePaperAnswer } from '../compose.js';
import type { AnswerContext } from '../kind.js';
import { asksForLinks, linksAnswer, withoutLinkWords } from '../links.js';

/**
 * The paper whose links are asked: "Where is the code for PixelThink?"; "Is there code?" after
 * "What is VEQ?", VEQ's. With the paper option, "Where is the code?" asks for that paper's, as
 * "Where is the code for deng26w?" does, unless it names a paper nothing mentions.
 */
function linkedPaper(f: QuestionFrame, ctx: AnswerContext): Paper | undefined {
  return f.read('linkedPaper', () => {
    if (!asksForLinks(f.q)) return undefined;
    const named = ctx.library.names.onlyNamed(withoutLinkWords(f.q));
    if (f.optionPaper) return f.read('unmentioned', () => ctx.library.unmentioned.in(f.q)).length === 0 && (asksOnlyForLinks(f.q) || named === f.optionPaper) ? f.optionPaper : undefined;
    return named ?? (f.last && asksOnlyForLinks(f.q) && f.talkedAbout.length === 1 ? f.talkedAbout[0] : undefined);
  });
}

export const linksKind: AnswerKind = {
  id: 'links',
  description: "A paper's links: its page, PDF, code, OpenReview ('Where is the code for PixelThink?').",
  stage: 'index',
  match: (f, ctx) => linkedPaper(f, ctx) !== undefined,
  answer(f, ctx) {
    const paper = linkedPaper(f, ctx)!;
    return wholePaperAnswer(f.q, ctx, [paper], ([s]) => linksAnswer(paper, s!.n, f.q), { basis: 'metadata' });
  },
};
