import type { AnswerKind } from '../kind.js';
import type { QuestionFrame } from '../../question/frame.js';
import { aspectNotStated, noFigureStated, summaryPart, uncitedAnswer } from '../replies.js';
import { sizesUnread } from '../summary/aspect-sentences.js';

/** What the abstracts do not state of what is asked, said before any search, or undefined when they may state it. */
function notStated(f: QuestionFrame): string | undefined {
  return f.read('notStated', () => {
    const part = f.aspectCompared;
    // "What are their limitations?" of papers none of which states one.
    if (part && f.compared.every((p) => summaryPart(p, part) === undefined)) return aspectNotStated(f.compared, part);
    // "What models does VEQ test on?" of an abstract that names none: its problem's "MoE VLMs" are not what it tests on.
    if (f.modelsUnnamed) return aspectNotStated([f.paper!], undefined, 'does not name the models it evaluates on');
    // "How large is cMoLLM?" of an abstract that states no figure of its own work: a sentence that writes "model size" of others' is no answer.
    if (f.figureAsked && f.figuresOnly.length === 0) return aspectNotStated([f.paper!], undefined, noFigureStated(sizesUnread(f.paper!)));
    return undefined;
  });
}

export const aspectNotStatedKind: AnswerKind = {
  id: 'aspect-not-stated',
  description: "A part of a paper its abstract does not state (its models, a figure, the compared papers' limits): says so.",
  stage: 'papers',
  match: (f) => notStated(f) !== undefined,
  answer: (f, ctx) => uncitedAnswer(f.q, notStated(f)!, ctx.started, { refused: true }),
};
