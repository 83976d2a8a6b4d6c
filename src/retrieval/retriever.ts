import { shortName, type Paper } from '../corpus/paper.js';
import { chunkId, type Chunk } from '../chunking.js';
import type { RetrievalSettings } from '../config.js';
import type { Embedder } from '../embed/embedder.js';
import { queryVector } from '../embed/query-vector.js';
import type { LoadedIndex } from '../index/store.js';
import { conceptWords, queryConcepts, queryNames, queryTerms, terms } from '../text/terms.js';
import { sharesForm } from '../text/word-forms.js';
import { TermStats } from './termstats.js';
import { VectorTable } from './vectors.js';

/** Chunks whose term sets are kept between questions (each is a few kilobytes). */
const CHUNK_TERMS_CACHE_MAX = 20_000;

export interface Hit {
  chunk: Chunk;
  paper: Paper;
  /** Fused rank score (reciprocal rank fusion). */
  score: number;
  /** Cosine similarity of the query and chunk vectors. */
  cosine: number;
  /** Idf-weighted share of the question's concepts (see queryConcepts) that the chunk (with its title) contains. */
  coverage: number;
  /** How many of the question's words the chunk contains (a compound such as "VLA-ATTC" when it holds any of its parts). */
  matched: number;
  /** How many of them it contains whole (a compound with all its parts). */
  wholeWords: number;
}

export interface SearchResult {
  hits: Hit[];
  /** False when no paper covers the question: the caller should refuse rather than answer from the least bad chunk. */
  relevant: boolean;
}

export interface SearchOptions {
  paperId?: string;
  /**
   * Words of which a hit must hold one, or a form of it, to answer: the question without the paper's name,
   * when it names the paper it is limited to. The name is in its abstract whatever is asked.
   */
  mustShare?: string;
  /** Papers that are not answers ("Which other papers ... like PixelThink?"), left out before relevance is decided. */
  exclude?: readonly string[];
  k?: number;
}

/** Hybrid retrieval: vectra's cosine search and MiniSearch's BM25, fused by reciprocal rank. */
export class Retriever {
  readonly termStats: TermStats;
  private readonly papersById: Map<string, Paper>;
  private readonly chunksById: Map<string, Chunk>;
  private readonly chunkTerms = new Map<string, Set<string>>();
  /** Name term -> papers with that short name: a question that names a paper ("PixelThink") should find it first. */
  private readonly titleIndex = new Map<string, string[]>();
  private vectors?: Promise<VectorTable>;

  constructor(
    readonly index: LoadedIndex,
    readonly embedder: Embedder,
    private readonly settings: RetrievalSettings,
  ) {
    this.papersById = new Map(index.papers.map((p) => [p.id, p]));
    this.chunksById = new Map(index.chunks.map((c) => [c.id, c]));
    this.termStats = index.frequencies
      ? TermStats.fromCounts(index.frequencies.docs, index.frequencies.df)
      : TermStats.fromTexts(index.chunks.map((c) => `${this.papersById.get(c.paperId)!.title}\n${c.text}`));
    for (const p of index.papers) {
      for (const t of new Set(terms(shortName(p.title)))) {
        if (t.length < 3) continue;
        const list = this.titleIndex.get(t);
        if (list) list.push(p.id);
        else this.titleIndex.set(t, [p.id]);
      }
    }
  }

  paper(id: string): Paper | undefined {
    return this.papersById.get(id);
  }

  /** A paper's first chunk, looked up rather than found by scanning every chunk. */
  firstChunk(paperId: string): Chunk | undefined {
    return this.chunksById.get(chunkId(paperId, 0));
  }

  async search(query: string, opts: SearchOptions = {}): Promise<SearchResult> {
    const k = opts.k ?? this.settings.topK;
    const qTerms = queryTerms(query);
    const concepts = queryConcepts(query);
    const asked = this.termStats.weigh(concepts, queryNames(query), conceptWords(query, concepts));
    // The embedding request is under way while BM25 runs.
    const vector = this.queryVector(query);
    const keywordHits = this.keywordSearch(query, opts.paperId);
    const vectorHits = await this.vectorSearch(await vector, opts.paperId);
    const fused = new Map<string, { score: number; cosine: number }>();
    const add = (id: string, rank: number, weight: number, cosine = Number.NaN) => {
      const entry = fused.get(id) ?? { score: 0, cosine };
      entry.score += weight / (this.settings.rrfK + rank + 1);
      fused.set(id, entry);
    };
    vectorHits.forEach((h, rank) => add(h.id, rank, 1, h.cosine));
    keywordHits.forEach((id, rank) => add(id, rank, this.settings.bm25Weight));
    this.titleMatches(qTerms, opts.paperId).forEach((id, rank) => add(id, rank, this.settings.bm25Weight));
    const hits: Hit[] = [];
    for (const [id, { score, cosine }] of fused) {
      const chunk = this.chunksById.get(id);
      if (!chunk || opts.exclude?.includes(chunk.paperId)) continue;
      const paper = this.papersById.get(chunk.paperId)!;
      const { coverage, matched, wholeWords } = asked.match(this.termsOf(chunk));
      hits.push({ chunk, paper, score, cosine: Number.isNaN(cosine) ? 0 : cosine, coverage, matched, wholeWords });
    }
    // Rerank: the fused rank says "similar", coverage says "contains what was asked".
    const maxScore = Math.max(...hits.map((h) => h.score), Number.MIN_VALUE);
    const value = (h: Hit) => h.score / maxScore + this.settings.coverageWeight * h.coverage;
    hits.sort((a, b) => value(b) - value(a));
    const top = hits.slice(0, k);
    const own = opts.mustShare === undefined ? undefined : queryConcepts(opts.mustShare).flat();
    const relevant = top.some((h) => this.isRelevantHit(h, asked.words) && (!own || sharesForm(this.termsOf(h.chunk), own)));
    // Keep sources that plausibly bear on the question; unrelated tail hits only add noise.
    const kept = relevant ? top.filter((h, i) => i === 0 || this.isRelevantHit(h, asked.words) || h.coverage >= this.settings.minTermCoverage / 2) : [];
    return { hits: kept, relevant };
  }

