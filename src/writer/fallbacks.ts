/**
 * The writer's notices say what a model-less answer shows: quotes of the abstracts. What is shown
 * instead of a refusal, a summary or a related list without the model is something else, and the
 * notice is reworded to say so.
 */
import { joinNotices, noticeParts } from '../notice.js';
import type { Notice } from '../types.js';

/** What the writer's notices say an answer falls back to, and what follows it ("instead of written by llama3.2:3b"). */
const QUOTED_FALLBACK = /this answer is quoted from the abstracts( instead of written by)?/g;

/** A fallback notice worded for what is shown instead of an answer's quotes (`insteadOf`: followed by the model's name); each part of a joined one too. */
function shownInstead(notice: Notice, shown: (insteadOf: boolean) => string, pattern: RegExp = QUOTED_FALLBACK): Notice {
  const reworded = noticeParts(notice).map((part) => ({ ...part, said: part.said.replace(pattern, (_, insteadOf: string | undefined) => shown(!!insteadOf)) }));
  return joinNotices(...reworded)!;
}

/** The same, with an "instead" of its own taken too: a refusal is shown instead of nothing. */
const QUOTED_FALLBACK_INSTEAD = /this answer is quoted from the abstracts(?:( instead of written by)| instead)?/g;

/**
 * A refusal quotes nothing ("X is indexed, but its abstract does not answer this"): when the
 * model was not used for a question nothing could be quoted for, its notice says that rather than
 * that the answer is quoted.
 */
export function refusalFallback(notice: Notice): Notice {
  return shownInstead(notice, (insteadOf) => (insteadOf ? 'this answer is not written by' : 'this answer is from the abstracts alone, which do not answer this'), QUOTED_FALLBACK_INSTEAD);
}

/**
 * The writer's notices say what a model-less answer shows: quotes. A related list without the
 * model quotes nothing: its reasons are the key terms the abstracts share, and the notice must say so.
 */
export function relatedFallback(notice: Notice): Notice {
  return shownInstead(notice, (insteadOf) => `the reasons shown are the key terms the abstracts share${insteadOf ? ' instead of sentences written by' : ''}`);
}

/** A summary without the model is the abstract's own sentences, picked by part, and its notice says so rather than "quoted". */
export function summaryFallback(notice: Notice): Notice {
  return shownInstead(notice, (insteadOf) => `this summary is built from the abstract's own sentences${insteadOf ? ' instead of written by' : ''}`);
}
