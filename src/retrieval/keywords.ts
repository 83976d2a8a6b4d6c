/**
 * BM25 over several parts of the index (the build and its segments) as over one index of all
 * their documents: terms are weighed by the statistics of them all (document count, average
 * field lengths, how many documents hold each term), so a paper found in a segment scores as it
 * would in an index rebuilt with it, and papers removed from a segment count for nothing.
 */
import type { Bm25Hit, Bm25Index, Bm25Statistics, RankedHit } from '../index/postings.js';
import type { Removal } from './parts.js';

export interface KeywordPart {
  bm25: Bm25Index;
  removal: Removal;
}

/**
 * The statistics of the parts' live documents, in order. The average field lengths are carried
 * on from the first part's as BM25 averages them (a running mean, document after document), so
 * they are those of one index of the same documents to the last bit.
 */
export function combinedStatistics(parts: readonly KeywordPart[]): Bm25Statistics {
  const fields = parts[0]?.bm25.fieldCount ?? 0;
  let n = 0;
  let averages: number[] = Array.from({ length: fields }, () => 0);
  parts.forEach(({ bm25, removal }, i) => {
    if (i === 0 && removal.docs.size === 0) {
      averages = [...bm25.statistics.averageFieldLength];
      n = bm25.documentCount;
      return;
    }
    for (let d = 0; d < bm25.documentCount; d++) {
      if (removal.docs.has(d)) continue;
      for (let f = 0; f < fields; f++) averages[f] = ((averages[f] || 0) * n + bm25.fieldLength(d, f)) / (n + 1);
      n++;
    }
  });
  return {
    documentCount: n,
    averageFieldLength: averages,
    matching(term, field) {
      let count = 0;
      for (const { bm25, removal } of parts) count += bm25.matching(term, field) - (removal.matching.get(term)?.[field] ?? 0);
      return count;
    },
  };
}

/**
 * The `limit` best documents of all the parts, as BM25 over one index of them ranks them: each
 * part's best by the common statistics, merged by score, then (equal scores) where each was
 * first matched, the parts' documents numbered one after the other.
 */
export function searchParts(parts: readonly KeywordPart[], statistics: Bm25Statistics, query: string, opts: { filter?: (id: string) => boolean; limit: number }): Bm25Hit[] {
  const merged: (RankedHit & { position: number })[] = [];
  let offset = 0;
  parts.forEach(({ bm25, removal }) => {
    const removed = removal.chunkIds;
    const filter = removed.size || opts.filter ? (id: string) => !removed.has(id) && (!opts.filter || opts.filter(id)) : undefined;
    for (const hit of bm25.rank(query, { filter, limit: opts.limit, statistics })) merged.push({ ...hit, position: offset + hit.doc });
    offset += bm25.documentCount;
  });
  merged.sort((a, b) => b.score - a.score || a.term - b.term || a.field - b.field || a.position - b.position);
  return merged.slice(0, opts.limit).map(({ id, score }) => ({ id, score }));
}
