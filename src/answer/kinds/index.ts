/**
 * Every kind of answer, in the order they are tried: the first whose `match` holds answers. The
 * line above each says why it stands where it does. A new kind is one module here and one line
 * in this list; docs/asking.md describes what each answers.
 */
import type { AnswerKind } from '../kind.js';
import { aspectNotStatedKind } from './aspect-not-stated.js';
import { authorPapersKind } from './author-papers.js';
import { authorsKind } from './authors.js';
import { bylinesKind } from './bylines.js';
import { codePapersKind } from './code-papers.js';
import { collectionOverviewKind } from './collection-overview.js';
import { comparisonKind } from './comparison.js';
import { describedLinksKind } from './described-links.js';
import { goingOnKind } from './going-on.js';
import { indexSizeKind } from './index-size.js';
import { linksKind } from './links.js';
import { mostRecentKind } from './most-recent.js';
import { namesakesKind } from './namesakes.js';
import { noPaperNamedKind } from './no-paper-named.js';
import { noSuchPaperKind } from './no-such-paper.js';
import { noTopicKind } from './no-topic.js';
import { onlyOnePaperKind } from './only-one-paper.js';
import { paperQuestionKind } from './paper-question.js';
import { paperSummaryKind } from './paper-summary.js';
import { positionPapersKind } from './position-papers.js';
import { prolificAuthorsKind } from './prolific-authors.js';
import { relatedKind } from './related.js';
import { searchKind } from './search.js';
import { smallTalkKind } from './small-talk.js';
import { topicCountKind } from './topic-count.js';
import { topicListKind } from './topic-list.js';
import { unknownAuthorKind } from './unknown-author.js';
import { unknownNameKind } from './unknown-name.js';
import { venuePapersKind } from './venue-papers.js';
import { whichPaperKind } from './which-paper.js';

export const ANSWER_KINDS: readonly AnswerKind[] = [
  // A place picked past the one paper before ("the second one") answers nothing else, so it is checked first.
  onlyOnePaperKind,
  // Questions about the whole index, answered from its metadata, come before any kind that reads their words
  // ("recent", "2026", "corpus") as a topic or searches them. A count with no topic first: saying which topic
  // is more use than the index's size, which "How many papers are about it?" would also match.
  noTopicKind,
  indexSizeKind,
  venuePapersKind,
  prolificAuthorsKind,
  mostRecentKind,
  collectionOverviewKind,
  // "hi", "thanks", "help" ask nothing of the papers: how to ask is more use than a sentence that writes "help".
  smallTalkKind,
  // A paper's links come from its metadata; a search would quote another paper's "Our code is available at …".
  linksKind,
  noSuchPaperKind,
  // An author's papers before any count: "How many Wang papers?" asks for Wang's papers, not the papers that write "Wang".
  authorPapersKind,
  // Kinds of papers ("position papers", "papers with code") before the counts, which would count the papers that write "position" or "code".
  positionPapersKind,
  codePapersKind,
  topicCountKind,
  topicListKind,
  // Names and pointers nothing answers, after the counts and lists: a count of a name nobody writes says that none mentions it.
  unknownAuthorKind,
  noPaperNamedKind,
  unknownNameKind,
  // The last kind of the metadata: the bylines of the papers before, when "Who wrote them?" asks for each.
  bylinesKind,
  // About particular papers from here on. Several papers before: going on with each, else which one is meant.
  goingOnKind,
  whichPaperKind,
  // A name several papers have is each of them, before any kind reads it as one paper.
  namesakesKind,
  // "Papers like PixelThink?" asks for related work: a search would find PixelThink itself.
  relatedKind,
  // Before any search: what an abstract does not state is said, not searched for.
  aspectNotStatedKind,
  // The answers found in the abstracts, the most particular first: the byline or links of the paper found, papers
  // compared, one paper, then any paper; everything else is searched, and refused when nothing answers.
  authorsKind,
  describedLinksKind,
  comparisonKind,
  paperSummaryKind,
  paperQuestionKind,
  searchKind,
];
