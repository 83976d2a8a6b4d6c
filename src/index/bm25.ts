import type { Options } from 'minisearch';
import { terms } from '../text/terms.js';

export interface Bm25Doc {
  id: string;
  title: string;
  text: string;
}

/**
 * MiniSearch settings: the BM25 that papercord ranks by. The index builder tokenizes with them
 * and postings.ts scores as MiniSearch does with them (checked by test/bench-equivalence.test.ts).
 */
export function bm25Options(): Options<Bm25Doc> & { fields: string[] } {
  return {
    fields: ['title', 'text'],
    storeFields: [],
    tokenize: (text) => terms(text),
    // Tokens arrive already stemmed from `tokenize`; queries go through the same path.
    processTerm: (term) => term,
    searchOptions: {
      boost: { title: 2 },
      tokenize: (text) => terms(text),
      processTerm: (term) => term,
    },
  };
}
