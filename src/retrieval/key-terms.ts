/** Texts as their key terms (the heaviest tf-idf stems), kept per paper, and the similarity of two texts' key terms: what /related ranks by. */
import type { Paper } from '../corpus/paper.js';
import { terms } from '../text/terms.js';
import type { Retriever } from './retriever.js';

/**
 * A text's key terms as ids of a KeyTermTable's vocabulary, heaviest first, with their weights
 * and the norm of those: all that ranking a candidate needs, about half a kilobyte. The parsed
 * text a reason needs (counts, pairs, written forms) is about fifty: kept for every paper a list
 * ever considered, it grew without bound (189 MB after 108 requests at 100,000 chunks).
 */
export interface KeyTerms {
  ids: Int32Array;
  weights: Float64Array;
  norm: number;
  /** How often the text writes each. */
  counts: Uint16Array;
}

/**
 * Each paper's key terms, computed the first time it is a candidate and kept: a paper is a
 * candidate of many queries. One table per retriever, whose term statistics the weights come
 * from, so a reindex (a new retriever, new paper objects) starts afresh.
 */
export class KeyTermTable {
  private readonly vocabulary = new Map<string, number>();
  readonly termOf: string[] = [];
  private readonly byPaper = new WeakMap<Paper, KeyTerms>();

  constructor(
    private readonly retriever: Retriever,
    readonly limit: number,
  ) {}

  of(paper: Paper): KeyTerms {
    let keys = this.byPaper.get(paper);
    if (!keys) {
      const counts = termCounts(paperText(paper));
      keys = this.compact(keyWeights(this.retriever, counts, this.limit), counts);
      this.byPaper.set(paper, keys);
    }
    return keys;
  }

  /**
   * Weights in the order keyWeights gives them, which every sum over them keeps. A term new to
   * the vocabulary is added when `learn`, else given an id no paper has (-1): the words of every
   * topic anyone types would otherwise be kept as long as the index.
   */
  compact(weights: Map<string, number>, counts: Map<string, number>, learn = true): KeyTerms {
    const ids = new Int32Array(weights.size);
    const written = new Uint16Array(weights.size);
    let i = 0;
    for (const t of weights.keys()) {
      let id = this.vocabulary.get(t) ?? (learn ? undefined : -1);
      if (id === undefined) {
        this.vocabulary.set(t, (id = this.vocabulary.size));
        this.termOf.push(t);
      }
      written[i] = Math.min(counts.get(t) ?? 0, 0xffff);
      ids[i++] = id;
    }
    const values = Float64Array.from(weights.values());
    return { ids, weights: values, norm: Math.sqrt(values.reduce((s, w) => s + w * w, 0)), counts: written };
  }
}

export const keyTermTables = new WeakMap<Retriever, KeyTermTable>();

export function keyTermTable(retriever: Retriever, limit: number): KeyTermTable {
  let table = keyTermTables.get(retriever);
  if (table?.limit !== limit) {
    table = new KeyTermTable(retriever, limit);
    keyTermTables.set(retriever, table);
  }
  return table;
}

export function paperText(paper: Paper): string {
  return `${paper.title}\n${paper.abstract}`;
}

/** Whole-word stems and how often the text writes each. */
export function termCounts(text: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const t of terms(text, { parts: false })) counts.set(t, (counts.get(t) ?? 0) + 1);
  return counts;
}

/**
 * A text's key terms: its `limit` heaviest whole-word stems by tf-idf, what the text is about.
 * Measured on all its words, two abstracts look alike through the prose every abstract writes
 * once ("support", "recent", "often", "address"): PixelThink's nearest paper was CoPE, through
 * "learning" and "labels". A word one abstract repeats or few abstracts write is among its key terms.
 */
export function keyWeights(retriever: Retriever, counts: Map<string, number>, limit: number): Map<string, number> {
  const weights = [...counts].map(([t, n]) => [t, (1 + Math.log(n)) * retriever.termStats.idf(t)] as const);
  return new Map(weights.sort((a, b) => b[1] - a[1]).slice(0, limit));
}

/** Cosine of two texts' key-term weights: a sum over `a`'s terms in its order, so the same two texts always give the same bits. */
export function sparseCosine(a: KeyTerms, b: KeyTerms): number {
  let dot = 0;
  for (let i = 0; i < a.ids.length; i++) {
    const j = b.ids.indexOf(a.ids[i]!);
    if (j >= 0) dot += a.weights[i]! * b.weights[j]!;
  }
  const d = a.norm * b.norm;
  return d ? dot / d : 0;
}

/** Short stems keep a plural ("sets", "maps": see stem): for counting what two texts share, "sets" and "set" are one term. */
export function singular(term: string): string {
  return term.length <= 4 && term.endsWith('s') ? term.slice(0, -1) : term;
}

/** Whether a reason may name a term: digits alone ("2", "30.4") and two-letter stems say nothing to a reader. */
export function showable(term: string): boolean {
  return term.length >= 3 && /\p{L}/u.test(term);
}
