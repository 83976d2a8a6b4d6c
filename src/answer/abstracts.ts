import { systemName, type Paper } from '../corpus/paper.js';
import { markdownLiteral, readableTex } from '../corpus/text.js';
import { searchedByWordsOnly } from '../embed/query-vector.js';
import { foundOnlyByName } from '../names/question-names.js';
import type { Comparison } from '../question/comparison.js';
import type { QuestionFrame } from '../question/frame.js';
import { asksBeyondNamed, asksWhichMore, goesOn, withoutPicking } from '../question/pointing.js';
import type { Retriever, SearchOptions, SearchResult } from '../retrieval/retriever.js';
import { joinList } from '../text/clean.js';
import { queryConcepts } from '../text/terms.js';
import type { Answer, AnswerKindId, Notice, Source } from '../types.js';
import { refusalFallback } from '../writer/answers.js';
import { kinded, modelAnswer, refusalAnswer } from './compose.js';
import { extractiveAnswer, type ExtractiveAnswer } from './extractive.js';
import type { AnswerContext } from './kind.js';
import { expansionSentence, titleExpansion } from './name-expansion.js';
import { allSaid, aspectNotStated, modelSaidNotAnswered, notMentioning, partOfEach, summaryPart, uncitedAnswer } from './replies.js';
import { abstractSource, abstractSources, citationFor, toSources } from './sources.js';
import { type SummarySection, summarySections } from './summary/sections.js';
import { askedSection, asksAbout, asksOnlyAspects, roleAsked, summaryLengthAsked } from '../question/aspects.js';
import { extractiveSummary, summaryGoingOn } from './summary/extractive.js';
import { closestAnswer } from './closest.js';

/** What the abstracts hold for a question: what the search found, the part of a paper that answers, and the sources shown. */
export interface AbstractsFound {
  found: SearchResult;
  /** The part of each compared paper's summary that answers ("What are their results?"; "Which one is faster?" where no sentence says). */
  comparedPart: SummarySection | undefined;
  /** The part of the one paper that answers, as quoted text: what its name stands for, the sentences naming its data, models or figures, or a part of its summary. */
  part: string | undefined;
  /** Whether anything answers. */
  relevant: boolean;
  /** The papers the question is asked of: its one paper, or those compared. */
  askedOf: Paper[];
  /** Nothing answers in the question's words, but the model may read the named papers' abstracts for their meaning. */
  modelReads: boolean;
  sources: Source[];
}

/**
 * The answer without a model; whether it comes from the metadata (authors, links) rather than
 * sentences, so that no model rewrites it; and, when it is not the kind asking for it, which kind
 * of answer it is (a paper with no byline is answered as its question would be without "who wrote").
 */
export type Quote = ExtractiveAnswer & { metadata?: boolean; kind?: AnswerKindId };

/** How each answer kind that quotes the abstracts shows what was found. */
export type QuoteOf = (f: QuestionFrame, ctx: AnswerContext, found: AbstractsFound) => Quote;

/** The most papers a pick names as not writing what it asks ("The abstract of VEQ … does not mention it"): of a longer list, those picked are the answer. */
const UNPICKED_NAMED_MAX = 3;

/**
 * Searches the abstracts for what the question asks: nothing to search for an overview, a part
 * of a summary, or sentences already known (data, figures); each compared paper apart; one
 * paper alone; else the whole index, with the conversation's words for a follow-up.
 */
