import type { Paper } from '../corpus/paper.js';
import { chunkId, chunkIndexText, type Chunk } from '../chunking.js';
import type { RetrievalSettings } from '../config.js';
import type { Embedder } from '../embed/embedder.js';
import { queryVector } from '../embed/query-vector.js';
import type { LoadedIndex } from '../index/store.js';
import { conceptWords, queryConcepts, queryNames, queryTerms, terms } from '../text/terms.js';
import { sharesForm } from '../text/word-forms.js';
import type { Bm25Hit, Bm25Statistics } from '../index/postings.js';
import { TermStats } from './termstats.js';
import { combinedStatistics, searchParts, type KeywordPart } from './keywords.js';
import { PartIndex, type Removal } from './parts.js';

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
  /**
   * When not relevant: the hits that come near the floor all the same (see closeness), best
   * first. A passage that answers in other words shares few of the question's; one nothing is
   * near leaves this empty, and the question is refused outright.
   */
  near?: Hit[];
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

/** More than one of the question's words, or one whole of a question of one or two words: "full-bodied wine" is not about "full KV". */
function sharesEnoughWords(h: Pick<Hit, 'matched' | 'wholeWords'>, wordCount: number): boolean {
  return h.matched >= 2 || (wordCount <= 2 && h.wholeWords >= 1);
}

/** Views a root Retriever keeps (see view): each holds only references and a few statistics. */
const VIEWS_KEPT = 256;

/** One part of the index as a Retriever sees it: its structures, the papers removed from it, and whose it is. */
interface VisiblePart {
  index: PartIndex;
  removal: Removal;
  /** The segment's collection; undefined for the build, which every view sees. */
  collection?: string;
}

/**
 * Hybrid retrieval: vectra's cosine search and MiniSearch's BM25, fused by reciprocal rank. It
 * searches the build and the segments of the collections it sees as one index (see
 * keywords.ts): by default the build alone; `view(collection)` sees that collection's additions
 * too, and never another's.
 */
export class Retriever {
  readonly termStats: TermStats;
  /** The collections whose added papers this Retriever sees besides the build's. */
  readonly collections: ReadonlySet<string>;
  private readonly parts: VisiblePart[];
  private readonly keywordParts: KeywordPart[];
  private bm25Statistics?: Bm25Statistics;
  private readonly chunkTerms = new Map<string, Set<string>>();
  private readonly views = new Map<string, Retriever>();

  constructor(
    readonly index: LoadedIndex,
    readonly embedder: Embedder,
    private readonly settings: RetrievalSettings,
    collections: ReadonlySet<string> = new Set(),
  ) {
    this.collections = collections;
    const base: VisiblePart = { index: PartIndex.of(index), removal: PartIndex.of(index).removal() };
    const segments = index.segments.filter((s) => collections.has(s.collection)).map((s): VisiblePart => ({ index: PartIndex.of(s), removal: PartIndex.of(s).removal(s.removed), collection: s.collection }));
    this.parts = [base, ...segments];
    this.keywordParts = this.parts.map((p) => ({ bm25: p.index.bm25, removal: p.removal }));
    // The build's own frequencies (the local embedder's Map, shared), or counted from its texts when it has none saved.
    const frequencies = index.frequencies;
    this.termStats =
      segments.length === 0 && frequencies
        ? TermStats.fromCounts(frequencies.docs, frequencies.df)
        : TermStats.summed([frequencies ? { docs: frequencies.docs, df: (t: string) => frequencies.df.get(t) ?? 0 } : base.index.countedFrequencies(), ...segments.map((p) => p.removal.frequencies)]);
  }

  /**
   * The same index seen by one collection, or several: the build and their additions. Cheap: the
   * parts' structures are shared; a view's statistics are worked out once and kept.
   */
  view(...collections: string[]): Retriever {
    const key = [...new Set(collections)].sort().join('\n');
    let view = this.views.get(key);
    if (!view) {
      if (this.views.size >= VIEWS_KEPT) this.views.delete(this.views.keys().next().value!);
      view = new Retriever(this.index, this.embedder, this.settings, new Set(collections));
      this.views.set(key, view);
    }
    return view;
  }

  /** Every paper this Retriever sees: the build's, then the added ones (made on each call: keep it if it is needed often). */
  get papers(): Paper[] {
    const added = this.addedPapers();
    return added.length ? [...this.index.papers, ...added] : this.index.papers;
  }

  /** The papers added to the collections it sees, in the order they were added. */
  addedPapers(): Paper[] {
    return this.parts.slice(1).flatMap((p) => p.index.part.papers.filter((paper) => !p.removal.papers.has(paper.id)));
  }

  /** The collection a paper it sees was added to; undefined for the build's papers and those it does not see. */
  collectionOf(id: string): string | undefined {
    return this.partOfPaper(id)?.collection;
  }

  paper(id: string): Paper | undefined {
    return this.partOfPaper(id)?.index.papersById.get(id);
  }

  /** A chunk it sees, by id. */
  chunk(id: string): Chunk | undefined {
    for (const p of this.parts) {
      const chunk = p.index.chunksById.get(id);
      if (chunk && !p.removal.papers.has(chunk.paperId)) return chunk;
    }
    return undefined;
  }

  /** A paper's first chunk, looked up rather than found by scanning every chunk. */
  firstChunk(paperId: string): Chunk | undefined {
    return this.chunk(chunkId(paperId, 0));
  }

