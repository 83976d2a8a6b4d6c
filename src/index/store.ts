import { promises as fs } from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { LocalIndex } from './vectra.js';
import type { Paper } from '../corpus/paper.js';
import { chunkId, chunkPaper, CHUNKER_VERSION, type Chunk } from '../chunking.js';
import { TERMS_VERSION } from '../text/terms.js';
import type { Embedder } from '../embed/embedder.js';
import { LocalEmbedder, localEmbedderState, type LocalEmbedderState } from '../embed/local.js';
import { corpusHash, INDEX_FORMAT, isManifest, type CorpusRecord, type IndexManifest } from './manifest.js';
import { acquireLock } from './lock.js';
import { writeFileAtomic, readJson, writeSynced } from '../fsutil.js';
import { printableExcerpt } from '../text/clean.js';
import { Bm25Index } from './postings.js';
import type { DocumentFrequencies } from '../text/vocabulary.js';
import { normSum, vectorsFault } from './vector-check.js';
import { decodePapers, encodePapers, type PapersFile } from './papers-file.js';
import { chunkEmbedding, chunkFrequencies, chunkPostings, chunkTerms, embedChunks } from './chunk-terms.js';
import { readShards, serializeShard, shardItems, SHARD_FILE, type ChunkMetadata } from './shard-file.js';
import type { AddedPaper, IndexFrequencies, LoadedSegment } from './segment.js';
import { emptyList, loadSegments, SEGMENTS_FILE } from './segment-list.js';
import { partitionAdded, writeNewSegments } from './new-segments.js';

/**
 * Shards bound the memory of an ingest (one shard's vectors at a time) and keep every file
 * far below the ~512 MB string limit that stops vectra from saving one big JSON index (it
 * fails near 55,000 items of 768 dimensions).
 */
export const SHARD_SIZE = 10_000;

export type { ChunkMetadata, IndexFrequencies };

/**
 * An index loaded into memory, ready to query: the build (its papers, chunks, shards, BM25) and
 * the segments added to it since (see segment.ts), each searched with the build as one index.
 */
export interface LoadedIndex {
  dir: string;
  manifest: IndexManifest;
  papers: Paper[];
  chunks: Chunk[];
  shards: LocalIndex<ChunkMetadata>[];
  /** BM25 over titles and chunk texts (MiniSearch's ranking over compact postings). */
  bm25: Bm25Index;
  /** Present when the index was built by the local embedder: its fitted state. */
  localEmbedder?: LocalEmbedder;
  /**
   * The chunks' document frequencies, which the retriever weighs the question's words by: the
   * local embedder's own (the same Map), or frequencies.json of an index built by another
   * embedder. Absent only for an index built before that file was written; counting them at
   * start means splitting every chunk into words again.
   */
  frequencies?: IndexFrequencies;
  /** The live segments, in the order they were added: papers added since the build, each in its collection. */
  segments: LoadedSegment[];
  /** The segments list's generation (0 before any addition): with the build id, which version of the index this is. */
  generation: number;
}

/** Names one version of an index: its build, and the segments list's generation when papers were added since. */
export function indexVersion(index: Pick<LoadedIndex, 'manifest' | 'generation'>): string {
  return index.generation ? `${index.manifest.buildId}.${index.generation}` : index.manifest.buildId;
}

/** Frequencies as the retriever reads them: the local embedder's own Map, or a saved Record made a Map once. */
function indexFrequencies(local: LocalEmbedder | undefined, saved: DocumentFrequencies | undefined): IndexFrequencies | undefined {
  if (local) return { docs: local.documents, df: local.documentFrequencies };
  return saved ? { docs: saved.docs, df: new Map(Object.entries(saved.df)) } : undefined;
}

export interface BuildProgress {
  phase: 'chunk' | 'embed' | 'write';
  done: number;
  total: number;
}

