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
