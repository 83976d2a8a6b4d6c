import type { Paper } from '../corpus/paper.js';
import { chunkIndexText, type Chunk } from '../chunking.js';
import type { Embedder } from '../embed/embedder.js';
import type { LocalEmbedder, TermFeatures } from '../embed/local.js';
import { terms } from '../text/terms.js';
import { countDocumentFrequencies, Vocabulary, type DocumentFrequencies } from '../text/vocabulary.js';
import { buildPostings, type PostingsFiles } from './postings.js';

/**
 * The terms of chunks, split once and kept as vocabulary ids, for everything an index builds
 * from them: document frequencies, the local embedder's vectors and BM25. Tokenizing was most
 * of the cost of an ingest. The terms of chunkIndexText (title, newline, text) are the title's
 * followed by the text's, as no word spans the newline.
 */
export interface ChunkTerms {
  vocabulary: Vocabulary;
  /** Term ids of each paper's title, by paper id. */
  titleIds: Map<string, Int32Array>;
  /** Term ids of each chunk's text, in chunk order. */
  textIds: Int32Array[];
  /** Term ids of chunk i with its title, as chunkIndexText would be split. */
  indexIds(i: number): Int32Array;
}

/**
 * Splits the chunks into terms. `pause`, when given, is awaited every few hundred chunks, so that
 * work in the background (a compaction) lets a serving process answer between them.
 */
export async function chunkTerms(papers: readonly Paper[], chunks: readonly Chunk[], pause?: () => Promise<void>): Promise<ChunkTerms> {
  const vocabulary = new Vocabulary();
  const titleIds = new Map(papers.map((p) => [p.id, vocabulary.idsOf(terms(p.title))]));
  const textIds: Int32Array[] = [];
  for (let i = 0; i < chunks.length; i++) {
    textIds.push(vocabulary.idsOf(terms(chunks[i]!.text)));
    if (pause && i % 256 === 255) await pause();
  }
  const indexIds = (i: number) => {
    const title = titleIds.get(chunks[i]!.paperId)!;
    const ids = new Int32Array(title.length + textIds[i]!.length);
    ids.set(title);
    ids.set(textIds[i]!, title.length);
    return ids;
  };
  return { vocabulary, titleIds, textIds, indexIds };
}

/** Document frequencies of the chunks (with their titles), as the retriever and the local embedder weigh terms. */
export function chunkFrequencies(chunks: readonly Chunk[], t: ChunkTerms): DocumentFrequencies {
  return countDocumentFrequencies(chunks.length, t.indexIds, t.vocabulary.terms);
}

/** BM25 postings of the chunks, document n being chunk n. */
export function chunkPostings(chunks: readonly Chunk[], t: ChunkTerms): PostingsFiles {
  return buildPostings(
    chunks.map((c, i) => ({ id: c.id, fields: { title: t.titleIds.get(c.paperId)!, text: t.textIds[i]! } })),
    t.vocabulary.terms,
  );
}

/** How chunks are embedded: from their term ids by the local embedder, else from their text by another. */
export type ChunkEmbedding = { local: LocalEmbedder; features: TermFeatures } | { embedder: Embedder };

export function chunkEmbedding(embedder: Embedder, local: LocalEmbedder | undefined, t: ChunkTerms): ChunkEmbedding {
  return local ? { local, features: local.termFeatures(t.vocabulary.terms) } : { embedder };
}

/**
 * The vectors of chunks first .. end, as one float32 block (`dims` numbers each), which is how a
 * shard stores them. `paperOf` gives each chunk's paper for the text an embedder other than the
 * local one is sent.
 */
export async function embedChunks(how: ChunkEmbedding, dims: number, chunks: readonly Chunk[], t: ChunkTerms, first: number, end: number, paperOf: (id: string) => Paper, onEmbed?: (done: number) => void): Promise<Float32Array> {
  const block = new Float32Array((end - first) * dims);
  if ('local' in how) {
    for (let i = first; i < end; i++) {
      how.local.writeVector(t.indexIds(i), how.features, block, (i - first) * dims);
      if ((i - first) % 1000 === 999 || i === end - 1) onEmbed?.(i + 1 - first);
    }
    return block;
  }
  const vectors = await how.embedder.embedDocuments(
    chunks.slice(first, end).map((c) => chunkIndexText(paperOf(c.paperId), c)),
    onEmbed,
  );
  vectors.forEach((v, i) => {
    if (v.length !== dims) throw new Error(`${how.embedder.id} returned ${v.length} dimensions, expected ${dims}`);
    block.set(v, i * dims);
  });
  return block;
}
