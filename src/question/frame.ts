import type { Paper } from '../corpus/paper.js';
import type { Library } from '../library/library.js';
import type { Names } from '../names/question-names.js';
import { AUTHORS_NOUN, AUTHORSHIP } from '../lexicon/authors.js';
import { asksAuthorCount, asksOnlyForAuthors, asksWhereOrWhen, withoutAuthorCount, withoutAuthorship, withoutPublication } from '../answer/bylines.js';
import { asksForLinks, withoutLinkWords } from '../answer/links.js';
import type { SummarySection } from '../answer/summary/sections.js';
import { askedSection, asksAnAspect, asksForData, asksForModels, asksOnlyAspects, asksOnlyForSummary, asksOnlyHowMuch, asksSummaryOfOnePaper, summaryLengthAsked } from './aspects.js';
import { dataSentences, figureSentences, modelSentences } from '../answer/summary/aspect-sentences.js';
import { queryConcepts } from '../text/terms.js';
import { withoutWords } from '../text/pattern.js';
import type { Notice, Turn } from '../types.js';
import { comparisonIn, comparisonWithOption, type Comparison } from './comparison.js';
import { answersAboutNoPaper, continuesConversation, standsAlone } from './conversation.js';
import { asksBeyondNamed, asksOnlyForLike, asksToGoOn, describesPaper, excludesNamed, otherPicked, placePastAll, placePicked, picksPlace, pointsBackOnly, pointsBackToAllOnly, turnsBeforePlacesPicked, unwrittenTellingWords, withoutComparison, withoutPlace, withoutPointingBack, withoutWhichOne } from './pointing.js';
import type { Reading } from './read.js';

/** How many of the papers a count found "Which of them ...?" reads, one search each: a topic 10,000 papers write would take seconds. */
export const PICKED_AMONG_MAX = 50;

/**
 * A question as read once: the papers it names and points back at, what it asks of them
 * (authors, venue, links, a comparison, a part of a paper) and what is left to search for. Each
 * part is read when an answer kind first asks for it, and then kept: a kind's `match` may ask
 * for what the kinds before it read already, at no cost.
 */
export class QuestionFrame {
  /** The question as read: after its rewrites (typos mended, acronyms spelled out), what is searched. */
  readonly q: string;
  readonly history: readonly Turn[];
  readonly last: Turn | undefined;
  /** The paper the paper option names, resolved once. */
  readonly optionPaper: Paper | undefined;
  /** What the rewrites told the asker (a typo read as a word, an option set aside). */
  readonly notices: Notice[];
  /** The turns a place ("the 11th one") is picked from: after "Who wrote the 12th one?", the list that one was picked from. */
  readonly listedIn: readonly Turn[];
  private readonly kept = new Map<string, unknown>();

  constructor(
    readonly library: Library,
    reading: Reading,
  ) {
    this.q = reading.text;
    this.history = reading.history;
    this.last = reading.history.at(-1);
    this.optionPaper = reading.optionPaper;
    this.notices = reading.notices;
    this.listedIn = picksPlace(this.q) ? turnsBeforePlacesPicked(this.history) : this.history;
  }

  /** A part of the reading, read on first use and kept: the frame's own parts, and what an answer kind reads in `match` and uses again in `answer`. */
  read<T>(key: string, read: () => T): T {
    if (!this.kept.has(key)) this.kept.set(key, read());
    return this.kept.get(key) as T;
  }

  namesIn(text: string): Names {
    return this.library.names.namesIn(text);
  }

  /** The papers the question names. */
  get named(): Names {
    return this.namesIn(this.q);
  }

  /** The papers the turns a place is picked from are on. */
  get talkedBefore(): Paper[] {
    return this.read('talkedBefore', () => this.library.conversation.papersTalkedAbout(this.listedIn));
  }

  /**
   * The papers the conversation is on. "The second one" is the second of them, as "it" would be
   * if they were one; "the 12th one" after a count that listed ten of 41 is the 12th of the 41;
   * "the other one" after "Tell me more about the first one" of two is the second.
   */
  get talkedAbout(): Paper[] {
    return this.read('talkedAbout', () => otherPicked(this.q, this.talkedBefore, this.library.conversation.papersTalkedAbout(this.history)) ?? placePicked(this.q, this.placedAmong()));
  }

  /** Every paper the count before found, when the papers the conversation is on are among them (see TopicCounts.countedBefore). */
  countedBefore(): Paper[] | undefined {
    return this.last ? this.library.topics.countedBefore(this.last, () => this.talkedAbout) : undefined;
  }

