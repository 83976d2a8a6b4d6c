import { createHash } from 'node:crypto';
import type { Paper } from '../corpus/paper.js';

/**
 * 2: BM25 as compact postings (bm25.json header, bm25.bin numbers; src/index/postings.ts) instead of a MiniSearch dump.
 * 3: float32 vector shards (index.f32, Float32VectorCodec) and the abstracts in abstracts.bin instead of JSON.
 */
export const INDEX_FORMAT = 3;

/** What an index was built from; an index whose manifest does not match the present is rebuilt. */
export interface IndexManifest {
  format: number;
  buildId: string;
  createdAt: string;
  embedder: { id: string; kind: 'local' | 'ollama'; dims: number };
  corpusHash: string;
  chunkerVersion: number;
  /** Version of the word processing (tokens, stems, stopwords) that the BM25 postings and vectors were built with. */
  termsVersion?: number;
  /** The files the corpus was read from, when the builder knew them: an index whose files are unchanged is up to date without reading them. */
  corpus?: CorpusRecord;
  papers: number;
  chunks: number;
  /**
   * normSum: the sum of the shard's stored norms (see vectorsFault), which a file zeroed after
   * its size was recorded does not keep. Absent from builds before it was recorded.
   */
  shards: { name: string; items: number; normSum?: number }[];
  /** Byte sizes of every file of the build, to notice truncation without parsing everything. */
  files: Record<string, number>;
}

export interface CorpusRecord {
  /** corpusFingerprint of the files, taken before they were read. */
  fingerprint: string;
  /** What loading them reported: problems (warnings) and records skipped. */
  problems: number;
  skipped: number;
}

/** A hash of everything about the papers that ends up in the index. */
export function corpusHash(papers: Paper[]): string {
  const h = createHash('sha256');
  for (const p of papers) h.update(JSON.stringify([p.id, p.title, p.abstract, p.authors, p.year, p.venue, p.url, p.aliases, ...(p.authorsIncomplete ? ['authors incomplete'] : []), ...(p.code ? [{ code: p.code }] : []), ...(p.openreview || p.pmlrPage ? [{ openreview: p.openreview, pmlrPage: p.pmlrPage }] : [])])).update('\n');
  return h.digest('hex').slice(0, 16);
}

export function isManifest(x: unknown): x is IndexManifest {
  const m = x as IndexManifest;
  return !!m && typeof m === 'object' && m.format === INDEX_FORMAT && typeof m.buildId === 'string' && typeof m.corpusHash === 'string' && Array.isArray(m.shards) && !!m.embedder && typeof m.files === 'object';
}
