/**
 * A segment: papers added to a build after it was made, in a folder of their own beside the
 * build's files (vectors, BM25 postings, papers, chunks). Written once into a temporary folder,
 * synced, renamed into place, and only then named in the segments list (segment-list.ts), so
 * that no reader ever sees one half-written. See docs/index-format.md.
 */
import { promises as fs } from 'node:fs';
import path from 'node:path';
import type { Paper } from '../corpus/paper.js';
import { chunkFullText, chunkId, chunkPaper, type Chunk, type FullTextPassage } from '../chunking.js';
import type { Embedder } from '../embed/embedder.js';
import type { LocalEmbedder } from '../embed/local.js';
import type { DocumentFrequencies } from '../text/vocabulary.js';
import { readJson, syncFolder, writeSynced } from '../fsutil.js';
import { chunkEmbedding, chunkFrequencies, chunkPostings, chunkTerms, embedChunks } from './chunk-terms.js';
import { decodePapers, encodePapers, type PapersFile } from './papers-file.js';
import { Bm25Index } from './postings.js';
import { readShards, serializeShard, SHARD_FILE, shardItems, type ChunkMetadata } from './shard-file.js';
import { normSum, vectorsFault } from './vector-check.js';
import type { LocalIndex } from './vectra.js';

export const SEGMENT_FORMAT = 1;
const VECTORS = 'vectors';

/** Document frequencies as the retriever reads them (see LoadedIndex.frequencies). */
export interface IndexFrequencies {
  docs: number;
  df: ReadonlyMap<string, number>;
}

/** What is searched as one unit: the base build, or one segment. */
export interface IndexPart {
  papers: Paper[];
  chunks: Chunk[];
  shards: LocalIndex<ChunkMetadata>[];
  /** BM25 over titles and chunk texts; document n is chunk n. */
  bm25: Bm25Index;
  frequencies?: IndexFrequencies;
}

/** A segment as it is on disk: one collection's papers. */
export interface SegmentData extends IndexPart {
  name: string;
  collection: string;
  frequencies: IndexFrequencies;
}

/** A segment as the index serves it: its papers, less those removed since it was written (its tombstones). */
export interface LoadedSegment extends SegmentData {
  removed: ReadonlySet<string>;
}

/** A paper to add to a collection, with its full text when it has one (from a PDF). */
export interface AddedPaper {
  /** The collection it belongs to: "guild:<id>", "local", "shared"... */
  collection: string;
  /** Its `abstract` stays the abstract: the full text is chunked beside it. */
  paper: Paper;
  fullText?: FullTextPassage[];
}

/** manifest.json of a segment, written last. */
export interface SegmentManifest {
  format: number;
  name: string;
  collection: string;
  createdAt: string;
  embedder: { id: string; dims: number };
  papers: number;
  chunks: number;
  /** Sum of the stored vector norms (see vectorsFault). */
  normSum: number;
  /** Byte sizes of every other file. */
  files: Record<string, number>;
}

/** What a segment is made of: papers in order, each followed by its chunks (abstract, then full text). */
export interface SegmentSource {
  name: string;
  collection: string;
  papers: Paper[];
  chunks: Chunk[];
  /** The chunks' vectors when they exist already (a compaction copies them); else the chunks are embedded. */
  vectors?: ArrayLike<number>[];
}

/** The chunks of added papers: each paper's abstract chunks, then its full text's. */
export function segmentSource(name: string, collection: string, added: readonly AddedPaper[]): SegmentSource {
  const chunks: Chunk[] = [];
  for (const { paper, fullText } of added) {
    const own = chunkPaper(paper);
    chunks.push(...own);
    if (fullText?.length) chunks.push(...chunkFullText(paper.id, fullText, own.length));
  }
  return { name, collection, papers: added.map((a) => a.paper), chunks };
}

/**
 * Writes a segment's files into `dir` (a temporary folder the caller renames), the manifest last.
 * Vectors come from `embedder`, which must be the build's: for the local embedder, its fitted
 * state, so that the segment's vectors are those the build would have given these chunks.
 * `pause` is awaited between pieces of work done in the background.
 */
