import type { AnswerKind } from '../kind.js';
import type { QuestionFrame } from '../../question/frame.js';
import { topicCountReply } from '../compose.js';
import type { AnswerContext } from '../kind.js';
import { topicCountAmongAsked, topicCountAsked } from '../topics.js';

/** A count among the papers before ("How many of them use diffusion?" after "Which papers study video?"), when there are any. */
const amongAsked = (f: QuestionFrame, ctx: AnswerContext) => f.read('countAmong', () => (f.last ? topicCountAmongAsked(f.q, ctx.library.papers) : undefined));
const countAsked = (f: QuestionFrame, ctx: AnswerContext) => f.read('countAsked', () => topicCountAsked(f.q, ctx.library.papers));

/**
 * "How many papers mention video?" asks for a count the abstracts can be checked against, which a
 * search's best few sentences are not. "How many of them use diffusion?" after "Which papers study
 * video?" counts among the four listed; after a count cut short, among all it found.
 */
export const topicCountKind: AnswerKind = {
  id: 'topic-count',
  description: 'How many papers mention a topic, listing the first ("How many papers are about video?"), also among the papers before.',
  stage: 'index',
  match: (f, ctx) => !f.optionPaper && ((amongAsked(f, ctx) !== undefined && f.talkedAbout.length > 0) || countAsked(f, ctx) !== undefined),
  async answer(f, ctx) {
    const topics = ctx.library.topics;
    const among = amongAsked(f, ctx);
    if (among && f.talkedAbout.length > 0) {
      const counted = f.countedBefore();
      const from = counted && counted.length > f.talkedAbout.length ? { papers: counted, which: 'counted' as const } : { papers: f.talkedAbout, which: 'listed' as const };
      return topicCountReply(f.q, ctx, among, (await topics.mentionsCounted(among)).filter((m) => from.papers.includes(m.paper)), from);
    }
    const asked = countAsked(f, ctx)!;
    return topicCountReply(f.q, ctx, asked, await topics.mentionsCounted(asked));
  },
};
