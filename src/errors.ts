/** Every failure a user can meet, each with what happened and what to do about it. */
export type ErrorCode =
  | 'EMPTY_QUESTION'
  | 'QUESTION_TOO_LONG'
  | 'UNKNOWN_PAPER'
  | 'AMBIGUOUS_PAPER'
  | 'NO_INDEX'
  | 'MODEL_UNREACHABLE'
  | 'MODEL_NOT_FOUND'
  | 'MODEL_BUSY'
  | 'TIMEOUT'
  | 'CANCELLED'
  | 'SHUTTING_DOWN'
  | 'COOLDOWN'
  | 'FORBIDDEN'
  | 'BAD_INPUT'
  | 'INTERNAL';

export class PapercordError extends Error {
  override readonly name = 'PapercordError';
  constructor(
    readonly code: ErrorCode,
    /** What happened, in words a user understands. */
    message: string,
    /** What the user can do about it. */
    readonly hint?: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

export function isPapercordError(e: unknown): e is PapercordError {
  return e instanceof PapercordError;
}

/** The text a front end shows for any error: ours verbatim, anything else as a generic failure. */
export function userFacingError(e: unknown): { code: ErrorCode; message: string; hint?: string } {
  if (isPapercordError(e)) return { code: e.code, message: e.message, hint: e.hint };
  return { code: 'INTERNAL', message: 'Something went wrong while handling this request.', hint: 'Try again; if it keeps happening, tell the bot operator (details are in the logs).' };
}
