import type { AnswerKind } from '../kind.js';
import { venuePapersAnswer } from '../collection.js';
import { uncitedAnswer } from '../replies.js';

/** "Which papers are from ICML 2026?" asks the metadata's venues, not for sentences that write "2026". */
export const venuePapersKind: AnswerKind = {
  id: 'venue-papers',
  description: 'The papers of a venue or year, from the metadata ("Which papers are from ICML 2026?").',
  stage: 'index',
  match: (f, ctx) => !f.optionPaper && f.read('venuePapers', () => venuePapersAnswer(f.q, ctx.library.papers)) !== undefined,
  answer: (f, ctx) => uncitedAnswer(f.q, f.read('venuePapers', () => venuePapersAnswer(f.q, ctx.library.papers))!, ctx.started),
};