  /** The papers a place a follow-up picks is among: those the answer before listed, or, for a place past them ("the 12th one" of ten listed), all its count found, when it found that many. */
  private placedAmong(): Paper[] {
    const listed = this.talkedBefore;
    const last = this.listedIn.at(-1);
    if (!last || !placePastAll(this.q, listed)) return listed;
    const counted = this.library.topics.countedBefore(last, () => listed);
    return counted && !placePastAll(this.q, counted) ? counted : listed;
  }

  // What the question asks of the papers' metadata rather than their abstracts.

  /** The question without the words that ask where or when a paper was published. */
  get published(): string {
    return this.read('published', () => withoutPublication(this.q));
  }

  /**
   * Where or when a paper was published, of a paper named and nothing else ("Where is the critic
   * presented in VLA-ATTC?" asks its abstract), or of the papers it points back at: the one
   * ("When was it published?" after "What is VEQ?", or with the paper option), or all ("When
   * were they published?").
   */
  get venueAsked(): boolean {
    return this.read('venueAsked', () => {
      const published = this.published;
      const option = this.optionPaper !== undefined;
      return asksWhereOrWhen(this.q) && (this.library.names.namedAlone(published).length > 0 || (pointsBackOnly(published) && (option || this.talkedAbout.length === 1)) || (!option && pointsBackToAllOnly(published) && this.talkedAbout.length > 0));
    });
  }

  /** "How many authors does PhaseCoder have?" asks for its authors too: how many, and who. */
  get authorCount(): boolean {
    return this.read('authorCount', () => asksAuthorCount(this.q));
  }

  /** The question without the words that ask for authors. */
  get withoutAuthors(): string {
    return this.read('withoutAuthors', () => withoutAuthorship(this.authorCount ? withoutAuthorCount(this.q) : this.q));
  }

  /** "VEQ authors", "authors of TGV-KV and CAST?", "authors of the second one?": the noun and the papers' names or place, nothing else asked. */
  private get onlyAuthors(): { of: Names } | undefined {
    return this.read('onlyAuthors', () => {
      const of = AUTHORS_NOUN.test(this.q) ? this.named : undefined;
      return of !== undefined && asksOnlyForAuthors(withoutPlace(of.rest)) ? { of } : undefined;
    });
  }

  /** Authors and nothing else, of no paper named ("authors?", "Who are the authors?", "its authors?"): of the paper the conversation is on. With the paper option, "authors?" names its paper. */
  get authorsOfNone(): boolean {
    return this.read('authorsOfNone', () => this.onlyAuthors !== undefined && this.onlyAuthors.of.papers.length === 0 && !this.optionPaper);
  }

  /** Who wrote a paper ("Who wrote X?", "VEQ authors", "Who are their authors?"), whether the catalog names it or a search finds it. */
  get authorsAsked(): boolean {
    return this.read('authorsAsked', () => {
      const only = this.onlyAuthors;
      return AUTHORSHIP.test(this.q) || (this.authorCount && !this.authorsOfNone) || (only !== undefined && (only.of.papers.length > 0 || !!this.optionPaper || (this.authorsOfNone && this.last !== undefined)));
    });
  }

  /** Its authors, or where or when it was published. */
  get authorship(): boolean {
    return this.authorsAsked || this.venueAsked;
  }

  /** The links of a paper the question describes ("Where can I find the code of the 4D spatial-temporal paper?"): the one the search finds. */
  get linksOfDescribed(): boolean {
    return this.read('linksOfDescribed', () => !this.authorship && !this.optionPaper && asksForLinks(this.q) && describesPaper(this.q));
  }

  /** The question without the words that ask for the metadata: what to search for. */
  get unasked(): string {
    return this.read('unasked', () => (this.venueAsked ? this.published : this.authorsAsked ? this.withoutAuthors : this.linksOfDescribed ? withoutLinkWords(this.q) : this.q));
  }

  // What the question asks of the abstracts.

  /** The papers named in what is left to search for. */
  get subjectNames(): Names {
    return this.namesIn(this.unasked);
  }

