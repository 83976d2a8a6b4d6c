import type { Paper } from '../corpus/paper.js';
import type { Hit, Retriever } from '../retrieval/retriever.js';
import type { Citation, Source } from '../types.js';

/** Numbers retrieved chunks 1..n, best first, as the writer and the user see them. */
export function toSources(hits: Hit[]): Source[] {
  return hits.map((h, i) => ({
    n: i + 1,
    paperId: h.paper.id,
    title: h.paper.title,
    url: h.paper.url,
    ...(h.paper.authors.length ? { authors: h.paper.authors } : {}),
    ...(h.paper.authorsIncomplete ? { authorsIncomplete: true } : {}),
    ...(h.paper.year !== undefined ? { year: h.paper.year } : {}),
    ...(h.paper.venue ? { venue: h.paper.venue } : {}),
    score: Math.round(h.score * 1e4) / 1e4,
    text: h.chunk.text,
    chunkId: h.chunk.id,
    start: h.chunk.start,
    end: h.chunk.end,
    ...(h.chunk.section !== undefined ? { section: h.chunk.section } : {}),
    ...(h.chunk.page !== undefined ? { page: h.chunk.page } : {}),
  }));
}

/**
 * The number each source is cited by: those `cited` (numbers, in the order an answer first cites
 * them) 1, 2, 3, ..., then the others in rank order, so that a reader of [1], [3], [5] (the ranks
 * of the sources quoted) reads [1], [2], [3] instead.
 */
export function numbersAsCited(sources: readonly Source[], cited: readonly number[]): Map<number, number> {
  const order = [...new Set(cited), ...sources.map((s) => s.n).filter((n) => !cited.includes(n))];
  return new Map(order.map((n, i) => [n, i + 1]));
}

export function citationFor(source: Source, quote?: string): Citation {
  return { n: source.n, paperId: source.paperId, title: source.title, url: source.url, ...(quote ? { quote } : {}), ...(source.section !== undefined ? { section: source.section } : {}), ...(source.page !== undefined ? { page: source.page } : {}) };
}

/** Where a source's text is in its paper: "§3 Method, p. 4" for a full-text passage, '' for the abstract. */
export function passagePlace(s: { section?: string; page?: number }): string {
  return [s.section, s.page !== undefined ? `p. ${s.page}` : undefined].filter(Boolean).join(', ');
}

/** What an answer's sources were read from: the abstracts, the papers' full texts, or both. */
export type TextBasis = 'abstracts' | 'full text' | 'both';

export function textBasis(sources: readonly { section?: string }[]): TextBasis {
  const full = sources.filter((s) => s.section !== undefined).length;
  return full === 0 ? 'abstracts' : full === sources.length ? 'full text' : 'both';
}

/** A paper's whole abstract as source [1], for answers about the paper as a whole; undefined for a paper the index does not hold. */
export function abstractSource(retriever: Retriever, paper: Paper): Source | undefined {
  return abstractSources(retriever, [paper])[0];
}

/** The papers' whole abstracts as sources [1], [2], ..., leaving out papers the index does not hold. */
export function abstractSources(retriever: Retriever, papers: Paper[]): Source[] {
  const hits = papers.flatMap((paper) => {
    const chunk = retriever.firstChunk(paper.id);
    return chunk ? [{ chunk, paper, score: 1, cosine: 1, coverage: 1, matched: 1, wholeWords: 1 }] : [];
  });
  return toSources(hits).map((s, i) => ({ ...s, text: hits[i]!.paper.abstract, start: 0, end: hits[i]!.paper.abstract.length }));
}