export async function writeSegment(dir: string, src: SegmentSource, embed: { embedder: Embedder; local?: LocalEmbedder }, pause?: () => Promise<void>): Promise<SegmentManifest> {
  const { papers, chunks } = src;
  const dims = embed.embedder.dims;
  const byId = new Map(papers.map((p) => [p.id, p]));
  const t = await chunkTerms(papers, chunks, pause);
  let block: Float32Array;
  if (src.vectors) {
    block = new Float32Array(chunks.length * dims);
    src.vectors.forEach((v, i) => {
      if (v.length !== dims) throw new Error(`segment ${src.name}: a vector of ${v.length} numbers, the index has ${dims}`);
      block.set(v, i * dims);
    });
  } else {
    block = await embedChunks(chunkEmbedding(embed.embedder, embed.local, t), dims, chunks, t, 0, chunks.length, (id) => byId.get(id)!);
  }
  await pause?.();
  const items = shardItems(chunks, 0, chunks.length, block, dims);
  const files: Record<string, number> = {};
  const put = (name: string, data: string | Buffer) => {
    files[name] = Buffer.byteLength(data);
    return writeSynced(path.join(dir, name), data);
  };
  const stored = encodePapers(papers);
  const texts = encodeChunks(chunks);
  const postings = chunkPostings(chunks, t);
  await pause?.();
  await Promise.all([
    put(`${VECTORS}/${SHARD_FILE}`, serializeShard(items)),
    put('papers.json', stored.json),
    put('abstracts.bin', stored.abstracts),
    put('chunks.json', texts.json),
    put('texts.bin', texts.texts),
    put('bm25.json', postings.header),
    put('bm25.bin', postings.data),
    put('frequencies.json', JSON.stringify(chunkFrequencies(chunks, t))),
  ]);
  const manifest: SegmentManifest = {
    format: SEGMENT_FORMAT,
    name: src.name,
    collection: src.collection,
    createdAt: new Date().toISOString(),
    embedder: { id: embed.embedder.id, dims },
    papers: papers.length,
    chunks: chunks.length,
    normSum: normSum(items),
    files,
  };
  await writeSynced(path.join(dir, 'manifest.json'), JSON.stringify(manifest, null, 2));
  await syncFolder(path.join(dir, VECTORS));
  await syncFolder(dir);
  return manifest;
}

/**
 * chunks.json rows: [paper id, index, start, end] for a chunk of the abstract (its text is the
 * abstract's slice); [paper id, index, start, end, section, page, first byte, end byte, last page?]
 * for one of the full text, whose text is those bytes of texts.bin.
 */
type ChunkRow = [string, number, number, number] | [string, number, number, number, string, number, number, number, number?];

function encodeChunks(chunks: readonly Chunk[]): { json: string; texts: Buffer } {
  const parts: Buffer[] = [];
  let at = 0;
  const rows = chunks.map((c): ChunkRow => {
    if (c.section === undefined) return [c.paperId, c.index, c.start, c.end];
    const bytes = Buffer.from(c.text, 'utf8');
    parts.push(bytes);
    at += bytes.length;
    const row: ChunkRow = [c.paperId, c.index, c.start, c.end, c.section, c.page ?? 0, at - bytes.length, at];
    if (c.pageEnd !== undefined) row.push(c.pageEnd);
    return row;
  });
  return { json: JSON.stringify(rows), texts: Buffer.concat(parts, at) };
}

