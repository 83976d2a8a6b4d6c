import { Writable } from 'node:stream';

/**
 * A terminal for the console to write to: what it was sent, in order, on one screen as standard
 * output and standard error share one (`logLine` writes as the log's sink would). `columns` makes
 * it a TTY that wide; `failWith` makes every write fail with that error code (`EPIPE`: the reader
 * has gone).
 */
export class FakeTerminal extends Writable {
  readonly writes: string[] = [];
  isTTY?: boolean;
  columns?: number;

  constructor(opts: { columns?: number; failWith?: string } = {}) {
    super({
      write: (chunk: Buffer | string, _enc, cb) => {
        if (opts.failWith) return cb(Object.assign(new Error(`write ${opts.failWith}`), { code: opts.failWith }));
        this.writes.push(String(chunk));
        cb();
      },
    });
    if (opts.columns) Object.assign(this, { isTTY: true, columns: opts.columns });
  }

  /** A log line as the log's sink writes it to standard error. */
  logLine = (line: string): void => void this.writes.push(`${line}\n`);

  get text(): string {
    return this.writes.join('');
  }
}

export const CLEAR_LINE = '\r\x1b[2K';

/** The status-line texts written (a clear and then text), in order. */
export function statusTexts(writes: readonly string[]): string[] {
  return writes.filter((w) => w.startsWith(CLEAR_LINE) && w.length > CLEAR_LINE.length).map((w) => w.slice(CLEAR_LINE.length));
}
