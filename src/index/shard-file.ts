import path from 'node:path';
import type { Chunk } from '../chunking.js';
import { ItemSelector, LocalIndex, type IndexItem } from './vectra.js';
import { Float32VectorCodec } from './vector-codec.js';

export type ChunkMetadata = { paperId: string; chunk: number };

/** Every shard is a vectra LocalIndex whose vectors are stored as float32 (see Float32VectorCodec). */
export const shardCodec = new Float32VectorCodec();

/** The file of a shard folder (vectra's layout, with the codec's extension). */
export const SHARD_FILE = `index${shardCodec.extension}`;

/**
 * The items of chunks first .. end with their vectors from `block` (`dims` numbers each, from
 * chunk `first` on). Each vector is a view, typed as vectra types vectors; the norm is of the
 * float32 values that are stored, so a cosine over them is exact.
 */
export function shardItems(chunks: readonly Chunk[], first: number, end: number, block: Float32Array, dims: number): IndexItem<ChunkMetadata>[] {
  const items: IndexItem<ChunkMetadata>[] = [];
  for (let i = first; i < end; i++) {
    const vector = block.subarray((i - first) * dims, (i + 1 - first) * dims) as unknown as number[];
    items.push({ id: chunks[i]!.id, metadata: { paperId: chunks[i]!.paperId, chunk: chunks[i]!.index }, vector, norm: ItemSelector.normalize(vector) });
  }
  return items;
}

/** A shard's file content: vectra's index layout through the float32 codec. */
export function serializeShard(items: IndexItem<ChunkMetadata>[]): Buffer {
  return shardCodec.serializeIndex({ version: 1, metadata_config: {}, items });
}

/**
 * Opens shard folders and reads them now, all at once, not on first use: a later ingest or
 * compaction may remove the folder while this index still serves. Their items, in shard order.
 */
export function readShards(dir: string, names: readonly string[]): { shards: LocalIndex<ChunkMetadata>[]; items: Promise<IndexItem<ChunkMetadata>[][]> } {
  const shards = names.map((name) => new LocalIndex<ChunkMetadata>(path.join(dir, name), undefined, undefined, shardCodec));
  const items = Promise.all(shards.map((shard) => shard.listItems()));
  items.catch(() => undefined); // awaited by the caller; a failure must not surface as unhandled first
  return { shards, items };
}