function decodeChunks(rows: ChunkRow[], texts: Buffer, papers: ReadonlyMap<string, Paper>): Chunk[] {
  return rows.map((row): Chunk => {
    const [paperId, index, start, end] = row;
    const paper = papers.get(paperId);
    if (!paper) throw new Error(`chunk of unknown paper ${paperId}`);
    const base = { id: chunkId(paperId, index), paperId, index, start, end };
    if (row.length === 4) {
      return {
        ...base,
        get text() {
          return paper.abstract.slice(start, end);
        },
      };
    }
    const [, , , , section, page, from, to, pageEnd] = row;
    if (!(from >= 0 && from <= to && to <= texts.length)) throw new Error(`chunk ${base.id}: its bytes ${from}-${to} are outside texts.bin`);
    return {
      ...base,
      section,
      ...(page ? { page } : {}),
      ...(pageEnd ? { pageEnd } : {}),
      // Decoded when read, like the abstracts: a collection of full texts is most of its segment.
      get text() {
        return texts.toString('utf8', from, to);
      },
    };
  });
}

/** Why a segment folder cannot be served: thrown by readSegment. */
export class SegmentError extends Error {
  override readonly name = 'SegmentError';
}

/** Reads a segment folder and checks it against its manifest. `dims`: the build's embedder's. */
export async function readSegment(dir: string, dims: number): Promise<SegmentData> {
  const name = path.basename(dir);
  const manifest = await readJson<SegmentManifest>(path.join(dir, 'manifest.json')).catch((e: NodeJS.ErrnoException) => {
    if (e.code === 'ENOENT') throw e;
    throw new SegmentError(`segment ${name}: manifest.json is unreadable (${e.message})`);
  });
  if (manifest.format !== SEGMENT_FORMAT || manifest.name !== name || typeof manifest.collection !== 'string') throw new SegmentError(`segment ${name}: its manifest is not one this version writes`);
  if (manifest.embedder.dims !== dims) throw new SegmentError(`segment ${name} holds vectors of ${manifest.embedder.dims} dimensions, the build ${dims}`);
  for (const [file, size] of Object.entries(manifest.files)) {
    const stat = await fs.stat(path.join(dir, file));
    if (stat.size !== size) throw new SegmentError(`segment ${name}: ${file} has ${stat.size} bytes, its manifest says ${size}`);
  }
  const { shards, items } = readShards(dir, [VECTORS]);
  const [papersJson, abstracts, chunksJson, texts, bm25Header, bm25Data, frequencies] = await Promise.all([
    fs.readFile(path.join(dir, 'papers.json'), 'utf8'),
    fs.readFile(path.join(dir, 'abstracts.bin')),
    fs.readFile(path.join(dir, 'chunks.json'), 'utf8'),
    fs.readFile(path.join(dir, 'texts.bin')),
    fs.readFile(path.join(dir, 'bm25.json'), 'utf8'),
    fs.readFile(path.join(dir, 'bm25.bin')),
    readJson<DocumentFrequencies>(path.join(dir, 'frequencies.json')),
  ]);
  try {
    const papers = decodePapers(JSON.parse(papersJson) as PapersFile, abstracts);
    const chunks = decodeChunks(JSON.parse(chunksJson) as ChunkRow[], texts, new Map(papers.map((p) => [p.id, p])));
    const bm25 = Bm25Index.parse(bm25Header, bm25Data);
    const stored = (await items)[0]!;
    if (papers.length !== manifest.papers || chunks.length !== manifest.chunks || bm25.documentCount !== chunks.length || stored.length !== chunks.length || frequencies.docs !== chunks.length) {
      throw new Error('paper, chunk or vector counts differ from the manifest');
    }
    const fault = vectorsFault(name, stored, dims, manifest.normSum);
    if (fault) throw new Error(fault);
    return { name, collection: manifest.collection, papers, chunks, shards, bm25, frequencies: { docs: frequencies.docs, df: new Map(Object.entries(frequencies.df)) } };
  } catch (e) {
    throw new SegmentError(`segment ${name} is damaged (${(e as Error).message})`);
  }
}

/** The stored vectors of a segment's chunks, in chunk order (views into its file), for a compaction to copy. */
export async function segmentVectors(segment: Pick<IndexPart, 'shards'>): Promise<Map<string, ArrayLike<number>>> {
  const out = new Map<string, ArrayLike<number>>();
  for (const shard of segment.shards) for (const item of await shard.listItems()) out.set(item.id, item.vector);
  return out;
}

