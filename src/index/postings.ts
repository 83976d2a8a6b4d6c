/**
 * BM25 over compact postings: MiniSearch's ranking, same scores and same order, held in typed
 * arrays instead of a Map per term and field.
 *
 * Why not MiniSearch itself at run time: at 100,000 chunks its index holds about ten million
 * Map entries. Loading them took 11 s and over a gigabyte, and each query built a result
 * object per matching chunk (a third of the corpus for a common word) to keep the best fifty.
 * Here a query adds into one array of scores. MiniSearch stays the reference: bm25Options()
 * is its configuration, the scoring below is its `search` (OR of the query terms, BM25+ with
 * its default k, b and d, field boosts, score times the number of distinct matched terms,
 * stable order among equal scores), and test/bench-equivalence.test.ts checks that both give
 * the same ids and scores.
 */
import { bm25Options } from './bm25.js';
import { terms } from '../text/terms.js';

export const POSTINGS_FORMAT = 'papercord-bm25/1';

/** MiniSearch's defaults, which bm25Options() keeps. */
const BM25 = { k: 1.2, b: 0.7, d: 0.5 };

interface FieldPostings {
  /** Postings of term t are offsets[t] .. offsets[t + 1]. */
  offsets: Uint16Array | Uint32Array;
  docs: Uint16Array | Uint32Array;
  tfs: Uint16Array | Uint32Array;
}

/** A typed array inside bm25.bin. */
interface Column {
  type: 'u16' | 'u32';
  /** Byte offset in bm25.bin (a multiple of 4) and number of values. */
  offset: number;
  length: number;
}

/** bm25.json: everything but the numbers, which are in bm25.bin. */
interface PostingsHeader {
  format: string;
  fields: string[];
  ids: string[];
  averageFieldLength: number[];
  terms: string[];
  /** Distinct terms of document d in field f, at d * fields + f. */
  fieldLength: Column;
  postings: { offsets: Column; docs: Column; tfs: Column }[];
}

/** The two files of a BM25 index: the header (JSON) and the postings (binary, little-endian typed arrays). */
export interface PostingsFiles {
  header: string;
  data: Buffer;
}

export interface Bm25Hit {
  id: string;
  score: number;
}

/** A hit with where it was first matched: equal scores are ordered by these, as MiniSearch orders them. */
export interface RankedHit extends Bm25Hit {
  /** The position in the query of the first term it holds, the first field that holds it, and its document number. */
  term: number;
  field: number;
  doc: number;
}

/**
 * The corpus BM25 weighs terms by: this index alone, or several indexes searched as one (a
 * build and the segments added to it), whose documents then score as in one index of them all.
 */
export interface Bm25Statistics {
  documentCount: number;
  /** By field, in the order of bm25Options().fields. */
  averageFieldLength: readonly number[];
  /** How many documents hold `term` in field `field`. */
  matching(term: string, field: number): number;
}

export interface Bm25Document {
  id: string;
  /** Terms of each field of bm25Options().fields, as its tokenizer gives them, as ids of the vocabulary. */
  fields: Record<string, ArrayLike<number>>;
}

/** Lays typed arrays out one after the other, each at a multiple of 4 bytes. */
class ColumnWriter {
  private readonly parts: Buffer[] = [];
  private size = 0;

  add(values: ArrayLike<number>): Column {
    let max = 0;
    for (let i = 0; i < values.length; i++) if (values[i]! > max) max = values[i]!;
    const array = max <= 0xffff ? Uint16Array.from(values) : Uint32Array.from(values);
    const column: Column = { type: array instanceof Uint16Array ? 'u16' : 'u32', offset: this.size, length: array.length };
    const bytes = Buffer.from(array.buffer, array.byteOffset, array.byteLength);
    const padding = (4 - (bytes.length % 4)) % 4;
    this.parts.push(bytes, Buffer.alloc(padding));
    this.size += bytes.length + padding;
    return column;
  }

  toBuffer(): Buffer {
    return Buffer.concat(this.parts, this.size);
  }
}

