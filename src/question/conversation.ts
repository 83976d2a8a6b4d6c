import type { PaperCatalog } from '../names/catalog.js';
import type { Paper } from '../corpus/paper.js';
import { readableTex } from '../corpus/text.js';
import type { Retriever } from '../retrieval/retriever.js';
import { queryConcepts, terms, withoutGist } from '../text/terms.js';
import type { Answer, Citation, Related, Summary, Turn } from '../types.js';
import { quotedSentences, REFUSAL_TEXT } from '../answer/extractive.js';
import { isTopicNotFound, type TopicAsked, topicAskedBefore, topicNotNamed } from '../answer/topics.js';
import { SMALL_TALK } from '../answer/small-talk.js';
import { asksForLinks, withoutLinkWords } from '../answer/links.js';
import { asksOnlyForAuthors, NO_PAPER_NAMED } from '../answer/bylines.js';
import { authorAsked } from '../answer/author-papers.js';
import { listedPaperIds, notListedIn } from '../answer/listing.js';
import { type Namesakes, namesakesPapers, namesakesPapersNotListed } from '../answer/namesakes.js';
import { asksOnlyForLike, asksToGoOn, comparesWithOneBefore, describesPaper, excludesNamed, picksAmong, picksPlace, pointsBackOnly, pointsBackToAllOnly, refersBack, refersBackToOne, refersBackToSeveral, withoutPointingBack } from './pointing.js';
import type { QuestionNames } from '../names/question-names.js';
import { asksOnlyAspects, asksOnlyForFigures } from './aspects.js';
import { AND_ABOUT, COMPARING_THOSE_BEFORE, POINTED_AT_SUBJECT, POSSESSIVES, SOME_OF_THOSE_BEFORE, THEY, WHICH_WITHOUT_NOUN } from '../lexicon/pointing.js';
import { GIST_WORD } from '../lexicon/summary-lengths.js';

/** Words of a quoted sentence whose papers are read to trace it to its abstract: the rarest, so that few papers write them all. */
const QUOTE_TERMS_CHECKED = 3;

/** What a conversation's earlier turns are about, read back from their questions and answers, in one index version. */
export class ConversationReader {
  constructor(
    private readonly names: QuestionNames,
    private readonly catalog: PaperCatalog,
    private readonly retriever: Retriever,
    private readonly papers: Paper[],
  ) {}

  /**
   * "And for 3D-RFT?" after "Who wrote PixelThink?": the question before it, asked again of the one
   * paper this one names and nothing else ("Who wrote 3D-RFT?"), when that question named one other
   * paper; or, when it pointed back at one ("Who wrote it?" after "What is PixelThink?"), asked as
   * it was in a conversation on the paper this one names (`about`). Read back through such turns
   * ("And VEQ?" next asks who wrote VEQ). Undefined otherwise: after "Which papers study video?",
   * "What about PixelThink?" asks what PixelThink is.
   */
  askedAgain(question: string, history: readonly Turn[]): { question: string; about?: string } | undefined {
    const last = history.at(-1);
    const named = AND_ABOUT.exec(question.trim())?.[1];
    const now = last && named ? this.names.onlyNamed(named) : undefined;
    if (!last || !named || !now) return undefined;
    const before = this.askedAgain(last.question, history.slice(0, -1))?.question ?? last.question;
    const names = this.names.namesIn(before);
    if (names.papers.length === 1 && names.papers[0] !== now) return { question: names.words.reduce((again, { word }) => again.replace(word, named), before) };
    if (names.papers.length > 0 || !continuesConversation(before)) return undefined;
    const was = this.papersTalkedAbout(history);
    return was.length === 1 && was[0] !== now ? { question: before, about: named } : undefined;
  }

  /**
   * The papers a conversation is about: those the latest turn names, or else those its answer
   * cites (see papersCited; "Dementyev's papers" lists PhaseCoder, "How many papers are about video?"
   * four), or those of the namesakes it names ("papers by Wang"), or, when it only went on with the conversation ("Who wrote it?", "And the
   * limitations?", "Tell me more") and its answer cites none, those of the turn before it, and so on.
   */
  papersTalkedAbout(history: readonly Turn[]): Paper[] {
    return this.talkedAbout(history).papers;
  }

  /**
   * The line that ends a list of the papers the conversation is on (see papersTalkedAbout) when
   * they are more than it shows: the namesakes "papers by Wang" names may have more papers than
   * a list holds. None when the list is whole.
   */
  papersNotListed(history: readonly Turn[]): string[] {
    const { namesakes, notListed } = this.talkedAbout(history);
    return namesakes ? namesakesPapersNotListed(namesakes) : notListed ? [notListed.line] : [];
  }

  /** How many papers the answer the conversation is on found but did not list ("... and 31 more"), 0 when it listed them all. */
  papersFoundNotListed(history: readonly Turn[]): number {
    return this.talkedAbout(history).notListed?.more ?? 0;
  }

