import type { Paper } from '../corpus/paper.js';
import { markdownLiteral } from '../corpus/text.js';
import { asksBeyondNamed } from '../question/pointing.js';
import { writtenInOtherLanguage } from '../text/language.js';
import type { Answer, AnswerKindId, Notice, Source, Turn } from '../types.js';
import { writeAnswer } from '../writer/answers.js';
import { REFUSAL_TEXT, type ExtractiveAnswer } from './extractive.js';
import type { AnswerContext } from './kind.js';
import { type CountedAmong, topicCountAnswer, type TopicMention } from './topic-mentions.js';
import type { TopicAsked } from './topics.js';
import { LISTED_PAPERS_MAX } from './listing.js';
import { unknownAuthorAsked } from './author-papers.js';
import { nothingMentions, notInAbstracts, otherLanguageRefusal, titleAndId, uncitedAnswer } from './replies.js';
import { abstractSources, citationFor } from './sources.js';

/** The answer, saying which kind of answer it is. */
export function kinded<T extends Answer>(kind: AnswerKindId, answer: T): T {
  return { ...answer, kind };
}

/**
 * An answer written from what papercord knows of whole papers (links, authors, related work)
 * rather than quoted: `papers`' abstracts are its sources [1], [2], ..., each cited.
 */
export function wholePaperAnswer(q: string, ctx: AnswerContext, papers: Paper[], write: (sources: Source[]) => string | ExtractiveAnswer, from?: Partial<Pick<Answer, 'mode' | 'model' | 'notice' | 'basis'>>): Answer {
  const sources = abstractSources(ctx.library.retriever, papers);
  ctx.request.onProgress?.({ type: 'retrieved', sources });
  if (sources.length === 0) return refusalAnswer(q, ctx, []);
  const written = write(sources);
  // A list may cite each paper with the sentence it quotes; else each paper's abstract as a whole.
  const { answer, citations } = typeof written === 'string' ? { answer: written, citations: sources.map((s) => citationFor(s)) } : written;
  return { question: q, answer, mode: 'extractive', ...from, refused: false, citations, sources, elapsedMs: Date.now() - ctx.started };
}

/** How many papers mention a topic, and the first of them, best first, each cited with the sentence that mentions it. */
export function topicCountReply(q: string, ctx: AnswerContext, asked: TopicAsked, mentions: TopicMention[], among?: { papers: readonly Paper[]; which: CountedAmong }): Answer {
  const write = (sources: Source[]) => topicCountAnswer(asked, mentions, among?.papers.length ?? ctx.library.papers.length, sources, among?.which);
  // None is an answer too, the count the question asked for, not a refusal.
  if (mentions.length === 0) return uncitedAnswer(q, write([]).answer, ctx.started);
  return wholePaperAnswer(q, ctx, mentions.slice(0, LISTED_PAPERS_MAX).map((m) => m.paper), write);
}

/** "No paper covers this", with the most useful pointer: /related for "papers like X", the named papers' /summary, the paper the question misspelled, or that no author has the name asked. */
export function refusalAnswer(q: string, ctx: AnswerContext, named: Paper[], notice?: Notice, besides?: Paper): Answer {
  const { names, retriever, papers } = ctx.library;
  const like = besides ?? (asksBeyondNamed(q) ? names.paperNamedIn(q) : undefined);
  const meant = like || named.length ? undefined : names.misspelledPaper(q, retriever);
  const answer = writtenInOtherLanguage(q)
    ? otherLanguageRefusal(named)
    : like
      ? `${REFUSAL_TEXT} For papers related to ${markdownLiteral(like.title)}, use /related ${like.id}.`
      : named.length
        ? notInAbstracts(named)
        : meant
          ? `${REFUSAL_TEXT} Did you mean ${titleAndId(meant)}?`
          : (unknownAuthorAsked(q, papers)?.answer ?? REFUSAL_TEXT);
  return uncitedAnswer(q, answer, ctx.started, { refused: true, notice });
}

/** "Nothing indexed mentions FooBarNet", with the papers it may misspell and those the question names that are indexed. */
export function nothingMentionedReply(q: string, ctx: AnswerContext, unmentioned: string[], named: Paper[]): Answer {
  const catalog = ctx.library.catalog;
  // Until a large corpus's typo-tolerant catalog is built, a misspelling would be a scan of every paper: none is suggested.
  const meant = catalog.fuzzy ? unmentioned.map((n) => catalog.misspelled(n)).filter((p): p is Paper => p !== undefined) : [];
  return uncitedAnswer(q, nothingMentions(unmentioned, [...new Set(meant)], named), ctx.started, { refused: true });
}

/** The model's answer from these sources, or why it could not give one (for the caller to announce, worded for what it shows instead). `quotedIfRefused`: see writeAnswer. */
export async function modelAnswer(q: string, ctx: AnswerContext, sources: Source[], last: Turn | undefined, quotedIfRefused: boolean): Promise<Answer | { fallback: Notice }> {
  const w = await writeAnswer(ctx.writeContext(), { question: q, sources, earlier: last ? { question: last.question, answer: last.answer } : undefined, quotedIfRefused });
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
    elapsedMs: Date.now() - ctx.started,
  };
}
