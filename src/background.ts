/**
 * Work a service starts and does not wait for (a compaction after an addition, a reindex a
 * front end does not await): close() waits for it, so that nothing writes under DATA_DIR (the
 * index lock, a segment folder) once the service is closed and its folder may be removed.
 */
export class BackgroundWork {
  private readonly running = new Set<Promise<unknown>>();
  private closed = false;

  /** Whether close() was called: work that ends afterwards must not put its result in force. */
  get isClosed(): boolean {
    return this.closed;
  }

  /** Keeps `work` until it settles; its failure is its owner's to report (it is not rethrown here). */
  track<T>(work: Promise<T>): Promise<T> {
    const settled = work.then(
      () => undefined,
      () => undefined,
    );
    this.running.add(settled);
    void settled.then(() => this.running.delete(settled));
    return work;
  }

  /** Resolves once every piece of work tracked so far, and any tracked meanwhile, has settled. */
  async close(): Promise<void> {
    this.closed = true;
    while (this.running.size) await Promise.all(this.running);
  }
}
