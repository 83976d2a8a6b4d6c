/** Questions about the index itself ("How many papers are indexed?"), which no abstract answers. */
import type { Paper } from '../corpus/paper.js';
import { queryConcepts } from '../text/terms.js';

const ABOUT_INDEX =
  /^\s*(how many (papers|articles|abstracts)|(what|which) (papers|articles|abstracts) (do|are|can|have)\b[^?]*\b(you|indexed|there|available|know|cover)|(list|show)( me)?( all)?( the)? (papers|articles|abstracts)\s*[?.!]*\s*$)/i;

/** Words of such a question that are not a topic. */
const INDEX_WORDS = /\b(how many|indexed|available|know|cover|list|show|papers|articles|abstracts)\b/gi;

/** Whether a question asks what the index holds, and nothing else ("What papers are there on audio?" asks for a topic). */
export function asksAboutIndex(question: string): boolean {
  return ABOUT_INDEX.test(question) && queryConcepts(question.replace(INDEX_WORDS, ' ')).length === 0;
}

/** "19 papers are indexed: ICML 2026 (19). /papers lists them ...": the count by venue, most first. */
export function indexAnswer(papers: readonly Paper[]): string {
  const byVenue = new Map<string, number>();
  for (const p of papers) {
    const venue = p.venue ? (p.year && !p.venue.includes(String(p.year)) ? `${p.venue} ${p.year}` : p.venue) : 'no venue given';
    byVenue.set(venue, (byVenue.get(venue) ?? 0) + 1);
  }
  const venues = [...byVenue.entries()].sort((a, b) => b[1] - a[1]).map(([v, n]) => `${v} (${n})`);
  const count = papers.length === 1 ? '1 paper is' : `${papers.length} papers are`;
  return `${count} indexed: ${venues.join(', ')}. /papers lists them, and /papers with a few words searches their titles and authors.`;
}