export interface BuildOptions {
  /** Folder that holds every build of one embedder: `<data>/index/<embedder id>`. */
  root: string;
  papers: Paper[];
  /** The embedder to use; null means "fit a new local embedder on this corpus". */
  embedder: Embedder | null;
  localDims?: number;
  onProgress?: (p: BuildProgress) => void;
  /**
   * Called once when another builder holds the lock and this build waits for it: on a large
   * corpus that wait is as long as a build, and a second ingest would look hung.
   */
  onWait?: (wait: LockWait) => void;
  /** The corpus files' fingerprint and load summary, kept in the manifest (see corpusFingerprint). */
  corpus?: CorpusRecord;
  /**
   * When this build had to wait for another builder: whether the index that one left serves
   * this request as it is, so that shards starting together on a stale index build it once.
   */
  reuseAfterWait?: (index: LoadedIndex) => boolean;
  /**
   * Papers added to collections, carried into the new build as its first segments before it
   * becomes current (so a rebuild never drops them, even for a moment). Called under the lock.
   */
  added?: () => Promise<AddedPaper[]>;
  /** Reason logged with the build, e.g. "corpus changed". */
  log?: (msg: string, fields?: Record<string, unknown>) => void;
}

/** Another builder's hold on the index lock: its process and the lock file. */
export interface LockWait {
  pid: number;
  lock: string;
}

export class IndexError extends Error {
  override readonly name = 'IndexError';

  /** False when there is no index, or one of another version: expected, not damage an operator must hear of. */
  constructor(message: string, readonly damaged = true) {
    // Messages name what was read from the damaged files (an id, a parser's excerpt): kept printable for the log.
    super(printableExcerpt(message, 400));
  }
}

const CURRENT = 'CURRENT';
/** Document frequencies of an index built by an embedder other than the local one. */
const FREQUENCIES_FILE = 'frequencies.json';

/** The build that CURRENT points to, or null when there is none yet. */
export async function currentBuildDir(root: string): Promise<string | null> {
  const id = (await fs.readFile(path.join(root, CURRENT), 'utf8').catch(() => '')).trim();
  return id ? path.join(root, id) : null;
}

/**
 * Loads the current build and checks it against its manifest. Throws IndexError saying what
 * is wrong (missing, truncated, corrupt) so the caller can log it and rebuild.
 */
