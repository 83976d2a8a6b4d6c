import type { Embedder } from './embedder.js';
import { terms } from '../text/terms.js';

export const LOCAL_EMBEDDER_VERSION = 1;
const IDF_CACHE_MAX = 500_000;
/** Word ids stay below this, so a pair's key, (first + 1) * MAX_TERM_ID + second, is exact in a double and never a word's. */
const MAX_TERM_ID = 2 ** 26;

/** Document frequencies the local embedder learns from the corpus, saved with the index. */
export interface LocalEmbedderState {
  version: number;
  dims: number;
  docs: number;
  df: Record<string, number>;
}

/**
 * Tf-idf weighted feature hashing of stemmed words and word pairs into a fixed number of
 * dimensions: no download, no server, deterministic. Word pairs keep some word order, so
 * "reinforcement learning" is not just "reinforcement" plus "learning".
 */
export class LocalEmbedder implements Embedder {
  readonly kind = 'local' as const;
  readonly id: string;
  private readonly df: Map<string, number>;
  private readonly idfCache = new Map<string, number>();
  private readonly termInfo = new Map<string, TermInfo>();
  private nextTermId = 0;

  private constructor(private readonly state: LocalEmbedderState) {
    this.id = `local-hash-v${state.version}-${state.dims}`;
    this.df = new Map(Object.entries(state.df));
  }

  get dims(): number {
    return this.state.dims;
  }

  static fit(texts: string[], dims = 512): LocalEmbedder {
    return LocalEmbedder.fitTerms(texts.length, (i) => terms(texts[i]!), dims);
  }

  /**
   * `fit` over `count` documents given as terms: the index builder splits each chunk into
   * terms once for every use, and hands them over one at a time rather than all at once.
   */
  static fitTerms(count: number, termsOf: (i: number) => string[], dims = 512): LocalEmbedder {
    const df: Record<string, number> = {};
    for (let i = 0; i < count; i++) for (const t of new Set(termsOf(i))) df[t] = (df[t] ?? 0) + 1;
    return new LocalEmbedder({ version: LOCAL_EMBEDDER_VERSION, dims, docs: count, df });
  }

  static fromState(state: LocalEmbedderState): LocalEmbedder {
    if (state.version !== LOCAL_EMBEDDER_VERSION) throw new Error(`local embedder state has version ${state.version}, expected ${LOCAL_EMBEDDER_VERSION}`);
    return new LocalEmbedder(state);
  }

  toState(): LocalEmbedderState {
    return this.state;
  }

  /** The document frequencies as a Map, shared with the retriever's term statistics rather than built twice. */
  get documentFrequencies(): ReadonlyMap<string, number> {
    return this.df;
  }

  idf(term: string): number {
    let v = this.idfCache.get(term);
    if (v === undefined) {
      v = Math.log((this.state.docs + 1) / ((this.df.get(term) ?? 0) + 1)) + 1;
      // Queries bring words the corpus lacks; past the limit the cache starts over rather than grow forever.
      if (this.idfCache.size >= IDF_CACHE_MAX) this.idfCache.clear();
      this.idfCache.set(term, v);
    }
    return v;
  }

  async embedDocuments(texts: string[], onProgress?: (done: number, total: number) => void): Promise<number[][]> {
    const out: number[][] = [];
    for (let i = 0; i < texts.length; i++) {
      out.push(this.vector(texts[i]!));
      if (onProgress && (i % 1000 === 999 || i === texts.length - 1)) onProgress(i + 1, texts.length);
    }
    return out;
  }

  async embedQuery(text: string): Promise<number[]> {
    return this.vector(text);
  }

  vector(text: string): number[] {
    return this.vectorOfTerms(terms(text));
  }

  vectorOfTerms(toks: string[]): number[] {
    // Ids restart well before the limit, so no id within one vector can reach it.
    if (this.nextTermId >= MAX_TERM_ID / 2) {
      this.termInfo.clear();
      this.nextTermId = 0;
    }
    // Features in first-seen order, each word followed by the pair it starts: the sums below
    // add in this order, so the vector is the same to the last bit however it is computed.
    // Keys are numbers (a word's id, or both ids of a pair), which spares building and hashing
    // a string for every pair.
    const features = new Map<number, Feature>();
    let info = toks.length ? this.termInfoOf(toks[0]!) : undefined;
    for (let i = 0; i < toks.length; i++) {
      const t = info!;
      let f = features.get(t.id);
      if (!f) features.set(t.id, (f = { tf: 0, idf: t.idf, hash: t.hash }));
      f.tf++;
      if (i + 1 < toks.length) {
        const next = this.termInfoOf(toks[i + 1]!);
        const key = (t.id + 1) * MAX_TERM_ID + next.id;
        let p = features.get(key);
        // Pairs have no document frequency of their own (that table would be huge): use the rarer word's.
        if (!p) features.set(key, (p = { tf: 0, idf: 0.6 * Math.max(t.idf, next.idf), hash: fnv1aFrom(t.pairState, toks[i + 1]!) }));
        p.tf++;
        info = next;
      }
    }
    const dims = this.state.dims;
    const v = new Float64Array(dims);
    for (const { tf, idf, hash } of features.values()) v[hash % dims]! += (hash & 0x80000000 ? -1 : 1) * (1 + Math.log(tf)) * idf;
    let norm = 0;
    for (const x of v) norm += x * x;
    norm = Math.sqrt(norm) || 1;
    return Array.from(v, (x) => x / norm);
  }

  /** What the embedder needs of a word, worked out once: id, idf, hash, and the hash state its pairs start from. */
  private termInfoOf(term: string): TermInfo {
    let info = this.termInfo.get(term);
    if (!info) {
      info = { id: this.nextTermId++, idf: this.idf(term), hash: fnv1a(term), pairState: fnv1aFrom(fnv1aFrom(FNV_OFFSET, term, false), ' ', false) };
      if (this.termInfo.size >= IDF_CACHE_MAX) this.termInfo.clear();
      this.termInfo.set(term, info);
    }
    return info;
  }
}

interface TermInfo {
  id: number;
  idf: number;
  hash: number;
  pairState: number;
}

interface Feature {
  tf: number;
  idf: number;
  hash: number;
}

const FNV_OFFSET = 0x811c9dc5;

function fnv1a(s: string): number {
  return fnv1aFrom(FNV_OFFSET, s);
}

/** FNV-1a of `s` continued from state `h` (so the hash of "a b" continues from that of "a "); unsigned unless `final` is false. */
function fnv1aFrom(h: number, s: string, final = true): number {
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return final ? h >>> 0 : h;
}
