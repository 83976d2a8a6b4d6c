import { PapercordError } from '../errors.js';
import { noticeText } from '../notice.js';
import type { Notice } from '../types.js';

/**
 * Why the model could not write an answer. The service answers extractively instead and shows
 * `notice`: what happened for anyone who reads the answer, and apart from it the operator's
 * detail and fix (the host, the variable, the command); `message` is both, for the log.
 */
export type WriterFailure =
  | 'unreachable' // no host answered
  | 'not-found' // the chat model is not pulled
  | 'pulling' // it is being pulled and was not ready in time
  | 'busy' // 503 after every retry
  | 'timeout' // no first token in time, or nothing written before the total timeout
  | 'failed'; // anything else the server reported

export class WriterError extends Error {
  override readonly name = 'WriterError';
  constructor(
    readonly kind: WriterFailure,
    readonly notice: Notice,
    options?: { cause?: unknown },
  ) {
    super(noticeText(notice), options);
  }
}

export function isWriterError(e: unknown): e is WriterError {
  return e instanceof WriterError;
}

export function cancelledError(): PapercordError {
  return new PapercordError('CANCELLED', 'The request was cancelled before the answer was finished.', 'Ask again when you are ready.');
}
