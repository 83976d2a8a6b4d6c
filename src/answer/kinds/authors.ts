import type { AnswerKind } from '../kind.js';
import type { Paper } from '../../corpus/paper.js';
import { namedPapers } from '../../question/pointing.js';
import type { Source } from '../../types.js';
import { answerFromAbstracts, quoteAsFound } from '../abstracts.js';
import { authorsAnswer } from '../bylines.js';

/** The sources whose authors a "who wrote ...?" question asks for: the paper it is limited to, the papers it names, else the best match. One source per paper. */
export function authorSources(question: string, sources: Source[], paper: Paper | undefined): Source[] {
  const firstOf = (id: string) => sources.find((s) => s.paperId === id);
  const ids = paper ? [paper.id] : namedPapers(question, sources);
  return (ids.length ? ids : sources.slice(0, 1).map((s) => s.paperId)).map(firstOf).filter((s): s is Source => !!s);
}

/** "Who wrote X?", "When was the paper on spatial audio published?": the byline of the paper named, pointed at or found. */
export const authorsKind: AnswerKind = {
  id: 'authors',
  description: 'Who wrote a paper, where and when it appeared: of the paper named, pointed at, or found by a description.',
  stage: 'papers',
  match: (f) => f.authorship,
  answer: (f, ctx) =>
    answerFromAbstracts(f, ctx, 'authors', (f, ctx, found) => {
      const by = authorsAnswer(authorSources(f.q, found.sources, f.paper), f.authorCount);
      return by ? { ...by, metadata: true } : quoteAsFound(f, ctx, found);
    }),
};