function readColumn(data: ArrayBuffer, c: Column, what: string): Uint16Array | Uint32Array {
  const width = c.type === 'u16' ? 2 : 4;
  if (c.offset % 4 || c.offset + c.length * width > data.byteLength) throw new Error(`bm25.bin: the ${what} column lies outside the file (truncated or mixed files)`);
  return c.type === 'u16' ? new Uint16Array(data, c.offset, c.length) : new Uint32Array(data, c.offset, c.length);
}

/** The postings files for these documents, in order (document n is the n-th), whose terms are ids of `vocabulary`. */
export function buildPostings(docs: Iterable<Bm25Document>, vocabulary: readonly string[]): PostingsFiles {
  const fields = bm25Options().fields;
  // Terms are numbered in order of first use, as before ids came from a shared vocabulary.
  const termIds = new Int32Array(vocabulary.length).fill(-1);
  const termList: string[] = [];
  const ids: string[] = [];
  const lengths: number[] = [];
  const averageFieldLength: number[] = [];
  const seen = new Set<string>();
  // Pass 1: each document's distinct terms with their frequencies, field by field, appended to
  // flat lists (term, frequency), and how many documents each term has per field. Pass 2 then
  // places every posting straight at its final position: no growing array per term.
  const pairs = fields.map(() => new GrowableUint32());
  const docEnds = fields.map(() => new GrowableUint32());
  const counts = fields.map(() => new GrowableUint32());
  let tfScratch = new Uint32Array(1024);
  for (const doc of docs) {
    if (seen.has(doc.id)) throw new Error(`bm25: duplicate id ${doc.id}`);
    seen.add(doc.id);
    const n = ids.length;
    ids.push(doc.id);
    for (let f = 0; f < fields.length; f++) {
      const tokens = doc.fields[fields[f]!] ?? [];
      const touched: number[] = [];
      let empty = 0;
      for (let k = 0; k < tokens.length; k++) {
        const id = tokens[k]!;
        const term = vocabulary[id];
        if (term === undefined) throw new Error(`bm25: term id ${id} is not in the vocabulary`);
        if (!term) {
          empty = 1;
          continue;
        }
        let t = termIds[id]!;
        if (t === -1) {
          t = termList.length;
          termIds[id] = t;
          termList.push(term);
          if (t >= tfScratch.length) {
            const grown = new Uint32Array(tfScratch.length * 2);
            grown.set(tfScratch);
            tfScratch = grown;
          }
        }
        if (tfScratch[t] === 0) touched.push(t);
        tfScratch[t]!++;
      }
      // MiniSearch counts distinct tokens (an empty one too), and keeps a running average of that count.
      const unique = touched.length + empty;
      lengths.push(unique);
      averageFieldLength[f] = ((averageFieldLength[f] || 0) * n + unique) / (n + 1);
      for (const t of touched) {
        pairs[f]!.push(t);
        pairs[f]!.push(tfScratch[t]!);
        counts[f]!.add(t, 1);
        tfScratch[t] = 0;
      }
      docEnds[f]!.push(pairs[f]!.length);
    }
  }
  const columns = new ColumnWriter();
  const fieldLength = columns.add(lengths);
  const postings = fields.map((_, f) => {
    const offsets = new Uint32Array(termList.length + 1);
    for (let t = 0; t < termList.length; t++) offsets[t + 1] = offsets[t]! + counts[f]!.get(t);
    const docsOut = new Uint32Array(offsets[termList.length]!);
    const tfsOut = new Uint32Array(offsets[termList.length]!);
    const next = offsets.slice(0, termList.length);
    const flat = pairs[f]!.view();
    const ends = docEnds[f]!.view();
    let p = 0;
    // Documents in order, so each term's postings come out in ascending document order.
    for (let d = 0; d < ends.length; d++) {
      for (; p < ends[d]!; p += 2) {
        const at = next[flat[p]!]!++;
        docsOut[at] = d;
        tfsOut[at] = flat[p + 1]!;
      }
    }
    return { offsets: columns.add(offsets), docs: columns.add(docsOut), tfs: columns.add(tfsOut) };
  });
  const header: PostingsHeader = { format: POSTINGS_FORMAT, fields, ids, averageFieldLength, terms: termList, fieldLength, postings };
  return { header: JSON.stringify(header), data: columns.toBuffer() };
}

