import { PapercordError } from '../errors.js';

/**
 * One question's claim on its asker's cooldown turn. Taken only when the model is about to be
 * asked (see runRequest): a question the model will write nothing for (small talk, a byline, a
 * link, an extractive summary) is answered at once even within the wait, and counts for nothing.
 */
export interface CooldownTurn {
  /** Starts the asker's cooldown, or throws COOLDOWN saying how long is left. */
  take(): void;
  /** Gives back the turn, if this question took it (another question's turn is not this one's to give). */
  giveBack(): void;
}

/**
 * A per-user wait between answers the model writes, so one person cannot keep the model busy
 * for everyone.
 */
export class Cooldown {
  private readonly last = new Map<string, number>();

  constructor(private readonly seconds: number) {}

  /** Starts the user's cooldown, or throws COOLDOWN saying how long is left. */
  take(userId: string, now = Date.now()): void {
    if (this.seconds <= 0) return;
    const at = this.last.get(userId);
    const ms = this.seconds * 1000;
    if (at !== undefined && now - at < ms) {
      const left = Math.ceil((ms - (now - at)) / 1000);
      throw new PapercordError('COOLDOWN', `Please wait ${left} s before your next question.`, `Each person can have the model write one answer every ${this.seconds} s, so that everyone gets a turn with it.`);
    }
    this.last.set(userId, now);
    if (this.last.size > 10_000) this.prune(now);
  }

  /** Gives the turn back: the question it was taken for got no answer, or one the model wrote nothing for. */
  release(userId: string): void {
    this.last.delete(userId);
  }

  /** A question's turn, for the request to take when it reaches the model. */
  turnFor(userId: string): CooldownTurn {
    let taken = false;
    return {
      take: () => {
        if (taken) return;
        this.take(userId);
        taken = true;
      },
      giveBack: () => {
        if (!taken) return;
        taken = false;
        this.release(userId);
      },
    };
  }

  private prune(now: number): void {
    for (const [id, at] of this.last) if (now - at >= this.seconds * 1000) this.last.delete(id);
  }
}
