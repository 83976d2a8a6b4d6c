import type { Paper } from '../corpus/paper.js';
import type { Chunk } from '../chunking.js';
import type { RetrievalSettings } from '../config.js';
import type { Embedder } from '../embed/embedder.js';
import type { LoadedIndex } from '../index/store.js';
import { queryTerms, terms } from '../text/terms.js';
import { TermStats } from './termstats.js';

export interface Hit {
  chunk: Chunk;
  paper: Paper;
  /** Fused rank score (reciprocal rank fusion). */
  score: number;
  /** Cosine similarity of the query and chunk vectors. */
  cosine: number;
  /** Idf-weighted share of the question's terms that the chunk (with its title) contains. */
  coverage: number;
}

export interface SearchResult {
  hits: Hit[];
  /** False when no paper covers the question: the caller should refuse rather than answer from the least bad chunk. */
  relevant: boolean;
}

export interface SearchOptions {
  paperId?: string;
  k?: number;
}

/** Hybrid retrieval: vectra's cosine search and MiniSearch's BM25, fused by reciprocal rank. */
export class Retriever {
  readonly termStats: TermStats;
  private readonly papersById: Map<string, Paper>;
  private readonly chunksById: Map<string, Chunk>;
  private readonly chunkTerms = new Map<string, Set<string>>();

  constructor(
    readonly index: LoadedIndex,
    readonly embedder: Embedder,
    private readonly settings: RetrievalSettings,
  ) {
    this.papersById = new Map(index.papers.map((p) => [p.id, p]));
    this.chunksById = new Map(index.chunks.map((c) => [c.id, c]));
    const local = index.localEmbedder?.toState();
    this.termStats = local ? TermStats.fromCounts(local.docs, local.df) : TermStats.fromTexts(index.chunks.map((c) => `${this.papersById.get(c.paperId)!.title}\n${c.text}`));
  }

  paper(id: string): Paper | undefined {
    return this.papersById.get(id);
  }

  chunksOf(paperId: string): Chunk[] {
    return this.index.chunks.filter((c) => c.paperId === paperId);
  }

  async search(query: string, opts: SearchOptions = {}): Promise<SearchResult> {
    const k = opts.k ?? this.settings.topK;
    const qTerms = queryTerms(query);
    const [vectorHits, keywordHits] = await Promise.all([this.vectorSearch(await this.embedder.embedQuery(query), opts.paperId), Promise.resolve(this.keywordSearch(query, opts.paperId))]);
    const fused = new Map<string, { score: number; cosine: number }>();
    vectorHits.forEach((h, rank) => fused.set(h.id, { score: 1 / (this.settings.rrfK + rank + 1), cosine: h.cosine }));
    keywordHits.forEach((id, rank) => {
      const entry = fused.get(id) ?? { score: 0, cosine: Number.NaN };
      entry.score += this.settings.bm25Weight / (this.settings.rrfK + rank + 1);
      fused.set(id, entry);
    });
    const hits: Hit[] = [];
    for (const [id, { score, cosine }] of fused) {
      const chunk = this.chunksById.get(id);
      if (!chunk) continue;
      const paper = this.papersById.get(chunk.paperId)!;
      hits.push({ chunk, paper, score, cosine: Number.isNaN(cosine) ? 0 : cosine, coverage: this.termStats.coverage(qTerms, this.termsOf(chunk)) });
    }
    hits.sort((a, b) => b.score - a.score || b.coverage - a.coverage);
    const top = hits.slice(0, k);
    const best = top[0];
    const relevant = !!best && qTerms.length > 0 && top.some((h) => this.isRelevantHit(h));
    // Keep sources that plausibly bear on the question; unrelated tail hits only add noise.
    const kept = relevant ? top.filter((h, i) => i === 0 || this.isRelevantHit(h) || h.coverage >= this.settings.minTermCoverage / 2) : [];
    return { hits: kept, relevant };
  }

  isRelevantHit(h: Pick<Hit, 'cosine' | 'coverage'>): boolean {
    return h.coverage >= this.settings.minTermCoverage || h.cosine >= this.settings.minCosine;
  }

  /** Stemmed terms of a chunk with its title, cached: coverage is computed for every candidate. */
  termsOf(chunk: Chunk): Set<string> {
    let set = this.chunkTerms.get(chunk.id);
    if (!set) {
      set = new Set(terms(`${this.papersById.get(chunk.paperId)!.title}\n${chunk.text}`));
      this.chunkTerms.set(chunk.id, set);
    }
    return set;
  }

  /** Cosine search over every shard; returns chunk ids best first with their similarity. */
  async vectorSearch(vector: number[], paperId?: string, limit = this.settings.candidates): Promise<{ id: string; cosine: number; vector: number[] }[]> {
    if (!vector.some((x) => x !== 0)) return [];
    const filter = paperId ? { paperId: { $eq: paperId } } : undefined;
    const perShard = await Promise.all(this.index.shards.map((s) => s.queryItems(vector, '', limit, filter)));
    return perShard
      .flat()
      .filter((r) => Number.isFinite(r.score))
      .sort((a, b) => b.score - a.score)
      .slice(0, limit)
      .map((r) => ({ id: r.item.id, cosine: r.score, vector: r.item.vector }));
  }

  /** BM25 over titles and chunk texts; returns chunk ids best first. */
  keywordSearch(query: string, paperId?: string, limit = this.settings.candidates): string[] {
    const prefix = paperId ? `${paperId}#` : undefined;
    const results = this.index.bm25.search(query, prefix ? { filter: (r) => String(r.id).startsWith(prefix) } : {});
    return results.slice(0, limit).map((r) => String(r.id));
  }
}
