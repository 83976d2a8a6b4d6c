import type { Message } from 'discord.js';
import type { RequestOptions } from '../types.js';
import { userFacingError, type PapercordError } from '../errors.js';
import type { BotContext } from './context.js';
import type { CooldownTurn } from './cooldown.js';
import { errorMessage, ProgressText, type Outgoing } from './render.js';
import type { Logger } from '../log.js';
import { AskerUnreachableError, DeliveryError, type Responder } from './reply.js';
import { ThrottledEditor } from './throttle.js';
import { raceAbort } from './work.js';

export interface RequestSpec<T> {
  kind: string;
  /** The logger of the interaction or message that asked (it names them), so every line of the request can be found by it. */
  log: Logger;
  /** What the progress line made from the service's progress events says is being prepared; left out by a request that shows its own lines. */
  what?: 'answer' | 'summary' | 'related';
  /**
   * Calls the service; must pass the signal and the progress callback on. Work the service
   * reports no progress events of shows lines of its own through `showProgress`.
   */
  run: (opts: Required<RequestOptions>, showProgress: (text: string) => void) => Promise<T>;
  /** `elapsedMs`: from the start of the request to its result. */
  render: (result: T, elapsedMs: number) => Outgoing[];
  /** Told the messages the rendered reply was sent as, once all are. */
  delivered?: (sent: Message[]) => void;
  /** Brief, non-secret fields for the log line (who asked is already in `log`). */
  fields?: Record<string, unknown>;
  /** False for work much longer than a question (a rebuild), whose time would swamp the answers' latencies in /status. */
  recordLatency?: boolean;
  /**
   * The asker's cooldown turn: taken when the model is about to be asked (the request waits for
   * it or starts on it), and a request within the wait is stopped then with COOLDOWN; given back
   * before the reply is sent when the asker gets no answer, or when the model wrote nothing for
   * it (it failed, or was stopped). A question the model is never asked for (a refusal, small
   * talk, a byline, quotes of the abstracts, a cached answer) neither takes nor waits for it.
   */
  turn?: CooldownTurn;
}

/**
 * Runs one request the same way for slash commands, buttons, mentions and rebuilds: tracked for
 * shutdown, progress shown through throttled edits, the final reply (or an error reply that
 * says what happened and what to do) sent last. Never throws.
 */
export async function runRequest<T>(ctx: BotContext, responder: Responder, spec: RequestSpec<T>): Promise<void> {
  const log = spec.log.child({ kind: spec.kind, ...spec.fields });
  let work;
  try {
    work = ctx.work.begin();
  } catch (e) {
    await replyWithError(responder, e, log);
    return;
  }
  const started = Date.now();
  const progress = spec.what && new ProgressText(spec.what);
  const editor = new ThrottledEditor((text) => responder.progress(text), (e) => log.warn('progress edit failed', { error: e }), ctx.progressIntervalMs, responder.startedAt);
  let modelWrote = false;
  // Thrown into the service's progress callback, COOLDOWN would be swallowed (the queue guards
  // against a failing callback); cancelling the work stops the request and replies with it.
  const takeTurn = () => {
    try {
      spec.turn?.take();
    } catch (e) {
      work.cancel(e as PapercordError);
    }
  };
  const onProgress: Required<RequestOptions>['onProgress'] = (event) => {
    if (event.type === 'queued' || event.type === 'started') takeTurn();
    if (event.type === 'queued') work.waiting = true;
    else if (event.type === 'started' || event.type === 'token') work.waiting = false;
    if (event.type === 'token') modelWrote = true;
    if (!progress) return;
    progress.update(event);
    editor.push(progress.text());
  };
  try {
    let reply: Outgoing[];
    let kind: string | undefined;
    try {
      const result = await raceAbort(spec.run({ signal: work.signal, onProgress }, (text) => editor.push(text)), work.signal);
      reply = spec.render(result, Date.now() - started);
      kind = kindOf(result);
      if (!modelWrote) spec.turn?.giveBack();
    } catch (e) {
      await editor.close();
      // A cancelled request reports why it was cancelled (a restart), not how the service noticed.
      const shown = work.signal.aborted ? work.signal.reason : e;
      const ue = userFacingError(shown);
      if (ue.code === 'INTERNAL') log.error('request failed', { error: e });
      else log.info('request refused', { code: ue.code });
      spec.turn?.giveBack();
      await replyWithError(responder, shown, log);
      return;
    }
    await editor.close();
    try {
      // Sent first, then told: `delivered?.(await final())` would not send at all for a request without `delivered`.
      const sent = await responder.final(reply);
      spec.delivered?.(sent);
    } catch (e) {
      await undelivered(e, responder, log, spec.turn);
      return;
    }
    const ms = Date.now() - started;
    if (spec.recordLatency !== false) ctx.latencies.record(ms);
    log.info('answered', { ms, ...(kind ? { answerKind: kind } : {}) });
  } finally {
    work.end();
  }
}

/**
 * The answer was ready but Discord would not take it (even on a second try). If nothing of it
 * is shown, the asker is told something went wrong (that may get through once Discord recovers,
 * or say what was refused); an answer already partly shown is left as it is. When no way to
 * the asker is left at all, the responder has logged why, and there is no one to tell.
 */
async function undelivered(e: unknown, responder: Responder, log: Logger, turn: CooldownTurn | undefined): Promise<void> {
  if (e instanceof AskerUnreachableError) {
    turn?.giveBack();
    return;
  }
  const sent = e instanceof DeliveryError ? e.sent : 0;
  const cause = e instanceof DeliveryError ? e.cause : e;
  log.error('could not deliver the answer', { error: cause, partsSent: sent });
  if (sent > 0) return;
  turn?.giveBack();
  await replyWithError(responder, cause, log);
}

/** Tells the asker what went wrong, if anything can still reach them (the responder logged why not when nothing can). */
async function replyWithError(responder: Responder, e: unknown, log: Logger): Promise<void> {
  const reply = [errorMessage(e)];
  const sent = userFacingError(e).code === 'COOLDOWN' && responder.personal ? responder.personal(reply) : responder.final(reply);
  await sent.catch((err: unknown) => {
    if (!(err instanceof AskerUnreachableError)) log.warn('reply failed', { error: err });
  });
}

/** Which kind of answer a result is, when it is an answer (see AnswerKindId): the log line of an answer names it. */
function kindOf(result: unknown): string | undefined {
  const kind = typeof result === 'object' && result !== null && 'kind' in result ? (result as { kind: unknown }).kind : undefined;
  return typeof kind === 'string' ? kind : undefined;
}
