/** Questions about the index as a whole, which no abstract answers: how many papers it holds, which are newest, what it covers, which are from a venue. */
import { normalizeTitle } from '../corpus/ids.js';
import type { Paper } from '../corpus/paper.js';
import { markdownLiteral } from '../corpus/text.js';
import { ABOUT_INDEX, ASKING_FOR_OVERVIEW, ASKING_FOR_RECENCY, CORPUS_SIZE, HOW_MANY_WHICH, INDEX_NOUN, INDEX_WORDS, IN_CORPUS, OLDEST, OVERVIEW, OVERVIEW_OF_ALL, PAPERS_NOUN, RECENCY, WHOLE } from '../lexicon/collection.js';
import { FROM_VENUE, KNOWN_VENUE } from '../lexicon/publication.js';
import { joinList } from '../text/clean.js';
import { queryConcepts, words } from '../text/terms.js';
import { namesNoTopic } from './topics.js';
import { indexVenues, venueOf, venueTerms } from './venues.js';

/**
 * Whether a question asks what the index holds, or how big it is, and nothing else ("What papers
 * are there on audio?" asks for a topic). Before "papers", a venue or year of the corpus or a word
 * that names no topic ("How many ICML papers are there?", "How many indexed papers ...") is
 * answered by the count by venue too.
 */
export function asksAboutIndex(question: string, papers: readonly Paper[]): boolean {
  if (CORPUS_SIZE.test(question)) return true;
  const which = HOW_MANY_WHICH.exec(question);
  if (which && !namesNoTopic(which[2]!, papers)) return false;
  const asked = which ? question.replace(HOW_MANY_WHICH, '$1') : question;
  if (!ABOUT_INDEX.test(asked)) return false;
  // "How many papers are from ICML?": the count by venue says.
  const left = queryConcepts(asked.replace(INDEX_WORDS, ' ').replace(IN_CORPUS, ' ')).flat();
  const venues = venueTerms(papers);
  return left.length === 0 || left.every((t) => venues.has(t));
}

/** "19 papers are indexed: ICML 2026 (19). /papers lists them ...": the count by venue, most first. */
export function indexAnswer(papers: readonly Paper[]): string {
  const count = papers.length === 1 ? '1 paper is' : `${papers.length} papers are`;
  return `${count} indexed: ${indexVenues(papers, (v, n) => `${v} (${n})`)}. /papers lists them, and /papers with a few words searches their titles and authors.`;
}

/** Whether a question asks which paper is newest or oldest, and nothing else ("Which is the latest paper on RL?" asks a topic). */
export function asksMostRecent(question: string): boolean {
  const ws = words(question);
  return ws.some((w) => RECENCY.test(w)) && ws.some((w) => PAPERS_NOUN.test(w)) && ws.every((w) => ASKING_FOR_RECENCY.has(w));
}

/**
 * Which papers are newest (or oldest) by what the metadata gives, their year: when it is one
 * year for all, that none is more recent than another, said so.
 */
export function mostRecentAnswer(question: string, papers: readonly Paper[]): string {
  const years = [...new Set(papers.map((p) => p.year).filter((y): y is number => y !== undefined))].sort();
  const oldest = OLDEST.test(question);
  if (years.length === 0) return 'The metadata gives no dates for the papers, so I cannot say which is the most recent.';
  if (years.length === 1) return `All ${papers.length} indexed papers ${papers.every((p) => p.year) ? '' : 'that give a year '}are from ${years[0]} (${indexVenues(papers)}), and the metadata gives no date finer than the year: none is newer or older than another.`;
  const year = oldest ? years[0]! : years.at(-1)!;
  const of = papers.filter((p) => p.year === year).length;
  return `${of} of the ${papers.length} indexed papers are from ${year}, the ${oldest ? 'earliest' : 'latest'} year the metadata gives; it gives no date finer than the year.`;
}

