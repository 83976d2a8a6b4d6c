import type { Settings } from '../config.js';
import type { Paper } from '../corpus/paper.js';
import { PapercordError } from '../errors.js';
import { MAX_PAPER_QUERY_CHARS, type PaperCatalog } from '../names/catalog.js';
import { QuestionNames } from '../names/question-names.js';
import { ConversationReader } from '../question/conversation.js';
import { pointsBackOnly } from '../question/pointing.js';
import type { Retriever } from '../retrieval/retriever.js';
import { SUGGESTED_PAPERS_MAX, titleAndId } from '../answer/replies.js';
import { cleanText, cutAt, isBlank, joinList } from '../text/clean.js';
import type { Turn } from '../types.js';
import { AcronymForms } from './acronym-forms.js';
import type { IndexState } from './open.js';
import { TopicCounts } from './topic-counts.js';
import { UnmentionedNames } from './unmentioned.js';

/**
 * One version of the index and everything read from it to answer: the papers, the retriever,
 * the catalog of names, and the caches of counts and spellings that belong to this version.
 * A reindex makes a new Library; answers under way finish on the one they started with.
 */
export class Library {
  readonly papers: Paper[];
  readonly retriever: Retriever;
  readonly catalog: PaperCatalog;
  /** Which papers a question names. */
  readonly names: QuestionNames;
  /** What the earlier turns of a conversation are about. */
  readonly conversation: ConversationReader;
  readonly acronyms: AcronymForms;
  readonly topics: TopicCounts;
  readonly unmentioned: UnmentionedNames;

  constructor(
    readonly state: IndexState,
    readonly settings: Settings,
  ) {
    this.papers = state.papers;
    this.retriever = state.retriever;
    this.catalog = state.catalog;
    this.names = new QuestionNames(state.catalog);
    this.conversation = new ConversationReader(this.names, state.catalog, state.retriever, state.papers);
    this.acronyms = new AcronymForms(this);
    this.topics = new TopicCounts(this);
    this.unmentioned = new UnmentionedNames(this);
  }

  /** Changes whenever the index is rebuilt or papers are added or removed, and differs between collections: caches key on it. */
  get version(): string {
    const { manifest, generation } = this.state.index;
    const seen = [...this.retriever.collections].sort().join(',');
    return generation === 0 && !seen ? manifest.buildId : `${manifest.buildId}@${generation}${seen ? `/${seen}` : ''}`;
  }

  /** The paper a user named, or an UNKNOWN_PAPER error that suggests the closest ones (AMBIGUOUS_PAPER when the name is several papers'). */
  resolvePaper(query: string): Paper {
    const q = cleanText(query);
    if (isBlank(q)) throw new PapercordError('BAD_INPUT', 'No paper was named.', 'Give a paper id or part of its title; /papers lists them.');
    if (q.length > MAX_PAPER_QUERY_CHARS) throw new PapercordError('BAD_INPUT', `A paper name has at most ${MAX_PAPER_QUERY_CHARS} characters; this one has ${q.length}.`, 'Give the paper id or a few words of its title; /papers lists them.');
    const r = this.catalog.resolve(q);
    if ('paper' in r) return r.paper;
    if ('namesakes' in r) throw ambiguousPaper(q, r.namesakes);
    if ('titled' in r) throw ambiguousPaper(q, r.titled, 'is in the titles of');
    const hint = r.candidates.length ? `Did you mean: ${r.candidates.slice(0, SUGGESTED_PAPERS_MAX).map((p) => `"${p.title}" (${p.id})`).join(', ')}?` : 'Use /papers to see the papers that are indexed.';
    throw new PapercordError('UNKNOWN_PAPER', `No paper matches "${cutAt(q, 80)}".`, hint);
  }

  /** The one paper the catalog resolves a text to, as /summary does; undefined when it resolves to none or several. */
  paperResolved(q: string): Paper | undefined {
    const r = this.catalog.resolve(q);
    return 'paper' in r ? r.paper : undefined;
  }

  /**
   * The paper a /summary or /related asks for by pointing back ("it", "this", "that paper"): the
   * one the conversation's turns are on (as "Who wrote it?" reads them); undefined when the text
   * does not point back. With no such paper, or several, which one is asked.
   */
  paperPointedAt(text: string, history: readonly Turn[] | undefined): Paper | undefined {
    if (!pointsBackOnly(text)) return undefined;
    const talked = history?.length ? this.conversation.papersTalkedAbout(history) : [];
    if (talked.length === 1) return talked[0];
    const said = talked.length ? `The last answer is about ${talked.length}: ${joinList(talked.map(titleAndId))}.` : `"${cutAt(text, 80)}" names none.`;
    throw new PapercordError('BAD_INPUT', `Which paper? ${said}`, talked.length ? 'Give the id of the one you mean.' : 'Give a paper id or part of its title; /papers lists them.');
  }
}

/** How many papers an ambiguous name lists: "Position" starts nine titles. */
const NAMESAKES_SHOWN = 5;

export function ambiguousPaper(q: string, papers: Paper[], how = 'names'): PapercordError {
  const listed = papers.slice(0, NAMESAKES_SHOWN).map((p) => `"${p.title}" (${p.id})`);
  const more = papers.length - listed.length;
  const list = joinList(more > 0 ? [...listed, `${more} more`] : listed);
  const hint = `Give the id of the one you mean, such as ${papers[0]!.id}${more > 0 ? `; /papers ${cutAt(q, 80)} lists them all` : ''}.`;
  return new PapercordError('AMBIGUOUS_PAPER', `"${cutAt(q, 80)}" ${how} ${papers.length} papers: ${list}.`, hint);
}
