/** Questions for the papers of an author ("Which papers are by Artem Dementyev?"), or of a name no author has ("papers by Google"), and their answers. */
import type { Paper } from '../corpus/paper.js';
import { markdownLiteral } from '../corpus/text.js';
import { ASKING_OPENER, ASKING_START, BEFORE_PAPERS, BEFORE_WRITING, BY_AUTHOR, BY_RUN, CAPITALISED_RUN, DETERMINERS, LIST_SEPARATOR, LOWER_CASE_WORD, NAMED_BY, NAMED_FROM, NAMED_POSSESSIVE, NAMED_WRITING, PAPERS_WORD, POSSESSIVE_RUN, SURNAME_SHAPE, WORD_BEFORE_PAPERS, WRITING } from '../lexicon/authors.js';
import { joinList } from '../text/clean.js';
import { escapeRegExp, wholeWord } from '../text/pattern.js';
import { isStopword, normalize, queryConcepts } from '../text/terms.js';
import type { Source } from '../types.js';
import { type AuthorPapers, authorIndex, byFirstName, foldName, isAuthorName, writtenInLowerCase } from './author-index.js';
import { LISTED_PAPERS_MAX, listedPaper, moreThanListed } from './listing.js';
import { NAMESAKES_MAX, type Namesakes, firstAuthorsOnly, namesakesAnswer } from './namesakes.js';
import { venuesOf } from './venues.js';

/** Words a name run holds at most: longer stretches are not tried. */
const NAME_WORDS_MAX = 4;

/** The authors a question asks the papers of, and the names it writes that are several authors' ("Wang"), to ask again in full. */
export type AuthorsAsked = { authors: AuthorPapers[]; ambiguous: Namesakes[] };

