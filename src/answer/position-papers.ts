/** Position papers (ICML's "Position: ..." track, or an abstract that calls itself one): asked for, found and listed. */
import type { Paper } from '../corpus/paper.js';
import { ASKING_FOR_PAPERS, POSITION_PAPER, POSITION_TITLE } from '../lexicon/topics.js';
import { splitSentences } from '../text/sentences.js';
import { queryTerms, words } from '../text/terms.js';
import type { Source } from '../types.js';
import type { ExtractiveAnswer } from './extractive.js';
import { tldrIndex } from './summary/sections.js';
import { type TopicMention, countedOf, mentionsListAnswer } from './topic-mentions.js';

/**
 * "Which papers are position papers?", "How many position papers are there?", "Any position
 * papers?": a kind of paper, which the papers that write "position" (a token's position) are not.
 */
export function positionPapersAsked(question: string): boolean {
  return POSITION_PAPER.test(question) && words(question.replace(POSITION_PAPER, ' ')).every((w) => ASKING_FOR_PAPERS.has(w));
}

/** The words a position paper writes in its abstract, to look up which papers may be one (see positionPapers). */
export const POSITION_PAPER_TERMS = queryTerms('position paper', { parts: false });

/** Whether a title may be a position paper's; the abstract says so of the others (see positionPapers). */
export function hasPositionTitle(paper: Paper): boolean {
  return POSITION_TITLE.test(paper.title);
}

/**
 * The position papers among `papers`: titled "Position: ..." as ICML's position track titles them,
 * or calling themselves one ("In this position paper, we argue"), each with the sentence that says
 * so, else the one that states its thesis.
 */
export function positionPapers(papers: readonly Paper[]): TopicMention[] {
  return papers.flatMap((paper) => {
    const sentences = splitSentences(paper.abstract).map((s) => s.text);
    const saysSo = sentences.find((s) => POSITION_PAPER.test(s));
    if (!saysSo && !hasPositionTitle(paper)) return [];
    return [{ paper, sentence: saysSo ?? sentences[tldrIndex(sentences, paper.title)] }];
  });
}

/** "2 of the 293 indexed papers are position papers:" and each, cited; "None of the 19 indexed papers is a position paper ...". */
export function positionPapersAnswer(papers: readonly TopicMention[], indexed: number, sources: readonly Source[]): ExtractiveAnswer {
  if (papers.length === 0) return { answer: `None of ${countedOf(indexed)} is a position paper (ICML titles them "Position: …").`, citations: [] };
  return mentionsListAnswer(`${papers.length} of ${countedOf(indexed)} ${papers.length === 1 ? 'is a position paper' : 'are position papers'}:`, papers, sources);
}
