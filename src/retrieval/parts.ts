import { shortName, type Paper } from '../corpus/paper.js';
import { chunkIndexText, type Chunk } from '../chunking.js';
import type { IndexPart } from '../index/segment.js';
import type { Bm25Index } from '../index/postings.js';
import { terms } from '../text/terms.js';
import { VectorTable } from './vectors.js';

/** A part's document frequencies as the term statistics add them up. */
export interface PartFrequencies {
  docs: number;
  df(term: string): number;
}

/** What removing some papers from a part takes out of it (see PartIndex.removal). */
export interface Removal {
  papers: ReadonlySet<string>;
  /** Their chunks, by id and by BM25 document number. */
  chunkIds: ReadonlySet<string>;
  docs: ReadonlySet<number>;
  /** By term, how many of their chunks hold it in each BM25 field. */
  matching: ReadonlyMap<string, number[]>;
  /** The part's document frequencies without them. */
  frequencies: PartFrequencies;
}

const NO_PAPERS: ReadonlySet<string> = new Set();

/**
 * The lookups and search structures of one part of the index (the build, or a segment), made
 * once and shared by every Retriever and view over it: a paper added to a 100,000-chunk index
 * makes a new Retriever, which must not build the build's maps again.
 */
export class PartIndex {
  private static readonly known = new WeakMap<Bm25Index, PartIndex>();
  readonly papersById: Map<string, Paper>;
  readonly chunksById: Map<string, Chunk>;
  /** Name term -> papers with that short name: a question that names a paper ("PixelThink") should find it first. */
  readonly titleIndex = new Map<string, string[]>();
  private vectors?: Promise<VectorTable>;
  private counted?: PartFrequencies;
  private readonly removals = new WeakMap<ReadonlySet<string>, Removal>();

  private constructor(readonly part: IndexPart) {
    this.papersById = new Map(part.papers.map((p) => [p.id, p]));
    this.chunksById = new Map(part.chunks.map((c) => [c.id, c]));
    for (const p of part.papers) {
      for (const t of new Set(terms(shortName(p.title)))) {
        if (t.length < 3) continue;
        const list = this.titleIndex.get(t);
        if (list) list.push(p.id);
        else this.titleIndex.set(t, [p.id]);
      }
    }
  }

  /** The part's index, made on first use (keyed by its postings, which every copy of the part shares). */
  static of(part: IndexPart): PartIndex {
    let index = PartIndex.known.get(part.bm25);
    if (!index) PartIndex.known.set(part.bm25, (index = new PartIndex(part)));
    return index;
  }

  get bm25(): Bm25Index {
    return this.part.bm25;
  }

  /** Built on first use from the shards vectra loaded; see VectorTable for why it is not queryItems. */
  vectorTable(): Promise<VectorTable> {
    this.vectors ??= VectorTable.fromShards(this.part.shards);
    return this.vectors;
  }

  /** Document frequencies of the part's chunks: those saved with it, else counted (see counted). */
  frequencies(): PartFrequencies {
    const saved = this.part.frequencies;
    return saved ? { docs: saved.docs, df: (t) => saved.df.get(t) ?? 0 } : this.countedFrequencies();
  }

  /** Document frequencies counted from the chunks' texts, once: for an index built before they were saved. */
  countedFrequencies(): PartFrequencies {
    if (!this.counted) {
      const df = new Map<string, number>();
      for (const c of this.part.chunks) for (const t of new Set(terms(this.textOf(c)))) df.set(t, (df.get(t) ?? 0) + 1);
      this.counted = { docs: this.part.chunks.length, df: (t) => df.get(t) ?? 0 };
    }
    return this.counted;
  }

  /** What the papers `removed` (a segment's tombstones) take out of this part; worked out once per set. */
  removal(removed: ReadonlySet<string> = NO_PAPERS): Removal {
    let r = this.removals.get(removed);
    if (!r) {
      r = removed.size === 0 ? this.noRemoval(removed) : this.countRemoval(removed);
      this.removals.set(removed, r);
    }
    return r;
  }

  private noRemoval(papers: ReadonlySet<string>): Removal {
    return { papers, chunkIds: new Set(), docs: new Set(), matching: new Map(), frequencies: this.frequencies() };
  }

  private countRemoval(papers: ReadonlySet<string>): Removal {
    const chunkIds = new Set<string>();
    const docs = new Set<number>();
    const removedDf = new Map<string, number>();
    this.part.chunks.forEach((c, d) => {
      if (!papers.has(c.paperId)) return;
      chunkIds.add(c.id);
      docs.add(d);
      for (const t of new Set(terms(this.textOf(c)))) removedDf.set(t, (removedDf.get(t) ?? 0) + 1);
    });
    const all = this.frequencies();
    return { papers, chunkIds, docs, matching: this.part.bm25.matchingIn(docs), frequencies: { docs: all.docs - docs.size, df: (t) => all.df(t) - (removedDf.get(t) ?? 0) } };
  }

  /** The text a chunk is indexed by: its paper's title and its own text. */
  private textOf(c: Chunk): string {
    return chunkIndexText(this.papersById.get(c.paperId)!, c);
  }
}