export async function findInAbstracts(f: QuestionFrame, ctx: AnswerContext): Promise<AbstractsFound> {
  const { retriever } = ctx.library;
  const { paper, comparison, compared } = f;
  // "Which one is cheaper?" where no sentence of theirs answers in its words (their names aside, which each one's search
  // would find): to pick, the asker reads each one's results, as for "Which one is faster?". "uses less memory?" is searched.
  const measureUnwritten = comparison && !f.aspectCompared && asksWhichMore(f.comparedAsked) && !(await Promise.all(compared.map((p) => retriever.search(f.comparedAsked, { paperId: p.id, k: 1 })))).some((r) => r.relevant);
  const comparedPart: SummarySection | undefined = f.aspectCompared ?? (measureUnwritten && compared.some((p) => summaryPart(p, 'Results') !== undefined) ? 'Results' : undefined);
  const found = f.overview || comparedPart || f.namingData.length || f.figuresOnly.length
    ? { hits: [], relevant: true }
    : f.partAsked
      ? { hits: [], relevant: false }
      : comparison
        ? await searchEach(f, ctx, comparison)
        : await searchFollowUp(retriever, f.searchText, f.asked, !paper && f.last !== undefined, {
            paperId: paper?.id,
            mustShare: paper ? f.about : undefined,
            exclude: [...f.othersThan.map((p) => p.id), ...(paper ? [] : await foundOnlyByName(retriever, f.searchText, f.subjectNames.writtenAsWord))],
          });
  const part = paper ? partOf(f, paper, found.relevant) : undefined;
  const relevant = found.relevant || part !== undefined;
  const askedOf = paper ? [paper] : compared;
  // The named papers' abstracts may answer in other words ("decide how much to think" where VLA-ATTC
  // says "deliberation"): a model reads meaning, so it gets them, and may still say they do not answer.
  const modelReads = !relevant && ctx.useModel && askedOf.length > 0 && !asksBeyondNamed(f.q);
  // An overview quotes the whole abstract, as /summary does, so it is one source.
  const sources = f.overview || part ? [abstractSource(retriever, paper!)!] : comparedPart || modelReads ? abstractSources(retriever, askedOf) : toSources(found.hits);
  return { found, comparedPart, part, relevant, askedOf, modelReads, sources };
}

/**
 * What answers a question about one paper without a search: "What does GCL stand for?" (the
 * sentence that spells it out, whatever the search found), the sentences naming its data, models
 * or figures, or, for an overview or when the search found nothing, the part of its summary asked
 * for ("What results does MentisOculi report?", "What about the method?").
 */
function partOf(f: QuestionFrame, paper: Paper, searched: boolean): string | undefined {
  // The name as the question writes it ("TGVKV") and as the title does: "cast" typed in lower case is written "CAST" in the abstract.
  const nameForms = [...new Set([...f.subjectNames.words.filter((n) => n.paper === paper).map((n) => n.word), systemName(paper.title)].filter(Boolean))];
  const spelled = expansionSentence(f.q, paper.abstract, nameForms) ?? titleExpansion(f.q, paper.title, systemName(paper.title));
  const quote = (sentences: string[]) => sentences.map((x) => `${readableTex(x)} [1]`).join(' ');
  if (spelled) return quote([spelled]);
  if (f.namingData.length) return quote(f.namingData);
  if (f.figuresOnly.length) return quote(f.figuresOnly);
  return f.overview || !searched ? summaryPart(paper, askedSection(f.about)) : undefined;
}

/**
 * Answers from the abstracts: the quote `quoteOf` makes of what was found, or the model's answer
 * from the same sources, checked against it; refused when nothing answers.
 */
