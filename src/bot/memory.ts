import { randomBytes } from 'node:crypto';
import type { Citation, Source } from '../types.js';

/** What the buttons under a reply need to know about it. */
export interface RememberedAnswer {
  kind: 'ask' | 'summary' | 'related' | 'mention';
  question: string;
  citations: Citation[];
  sources: Source[];
  mode?: string;
  model?: string;
  papers: string[];
}

/**
 * Recent replies by a short key carried in their buttons' custom ids (which allow only 100
 * characters). Bounded; after a restart the buttons say the reply is too old.
 */
export class AnswerMemory {
  private readonly map = new Map<string, RememberedAnswer>();

  constructor(private readonly keep = 1000) {}

  remember(a: RememberedAnswer): string {
    const key = randomBytes(6).toString('base64url');
    this.map.set(key, a);
    if (this.map.size > this.keep) this.map.delete(this.map.keys().next().value!);
    return key;
  }

  get(key: string): RememberedAnswer | undefined {
    return this.map.get(key);
  }
}
