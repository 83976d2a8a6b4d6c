/** The one paper a question describes rather than names, when the search finds one clearly before the others. */
import type { Paper } from '../corpus/paper.js';
import type { QuestionFrame } from '../question/frame.js';
import type { AnswerContext } from './kind.js';

/**
 * How much more of the question's words the paper found first must cover than any other found:
 * "the quantum boosting paper" covers 1.0 in one abstract and 0.27 in the next, "the paper on
 * video" 1.0 in several, and several are no one paper to summarise.
 */
const CLEAR_LEAD = 2;

/** The paper the question's description finds, if its hit covers CLEAR_LEAD times what any other paper's does; else undefined. */
export function describedPaper(f: QuestionFrame, ctx: AnswerContext): Promise<Paper | undefined> {
  return f.read('describedPaper', async () => {
    const found = await ctx.library.retriever.search(f.asked, { k: 5 });
    const [best, ...others] = found.hits;
    if (!found.relevant || !best) return undefined;
    const next = Math.max(0, ...others.filter((h) => h.paper.id !== best.paper.id).map((h) => h.coverage));
    return best.coverage >= CLEAR_LEAD * next ? best.paper : undefined;
  });
}