export async function answerFromAbstracts(f: QuestionFrame, ctx: AnswerContext, kind: AnswerKindId, quoteOf: QuoteOf): Promise<Answer> {
  const { q, paper, compared } = f;
  // A follow-up's answer depends on the conversation, so only stand-alone questions are cached.
  // Which papers a question compares depends on the catalog being complete, hence the variant.
  const key = ctx.useModel && !f.history.length ? ctx.cache.key(q, paper?.id ?? (compared.map((p) => p.id).join(' ') || undefined)) : undefined;
  const hit = key ? ctx.cache.get(key) : undefined;
  if (hit) {
    ctx.request.onProgress?.({ type: 'retrieved', sources: hit.sources });
    return { ...hit, cached: true, elapsedMs: Date.now() - ctx.started };
  }
  const found = await findInAbstracts(f, ctx);
  const { sources, askedOf } = found;
  ctx.request.onProgress?.({ type: 'retrieved', sources });
  const refused = (notice?: Notice) => refusedFromAbstracts(f, ctx, askedOf, notice);
  // A part of one paper answers as itself: "What are its results?" quotes its results.
  let answeredAs: AnswerKindId = kind === 'paper-question' && found.part !== undefined ? 'paper-part' : kind;
  const keep = (answer: Answer) => {
    const written = kinded(answeredAs, answer);
    if (key && !answer.truncated && !searchedByWordsOnly()) ctx.cache.set(key, written);
    return written;
  };
  if (!found.relevant) {
    // A paper named or compared was read whole: that its abstract does not say is the answer, not its nearest sentences.
    const named = askedOf.length > 0 || f.subjectNames.papers.length > 0;
    if (!found.modelReads) return (named ? undefined : closestAnswer(f, ctx, found.found.near)) ?? refused();
    const w = await modelAnswer(q, ctx, sources, f.last, false);
    if (!('fallback' in w) && !w.refused) return keep(w);
    return refused('fallback' in w ? ctx.announce(refusalFallback(w.fallback)) : undefined);
  }
  const ex = quoteOf(f, ctx, found);
  answeredAs = ex.kind ?? answeredAs;
  const extractive = (notice?: Notice): Answer => ({ kind: answeredAs, question: q, answer: ex.answer, mode: 'extractive', refused: false, citations: ex.citations, sources: ex.sources ?? sources, ...(notice ? { notice } : {}), ...(ex.metadata ? { basis: 'metadata' as const } : {}), elapsedMs: Date.now() - ctx.started });
  // Authors and links come from the metadata as they are: nothing for a model to write.
  if (ex.metadata) return extractive();
  // Quoted without a model: of a yes-or-no question whose telling word the paper never writes, no sentence is the answer.
  const quotedUnlessUnmentioned = (notice?: Notice) => (f.unwritten.length ? notMentionedAnswer(f, ctx, notice) : extractive(notice));
  if (!ctx.useModel) return quotedUnlessUnmentioned();
  // Small models often say the sources do not answer what they plainly do ("What is TGV-KV?", "What does
  // MentisOculi evaluate?"). A bare "The sources do not answer this question." is a dead end, and the
  // answer without a model is not: it is quoted, with the model's verdict beside it for the reader to weigh.
  const quotedIfRefused = ex.citations.length > 0;
  const answer = await modelAnswer(q, ctx, sources, f.last, quotedIfRefused);
  if ('fallback' in answer) return quotedUnlessUnmentioned(ctx.announce(answer.fallback));
  if (answer.refused && quotedIfRefused) {
    const whole = f.overview || found.part || found.comparedPart ? { abstracts: sources.length } : undefined;
    return extractive(ctx.announce({ said: modelSaidNotAnswered(answer.model!, whole) }));
  }
  if (answer.refused && (askedOf.length || f.subjectNames.papers.length)) return refused();
  return keep(answer);
}

/** "And the limitations?" of a paper whose abstract states none: said plainly, with where to read more; else no paper covers it. */
function refusedFromAbstracts(f: QuestionFrame, ctx: AnswerContext, askedOf: Paper[], notice?: Notice): Answer {
  if (f.paper && asksOnlyAspects(f.about)) return kinded('aspect-not-stated', uncitedAnswer(f.q, aspectNotStated([f.paper], askedSection(f.about)), ctx.started, { refused: true, notice }));
  const besides = f.othersThan.length === 1 ? f.othersThan[0] : undefined;
  return kinded('refusal', refusalAnswer(f.q, ctx, askedOf.length ? askedOf : f.subjectNames.papers, notice, besides));
}

