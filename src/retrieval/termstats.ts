import { terms } from '../text/terms.js';

export const tuning = {
  /** Tried 1.5 (unseen words weigh more): better refusals on large corpora, worse recall on small ones. */
  unseenTermWeight: 1,
  /** A word the question writes as a name (see queryNames) counts this many times. At 3 it outweighed the rest of a paraphrase. */
  nameWeight: 2,
};

/**
 * Shortest stem that also matches longer words it begins ("retriev" -> "retrieval", "uncertain"
 * -> "uncertainty"): forms the light stemmer leaves apart. Five letters already join unrelated
 * words ("empir" starts "empirical", which let a question about the Roman Empire through).
 */
const MIN_PREFIX = 6;

/** Whether a document with `docTerms` contains `term`, or a longer word that begins with it. */
export function hasTerm(docTerms: Set<string>, term: string): boolean {
  if (docTerms.has(term)) return true;
  if (term.length < MIN_PREFIX) return false;
  for (const d of docTerms) if (d.startsWith(term)) return true;
  return false;
}

/** Document frequencies of terms over the indexed chunks: how rare, and so how telling, a word is. */
export class TermStats {
  private constructor(
    private readonly docs: number,
    readonly df: (term: string) => number,
  ) {}

  static fromCounts(docs: number, df: Record<string, number> | ReadonlyMap<string, number>): TermStats {
    const map = df instanceof Map ? df : new Map(Object.entries(df));
    return new TermStats(docs, (t) => map.get(t) ?? 0);
  }

  /** The statistics of several parts of one index together (a build and its segments): counts added up. */
  static summed(parts: readonly { docs: number; df: (term: string) => number }[]): TermStats {
    let docs = 0;
    for (const p of parts) docs += p.docs;
    return new TermStats(docs, (t) => {
      let n = 0;
      for (const p of parts) n += p.df(t);
      return n;
    });
  }

  static fromTexts(texts: string[]): TermStats {
    const df = new Map<string, number>();
    for (const text of texts) for (const t of new Set(terms(text))) df.set(t, (df.get(t) ?? 0) + 1);
    return TermStats.fromCounts(texts.length, df);
  }

  idf(term: string): number {
    return Math.log((this.docs + 1) / (this.df(term) + 1)) + 1;
  }

  /** The question's terms, each its own concept, weighed once for every text they are matched against. */
  weighTerms(queryTerms: string[]): WeightedConcepts {
    return this.weigh([...new Set(queryTerms)].map((t) => [t]));
  }

  /**
   * Groups of alternative terms (see queryConcepts) weighed once per question: a group weighs as
   * its most telling term. Terms in `names` weigh `tuning.nameWeight` times as much. `wordOf`
   * (see conceptWords) says which groups one written word made; by default each is its own.
   */
  weigh(concepts: string[][], names: ReadonlySet<string> = new Set(), wordOf: readonly number[] = concepts.map((_, i) => i)): WeightedConcepts {
    return new WeightedConcepts(concepts.map((group, i) => ({ terms: group, weights: group.map((t) => this.idf(t) * (this.df(t) === 0 ? tuning.unseenTermWeight : 1) * (names.has(t) ? tuning.nameWeight : 1)), word: wordOf[i]! })));
  }
}

/** A question's concepts with their weights, matched against each candidate text. */
export class WeightedConcepts {
  private readonly total: number;
  /** How many written words the concepts come from (see conceptWords). */
  readonly words: number;

  constructor(private readonly groups: { terms: string[]; weights: number[]; word: number }[]) {
    let total = 0;
    for (const g of groups) total += Math.max(...g.weights);
    this.total = total;
    this.words = new Set(groups.map((g) => g.word)).size;
  }

  /** The same concepts with each term's weight multiplied by `factor(term)`. */
  scaled(factor: (term: string) => number): WeightedConcepts {
    return new WeightedConcepts(this.groups.map((g) => ({ ...g, weights: g.terms.map((t, i) => g.weights[i]! * factor(t)) })));
  }

  /**
   * How much of the question `docTerms` covers (a group is found as far as the most telling of
   * its terms the text contains, by `hasTerm`), how many of the question's words it contains, and
   * how many of those whole (every group the word made).
   */
  match(docTerms: Set<string>): { coverage: number; matched: number; wholeWords: number } {
    let found = 0;
    const matchedWords = new Set<number>();
    const missedWords = new Set<number>();
    for (const { terms, weights, word } of this.groups) {
      let best = 0;
      let any = false;
      for (let i = 0; i < terms.length; i++) {
        if (!hasTerm(docTerms, terms[i]!)) continue;
        any = true;
        if (weights[i]! > best) best = weights[i]!;
      }
      found += best;
      if (any) matchedWords.add(word);
      else missedWords.add(word);
    }
    let wholeWords = 0;
    for (const w of matchedWords) if (!missedWords.has(w)) wholeWords++;
    return { coverage: this.total ? found / this.total : 0, matched: matchedWords.size, wholeWords };
  }
}
