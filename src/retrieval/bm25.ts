import type { Options } from 'minisearch';
import { terms } from '../text/terms.js';

export interface Bm25Doc {
  id: string;
  title: string;
  text: string;
}

/** MiniSearch settings shared by the index builder and the loader (they must match). */
export function bm25Options(): Options<Bm25Doc> {
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