/** A Uint32Array that grows by doubling. */
class GrowableUint32 {
  private data = new Uint32Array(1024);
  length = 0;

  push(x: number): void {
    if (this.length === this.data.length) this.grow(this.length + 1);
    this.data[this.length++] = x;
  }

  /** Adds to the value at `i`, extending with zeros as needed. */
  add(i: number, x: number): void {
    if (i >= this.length) {
      if (i >= this.data.length) this.grow(i + 1);
      this.length = i + 1;
    }
    this.data[i]! += x;
  }

  get(i: number): number {
    return i < this.length ? this.data[i]! : 0;
  }

  view(): Uint32Array {
    return this.data.subarray(0, this.length);
  }

  private grow(min: number): void {
    let size = this.data.length * 2;
    while (size < min) size *= 2;
    const grown = new Uint32Array(size);
    grown.set(this.data.subarray(0, this.length));
    this.data = grown;
  }
}

export class Bm25Index {
  private readonly termIds: Map<string, number>;
  private readonly boosts: number[];
  // Scratch arrays reused by every query; `search` is synchronous, so queries never share them.
  private readonly total: Float64Array;
  private readonly termScore: Float64Array;
  private readonly termStamp: Int32Array;
  private readonly inTotal: Uint8Array;
  private readonly distinct: Uint16Array;
  /** Documents in first-matched order, and those one term touched: a query allocates no per-document memory. */
  private readonly order: Int32Array;
  private readonly touched: Int32Array;
  /** Field each document was first touched in by the current term, and where each entry of `order` was first matched. */
  private readonly touchField: Uint8Array;
  private readonly orderTerm: Int32Array;
  private readonly orderField: Uint8Array;
  /** This index's own statistics, for a search of it alone. */
  readonly statistics: Bm25Statistics;

  private constructor(
    readonly ids: string[],
    private readonly fields: string[],
    averageFieldLength: number[],
    private readonly lengths: Uint16Array | Uint32Array,
    termList: string[],
    private readonly postings: FieldPostings[],
  ) {
    this.termIds = new Map(termList.map((t, i) => [t, i]));
    const boost = (bm25Options().searchOptions?.boost ?? {}) as Record<string, number>;
    this.boosts = fields.map((f) => boost[f] || 1);
    const n = ids.length;
    this.total = new Float64Array(n);
    this.termScore = new Float64Array(n);
    this.termStamp = new Int32Array(n);
    this.inTotal = new Uint8Array(n);
    this.distinct = new Uint16Array(n);
    this.order = new Int32Array(n);
    this.touched = new Int32Array(n);
    this.touchField = new Uint8Array(n);
    this.orderTerm = new Int32Array(n);
    this.orderField = new Uint8Array(n);
    this.statistics = { documentCount: n, averageFieldLength, matching: (term, field) => this.matching(term, field) };
  }

  static parse(headerJson: string, data: Uint8Array): Bm25Index {
    const h = JSON.parse(headerJson) as PostingsHeader;
    if (h.format !== POSTINGS_FORMAT) throw new Error(`bm25 postings have format ${String(h.format)}, expected ${POSTINGS_FORMAT}`);
    const expected = bm25Options().fields;
    if (h.fields.join() !== expected.join()) throw new Error(`bm25 postings index fields ${h.fields.join(', ')}, expected ${expected.join(', ')}`);
    // Typed arrays need aligned offsets; a Buffer may start anywhere in its memory.
    const buffer = data.byteOffset % 4 === 0 ? data.buffer : new Uint8Array(data).buffer;
    const base = data.byteOffset % 4 === 0 ? data.byteOffset : 0;
    const col = (c: Column, what: string) => readColumn(buffer as ArrayBuffer, { ...c, offset: base + c.offset }, what);
    const postings = h.postings.map((p, f) => ({ offsets: col(p.offsets, `offsets ${f}`), docs: col(p.docs, `documents ${f}`), tfs: col(p.tfs, `frequencies ${f}`) }));
    const fieldLength = col(h.fieldLength, 'field length');
    if (fieldLength.length !== h.ids.length * h.fields.length || postings.some((p) => p.offsets.length !== h.terms.length + 1 || p.docs.length !== p.offsets[h.terms.length] || p.tfs.length !== p.docs.length)) {
      throw new Error('bm25 postings are inconsistent (truncated or mixed files)');
    }
    return new Bm25Index(h.ids, h.fields, h.averageFieldLength, fieldLength, h.terms, postings);
  }

