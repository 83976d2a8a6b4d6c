import { promises as fs } from 'node:fs';
import { appendLine } from './fsutil.js';
import type { AnswerMode } from './types.js';

export type Vote = 'up' | 'down';

/** The reply a vote is about, stored with the vote so that the file can be studied on its own. */
export interface VotedReply {
  kind: 'ask' | 'summary' | 'related' | 'mention';
  /** The question, "Summary of <title>", or what related papers were asked for. */
  question: string;
  mode: AnswerMode;
  /** The chat model when it wrote the reply. */
  model?: string;
  /** The papers the reply cites, summarizes or lists. */
  papers: string[];
}

/**
 * One 👍/👎, as stored: one JSON object per line. The reply's fields are missing when the bot
 * no longer remembered it (a vote on a reply from before a restart).
 */
export interface FeedbackRecord extends Partial<VotedReply> {
  at: string;
  vote: Vote;
  /** Who voted (a Discord user id, or "console"). */
  user: string;
  /** The message that was voted on. */
  message: string;
}

export interface FeedbackCounts {
  up: number;
  down: number;
}

/** The counts for /status, with what the operator should know: votes in the file that are not counted. */
export interface FeedbackStatus extends FeedbackCounts {
  /** Lines of the file that could not be read back, so their votes are missing from the counts. */
  unreadable: number;
}

/**
 * 👍/👎 feedback in a JSON Lines file. Each vote is appended as one whole line; counts keep only
 * each person's latest vote on a message, so changing one's mind is not counted twice.
 */
export class FeedbackStore {
  private readonly votes = new Map<string, Vote>();

  private constructor(
    readonly file: string,
    /** Lines of the file that could not be read back (a hand edit, a disk problem). */
    readonly unreadable: number,
  ) {}

  static async open(file: string): Promise<FeedbackStore> {
    let text = '';
    try {
      text = await fs.readFile(file, 'utf8');
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
    }
    let unreadable = 0;
    const records: FeedbackRecord[] = [];
    for (const line of text.split('\n')) {
      if (!line.trim()) continue;
      try {
        const r = JSON.parse(line) as FeedbackRecord;
        if ((r.vote === 'up' || r.vote === 'down') && typeof r.message === 'string' && typeof r.user === 'string') records.push(r);
        else unreadable++;
      } catch {
        unreadable++;
      }
    }
    const store = new FeedbackStore(file, unreadable);
    for (const r of records) store.votes.set(key(r), r.vote);
    return store;
  }

  async record(r: Omit<FeedbackRecord, 'at'>): Promise<FeedbackCounts> {
    const full: FeedbackRecord = { at: new Date().toISOString(), ...r };
    await appendLine(this.file, JSON.stringify(full));
    this.votes.set(key(full), full.vote);
    return this.counts();
  }

  status(): FeedbackStatus {
    return { ...this.counts(), unreadable: this.unreadable };
  }

  counts(): FeedbackCounts {
    let up = 0;
    let down = 0;
    for (const v of this.votes.values()) v === 'up' ? up++ : down++;
    return { up, down };
  }
}

function key(r: Pick<FeedbackRecord, 'message' | 'user'>): string {
  return `${r.message}\u0000${r.user}`;
}
