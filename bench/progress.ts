/**
 * Progress of a benchmark run: one live line on a terminal (standard error), plain structured
 * log lines otherwise, at most one per tenth of a phase so CI logs stay short.
 */
import { log } from '../src/log.js';

export class Progress {
  private lastLogged = new Map<string, number>();
  private lineOpen = false;

  constructor(private readonly tty = process.stderr.isTTY === true) {}

  /** A step begins ("ingest 10k"). */
  start(step: string): void {
    if (this.tty) this.line(`${step} ...`);
    else log.info('bench step', { step });
  }

  update(step: string, phase: string, done: number, total: number): void {
    const pct = total ? Math.floor((100 * done) / total) : 100;
    if (this.tty) {
      this.line(`${step}: ${phase} ${pct}% (${done}/${total})`);
      return;
    }
    const key = `${step}/${phase}`;
    const decile = Math.floor(pct / 10);
    if (this.lastLogged.get(key) === decile) return;
    this.lastLogged.set(key, decile);
    log.info('bench progress', { step, phase, done, total });
  }

  /** A step ended, with a short summary ("12.3 s, 8,100 papers/s"). */
  done(step: string, summary: string, fields: Record<string, unknown> = {}): void {
    if (this.tty) {
      this.line(`${step}: ${summary}`);
      process.stderr.write('\n');
      this.lineOpen = false;
    } else log.info('bench step done', { step, summary, ...fields });
  }

  fail(step: string, error: Error): void {
    if (this.tty && this.lineOpen) process.stderr.write('\n');
    this.lineOpen = false;
    log.error('bench step failed', { step, error: error.message });
  }

  private line(text: string): void {
    const width = process.stderr.columns || 100;
    process.stderr.write(`\r\x1b[K${text.slice(0, width - 1)}`);
    this.lineOpen = true;
  }
}