  get documentCount(): number {
    return this.ids.length;
  }

  /** How many fields each document has (those of bm25Options()). */
  get fieldCount(): number {
    return this.fields.length;
  }

  /** How many documents hold `term` in field `field`. */
  matching(term: string, field: number): number {
    const t = this.termIds.get(term);
    if (t === undefined) return 0;
    const { offsets } = this.postings[field]!;
    return offsets[t + 1]! - offsets[t]!;
  }

  /** The number of distinct terms of document `doc` in field `field` (its length, as BM25 counts it). */
  fieldLength(doc: number, field: number): number {
    return this.lengths[doc * this.fields.length + field]!;
  }

  /** For the documents `docs`: by term, how many of them hold it in each field (what leaving them out takes from the statistics). */
  matchingIn(docs: ReadonlySet<number>): Map<string, number[]> {
    const out = new Map<string, number[]>();
    if (docs.size === 0) return out;
    for (const [term, t] of this.termIds) {
      this.postings.forEach(({ offsets, docs: postingDocs }, f) => {
        for (let p = offsets[t]!; p < offsets[t + 1]!; p++) {
          if (!docs.has(postingDocs[p]!)) continue;
          let counts = out.get(term);
          if (!counts) out.set(term, (counts = this.fields.map(() => 0)));
          counts[f]!++;
        }
      });
    }
    return out;
  }

  /** The terms that hold `fragment` ("qwen" of "qwen2.5-vl"), at most `max`: a pass over the vocabulary, for a name written in another form than the question's. */
  termsContaining(fragment: string, max: number): string[] {
    const out: string[] = [];
    for (const term of this.termIds.keys()) {
      if (!term.includes(fragment)) continue;
      out.push(term);
      if (out.length === max) break;
    }
    return out;
  }

  /** The ids of the documents that hold `term` (a token as `terms` writes it) in any field. */
  documentsWith(term: string): string[] {
    const t = this.termIds.get(term);
    if (t === undefined) return [];
    const found = new Set<number>();
    for (const { offsets, docs } of this.postings) for (let p = offsets[t]!; p < offsets[t + 1]!; p++) found.add(docs[p]!);
    return [...found].map((d) => this.ids[d]!);
  }

  /** Documents matching any term of the query, best first, as MiniSearch's `search` ranks them; at most `limit`. */
  search(query: string, opts: { filter?: (id: string) => boolean; limit?: number } = {}): Bm25Hit[] {
    return this.rank(query, opts).map(({ id, score }) => ({ id, score }));
  }