export async function loadIndex(root: string): Promise<LoadedIndex> {
  const dir = await currentBuildDir(root);
  if (!dir) throw new IndexError('no index has been built yet', false);
  let manifest: unknown;
  try {
    manifest = await readJson(path.join(dir, 'manifest.json'));
  } catch (e) {
    throw new IndexError(`the manifest is missing or unreadable (${printableExcerpt((e as Error).message)})`);
  }
  if (!isManifest(manifest)) throw new IndexError('the manifest is from another version of papercord', false);
  for (const [file, size] of Object.entries(manifest.files)) {
    const stat = await fs.stat(path.join(dir, file)).catch(() => null);
    if (!stat) throw new IndexError(`${file} is missing`);
    if (stat.size !== size) throw new IndexError(`${file} has ${stat.size} bytes, the manifest says ${size} (truncated or changed)`);
  }
  try {
    // Every file is requested at once: the reads run on libuv's threads while this one parses.
    const { shards, items } = readShards(dir, manifest.shards.map((s) => s.name));
    const [papersJson, abstracts, chunksJson, bm25Header, bm25Data, embedderState, frequencies] = await Promise.all([
      fs.readFile(path.join(dir, 'papers.json'), 'utf8'),
      fs.readFile(path.join(dir, 'abstracts.bin')),
      fs.readFile(path.join(dir, 'chunks.json'), 'utf8'),
      fs.readFile(path.join(dir, 'bm25.json'), 'utf8'),
      fs.readFile(path.join(dir, 'bm25.bin')),
      manifest.embedder.kind === 'local' ? readJson<LocalEmbedderState>(path.join(dir, 'embedder.json')) : undefined,
      // Builds before frequencies were saved have none; the retriever then counts them.
      FREQUENCIES_FILE in manifest.files ? readJson<DocumentFrequencies>(path.join(dir, FREQUENCIES_FILE)) : undefined,
    ]);
    const papers = decodePapers(JSON.parse(papersJson) as PapersFile, abstracts);
    const offsets = JSON.parse(chunksJson) as [string, number, number, number][];
    const byId = new Map(papers.map((p) => [p.id, p]));
    const chunks = offsets.map(([paperId, index, start, end]): Chunk => {
      const paper = byId.get(paperId);
      if (!paper) throw new IndexError(`chunk of unknown paper ${paperId}`);
      // Decoded when read, like the abstract it comes from.
      return {
        id: chunkId(paperId, index),
        paperId,
        index,
        start,
        end,
        get text() {
          return paper.abstract.slice(start, end);
        },
      };
    });
    const bm25 = Bm25Index.parse(bm25Header, bm25Data);
    if (bm25.documentCount !== chunks.length) throw new IndexError(`bm25.json indexes ${bm25.documentCount} chunks, chunks.json lists ${chunks.length}`);
    (await items).forEach((stored, i) => {
      const s = manifest.shards[i]!;
      if (stored.length !== s.items) throw new IndexError(`${s.name} holds ${stored.length} items, the manifest says ${s.items}`);
      const fault = vectorsFault(s.name, stored, manifest.embedder.dims, s.normSum);
      if (fault) throw new IndexError(`the vectors are damaged (${fault})`);
    });
    if (chunks.length !== manifest.chunks || papers.length !== manifest.papers) throw new IndexError('paper or chunk counts differ from the manifest');
    const localEmbedder = embedderState ? LocalEmbedder.fromState(embedderState) : undefined;
    if (frequencies && frequencies.docs !== chunks.length) throw new IndexError(`${FREQUENCIES_FILE} counts ${frequencies.docs} chunks, chunks.json lists ${chunks.length}`);
    const known = indexFrequencies(localEmbedder, frequencies);
    const live = await loadSegments(dir, manifest.embedder.dims);
    return { dir, manifest, papers, chunks, shards, bm25, localEmbedder, ...(known ? { frequencies: known } : {}), segments: live.segments, generation: live.list.generation };
  } catch (e) {
    if (e instanceof IndexError) throw e;
    // Cut so that the parser's excerpt of the damaged bytes leaves the parenthesis closed.
    throw new IndexError(`the index is corrupt (${printableExcerpt((e as Error).message)})`);
  }
}

/** Why an index made by other code or another embedder must be rebuilt, whatever the corpus; null when it need not. */
export function versionStaleReason(index: LoadedIndex, embedderId: string): string | null {
  if (index.manifest.chunkerVersion !== CHUNKER_VERSION) return `the chunker changed (v${index.manifest.chunkerVersion} -> v${CHUNKER_VERSION})`;
  if ((index.manifest.termsVersion ?? 0) !== TERMS_VERSION) return `the word processing changed (v${index.manifest.termsVersion ?? 0} -> v${TERMS_VERSION})`;
  if (index.manifest.embedder.id !== embedderId) return `it was built by ${index.manifest.embedder.id}, not ${embedderId}`;
  return null;
}

/** Why an index must be rebuilt for these papers, or null when it is up to date. */
export function staleReason(index: LoadedIndex, papers: Paper[], embedderId: string): string | null {
  return versionStaleReason(index, embedderId) ?? (index.manifest.corpusHash !== corpusHash(papers) ? 'the corpus changed' : null);
}

/**
 * Records in an up-to-date index which corpus files it serves, so that the next start finds it
 * current without reading them. For an index whose files were touched but not changed (a fresh
 * checkout, a copy), which would otherwise be re-read at every start.
 */
export async function recordCorpus(index: LoadedIndex, corpus: CorpusRecord): Promise<void> {
  index.manifest.corpus = corpus;
  await writeFileAtomic(path.join(index.dir, 'manifest.json'), JSON.stringify(index.manifest, null, 2));
}