  /** The papers the question sets side by side, if any (see comparisonIn). */
  get comparison(): Comparison | undefined {
    return this.read('comparison', () => {
      const names = this.subjectNames;
      if (this.optionPaper) return comparisonWithOption(this.unasked, names, this.optionPaper);
      return comparisonIn(this.unasked, names, {
        earlier: this.last?.question,
        namesIn: (text) => this.namesIn(text),
        talkedAbout: () => this.talkedAbout,
        // "Which of them use diffusion models?" after "How many papers mention RL?" (37, ten listed) picks among all 37, up to PICKED_AMONG_MAX.
        // Not after a search or a related list whose papers the topic of its question does not find: "them" are the papers that answer listed.
        pickedFrom: () => {
          const all = this.countedBefore();
          return all ? { papers: all.slice(0, PICKED_AMONG_MAX), outOf: all.length } : { papers: this.talkedAbout };
        },
        oneEachBefore: () => {
          const conversation = this.library.conversation;
          const [before, now] = [conversation.papersTalkedAbout(this.history.slice(0, -1)), conversation.papersTalkedAbout(this.history)];
          return before.length === 1 && now.length === 1 && before[0] !== now[0] ? [before[0]!, now[0]!] : [];
        },
      });
    });
  }

  get compared(): Paper[] {
    return this.comparison?.papers ?? [];
  }

  /**
   * A question that names one paper ("What is 2505.23727 about?", "What GPU does PixelThink use?"),
   * limited to it as the paper option does, unless it asks about others too ("papers like PixelThink").
   */
  get single(): Names | undefined {
    return this.read('single', () => (!this.optionPaper && !this.comparison && this.subjectNames.papers.length === 1 && !asksBeyondNamed(this.q) ? this.subjectNames : undefined));
  }

  /** "What are its results?" after "What is PixelThink?" is about PixelThink too, as are "And the limitations?" and "Tell me more". */
  get goingOn(): boolean {
    return this.read('goingOn', () => this.last !== undefined && asksToGoOn(this.q));
  }

  /**
   * The papers before that a question naming none goes on about: "What else should I read?",
   * "anything similar?" after "What is VEQ?" ask for papers like VEQ; "summary?", "the long
   * version" for its summary.
   */
  get earlier(): Paper[] {
    return this.read('earlier', () =>
      !this.optionPaper && !this.comparison && this.subjectNames.papers.length === 0 && this.last && (continuesConversation(this.q) || asksOnlyForLike(this.q) || asksOnlyForSummary(this.q)) ? this.talkedAbout : [],
    );
  }

  /** Whether a text, as an answer shows it, was shown in the conversation: going on shows what was not. */
  readonly shown = (text: string): boolean => this.history.some((t) => t.answer.includes(text));

  /** The one paper the question is about: the option's, the one it names, or the one the conversation goes on about. */
  get paper(): Paper | undefined {
    return this.read('paper', () => (this.comparison ? undefined : (this.optionPaper ?? this.single?.papers[0] ?? (this.earlier.length === 1 ? this.earlier[0] : undefined))));
  }

  /** The papers whose like a question asks for ("Papers like PixelThink?"): those it names, else those it goes on about. */
  get likeOf(): Paper[] {
    return this.subjectNames.papers.length ? this.subjectNames.papers : this.earlier;
  }

  /**
   * Papers that are not answers: "Which other papers use RL like PixelThink?" (PixelThink is not
   * one of them), "Which other papers use quantization?" after "What is VEQ?" (nor is VEQ).
   */
  get othersThan(): Paper[] {
    return this.read('othersThan', () => (!this.paper && !this.comparison && excludesNamed(this.q) ? (this.subjectNames.papers.length > 0 ? this.subjectNames.papers : this.last ? this.talkedAbout : []) : []));
  }

  /** A text in the one paper's words ("Does PixelThink use RL?" of a paper that writes "reinforcement learning"). */
  spelledOut(text: string): string {
    return this.paper ? this.library.acronyms.spelledOutFor(text, this.paper) : text;
  }

  /** What the question itself asks, in the paper's words, without the names no chunk holds. */
  get asked(): string {
    return this.read('asked', () => this.spelledOut(withoutWords(this.single?.withoutIds ?? this.unasked, this.subjectNames.readAsWords)));
  }

  /**
   * The search text: with the words of the last earlier question that has words of its own, so a
   * follow-up like "what about its results?" finds something ("Go on" after "Tell me more" after
   * "Which papers study video?"). Its words, not the papers it named: "PixelThink" of "What is
   * PixelThink?" would rank PixelThink for "Which papers study video?". Nor those of a question no
   * paper answered, nor small talk's. A question that stands alone ("Is there any paper on
   * autonomous driving?" after "Is there work on GNNs for drug discovery?") is found on its own words.
   */
  get searchText(): string {
    return this.read('searchText', () => {
      for (const t of standsAlone(this.asked) ? [] : [...this.history].reverse()) {
        const lent = asksToGoOn(t.question) || answersAboutNoPaper(t.answer) ? '' : this.namesIn(t.question).rest;
        if (queryConcepts(lent).length > 0) return `${lent} ${this.asked}`;
      }
      return this.asked;
    });
  }