  /**
   * The papers a conversation is about (see papersTalkedAbout), and the namesakes whose papers they
   * are, when the turn named a name several authors share; or, when its answer cut its list short
   * ("How many papers are about RL?": 41, ten listed), the line that said so.
   */
  private talkedAbout(history: readonly Turn[]): { papers: Paper[]; namesakes?: Namesakes[]; notListed?: { line: string; more: number } } {
    for (let i = history.length - 1; i >= 0; i--) {
      const turn = history[i]!;
      // "thanks!" or "hi" between a question and "Who wrote it?" is about no paper: "it" is the one before.
      if (isSmallTalk(turn.answer)) continue;
      const names = this.names.namesIn(turn.question);
      // "Papers like PixelThink?" is about the papers its answer lists, not PixelThink.
      // "How does it compare to TGV-KV?" after "What is VEQ?" is about both.
      if (names.papers.length === 1 && comparesWithOneBefore(names.rest)) {
        const before = this.papersTalkedAbout(history.slice(0, i));
        if (before.length === 1 && before[0] !== names.papers[0]) return { papers: [before[0]!, names.papers[0]!] };
      }
      if (names.papers.length > 0 && !asksOnlyForLike(names.rest)) return { papers: names.papers };
      const cited = this.papersCited(turn);
      const notListed = notListedIn(turn.answer);
      if (cited.length > 0) return { papers: cited, ...(notListed ? { notListed } : {}) };
      // "papers by Wang" is answered with the Wangs and how many papers each has, citing none: "they" are those papers.
      const namesakes = authorAsked(turn.question, this.papers);
      if (namesakes && namesakes.authors.length === 0) return { papers: namesakesPapers(namesakes.ambiguous), namesakes: namesakes.ambiguous };
      if (!continuesConversation(turn.question)) return { papers: cited };
    }
    return { papers: [] };
  }

  /** The topic the conversation asked about, for a count that points back at it ("How many such papers are there?"): the last question's, or, past counts that pointed back too, the one before. */
  topicTalkedAbout(history: readonly Turn[]): TopicAsked | undefined {
    for (let i = history.length - 1; i >= 0; i--) {
      const { question } = history[i]!;
      const asked = topicAskedBefore(question, this.papers);
      if (asked || !topicNotNamed(question)) return asked;
    }
    return undefined;
  }

  /**
   * The papers a turn's answer cites, in its order: those the front end says it cites (see
   * Turn.papers; ids this index does not have are left out), else as read back from its text:
   * those it lists by id ("**PhaseCoder: …** (dementyev26a) [1]", as the author, count and related
   * answers write them), else those whose abstracts hold the sentences it quotes. None when a
   * citation cannot be traced (a model's answer quotes nothing word for word): rather no paper
   * than some of them.
   */
  private papersCited({ answer, papers }: Turn): Paper[] {
    const known = (papers ?? []).map((id) => this.catalog.get(id)).filter((p): p is Paper => p !== undefined);
    if (known.length) return [...new Set(known)];
    const listed = [...listedPaperIds(answer)].map((id) => this.catalog.get(id));
    if (listed.length) return listed.every((p): p is Paper => p !== undefined) ? [...new Set(listed)] : [];
    const quoting = [...quotedSentences(answer).values()].map((text) => this.paperQuoting(text));
    return quoting.every((p): p is Paper => p !== undefined) ? [...new Set(quoting)] : [];
  }

  /** The one paper whose abstract holds a sentence as an answer shows it (see readableTex); undefined when none or several do. */
  private paperQuoting(text: string): Paper | undefined {
    const retriever = this.retriever;
    // Only the papers that write its rarest words are read: reading every abstract would take seconds on a large corpus.
    const rarest = [...new Set(terms(text))].sort((a, b) => retriever.termStats.df(a) - retriever.termStats.df(b)).slice(0, QUOTE_TERMS_CHECKED);
    if (rarest.length === 0) return undefined;
    const holders = [...retriever.papersWritingAll(rarest)].map((id) => retriever.paper(id)).filter((p): p is Paper => p !== undefined && readableTex(p.abstract).includes(text));
    return holders.length === 1 ? holders[0] : undefined;
  }
}

/** The papers an answer cites, each once, in the order first cited: what a front end keeps as its turn's `papers`. */
export function citedPaperIds(citations: readonly Citation[]): string[] {
  return [...new Set(citations.map((c) => c.paperId))];
}

/** An answer as a turn of its conversation, with the papers it cites. */
export function answeredTurn(answer: Answer): Turn {
  return { question: answer.question, answer: answer.answer, papers: citedPaperIds(answer.citations) };
}

/** A /summary as a turn of its conversation: about its paper, named by id ("Who wrote it?" after it is that paper's byline). */
export function summaryTurn(summary: Summary): Turn {
  return { question: `Summary of ${summary.paper.id}`, answer: summary.summary, papers: [summary.paper.id] };
}

/**
 * A /related list as a turn of its conversation: about the papers it lists ("Who wrote them?"),
 * asked as "Papers related to ..." is, which names the papers listed rather than the one they are like.
 */
export function relatedTurn(related: Related): Turn {
  const listed = related.related.map((r) => `${r.title} (${r.paperId}): ${r.reason}`);
  return { question: `Papers related to ${related.paper?.id ?? related.query}`, answer: listed.join('\n'), papers: related.related.map((r) => r.paperId) };
}