/** Whether a question asks for the whole index summarised or its topics ranked, and nothing else. */
export function asksOverview(question: string): boolean {
  const ws = words(question);
  const whole = ws.some((w) => INDEX_NOUN.test(w));
  return (ws.some((w) => OVERVIEW.test(w)) || (whole && ws.includes('about'))) && ws.some((w) => WHOLE.test(w) || OVERVIEW_OF_ALL.test(w)) && ws.every((w) => ASKING_FOR_OVERVIEW.has(w) || OVERVIEW.test(w));
}

/** What papercord can say of the whole index: what it holds, and how to look into it, as it summarises no more than one paper at a time. */
export function overviewAnswer(papers: readonly Paper[]): string {
  const count = papers.length === 1 ? 'one paper' : `${papers.length} papers`;
  return `I summarise one paper at a time from its abstract, and do not summarise or rank the topics of the whole collection. It holds ${count} (${indexVenues(papers)}): /papers lists them, /papers with a few words searches their titles and authors, and "How many papers are about <topic>?" counts and lists the papers on a topic.`;
}

/** "the 1 indexed paper", "the 19 indexed papers". */
export function theIndexed(papers: readonly Paper[]): string {
  return papers.length === 1 ? 'the 1 indexed paper' : `the ${papers.length} indexed papers`;
}

/** Whether a name is a venue people ask about ("NeurIPS", "ICLR'25"): no paper's name that nothing indexed mentions, whatever the papers' own venues. */
export function isKnownVenue(name: string): boolean {
  return KNOWN_VENUE.test(name.trim());
}

/** How many of the indexed papers are from the venue a question asks about; undefined when it asks none the metadata gives ("papers from Google" asks for an institution). */
export function venuePapersAnswer(question: string, papers: readonly Paper[]): string | undefined {
  const asked = FROM_VENUE.exec(question)?.[1]?.replace(/^the\s+/i, '').trim();
  if (!asked) return undefined;
  // "ICML", "ICML 2026" or "ICML2026": the venue's words, or a run of them, written with or without spaces.
  const runs = (venue: string) => {
    const ws = venue.split(/\s+/);
    return ws.flatMap((_, i) => ws.slice(i).map((__, j) => normalizeTitle(ws.slice(i, i + j + 1).join(''))));
  };
  const wanted = normalizeTitle(asked);
  const venuesAsked = new Map<string, boolean>();
  const isAsked = (venue: string) => venuesAsked.get(venue) ?? venuesAsked.set(venue, runs(venue).includes(wanted)).get(venue)!;
  const of = papers.filter((p) => p.venue && isAsked(venueOf(p)));
  // "Which papers are from NeurIPS?", "… at ICML 2025?": a venue none of them is from is answered by the ones they are from, not as an institution.
  if (of.length === 0) {
    if (!isKnownVenue(asked) || papers.length === 0) return undefined;
    // A .txt corpus without a sidecar gives no venue at all: "all are from no venue given" says nothing of the venue asked.
    if (!papers.some((p) => p.venue)) {
      return `The metadata gives no venue for ${theIndexed(papers)}, so I cannot tell which ${papers.length === 1 ? 'is' : 'are'} from ${markdownLiteral(asked)}. /papers lists them.`;
    }
    const all = indexVenues(papers, (v, n) => `${v} (${n})`);
    return `None of the ${papers.length} indexed papers is from ${markdownLiteral(asked)}: ${/\),/.test(all) ? `they are from ${all}` : `all are from ${venueOf(papers[0]!)}`}. /papers lists them.`;
  }
  const from = new Set(of);
  const venues = joinList([...new Set(of.map(venueOf))]);
  return of.length === papers.length
    ? `All ${papers.length === 1 ? 'the 1 indexed paper is' : `${papers.length} indexed papers are`} from ${venues}. /papers lists them.`
    : `${of.length} of the ${papers.length} indexed papers ${of.length === 1 ? 'is' : 'are'} from ${venues}; the others: ${indexVenues(papers.filter((p) => !from.has(p)), (v, n) => `${v} (${n})`)}. /papers lists them.`;
}
