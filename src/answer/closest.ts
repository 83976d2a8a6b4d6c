import type { Hit } from '../retrieval/retriever.js';
import type { QuestionFrame } from '../question/frame.js';
import type { Answer } from '../types.js';
import { extractiveAnswer } from './extractive.js';
import type { AnswerContext } from './kind.js';
import { toSources } from './sources.js';

/** How many of the nearest passages are quoted: as many as an answer's sentences, the nearest first. */
const CLOSEST_SOURCES = 3;

/** What opens a closest answer: the reader is told the passages may not answer before reading them. */
export const CLOSEST_OPENING = 'No abstract answers this in its words; the closest passages, which may not answer it:';

/**
 * A question no passage answers in its own words, though some come near (another word for the
 * same thing: "extra training" where the paper writes "additional training"): the nearest
 * passages, quoted and marked as possibly not answering, rather than a refusal. The reader can
 * judge; a refusal would leave nothing to judge. Undefined when nothing is near (see
 * Retriever.closeness): that question is refused outright.
 */
export function closestAnswer(f: QuestionFrame, ctx: AnswerContext, near: readonly Hit[] | undefined): Answer | undefined {
  if (!near?.length) return undefined;
  const sources = toSources(near.slice(0, CLOSEST_SOURCES));
  // Only a question that names no paper gets here (abstracts.ts): what is asked is the question.
  const ex = extractiveAnswer(f.q, sources, ctx.library.retriever.termStats, ctx.settings.retrieval);
  if (!ex.citations.length) return undefined;
  return {
    kind: 'closest',
    question: f.q,
    answer: `${CLOSEST_OPENING}\n${ex.answer}`,
    mode: 'extractive',
    refused: false,
    citations: ex.citations,
    sources: ex.sources ?? sources,
    elapsedMs: Date.now() - ctx.started,
  };
}
