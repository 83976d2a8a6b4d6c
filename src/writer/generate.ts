/**
 * One model request for a task, as every task makes it: streamed, with only what has been
 * vetted passed on as the text written so far (see vetting.ts), then the reply as the checks
 * read it: thinking removed, citations in any style read as [n], repeats left out. A WriterError
 * becomes a fallback notice, and so does a reply that recites the system prompt or loops.
 */
import { isPapercordError } from '../errors.js';
import type { Logger } from '../log.js';
import { joinNotices } from '../notice.js';
import type { Notice, ProgressEvent } from '../types.js';
import { asBracketCitations } from './citation-styles.js';
import { visibleSoFar } from './citations.js';
import { instructionEcho } from './echo.js';
import { isWriterError } from './errors.js';
import { REPEATED_SHARE_MAX, withoutRepeats } from './repetition.js';
import type { Generation, Writer } from './writer.js';

export interface WriteContext {
  writer: Writer;
  numCtx: number;
  log: Logger;
  signal?: AbortSignal;
  onProgress?: (event: ProgressEvent) => void;
}

export type Fallback = { fallback: Notice };

/** Why a model's reply was not used as the answer: what an operator counts to judge whether the model is usable. */
export type UnusedKind = 'empty' | 'no-citation' | 'only-unsupplied-citations' | 'unsupported-statements' | 'unrelated-to-sources' | 'other-language' | 'repetitive' | 'model-refused' | 'no-usable-reason';

export interface UnusedReply {
  task: 'ask' | 'summary' | 'related';
  kind: UnusedKind;
  questionChars?: number;
}

/**
 * One line per reply the model wrote that is not shown as written. The request's text stays
 * out of the log, as everywhere; its length is enough to see whether long questions fare worse.
 */
export function logUnused(ctx: WriteContext, gen: Generation, { task, kind, questionChars }: UnusedReply): void {
  ctx.log.info('model reply not used', { task, kind, model: gen.model, ...(questionChars !== undefined ? { questionChars } : {}), ...(gen.cut ? { cut: gen.cut } : {}) });
}

/**
 * A reply not used, logged, and the fallback's notice: `why` it was not used, or when the model
 * was stopped early (gen.stopped says why), what that left (`afterStop`), which follows it.
 */
export function replyNotUsed(ctx: WriteContext, gen: Generation, unused: UnusedReply, notice: { afterStop: string; why: string }): Fallback {
  logUnused(ctx, gen, unused);
  return { fallback: gen.stopped ? joinNotices(gen.stopped, { said: notice.afterStop })! : { said: notice.why } };
}

export function tooSmall(ctx: WriteContext): Fallback {
  return { fallback: { said: `The model's context window (${ctx.numCtx} tokens) is too small for the instructions and one source, so this answer is quoted from the abstracts.`, forOperator: 'OLLAMA_NUM_CTX sets it: raise it.' } };
}

export function logBudget(ctx: WriteContext, task: string, fit: { dropped: number[]; trimmed: number[]; droppedEarlier: boolean; promptTokens: number; limit: number }): void {
  if (!fit.dropped.length && !fit.trimmed.length && !fit.droppedEarlier) return;
  ctx.log.info('prompt cut to fit OLLAMA_NUM_CTX', { task, dropped: fit.dropped.join(',') || undefined, trimmed: fit.trimmed.join(',') || undefined, earlierTurn: fit.droppedEarlier ? 'dropped' : undefined, tokens: fit.promptTokens, limit: fit.limit });
}

/**
 * What of a reply may be shown so far, rendered as the user will see it: the task's vetting
 * (`done` once the stream has ended). The text it is given is the reply as the checks read it.
 */
export type ShownSoFar = (text: string, done: boolean) => string;

/** The reply as the checks read it: what the model wrote visibly, citations in any style written [n]. */
export function readableReply(raw: string): string {
  return asBracketCitations(visibleSoFar(raw));
}

/** A stop, a bracket closing a citation or a new line: what ends a sentence or may follow its end. */
const SENTENCE_MARK = /[.!?…\n\])】]/;
/** A stop with at most the start of one word after it: the sentence before it may just have ended. */
const JUST_AFTER_STOP = /[.!?…\])】]["'”’]*\s+\S*$/;

/**
 * Whether the text written since the last check may have completed a sentence: checking each
 * piece of a long reply whole would cost more than writing it, and a piece inside a sentence
 * ends none. The text may also have changed before (a repeat left out once said again).
 */
function mayEndSentence(checked: string, written: string): boolean {
  if (!written.startsWith(checked)) return true;
  return SENTENCE_MARK.test(written.slice(checked.length)) || JUST_AFTER_STOP.test(written.slice(-60));
}

function wordsIn(text: string): number {
  return text.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length;
}

/**
 * Runs the model, passing on a token event after each piece: how many words it has written, and
 * what of it has passed the task's checks so far (`shownSoFar`). Streaming stops the moment a
 * reply recites the system prompt.
 */
export async function generate(ctx: WriteContext, messages: { role: 'system' | 'user' | 'assistant'; content: string }[], numPredict: number, unused: Omit<UnusedReply, 'kind'>, shownSoFar: ShownSoFar): Promise<Generation | Fallback> {
  let shown = '';
  let words = 0;
  const pass = (vetted: string) => {
    const text = vetted.startsWith(shown) ? vetted.slice(shown.length) : '';
    shown = vetted;
    ctx.onProgress?.({ type: 'token', text, soFar: vetted, words });
  };
  // The text last checked: words within a sentence complete none, so they are only counted.
  let checked = '';
  const echoes = instructionEcho(messages[0]?.content ?? '');
  let echoed = false;
  try {
    const gen = await ctx.writer.generate(
      { messages, numPredict },
      {
        signal: ctx.signal,
        onProgress: ctx.onProgress,
        onText: (raw) => {
          if (echoed) return;
          const written = readableReply(raw);
          if (echoes(written)) {
            echoed = true;
            return;
          }
          words = wordsIn(written);
          if (mayEndSentence(checked, written)) {
            checked = written;
            // A loop's repeats are never shown: they would grow, then vanish at the end.
            pass(withoutRepeats(shownSoFar(written, false)).text);
          } else pass(shown);
        },
      },
    );
    if (echoed || echoes(gen.text)) {
      ctx.log.warn('the model repeated its instructions; reply not shown', { model: gen.model });
      return { fallback: { said: `${gen.model} repeated its instructions instead of answering, so its reply is not shown; this answer is quoted from the abstracts instead.` } };
    }
    const once = withoutRepeats(asBracketCitations(gen.text));
    if (once.repeats > once.sentences * REPEATED_SHARE_MAX) {
      return replyNotUsed(ctx, gen, { ...unused, kind: 'repetitive' }, {
        afterStop: 'It was writing one sentence over and over, so this answer is quoted from the abstracts instead.',
        why: `${gen.model} wrote the same sentence over and over instead of answering, so its reply is not shown; this answer is quoted from the abstracts instead.`,
      });
    }
    // The last sentence is complete once the stream has ended.
    const last = shownSoFar(once.text, true);
    if (last !== shown) pass(last);
    return { ...gen, text: once.text };
  } catch (e) {
    if (isPapercordError(e)) throw e;
    if (isWriterError(e)) return { fallback: e.notice };
    ctx.log.error('the writer failed unexpectedly', { error: e });
    return { fallback: { said: 'The model could not be used because of an internal error, so this answer is quoted from the abstracts.' } };
  }
}
