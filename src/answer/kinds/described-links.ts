import type { AnswerKind } from '../kind.js';
import { answerFromAbstracts, quoteAsFound } from '../abstracts.js';
import { linksAnswer } from '../links.js';
import { citationFor } from '../sources.js';
import { authorSources } from './authors.js';

/** "Where can I find the code of the 4D spatial-temporal paper?": the links of the paper the search finds; "code" and "find" are not what to search for. */
export const describedLinksKind: AnswerKind = {
  id: 'described-links',
  description: 'The links of a paper described rather than named ("the code of the 4D spatial-temporal paper").',
  stage: 'papers',
  match: (f) => f.linksOfDescribed && !f.comparison,
  answer: (f, ctx) =>
    answerFromAbstracts(f, ctx, 'described-links', (f, ctx, found) => {
      const described = authorSources(f.q, found.sources, f.paper)[0];
      if (!described) return quoteAsFound(f, ctx, found);
      return { answer: linksAnswer(ctx.library.retriever.paper(described.paperId)!, described.n, f.q), citations: [citationFor(described)], metadata: true };
    }),
};
