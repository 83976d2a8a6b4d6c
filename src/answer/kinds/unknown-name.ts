import type { AnswerKind } from '../kind.js';
import type { QuestionFrame } from '../../question/frame.js';
import { nothingMentionedReply } from '../compose.js';
import type { AnswerContext } from '../kind.js';
import { authorUnknown } from './unknown-author.js';

/** The names the question uses that nothing indexed mentions; not an author's name asked for ("papers by Google DeepMind"). */
function unmentioned(f: QuestionFrame, ctx: AnswerContext): string[] {
  if (!f.optionPaper && authorUnknown(f, ctx)) return [];
  return f.read('unmentioned', () => ctx.library.unmentioned.in(f.q));
}

/**
 * "Does PixelThink use RL?" where nothing is called or writes PixelThink: a search would answer
 * with other papers' RL. With the paper option too: "Compare it with FooBarNet" would be answered
 * with the option's paper alone, as if the other were none of the question.
 */
export const unknownNameKind: AnswerKind = {
  id: 'unknown-name',
  description: 'A question about a made-up name nothing indexed mentions ("Does FooBarNet use RL?"): says so, with look-alikes.',
  stage: 'index',
  match: (f, ctx) => unmentioned(f, ctx).length > 0,
  answer: (f, ctx) => nothingMentionedReply(f.q, ctx, unmentioned(f, ctx), f.optionPaper ? [f.optionPaper] : f.named.papers),
};