/**
 * Builds a new index into a temporary folder, then points CURRENT at it with an atomic
 * rename: a crash at any moment leaves the previous index in place. A lock file keeps two
 * builders from mixing; the second waits for the first.
 */
export async function buildIndex(opts: BuildOptions): Promise<LoadedIndex> {
  let waited = false;
  const lockFile = path.join(opts.root, '.lock');
  const onWait = (pid: number) => {
    waited = true;
    opts.log?.('waiting for another ingest to finish: it holds the index lock', { pid, lock: lockFile });
    opts.onWait?.({ pid, lock: lockFile });
  };
  const lock = await acquireLock(lockFile, { onWait });
  try {
    if (waited && opts.reuseAfterWait) {
      const current = await loadIndex(opts.root).catch(() => null);
      if (current && opts.reuseAfterWait(current)) {
        opts.log?.('the ingest waited for built this corpus: using its index', { build: current.manifest.buildId });
        return current;
      }
    }
    return await build(opts);
  } finally {
    await lock.release();
  }
}

/**
 * Writes a build and switches CURRENT to it. Returns it as loadIndex would, from what is still
 * in memory rather than by reading back what was just written (at 100,000 chunks reading it
 * back took longer than a third of the ingest): papers, chunks, BM25 and the embedder are the
 * objects that were written; only the shards are read back (the vectors were dropped shard by
 * shard to bound memory).
 */
