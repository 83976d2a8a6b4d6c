import { QuestionFrame } from '../question/frame.js';
import { readQuestion, type Reading, type ReadOptions } from '../question/read.js';
import { joinNotices } from '../notice.js';
import type { Answer } from '../types.js';
import { REFUSAL_TEXT } from './extractive.js';
import type { AnswerContext, AnswerKind } from './kind.js';
import { ANSWER_KINDS } from './kinds/index.js';
import { topicListAsked, topicNotFound } from './topics.js';

/** One reading of the question and, where a papers answer refused it, the topic it names. */
interface Pass {
  reading: Reading;
  topic: string | undefined;
  /** What this pass's kinds answered. */
  given: Answer;
}

/**
 * The one path of a question: read it once (its rewrites, its conversation), frame it, and let
 * the first answer kind that matches answer it. Shown as typed, with what the reading told.
 *
 * "Which papers talk about LLM safety?", refused where no paper writes the phrase whole, is read
 * once more as "Which papers are about LLM safety?": its verb is no word the papers answer with,
 * and "are about" finds the papers "study" does. That is a second pass of this loop, not a call
 * back into it. "Any papers on hallucination?" that no paper writes nor covers: the topic looked
 * for tells the asker more than "this question" does. Answered only with the closest passages,
 * it is read again too: a list of the topic's papers is the answer asked for, and the closest
 * passages stand when that list is not found either. A name several papers have is answered for
 * each of them by the same loop (a fan-out, `answerEach`), and never by a kind asking again.
 */
export async function answerQuestion(ctx: AnswerContext, question: string, opts: ReadOptions): Promise<Answer> {
  return answerReading(ctx, readQuestion(ctx.library, question, opts));
}

/** The passes of one reading: the question read, or one paper's part of a fan-out. */
async function answerReading(ctx: AnswerContext, first: Reading): Promise<Answer> {
  const passes: Pass[] = [];
  let reading = first;
  let answer: Answer;
  for (;;) {
    const frame = new QuestionFrame(ctx.library, reading);
    const { kind, answer: given } = await firstKindAnswer(ctx, frame);
    const listed = kind.stage === 'papers' && (given.refused || given.kind === 'closest') ? topicListAsked(frame.q, ctx.library.papers) : undefined;
    passes.push({ reading, topic: listed?.topic, given });
    const aboutTopic = listed ? `Which papers are about ${listed.topic}?` : undefined;
    if (aboutTopic === undefined || aboutTopic === frame.q) {
      answer = given;
      break;
    }
    reading = readQuestion(ctx.library, aboutTopic, reading.asked);
  }
  // The last pass's answer, told back through each reading before it: the topic not found, the notices, the question as typed.
  for (const { reading: passed, topic, given } of passes.reverse()) {
    if (topic !== undefined && given.kind === 'closest') {
      if (answer.refused || answer.kind === 'closest') answer = given;
    } else if (topic !== undefined && answer.refused && answer.answer === REFUSAL_TEXT) answer = { ...answer, answer: topicNotFound(topic, ctx.library.papers.length), kind: 'topic-list' };
    answer = shownAsTyped(passed, answer);
  }
  return answer;
}

/** The answer of the first kind whose `match` holds, marked with that kind. */
async function firstKindAnswer(ctx: AnswerContext, frame: QuestionFrame): Promise<{ kind: AnswerKind; answer: Answer }> {
  // A follow-up that picks from or counts among a count before has it counted now, a slice at a time.
  await ctx.library.topics.keepBefore(frame.q, [frame.listedIn.at(-1), frame.last]);
  for (const kind of ANSWER_KINDS) {
    if (!(await kind.match(frame, ctx))) continue;
    const given = await kind.answer(frame, ctx);
    const answer = 'each' in given ? given.join(await answerEach(ctx, given.each)) : given;
    return { kind, answer: answer.kind ? answer : { ...answer, kind: kind.id } };
  }
  throw new Error('no answer kind matched: the registry must end with one that matches every question');
}

/**
 * The readings of a fan-out ("What is PRISM?" as "What is 2605.05407?" of each paper called PRISM),
 * each answered in turn by this loop as the question alone would be: its passes, its frame, its kind.
 */
async function answerEach(ctx: AnswerContext, readings: readonly Reading[]): Promise<Answer[]> {
  const parts: Answer[] = [];
  for (const reading of readings) parts.push(await answerReading(ctx, reading));
  return parts;
}

/** The answer as the reading shows it: the question as typed, the reading's notices before the answer's own. */
function shownAsTyped(reading: Reading, answer: Answer): Answer {
  const notice = joinNotices(...reading.notices, answer.notice);
  const { notice: _own, ...rest } = answer;
  return { ...rest, question: reading.shown, ...(notice ? { notice } : {}) };
}
