import type { AnswerKind } from '../kind.js';
import type { QuestionFrame } from '../../question/frame.js';
import type { AnswerContext } from '../kind.js';
import { smallTalkAnswer } from '../small-talk.js';
import { uncitedAnswer } from '../replies.js';

const reply = (f: QuestionFrame, ctx: AnswerContext) => f.read('smallTalk', () => smallTalkAnswer(f.q, ctx.library.papers, () => ctx.modelAnswers()));

/** "hi", "thanks", "help" ask nothing of the papers: how to ask is more use than a refusal, or a sentence that writes "help". */
export const smallTalkKind: AnswerKind = {
  id: 'small-talk',
  description: 'Greetings, thanks, questions about the bot itself ("who are you?", "help").',
  stage: 'index',
  match: (f, ctx) => !f.optionPaper && reply(f, ctx) !== undefined,
  answer: (f, ctx) => ({ ...uncitedAnswer(f.q, reply(f, ctx)!, ctx.started), smallTalk: true }),
};
