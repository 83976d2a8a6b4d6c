import MiniSearch from 'minisearch';
import type { Paper } from './corpus/paper.js';
import { isStopword, normalize, words } from './text/terms.js';
import type { PaperRef } from './types.js';

/** Longer than any title; past it, fuzzy matching costs seconds and gigabytes for nothing. */
export const MAX_PAPER_QUERY_CHARS = 300;

export interface PaperMatch {
  paper: Paper;
  score: number;
}

/** Looks papers up by id, alias or title, tolerating typos and partial words (for commands and autocomplete). */
export class PaperCatalog {
  private readonly byKey = new Map<string, Paper>();
  private readonly search: MiniSearch<{ id: string; title: string; keys: string; authors: string }>;

  constructor(readonly papers: Paper[]) {
    for (const p of papers) for (const key of [p.id, ...p.aliases, p.title]) this.byKey.set(keyOf(key), p);
    this.search = new MiniSearch({
      fields: ['title', 'keys', 'authors'],
      storeFields: [],
      // Stopwords would make "a paper about basket weaving" fuzzily match half the titles.
      processTerm: (t) => (isStopword(normalize(t)) ? null : normalize(t)),
      tokenize: (t) => words(t),
      searchOptions: { boost: { title: 2, keys: 3 }, prefix: true, fuzzy: 0.25, combineWith: 'OR' },
    });
    this.search.addAll(papers.map((p) => ({ id: p.id, title: p.title, keys: [p.id, ...p.aliases].join(' '), authors: p.authors.join(' ') })));
  }

  get(id: string): Paper | undefined {
    return this.byKey.get(keyOf(id));
  }

  /** Best matches for what a user typed, best first. An empty query lists papers in corpus order. */
  suggest(query: string, limit = 25): PaperMatch[] {
    const q = query.trim().slice(0, MAX_PAPER_QUERY_CHARS);
    if (!q) return this.papers.slice(0, limit).map((paper) => ({ paper, score: 0 }));
    const exact = this.get(q);
    const found = this.search.search(q).map((r) => ({ paper: this.get(String(r.id))!, score: r.score }));
    const out = exact ? [{ paper: exact, score: Infinity }, ...found.filter((m) => m.paper.id !== exact.id)] : found;
    return out.slice(0, limit);
  }

  /**
   * A paper only when the text clearly names one: its id, an alias, its title or the start
   * of it, or its short name ("PhaseCoder"). A topic such as "spatial audio" names none, even
   * if one title matches it well, so /related can tell "papers like X" from "papers on X".
   */
  named(query: string): Paper | undefined {
    const q = keyOf(query);
    if (!q) return undefined;
    const exact = this.byKey.get(q);
    if (exact) return exact;
    for (const { paper } of this.suggest(query, 5)) {
      const title = keyOf(paper.title);
      const name = keyOf(paper.title.split(':')[0] ?? '');
      if (q === name || (q.length >= 12 && title.startsWith(q))) return paper;
    }
    return undefined;
  }

  /**
   * The paper a user meant: an exact id, alias or title, else a fuzzy match that clearly
   * beats the next one. Returns the candidates when it is not clear.
   */
  resolve(query: string): { paper: Paper } | { candidates: Paper[] } {
    const exact = this.get(query.trim());
    if (exact) return { paper: exact };
    const matches = this.suggest(query, 5);
    const [first, second] = matches;
    const qWords = words(query).length;
    if (first && (!second || first.score >= second.score * 1.5) && first.score >= Math.max(1, qWords) * 1.5) return { paper: first.paper };
    return { candidates: matches.map((m) => m.paper) };
  }
}

export function paperRef(p: Paper): PaperRef {
  return { id: p.id, title: p.title, url: p.url, authors: p.authors, year: p.year, venue: p.venue };
}

function keyOf(s: string): string {
  return normalize(s).replace(/[^\p{L}\p{N}]+/gu, ' ').trim();
}
