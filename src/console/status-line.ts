import type { ProgressEvent } from '../types.js';
import { noticeText } from '../notice.js';

const CLEAR = '\r\x1b[2K';

/**
 * One line on the terminal that says what is happening, overwritten as it changes and cleared
 * before the answer is printed. It is kept to one row of the terminal: a line that wraps would
 * leave its first rows behind when it is cleared, so a notice wider than the terminal is cut,
 * and erased whole.
 */
export class StatusLine {
  private live = false;

  constructor(
    private readonly write: (text: string) => void,
    /** Read at each event: the terminal may have been resized since the last one. */
    private readonly columns: () => number | undefined,
  ) {}

  show(text: string): void {
    this.write(`${CLEAR}${fitRow(text, this.columns())}`);
    this.live = true;
  }

  /** Leaves the line empty, so what is written next starts at its left. */
  clear(): void {
    if (!this.live) return;
    this.write(CLEAR);
    this.live = false;
  }
}

/**
 * What a progress event says on the status line, or nothing. `modelAnswers` is whether the model
 * is known to answer now: when it is known to be down, nothing says it is being asked.
 */
export function progressText(e: ProgressEvent, modelAnswers: boolean): string | undefined {
  switch (e.type) {
    case 'queued':
      return `waiting for the model: number ${e.position} in the queue`;
    // 'started' comes before any host is tried, also when none answers and the answer ends up quoted: nothing is written yet.
    case 'started':
      return modelAnswers ? 'asking the model…' : undefined;
    case 'retrieved':
      return `found ${e.sources.length} passage${e.sources.length === 1 ? '' : 's'}…`;
    case 'token':
      return `writing… ${e.words} word${e.words === 1 ? '' : 's'}`;
    default:
      return noticeText(e.notice);
  }
}

/** Columns a character takes on a terminal: 2 for wide (CJK, most emoji), 0 for a combining mark. */
function charWidth(ch: string): number {
  const cp = ch.codePointAt(0)!;
  if (/\p{Mn}|\p{Me}|\p{Cf}/u.test(ch)) return 0;
  if (/\p{Extended_Pictographic}/u.test(ch) && cp > 0x2000) return 2;
  return (cp >= 0x1100 && cp <= 0x115f) || (cp >= 0x2e80 && cp <= 0xa4cf) || (cp >= 0xac00 && cp <= 0xd7a3) || (cp >= 0xf900 && cp <= 0xfaff) || (cp >= 0xfe30 && cp <= 0xfe4f) || (cp >= 0xff00 && cp <= 0xff60) || (cp >= 0xffe0 && cp <= 0xffe6) || (cp >= 0x20000 && cp <= 0x3fffd) ? 2 : 1;
}

/** Columns the text takes on a terminal. */
export function textColumns(text: string): number {
  return [...text].reduce((n, ch) => n + charWidth(ch), 0);
}

/**
 * The text on one row of `width` columns: line breaks and tabs become spaces, and a longer text
 * is cut with an ellipsis, leaving the last column free (writing into it wraps on some terminals).
 */
export function fitRow(text: string, width: number | undefined): string {
  const flat = text.replace(/[\r\n\t\v\f]+/g, ' ');
  if (!width || textColumns(flat) < width) return flat;
  let out = '';
  let used = 0;
  for (const ch of flat) {
    const w = charWidth(ch);
    if (used + w > width - 2) break;
    out += ch;
    used += w;
  }
  return `${out}…`;
}
