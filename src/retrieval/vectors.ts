import { ItemSelector, type LocalIndex } from '../index/vectra.js';
import type { ChunkMetadata } from '../index/store.js';

export interface VectorHit {
  /** Position of the item in the table (shard order, then item order). */
  position: number;
  id: string;
  score: number;
}

/**
 * The items of every shard, searched by cosine similarity exactly as vectra's `queryItems` on
 * each shard followed by a merge: same dot products (in dimension order, over the stored
 * norms), same bounded heap per shard, so even equal scores come out in the same order. Two
 * differences change speed, not results:
 * - only the query's non-zero dimensions are visited: a local-embedder query has a few dozen of
 *   512, and the skipped products are zeros that would not change a bit of the sum;
 * - a filter to one paper looks its chunks up instead of testing every item's metadata.
 * Each shard's vectors are read as one block: with Float32VectorCodec every item's vector is a
 * view into the shard's file, in item order, so the block is a view of that memory too and the
 * scan reads one typed array instead of 100,000 small ones.
 */
export class VectorTable {
  private readonly ids: string[] = [];
  private readonly norms: number[] = [];
  private scores = new Float64Array(0);
  /** Shard s: its vectors, item after item, `dims` numbers each. */
  private readonly blocks: Float32Array[] = [];
  private dims = 0;
  /** Positions of each shard's items: shard s holds shardStart[s] .. shardStart[s + 1]. */
  private readonly shardStart: number[] = [0];
  /** Each paper's item positions, ascending (so per shard in item order, as vectra filters). */
  private readonly byPaper = new Map<string, number[]>();

  static async fromShards(shards: LocalIndex<ChunkMetadata>[]): Promise<VectorTable> {
    const table = new VectorTable();
    for (const shard of shards) {
      const items = await shard.listItems();
      if (items.length > 0) {
        const dims = items[0]!.vector.length;
        if (table.dims && dims !== table.dims) throw new Error(`shards of ${table.dims} and ${dims} dimensions`);
        table.dims = dims;
      }
      table.blocks.push(vectorBlock(items.map((i) => i.vector), table.dims));
      for (const item of items) {
        const position = table.ids.length;
        table.ids.push(item.id);
        table.norms.push(item.norm);
        const list = table.byPaper.get(item.metadata.paperId);
        if (list) list.push(position);
        else table.byPaper.set(item.metadata.paperId, [position]);
      }
      table.shardStart.push(table.ids.length);
    }
    return table;
  }

  /** Scratch for one shard's scores, reused: `search` is synchronous. */
  private scratch(count: number): Float64Array {
    if (this.scores.length < count) this.scores = new Float64Array(count);
    return this.scores;
  }

  get size(): number {
    return this.ids.length;
  }

  /** The stored vectors of a paper's chunks, in chunk order (views, not copies). */
  vectorsOf(paperId: string): ArrayLike<number>[] {
    return (this.byPaper.get(paperId) ?? []).map((position) => {
      const s = this.shardOf(position);
      const offset = (position - this.shardStart[s]!) * this.dims;
      return this.blocks[s]!.subarray(offset, offset + this.dims);
    });
  }

  private shardOf(position: number): number {
    let s = 0;
    while (this.shardStart[s + 1]! <= position) s++;
    return s;
  }

  /** The `limit` most similar items, best first (vectra's order among equal scores). */
  search(query: number[], limit: number, paperId?: string): VectorHit[] {
    const dims: number[] = [];
    for (let j = 0; j < query.length; j++) if (query[j] !== 0) dims.push(j);
    const qNorm = ItemSelector.normalize(query);
    const qDims = Int32Array.from(dims);
    const qValues = Float64Array.from(dims, (j) => query[j]!);
    const paperItems = paperId !== undefined ? (this.byPaper.get(paperId) ?? []) : undefined;
    const merged: Scored[] = [];
    for (let s = 0; s + 1 < this.shardStart.length; s++) {
      const start = this.shardStart[s]!;
      const end = this.shardStart[s + 1]!;
      const positions = paperItems ? paperItems.filter((i) => i >= start && i < end) : undefined;
      const count = positions ? positions.length : end - start;
      // Every score first, then vectra's selection over them.
      const scores = this.scratch(count);
      for (let n = 0; n < count; n++) {
        const position = positions ? positions[n]! : start + n;
        scores[n] = cosine(this.blocks[s]!, (position - start) * this.dims, this.norms[position]!, qDims, qValues, qNorm);
      }
      for (const top of shardTop(scores, count, limit)) merged.push({ position: positions ? positions[top.index]! : start + top.index, score: top.distance });
    }
    return merged
      .filter((r) => Number.isFinite(r.score))
      .sort((a, b) => b.score - a.score)
      .slice(0, limit)
      .map(({ position, score }) => ({ position, id: this.ids[position]!, score }));
  }
}

/** Cosine of the query (its non-zero dimensions and their values) and one stored vector. */
function cosine(block: Float32Array, offset: number, norm: number, qDims: Int32Array, qValues: Float64Array, qNorm: number): number {
  if (qNorm === 0 || norm === 0) return Number.NaN;
  let dot = 0;
  for (let d = 0; d < qDims.length; d++) dot += qValues[d]! * block[offset + qDims[d]!]!;
  return dot / (qNorm * norm);
}

interface Scored {
  position: number;
  score: number;
}

/**
 * vectra 0.15's LocalIndex.queryItems selection, step for step: a min-heap of the first k
 * scores, replaced only by a strictly greater one, then sorted (stably) by score.
 */
function shardTop(scores: Float64Array, count: number, topK: number): { index: number; distance: number }[] {
  const k = Math.min(topK, count);
  const heap: { index: number; distance: number }[] = [];
  const siftUp = (start: number) => {
    let i = start;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (heap[parent]!.distance > heap[i]!.distance) {
        [heap[parent], heap[i]] = [heap[i]!, heap[parent]!];
        i = parent;
      } else break;
    }
  };
  const siftDown = () => {
    let i = 0;
    const n = heap.length;
    for (;;) {
      const l = (i << 1) + 1;
      const r = l + 1;
      let smallest = i;
      if (l < n && heap[l]!.distance < heap[smallest]!.distance) smallest = l;
      if (r < n && heap[r]!.distance < heap[smallest]!.distance) smallest = r;
      if (smallest === i) break;
      [heap[i], heap[smallest]] = [heap[smallest]!, heap[i]!];
      i = smallest;
    }
  };
  for (let n = 0; n < count; n++) {
    const distance = scores[n]!;
    if (heap.length < k) {
      heap.push({ index: n, distance });
      siftUp(heap.length - 1);
    } else if (k > 0 && distance > heap[0]!.distance) {
      heap[0] = { index: n, distance };
      siftDown();
    }
  }
  return heap.sort((a, b) => b.distance - a.distance);
}

/**
 * The vectors as one array: a view of their memory, which Float32VectorCodec (the only codec
 * papercord opens shards with) loads as consecutive float32 views of one buffer.
 */
function vectorBlock(vectors: ArrayLike<number>[], dims: number): Float32Array {
  const first = vectors[0];
  if (first === undefined) return new Float32Array(0);
  if (!(first instanceof Float32Array) || !vectors.every((v, i) => v instanceof Float32Array && v.buffer === first.buffer && v.byteOffset === first.byteOffset + i * dims * 4 && v.length === dims)) {
    throw new Error('the shard\'s vectors are not one float32 block: was it opened without Float32VectorCodec?');
  }
  return new Float32Array(first.buffer, first.byteOffset, vectors.length * dims);
}