async function build(opts: BuildOptions): Promise<LoadedIndex> {
  const { root, papers } = opts;
  const buildId = `build-${new Date().toISOString().replace(/[-:.]/g, '').slice(0, 15)}-${randomBytes(3).toString('hex')}`;
  const tmp = path.join(root, `.tmp-${buildId}`);
  await fs.mkdir(tmp, { recursive: true });
  // Files are written while the next ones are computed; every write is awaited before the manifest.
  const writes: Promise<void>[] = [];
  try {
    const chunks = papers.flatMap((p) => chunkPaper(p));
    opts.onProgress?.({ phase: 'chunk', done: chunks.length, total: chunks.length });
    const byId = new Map(papers.map((p) => [p.id, p]));
    const t = await chunkTerms(papers, chunks);
    const frequencies = chunkFrequencies(chunks, t);
    const local = opts.embedder ? undefined : LocalEmbedder.fromFrequencies(frequencies, opts.localDims);
    const embedder: Embedder = opts.embedder ?? local!;
    const embedding = chunkEmbedding(embedder, local, t);

    const files: Record<string, number> = {};
    const put = (name: string, data: string | Buffer) => {
      files[name] = Buffer.byteLength(data);
      const written = fs.mkdir(path.dirname(path.join(tmp, name)), { recursive: true }).then(() => fs.writeFile(path.join(tmp, name), data));
      written.catch(() => undefined); // a failure surfaces at Promise.all below, not as an unhandled rejection first
      writes.push(written);
      return written;
    };
    const shards: IndexManifest['shards'] = [];
    // Vectors are made, written and dropped one shard at a time: the memory they take during an
    // ingest is one shard's, whatever the size of the corpus. They are float32 from the start,
    // as the shard stores them, in one block per shard.
    for (let first = 0; first < chunks.length || first === 0; first += SHARD_SIZE) {
      const name = `shard-${String(shards.length).padStart(3, '0')}`;
      const end = Math.min(first + SHARD_SIZE, chunks.length);
      const block = await embedChunks(embedding, embedder.dims, chunks, t, first, end, (id) => byId.get(id)!, (done) => opts.onProgress?.({ phase: 'embed', done: first + done, total: chunks.length }));
      const items = shardItems(chunks, first, end, block, embedder.dims);
      // vectra's file layout with a binary codec: the folder is a LocalIndex that vectra opens with that codec.
      // Awaited before the next shard: "written" progress means on disk, and shards never pile up in memory.
      await put(`${name}/${SHARD_FILE}`, serializeShard(items));
      shards.push({ name, items: items.length, normSum: normSum(items) });
      opts.onProgress?.({ phase: 'write', done: end, total: chunks.length });
      if (chunks.length === 0) break;
    }
    const stored = encodePapers(papers);
    put('papers.json', stored.json);
    put('abstracts.bin', stored.abstracts);
    put('chunks.json', JSON.stringify(chunks.map((c) => [c.paperId, c.index, c.start, c.end])));
    const postings = chunkPostings(chunks, t);
    put('bm25.json', postings.header);
    put('bm25.bin', postings.data);
    const bm25 = Bm25Index.parse(postings.header, postings.data);
    // The Record just counted, not one rebuilt from the embedder's Map: the same file.
    if (local) put('embedder.json', JSON.stringify(localEmbedderState(frequencies, local.dims)));
    else put(FREQUENCIES_FILE, JSON.stringify(frequencies));
    const manifest: IndexManifest = {
      format: INDEX_FORMAT,
      buildId,
      createdAt: new Date().toISOString(),
      embedder: { id: embedder.id, kind: embedder.kind, dims: embedder.dims },
      corpusHash: corpusHash(papers),
      chunkerVersion: CHUNKER_VERSION,
      termsVersion: TERMS_VERSION,
      ...(opts.corpus ? { corpus: opts.corpus } : {}),
      papers: papers.length,
      chunks: chunks.length,
      shards,
      files,
    };
    await Promise.all(writes);
    if (opts.added) await carryAdded(tmp, papers, await opts.added(), { embedder, local });
    // The manifest is written last: a build without one is incomplete by definition.
    await fs.writeFile(path.join(tmp, 'manifest.json'), JSON.stringify(manifest, null, 2));
    await fs.rename(tmp, path.join(root, buildId));
    const previous = await currentBuildDir(root);
    await writeFileAtomic(path.join(root, CURRENT), buildId);
    await removeOldBuilds(root, [buildId, previous ? path.basename(previous) : '']);
    const dir = path.join(root, buildId);
    const read = readShards(dir, shards.map((s) => s.name));
    const [live] = await Promise.all([loadSegments(dir, embedder.dims), read.items]);
    return { dir, manifest, papers, chunks, shards: read.shards, bm25, ...(local ? { localEmbedder: local } : {}), frequencies: indexFrequencies(local, frequencies)!, segments: live.segments, generation: live.list.generation };
  } catch (e) {
    // A write still in flight would recreate the folder after it was removed.
    await Promise.allSettled(writes);
    await fs.rm(tmp, { recursive: true, force: true });
    throw e;
  }
}

/**
 * Writes the added papers into a build that is not current yet, one segment per collection,
 * with the list that names them: the build becomes current with them. Papers its corpus now
 * holds are left out (every collection sees them).
 */
async function carryAdded(tmp: string, papers: readonly Paper[], added: AddedPaper[], embed: { embedder: Embedder; local?: LocalEmbedder }): Promise<void> {
  if (added.length === 0) return;
  const ids = new Set(papers.map((p) => p.id));
  const { groups } = partitionAdded(added, (id) => ids.has(id), () => false);
  const segments = await writeNewSegments(tmp, 1, groups, embed);
  await writeSynced(path.join(tmp, SEGMENTS_FILE), JSON.stringify({ ...emptyList(), generation: 1, segments }));
}

/** Keeps the current and the previous build (a reader may still be loading it); removes the rest and stale temp folders. */
async function removeOldBuilds(root: string, keep: string[]): Promise<void> {
  for (const name of await fs.readdir(root)) {
    if (keep.includes(name) || name === CURRENT || name === '.lock') continue;
    // We hold the lock, so any temp folder left is from a build that died.
    if (name.startsWith('build-') || name.startsWith('.tmp-build-')) await fs.rm(path.join(root, name), { recursive: true, force: true });
  }
}
