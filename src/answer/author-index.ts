/** The corpus's authors by name (whole, surname, first and last name), built once per corpus, for questions that name an author. */
import type { Paper } from '../corpus/paper.js';
import { escapeRegExp, wholeWord } from '../text/pattern.js';
import { normalize } from '../text/terms.js';

/** An author, as the metadata writes their name, with their papers in corpus order. */
export type AuthorPapers = { author: string; papers: Paper[] };

/** A corpus's authors by the names a question may ask them by. */
export interface AuthorIndex {
  /** By whole name. */
  whole: Map<string, AuthorPapers>;
  /** By the end of a name ("zeller", "ricarda zeller") and by first and last name ("jana zeller"): several authors may share one. */
  partial: Map<string, AuthorPapers[]>;
  /** Whether titles or abstracts write a word in lower case (see writtenInLowerCase), by the word, as asked. */
  lowerCase: Map<string, boolean>;
}

/** Built on the first question that asks for someone's papers, once per corpus (a reindex brings a new array). */
const authorIndexes = new WeakMap<readonly Paper[], AuthorIndex>();

/** The corpus's author index, built on first use. */
export function authorIndex(papers: readonly Paper[]): AuthorIndex {
  let index = authorIndexes.get(papers);
  if (!index) {
    index = { whole: new Map(), partial: new Map(), lowerCase: new Map() };
    for (const p of papers) {
      for (const a of p.authors) {
        const key = foldName(a);
        const entry = index.whole.get(key);
        if (entry) entry.papers.push(p);
        else {
          const added = { author: a, papers: [p] };
          index.whole.set(key, added);
          for (const part of partialNames(key)) {
            const owners = index.partial.get(part);
            if (owners) owners.push(added);
            else index.partial.set(part, [added]);
          }
        }
      }
    }
    authorIndexes.set(papers, index);
  }
  return index;
}

/** The authors whose first name is `name`, one word ("Morteza"): a scan of every author, done only for a name no author's surname is. */
export function byFirstName(index: AuthorIndex, name: string): AuthorPapers[] {
  const key = foldName(name);
  if (key.includes(' ')) return [];
  return [...index.whole.entries()].filter(([whole]) => whole.startsWith(`${key} `)).map(([, a]) => a);
}

/** Whether an author's whole name or the end of it is `name`, looked up without noting it. */
export function isAuthorName(index: AuthorIndex, name: string): boolean {
  const key = foldName(name);
  return index.whole.has(key) || index.partial.has(key);
}

/**
 * Whether a title or abstract writes `word` in lower case, as an ordinary word ("long", not
 * "zeller"): such a surname alone, with no "by" or "'s" to say it is a name, is taken as the word.
 * A scan of the corpus, done once a word.
 */
export function writtenInLowerCase(index: AuthorIndex, papers: readonly Paper[], word: string): boolean {
  const lower = word.toLowerCase();
  let written = index.lowerCase.get(lower);
  if (written === undefined) {
    const pattern = wholeWord(escapeRegExp(lower), 'u');
    written = papers.some((p) => pattern.test(p.title) || pattern.test(p.abstract));
    index.lowerCase.set(lower, written);
  }
  return written;
}

/** The shorter names a whole name may be asked by: each of its ends ("zeller", "ricarda zeller"; not an initial) and its first and last name ("jana zeller"). */
function partialNames(key: string): string[] {
  const ws = key.split(' ');
  const out = new Set<string>();
  for (let k = 1; k < ws.length; k++) if (k < ws.length - 1 || ws[k]!.length > 1) out.add(ws.slice(k).join(' '));
  if (ws.length > 2) out.add(`${ws[0]} ${ws.at(-1)}`);
  return [...out];
}

/** The words of the corpus's author names ("artem", "dementyev"), once per corpus, for a question's word that is none of the papers' but someone's name. */
const authorWordSets = new WeakMap<readonly Paper[], Set<string>>();

/** Whether a lower-case word is a word of an author's name: "papers by artem dementyev" is no typo for a word the papers write. */
export function isAuthorNameWord(word: string, papers: readonly Paper[]): boolean {
  let names = authorWordSets.get(papers);
  if (!names) authorWordSets.set(papers, (names = new Set(papers.flatMap((p) => p.authors.flatMap((a) => foldName(a).split(' '))))));
  return names.has(word);
}

export function foldName(name: string): string {
  return normalize(name).replace(/[\s.,'’-]+/g, ' ').trim();
}

/** Authors most papers first, as a namesakes answer lists them. */
export function mostPapersFirst(authors: readonly AuthorPapers[]): AuthorPapers[] {
  return [...authors].sort((a, b) => b.papers.length - a.papers.length);
}