  private partOfPaper(id: string): VisiblePart | undefined {
    return this.parts.find((p) => p.index.papersById.has(id) && !p.removal.papers.has(id));
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
      const chunk = this.chunk(id);
      if (!chunk || opts.exclude?.includes(chunk.paperId)) continue;
      const paper = this.paper(chunk.paperId)!;
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
    if (relevant) return { hits: kept, relevant };
    // Near, like relevant, takes more than one shared word: one ("train" of "How do I train a dog?") is chance.
    const near = top.filter((h) => sharesEnoughWords(h, asked.words) && this.closeness(h) >= this.settings.closestShare).sort((a, b) => this.closeness(b) - this.closeness(a));
    return { hits: kept, relevant, near };
  }

  /**
   * How near a hit comes to answering, as a share of the relevance floor (1 reaches it): the
   * question's telling words it covers. With the local embedder a cosine counts only where a word
   * is shared (hashed words, see isRelevantHit).
   */
  closeness(h: Pick<Hit, 'cosine' | 'coverage' | 'matched'>): number {
    const byWords = h.coverage / this.settings.minTermCoverage;
    const byMeaning = h.matched >= 1 || this.embedder.kind !== 'local' ? h.cosine / this.settings.minCosine : 0;
    return Math.max(byWords, byMeaning);
  }

  /**
   * A hit answers the question when it shares enough of its telling words, and more than one
   * of them unless the question is that short: one shared rare word ("cheapest", or a paper's
   * name in "What does TGV-KV say about pasta?") is chance. `wordCount`: the question's words.
   */
  isRelevantHit(h: Pick<Hit, 'cosine' | 'coverage' | 'matched' | 'wholeWords'>, wordCount: number): boolean {
    const enoughWords = sharesEnoughWords(h, wordCount);
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
      const papers = this.parts.flatMap((p) => (p.index.titleIndex.get(t) ?? []).filter((id) => !p.removal.papers.has(id)));
      // A name shared by many papers ("Transformers") names none of them.
      if (papers.length === 0 || papers.length > 3) continue;
      for (const id of papers) if (!paperId || id === paperId) scores.set(id, (scores.get(id) ?? 0) + this.termStats.idf(t));
    }
    return [...scores.entries()].sort((a, b) => b[1] - a[1]).map(([id]) => chunkId(id, 0));
  }

  /** Stemmed terms of a chunk with its title, cached: coverage is computed for every candidate. */
  termsOf(chunk: Chunk): Set<string> {
    let set = this.chunkTerms.get(chunk.id);
    if (!set) {
      set = new Set(terms(chunkIndexText(this.paper(chunk.paperId)!, chunk)));
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

  /** Cosine search over every shard of every part it sees; returns chunk ids best first with their similarity. None without a vector. */
  async vectorSearch(vector: number[] | null, paperId?: string, limit = this.settings.candidates): Promise<{ id: string; cosine: number }[]> {
    if (!vector || !vector.some((x) => x !== 0)) return [];
    const tables = await Promise.all(this.parts.map((p) => p.index.vectorTable()));
    if (tables.length === 1) return tables[0]!.search(vector, limit, paperId).map((h) => ({ id: h.id, cosine: h.score }));
    // Each part's best (with room for its removed chunks), then merged as the shards of one table are.
    const merged = this.parts.flatMap((p, i) =>
      tables[i]!
        .search(vector, limit + p.removal.chunkIds.size, paperId)
        .filter((h) => !p.removal.chunkIds.has(h.id))
        .map((h) => ({ id: h.id, cosine: h.score })),
    );
    return merged.sort((a, b) => b.cosine - a.cosine).slice(0, limit);
  }

  /** The stored vectors of a paper's chunks. */
  async chunkVectors(paperId: string): Promise<ArrayLike<number>[]> {
    const part = this.partOfPaper(paperId);
    return part ? (await part.index.vectorTable()).vectorsOf(paperId) : [];
  }

  /** The ids of the papers whose title or text writes `term` (a token as `terms` writes it), from the postings: no text is read. */
  papersWriting(term: string): Set<string> {
    const ids = new Set<string>();
    for (const p of this.parts) {
      for (const id of p.index.bm25.documentsWith(term)) {
        const paperId = p.index.chunksById.get(id)!.paperId;
        if (!p.removal.papers.has(paperId)) ids.add(paperId);
      }
    }
    return ids;
  }

  /** The ids of the papers that write a term holding `fragment` (see Bm25Index.termsContaining), of at most `maxTerms` such terms, the first `maxPapers`. */
  papersWritingTermsWith(fragment: string, maxTerms: number, maxPapers: number): Set<string> {
    const found = new Set<string>();
    for (const p of this.parts) for (const term of p.index.bm25.termsContaining(fragment, maxTerms)) if (found.size < maxTerms) found.add(term);
    const ids = new Set<string>();
    for (const term of found) {
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

  /** BM25 over titles and chunk texts of every part it sees, as over one index of them; returns chunk ids best first. */
  keywordSearch(query: string, paperId?: string, limit = this.settings.candidates): string[] {
    return this.keywordHits(query, paperId, limit).map((h) => h.id);
  }

  /** keywordSearch with the BM25 scores. */
  keywordHits(query: string, paperId?: string, limit = this.settings.candidates): Bm25Hit[] {
    const prefix = paperId ? `${paperId}#` : undefined;
    const filter = prefix ? (id: string) => id.startsWith(prefix) : undefined;
    if (this.keywordParts.length === 1) return this.index.bm25.search(query, { filter, limit });
    this.bm25Statistics ??= combinedStatistics(this.keywordParts);
    return searchParts(this.keywordParts, this.bm25Statistics, query, { filter, limit });
  }
}
