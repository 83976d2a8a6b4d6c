/** The venues and years of a corpus's papers, as the index lists them ("ICML 2026"), each worked out once per corpus. */
import type { Paper } from '../corpus/paper.js';
import { terms } from '../text/terms.js';

/** Each corpus's venues with their years ("ICML 2026"), each once: a handful, where the papers are up to 100,000. */
const venueLists = new WeakMap<readonly Paper[], string[]>();

/** The venues and years of a corpus's papers, each once, once per corpus (a reindex brings a new array). */
export function venuesOf(papers: readonly Paper[]): string[] {
  let venues = venueLists.get(papers);
  if (!venues) venueLists.set(papers, (venues = [...new Set(papers.map((p) => `${p.venue ?? ''} ${p.year ?? ''}`))]));
  return venues;
}

/** The terms of the corpus's venues and years ("icml", "2026"). */
const venueTermSets = new WeakMap<readonly Paper[], Set<string>>();

/** The words of the corpus's venues and years, once per paper list: count questions ask for them before any search. */
export function venueTerms(papers: readonly Paper[]): Set<string> {
  let venues = venueTermSets.get(papers);
  if (!venues) {
    venues = new Set(terms(venuesOf(papers).join('\n')));
    venueTermSets.set(papers, venues);
  }
  return venues;
}

/** A paper's venue with its year, as the index lists it ("ICML 2026"). */
export function venueOf(p: Paper): string {
  return p.venue ? (p.year && !p.venue.includes(String(p.year)) ? `${p.venue} ${p.year}` : p.venue) : 'no venue given';
}

/** "ICML 2026: 19": the index's venues, most papers first, each as `shown`. */
export function indexVenues(papers: readonly Paper[], shown = (venue: string, n: number) => `${venue}: ${n}`): string {
  const byVenue = new Map<string, number>();
  for (const p of papers) {
    const venue = venueOf(p);
    byVenue.set(venue, (byVenue.get(venue) ?? 0) + 1);
  }
  return [...byVenue.entries()].sort((a, b) => b[1] - a[1]).map(([v, n]) => shown(v, n)).join(', ');
}
