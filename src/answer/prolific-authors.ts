/** "Who is the most prolific author?": the authors with the most indexed papers. */
import type { Paper } from '../corpus/paper.js';
import { markdownLiteral } from '../corpus/text.js';
import { ASKING_FOR_RANKING, AUTHOR_WORDS, PAPER_WITH_MOST_AUTHORS, RANKING_WORDS } from '../lexicon/authors.js';
import { joinList } from '../text/clean.js';
import { words } from '../text/terms.js';
import { type AuthorPapers, authorIndex, mostPapersFirst } from './author-index.js';

/** Authors shown in a ranking by papers: the most, and those after them down to this many. */
const RANKED_AUTHORS_MAX = 10;

/** Whether a question asks which authors have the most papers, and nothing else ("Who wrote the most cited paper?" asks other things). */
export function asksMostPapersAuthors(question: string): boolean {
  // "Which paper has the most authors?" ranks papers by their authors, not authors by their papers.
  if (PAPER_WITH_MOST_AUTHORS.test(question)) return false;
  const ws = words(question);
  return ws.some((w) => RANKING_WORDS.test(w)) && ws.some((w) => AUTHOR_WORDS.test(w)) && ws.every((w) => ASKING_FOR_RANKING.has(w));
}

/**
 * The authors with the most indexed papers, as the metadata writes their names: those tied first,
 * then the next down to RANKED_AUTHORS_MAX, each with how many. Two people with one name count as
 * one, and a sidecar that names only first authors counts only those: both are said.
 */
export function mostPapersAuthorsAnswer(papers: readonly Paper[]): string {
  const ranked = mostPapersFirst([...authorIndex(papers).whole.values()]);
  const top = ranked[0]?.papers.length ?? 0;
  if (top === 0) return 'The metadata names no authors, so I cannot say who wrote the most papers.';
  const firstOnly = papers.some((p) => p.authorsIncomplete) ? ' For some papers the metadata names only the first author, who alone is counted.' : '';
  if (top === 1) return `No author has more than one of the ${papers.length} indexed papers, as the metadata writes their names.${firstOnly}`;
  const count = (a: AuthorPapers) => `${markdownLiteral(a.author)} (${a.papers.length})`;
  const first = ranked.filter((a) => a.papers.length === top);
  const next = ranked.filter((a) => a.papers.length < top && a.papers.length > 1).slice(0, Math.max(0, RANKED_AUTHORS_MAX - first.length));
  const lines = [
    `${joinList(first.slice(0, RANKED_AUTHORS_MAX).map((a) => `**${markdownLiteral(a.author)}**`))} ${first.length === 1 ? 'has' : 'have'} the most indexed papers: ${top}${first.length === 1 ? '' : ' each'}${first.length > RANKED_AUTHORS_MAX ? `, with ${first.length - RANKED_AUTHORS_MAX} more` : ''}.`,
    ...(next.length ? [`Next: ${joinList(next.map(count))}.`] : []),
    `Counted by name as the metadata writes it (two people with one name count as one).${firstOnly} "Which papers are by <name>?" lists one author's papers.`,
  ];
  return lines.join('\n');
}
