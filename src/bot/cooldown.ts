import { PapercordError } from '../errors.js';

/**
 * A per-user wait between answers the model writes, so one person cannot keep the model busy
 * for everyone. A question takes the turn when it is asked; one the model wrote nothing for gives
 * it back (see RequestSpec.giveBackTurn).
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

  private prune(now: number): void {
    for (const [id, at] of this.last) if (now - at >= this.seconds * 1000) this.last.delete(id);
  }
}
