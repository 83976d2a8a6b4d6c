import type { AnswerKind } from '../kind.js';
import { kinded, topicCountReply } from '../compose.js';
import { NO_TOPIC_NAMED, topicNotNamed } from '../topics.js';
import { uncitedAnswer } from '../replies.js';

/**
 * "How many papers are about it?" names no topic to count: right after a question about one
 * ("Which papers study video?") it is that one; else saying so is more use than the index's size
 * or "none mentions it".
 */
export const noTopicKind: AnswerKind = {
  id: 'no-topic',
  description: 'A count that names no topic ("How many papers are about it?"): the topic asked before, else which topic.',
  stage: 'index',
  match: (f) => !f.optionPaper && topicNotNamed(f.q),
  async answer(f, ctx) {
    const before = ctx.library.conversation.topicTalkedAbout(f.history);
    if (!before) return uncitedAnswer(f.q, NO_TOPIC_NAMED, ctx.started, { refused: true });
    return kinded('topic-count', topicCountReply(f.q, ctx, before, await ctx.library.topics.mentionsCounted(before)));
  },
};
