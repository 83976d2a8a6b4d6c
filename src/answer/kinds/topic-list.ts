import type { AnswerKind } from '../kind.js';
import type { QuestionFrame } from '../../question/frame.js';
import { asksOnlyForLike } from '../../question/pointing.js';
import { topicCountReply } from '../compose.js';
import type { AnswerContext } from '../kind.js';
import { type TopicAsked, topicListAsked } from '../topics.js';
import type { TopicMention } from '../topic-mentions.js';

/**
 * The topic a list asks for, with the papers that write it. "Which papers are related to
 * MentisOculi?" asks for papers like it (the related kind), not for those that write its name.
 */
function listed(f: QuestionFrame, ctx: AnswerContext): Promise<{ asked: TopicAsked; mentions: TopicMention[] } | undefined> {
  return f.read('topicList', async () => {
    const named = f.named;
    const likeOfOne = named.papers.length === 1 && asksOnlyForLike(named.rest);
    const asked = likeOfOne ? undefined : topicListAsked(f.q, ctx.library.papers);
    return asked ? { asked, mentions: await ctx.library.topics.mentionsCounted(asked) } : undefined;
  });
}

/** "Which papers are about video?" asks for every paper the count would list, not a search's best two. */
export const topicListKind: AnswerKind = {
  id: 'topic-list',
  description: 'Every paper on a topic ("Which papers study video?", "anything on video?"), as the count lists them.',
  stage: 'index',
  match: async (f, ctx) => !f.optionPaper && ((await listed(f, ctx))?.mentions.length ?? 0) > 0,
  async answer(f, ctx) {
    const { asked, mentions } = (await listed(f, ctx))!;
    return topicCountReply(f.q, ctx, asked, mentions);
  },
};
