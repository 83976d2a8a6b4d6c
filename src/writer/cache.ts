/**
 * Recent answers, so that the same question asked twice (a common thing in a busy channel)
 * costs nothing the second time. Keyed by what changes an answer: the normalised question,
 * the paper filter, the model, and the index version; the whole cache is dropped when the
 * index version changes, since every answer was built from the old sources.
 */
export interface CacheKeyParts {
  kind: 'ask' | 'summary' | 'related';
  /** The question, paper or topic as asked. */
  text: string;
  /** The paper an answer is limited to, a summary length, a count... */
  variant?: string;
  model: string;
  indexVersion: string;
}

/** Case, spacing, accents and trailing punctuation do not change a question. */
export function normalizeQuestion(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .replace(/[\s?.!。？！]+$/u, '')
    .trim();
}

export function cacheKey(p: CacheKeyParts): string {
  return JSON.stringify([p.kind, normalizeQuestion(p.text), p.variant ?? '', p.model, p.indexVersion]);
}

/** A least-recently-used map with a fixed capacity (0 keeps nothing). */
export class AnswerCache<V> {
  private readonly entries = new Map<string, V>();
  private version: string | undefined;

  constructor(readonly capacity: number) {}

  get size(): number {
    return this.entries.size;
  }

  /** Forgets everything when the index version differs from the one the entries were built on. */
  useVersion(indexVersion: string): void {
    if (this.version !== indexVersion) {
      this.entries.clear();
      this.version = indexVersion;
    }
  }

  get(key: string): V | undefined {
    const v = this.entries.get(key);
    if (v === undefined) return undefined;
    // Re-inserting moves it to the most recent end of the Map's order.
    this.entries.delete(key);
    this.entries.set(key, v);
    return v;
  }

  set(key: string, value: V): void {
    if (this.capacity <= 0) return;
    this.entries.delete(key);
    this.entries.set(key, value);
    while (this.entries.size > this.capacity) this.entries.delete(this.entries.keys().next().value!);
  }

  clear(): void {
    this.entries.clear();
  }
}
