import type { Notice } from '../types.js';
import { joinNotices, noticeParts } from '../notice.js';

/**
 * A console is read top to bottom, so a note an answer carries ("The model server could not be
 * reached ...") is shown once, not under every answer; the footer still says how each answer was
 * made. Once the model writes an answer, things have changed: a note that comes back after it is
 * shown again. A note is news by what it says happened; its operator's detail ("No Ollama server
 * answered at X") is what the start-up banner says, so either already told makes it a repeat. A
 * note joined from several is judged by each: those not told yet are shown.
 */
export class NoticeRepeats {
  private readonly shown = new Set<string>();

  constructor(told: string[] = []) {
    for (const note of told) this.shown.add(noteGist(note));
  }

  unrepeated<T extends { notice?: Notice; mode: string }>(result: T): T {
    if (result.mode === 'ollama') this.shown.clear();
    if (result.notice === undefined) return result;
    const parts = noticeParts(result.notice);
    const news = parts.filter((part) => !this.told(part));
    for (const part of news) this.shown.add(noteGist(part.said));
    return news.length === parts.length ? result : { ...result, notice: joinNotices(...news) };
  }

  /** Whether every part of the notice was shown already (the status line leaves such a notice out). */
  repeats(notice: Notice): boolean {
    return noticeParts(notice).every((part) => this.told(part));
  }

  private told(part: Notice): boolean {
    return [part.said, part.forOperator].some((note) => note !== undefined && this.shown.has(noteGist(note)));
  }
}

/**
 * What a note says happened, without what that means for the answer at hand or what to do: "No
 * Ollama server answered at X" of an operator's detail "…. Start Ollama", the banner's "…: answers
 * are extractive", and "The model server could not be reached" of an answer's "…, so this answer
 * is quoted" and a summary's "…, so this summary is".
 */
function noteGist(note: string): string {
  return note.split(/, so |: |\. /)[0]!;
}
