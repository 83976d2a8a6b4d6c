/** The sentences of a paper's abstract that say what an aspect question asks: its data, its models, its figures and sizes. */
import type { Paper } from '../../corpus/paper.js';
import { readableTex } from '../../corpus/text.js';
import { summaryParts } from './sections.js';
import { DATA_WORD, FIGURE, NAMED_AS_DATA, NAMES_DATA, NAMES_MODELS, SIZE_UNREAD } from '../../lexicon/aspects.js';

/** The sentences of a paper's own work that name the models it evaluates on or builds on (see NAMES_MODELS). */
export function modelSentences(paper: Paper): string[] {
  return ownSentences(paper, (s) => NAMES_MODELS.test(readableTex(s)));
}

/**
 * The sentences of a paper's abstract that say what data it uses (see NAMES_DATA and
 * NAMED_AS_DATA), in its authors' own work, not in its problem (what others' benchmarks lack).
 * In the abstract's order; none when it names no data ("experiments across diverse benchmarks").
 */
export function dataSentences(paper: Paper): string[] {
  return ownSentences(paper, (s) => (DATA_WORD.test(s) && NAMES_DATA.test(s)) || NAMED_AS_DATA.test(s));
}

/** The sentences of a paper's own work (not of its problem) that `says` holds of, in the abstract's order. */
function ownSentences(paper: Paper, says: (sentence: string) => boolean): string[] {
  const parts = summaryParts(paper);
  return parts ? parts.order.filter((s) => !parts.sections.Problem.includes(s) && says(s)) : [];
}

/** The most sentences quoted for a figure asked about: the abstract's first few that state one. */
const FIGURE_SENTENCES_MAX = 3;
/**
 * The sentences of a paper's own work that state a figure ("SciVideoBench consists of 1,000 …
 * questions"), in the abstract's order, for a question that asks for one ("How big is
 * SciVideoBench?") in words the abstract does not write.
 */
export function figureSentences(paper: Paper): string[] {
  // As read: TeX writes a shape "$1{\times}1$".
  return ownSentences(paper, (s) => FIGURE.test(readableTex(s))).slice(0, FIGURE_SENTENCES_MAX);
}

/** The most of them a refusal quotes. */
const SIZES_UNREAD_SHOWN = 3;

/** Sizes of a paper's own work its abstract writes in ways figureSentences does not read (see SIZE_UNREAD), each once, in its order. */
export function sizesUnread(paper: Paper): string[] {
  const found = ownSentences(paper, () => true).flatMap((s) => [...readableTex(s).matchAll(SIZE_UNREAD)].map((m) => m[0].replace(/\s+/gu, ' ')));
  return [...new Set(found)].slice(0, SIZES_UNREAD_SHOWN);
}
