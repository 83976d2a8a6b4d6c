import type { Embedder } from './embedder.js';
import { terms } from '../text/terms.js';
import { countDocumentFrequencies, Vocabulary, type DocumentFrequencies } from '../text/vocabulary.js';

export const LOCAL_EMBEDDER_VERSION = 1;

/** Document frequencies the local embedder learns from the corpus, saved with the index. */
export interface LocalEmbedderState extends DocumentFrequencies {
  version: number;
  dims: number;
}

/** What embedder.json holds for these frequencies. */
export function localEmbedderState(frequencies: DocumentFrequencies, dims: number): LocalEmbedderState {
  return { version: LOCAL_EMBEDDER_VERSION, dims, docs: frequencies.docs, df: frequencies.df };
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
  /** The state without its document frequencies, which are kept once, in `df` (tens of MB at 100,000 chunks). */
  private readonly state: Omit<LocalEmbedderState, 'df'>;
  /** Scratch reused by every vector: one is computed at a time, synchronously. */
  private readonly features = new FeatureCounts();
  private sums = new Float64Array(0);

  private constructor(state: LocalEmbedderState) {
    this.id = `local-hash-v${state.version}-${state.dims}`;
    this.df = new Map(Object.entries(state.df));
    this.state = { version: state.version, dims: state.dims, docs: state.docs };
  }

  get dims(): number {
    return this.state.dims;
  }

  static fit(texts: string[], dims = 512): LocalEmbedder {
    const vocabulary = new Vocabulary();
    return LocalEmbedder.fromFrequencies(countDocumentFrequencies(texts.length, (i) => vocabulary.idsOf(terms(texts[i]!)), vocabulary.terms), dims);
  }

  /** An embedder weighing terms by these document frequencies (counted by the index builder). */
  static fromFrequencies(frequencies: DocumentFrequencies, dims = 512): LocalEmbedder {
    return new LocalEmbedder(localEmbedderState(frequencies, dims));
  }

  static fromState(state: LocalEmbedderState): LocalEmbedder {
    if (state.version !== LOCAL_EMBEDDER_VERSION) throw new Error(`local embedder state has version ${state.version}, expected ${LOCAL_EMBEDDER_VERSION}`);
    return new LocalEmbedder(state);
  }

  /** What embedder.json saves; the frequencies are written out from the Map when asked for. */
  toState(): LocalEmbedderState {
    // Only assignments, as in fitting: no key is read through the prototype.
    const df: Record<string, number> = {};
    for (const [term, n] of this.df) df[term] = n;
    return { ...this.state, df };
  }

  /** How many chunks the frequencies were counted over. */
  get documents(): number {
    return this.state.docs;
  }

  /** The document frequencies as a Map, shared with the retriever's term statistics rather than built twice. */
  get documentFrequencies(): ReadonlyMap<string, number> {
    return this.df;
  }

  /** Worked out once per term of a vocabulary (termFeatures), so not worth keeping. */
  idf(term: string): number {
    return Math.log((this.state.docs + 1) / ((this.df.get(term) ?? 0) + 1)) + 1;
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
    const vocabulary = new Vocabulary();
    const ids = vocabulary.idsOf(terms(text));
    const out = new Array<number>(this.state.dims);
    this.writeVector(ids, this.termFeatures(vocabulary.terms), out, 0);
    return out;
  }

  /** What the embedder needs of each term of a vocabulary, worked out once for all its vectors. */
  termFeatures(vocabulary: readonly string[]): TermFeatures {
    const n = vocabulary.length;
    const features: TermFeatures = { terms: vocabulary, idf: new Float64Array(n), hash: new Uint32Array(n), pairState: new Int32Array(n) };
    for (let id = 0; id < n; id++) {
      const term = vocabulary[id]!;
      features.idf[id] = this.idf(term);
      features.hash[id] = fnv1a(term);
      features.pairState[id] = fnv1aFrom(fnv1aFrom(FNV_OFFSET, term, false), ' ', false);
    }
    return features;
  }

  /**
   * The vector of a text given as term ids, written into `out` from `offset`: the index builder
   * writes straight into a shard's float32 block instead of making an array per chunk.
   */
  writeVector(ids: ArrayLike<number>, terms: TermFeatures, out: { [i: number]: number }, offset: number): void {
    // Features in first-seen order, each word followed by the pair it starts: the sums below
    // add in this order, so the vector is the same to the last bit however it is computed.
    // A word's key is (0, id), a pair's (first id + 1, second id).
    const features = this.features.reset(2 * ids.length);
    for (let i = 0; i < ids.length; i++) {
      const t = ids[i]!;
      if (features.count(0, t)) features.add(terms.idf[t]!, terms.hash[t]!);
      if (i + 1 < ids.length) {
        const next = ids[i + 1]!;
        // Pairs have no document frequency of their own (that table would be huge): use the rarer word's.
        if (features.count(t + 1, next)) features.add(0.6 * Math.max(terms.idf[t]!, terms.idf[next]!), fnv1aFrom(terms.pairState[t]!, terms.terms[next]!));
      }
    }
    const dims = this.state.dims;
    const v = this.sums.length === dims ? this.sums.fill(0) : (this.sums = new Float64Array(dims));
    features.forEach((tf, idf, hash) => {
      v[hash % dims]! += (hash & 0x80000000 ? -1 : 1) * (1 + Math.log(tf)) * idf;
    });
    let norm = 0;
    for (const x of v) norm += x * x;
    norm = Math.sqrt(norm) || 1;
    for (let j = 0; j < dims; j++) out[offset + j] = v[j]! / norm;
  }
}

