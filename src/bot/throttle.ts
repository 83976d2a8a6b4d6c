/** Progress edits share the message's rate limit with the final reply, so they are spaced at least this far apart. */
export const PROGRESS_INTERVAL_MS = 1500;

/**
 * Shows the latest progress text by editing a message, at most once per interval: the first
 * edit waits one interval after the message appeared (fast answers then need no progress edit
 * at all), edits start at least an interval apart and never overlap, and a newer text replaces
 * one not yet shown. `close()` stops it
 * and waits for an edit in flight, so the final reply always comes last.
 */
export class ThrottledEditor {
  private pending: string | undefined;
  private shown: string | undefined;
  private timer: NodeJS.Timeout | undefined;
  private inflight: Promise<void> = Promise.resolve();
  private lastAt: number;
  private closed = false;

  constructor(
    private readonly edit: (text: string) => Promise<unknown>,
    private readonly onError: (e: unknown) => void,
    private readonly intervalMs = PROGRESS_INTERVAL_MS,
    startedAt = Date.now(),
  ) {
    this.lastAt = startedAt;
  }

  push(text: string): void {
    if (this.closed || text === this.shown) return;
    this.pending = text;
    if (!this.timer) this.schedule();
  }

  private schedule(): void {
    const wait = Math.max(0, this.lastAt + this.intervalMs - Date.now());
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.inflight = this.inflight.then(() => this.flush());
    }, wait);
  }

  private async flush(): Promise<void> {
    const text = this.pending;
    if (this.closed || text === undefined || text === this.shown) return;
    this.pending = undefined;
    this.lastAt = Date.now();
    try {
      await this.edit(text);
      this.shown = text;
    } catch (e) {
      this.onError(e);
    }
    if (this.pending !== undefined && !this.closed && !this.timer) this.schedule();
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    await this.inflight;
  }
}
