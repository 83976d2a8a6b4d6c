/** Lists of whole papers in an answer ("**Title** (id) [n]"), cut at LISTED_PAPERS_MAX, and reading such a list back from an answer. */
import { markdownLiteral } from '../corpus/text.js';
import type { Source } from '../types.js';

/** Papers a list of whole papers shows (an author's, those that mention a topic); more are counted, not listed. */
export const LISTED_PAPERS_MAX = 10;

/** "**Title** (id) [n]": one paper of a list, cited to its abstract. */
export function listedPaper(s: Source): string {
  return `**${markdownLiteral(s.title)}** (${s.paperId}) [${s.n}]`;
}

/** A listed paper's id, as listedPaper writes it between its title and its citation. */
const LISTED_PAPER_ID = /\((\S+)\) \[\d+\]/g;

/** The ids of the papers an answer lists (see listedPaper), as read back from a conversation's history. */
export function listedPaperIds(answer: string): Set<string> {
  return new Set([...answer.matchAll(LISTED_PAPER_ID)].map((m) => m[1]!));
}

/** The line that ends a list cut at LISTED_PAPERS_MAX ("... and 3 more; <where>."), none when the list is whole. */
export function moreThanListed(total: number, where: string): string[] {
  return total > LISTED_PAPERS_MAX ? [`... and ${total - LISTED_PAPERS_MAX} more; ${where}.`] : [];
}

/** The line moreThanListed writes, as read back from an answer: how many more there were. */
const MORE_THAN_LISTED = /^\.\.\. and (\d+) more; .*$/m;

/** The line that ends a list cut short, read back from its answer (see moreThanListed), and how many papers it did not list; undefined for a whole list. */
export function notListedIn(answer: string): { line: string; more: number } | undefined {
  const m = MORE_THAN_LISTED.exec(answer);
  return m ? { line: m[0], more: Number(m[1]) } : undefined;
}