/** Per term id of one vocabulary: its idf, hash, and the hash state its pairs start from. */
export interface TermFeatures {
  terms: readonly string[];
  idf: Float64Array;
  hash: Uint32Array;
  pairState: Int32Array;
}

/**
 * Counts of a text's features (a word's id, or a pair of ids) in first-seen order, in an
 * open-addressing table of typed arrays that is reused from text to text. A Map keyed by pair
 * numbers boxed every key and allocated an object per feature: at 100,000 chunks that was a
 * third of an ingest, half of it in the garbage collector.
 */
class FeatureCounts {
  private mask = 0;
  /** Slot -> 1 + index in the arrays below; 0 is an empty slot. */
  private slots = new Int32Array(0);
  private first = new Int32Array(0);
  private second = new Int32Array(0);
  private tf = new Int32Array(0);
  private idf = new Float64Array(0);
  private hash = new Uint32Array(0);
  private size = 0;
  /** Index of the feature `count` found or made; `add` fills in a new one. */
  private current = 0;

  /** Empties the table, sized for up to `capacity` features. */
  reset(capacity: number): this {
    if (capacity * 2 > this.slots.length) {
      let n = 64;
      while (n < capacity * 2) n *= 2;
      this.slots = new Int32Array(n);
      this.mask = n - 1;
      this.first = new Int32Array(n >> 1);
      this.second = new Int32Array(n >> 1);
      this.tf = new Int32Array(n >> 1);
      this.idf = new Float64Array(n >> 1);
      this.hash = new Uint32Array(n >> 1);
    } else this.slots.fill(0);
    this.size = 0;
    return this;
  }

  /** Counts one more of the feature (a, b); true when it is new and needs `add`. */
  count(a: number, b: number): boolean {
    let slot = (Math.imul(a, 0x9e3779b1) ^ Math.imul(b, 0x85ebca77)) & this.mask;
    for (;;) {
      const at = this.slots[slot]!;
      if (at === 0) break;
      if (this.first[at - 1] === a && this.second[at - 1] === b) {
        this.tf[at - 1]!++;
        return false;
      }
      slot = (slot + 1) & this.mask;
    }
    const i = this.size++;
    this.slots[slot] = i + 1;
    this.first[i] = a;
    this.second[i] = b;
    this.tf[i] = 1;
    this.current = i;
    return true;
  }

  add(idf: number, hash: number): void {
    this.idf[this.current] = idf;
    this.hash[this.current] = hash;
  }

  forEach(fn: (tf: number, idf: number, hash: number) => void): void {
    for (let i = 0; i < this.size; i++) fn(this.tf[i]!, this.idf[i]!, this.hash[i]!);
  }
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