  /**
   * search, with where each hit was first matched; `statistics` weigh the terms (by default this
   * index's own): with those of several indexes, their hits merged by score, then by where they
   * were first matched (see RankedHit), are the hits of one index of all their documents.
   */
  rank(query: string, opts: { filter?: (id: string) => boolean; limit?: number; statistics?: Bm25Statistics } = {}): RankedHit[] {
    const queryTerms = terms(query).filter((t) => !!t);
    const stats = opts.statistics ?? this.statistics;
    const { total, termScore, termStamp, inTotal, distinct, order, touched, touchField, orderTerm, orderField } = this;
    const nFields = this.fields.length;
    let matchedDocs = 0;
    const counted = new Set<string>();
    for (let q = 0; q < queryTerms.length; q++) {
      const term = queryTerms[q]!;
      // A repeated query word adds its score again but counts once among the matched terms.
      const firstTime = !counted.has(term);
      counted.add(term);
      const t = this.termIds.get(term);
      if (t === undefined) continue;
      const stamp = q + 1;
      let touchedDocs = 0;
      for (let f = 0; f < nFields; f++) {
        const { offsets, docs, tfs } = this.postings[f]!;
        const start = offsets[t]!;
        const end = offsets[t + 1]!;
        if (start === end) continue;
        const matching = opts.statistics ? stats.matching(term, f) : end - start;
        const avg = stats.averageFieldLength[f]!;
        const boost = this.boosts[f]!;
        // MiniSearch's calcBM25Score and weighting, operation for operation.
        const idf = Math.log(1 + (stats.documentCount - matching + 0.5) / (matching + 0.5));
        for (let p = start; p < end; p++) {
          const d = docs[p]!;
          const tf = tfs[p]!;
          const raw = idf * (BM25.d + (tf * (BM25.k + 1)) / (tf + BM25.k * (1 - BM25.b + (BM25.b * this.lengths[d * nFields + f]!) / avg)));
          const weighted = 1 * 1 * boost * 1 * raw;
          if (termStamp[d] === stamp) termScore[d] += weighted;
          else {
            termStamp[d] = stamp;
            termScore[d] = weighted;
            touchField[d] = f;
            touched[touchedDocs++] = d;
          }
        }
      }
      for (let i = 0; i < touchedDocs; i++) {
        const d = touched[i]!;
        if (inTotal[d]) total[d] = total[d]! + termScore[d]!;
        else {
          inTotal[d] = 1;
          total[d] = termScore[d]!;
          distinct[d] = 0;
          orderTerm[matchedDocs] = q;
          orderField[matchedDocs] = touchField[d]!;
          order[matchedDocs++] = d;
        }
        if (firstTime) distinct[d]!++;
      }
    }
    const best = selectTop(matchedDocs, (rank) => {
      const d = order[rank]!;
      return !opts.filter || opts.filter(this.ids[d]!) ? total[d]! * (distinct[d]! || 1) : Number.NaN;
    }, opts.limit ?? matchedDocs);
    // Reset for the next query: only what this one touched.
    for (let i = 0; i < matchedDocs; i++) {
      inTotal[order[i]!] = 0;
      termStamp[order[i]!] = 0;
    }
    return best.map((h) => ({ id: this.ids[order[h.rank]!]!, score: h.score, term: orderTerm[h.rank]!, field: orderField[h.rank]!, doc: order[h.rank]! }));
  }
}

/**
 * The `limit` best of `count` candidates by score, ties in first-matched order (MiniSearch sorts
 * all results, stably). `scoreAt` gives NaN for a candidate the filter leaves out. Only entries
 * of the window are allocated: most candidates fall below its last entry after one comparison.
 */
function selectTop(count: number, scoreAt: (rank: number) => number, limit: number): { rank: number; score: number }[] {
  const top: { rank: number; score: number }[] = [];
  if (limit <= 0) return top;
  if (limit >= count) {
    for (let rank = 0; rank < count; rank++) {
      const score = scoreAt(rank);
      if (!Number.isNaN(score)) top.push({ rank, score });
    }
    return top.sort((x, y) => y.score - x.score || x.rank - y.rank);
  }
  for (let rank = 0; rank < count; rank++) {
    const score = scoreAt(rank);
    if (Number.isNaN(score)) continue;
    // Candidates come in rank order, so an equal score never beats an entry already in the window.
    if (top.length === limit && score <= top[limit - 1]!.score) continue;
    let i = top.length < limit ? top.length : limit - 1;
    if (top.length < limit) top.push({ rank, score });
    while (i > 0 && score > top[i - 1]!.score) {
      top[i] = top[i - 1]!;
      i--;
    }
    top[i] = { rank, score };
  }
  return top;
}
