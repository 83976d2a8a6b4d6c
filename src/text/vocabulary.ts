/**
 * Terms numbered in first-seen order. An ingest keeps each chunk's terms as ids (4 bytes each,
 * in typed arrays the garbage collector does not walk) and looks each term up once, instead of
 * once more in every structure built from them (document frequencies, vectors, BM25).
 */
export class Vocabulary {
  private readonly byTerm = new Map<string, number>();
  /** Term of each id. */
  readonly terms: string[] = [];

  idsOf(terms: readonly string[]): Int32Array {
    const out = new Int32Array(terms.length);
    for (let i = 0; i < terms.length; i++) {
      const term = terms[i]!;
      let id = this.byTerm.get(term);
      if (id === undefined) {
        id = this.terms.length;
        this.byTerm.set(term, id);
        this.terms.push(term);
      }
      out[i] = id;
    }
    return out;
  }
}

/** How many documents contain each term: what idf, the local embedder and the retriever's term statistics need. */
export interface DocumentFrequencies {
  docs: number;
  df: Record<string, number>;
}

/** Document frequencies of `count` documents given as ids of `vocabulary` (read after every document was given). */
export function countDocumentFrequencies(count: number, idsOf: (i: number) => ArrayLike<number>, vocabulary: readonly string[]): DocumentFrequencies {
  let counts = new Int32Array(Math.max(vocabulary.length, 1024));
  let lastDoc = new Int32Array(counts.length).fill(-1);
  for (let i = 0; i < count; i++) {
    const ids = idsOf(i);
    for (let k = 0; k < ids.length; k++) {
      const id = ids[k]!;
      if (id >= counts.length) {
        const size = Math.max(counts.length * 2, id + 1);
        counts = grown(counts, size, 0);
        lastDoc = grown(lastDoc, size, -1);
      }
      if (lastDoc[id] !== i) {
        lastDoc[id] = i;
        counts[id]!++;
      }
    }
  }
  // Only assignments: reading df[t] first would find Object.prototype's "constructor".
  const df: Record<string, number> = {};
  for (let id = 0; id < vocabulary.length; id++) if (counts[id]) df[vocabulary[id]!] = counts[id]!;
  return { docs: count, df };
}

function grown(a: Int32Array<ArrayBuffer>, size: number, fill: number): Int32Array<ArrayBuffer> {
  const out = new Int32Array(size).fill(fill);
  out.set(a);
  return out;
}
