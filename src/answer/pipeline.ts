import { QuestionFrame } from '../question/frame.js';
import { readQuestion, type Reading, type ReadOptions } from '../question/read.js';
import { joinNotices } from '../notice.js';
import type { Answer } from '../types.js';
import { REFUSAL_TEXT } from './extractive.js';
import type { AnswerContext } from './kind.js';
import { ANSWER_KINDS } from './kinds/index.js';
import { topicListAsked, topicNotFound } from './topics.js';

/**
 * The one path of a question: read it once (its rewrites, its conversation), frame it, and let
 * the first answer kind that matches answer it. Shown as typed, with what the reading told.
 */
export async function answerQuestion(ctx: AnswerContext, question: string, opts: ReadOptions): Promise<Answer> {
  const reading = readQuestion(ctx.library, question, opts);
  const answer = await answerReading(ctx, reading);
  const notice = joinNotices(...reading.notices, answer.notice);
  const { notice: _own, ...rest } = answer;
  return { ...rest, question: reading.shown, ...(notice ? { notice } : {}) };
}

async function answerReading(ctx: AnswerContext, reading: Reading): Promise<Answer> {
  const frame = new QuestionFrame(ctx.library, reading);
  // A follow-up that picks from or counts among a count before has it counted now, a slice at a time.
  await ctx.library.topics.keepBefore(frame.q, [frame.listedIn.at(-1), frame.last]);
  for (const kind of ANSWER_KINDS) {
    if (!(await kind.match(frame, ctx))) continue;
    const answer = await kind.answer(frame, ctx);
    const kinded = answer.kind ? answer : { ...answer, kind: kind.id };
    return kind.stage === 'papers' && (kinded.refused || kinded.kind === 'closest') ? readAsTopicList(ctx, frame, reading, kinded) : kinded;
  }
  throw new Error('no answer kind matched: the registry must end with one that matches every question');
}

/**
 * "Which papers talk about LLM safety?", refused where no paper writes the phrase whole, is read
 * again as "Which papers are about LLM safety?": its verb is no word the papers answer with, and
 * "are about" finds the papers "study" does. "Any papers on hallucination?" that no paper writes
 * nor covers: the topic looked for tells the asker more than "this question" does. Answered
 * only with the closest passages, it is asked again too: a list of the topic's papers is the answer asked for.
 */
async function readAsTopicList(ctx: AnswerContext, frame: QuestionFrame, reading: Reading, refused: Answer): Promise<Answer> {
  const listed = topicListAsked(frame.q, ctx.library.papers);
  if (!listed) return refused;
  const aboutTopic = `Which papers are about ${listed.topic}?`;
  const answered = aboutTopic !== frame.q ? { ...(await answerQuestion(ctx, aboutTopic, reading.asked)), question: frame.q } : refused;
  // The closest passages are what is left when the topic's papers are not found either; a list asked for is one if found.
  if (refused.kind === 'closest') return answered.refused || answered.kind === 'closest' ? refused : answered;
  return answered.refused && answered.answer === REFUSAL_TEXT ? { ...answered, answer: topicNotFound(listed.topic, ctx.library.papers.length), kind: 'topic-list' } : answered;
}