/** "Does MentisOculi use diffusion models?": that its abstract does not mention diffusion, with where to read what it covers. */
function notMentionedAnswer(f: QuestionFrame, ctx: AnswerContext, notice?: Notice): Answer {
  const paper = f.paper!;
  const words = joinList(f.unwritten.map((w) => `"${markdownLiteral(w)}"`), 'or');
  return kinded('not-mentioned', uncitedAnswer(f.q, `${notMentioning([paper], words).slice(0, -1)}; /summary ${paper.id} shows what it covers.`, ctx.started, { refused: true, notice }));
}

/** The quote of what was found as the kind the frame routes to without asking for authors or links: each compared paper, a paper's summary or part, or the best sentences. */
export function quoteAsFound(f: QuestionFrame, ctx: AnswerContext, found: AbstractsFound): Quote {
  if (f.comparison) return { ...comparisonQuote(f, ctx, found), kind: 'comparison' };
  if (!f.overview && !found.part) return { ...searchQuote(f, ctx, found), kind: f.paper ? 'paper-question' : 'search' };
  return { ...summaryQuote(f, ctx, found), kind: f.overview ? 'paper-summary' : 'paper-part' };
}

/** Papers set side by side: the part of each one's summary asked for, else the best sentences of each. */
export function comparisonQuote(f: QuestionFrame, ctx: AnswerContext, found: AbstractsFound): Quote {
  if (!found.comparedPart) return searchQuote(f, ctx, found);
  return { answer: partOfEach(f.compared, found.comparedPart, found.sources), citations: found.sources.map((s) => citationFor(s)) };
}

/**
 * One paper's summary, or the part of it asked for; going on about it shows the next of its
 * summary's sentences the conversation has not shown, till none is left. Once all is said, going
 * on says so again: the sentences shown first may have left the turns a conversation keeps, and
 * would start over.
 */
export function summaryQuote(f: QuestionFrame, _ctx: AnswerContext, found: AbstractsFound): Quote {
  const paper = f.paper!;
  const saidAll = f.goingOn && f.last?.answer === allSaid(paper);
  const summary = saidAll ? undefined : (found.part ?? (f.goingOn ? summaryGoingOn(paper, f.shown) : extractiveSummary(paper, summaryLengthAsked(f.q))));
  return summary === undefined ? { answer: allSaid(paper), citations: [] } : { answer: summary, citations: found.sources.map((s) => citationFor(s)) };
}

/** The best sentences for what is asked, among the sources found; of papers picked among, that the others do not write it. */
export function searchQuote(f: QuestionFrame, ctx: AnswerContext, found: AbstractsFound): Quote {
  const { paper, comparison, compared } = f;
  const { retriever } = ctx.library;
  // Of the papers picked among, those the search found: the others are not quoted.
  const quotedEach = compared.filter((p) => found.sources.some((s) => s.paperId === p.id)).map((p) => p.id);
  // Of one paper, what it sets out from answers a question about that ("What limitations does SPEED identify in
  // parallel decoding?"), else only what its own work does not answer as well.
  const role = roleAsked(f.q);
  const setting = paper && !asksAbout(f.about, 'Problem') && !asksAbout(f.about, 'Limits') ? (summarySections(paper)?.Problem ?? []) : [];
  const asked = paper ? f.about : f.othersThan.length > 0 ? f.subjectNames.rest : f.q;
  const ex = extractiveAnswer(asked, found.sources, retriever.termStats, ctx.settings.retrieval, quotedEach, setting, role && ofRole(retriever, role));
  // Said, not left silent: "Which of them use RL?" after a count of 97 read only the first PICKED_AMONG_MAX.
  const unread = comparison?.pickedOutOf ? `\n(Of the ${comparison.pickedOutOf} papers counted, the first ${compared.length} were read; a narrower topic reads them all.)` : '';
  // "Which one uses RL?" of PixelThink and VEQ: that VEQ's abstract does not is part of the answer. Of a long list, the few picked say it.
  const unpicked = comparison?.picked !== undefined ? compared.filter((p) => !ctx.library.acronyms.writesMostTelling(comparison.picked!, p)) : [];
  const notPicked = unpicked.length > 0 && unpicked.length <= UNPICKED_NAMED_MAX ? `\n${notMentioning(unpicked)}` : '';
  return { ...ex, answer: ex.answer + notPicked + unread };
}

