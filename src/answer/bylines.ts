/** Questions a paper's byline answers, not its abstract: who wrote it, how many authors it has, where and when it appeared. */
import { byline } from '../corpus/paper.js';
import { markdownLiteral } from '../corpus/text.js';
import { ASKING_FOR_AUTHORS, ASKING_START, AUTHORSHIP_ALL, AUTHORS_NOUN, AUTHORS_NOUN_ALL, AUTHOR_COUNT, AUTHOR_COUNT_WORDS, COUNTING_AUTHORS } from '../lexicon/authors.js';
import { PUBLICATION, PUBLICATION_WORDS } from '../lexicon/publication.js';
import { words } from '../text/terms.js';
import type { Source } from '../types.js';
import type { ExtractiveAnswer } from './extractive.js';
import { citationFor } from './sources.js';

/** The answer to a byline question that points back ("Who wrote it?", "When was it published?") with nothing to point back at. */
export const NO_PAPER_NAMED = 'Which paper? This question names none: name the paper (its title, its system name or its arXiv id), or ask it as a follow-up to a question about that paper.';

/** The question without the words that ask for authors: what is left names the paper. */
export function withoutAuthorship(question: string): string {
  return question.replace(AUTHORSHIP_ALL, ' ').replace(AUTHORS_NOUN_ALL, ' ').replace(ASKING_START, ' ');
}

/**
 * Whether a question, its paper's name taken out, asks for authors and nothing else ("'s
 * authors", "Who are the authors of", "How many authors does it have?"): "What do the authors of
 * PixelThink propose?" asks its abstract.
 */
export function asksOnlyForAuthors(rest: string): boolean {
  const counting = asksAuthorCount(rest);
  return AUTHORS_NOUN.test(rest) && words(rest.replace(ASKING_START, ' ')).every((w) => ASKING_FOR_AUTHORS.has(w) || AUTHORS_NOUN.test(w) || (counting && COUNTING_AUTHORS.has(w)));
}

/** Whether a question asks how many authors a paper has. */
export function asksAuthorCount(question: string): boolean {
  return AUTHOR_COUNT.test(question);
}

/** The question without the words that ask how many authors: what is left asks for authors (see asksOnlyForAuthors) and names the paper. */
export function withoutAuthorCount(question: string): string {
  return question.replace(AUTHOR_COUNT_WORDS, ' ');
}

/** Whether a question asks where or when something appeared; its byline answers when it names a paper and asks nothing else. */
export function asksWhereOrWhen(question: string): boolean {
  return PUBLICATION.test(question);
}

/** The question without the words that ask where or when it appeared. */
export function withoutPublication(question: string): string {
  return question.replace(PUBLICATION_WORDS, ' ');
}

/**
 * One line per paper, "**Title** is by A, B and C (ICML 2026). [n]"; `counted`, how many authors
 * it has first ("**Title** has 3 authors: A, B and C (ICML 2026). [n]"), or that its metadata
 * names only the first. Null when no author is known.
 */
export function authorsAnswer(sources: Source[], counted = false): ExtractiveAnswer | null {
  const known = sources.filter((s) => byline(s));
  if (!known.length) return null;
  const line = (s: Source) => {
    const title = `**${markdownLiteral(s.title)}**`;
    const by = markdownLiteral(byline(s));
    if (!counted) return `${title} is by ${by}. [${s.n}]`;
    // A first author alone says nothing of how many wrote with them: a count of one would be wrong.
    if (s.authorsIncomplete) return `${title} is by ${by}; its metadata names only the first author, not how many there are. [${s.n}]`;
    const n = s.authors!.length;
    return `${title} has ${n === 1 ? 'one author' : `${n} authors`}: ${by}. [${s.n}]`;
  };
  return { answer: known.map(line).join('\n'), citations: known.map((s) => citationFor(s)) };
}
