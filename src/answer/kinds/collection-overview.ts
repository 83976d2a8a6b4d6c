import type { AnswerKind } from '../kind.js';
import { asksOverview, overviewAnswer } from '../collection.js';
import { uncitedAnswer } from '../replies.js';

/** Names the whole collection: in a conversation, "Summarize the papers" may be of the papers before. */
const NAMES_COLLECTION = /\b(?:corpus|collection|index|common)\b/i;

/** "What are the main themes?", "Summarize the corpus": says that papers are summarised one at a time, and how to browse and count the collection instead. */
export const collectionOverviewKind: AnswerKind = {
  id: 'collection-overview',
  description: 'A summary of the whole collection asked ("Summarize the corpus"): one paper at a time is summarised, and how to browse and count instead.',
  stage: 'index',
  match: (f) => !f.optionPaper && asksOverview(f.q) && (!f.last || NAMES_COLLECTION.test(f.q)),
  answer: (f, ctx) => uncitedAnswer(f.q, overviewAnswer(ctx.library.papers), ctx.started),
};
