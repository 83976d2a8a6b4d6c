import type { Settings } from './config.js';
import { byline, isCoined, systemName, type Paper } from './corpus/paper.js';
import { type PaperCatalog, paperRef, MAX_PAPER_QUERY_CHARS } from './names/catalog.js';
import type { BuildProgress } from './index/store.js';
import { openIndex, type IndexState, type OpenOptions } from './library/open.js';
import type { Retriever, SearchOptions, SearchResult } from './retrieval/retriever.js';
import { fewerRelated, relatedPapers, topicAsked } from './retrieval/related.js';
import { searchedByWordsOnly, withSearchNotice } from './embed/query-vector.js';
import { extractiveAnswer, REFUSAL_TEXT, type ExtractiveAnswer } from './answer/extractive.js';
import { asksBeyondNamed, asksForOthers, describesPaper, comparesWithOneBefore, pickedConcepts, picksAmong, withoutPicking, withoutWhichOne, picksPlace, placePastOne, placePastAll, placePicked, withoutPlace, turnsBeforePlacesPicked, pointsBackOnlyAfter, asksWhichMore, asksOnlyForLike, asksToGoOn, excludesNamed, goesOn, refersBackToOne, refersBackToSeveral, namedPapers, pointsBackOnly, pointsBackToAllOnly, refersBack, withoutComparison, withoutPointingBack, otherPicked, inPaperWordForms, unwrittenTellingWords } from './question/pointing.js';
import { isAuthorNameWord, asksForLinks, linksAnswer, listedPaper, withoutLinkWords, expansionSentence, titleExpansion, authorAsked, authorPapersAnswer, authorPapersCited, namesakesAnswer, LISTED_PAPERS_MAX, type AuthorsAsked, AUTHORSHIP, AUTHORS_NOUN, asksAuthorCount, asksOnlyForAuthors, withoutAuthorCount, asksWhereOrWhen, withoutPublication, authorsAnswer, withoutAuthorship, NO_PAPER_NAMED, unknownAuthorAsked, asksMostPapersAuthors, mostPapersAuthorsAnswer, codePapersAsked, codePapersAnswer, codeLinksOf } from './answer/metadata.js';
import { asksAboutIndex, indexAnswer, venuePapersAnswer, isKnownVenue, asksMostRecent, mostRecentAnswer, asksOverview, overviewAnswer, smallTalkAnswer, topicAskedBefore, withoutGreeting, withoutRolePlay, NO_TOPIC_NAMED, topicCountAmongAsked, topicCountAnswer, topicCountAsked, topicListAsked, type CountedAmong, topicMentions, topicMentionsInSlices, topicNotNamed, topicNotFound, papersThatMayWrite, withAlternatives, positionPapersAsked, positionPapers, positionPapersAnswer, hasPositionTitle, POSITION_PAPER_TERMS, type TopicAsked, type TopicMention } from './answer/meta.js';
import { askedSection, asksAbout, asksAnAspect, asksForData, asksForModels, modelSentences, asksOnlyAspects, asksOnlyForSummary, summaryLengthAsked, asksOnlyHowMuch, dataSentences, figureSentences, sizesUnread, extractiveSummary, nextSentenceShown, summaryGoingOn, summarySections, type SummaryLength } from './answer/summary.js';
import { markdownLiteral, readableTex } from './corpus/text.js';
import { normalizeTitle } from './corpus/ids.js';
import { abstractSource, abstractSources, citationFor, toSources } from './answer/sources.js';
import { comparedNames, foundOnlyByName, madeUpNames, QuestionNames, type Names } from './names/question-names.js';
import { answersAboutNoPaper, asksOnlyForLinks, asksOnlyOfPointedAt, continuesConversation, ConversationReader, describesOwnPaper, standsAlone } from './question/conversation.js';
import { otherLanguageRefusal, notMentioning, ALL_SAID_OF_EACH, allSaid, noRelatedTo, aspectNotStated, noFigureStated, modelSaidNotAnswered, notInAbstracts, onlyOnePaper, noPaperCalled, namedNotOption, nothingMentions, partOfEach, SUGGESTED_PAPERS_MAX, summaryPart, titleAndId, uncitedAnswer, whichPaper } from './answer/replies.js';
import { PapercordError } from './errors.js';
import { joinNotices } from './notice.js';
import { log as rootLog, type Logger } from './log.js';
import { cleanText, cutAt, isBlank, joinList, questionText } from './text/clean.js';
import { queryConcepts, withTyposMended, words } from './text/terms.js';
import { escapeRegExp, wholeWord, withoutWords } from './text/pattern.js';
import { declaredExpansions, initialsOf, spellingInPapers, withInitialsSpelledOut, withUnwrittenAcronymsSpelledOut } from './names/acronyms.js';
import { writtenInOtherLanguage } from './text/language.js';
import type { Answer, AnswerKindId, Citation, ModelStatus, Notice, PaperRef, Related, RequestOptions, Source, Summary, Turn } from './types.js';
import { AnswerCache, cacheKey, type CacheKeyParts } from './writer/cache.js';
import { refusalFallback, writeAnswer, writeRelated, writeSummary, type WriteContext } from './writer/answers.js';
import { OllamaWriter, type Writer, type WriterStatus } from './writer/writer.js';
import { hostsVariable, noHostNote } from './writer/hosts.js';

export interface ServiceOptions extends OpenOptions {
  log?: Logger;
  /** Who writes answers: default an OllamaWriter for the settings' hosts; null never asks a model. */
  writer?: Writer | null;
}

export interface ModelChoice {
  /** false: answer extractively without asking the model (the eval's baseline). Default true. */
  useModel?: boolean;
}

export interface AskOptions extends RequestOptions, ModelChoice {
  /** Limit the answer to one paper (id, alias or title). */
  paper?: string;
  /** Earlier turns of a conversation, for follow-ups. */
  history?: Turn[];
}

export interface IndexInfo {
  papers: number;
  chunks: number;
  embedder: string;
  embedderReason: string;
  /** embedderReason in a few words. */
  embedderBrief: string;
  buildId: string;
  builtAt: string;
  corpusProblems: number;
  corpusSkipped: number;
  /** Why questions are searched by their words only right now (the Ollama embeddings fail), with the fix. */
  embedderFailing?: string;
}

/** Papers a question sets side by side, and what it asks about each. */
interface Comparison {
  papers: Paper[];
  /** What to search a paper for: the question without the comparison words, nor the other papers' names (no chunk of this paper holds them). */
  askedOf: (paper: Paper) => string;
  /** Nothing is asked but the comparison ("Compare X and Y"): each paper is quoted by what it is. */
  askedNothingElse: boolean;
  /** What the papers picked must write, when the question picks which of them do something ("Which of them use LLMs?", "Which one uses RL?"): only those are quoted, not each. */
  picked?: string;
  /** How many papers the count before found, when more than were picked among (PICKED_AMONG_MAX). */
  pickedOutOf?: number;
}

/** A question being answered, and what ask() reads of its conversation. */
interface Asking {
  q: string;
  opts: AskOptions;
  started: number;
  history: readonly Turn[];
  last: Turn | undefined;
  /** The papers the conversation is on (see papersTalkedAbout), read once, and only for a question that needs them. */
  talkedAbout: () => Paper[];
  /** The paper the paper option names, resolved once. */
  optionPaper: Paper | undefined;
}

/** What a question asks of the papers' metadata rather than their abstracts (see metadataAsked). */
interface MetadataAsked {
  /** Who wrote a paper ("Who wrote X?", "VEQ authors", "Who are their authors?"). */
  authorsAsked: boolean;
  /** Authors and nothing else, of no paper named ("authors?", "Who are the authors?", "its authors?"): of the paper the conversation is on. */
  authorsOfNone: boolean;
  /** How many authors it has, with its byline ("How many authors does PhaseCoder have?"). */
  authorCount: boolean;
  /** Its authors, or where or when it was published. */
  authorship: boolean;
  /** The question without the words that ask for the metadata: what to search for. */
  unasked: string;
  /** The question without the words that ask for authors. */
  withoutAuthors: string;
  /** The links of a paper the question describes ("Where can I find the code of the 4D spatial-temporal paper?"): the one the search finds. */
  linksOfDescribed: boolean;
}

/**
 * The one service every front end (command line, local console, Discord) goes through:
 * corpus, index, retrieval and answering, with no knowledge of Discord.
 */
export class PapercordService {
  private state!: IndexState;
  /** Which papers a question names, looked up in the current index's catalog. */
  private names!: QuestionNames;
  /** What the earlier turns of a conversation are about, read in the current index. */
  private conversation!: ConversationReader;
  private reindexing: Promise<IndexInfo> | null = null;
  readonly startedAt = Date.now();
  /** Recent model-written results (answers, summaries, related lists), per index version. */
  private readonly cache: AnswerCache<Answer | Summary | Related>;
  /** How the papers of an index spell out acronyms none of them writes (see spellingInPapers), read on first use: a pass over up to 500 abstracts; the last ACRONYM_SPELLINGS_KEPT kept. */
  private readonly acronymSpellings = new WeakMap<Retriever, Map<string, string | undefined>>();
  /** The papers that write a topic, of the last TOPIC_MENTIONS_KEPT topics counted: a follow-up ("Who wrote the 12th one?") counts its topic again. */
  private readonly topicMentionsOf = new WeakMap<Retriever, Map<string, TopicMention[]>>();
  /** The names an index's metadata holds that no term does (see namesInMetadata). */
  private readonly metadataNamesOf = new WeakMap<Retriever, Set<string>>();

  private constructor(
    readonly settings: Settings,
    state: IndexState,
    private readonly log: Logger,
    /** null: answers are always extractive. */
    readonly writer: Writer | null,
  ) {
    this.use(state);
    this.cache = new AnswerCache(settings.answerCacheSize);
  }

  static async open(settings: Settings, opts: ServiceOptions = {}): Promise<PapercordService> {
    const log = opts.log ?? rootLog;
    const writer = opts.writer === undefined ? new OllamaWriter(settings, log.child({ part: 'writer' })) : opts.writer;
    // The Ollama check runs while the index loads; it is bounded by OLLAMA_CONNECT_TIMEOUT_MS.
    const [state] = await Promise.all([openIndex(settings, log, opts), writer?.start()]);
    return new PapercordService(settings, state, log, writer);
  }

  /** Answers from now on come from this index version. */
  private use(state: IndexState): void {
    this.state = state;
    this.names = new QuestionNames(state.catalog);
    this.conversation = new ConversationReader(this.names, state.catalog, state.retriever, state.papers);
  }

  get papers(): Paper[] {
    return this.state.papers;
  }

  get retriever(): Retriever {
    return this.state.retriever;
  }

  get catalog(): PaperCatalog {
    return this.state.catalog;
  }

  /** Changes whenever the index is rebuilt: caches key on it. */
  get indexVersion(): string {
    return this.state.index.manifest.buildId;
  }

  info(): IndexInfo {
    const { index, embedderChoice, corpus } = this.state;
    const failing = embedderChoice.embedder?.failingNow;
    return {
      papers: index.manifest.papers,
      chunks: index.manifest.chunks,
      embedder: index.manifest.embedder.id,
      embedderReason: embedderChoice.reason,
      embedderBrief: embedderChoice.brief,
      buildId: index.manifest.buildId,
      builtAt: index.manifest.createdAt,
      corpusProblems: corpus.problems,
      corpusSkipped: corpus.skipped,
      ...(failing ? { embedderFailing: failing.forOperator } : {}),
    };
  }

  listPapers(search?: string, limit = Infinity): PaperRef[] {
    return this.findPapers(search, limit).map(paperRef);
  }

