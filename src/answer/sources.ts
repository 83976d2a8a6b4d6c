import type { Hit } from '../retrieval/retriever.js';
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
  }));
}

export function citationFor(source: Source, quote?: string): Citation {
  return { n: source.n, paperId: source.paperId, title: source.title, url: source.url, ...(quote ? { quote } : {}) };
}
