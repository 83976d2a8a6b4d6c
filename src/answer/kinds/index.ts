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
  // First: a place picked past the one paper before would otherwise be read as that paper.
  onlyOnePaperKind,
  // Questions about the whole index come before anything that could read their words as a topic or a name.
  // A count with no topic: before the index size, which "How many papers are about it?" would also match.
  noTopicKind,
  indexSizeKind,
  venuePapersKind,
  prolificAuthorsKind,
  mostRecentKind,
  collectionOverviewKind,
  // After the index questions, so that "help me find papers on X" is not small talk; before links, so "thanks for the link" is.
  smallTalkKind,
  // A paper's links, before authors and counts: "How many papers have code?" names no paper and falls through to code-papers.
  linksKind,
  noSuchPaperKind,
  // An author's papers before any count: "How many Wang papers?" asks for Wang's papers, not the papers that write "Wang".
  authorPapersKind,
  positionPapersKind,
  codePapersKind,
  topicCountKind,
  topicListKind,
  // Names nobody has, after the lists: "papers on GANs" is a list even where no paper writes GAN.
  unknownAuthorKind,
  noPaperNamedKind,
  unknownNameKind,
  // The last of the metadata: bylines of the papers before, once nothing above claimed "Who wrote them?".
  bylinesKind,
  // About particular papers from here on. Several papers before: going on with each, else which one.
  goingOnKind,
  whichPaperKind,
  namesakesKind,
  relatedKind,
  // Before any search: what an abstract does not state is said, not searched for.
  aspectNotStatedKind,
  // The answers found in the abstracts: authors and links of a paper found, then papers compared, one paper, and any paper.
  authorsKind,
  describedLinksKind,
  comparisonKind,
  paperSummaryKind,
  paperQuestionKind,
  // Last: everything else is searched, and refused when nothing answers.
  searchKind,
];