/** Whether a sentence of a source's paper is in the part of its summary asked for (a list is one entry there, hence "includes"). */
function ofRole(retriever: Retriever, role: SummarySection): (source: Source, sentence: string) => boolean {
  return (source, sentence) => {
    const paper = retriever.paper(source.paperId);
    return paper !== undefined && (summarySections(paper)?.[role] ?? []).some((x) => x.includes(sentence));
  };
}

/**
 * Each compared paper's best chunks for what is asked about them, or its first chunk when none
 * matches: every compared paper is a source. Refused when the question about each paper alone
 * would be; with nothing asked but the comparison, each is quoted by what it is. Picking among
 * them ("Which of them use diffusion models?"), only those that answer are sources.
 */
async function searchEach(f: QuestionFrame, ctx: AnswerContext, c: Comparison): Promise<SearchResult> {
  const { retriever, acronyms } = ctx.library;
  const firstHit = (paper: Paper) => {
    const chunk = retriever.firstChunk(paper.id);
    return chunk ? [{ chunk, paper, score: 0, cosine: 0, coverage: 0, matched: 0, wholeWords: 0 }] : [];
  };
  if (c.askedNothingElse) return { hits: c.papers.flatMap(firstHit), relevant: true };
  const k = Math.max(1, Math.floor(ctx.settings.retrieval.topK / c.papers.length));
  // A pick is searched for what it asks, in each paper's words: "the two" of "Which of the two uses RL?" is not, and PixelThink writes RL "reinforcement learning".
  const askedOf = (paper: Paper) => (c.picked === undefined ? c.askedOf(paper) : acronyms.spelledOutFor(withoutPicking(c.askedOf(paper)), paper));
  const each = await Promise.all(c.papers.map((paper) => retriever.search(askedOf(paper), { paperId: paper.id, k })));
  if (c.picked !== undefined) {
    // Those that write its most telling word: "model" is not "diffusion models", "Which of them use diffusion models?"; nor is "Compare PixelThink and VEQ" what "Which one uses RL?" asks after it.
    const picked = each.filter((r, i) => r.relevant && acronyms.writesMostTelling(c.picked!, c.papers[i]!));
    return { hits: picked.flatMap((r) => r.hits), relevant: picked.length > 0 };
  }
  return { hits: each.flatMap((r, i) => (r.relevant && r.hits.length ? r.hits : firstHit(c.papers[i]!))), relevant: each.some((r) => r.relevant) };
}

/**
 * The search, with the earlier question's words when there is one. Those words help rank what
 * a follow-up asks; they must not make it answerable: a follow-up with words of its own
 * ("What is the capital of France?") must be answerable on those alone. One without any is
 * about the earlier question when it asks to go on ("Tell me more"), else it is asked alone ("Who are you?").
 */
async function searchFollowUp(retriever: Retriever, searchText: string, asked: string, followUp: boolean, opts: SearchOptions): Promise<SearchResult> {
  const found = await retriever.search(searchText, opts);
  if (!followUp) return found;
  const ownWords = queryConcepts(asked).length > 0;
  // "Which papers study video?" after "Who wrote PixelThink?": the two questions together cover too little of either; alone it is answered as it would be first.
  if (!found.relevant) return ownWords ? retriever.search(asked, opts) : found;
  if (goesOn(asked, ownWords)) return found;
  if (!ownWords) return retriever.search(asked, opts);
  return (await retriever.search(asked, opts)).relevant ? found : { ...found, relevant: false };
}
