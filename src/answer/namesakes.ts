/** A name several authors share ("Wang"): which of them are meant, and how to ask for one. */
import type { Paper } from '../corpus/paper.js';
import { markdownLiteral } from '../corpus/text.js';
import { joinList } from '../text/clean.js';
import { type AuthorPapers, foldName, mostPapersFirst } from './author-index.js';
import { LISTED_PAPERS_MAX, moreThanListed } from './listing.js';

/** Namesakes listed when a surname is several authors'. */
export const NAMESAKES_MAX = 10;

/**
 * A name several authors share ("Wang"), as the question writes it, with those authors; and, when
 * the question names others in full, which of the namesakes wrote with all of them (none, or
 * several: one would have been the author meant).
 */
export type Namesakes = { name: string; namesakes: AuthorPapers[]; cowriters?: { of: AuthorPapers[]; namesakes: AuthorPapers[] } };

/** `note` when some of the authors' papers name only their first author (the ICML 2026 metadata): a paper "none lists" is only as far as the metadata says. */
export function firstAuthorsOnly(authors: readonly AuthorPapers[], note: string): string {
  return authors.some((a) => a.papers.some((p) => p.authorsIncomplete)) ? note : '';
}

/**
 * "Several authors are named Wang": the namesakes, most papers first, and how to ask for one.
 * After the papers of the authors named in full (`named`), it says why Wang's are not among
 * them, and which Wangs, if any, wrote with those authors.
 */
export function namesakesAnswer(ambiguous: readonly Namesakes[], named: readonly AuthorPapers[] = []): string {
  const examples: string[] = [];
  const searches: string[] = [];
  const lines = ambiguous.map(({ name, namesakes, cowriters }) => {
    const byPapers = mostPapersFirst(namesakes);
    const shown = shownNamesakes(byPapers).map((a) => `${markdownLiteral(a.author)} (${a.papers.length === 1 ? 'one paper' : `${a.papers.length} papers`})`);
    const more = byPapers.length > NAMESAKES_MAX ? ` and ${byPapers.length - NAMESAKES_MAX} more` : '';
    const written = nameWritten(name, byPapers);
    searches.push(papersSearch(written));
    const line = [`Several authors are named **${written}**${named.length ? ', so their papers are not listed' : ''}: ${shown.join(', ')}${more}.`];
    const withThem = mostPapersFirst(cowriters?.namesakes ?? []);
    if (cowriters) {
      const whom = cowriters.of.map((a) => `**${markdownLiteral(a.author)}**`);
      const all = whom.length === 1 ? whom[0]! : `${whom.length === 2 ? 'both' : 'all of'} ${joinList(whom)}`;
      line.push(withThem.length ? `Of them, ${joinList(withThem.map((a) => markdownLiteral(a.author)))} are listed as authors with ${all}.` : `None of them is listed as an author with ${all}${firstAuthorsOnly([...cowriters.of, ...namesakes], ' (some of these papers name only their first author)')}.`);
    }
    examples.push((withThem[0] ?? byPapers[0]!).author);
    return line.join(' ');
  });
  const full = ambiguous.length === 1 ? 'the full name' : 'the full names';
  const example = joinList([...examples, ...named.map((a) => a.author)].map(markdownLiteral));
  const ask = `Ask with ${full}, such as "Which papers are by ${example}?"; ${joinList(searches)} ${searches.length === 1 ? 'lists' : 'list'} the papers of all of them.`;
  return [...lines.slice(0, -1), `${lines.at(-1)!} ${ask}`].join('\n');
}

/** A name several authors share as their names write it ("Wang" for "wang"), when it is their end; `byPapers` are they, most papers first. */
function nameWritten(name: string, byPapers: readonly AuthorPapers[]): string {
  const end = byPapers[0]!.author.split(/\s+/).slice(-name.split(/\s+/).length).join(' ');
  return markdownLiteral(foldName(end) === foldName(name) ? end : name);
}

/** The /papers search that lists the papers of every author a name is ("/papers Wang"). */
function papersSearch(written: string): string {
  return `/papers ${written}`;
}

/** The namesakes a namesakes answer names, of authors sorted by mostPapersFirst. */
function shownNamesakes(byPapers: readonly AuthorPapers[]): AuthorPapers[] {
  return byPapers.slice(0, NAMESAKES_MAX);
}

/**
 * The papers of the namesakes an answer names ("Several authors are named Wang: Jing Wang (3
 * papers), ..."), in that order, as many as a list shows: what "When were they published?" after
 * it is about, though it lists none of them.
 */
export function namesakesPapers(ambiguous: readonly Namesakes[]): Paper[] {
  return [...new Set(ambiguous.flatMap(({ namesakes }) => shownNamesakes(mostPapersFirst(namesakes)).flatMap((a) => a.papers)))].slice(0, LISTED_PAPERS_MAX);
}

/**
 * The line that ends a list of namesakesPapers when the name asked is more authors' than it
 * shows the papers of ("papers by Wang": "... and 45 more; /papers Wang lists them all."), none
 * when it shows them all.
 */
export function namesakesPapersNotListed(ambiguous: readonly Namesakes[]): string[] {
  const all = new Set(ambiguous.flatMap(({ namesakes }) => namesakes.flatMap((a) => a.papers)));
  const searches = ambiguous.map(({ name, namesakes }) => papersSearch(nameWritten(name, mostPapersFirst(namesakes))));
  return moreThanListed(all.size, `${joinList(searches)} ${searches.length === 1 ? 'lists' : 'list'} them all`);
}
