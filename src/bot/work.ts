import { PapercordError } from '../errors.js';

/** A request being answered: cancellable, and known to be waiting for the model or running. */
export interface Work {
  readonly signal: AbortSignal;
  waiting: boolean;
  /** Ends the request with an error; its handler replies with what happened. */
  cancel(error: PapercordError): void;
  end(): void;
}

export const restartingError = (): PapercordError =>
  new PapercordError('SHUTTING_DOWN', 'The bot is restarting, so this request was stopped.', 'Ask again in a minute.');

/**
 * Every request in flight, so that shutdown can stop taking new ones, tell the people who wait
 * for the model, and give running answers a grace period before cancelling them.
 */
export class WorkTracker {
  private readonly items = new Set<Work & { done: Promise<void> }>();
  private accepting = true;
  private idle: (() => void) | undefined;

  get size(): number {
    return this.items.size;
  }

  get stopping(): boolean {
    return !this.accepting;
  }

  /** Starts tracking a request; throws SHUTTING_DOWN once shutdown began. */
  begin(): Work {
    if (!this.accepting) throw restartingError();
    const controller = new AbortController();
    let finish!: () => void;
    const done = new Promise<void>((r) => (finish = r));
    const item = {
      signal: controller.signal,
      waiting: false,
      done,
      cancel: (error: PapercordError) => {
        if (!controller.signal.aborted) controller.abort(error);
      },
      end: () => {
        if (!this.items.delete(item)) return;
        finish();
        if (this.items.size === 0) this.idle?.();
      },
    };
    this.items.add(item);
    return item;
  }

  /**
   * Stops taking work, cancels what waits for the model at once, lets running requests finish
   * for up to `graceMs`, then cancels them too; resolves when every handler has replied (or after
   * `replyMs` more, so a stuck reply cannot block the exit).
   */
  async drain(graceMs: number, replyMs = 5000): Promise<void> {
    this.accepting = false;
    for (const w of this.items) if (w.waiting) w.cancel(restartingError());
    await this.settled(graceMs);
    for (const w of this.items) w.cancel(restartingError());
    await this.settled(replyMs);
  }

  private settled(ms: number): Promise<void> {
    if (this.items.size === 0) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.idle = done;
    });
  }
}

/** The promise's value, or the signal's reason as soon as it aborts (for work that ignores signals). */
export function raceAbort<T>(p: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) {
    // Work can be cancelled before it first awaits (a question stopped by the cooldown as it
    // reaches the model): its failure is no longer wanted, but must not go unhandled.
    p.catch(() => undefined);
    return Promise.reject(signal.reason);
  }
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    p.then(
      (v) => {
        signal.removeEventListener('abort', onAbort);
        resolve(v);
      },
      (e) => {
        signal.removeEventListener('abort', onAbort);
        reject(e);
      },
    );
  });
}
