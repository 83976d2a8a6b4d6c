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

export interface ShownError {
  code: ErrorCode;
  message: string;
  hint?: string;
}

/** The text a front end shows for any error: ours verbatim, anything else as a generic failure. */
export function userFacingError(e: unknown): ShownError {
  if (isPapercordError(e)) return { code: e.code, message: e.message, hint: e.hint };
  return { code: 'INTERNAL', message: 'Something went wrong while handling this request.', hint: 'Try again; if it keeps happening, tell the bot operator (details are in the logs).' };
}

/**
 * The text for a person who runs papercord themselves (the command line, the local console,
 * `npm start`): they are the operator, so "tell the bot operator" helps nobody. A failure that
 * is not ours is shown as it is; one of the file system says which path and which setting.
 */
export function operatorFacingError(e: unknown, doing = 'handling this request'): ShownError {
  if (isPapercordError(e)) return userFacingError(e);
  const sys = systemError(e);
  if (sys) {
    return {
      code: 'INTERNAL',
      message: `Could not ${SYSCALL_VERBS[sys.syscall] ?? sys.syscall} ${sys.path}: ${sys.reason} (${sys.code}).`,
      hint: 'papercord keeps its index and state under DATA_DIR and reads the papers CORPUS names: set them (in .env or the environment) to a folder it can write to and files it can read.',
    };
  }
  return { code: 'INTERNAL', message: `Something went wrong while ${doing}: ${e instanceof Error ? e.message : String(e)}`, hint: 'The log on standard error has the details; unless a setting explains it, it is a bug in papercord.' };
}

const SYSCALL_VERBS: Record<string, string> = { mkdir: 'create the folder', open: 'open', scandir: 'list the folder', opendir: 'list the folder', rename: 'rename', unlink: 'remove', rmdir: 'remove', rm: 'remove', stat: 'find', lstat: 'find', access: 'find', write: 'write', read: 'read', copyfile: 'copy' };

/** A failed file-system call as Node reports it: `ENOTDIR: not a directory, mkdir '/etc/passwd/index'`. */
function systemError(e: unknown): { code: string; syscall: string; path: string; reason: string } | undefined {
  if (!(e instanceof Error)) return undefined;
  const { code, syscall, path } = e as { code?: unknown; syscall?: unknown; path?: unknown };
  if (typeof code !== 'string' || typeof syscall !== 'string' || typeof path !== 'string') return undefined;
  const reason = /^E[A-Z]+: (.*?), \w+ '/.exec(e.message)?.[1] ?? e.message;
  return { code, syscall, path, reason };
}