  // What is read of one paper, or of the papers compared, before any search.

  /** What this question (not the conversation) asks of its one paper, without the paper's names; '' without one paper. */
  get about(): string {
    return this.read('about', () => (this.paper ? this.spelledOut(withoutPointingBack(this.subjectNames.rest)) : ''));
  }

  /** "What is it about?" of one paper ("What is PixelThink?") asks for the paper itself: nothing else in it is a word to search for; so does going on about it. */
  get overview(): boolean {
    return this.read('overview', () => this.paper !== undefined && (queryConcepts(this.about).length === 0 || this.goingOn));
  }

  /** A summary asked of one paper that the question describes and names nowhere, nor the conversation ("tldr of the paper arguing …"): the search finds which. */
  get summaryOfDescribed(): boolean {
    return this.read('summaryOfDescribed', () => !this.optionPaper && !this.comparison && !this.paper && this.subjectNames.papers.length === 0 && asksSummaryOfOnePaper(this.q));
  }

  /** This question asked of one paper as a summary of it, as long as it asks: the paper a description found, summarised as if named. */
  summaryOf(paper: Paper): QuestionFrame {
    const text = { short: 'summary', medium: 'medium summary', long: 'full summary' }[summaryLengthAsked(this.q)];
    return new QuestionFrame(this.library, { text, shown: this.q, history: [], option: paper.id, optionPaper: paper, asked: {}, notices: [] });
  }

  /** What a comparison asks of each paper, without its comparison and picking words ("Which one is faster?": "faster"). */
  get comparedAsked(): string {
    return this.read('comparedAsked', () => withoutComparison(withoutWhichOne(this.subjectNames.rest)));
  }

  /**
   * The part of each one's summary papers set side by side are asked for ("What are their
   * results?"), as "What are its results?" asks of one. "Compare VEQ and TGV-KV" asks for no part.
   */
  get aspectCompared(): SummarySection | undefined {
    return this.read('aspectCompared', () => (this.comparison && asksOnlyAspects(this.comparedAsked) ? askedSection(this.comparedAsked) : undefined));
  }

  /**
   * Whether the question asks only for parts of the one paper ("What are the limitations of
   * SPEED-Bench?"): the limits it states, not sentences that write "limited" of the work it improves on.
   */
  get aspectsOnly(): boolean {
    return this.read('aspectsOnly', () => this.paper !== undefined && asksOnlyAspects(this.about));
  }

  /** The part of the one paper's summary asked for, when only parts are asked. */
  get partAsked(): SummarySection | undefined {
    return this.read('partAsked', () => (this.aspectsOnly ? askedSection(this.about) : undefined));
  }

  /** "What datasets does CAST use?", "What models does VEQ test on?": the sentences that name its data or models, whatever word they use for them. */
  get namingData(): string[] {
    return this.read('namingData', () => (this.aspectsOnly && asksForData(this.about) ? dataSentences(this.paper!) : this.aspectsOnly && asksForModels(this.about) ? modelSentences(this.paper!) : []));
  }

  /** Whether the models a paper evaluates on are asked for and its abstract names none. */
  get modelsUnnamed(): boolean {
    return this.read('modelsUnnamed', () => this.aspectsOnly && this.namingData.length === 0 && asksForModels(this.about));
  }

  /** "How big is SciVideoBench?" asks for a figure its abstract may write with other words ("consists of 1,000 … questions"). */
  get figureAsked(): boolean {
    return this.read('figureAsked', () => this.paper !== undefined && !this.overview && asksOnlyHowMuch(this.about));
  }

  /** The sentences of the one paper that state a figure of its own work, when a figure is asked. */
  get figuresOnly(): string[] {
    return this.read('figuresOnly', () => (this.figureAsked ? figureSentences(this.paper!) : []));
  }

  /**
   * The telling words of a yes-or-no question about one paper that its abstract never writes
   * ("Does MentisOculi use diffusion models?" of an abstract that writes "models" and no
   * "diffusion"): a sentence that shares "models" answers none of it.
   */
  get unwritten(): string[] {
    return this.read('unwritten', () => {
      const paper = this.paper;
      if (!paper || this.overview || this.partAsked || this.figureAsked || this.namingData.length || this.authorship || this.linksOfDescribed) return [];
      return unwrittenTellingWords(this.about, `${paper.title}\n${paper.abstract}`, (t) => this.library.retriever.termStats.idf(t), asksAnAspect);
    });
  }
}