  /**
   * A hit answers the question when it shares enough of its telling words, and more than one
   * of them unless the question is that short: one shared rare word ("cheapest", or a paper's
   * name in "What does TGV-KV say about pasta?") is chance. `wordCount`: the question's words.
   */
  isRelevantHit(h: Pick<Hit, 'cosine' | 'coverage' | 'matched' | 'wholeWords'>, wordCount: number): boolean {
    // A question of one or two words needs one of them whole: "full-bodied wine" is not about "full KV".
    const enoughWords = h.matched >= 2 || (wordCount <= 2 && h.wholeWords >= 1);
    // The local embedder's vectors are hashed words, so the same holds for its cosine: with no
    // word of the question in the chunk, a high cosine is two words sharing a hash bucket
    // ("RLHF" matched a paper on submodularity); with one, that word (a name) is all it measures.
    if (h.cosine >= this.settings.minCosine && (enoughWords || this.embedder.kind !== 'local')) return true;
    return h.coverage >= this.settings.minTermCoverage && enoughWords;
  }

  /** First chunks of papers whose titles contain the question's rarer words, best match first. */
  private titleMatches(qTerms: string[], paperId?: string): string[] {
    const scores = new Map<string, number>();
    for (const t of new Set(qTerms)) {
      const papers = this.titleIndex.get(t);
      // A name shared by many papers ("Transformers") names none of them.
      if (!papers || papers.length > 3) continue;
      for (const id of papers) if (!paperId || id === paperId) scores.set(id, (scores.get(id) ?? 0) + this.termStats.idf(t));
    }
    return [...scores.entries()].sort((a, b) => b[1] - a[1]).map(([id]) => chunkId(id, 0));
  }

  /** Stemmed terms of a chunk with its title, cached: coverage is computed for every candidate. */
  termsOf(chunk: Chunk): Set<string> {
    let set = this.chunkTerms.get(chunk.id);
    if (!set) {
      set = new Set(terms(`${this.papersById.get(chunk.paperId)!.title}\n${chunk.text}`));
      // Bounded: on a large corpus a long-running bot would otherwise end up holding a set for every chunk.
      if (this.chunkTerms.size >= CHUNK_TERMS_CACHE_MAX) this.chunkTerms.clear();
      this.chunkTerms.set(chunk.id, set);
    }
    return set;
  }

  /** The text's vector, or null when the embedding server failed: the search is then BM25's alone (see queryVector). */
  queryVector(text: string): Promise<number[] | null> {
    return queryVector(this.embedder, text);
  }

  /** Cosine search over every shard; returns chunk ids best first with their similarity. None without a vector. */
  async vectorSearch(vector: number[] | null, paperId?: string, limit = this.settings.candidates): Promise<{ id: string; cosine: number }[]> {
    if (!vector?.some((x) => x !== 0)) return [];
    return (await this.vectorTable()).search(vector, limit, paperId).map((h) => ({ id: h.id, cosine: h.score }));
  }

  /** The stored vectors of a paper's chunks. */
  async chunkVectors(paperId: string): Promise<ArrayLike<number>[]> {
    return (await this.vectorTable()).vectorsOf(paperId);
  }

  /** Built on first use from the shards vectra loaded; see VectorTable for why it is not queryItems. */
  private vectorTable(): Promise<VectorTable> {
    this.vectors ??= VectorTable.fromShards(this.index.shards);
    return this.vectors;
  }

  /** The ids of the papers whose title or abstract writes `term` (a token as `terms` writes it), from the postings: no text is read. */
  papersWriting(term: string): Set<string> {
    return new Set(this.index.bm25.documentsWith(term).map((id) => this.chunksById.get(id)!.paperId));
  }

  /** The ids of the papers that write a term holding `fragment` (see Bm25Index.termsContaining), of at most `maxTerms` such terms, the first `maxPapers`. */
  papersWritingTermsWith(fragment: string, maxTerms: number, maxPapers: number): Set<string> {
    const ids = new Set<string>();
    for (const term of this.index.bm25.termsContaining(fragment, maxTerms)) {
      for (const id of this.papersWriting(term)) {
        ids.add(id);
        if (ids.size === maxPapers) return ids;
      }
    }
    return ids;
  }

  /** The ids of the papers that write every one of `terms` (see papersWriting). */
  papersWritingAll(terms: readonly string[]): Set<string> {
    const [first, ...rest] = terms.map((t) => this.papersWriting(t));
    return new Set([...(first ?? [])].filter((id) => rest.every((r) => r.has(id))));
  }

  /** BM25 over titles and chunk texts; returns chunk ids best first. */
  keywordSearch(query: string, paperId?: string, limit = this.settings.candidates): string[] {
    const prefix = paperId ? `${paperId}#` : undefined;
    return this.index.bm25.search(query, { filter: prefix ? (id) => id.startsWith(prefix) : undefined, limit }).map((r) => r.id);
  }
}
