import type { AnswerKind } from '../kind.js';
import { wholePaperAnswer } from '../compose.js';
import { listedPaper } from '../listing.js';
import { ALL_SAID_OF_EACH, uncitedAnswer } from '../replies.js';
import { nextSentenceShown } from '../summary/extractive.js';

/** "Tell me more" after an answer about several papers ("Kloft's papers"): each one with the next sentence of its summary the conversation has not shown. */
export const goingOnKind: AnswerKind = {
  id: 'going-on',
  description: 'Going on about several papers before ("Tell me more"): the next sentence of each.',
  stage: 'papers',
  match: (f) => f.earlier.length > 1 && f.goingOn,
  answer(f, ctx) {
    const next = new Map(f.earlier.map((p) => [p.id, nextSentenceShown(p, f.shown)]));
    const going = f.earlier.filter((p) => next.get(p.id) !== undefined);
    if (going.length === 0) return uncitedAnswer(f.q, ALL_SAID_OF_EACH, ctx.started);
    return wholePaperAnswer(f.q, ctx, going, (sources) => sources.map((s) => `${listedPaper(s)}: ${next.get(s.paperId)}`).join('\n'));
  },
};