/** Whether a word before a name leaves it standing alone, as a surname: "what are", "show me", "did"; not "the" or "John". */
function leadsToName(word: string): boolean {
  const base = normalize(word).replace(/['’]s$/u, '');
  return ASKING_OPENER.test(word) || (isStopword(base) && !DETERMINERS.has(base));
}

/**
 * The authors a question asks the papers of ("Which papers are by Artem Dementyev?", "papers
 * by dementyev and Zeller"), each with their papers in corpus order. A name is an author's whole
 * name (any case), their first and last names without the middle ones ("Jana Zeller"), or the end
 * of it ("Zeller", "van der Schaar"). A surname alone counts only where a name clearly stands:
 * right after "by" and followed by nothing but small words ("papers by zeller about audio", not
 * "improved by Long context"); before "'s papers" or "'s work", capitalised ("Zeller's papers",
 * not "VEQ's work") or in lower case after a small word that asks ("what are zeller's papers",
 * not "the model's work" nor "john zeller's papers"); capitalised in a question about writing
 * ("What has Zeller published?"); and, when it is no word the papers write in lower case ("long"
 * is), right before a verb of writing ("papers zeller wrote") or before "papers" in a question
 * that asks nothing else ("Dementyev papers", not "What does the Zeller paper find?").
 * Longer names first; whole words only.
 */
export function authorAsked(question: string, papers: readonly Paper[]): AuthorsAsked | undefined {
  const byAuthor = BY_AUTHOR.test(question);
  // Most questions are not about authors: without a word that may be a name before "papers", the author index is not built (on a large corpus it takes a while).
  if (!byAuthor && ![...question.matchAll(WORD_BEFORE_PAPERS)].some((m) => !isStopword(normalize(m[1]!)))) return undefined;
  const index = authorIndex(papers);
  /** Each name found, in question order, with the authors it may be: one, or several namesakes. */
  const names: { name: string; authors: AuthorPapers[] }[] = [];
  /** Whether the words `ws` are a name, an author's whole or part of one; if so it is noted. */
  const isName = (ws: string[]): boolean => {
    const key = foldName(ws.join(' '));
    const whole = index.whole.get(key);
    const found = whole ? [whole] : (index.partial.get(key) ?? []);
    if (found.length) names.push({ name: ws.join(' '), authors: found });
    return found.length > 0;
  };
  /** The longest name starting at ws[i] (one word only when `single` allows it); how many words it took, 0 for none. */
  const nameAt = (ws: string[], i: number, single: boolean): number => {
    for (let j = Math.min(ws.length, i + NAME_WORDS_MAX); j > i; j--) {
      if (j === i + 1 && !single) break;
      if (isName(ws.slice(i, j))) return j - i;
    }
    return 0;
  };
  const scan = (ws: string[], single: (i: number) => boolean) => {
    for (let i = 0; i < ws.length; ) i += nameAt(ws, i, single(i)) || 1;
  };
  /**
   * In each run of `pattern` (names ending where the run does), the longest name that ends with
   * each part of it; one word alone only when `single` allows it, given the words before it and
   * the word that opens the question, if it only asks.
   */
  const namesEnding = (pattern: RegExp, single: (ws: string[], i: number, opening: string | undefined) => boolean) => {
    for (const m of question.matchAll(pattern)) {
      // The question's first word is capitalised for being first ("Show Dementyev's papers"), but only a word that asks is no first name ("Artem Smith's papers" are not Virginia Smith's).
      const first = m[0].split(/\s+/)[0]!;
      const opening = m.index === 0 && (ASKING_OPENER.test(first) || isStopword(normalize(first))) ? first : undefined;
      for (const part of m[0].split(LIST_SEPARATOR)) {
        const ws = part.split(/\s+/).filter(Boolean).slice(-NAME_WORDS_MAX);
        for (let i = 0; i < ws.length; i++) if ((i < ws.length - 1 || single(ws, i, opening)) && isName(ws.slice(i))) break;
      }
    }
  };
  /**
   * One word alone is a surname only as written ("Zeller's papers", not "the model's work" or
   * "VEQ's work") and not after a first name no author has ("Jane Wang's papers" are not Ziqin
   * Wang's); in lower case, only after a small word that asks or none ("what are zeller's papers").
   */
  const surname = (ws: string[], i: number, opening: string | undefined): boolean => {
    const w = ws[i]!;
    if (SURNAME_SHAPE.test(w)) return i === 0 || ws[i - 1] === opening || !/^\p{Lu}/u.test(ws[i - 1]!);
    return LOWER_CASE_WORD.test(w) && !isStopword(normalize(w)) && (i === 0 || leadsToName(ws[i - 1]!));
  };
  /**
   * Where no "by" or "'s" says a name stands, a surname alone is also no word the papers write in
   * lower case ("long papers", "written in long form"); only an author's name is looked for in
   * them, so that other words ("video papers") cost no scan.
   */
  const bareSurname = (ws: string[], i: number, opening: string | undefined): boolean =>
    surname(ws, i, opening) && isAuthorName(index, ws[i]!) && !writtenInLowerCase(index, papers, ws[i]!);
  if (byAuthor) {
    for (const [run] of question.matchAll(BY_RUN)) {
      for (const part of run.split(LIST_SEPARATOR)) {
        const ws = part.split(/\s+/).filter(Boolean);
        const next = normalize(ws[1] ?? '');
        const alone = ws.length === 1 || isStopword(next) || next === 'et';
        // "by the authors": a small word in lower case is none of their surnames.
        scan(ws, (i) => i === 0 && alone && !(isStopword(ws[0]!) && ws[0] === ws[0]!.toLowerCase()));
      }
    }
    namesEnding(POSSESSIVE_RUN, surname);
    const writing = WRITING.test(question);
    for (const m of question.matchAll(CAPITALISED_RUN)) {
      const ws = m[0].split(/\s+/);
      // The question's first word is capitalised for being first.
      scan(ws, () => ws.length === 1 && writing && m.index > 0 && SURNAME_SHAPE.test(ws[0]!));
    }
    namesEnding(BEFORE_WRITING, bareSurname);
  }
  // "Dementyev papers" asks for them only when the question asks nothing else: "What does the Zeller paper find?" asks the paper's abstract.
  const asked = names.length;
  namesEnding(BEFORE_PAPERS, bareSurname);
  const rest = names.slice(asked).reduce((text, n) => text.replace(n.name, ' '), question).replace(ASKING_START, ' ').replace(PAPERS_WORD, ' ');
  if (queryConcepts(rest).length > 0) names.length = asked;
  // "papers by Jiayu Xiong and Xue": of the authors named Xue, the one who wrote with Jiayu Xiong.
  const known = [...new Set(names.filter((n) => n.authors.length === 1).map((n) => n.authors[0]!))];
  const authors = new Set<AuthorPapers>();
  // "papers by Wang and Zeller": Zeller's papers, and the Wangs to ask again with the full name.
  const ambiguous = new Map<string, Namesakes>();
  for (const n of names) {
    const wroteWithKnown = n.authors.length > 1 && known.length ? n.authors.filter((a) => known.every((k) => k.papers.some((p) => a.papers.includes(p)))) : n.authors;
    if (wroteWithKnown.length === 1) authors.add(wroteWithKnown[0]!);
    else if (!ambiguous.has(foldName(n.name))) ambiguous.set(foldName(n.name), { name: n.name, namesakes: n.authors, ...(known.length ? { cowriters: { of: known, namesakes: wroteWithKnown } } : {}) });
  }
  return authors.size || ambiguous.size ? { authors: [...authors], ambiguous: [...ambiguous.values()] } : undefined;
}

/**
 * Papers of one or more authors as an answer; `sources` are their abstracts, each cited. With
 * several, the papers they wrote together, else each one's. Names several authors share
 * (`ambiguous`) are said after it, with how to ask for them.
 */
export function authorPapersAnswer(authors: readonly AuthorPapers[], sources: readonly Source[], ambiguous: readonly Namesakes[] = []): string {
  const sourceOf = new Map(sources.map((s) => [s.paperId, s]));
  const listed = (papers: readonly Paper[]) => papers.slice(0, LISTED_PAPERS_MAX).map((p) => sourceOf.get(p.id)).filter((s): s is Source => !!s).map((s) => listedPaper(s));
  const count = (n: number) => (n === 1 ? 'one indexed paper' : `${n} indexed papers`);
  const more = (papers: readonly Paper[], name: string) => moreThanListed(papers.length, `/papers ${name} lists them`);
  const names = authors.map((a) => `**${markdownLiteral(a.author)}**`);
  const eachOne = (a: AuthorPapers) => [`**${markdownLiteral(a.author)}** is an author of ${count(a.papers.length)}:`, ...listed(a.papers), ...more(a.papers, a.author)];
  const namesakes = ambiguous.length ? [namesakesAnswer(ambiguous, authors)] : [];
  if (authors.length === 1) return [...eachOne(authors[0]!), ...namesakes].join('\n');
  const together = jointPapers(authors);
  if (together.length) return [`${joinList(names)} are authors of ${count(together.length)} together:`, ...listed(together), ...more(together, authors.map((a) => a.author).join(' ')), ...namesakes].join('\n');
  return [`No indexed paper lists ${authors.length === 2 ? 'both' : 'all of'} ${joinList(names)} as authors${firstAuthorsOnly(authors, ' (some of their papers name only their first author)')}. Each one's:`, ...authors.flatMap(eachOne), ...namesakes].join('\n');
}

/** The papers an answer to authorPapersAnswer cites, in the order it lists them. */
export function authorPapersCited(authors: readonly AuthorPapers[]): Paper[] {
  if (authors.length === 1) return authors[0]!.papers.slice(0, LISTED_PAPERS_MAX);
  const together = jointPapers(authors);
  return [...new Set(together.length ? together.slice(0, LISTED_PAPERS_MAX) : authors.flatMap((a) => a.papers.slice(0, LISTED_PAPERS_MAX)))];
}

function jointPapers(authors: readonly AuthorPapers[]): Paper[] {
  return authors[0]!.papers.filter((p) => authors.every((a) => a.papers.includes(p)));
}

/**
 * A question for the papers of a name no author has ("Which papers were written by Google?"):
 * the answer says so, and that institutions are not known. `alone`: the question asks nothing
 * else, so no search can answer it better. Undefined when it names no one, or an author has
 * that name.
 */
export function unknownAuthorAsked(question: string, papers: readonly Paper[]): { answer: string; alone: boolean } | undefined {
  const m = NAMED_BY.exec(question) ?? NAMED_POSSESSIVE.exec(question) ?? NAMED_WRITING.exec(question) ?? NAMED_FROM.exec(question);
  const name = m?.[1]?.trim();
  if (!m || !name) return undefined;
  // "Which papers are from ICML 2026?" asks for a venue, which the papers' bylines give.
  const asVenue = wholeWord(escapeRegExp(name), 'iu');
  if (venuesOf(papers).some((venue) => asVenue.test(venue))) return undefined;
  const index = authorIndex(papers);
  if (isAuthorName(index, name)) return undefined;
  const firstOnly = papers.some((p) => p.authorsIncomplete) ? ', and for some papers only the first author' : '';
  // "papers by Morteza": no surname, but a first name, of Morteza Monemizadeh; said so, not "no author named Morteza".
  const firstNamed = byFirstName(index, name);
  if (firstNamed.length) {
    const shown = firstNamed.slice(0, NAMESAKES_MAX).map((a) => markdownLiteral(a.author));
    const more = firstNamed.length > NAMESAKES_MAX ? ` and ${firstNamed.length - NAMESAKES_MAX} more` : '';
    return {
      answer: `No indexed author's surname is ${markdownLiteral(name)}, but it is the first name of ${joinList(shown)}${more}. Ask ${firstNamed.length === 1 ? 'with the full name' : 'for one of them by full name'}: "papers by ${firstNamed[0]!.author}".`,
      alone: queryConcepts(question.replace(m[0], ' ')).length === 0,
    };
  }
  return {
    answer: `No indexed paper lists an author named ${markdownLiteral(name)}. The metadata gives authors' names, not their institutions${firstOnly}; /papers ${name.split(/\s+/).at(-1)} searches titles and authors.`,
    alone: queryConcepts(question.replace(m[0], ' ')).length === 0,
  };
}