  /** The papers themselves (abstracts included), best match first; every paper, in corpus order, without a search. */
  findPapers(search?: string, limit = Infinity): Paper[] {
    return search?.trim() ? this.catalog.list(search, limit === Infinity ? 1000 : limit).map((m) => m.paper) : this.papers.slice(0, limit);
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

  /**
   * The papers a question sets side by side ("How do PixelThink and VLA-ATTC differ?"): two or
   * more named, and no others asked for; or, for a follow-up that names none but refers back to
   * them ("How do they differ?", "Which one is faster?"), the papers the earlier question compared,
   * else those the conversation is on, when several ("What are their results?" after "How many
   * papers mention GRPO?"). `talkedAbout` reads the latter (see papersTalkedAbout).
   */
  private comparisonIn(question: string, here: Names, earlier: string | undefined, talkedAbout: () => Paper[], pickedFrom: () => { papers: Paper[]; outOf?: number } = () => ({ papers: talkedAbout() }), oneEachBefore: () => Paper[] = () => []): Comparison | undefined {
    if (asksForOthers(question)) return undefined;
    // "Which one uses RL?" picks, of the papers before or named, those that do (see pickedConcepts): by
    // what it asks, not by the papers' names, each of which only its own paper writes.
    const picked = picksAmong(question) ? { picked: here.rest } : {};
    if (here.papers.length >= 2) return { ...comparing(here, question, here.rest), ...picked };
    // "How does it compare to PixelThink?" after "What is ST-Veto?": "it" is the paper the conversation is on.
    if (here.papers.length === 1 && earlier && comparesWithOneBefore(here.rest)) {
      const before = talkedAbout();
      if (before.length === 1 && before[0] !== here.papers[0]) return comparing({ ...here, papers: [before[0]!, here.papers[0]!] }, question, here.rest);
    }
    if (here.papers.length > 0 || !earlier || !refersBack(question)) return undefined;
    const before = this.names.namesIn(earlier);
    // The earlier question's words too: "And which is more accurate?" after "How do TGV-KV and VEQ save memory?".
    // Not after "Papers like HypRAG?" or a /related list: "them" are the papers its answer listed, not those it named.
    if (before.papers.length >= 2 && !asksForOthers(earlier)) return { ...comparing(before, `${earlier} ${question}`, `${before.rest} ${question}`), ...picked };
    // Papers the earlier answer listed or quoted are asked only what the follow-up asks: "How many papers mention GRPO?" would make any question about them answerable.
    const several = refersBackToSeveral(question) ? (picked.picked ? pickedFrom() : { papers: talkedAbout() }) : { papers: [] };
    // "Which is better?" after "What is ST-Veto?" and "What is VEQ?": the two papers of the two turns, not the last one alone. Not "Which is its dataset?".
    const { papers: cited, outOf } = several.papers.length === 1 && !refersBackToOne(question) ? { papers: oneEachBefore() } : several;
    if (cited.length < 2) return undefined;
    return { ...comparing({ papers: cited, words: [], rest: question, withoutIds: question, readAsWords: [], writtenAsWord: [] }, question, question), ...picked, ...(outOf !== undefined && outOf > cited.length ? { pickedOutOf: outOf } : {}) };
  }

  /**
   * Each compared paper's best chunks for what is asked about them, or its first chunk when none
   * matches: every compared paper is a source. Refused when the question about each paper alone
   * would be; with nothing asked but the comparison, each is quoted by what it is. Picking among
   * them ("Which of them use diffusion models?"), only those that answer are sources.
   */
  private async searchEach(retriever: Retriever, c: Comparison): Promise<SearchResult> {
    const firstHit = (paper: Paper) => {
      const chunk = retriever.firstChunk(paper.id);
      return chunk ? [{ chunk, paper, score: 0, cosine: 0, coverage: 0, matched: 0, wholeWords: 0 }] : [];
    };
    if (c.askedNothingElse) return { hits: c.papers.flatMap(firstHit), relevant: true };
    const k = Math.max(1, Math.floor(this.settings.retrieval.topK / c.papers.length));
    // A pick is searched for what it asks, in each paper's words: "the two" of "Which of the two uses RL?" is not, and PixelThink writes RL "reinforcement learning".
    const askedOf = (paper: Paper) => (c.picked === undefined ? c.askedOf(paper) : this.spelledOutFor(withoutPicking(c.askedOf(paper)), paper));
    const each = await Promise.all(c.papers.map((paper) => retriever.search(askedOf(paper), { paperId: paper.id, k })));
    if (c.picked !== undefined) {
      // Those that write its most telling word: "model" is not "diffusion models", "Which of them use diffusion models?"; nor is "Compare PixelThink and VEQ" what "Which one uses RL?" asks after it.
      const picked = each.filter((r, i) => r.relevant && this.writesMostTelling(retriever, c.picked!, c.papers[i]!));
      return { hits: picked.flatMap((r) => r.hits), relevant: picked.length > 0 };
    }
    return { hits: each.flatMap((r, i) => (r.relevant && r.hits.length ? r.hits : firstHit(c.papers[i]!))), relevant: each.some((r) => r.relevant) };
  }

  /**
   * Whether a paper writes, in some form, the concept of what a pick asks (see pickedConcepts)
   * that the fewest papers write: "model" is not "diffusion models". An acronym is written also as
   * what the corpus's papers declare it to stand for ("RL": reinforcement learning), or, written
   * in capitals, as the paper spells it (see withInitialsSpelledOut).
   */
  private writesMostTelling(retriever: Retriever, question: string, paper: Paper): boolean {
    const writes = (term: string) => retriever.papersWriting(term).has(paper.id) || this.acronymForms([term]).some((expansion) => retriever.papersWritingAll(expansion).has(paper.id));
    const writers = (forms: string[]) => Math.max(0, ...forms.map((t) => retriever.termStats.df(t)));
    const rarest = pickedConcepts(this.spelledOutFor(question, paper)).sort((a, b) => writers(a) - writers(b))[0];
    return rarest === undefined || rarest.some(writes);
  }

  /** A question with the acronyms no paper writes spelled out as the papers spell them (see spellingInPapers), each read once per index. */
  private withUnwrittenAcronymsSpelledOut(question: string): string {
    const retriever = this.retriever;
    let spellings = this.acronymSpellings.get(retriever);
    if (!spellings) this.acronymSpellings.set(retriever, (spellings = new Map()));
    const spelling = (acronym: string) => {
      if (!spellings.has(acronym)) {
        // Kept for the acronyms asked most recently only: the capitals people type are not a fixed few.
        if (spellings.size >= ACRONYM_SPELLINGS_KEPT) spellings.delete(spellings.keys().next().value!);
        spellings.set(acronym, spellingInPapers(acronym, this.papers));
      }
      return spellings.get(acronym);
    };
    return withUnwrittenAcronymsSpelledOut(question, (term) => retriever.termStats.df(term) > 0, spelling);
  }

  /** A question about one paper in its words (see withInitialsSpelledOut), as far as the corpus's declared acronyms allow. */
  private spelledOutFor(question: string, paper: Paper): string {
    return inPaperWordForms(withInitialsSpelledOut(question, paper, (acronym) => this.acronymForms([acronym])), `${paper.title}\n${paper.abstract}`, asksAnAspect);
  }

  validateQuestion(question: string): string {
    const q = questionText(question);
    if (isBlank(q)) throw new PapercordError('EMPTY_QUESTION', 'The question is empty.', 'Ask something about the papers, for example: What does MentisOculi evaluate?');
    if (q.length > this.settings.maxQuestionChars) throw new PapercordError('QUESTION_TOO_LONG', `The question has ${q.length} characters; the limit is ${this.settings.maxQuestionChars}.`, 'Shorten it to the essential question.');
    return q;
  }

  async ask(question: string, opts: AskOptions = {}): Promise<Answer> {
    return withSearchNotice(() => this.answer(question, opts));
  }


  private async answer(question: string, opts: AskOptions): Promise<Answer> {
    const started = Date.now();
    const typed = withoutRolePlay(withoutGreeting(this.validateQuestion(question)));
    // "wich papers study vidoe retrieval?" was refused, its "vidoe" no paper's word: asked as mended, shown as typed, with how it was read.
    const mended = withTyposMended(typed, (term) => this.retriever.termStats.df(term), (word) => isAuthorNameWord(word, this.papers) || this.catalog.misspelled(word) !== undefined);
    if (mended.mended.length) {
      const answer = await this.answer(mended.text, opts);
      const said = `Read ${mended.mended.map(([typo, read]) => `"${typo}" as "${read}"`).join(', ')}.`;
      return { ...answer, question: typed, notice: joinNotices({ said }, answer.notice) };
    }
    // "Which papers use RL?" of papers that write only "reinforcement learning": asked in their words, shown as typed.
    // Not of a question about one paper, whose own words spell it out or not ("Does CoPE use RL?": CoPE writes "continual learning" only).
    const inPapersWords = opts.paper || this.names.namesIn(typed).papers.length === 1 ? typed : this.withUnwrittenAcronymsSpelledOut(typed);
    if (inPapersWords !== typed) return { ...(await this.answer(inPapersWords, opts)), question: typed };
    // "Who wrote the paper on spatial audio?" after "What is PixelThink?" describes its paper: it is asked as it would be alone.
    const history = describesOwnPaper(typed) ? [] : (opts.history ?? []);
    const again = opts.paper ? undefined : this.conversation.askedAgain(typed, history);
    // Answered as the question it stands for, shown as typed: the conversation reads the paper it names from what was typed.
    if (again) return { ...(await this.ask(again.question, { ...opts, history: again.about ? [{ question: again.about, answer: '' }] : [] })), question: typed };
    const q = typed;
    // "Who wrote VEQ?" limited to PixelThink (an option left from an earlier question) asks about VEQ: answered so, and said.
    const optionPaper = opts.paper ? this.resolvePaper(opts.paper) : undefined;
    const instead = optionPaper ? this.papersNamedInstead(q, optionPaper) : [];
    if (instead.length) {
      const answer = await this.answer(q, { ...opts, paper: undefined });
      return { ...answer, notice: joinNotices({ said: namedNotOption(instead, optionPaper!) }, answer.notice) };
    }
    let before: Paper[] | undefined;
    let talked: Paper[] | undefined;
    // "the 11th one" after "Who wrote the 12th one?" is the 11th of the list that one was picked from.
    const listedIn = picksPlace(q) ? turnsBeforePlacesPicked(history) : history;
    const talkedBefore = () => (before ??= this.conversation.papersTalkedAbout(listedIn));
    const asking: Asking = {
      q,
      opts,
      started,
      history,
      last: history.at(-1),
      // "the second one" is the second of them: as "it" would be if they were one. "The 12th one" after a count that listed ten of 41 is the 12th of the 41.
      // "the other one" after "Tell me more about the first one" of two is the second.
      talkedAbout: () => (talked ??= otherPicked(q, talkedBefore(), this.conversation.papersTalkedAbout(history)) ?? placePicked(q, this.placedAmong(q, listedIn, talkedBefore()))),
      optionPaper,
    };
    // "the second one" after an answer about one paper picks none: which one there was, rather than that one again as if it were the second.
    if (!opts.paper && history.length && picksPlace(q) && placePastOne(q, talkedBefore())) return kinded('only-one-paper', uncitedAnswer(q, onlyOnePaper(talkedBefore()[0]!), started, { refused: true }));
    await this.keepCountsBefore(q, [listedIn.at(-1), asking.last]);
    const metadata = this.metadataAsked(asking);
    const fromMetadata = await this.metadataAnswer(asking, metadata);
    if (fromMetadata) return fromMetadata;
    const fromAbstracts = await this.abstractsAnswer(asking, metadata);
    // "Which papers talk about LLM safety?", refused where no paper writes the phrase whole, is asked as "Which papers are about LLM safety?":
    // its verb ("talk") is no word the papers answer with, and "are about" finds the papers "study" does.
    const listed = fromAbstracts.refused ? topicListAsked(q, this.papers) : undefined;
    const aboutTopic = listed ? `Which papers are about ${listed.topic}?` : undefined;
    const answered = aboutTopic && aboutTopic !== q ? { ...(await this.answer(aboutTopic, opts)), question: q } : fromAbstracts;
    // "Any papers on hallucination?" that no paper writes nor covers: the topic looked for tells the asker more than "this question" does.
    return listed && answered.refused && answered.answer === REFUSAL_TEXT ? { ...answered, answer: topicNotFound(listed.topic, this.papers.length), kind: 'topic-list' } : answered;
  }

  /** The papers a place a follow-up picks is among: those the answer before listed, or, for a place past them ("the 12th one" of ten listed), all its count found, when it found that many. */
  private placedAmong(q: string, history: readonly Turn[], listed: Paper[]): Paper[] {
    const last = history.at(-1);
    if (!last || !placePastAll(q, listed)) return listed;
    const counted = this.papersCountedBefore(last, () => listed);
    return counted && !placePastAll(q, counted) ? counted : listed;
  }

  /**
   * The papers a question limited to `option` names instead of it: it names some, not that one,
   * and does not point at that one ("Compare it with VEQ" sets VEQ against it; "Who wrote VEQ?"
   * asks of VEQ only). An "it" after the name, in a question that sets no papers side by side, is
   * the named paper ("Who wrote VEQ and what does it do?").
   */
  private papersNamedInstead(q: string, option: Paper): Paper[] {
    const names = this.names.namesIn(q);
    const namedAt = Math.min(...names.words.map((n) => q.indexOf(n.word)).filter((at) => at >= 0));
    const itIsNamed = !asksBeyondNamed(names.rest) && pointsBackOnlyAfter(q, namedAt);
    const pointsAtOption = (refersBackToOne(names.rest) || /\b(?:it|this|that)\b/i.test(names.rest)) && !itIsNamed;
    return names.papers.length && !names.papers.includes(option) && !pointsAtOption ? names.papers : [];
  }

  /** What a question asks of the papers' metadata (who wrote them, where or when they were published), and the question without those words: what is left to search for. */
  private metadataAsked({ q, opts, last, talkedAbout }: Asking): MetadataAsked {
    // "Who wrote X?" and "When was X published?" are answered from X's metadata: those words are not what to search for.
    // Where or when, only of a paper named and nothing else ("Where is the critic presented in VLA-ATTC?" asks its abstract).
    // Or of the papers it points back at: the one ("When was it published?" after "What is VEQ?", or with the paper option), or all ("When were they published?").
    const published = withoutPublication(q);
    const venueAsked =
      asksWhereOrWhen(q) &&
      (this.names.namedAlone(published).length > 0 || (pointsBackOnly(published) && (!!opts.paper || talkedAbout().length === 1)) || (!opts.paper && pointsBackToAllOnly(published) && talkedAbout().length > 0));
    // "VEQ authors", "PhaseCoder's authors", "authors of TGV-KV and CAST?": the noun and the papers' names, nothing else asked;
    // or no name, in a follow-up: of the papers before it ("Who are their authors?", "its authors?", "authors?").
    // "How many authors does PhaseCoder have?" asks for its authors too: how many, and who.
    const authorCount = asksAuthorCount(q);
    const withoutAuthors = withoutAuthorship(authorCount ? withoutAuthorCount(q) : q);
    const authorsOf = AUTHORS_NOUN.test(q) ? this.names.namesIn(q) : undefined;
    // "authors of the second one?": of the paper picked by its place, as "Who wrote the second one?" is.
    const onlyAuthors = authorsOf !== undefined && asksOnlyForAuthors(withoutPlace(authorsOf.rest));
    // With the paper option, "authors?" names its paper.
    const authorsOfNone = onlyAuthors && authorsOf.papers.length === 0 && !opts.paper;
    // Asked as "Who wrote X?" is: of X, whether the catalog names it or a search finds it ("How many authors does MonoSoup have?").
    const authorsAsked = AUTHORSHIP.test(q) || (authorCount && !authorsOfNone) || (onlyAuthors && (authorsOf.papers.length > 0 || !!opts.paper || (authorsOfNone && last !== undefined)));
    const authorship = authorsAsked || venueAsked;
    // As "Who wrote the paper on spatial audio?" gives the byline of the paper the search finds; "code" and "find" are not what to search for.
    const linksOfDescribed = !authorship && !opts.paper && asksForLinks(q) && describesPaper(q);
    const unasked = venueAsked ? published : authorsAsked ? withoutAuthors : linksOfDescribed ? withoutLinkWords(q) : q;
    return { authorsAsked, authorsOfNone, authorCount, authorship, unasked, withoutAuthors, linksOfDescribed };
  }

  /**
   * The answer to a question the metadata answers before any search: a topic count (or which
   * topic), the index's size, small talk, a paper's links, an author's papers, an author no paper
   * has, the bylines of the papers the conversation is on, or which paper a question means;
   * undefined for a question the abstracts answer. Limited to one paper by the option, only that
   * paper's links.
   */
  private async metadataAnswer({ q, opts, started, history, last, talkedAbout, optionPaper }: Asking, { authorsAsked, authorsOfNone, authorCount, authorship, withoutAuthors }: MetadataAsked): Promise<Answer | undefined> {
    // The paper option limits a question to one paper as naming it does: "Where is the code?" asks for that paper's links, as
    // "Where is the code for deng26w?" does; the rest asks its abstract (its authors and venue too: see metadataAsked).
    if (optionPaper) {
      // "Compare it with FooBarNet": the search would answer with the option's paper alone, as if the other were none of the question.
      const unmentioned = this.namesNothingMentions(q);
      if (unmentioned.length) return kinded('unknown-name', this.nothingMentionedReply(q, unmentioned, [optionPaper], started));
      const ofOptionPaper = asksForLinks(q) && (asksOnlyForLinks(q) || this.names.onlyNamed(withoutLinkWords(q)) === optionPaper);
      return ofOptionPaper ? kinded('links', this.linksReply(q, optionPaper, opts, started)) : undefined;
    }
    // "How many papers are about it?" names no topic to count: right after a question about one ("Which papers study video?") it is that one;
    // else saying so is more use than the index's size or "none mentions it".
    if (topicNotNamed(q)) {
      const before = this.conversation.topicTalkedAbout(history);
      return before ? kinded('topic-count', this.topicCountReply(q, before, opts, started, await this.mentionsCounted(before))) : kinded('no-topic', uncitedAnswer(q, NO_TOPIC_NAMED, started, { refused: true }));
    }
    if (asksAboutIndex(q, this.papers)) return kinded('index-size', uncitedAnswer(q, indexAnswer(this.papers), started));
    // "Which papers are from ICML 2026?" asks the metadata's venues, not for sentences that write "2026".
    const fromVenue = venuePapersAnswer(q, this.papers);
    if (fromVenue) return kinded('venue-papers', uncitedAnswer(q, fromVenue, started));
    // "Who is the most prolific author?", "Which paper is the most recent?", "Summarize the corpus" ask of the whole index: what its metadata says, not a sentence that writes "recent" or "corpus".
    if (asksMostPapersAuthors(q)) return kinded('prolific-authors', { ...uncitedAnswer(q, mostPapersAuthorsAnswer(this.papers), started), basis: 'metadata' });
    if (asksMostRecent(q)) return kinded('most-recent', { ...uncitedAnswer(q, mostRecentAnswer(q, this.papers), started), basis: 'metadata' });
    // In a conversation, "What are the main themes?" or "Summarize the papers" may be of the papers before: only the whole collection named, or its most common topics, is asked of the whole.
    if (asksOverview(q) && (!last || /\b(?:corpus|collection|index|common)\b/i.test(q))) return kinded('collection-overview', uncitedAnswer(q, overviewAnswer(this.papers), started));
    // "hi", "thanks", "help" ask nothing of the papers: how to ask is more use than a refusal, or a sentence that writes "help".
    const smallTalk = smallTalkAnswer(q, this.papers, () => this.modelStatus().answers);
    if (smallTalk) return kinded('small-talk', { ...uncitedAnswer(q, smallTalk, started), smallTalk: true });
    // A link alone ("https://arxiv.org/abs/2505.23727", a paper's page) asks what that paper is.
    const at = /^https?:\/\/\S+$/.test(q) ? this.catalog.get(q) : undefined;
    if (at) return this.ask('What is it about?', { ...opts, paper: at.id }).then((answer) => ({ ...answer, question: q }));
    // "Where is the code for PixelThink?": the links the metadata and the abstract give; "Is there code?" after "What is VEQ?", VEQ's.
    const linked = asksForLinks(q) ? (this.names.onlyNamed(withoutLinkWords(q)) ?? (last && asksOnlyForLinks(q) && talkedAbout().length === 1 ? talkedAbout()[0] : undefined)) : undefined;
    if (linked) return kinded('links', this.linksReply(q, linked, opts, started));
    // "Where is the code for LinkNet?" of a name no paper has: a search would quote another paper's "Our code is available at …".
    const unknownName = asksForLinks(q) ? this.unknownNameAlone(withoutLinkWords(q)) : undefined;
    if (unknownName) return kinded('no-such-paper', uncitedAnswer(q, noPaperCalled(unknownName, this.papersWritingName(unknownName), this.closestPapers(unknownName)), started, { refused: true }));
    // "Which papers are by Artem Dementyev?" is answered from the metadata: no abstract holds its authors.
    // So is "How many Wang papers?", before it is read as a count of the papers that write "Wang".
    const byAuthor = authorAsked(q, this.papers);
    if (byAuthor) return kinded('author-papers', this.authorAnswer(q, byAuthor, opts, started));
    // "Which papers are position papers?" asks for a kind of paper, not for the papers that write "position".
    if (positionPapersAsked(q)) return kinded('position-papers', this.positionPapersReply(q, opts, started));
    // "How many papers have code?" asks the metadata, not for the sentences that write "code" (a code-generation paper's).
    const codeAsked = codePapersAsked(q);
    if (codeAsked) return kinded('code-papers', this.codePapersReply(q, codeAsked.without, opts, started));
    // "How many papers mention video?" asks for a count the abstracts can be checked against, which a search's best few sentences are not.
    // "How many of them use diffusion?" after "Which papers study video?" counts among the four listed; after a count cut short, among all it found. "How many of these papers …" too, which alone counts the index.
    const countAmong = last ? topicCountAmongAsked(q, this.papers) : undefined;
    if (countAmong && talkedAbout().length > 0) {
      const counted = this.papersCountedBefore(last!, talkedAbout);
      const among = counted && counted.length > talkedAbout().length ? { papers: counted, which: 'counted' as const } : { papers: talkedAbout(), which: 'listed' as const };
      return kinded('topic-count', this.topicCountReply(q, countAmong, opts, started, (await this.mentionsCounted(countAmong)).filter((m) => among.papers.includes(m.paper)), among));
    }
    const countAsked = topicCountAsked(q, this.papers);
    if (countAsked) return kinded('topic-count', this.topicCountReply(q, countAsked, opts, started, await this.mentionsCounted(countAsked)));
    // "Which papers are about video?" asks for every paper the count would list, not a search's best two.
    // "Which papers are related to MentisOculi?" asks for papers like it (see abstractsAnswer), not for those that write its name.
    const listAsked = this.asksOnlyForLikeOfOne(q) ? undefined : topicListAsked(q, this.papers);
    const listed = listAsked ? await this.mentionsCounted(listAsked) : [];
    if (listAsked && listed.length > 0) return kinded('topic-list', this.topicCountReply(q, listAsked, opts, started, listed));
    // "Which papers were written by Google?" asks for no words the abstracts could match: a search would quote "written in terms of".
    const nobody = unknownAuthorAsked(q, this.papers);
    if (nobody?.alone && this.names.namesIn(q).papers.length === 0) return kinded('unknown-author', uncitedAnswer(q, nobody.answer, started, { refused: true }));
    // "Who wrote it?", "its authors?", "authors?", "When were they published?", "What are its results?" or "How does it compare to GPT-4?"
    // with no question before it, or after an answer about no paper (a refusal, small talk), points at no paper: saying so is more use than
    // "no paper covers this", or than a paper that writes "results".
    const pointedAt = withoutPublication(withoutAuthors);
    const asksOfPointed = authorsAsked || asksWhereOrWhen(q) || asksOnlyForAuthors(q);
    const pointsAtNone = () => authorsOfNone || (asksOfPointed && (pointsBackOnly(pointedAt) || pointsBackToAllOnly(pointedAt))) || (asksOnlyOfPointedAt(q) && this.names.namesIn(q).papers.length === 0);
    if ((!last || (answersAboutNoPaper(last.answer) && talkedAbout().length === 0)) && pointsAtNone()) {
      return kinded('no-paper-named', uncitedAnswer(q, NO_PAPER_NAMED, started, { refused: true }));
    }
    // "Does PixelThink use RL?" where nothing is called or writes PixelThink: a search would answer with other papers' RL.
    // Not "papers by Google DeepMind", whose name is an author's asked for, not a paper's. After "which paper?": "How does it
    // compare to GPT-4?" with no paper before asks first which "it" is.
    const unmentioned = nobody ? [] : this.namesNothingMentions(q);
    if (unmentioned.length) return kinded('unknown-name', this.nothingMentionedReply(q, unmentioned, this.names.namesIn(q).papers, started));
    // "Who wrote them?" or "When were they published?" after an answer that lists or quotes several papers: the byline of each.
    const withBylines = last && authorship && pointsBackToAllOnly(pointedAt) ? talkedAbout().filter((p) => byline(p)) : [];
    // Each of them has a byline, so authorsAnswer has one to write; a list cut short ("papers by Wang") says how many more there are, as the lists of papers do.
    if (withBylines.length) {
      const bylines = (sources: Source[]) => {
        const written = authorsAnswer(sources, authorCount)!;
        return { ...written, answer: [written.answer, ...this.conversation.papersNotListed(history)].join('\n') };
      };
      return kinded('bylines', this.wholePaperAnswer(q, withBylines, bylines, opts, started, { basis: 'metadata' }));
    }
    return undefined;
  }

  /** Whether a question names one paper and asks only for papers like it ("Which papers are related to MentisOculi?"). */
  private asksOnlyForLikeOfOne(q: string): boolean {
    const names = this.names.namesIn(q);
    return names.papers.length === 1 && asksOnlyForLike(names.rest);
  }

  /** The answer the abstracts give: of the papers the question or the conversation names, each of those it compares, else of those the search finds. */
  private async abstractsAnswer({ q, opts, started, history, last, talkedAbout, optionPaper }: Asking, { authorCount, authorship, unasked, linksOfDescribed }: MetadataAsked): Promise<Answer> {
    const names = this.names.namesIn(unasked);
    // "How do PixelThink and VLA-ATTC differ?" is answered from those papers, each of them.
    // "Which of them use diffusion models?" after "How many papers mention RL?" (37, ten listed) picks among all 37, up to PICKED_AMONG_MAX.
    // Not after a search or a related list whose papers the topic of its question does not find ("Which papers use reinforcement learning for LLM reasoning?"
    // cites three papers, of which one writes that phrase): "them" are the papers that answer listed.
    const counted = () => {
      const all = last ? this.papersCountedBefore(last, talkedAbout) : undefined;
      return all ? { papers: all.slice(0, PICKED_AMONG_MAX), outOf: all.length } : { papers: talkedAbout() };
    };
    // The papers of the last two turns, when each was about one paper and they differ.
    const oneEachBefore = () => {
      const [before, now] = [this.conversation.papersTalkedAbout(history.slice(0, -1)), this.conversation.papersTalkedAbout(history)];
      return before.length === 1 && now.length === 1 && before[0] !== now[0] ? [before[0]!, now[0]!] : [];
    };
    const comparison = optionPaper ? comparisonWithOption(unasked, names, optionPaper) : this.comparisonIn(unasked, names, last?.question, talkedAbout, counted, oneEachBefore);
    const compared = comparison?.papers ?? [];
    // A question that names one paper ("What is 2505.23727 about?", "What GPU does PixelThink use?")
    // is limited to it as the paper option does, unless it asks about others too ("papers like PixelThink").
    const single = !opts.paper && !comparison && names.papers.length === 1 && !asksBeyondNamed(q) ? names : undefined;
    // "What are its results?" after "What is PixelThink?" is about PixelThink too, as are "And the limitations?" and "Tell me more".
    const goingOn = last !== undefined && asksToGoOn(q);
    // "What else should I read?", "anything similar?" after "What is VEQ?" ask for papers like VEQ; "summary?", "the long version" for its summary.
    const earlier = !opts.paper && !comparison && names.papers.length === 0 && last && (continuesConversation(q) || asksOnlyForLike(q) || asksOnlyForSummary(q)) ? talkedAbout() : [];
    /** Whether a text, as an answer shows it, was shown in the conversation: going on shows what was not. */
    const shown = (text: string) => history.some((t) => t.answer.includes(text));
    if (earlier.length > 1) {
      // Going on with several papers ("Tell me more" after "Kloft's papers"): the next sentence of each one's summary.
      // Else "it" may be any of them: which one is asked ("Who wrote it?" after "How many papers are about video?").
      return goingOn ? kinded('going-on', this.goingOnWithEach(q, earlier, shown, opts, started)) : kinded('which-paper', uncitedAnswer(q, whichPaper(earlier, this.conversation.papersFoundNotListed(history)), started, { refused: true }));
    }
    // "What is PRISM?" of two papers called PRISM: each answered apart, as /summary and "Who wrote PRISM?" tell them apart, not one running answer.
    // Not "Who wrote PRISM?", whose bylines name each paper already.
    // "Papers like PRISM?" too: each PRISM's related papers, as "Papers like 2605.05407?" lists them; not "Other papers than PRISM on X".
    const namesakes = !opts.paper && !authorship && !comparison && names.papers.length === 0 && earlier.length === 0 ? this.names.namesakesIn(unasked) : undefined;
    if (namesakes && (!asksForOthers(q) || asksOnlyForLike(q.replace(wholeWord(escapeRegExp(namesakes.name), 'u'), ' ')))) return kinded('namesakes', await this.eachNamesake(q, namesakes, opts, started));
    const paper = comparison ? undefined : (optionPaper ?? single?.papers[0] ?? (earlier.length === 1 ? earlier[0] : undefined));
    // "Papers like PixelThink?" asks for related work: the search would find PixelThink itself. Of several papers, /related is asked one at a time.
    const likeOf = names.papers.length ? names.papers : earlier;
    if (!opts.paper && likeOf.length > 0 && asksOnlyForLike(names.rest)) {
      return likeOf.length === 1 ? kinded('related', await this.relatedAnswer(q, likeOf[0]!, opts, started)) : kinded('refusal', this.refusal(q, [], this.retriever, started));
    }
    const useModel = opts.useModel !== false && this.writer !== null;
    // A follow-up's answer depends on the conversation, so only stand-alone questions are cached.
    // Which papers a question compares depends on the catalog being complete, hence the variant.
    const key = useModel && !history.length ? this.cacheKeyFor({ kind: 'ask', text: q, variant: paper?.id ?? (compared.map((p) => p.id).join(' ') || undefined) }) : undefined;
    const hit = key ? (this.cache.get(key) as Answer | undefined) : undefined;
    if (hit) {
      opts.onProgress?.({ type: 'retrieved', sources: hit.sources });
      return { ...hit, cached: true, elapsedMs: Date.now() - started };
    }
    // "Which other papers use RL like PixelThink?": PixelThink is not one of them, and its name is not what to quote.
    // "Which other papers use quantization?" after "What is VEQ?": VEQ is not one of them either.
    const othersThan = !paper && !comparison && excludesNamed(q) ? (names.papers.length > 0 ? names.papers : last ? talkedAbout() : []) : [];
    const others = othersThan.length > 0;
    // "Does PixelThink use RL?" of a paper that writes "reinforcement learning" and not RL: asked in its words.
    const spelledOut = (text: string) => (paper ? this.spelledOutFor(text, paper) : text);
    const asked = spelledOut(withoutWords(single?.withoutIds ?? unasked, names.readAsWords));
    // A follow-up like "what about its results?" needs the earlier question's words to find anything: the last that has words of its own ("Go on" after "Tell me more" after "Which papers study video?").
    // Its words, not the papers it named: "PixelThink" of "What is PixelThink?" would rank PixelThink for "Which papers study video?".
    // Nor those of a question no paper answered ("what is the weather"), nor small talk's.
    // A question that stands alone ("Is there any paper on autonomous driving?" after "Is there work on GNNs for drug discovery?") is found on its own words:
    // the earlier ones would rank a paper on GNNs first for its "drive".
    let topic: string | undefined;
    for (const t of standsAlone(asked) ? [] : [...history].reverse()) {
      const lent = asksToGoOn(t.question) || answersAboutNoPaper(t.answer) ? '' : this.names.namesIn(t.question).rest;
      if (queryConcepts(lent).length > 0) {
        topic = lent;
        break;
      }
    }
    const searchText = topic ? `${topic} ${asked}` : asked;
    // One index for the whole request: a reindex that lands during the search must not score its sentences.
    const retriever = this.retriever;
    // What this question (not the conversation) asks of its one paper, without the paper's names.
    const about = paper ? spelledOut(withoutPointingBack(names.rest)) : '';
    // "What is it about?" of one paper ("What is PixelThink?") asks for the paper itself: nothing else in it is a word to search for; so does going on about it.
    const overview = paper !== undefined && (queryConcepts(about).length === 0 || goingOn);
    // "What are their results?" of papers set side by side asks for a part of each one's summary, as "What are its results?" does of one.
    // "Compare VEQ and TGV-KV" asks for no part: "compare" asks a paper's results only of its baselines ("What baselines does TUR-DPO compare against?").
    // "Which one is faster?" of papers set side by side asks for each one's results, as "How fast are they?" does: to pick, the asker reads them.
    const comparedAsked = withoutComparison(withoutWhichOne(names.rest));
    const aspectCompared = comparison && asksOnlyAspects(comparedAsked) ? askedSection(comparedAsked) : undefined;
    if (aspectCompared && compared.every((p) => summaryPart(p, aspectCompared) === undefined)) return kinded('aspect-not-stated', uncitedAnswer(q, aspectNotStated(compared, aspectCompared), started, { refused: true }));
    // "What are the limitations of SPEED-Bench?" asks for the limits the paper states (its summary's part), not for sentences
    // that write "limited" of the work it improves on ("Existing benchmarks suffer from limited task diversity"); "What are
    // the results of TGV-KV?" for its results, not for "resulting in memory consumption that scales linearly".
    const aspectsOnly = paper !== undefined && asksOnlyAspects(about);
    const partAsked = aspectsOnly ? askedSection(about) : undefined;
    // "What datasets does CAST use?": the sentences that name its data, whatever word they use for it ("a benchmark spanning YouCook2, COIN, and CrossTask").
    const namingData = aspectsOnly && asksForData(about) ? dataSentences(paper) : aspectsOnly && asksForModels(about) ? modelSentences(paper) : [];
    // "What models does VEQ test on?" of an abstract that names none: its problem's "MoE VLMs" are not what it tests on.
    if (aspectsOnly && !namingData.length && asksForModels(about)) return kinded('aspect-not-stated', uncitedAnswer(q, aspectNotStated([paper], undefined, 'does not name the models it evaluates on'), started, { refused: true }));
    // "How big is SciVideoBench?" asks for a figure its abstract writes with other words ("consists of 1,000 … questions").
    const figureAsked = paper !== undefined && !overview && asksOnlyHowMuch(about);
    const figuresOnly = figureAsked ? figureSentences(paper) : [];
    // "How large is cMoLLM?" of an abstract that states no figure of its own work: a sentence that writes "model size" of others' is no answer.
    if (figureAsked && figuresOnly.length === 0) return kinded('aspect-not-stated', uncitedAnswer(q, aspectNotStated([paper], undefined, noFigureStated(sizesUnread(paper))), started, { refused: true }));
    // "Which one is cheaper?" where no sentence of theirs answers in its words (their names aside, which each one's search
    // would find): to pick, the asker reads each one's results, as for "Which one is faster?". "uses less memory?" is searched.
    // "Does MentisOculi use diffusion models?" of an abstract that writes "models" and no "diffusion": a sentence that shares
    // "models" answers none of it; that the abstract does not mention diffusion does. A model reads meaning: what it writes stands.
    const unwritten = paper && !overview && !partAsked && !figureAsked && !namingData.length && !authorship && !linksOfDescribed ? unwrittenTellingWords(about, `${paper.title}\n${paper.abstract}`, (t) => retriever.termStats.idf(t), asksAnAspect) : [];
    const notMentioned = (notice?: Notice) => uncitedAnswer(q, `${notMentioning([paper!], joinList(unwritten.map((w) => `"${markdownLiteral(w)}"`), 'or')).slice(0, -1)}; /summary ${paper!.id} shows what it covers.`, started, { refused: true, notice });
    const measureUnwritten = comparison && !aspectCompared && asksWhichMore(comparedAsked) && !(await Promise.all(compared.map((p) => retriever.search(comparedAsked, { paperId: p.id, k: 1 })))).some((r) => r.relevant);
    const comparedPart = aspectCompared ?? (measureUnwritten && compared.some((p) => summaryPart(p, 'Results') !== undefined) ? 'Results' : undefined);
    const found = overview || comparedPart || namingData.length || figuresOnly.length
      ? { hits: [], relevant: true }
      : partAsked
        ? { hits: [], relevant: false }
        : comparison
        ? await this.searchEach(retriever, comparison)
        : await this.searchFollowUp(retriever, searchText, asked, !paper && last !== undefined, { paperId: paper?.id, mustShare: paper ? about : undefined, exclude: [...othersThan.map((p) => p.id), ...(paper ? [] : await foundOnlyByName(retriever, searchText, names.writtenAsWord))] });
    // "What does GCL stand for?": the sentence that spells it out, whatever the search found ("standard" shares a form with "stand").
    // The name as the question writes it ("TGVKV") and as the title does: "cast" typed in lower case is written "CAST" in the abstract.
    const nameForms = paper ? [...new Set([...names.words.filter((n) => n.paper === paper).map((n) => n.word), systemName(paper.title)].filter(Boolean))] : [];
    const spelled = paper ? (expansionSentence(q, paper.abstract, nameForms) ?? titleExpansion(q, paper.title, systemName(paper.title))) : undefined;
    // "What results does MentisOculi report?" asks for a part of its summary, whatever words its abstract uses for it: that part, unsearched.
    // So does "What about the method?" after "What is VEQ?": "method" is no word to search for, and the paper's method is the answer.
    const quote = (sentences: string[]) => sentences.map((x) => `${readableTex(x)} [1]`).join(' ');
    const part = spelled ? quote([spelled]) : namingData.length ? quote(namingData) : figuresOnly.length ? quote(figuresOnly) : paper && (overview || !found.relevant) ? summaryPart(paper, askedSection(about)) : undefined;
    const relevant = found.relevant || part !== undefined;
    // The named papers' abstracts may answer in other words ("decide how much to think" where VLA-ATTC
    // says "deliberation"): a model reads meaning, so it gets them, and may still say they do not answer.
    const askedOf = paper ? [paper] : compared;
    const modelReads = !relevant && useModel && askedOf.length > 0 && !asksBeyondNamed(q);
    // An overview quotes the whole abstract, as /summary does, so it is one source.
    const sources = overview || part ? [abstractSource(retriever, paper!)!] : comparedPart || modelReads ? abstractSources(retriever, askedOf) : toSources(found.hits);
    opts.onProgress?.({ type: 'retrieved', sources });
    // "And the limitations?" of a paper whose abstract states none: said plainly, with where to read more.
    const refused = (notice?: Notice) =>
      paper && asksOnlyAspects(about) ? kinded('aspect-not-stated', uncitedAnswer(q, aspectNotStated([paper], askedSection(about)), started, { refused: true, notice })) : kinded('refusal', this.refusal(q, askedOf.length ? askedOf : names.papers, retriever, started, notice, othersThan.length === 1 ? othersThan[0] : undefined));
    const quotedKind: AnswerKindId = comparison ? 'comparison' : !overview && !part ? (paper ? 'paper-question' : 'search') : overview ? 'paper-summary' : 'paper-part';
    if (!relevant) {
      if (modelReads) {
        const w = await this.modelAnswer(q, sources, opts, last, started, false);
        if (!('fallback' in w) && !w.refused) {
          const written = kinded(quotedKind, w);
          if (key && !w.truncated && !searchedByWordsOnly()) this.cache.set(key, written);
          return written;
        }
        return refused('fallback' in w ? this.announce(refusalFallback(w.fallback), opts) : undefined);
      }
      return refused();
    }
    const described = linksOfDescribed && !comparison ? authorSources(q, sources, paper)[0] : undefined;
    const byWhom = authorship ? authorsAnswer(authorSources(q, sources, paper), authorCount) : described ? { answer: linksAnswer(retriever.paper(described.paperId)!, described.n, q), citations: [citationFor(described)] } : null;
    /** The answer without a model: each compared paper's part, one paper's summary (a part of it, or more of it when going on), else the sentences that answer best. */
    const quoted = (): ExtractiveAnswer => {
      const citingAll = (answer: string) => ({ answer, citations: sources.map((s) => citationFor(s)) });
      if (comparedPart) return citingAll(partOfEach(compared, comparedPart, sources));
      // Of the papers picked among, those the search found: the others are not quoted.
      const quotedEach = compared.filter((p) => sources.some((s) => s.paperId === p.id)).map((p) => p.id);
      // Of one paper, what it sets out from answers a question about that ("What limitations does SPEED identify in
      // parallel decoding?"), else only what its own work does not answer as well.
      const setting = paper && !asksAbout(about, 'Problem') && !asksAbout(about, 'Limits') ? (summarySections(paper)?.Problem ?? []) : [];
      if (!overview && !part) {
        const ex = extractiveAnswer(paper ? about : others ? names.rest : q, sources, retriever.termStats, this.settings.retrieval, quotedEach, setting);
        // Said, not left silent: "Which of them use RL?" after a count of 97 read only the first PICKED_AMONG_MAX.
        const unread = comparison?.pickedOutOf ? `\n(Of the ${comparison.pickedOutOf} papers counted, the first ${compared.length} were read; a narrower topic reads them all.)` : '';
        // "Which one uses RL?" of PixelThink and VEQ: that VEQ's abstract does not is part of the answer. Of a long list, the few picked say it.
        const unpicked = comparison?.picked !== undefined ? compared.filter((p) => !this.writesMostTelling(retriever, comparison.picked!, p)) : [];
        const notPicked = unpicked.length > 0 && unpicked.length <= UNPICKED_NAMED_MAX ? `\n${notMentioning(unpicked)}` : '';
        return { ...ex, answer: ex.answer + notPicked + unread };
      }
      // Going on about one paper shows the next of its summary's sentences the conversation has not shown, till none is left.
      // Once all is said, going on says so again: the sentences shown first may have left the turns a conversation keeps, and would start over.
      const saidAll = goingOn && last?.answer === allSaid(paper!);
      const summary = saidAll ? undefined : (part ?? (goingOn ? summaryGoingOn(paper!, shown) : extractiveSummary(paper!, summaryLengthAsked(q))));
      return summary === undefined ? { answer: allSaid(paper!), citations: [] } : citingAll(summary);
    };
    const ex = byWhom ?? quoted();
    const extractive = (notice?: Notice): Answer => ({ kind: byWhom ? (authorship ? 'authors' : 'described-links') : quotedKind, question: q, answer: ex.answer, mode: 'extractive', refused: false, citations: ex.citations, sources: ex.sources ?? sources, ...(notice ? { notice } : {}), ...(byWhom ? { basis: 'metadata' as const } : {}), elapsedMs: Date.now() - started });
    // Authors come from the metadata as they are: nothing for a model to write.
    if (byWhom) return extractive();
    // Quoted without a model: of a yes-or-no question whose telling word the paper never writes, no sentence is the answer.
    const quotedUnlessUnmentioned = (notice?: Notice) => (unwritten.length ? kinded('not-mentioned', notMentioned(notice)) : extractive(notice));
    if (!useModel) return quotedUnlessUnmentioned();
    // Small models often say the sources do not answer what they plainly do ("What is TGV-KV?", "What does
    // MentisOculi evaluate?"). A bare "The sources do not answer this question." is a dead end, and the
    // answer without a model is not: it is quoted, with the model's verdict beside it for the reader to weigh.
    const quotedIfRefused = ex.citations.length > 0;
    const answer = await this.modelAnswer(q, sources, opts, last, started, quotedIfRefused);
    if ('fallback' in answer) return quotedUnlessUnmentioned(this.announce(answer.fallback, opts));
    if (answer.refused && quotedIfRefused) {
      const whole = overview || part || comparedPart ? { abstracts: sources.length } : undefined;
      return extractive(this.announce({ said: modelSaidNotAnswered(answer.model!, whole) }, opts));
    }
    if (answer.refused && (askedOf.length || names.papers.length)) return refused();
    const written = kinded(quotedKind, answer);
    if (key && !answer.truncated && !searchedByWordsOnly()) this.cache.set(key, written);
    return written;
  }

  /**
   * A question about a name several papers have, asked of each of them and told apart: "2 indexed papers are called PRISM:", then each one listed as lists are (a
   * follow-up such as "the second one" reads them back) with its answer, cited in one numbering.
   */
  private async eachNamesake(q: string, { name, papers }: { name: string; papers: Paper[] }, opts: AskOptions, started: number): Promise<Answer> {
    const parts: Answer[] = [];
    // Asked with the paper's id for the name: "What is PRISM?" is then "What is 2605.05407?", its summary, as for a name one paper has.
    const named = wholeWord(escapeRegExp(name), 'u');
    for (const paper of papers) parts.push(await this.answer(q.replace(named, paper.id), { ...opts, history: [] }));
    let shift = 0;
    const lines = [`${papers.length} indexed papers are called ${markdownLiteral(name)}:`];
    const citations: Citation[] = [];
    const sources: Source[] = [];
    for (const [i, part] of parts.entries()) {
      const by = shift;
      const renumbered = part.answer.replace(/\[(\d+)\]/g, (_, n: string) => `[${Number(n) + by}]`);
      // Headed by its paper when it quotes it; a related list names its paper itself, and its first source is another.
      const first = part.sources[0]?.paperId === papers[i]!.id ? part.sources[0] : undefined;
      lines.push(first ? `${listedPaper({ ...first, n: first.n + by })}\n${renumbered}` : renumbered);
      citations.push(...part.citations.map((c) => ({ ...c, n: c.n + by })));
      sources.push(...part.sources.map((s) => ({ ...s, n: s.n + by })));
      shift += part.sources.length;
    }
    const written = parts.every((p) => p.mode === 'ollama') ? { mode: 'ollama' as const, model: parts[0]!.model } : { mode: 'extractive' as const };
    const notices = [...new Map(parts.flatMap((p) => (p.notice ? [[p.notice.said, p.notice] as const] : []))).values()];
    const notice = joinNotices(...notices);
    return { question: q, answer: lines.join('\n'), ...written, refused: parts.every((p) => p.refused), citations, sources, ...(notice ? { notice } : {}), elapsedMs: Date.now() - started };
  }

  /**
   * The search, with the earlier question's words when there is one. Those words help rank what
   * a follow-up asks; they must not make it answerable: a follow-up with words of its own
   * ("What is the capital of France?") must be answerable on those alone. One without any is
   * about the earlier question when it asks to go on ("Tell me more"), else it is asked alone ("Who are you?").
   */
  private async searchFollowUp(retriever: Retriever, searchText: string, asked: string, followUp: boolean, opts: SearchOptions): Promise<SearchResult> {
    const found = await retriever.search(searchText, opts);
    if (!followUp) return found;
    const ownWords = queryConcepts(asked).length > 0;
    // "Which papers study video?" after "Who wrote PixelThink?": the two questions together cover too little of either; alone it is answered as it would be first.
    if (!found.relevant) return ownWords ? retriever.search(asked, opts) : found;
    if (goesOn(asked, ownWords)) return found;
    if (!ownWords) return retriever.search(asked, opts);
    return (await retriever.search(asked, opts)).relevant ? found : { ...found, relevant: false };
  }

  /**
   * An answer written from what papercord knows of whole papers (links, authors, related work)
   * rather than quoted: `papers`' abstracts are its sources [1], [2], ..., each cited.
   */
  private wholePaperAnswer(q: string, papers: Paper[], write: (sources: Source[]) => string | ExtractiveAnswer, opts: AskOptions, started: number, from?: Partial<Pick<Answer, 'mode' | 'model' | 'notice' | 'basis'>>): Answer {
    const sources = abstractSources(this.retriever, papers);
    opts.onProgress?.({ type: 'retrieved', sources });
    if (sources.length === 0) return this.refusal(q, [], this.retriever, started);
    const written = write(sources);
    // A list may cite each paper with the sentence it quotes; else each paper's abstract as a whole.
    const { answer, citations } = typeof written === 'string' ? { answer: written, citations: sources.map((s) => citationFor(s)) } : written;
    return { question: q, answer, mode: 'extractive', ...from, refused: false, citations, sources, elapsedMs: Date.now() - started };
  }

  /** How many papers mention a topic, and the first of them, best first, each cited with the sentence that mentions it. */
  private topicCountReply(q: string, asked: TopicAsked, opts: AskOptions, started: number, mentions: TopicMention[], among?: { papers: readonly Paper[]; which: CountedAmong }): Answer {
    const write = (sources: Source[]) => topicCountAnswer(asked, mentions, among?.papers.length ?? this.papers.length, sources, among?.which);
    // None is an answer too, the count the question asked for, not a refusal.
    if (mentions.length === 0) return uncitedAnswer(q, write([]).answer, started);
    return this.wholePaperAnswer(q, mentions.slice(0, LISTED_PAPERS_MAX).map((m) => m.paper), write, opts, started);
  }

  /** The position papers, each cited with the sentence that says so or states its thesis; none is an answer too. */
  private positionPapersReply(q: string, opts: AskOptions, started: number): Answer {
    // Only the papers that write "position" and "paper", or are titled "Position:", are read.
    const writers = this.retriever.papersWritingAll(POSITION_PAPER_TERMS);
    const found = positionPapers(this.papers.filter((p) => writers.has(p.id) || hasPositionTitle(p)));
    const write = (sources: Source[]) => positionPapersAnswer(found, this.papers.length, sources);
    if (found.length === 0) return uncitedAnswer(q, write([]).answer, started);
    return this.wholePaperAnswer(q, found.slice(0, LISTED_PAPERS_MAX).map((m) => m.paper), write, opts, started);
  }

  /** The papers that link their code (or, `without`, none), the first of them listed, each cited; none is an answer too. */
  private codePapersReply(q: string, without: boolean, opts: AskOptions, started: number): Answer {
    const found = this.papers.filter((p) => codeLinksOf(p).length === 0 === without);
    const write = (sources: Source[]) => codePapersAnswer(found, this.papers.length, sources, without);
    if (found.length === 0) return uncitedAnswer(q, write([]), started);
    return this.wholePaperAnswer(q, found.slice(0, LISTED_PAPERS_MAX), write, opts, started, { basis: 'metadata' });
  }

  /**
   * Every paper the count or list before found ("How many papers mention RL?": 37, ten listed),
   * when the papers the conversation is on are among them; undefined after any other answer (a
   * search, a related list), whose papers are those it shows.
   */
  private papersCountedBefore(last: Turn, talkedAbout: () => Paper[]): Paper[] | undefined {
    const topic = topicAskedBefore(last.question, this.papers);
    const mentions = topic ? this.mentionsOf(topic) : [];
    const mentioned = new Set(mentions.map((m) => m.paper));
    return mentions.length > 0 && talkedAbout().every((p) => mentioned.has(p)) ? mentions.map((m) => m.paper) : undefined;
  }

  /** The papers that write a topic (see topicMentions), those with it in their title first. */
  private mentionsOf(topic: TopicAsked): TopicMention[] {
    const { asked, kept, candidates } = this.topicCount(topic);
    return kept.get() ?? kept.set(topicMentions(candidates(), asked));
  }

  /** mentionsOf, read a slice of papers at a time so that the bot answers others meanwhile: a common topic's count at 100,000 papers takes seconds. */
  private async mentionsCounted(topic: TopicAsked): Promise<TopicMention[]> {
    const { asked, kept, candidates } = this.topicCount(topic);
    return kept.get() ?? kept.set(await topicMentionsInSlices(candidates(), asked, TOPIC_COUNT_SLICE));
  }

  /** What counting a topic takes: the topic with its acronyms' forms, its count as kept in the current index's last few (see topicMentionsOf), and the papers to read. */
  private topicCount(topic: TopicAsked): { asked: TopicAsked; kept: { get(): TopicMention[] | undefined; set(mentions: TopicMention[]): TopicMention[] }; candidates(): Paper[] } {
    // "RL" counts the papers that write "reinforcement learning" too, as the papers that write RL declare it.
    const asked = withAlternatives(topic, (phrase) => this.acronymForms(phrase));
    const { retriever, papers } = this;
    let counts = this.topicMentionsOf.get(retriever);
    if (!counts) this.topicMentionsOf.set(retriever, (counts = new Map()));
    const key = JSON.stringify(asked);
    // The most recently used last: the first is the one to drop.
    const set = (mentions: TopicMention[]) => {
      counts.delete(key);
      if (counts.size >= TOPIC_MENTIONS_KEPT) counts.delete(counts.keys().next().value!);
      counts.set(key, mentions);
      return mentions;
    };
    const get = () => {
      const mentions = counts.get(key);
      return mentions && set(mentions);
    };
    // Only papers that write every word of a phrase are read: at 100,000 papers, reading each abstract took 10 s.
    // A phrase written either way: "fine tuning" is read in papers that write fine-tuning too.
    const candidates = () => {
      const ids = papersThatMayWrite(asked, (terms) => retriever.papersWritingAll(terms));
      return papers.filter((p) => ids.has(p.id));
    };
    return { asked, kept: { get, set }, candidates };
  }

  /**
   * Keeps the count a follow-up may pick from or count among ("the 12th one", "How many of them
   * use RL?", "Which of them …"), counted again a slice at a time when it is no longer kept (after
   * a restart, or eight other counts): papersCountedBefore reads it at once.
   */
  private async keepCountsBefore(q: string, turns: (Turn | undefined)[]): Promise<void> {
    if (!(picksPlace(q) || refersBackToSeveral(q) || topicCountAmongAsked(q, this.papers))) return;
    for (const turn of new Set(turns)) {
      const topic = turn && topicAskedBefore(turn.question, this.papers);
      if (topic) await this.mentionsCounted(topic);
    }
  }

  /** An acronym's declared expansions ("rl": reinforc learn), a phrase with its acronyms spelled out so, or a phrase's acronym when the papers that write it declare it so. */
  private acronymForms(phrase: readonly string[]): string[][] {
    const retriever = this.retriever;
    const catalog = this.catalog;
    // Read lazily: only the first few writers of a common acronym are read.
    function* writers(acronym: string): Generator<Paper> {
      for (const id of retriever.papersWriting(acronym)) {
        const paper = catalog.get(id);
        if (paper) yield paper;
      }
    }
    const expansions = (acronym: string) => declaredExpansions(acronym, writers(acronym));
    if (phrase.length === 1) return expansions(phrase[0]!).map((e) => e.terms);
    // "multimodal LLMs" is as often "multimodal large language models": an acronym within a phrase, spelled out as its papers declare it.
    const spelledOut = phrase.flatMap((t, i) => expansions(t).map((e) => [...phrase.slice(0, i), ...e.terms, ...phrase.slice(i + 1)]));
    // The other way, only an acronym that several papers declare so: one paper's "prompt injection (PI)" would count every TeX \pi.
    const acronym = initialsOf(phrase);
    return acronym && expansions(acronym).some((e) => e.papers >= 2 && e.terms.join(' ') === phrase.join(' ')) ? [...spelledOut, [acronym]] : spelledOut;
  }

  /** "Tell me more" about several papers: each one listed with the next sentence of its summary the conversation has not shown (see nextSentenceShown). */
  private goingOnWithEach(q: string, papers: Paper[], shown: (text: string) => boolean, opts: AskOptions, started: number): Answer {
    const next = new Map(papers.map((p) => [p.id, nextSentenceShown(p, shown)]));
    const going = papers.filter((p) => next.get(p.id) !== undefined);
    if (going.length === 0) return uncitedAnswer(q, ALL_SAID_OF_EACH, started);
    return this.wholePaperAnswer(q, going, (sources) => sources.map((s) => `${listedPaper(s)}: ${next.get(s.paperId)}`).join('\n'), opts, started);
  }

  /**
   * The one made-up word a text asks about ("LinkNet" of "is the LinkNet?") when no indexed paper
   * is called that and nothing else is asked; undefined for a text that names a paper, asks
   * about a topic ("the 4D spatial-temporal paper"), or nothing.
   */
  private unknownNameAlone(text: string): string | undefined {
    const asked = text
      .split(/\s+/)
      .map((w) => w.replace(/^[^\p{L}\p{N}]+|(?:['’]s)?[^\p{L}\p{N}]*$/gu, ''))
      .filter((w) => queryConcepts(w).length > 0);
    const [name] = asked;
    return asked.length === 1 && isCoined(name!) && this.names.namesIn(name!).papers.length === 0 ? name : undefined;
  }

  /** The made-up names of a question (see madeUpNames) that no paper is called and no title or abstract writes. */
  private namesNothingMentions(q: string): string[] {
    // The first few, as other name checks: a question of made-up words costs no more than a short one.
    const names = [...new Set([...madeUpNames(q), ...comparedNames(q)])].slice(0, UNMENTIONED_NAME_CHECKS);
    const known = this.namesInMetadata();
    // A venue ("NeurIPS") is no paper's name: "Nothing indexed mentions NeurIPS" would read as if the index had no venues.
    return names.filter((name) => !known.has(normalizeTitle(name)) && !isKnownVenue(name) && this.names.namesIn(name).papers.length === 0 && this.papersWritingName(name).length === 0);
  }

  /**
   * Names the metadata holds and no term of the index does, read once per index, as normalizeTitle
   * keys them: the sites the papers link to ("github" of github.com: "code on GitHub"), the
   * pages they give by id (OpenReview, PMLR) and their venues ("icml2026" of ICML 2026: "papers in ICML2026").
   */
  private namesInMetadata(): Set<string> {
    const retriever = this.retriever;
    let known = this.metadataNamesOf.get(retriever);
    if (!known) {
      const hosts = this.papers.flatMap((p) => [p.url, ...(p.code ?? [])]).flatMap((link) => /^https?:\/\/(?:www\.)?([^./]+)\./i.exec(link ?? '')?.[1]?.toLowerCase() ?? []);
      const venues = this.papers.flatMap((p) => (p.venue ? [p.venue, `${p.venue}${p.year ?? ''}`] : [])).map(normalizeTitle);
      // Pages the metadata gives by id rather than by link: "the OpenReview page of the paper on mental imagery".
      const pages = [...(this.papers.some((p) => p.openreview) ? ['openreview'] : []), ...(this.papers.some((p) => p.pmlrPage) ? ['pmlr'] : [])];
      known = new Set([...hosts, ...venues, ...pages]);
      this.metadataNamesOf.set(retriever, known);
    }
    return known;
  }

  /** "Nothing indexed mentions FooBarNet", with the papers it may misspell and those the question names that are indexed. */
  private nothingMentionedReply(q: string, unmentioned: string[], named: Paper[], started: number): Answer {
    // Until a large corpus's typo-tolerant catalog is built, a misspelling would be a scan of every paper: none is suggested.
    const meant = this.catalog.fuzzy ? unmentioned.map((n) => this.catalog.misspelled(n)).filter((p): p is Paper => p !== undefined) : [];
    return uncitedAnswer(q, nothingMentions(unmentioned, [...new Set(meant)], named), started, { refused: true });
  }

  /**
   * The papers whose title or abstract writes a name as a word of its own, in any form nameWritten
   * allows ("MLLM-4D", "MLLM 4D"): not a paper that writes its parts apart, nor a longer name that
   * starts with it ("GPT2 tasks" and "GPT-4o" are not GPT-4). The papers that write every part are
   * read first; only if none writes it, those whose terms hold its letters.
   */
  private papersWritingName(name: string): Paper[] {
    const retriever = this.retriever;
    // "PixelThinks" and "cMoLLMs" are the names PixelThink and cMoLLM.
    for (const form of /\p{L}s$/u.test(name) ? [name, name.slice(0, -1)] : [name]) {
      const written = nameWritten(form);
      const writers = (ids: Iterable<string>) => [...ids].map((id) => retriever.paper(id)).filter((p): p is Paper => p !== undefined && written.test(`${p.title}\n${p.abstract}`));
      const asTerms = writers(retriever.papersWritingAll(queryConcepts(form).map(([term]) => term!)));
      if (asTerms.length) return asTerms;
      // Written with other joins than the question's ("Qwen2.5VL" of "Qwen2.5-VL", "Llama3" of "Llama 3"): the papers of the terms that hold its longest run of letters.
      const core = form.match(/\p{L}{3,}/gu)?.sort((a, b) => b.length - a.length)[0]?.toLowerCase();
      const other = core ? writers(retriever.papersWritingTermsWith(core, NAME_FORMS_READ, NAME_FORM_PAPERS_READ)) : [];
      if (other.length) return other;
    }
    return [];
  }

  /** The papers the catalog finds closest to a name that is none of theirs, for a "Did you mean". */
  private closestPapers(name: string): Paper[] {
    const r = this.catalog.resolve(name);
    return 'paper' in r ? [r.paper] : 'namesakes' in r ? r.namesakes : 'titled' in r ? r.titled : r.candidates;
  }

  /** A paper's links as an answer, cited to its abstract. */
  private linksReply(q: string, paper: Paper, opts: AskOptions, started: number): Answer {
    return this.wholePaperAnswer(q, [paper], ([s]) => linksAnswer(paper, s!.n, q), opts, started, { basis: 'metadata' });
  }

  /** The indexed papers of the authors asked (together, when several), each cited to its abstract; and, for a name several authors share, who they are. */
  private authorAnswer(q: string, asked: AuthorsAsked, opts: AskOptions, started: number): Answer {
    if (!asked.authors.length) return uncitedAnswer(q, namesakesAnswer(asked.ambiguous), started);
    return this.wholePaperAnswer(q, authorPapersCited(asked.authors), (sources) => authorPapersAnswer(asked.authors, sources, asked.ambiguous), opts, started, { basis: 'metadata' });
  }

  /** Related papers as an answer: each with its reason, cited to its abstract. */
  private async relatedAnswer(q: string, like: Paper, opts: AskOptions, started: number): Promise<Answer> {
    const r = await this.related(like.id, opts);
    // Not the refusal, whose pointer is /related for this same paper: it would send the asker to the empty list it stands for.
    if (r.related.length === 0) return uncitedAnswer(q, noRelatedTo(like, markdownLiteral), started, { refused: true });
    const papers = r.related.map((x) => this.retriever.paper(x.paperId)).filter((p): p is Paper => p !== undefined);
    const reasons = new Map(r.related.map((x) => [x.paperId, x.reason]));
    // Each listed as other lists are, with its id: a follow-up ("Who wrote them?") reads them back.
    const write = (sources: Source[]) => [`Papers related to **${markdownLiteral(like.title)}** (${like.id}):`, ...sources.map((s) => `${listedPaper(s)}: ${reasons.get(s.paperId)}`)].join('\n');
    return this.wholePaperAnswer(q, papers, write, opts, started, { mode: r.mode, ...(r.model ? { model: r.model } : {}), ...(r.notice ? { notice: r.notice } : {}), ...(r.mode === 'extractive' ? { basis: 'shared terms' as const } : {}) });
  }

  /** The model's answer from these sources, or why it could not give one (for the caller to announce, worded for what it shows instead). `quotedIfRefused`: see writeAnswer. */
  private async modelAnswer(q: string, sources: Source[], opts: AskOptions, last: Turn | undefined, started: number, quotedIfRefused: boolean): Promise<Answer | { fallback: Notice }> {
    const w = await writeAnswer(this.writeContext(opts), { question: q, sources, earlier: last ? { question: last.question, answer: last.answer } : undefined, quotedIfRefused });
    if ('fallback' in w) return w;
    return {
      question: q,
      answer: w.text,
      mode: 'ollama',
      model: w.model,
      refused: w.refused,
      citations: w.citations,
      sources: w.sources,
      ...(w.notice ? { notice: w.notice } : {}),
      ...(w.truncated ? { truncated: true } : {}),
      elapsedMs: Date.now() - started,
    };
  }

  /** "No paper covers this", with the most useful pointer: /related for "papers like X", the named papers' /summary, the paper the question misspelled, or that no author has the name asked. */
  private refusal(q: string, named: Paper[], retriever: Retriever, started: number, notice?: Notice, besides?: Paper): Answer {
    const like = besides ?? (asksBeyondNamed(q) ? this.names.paperNamedIn(q) : undefined);
    const meant = like || named.length ? undefined : this.names.misspelledPaper(q, retriever);
    const answer = writtenInOtherLanguage(q)
      ? otherLanguageRefusal(named)
      : like
      ? `${REFUSAL_TEXT} For papers related to ${markdownLiteral(like.title)}, use /related ${like.id}.`
      : named.length
        ? notInAbstracts(named)
        : meant
          ? `${REFUSAL_TEXT} Did you mean ${titleAndId(meant)}?`
          : (unknownAuthorAsked(q, this.papers)?.answer ?? REFUSAL_TEXT);
    return uncitedAnswer(q, answer, started, { refused: true, notice });
  }

  /**
   * The paper a /summary or /related asks for by pointing back ("it", "this", "that paper"): the
   * one the conversation's turns are on (as "Who wrote it?" reads them); undefined when the text
   * does not point back. With no such paper, or several, which one is asked.
   */
  private paperPointedAt(text: string, history: readonly Turn[] | undefined): Paper | undefined {
    if (!pointsBackOnly(text)) return undefined;
    const talked = history?.length ? this.conversation.papersTalkedAbout(history) : [];
    if (talked.length === 1) return talked[0];
    const said = talked.length ? `The last answer is about ${talked.length}: ${joinList(talked.map(titleAndId))}.` : `"${cutAt(text, 80)}" names none.`;
    throw new PapercordError('BAD_INPUT', `Which paper? ${said}`, talked.length ? 'Give the id of the one you mean.' : 'Give a paper id or part of its title; /papers lists them.');
  }

  async summary(paperQuery: string, opts: RequestOptions & ModelChoice & { length?: SummaryLength; history?: Turn[] } = {}): Promise<Summary> {
    const started = Date.now();
    const paper = this.paperPointedAt(cleanText(paperQuery), opts.history) ?? this.resolvePaper(paperQuery);
    const length = opts.length ?? 'medium';
    const source = abstractSource(this.retriever, paper);
    const extractive = (notice?: Notice): Summary => ({
      paper: paperRef(paper),
      summary: extractiveSummary(paper, length),
      mode: 'extractive',
      citations: source ? [citationFor(source)] : [],
      sources: source ? [source] : [],
      ...(notice ? { notice } : {}),
      elapsedMs: Date.now() - started,
    });
    if (opts.useModel === false || !this.writer || !source) return extractive();
    const key = this.cacheKeyFor({ kind: 'summary', text: paper.id, variant: length });
    const hit = this.cache.get(key) as Summary | undefined;
    if (hit) return { ...hit, cached: true, elapsedMs: Date.now() - started };
    const w = await writeSummary(this.writeContext(opts), { source, length });
    if ('fallback' in w) return extractive(this.announce(w.fallback, opts));
    const result: Summary = {
      paper: paperRef(paper),
      summary: w.text,
      mode: 'ollama',
      model: w.model,
      citations: w.citations,
      sources: [source],
      ...(w.notice ? { notice: w.notice } : {}),
      ...(w.truncated ? { truncated: true } : {}),
      elapsedMs: Date.now() - started,
    };
    if (!w.truncated) this.cache.set(key, result);
    return result;
  }

  /**
   * The checks of a /related query that need no search, which a front end can answer at once:
   * an empty or too long one, and one that only points back ("it") with no conversation to
   * point into. Throws as related() would.
   */
  checkRelatedQuery(query: string, history?: readonly Turn[]): void {
    this.paperPointedAt(this.relatedQuery(query), history);
  }

  private relatedQuery(query: string): string {
    const q = cleanText(query);
    if (isBlank(q)) throw new PapercordError('BAD_INPUT', 'Name a paper or describe a topic.', 'For example: /related paper_or_topic: spatial audio');
    if (q.length > this.settings.maxQuestionChars) throw new PapercordError('QUESTION_TOO_LONG', `The topic has ${q.length} characters; the limit is ${this.settings.maxQuestionChars}.`, 'Shorten it.');
    return q;
  }

  async related(query: string, opts: RequestOptions & ModelChoice & { count?: number; history?: Turn[] } = {}): Promise<Related> {
    return withSearchNotice(() => this.relatedTo(query, opts));
  }

  private async relatedTo(query: string, opts: RequestOptions & ModelChoice & { count?: number; history?: Turn[] }): Promise<Related> {
    const started = Date.now();
    const q = this.relatedQuery(query);
    const count = Math.min(Math.max(opts.count ?? this.settings.retrieval.relatedCount, 1), 10);
    const retriever = this.retriever;
    // "related work on spatial audio" asks for papers on "spatial audio", "research on VEQ" for papers like VEQ.
    const topic = topicAsked(q);
    const asked = this.paperPointedAt(q, opts.history) ?? this.relatedPaper(topic, retriever);
    const onTopic = asked ? undefined : await relatedPapers(retriever, { text: topic }, count, this.settings.retrieval);
    // On no topic, the paper /summary reads the words as, when it reads one: "arxiv 2505.23727", "sci video bench" (SciVideoBench).
    const paper = asked ?? (onTopic?.length ? undefined : this.paperResolved(topic));
    const related = paper ? await relatedPapers(retriever, { paper }, count, this.settings.retrieval) : onTopic!;
    const base: Related = { query: q, ...(!paper && topic !== q ? { topic } : {}), paper: paper ? paperRef(paper) : undefined, related, mode: 'extractive', elapsedMs: Date.now() - started };
    const explained = await this.explainRelated(base, paper, count, opts, started);
    const fewer = fewerRelated(related.length, count, !!paper);
    return fewer ? { ...explained, notice: joinNotices(fewer, explained.notice) } : explained;
  }

  /**
   * The paper /related is asked about, or undefined for a topic: one the text names (see
   * catalog.named), a name one paper owns ("GCL", declared by its abstract), or a single
   * word no abstract contains that misspells one paper's name, which /summary reads as that
   * paper too ("pixelthnik"). A made-up name that several papers own ("PRISM") is asked about,
   * not read as one of them; an ordinary word they share ("Position: ...") is a topic.
   */
  private relatedPaper(q: string, retriever: Retriever): Paper | undefined {
    const exact = this.catalog.get(q);
    if (exact) return exact;
    const owners = this.catalog.owners(q);
    const owning = [...new Set(owners.map((o) => o.paper))];
    if (owning.length > 1) {
      if (owners.some((o) => isCoined(o.name))) throw ambiguousPaper(q, owning);
      return undefined;
    }
    return owning[0] ?? this.catalog.named(q) ?? this.names.onlyNamed(q) ?? (words(q).length === 1 ? this.names.misspelledPaper(q, retriever) : undefined);
  }

  /** The one paper the catalog resolves a text to, as /summary does; undefined when it resolves to none or several. */
  private paperResolved(q: string): Paper | undefined {
    const r = this.catalog.resolve(q);
    return 'paper' in r ? r.paper : undefined;
  }

  /** The model's one-sentence reason for each related paper, where it gives a grounded one; the ranking stays retrieval's. */
  private async explainRelated(base: Related, paper: Paper | undefined, count: number, opts: RequestOptions & ModelChoice, started: number): Promise<Related> {
    if (opts.useModel === false || !this.writer || base.related.length === 0) return base;
    const key = this.cacheKeyFor({ kind: 'related', text: paper?.id ?? base.query, variant: String(count) });
    const hit = this.cache.get(key) as Related | undefined;
    if (hit) return { ...hit, cached: true, elapsedMs: Date.now() - started };
    const candidates = base.related.map((r) => this.retriever.paper(r.paperId)).filter((p): p is Paper => p !== undefined);
    const w = await writeRelated(this.writeContext(opts), { query: paper ?? { topic: base.query }, candidates });
    if ('fallback' in w) return { ...base, ...(w.fallback ? { notice: this.announce(w.fallback, opts) } : {}), elapsedMs: Date.now() - started };
    const result: Related = {
      ...base,
      related: base.related.map((r) => (w.reasons.has(r.paperId) ? { ...r, reason: w.reasons.get(r.paperId)!, reasonBy: 'model' as const } : r)),
      mode: 'ollama',
      model: w.model,
      ...(w.notice ? { notice: w.notice } : {}),
      elapsedMs: Date.now() - started,
    };
    if (!searchedByWordsOnly()) this.cache.set(key, result);
    return result;
  }

  /**
   * The model side for /status: whether answers are written by the model right now, and why
   * not; the queue, recent latencies and the answer cache. From what the last start-up check
   * and requests saw; refreshModelStatus() asks the servers again.
   */
  modelStatus(): ModelStatus {
    return this.describeModel(this.writer?.status());
  }

  /** modelStatus() after checking every Ollama host again (bounded by OLLAMA_CONNECT_TIMEOUT_MS). */
  async refreshModelStatus(): Promise<ModelStatus> {
    return this.describeModel(await this.writer?.refresh());
  }

  /** Stops background work (a model download, the warm-up); answers already running finish. */
  async close(): Promise<void> {
    await this.writer?.close();
  }

  private describeModel(w: WriterStatus | undefined): ModelStatus {
    const cache = { size: this.cache.size, capacity: this.cache.capacity };
    const chatModel = this.settings.chatModel;
    if (!w) {
      return { chatModel, answers: false, detail: 'No model is used: answers are extractive (quoted from the abstracts).', reachable: null, chatModelPresent: null, hosts: [], waiting: 0, running: 0, concurrency: 0, latency: { count: 0 }, cache };
    }
    const up = w.hosts.find((h) => h.up);
    const none = noHostNote(w.hosts, hostsVariable(this.settings), this.settings.connectTimeoutMs);
    const answers = w.reachable === true && w.chatModelPresent === true;
    const detail = answers
      ? `Ollama ${up?.version ?? ''} at ${up?.host} writes answers with ${chatModel}.`.replace('  ', ' ')
      : w.pulling
        ? `Downloading ${chatModel}${w.pulling.percent !== undefined ? ` (${w.pulling.percent}%)` : ''}; answers are extractive until it is ready.`
        : w.reachable === null
          ? 'Ollama has not been checked yet.'
          : !w.reachable
            ? `${none.what}: answers are extractive. ${none.fix}`
            : w.chatModelPresent === false
              ? `Ollama at ${up?.host} does not have ${chatModel}: answers are extractive. Run: ollama pull ${chatModel}`
              : `Ollama at ${up?.host} answers; ${chatModel} has not been used yet.`;
    return { ...w, answers, detail, cache };
  }

  private cacheKeyFor(p: Pick<CacheKeyParts, 'kind' | 'text' | 'variant'>): string {
    this.cache.useVersion(this.indexVersion);
    return cacheKey({ ...p, model: this.settings.chatModel, indexVersion: this.indexVersion });
  }

  private writeContext(opts: RequestOptions): WriteContext {
    return { writer: this.writer!, numCtx: this.settings.numCtx, log: this.log, signal: opts.signal, onProgress: opts.onProgress };
  }

  /** Tells the front end why the model was not used, as it happens, and returns the notice for the result. */
  private announce(notice: Notice, opts: RequestOptions): Notice {
    opts.onProgress?.({ type: 'notice', notice });
    return notice;
  }

  /**
   * Reloads the corpus and rebuilds the index while the current one keeps answering, then
   * switches. A second call while one runs joins it.
   */
  reindex(opts: { onBuildProgress?: (p: BuildProgress) => void } = {}): Promise<IndexInfo> {
    this.reindexing ??= (async () => {
      try {
        const previous = this.state;
        this.use(await openIndex(this.settings, this.log, { forceRebuild: true, onBuildProgress: opts.onBuildProgress }));
        previous.catalog.close();
        // Every cached answer was written from the old index's sources.
        this.cache.clear();
        return this.info();
      } finally {
        this.reindexing = null;
      }
    })();
    return this.reindexing;
  }

  get isReindexing(): boolean {
    return this.reindexing !== null;
  }
}

/** The answer, saying which kind of answer it is. */
function kinded<T extends Answer>(kind: AnswerKindId, answer: T): T {
  return { ...answer, kind };
}

/** What may stand between the parts of a name as a paper writes it ("GPT-4", "GPT 4", "GPT4", "TGV–KV", "Qwen2.5", "NeurIPS'20"). */
const NAME_PART_BREAK = String.raw`[\s\-‐‑–_.'’]?`;
/** Terms read for the other forms of a name (see papersWritingName): a name's letters are in few terms, and a common run ("model") stops there. */
const NAME_FORMS_READ = 200;
/** Papers read for those forms: a name written in thousands of papers is found among the first few hundred. */
const NAME_FORM_PAPERS_READ = 500;

/**
 * A name as papers may write it: its parts (split at punctuation and where letters meet digits)
 * with or without what joins them ("Llama 3", "Llama-3", "Llama3"), as a plural, and, for a name
 * that ends in letters, with a version after it ("YouCook2" of "YouCook"); not inside a longer
 * word ("GPT2 tasks" and "GPT-4o" are not GPT-4).
 */
function nameWritten(name: string): RegExp {
  const parts = name.split(/[^\p{L}\p{N}]+|(?<=\p{L})(?=\p{N})|(?<=\p{N})(?=\p{L})/u).filter(Boolean).map(escapeRegExp);
  const version = /\p{L}$/u.test(name) ? String.raw`(?:[\s\-.]?\d+(?:\.\d+)*)?` : '';
  return wholeWord(`${parts.join(NAME_PART_BREAK)}(?:e?s)?${version}`, 'iu');
}
/** How many papers an ambiguous name lists: "Position" starts nine titles. */
const NAMESAKES_SHOWN = 5;
/** How many of the papers a count found "Which of them ...?" reads, one search each: a topic 10,000 papers write would take seconds. */
const PICKED_AMONG_MAX = 50;
/** Acronyms whose spelling in the papers is kept (see withUnwrittenAcronymsSpelledOut), each a pass over up to 500 abstracts to read again. */
const ACRONYM_SPELLINGS_KEPT = 256;
/** Topic counts kept for follow-ups: at 100,000 papers a count of a common topic reads tens of thousands of abstracts (1-2 s). */
const TOPIC_MENTIONS_KEPT = 8;
/** Papers a topic count reads before it lets other work run (about 50 ms). */
const TOPIC_COUNT_SLICE = 500;
/** Made-up names of one question checked for whether anything indexed mentions them (see namesNothingMentions): each a catalog lookup and a postings read. */
const UNMENTIONED_NAME_CHECKS = 4;
/** The most papers a pick names as not writing what it asks ("The abstract of VEQ … does not mention it"): of a longer list, those picked are the answer. */
const UNPICKED_NAMED_MAX = 3;

/** The papers `names` holds set side by side; `asked` is what to search each one for, `rest` the question without their names. */
function comparing(names: Names, asked: string, rest: string): Comparison {
  return {
    papers: names.papers,
    askedOf: (paper) => names.words.reduce((text, n) => (n.paper === paper ? text : text.replace(n.word, ' ')), withoutComparison(asked)),
    askedNothingElse: queryConcepts(withoutComparison(rest)).length === 0,
  };
}

/** "Compare it with VEQ" limited to PixelThink by the paper option: "it" is that paper, set against the one the question names. */
function comparisonWithOption(question: string, here: Names, option: Paper): Comparison | undefined {
  const others = here.papers.filter((p) => p !== option);
  if (others.length === 0 || asksForOthers(question) || !(here.papers.length >= 2 || comparesWithOneBefore(here.rest))) return undefined;
  return comparing({ ...here, papers: [option, ...others] }, question, here.rest);
}

function ambiguousPaper(q: string, papers: Paper[], how = 'names'): PapercordError {
  const listed = papers.slice(0, NAMESAKES_SHOWN).map((p) => `"${p.title}" (${p.id})`);
  const more = papers.length - listed.length;
  const list = joinList(more > 0 ? [...listed, `${more} more`] : listed);
  const hint = `Give the id of the one you mean, such as ${papers[0]!.id}${more > 0 ? `; /papers ${cutAt(q, 80)} lists them all` : ''}.`;
  return new PapercordError('AMBIGUOUS_PAPER', `"${cutAt(q, 80)}" ${how} ${papers.length} papers: ${list}.`, hint);
}

/** The sources whose authors a "who wrote ...?" question asks for: the paper it is limited to, the papers it names, else the best match. One source per paper. */
function authorSources(question: string, sources: Source[], paper: Paper | undefined): Source[] {
  const firstOf = (id: string) => sources.find((s) => s.paperId === id);
  const ids = paper ? [paper.id] : namedPapers(question, sources);
  return (ids.length ? ids : sources.slice(0, 1).map((s) => s.paperId)).map(firstOf).filter((s): s is Source => !!s);
}

