import { cancelledError } from './errors.js';

export interface QueueRequest {
  /** Aborting while waiting takes the request out of the queue (it rejects with CANCELLED). */
  signal?: AbortSignal;
  /** Called when the request has to wait, and again each time it moves up: 1 means next in line. */
  onPosition?: (position: number) => void;
}

interface Waiter {
  start: () => void;
  onPosition?: (position: number) => void;
  lastPosition: number;
}

/**
 * The in-process generation queue. Ollama itself runs one request per model at a time by
 * default and makes the rest wait silently; waiting here instead lets each caller be told
 * where it stands, and lets a cancelled request leave the line.
 */
export class GenerationQueue {
  private active = 0;
  private readonly waiters: Waiter[] = [];

  constructor(readonly concurrency: number) {
    if (!Number.isInteger(concurrency) || concurrency < 1) throw new RangeError(`concurrency must be a whole number of at least 1, got ${concurrency}`);
  }

  get running(): number {
    return this.active;
  }

  get waiting(): number {
    return this.waiters.length;
  }

  run<T>(task: () => Promise<T>, req: QueueRequest = {}): Promise<T> {
    if (req.signal?.aborted) return Promise.reject(cancelledError());
    if (this.active < this.concurrency && this.waiters.length === 0) return this.exec(task);
    return new Promise<T>((resolve, reject) => {
      const onAbort = () => {
        const i = this.waiters.indexOf(waiter);
        if (i < 0) return;
        this.waiters.splice(i, 1);
        reject(cancelledError());
        this.announce();
      };
      const waiter: Waiter = {
        start: () => {
          req.signal?.removeEventListener('abort', onAbort);
          this.exec(task).then(resolve, reject);
        },
        onPosition: req.onPosition,
        lastPosition: 0,
      };
      req.signal?.addEventListener('abort', onAbort, { once: true });
      this.waiters.push(waiter);
      this.announce();
    });
  }

  private async exec<T>(task: () => Promise<T>): Promise<T> {
    this.active++;
    try {
      return await task();
    } finally {
      this.active--;
      this.next();
    }
  }

  private next(): void {
    while (this.active < this.concurrency && this.waiters.length > 0) this.waiters.shift()!.start();
    this.announce();
  }

  /** Tells each waiting request its position, only when it changed. */
  private announce(): void {
    this.waiters.forEach((w, i) => {
      if (w.lastPosition === i + 1) return;
      w.lastPosition = i + 1;
      try {
        w.onPosition?.(i + 1);
      } catch {
        // A front end's progress callback failing must not stall the queue.
      }
    });
  }
}
