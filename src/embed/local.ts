import type { Embedder } from './embedder.js';
import { terms } from '../text/terms.js';

export const LOCAL_EMBEDDER_VERSION = 1;

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

  private constructor(private readonly state: LocalEmbedderState) {
    this.id = `local-hash-v${state.version}-${state.dims}`;
    this.df = new Map(Object.entries(state.df));
  }

  get dims(): number {
    return this.state.dims;
  }

  static fit(texts: string[], dims = 512): LocalEmbedder {
    const df: Record<string, number> = {};
    for (const text of texts) for (const t of new Set(terms(text))) df[t] = (df[t] ?? 0) + 1;
    return new LocalEmbedder({ version: LOCAL_EMBEDDER_VERSION, dims, docs: texts.length, df });
  }

  static fromState(state: LocalEmbedderState): LocalEmbedder {
    if (state.version !== LOCAL_EMBEDDER_VERSION) throw new Error(`local embedder state has version ${state.version}, expected ${LOCAL_EMBEDDER_VERSION}`);
    return new LocalEmbedder(state);
  }

  toState(): LocalEmbedderState {
    return this.state;
  }

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
    const toks = terms(text);
    const counts = new Map<string, number>();
    for (let i = 0; i < toks.length; i++) {
      counts.set(toks[i]!, (counts.get(toks[i]!) ?? 0) + 1);
      if (i + 1 < toks.length) {
        const pair = `${toks[i]} ${toks[i + 1]}`;
        counts.set(pair, (counts.get(pair) ?? 0) + 1);
      }
    }
    const v = new Array<number>(this.state.dims).fill(0);
    for (const [feature, tf] of counts) {
      const space = feature.indexOf(' ');
      // Pairs have no document frequency of their own (that table would be huge): use the rarer word's.
      const idf = space < 0 ? this.idf(feature) : 0.6 * Math.max(this.idf(feature.slice(0, space)), this.idf(feature.slice(space + 1)));
      const h = fnv1a(feature);
      v[h % this.state.dims]! += (h & 0x80000000 ? -1 : 1) * (1 + Math.log(tf)) * idf;
    }
    let norm = 0;
    for (const x of v) norm += x * x;
    norm = Math.sqrt(norm) || 1;
    return v.map((x) => x / norm);
  }
}

function fnv1a(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}