/**
 * A list of papers shown with no question (a /papers page; a list read back from a message, which
 * has its papers' ids but not what was asked) as a turn of its conversation: about the papers it
 * shows, in its order, so "What is the second one about?" and "Who wrote them?" follow it. Its
 * question names no paper and asks nothing: a heading may name a paper the list leaves out
 * ("Related to PixelThink"), and a search's words would be searched again with the follow-up.
 */
export function listingTurn(listing: string, paperIds: readonly string[]): Turn {
  return { question: 'Papers', answer: listing, papers: [...new Set(paperIds)] };
}

/** Whether a follow-up asks for links and nothing else ("Is there code?"): of the paper the conversation is on. */
export function asksOnlyForLinks(question: string): boolean {
  return asksForLinks(question) && queryConcepts(withoutLinkWords(question)).length === 0;
}

/**
 * Whether a follow-up that names no paper goes on with the papers before it: it points back
 * ("its results", "Who wrote them?"), asks only about an aspect of a paper ("And the
 * limitations?", "Is there code?"; not "What about audio?", a topic), only for authors
 * ("authors?", "Who are the authors?"), for its gist or its figures ("Summary?", "Any numbers?"), or asks to go on ("Tell me more").
 */
export function continuesConversation(question: string): boolean {
  if (describesOwnPaper(question)) return false;
  return refersBackToOne(question) || refersBackToSeveral(question) || asksOnlyAspects(question) || asksOnlyForLinks(question) || asksOnlyForAuthors(question) || asksToGoOn(question) || asksOnlyForGist(question) || asksOnlyForFigures(question);
}

/**
 * Whether a follow-up asks for the gist and nothing else ("Summary?", "Give me an overview", "What's
 * the main idea?", "tl;dr?", "In a nutshell?"): of the paper before, as "What's the main idea of
 * ST-Veto?" is of ST-Veto. Alone, it names nothing a search could find.
 */
function asksOnlyForGist(question: string): boolean {
  const rest = withoutGist(question);
  return (rest !== question || GIST_WORD.test(question)) && queryConcepts(rest).length === 0;
}

/**
 * Whether a question with words of its own stands alone in a conversation: it neither points
 * back nor goes on ("Is there any paper on autonomous driving?", 'Who wrote "Steering at the
 * Source"?'), so the earlier questions' words must not decide what it finds. Not one that
 * only names what to ask of the papers before ("What about audio?", "Do any use RL?", "Which
 * ones use GRPO?", "Which other papers do quantization?"). `asked` is the question without
 * the words that ask for metadata (authors, venue).
 */
export function standsAlone(asked: string): boolean {
  return queryConcepts(asked).length > 0 && !continuesConversation(asked) && !AND_ABOUT.test(asked.trim()) && !SOME_OF_THOSE_BEFORE.test(asked) && !WHICH_WITHOUT_NOUN.test(asked) && !picksAmong(asked) && !excludesNamed(asked);
}

/**
 * Whether a question describes the paper it is about (see describesPaper) and nothing in it picks
 * among or compares with the papers before it ("Which of them is the paper on video?", "How does
 * it compare to the paper on audio?"): it is about the paper it describes, not a follow-up.
 */
export function describesOwnPaper(question: string): boolean {
  return describesPaper(question) && !picksAmong(question) && !picksPlace(question) && !refersBack(question.replace(THEY, ' '));
}

/**
 * Whether an answer is about no paper: the refusal (of a topic too), "Which paper?", or small talk. "What are its
 * results?" after it points at nothing, as it would first. Not a model's answer whose papers are
 * unknown: its question is searched with it.
 */
export function answersAboutNoPaper(answer: string): boolean {
  return answer.startsWith(REFUSAL_TEXT) || isTopicNotFound(answer) || answer.startsWith(NO_PAPER_NAMED) || isSmallTalk(answer);
}

/** Whether an answer is small talk (a greeting, a thanks, what the bot is), by how papercord words it. */
function isSmallTalk(answer: string): boolean {
  return Object.values(SMALL_TALK).some((opening) => answer.startsWith(opening));
}

/**
 * Whether a question is about a paper it only points at ("What are its results?", "How does it
 * compare to GPT-4?", "What is it about?", "What are their results?"): with no turn before it,
 * it points at nothing, and a search would answer about whichever paper writes its other words.
 * Not one that describes its paper ("Who wrote the paper on spatial audio?"), nor one whose
 * "its" is of a paper it names ("How does MonoSoup compare to its baselines?").
 */
export function asksOnlyOfPointedAt(question: string): boolean {
  if (COMPARING_THOSE_BEFORE.test(question) || POINTED_AT_SUBJECT.test(question)) return true;
  if (!refersBackToOne(question) && !refersBackToSeveral(question)) return false;
  return pointsBackOnly(question) || pointsBackToAllOnly(question) || comparesWithOneBefore(question.replace(POSSESSIVES, ' ')) || asksOnlyAspects(withoutPointingBack(question));
}
