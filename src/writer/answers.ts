/**
 * Turns retrieved sources into model-written answers, summaries and related-work sentences:
 * prompt, budget, generate (streaming the visible text to the caller), then check what came
 * back. Each function returns either the result or a `fallback` notice that says why the
 * extractive path must answer instead; it never decides what the extractive answer is.
 */
import type { SummaryLength } from '../answer/summary.js';
import type { Paper } from '../corpus/paper.js';
import { isPapercordError } from '../errors.js';
import type { Logger } from '../log.js';
import { joinList } from '../text/clean.js';
import { readsAsOtherLanguage } from '../text/language.js';
import { terms } from '../text/terms.js';
import { joinNotices, noticeParts } from '../notice.js';
import type { Citation, Notice, ProgressEvent, Source } from '../types.js';
import { answerReserve, cutText, fitPrompt } from './budget.js';
import { groundCitations, modelDeclined, plainLinks, stripThinking, visibleSoFar, type Grounded } from './citations.js';
import { instructionEcho } from './echo.js';
import { undrawnFromSources } from './drawn.js';
import { unsupportedStatements } from './grounding.js';
import { isWriterError } from './errors.js';
import { REPEATED_SHARE_MAX, withoutRepeats, withoutRepeatsSoFar } from './repetition.js';
import { ASK_SYSTEM_PROMPT, RELATED_SYSTEM_PROMPT, askUserPrompt, relatedUserPrompt, summarySystemPrompt, summaryUserPrompt, type PromptSource, type RelatedPromptInput } from './prompts.js';
import type { Generation, Writer } from './writer.js';

export interface WriteContext {
  writer: Writer;
  numCtx: number;
  log: Logger;
  signal?: AbortSignal;
  onProgress?: (event: ProgressEvent) => void;
}

export type Fallback = { fallback: Notice };

export interface WrittenAnswer {
  text: string;
  model: string;
  refused: boolean;
  citations: Citation[];
  sources: Source[];
  truncated: boolean;
  notice?: Notice;
}

/** Answer tokens wanted for each task (about 200 words for /ask); the budget may give less. */
const WANTED_TOKENS = { ask: 400, summary: { short: 200, medium: 320, long: 480 }, related: 90 };
/** Abstracts beyond this are cut for related papers, where several share one prompt. */
const RELATED_ABSTRACT_CHARS = 1200;

/**
 * `quotedIfRefused`: the caller shows the passages found instead of a refusal from the model (see
 * the service); only then is a refusal a reply not used. Otherwise the refusal is the answer, if in
 * the caller's words ("its abstract does not answer this"): the model did what it was asked.
 */
export async function writeAnswer(ctx: WriteContext, input: { question: string; sources: Source[]; earlier?: { question: string; answer: string }; quotedIfRefused: boolean }): Promise<WrittenAnswer | Fallback> {
  const reserve = answerReserve(ctx.numCtx, WANTED_TOKENS.ask);
  const fit = fitPrompt({
    system: ASK_SYSTEM_PROMPT,
    render: (sources, withEarlier) => askUserPrompt({ question: input.question, sources, earlier: withEarlier ? input.earlier : undefined }),
    sources: input.sources,
    hasEarlier: !!input.earlier,
    numCtx: ctx.numCtx,
    reserve,
  });
  if (!fit.fits) return tooSmall(ctx);
  logBudget(ctx, 'ask', fit);
  const unused = { task: 'ask', questionChars: input.question.length } as const;
  const gen = await generate(ctx, fit.messages, reserve, unused);
  if ('fallback' in gen) return gen;
  if (notInSourcesLanguage(gen.text, fit.sources)) return replyNotUsed(ctx, gen, { ...unused, kind: 'other-language' }, otherLanguage(`${gen.model}'s answer`));
  const g = grounded(ctx, gen.text, input.sources, fit.sources.map((s) => s.n));
  if (!g.text && !g.dropped) {
    return replyNotUsed(ctx, gen, { ...unused, kind: 'empty' }, { afterStop: 'Nothing usable was written before that, so this answer is quoted from the abstracts.', why: `${gen.model} wrote nothing, so this answer is quoted from the abstracts.` });
  }
  const refused = modelDeclined(g.text, g.citations.length);
  if (refused && input.quotedIfRefused) logUnused(ctx, gen, { ...unused, kind: 'model-refused' });
  if (!refused && g.citations.length === 0) {
    // Citing only sources it was not given is not citing none: the notice says which it was.
    const onlyUnsupplied = g.invalid.length > 0;
    return replyNotUsed(ctx, gen, { ...unused, kind: onlyUnsupplied ? 'only-unsupplied-citations' : 'no-citation' }, {
      afterStop: 'It had not cited any source by then, so this answer is quoted from the abstracts instead.',
      why: onlyUnsupplied
        ? `${gen.model}'s answer cited only sources it was not given, so it is not shown; this answer is quoted from the abstracts instead.`
        : `${gen.model}'s answer cited none of the sources, so it is not shown as if it were grounded; this answer is quoted from the abstracts instead.`,
    });
  }
  if (!refused) {
    // The sources as renumbered in the text, those the model read: a source cut to fit the prompt is no evidence.
    const read = new Set(fit.sources.map((s) => s.chunkId));
    const supplied = new Set(g.sources.filter((s) => read.has(s.chunkId)).map((s) => s.n));
    const context = [input.question, ...(input.earlier ? [input.earlier.question, input.earlier.answer] : [])];
    const unsupported = unsupportedStatements(g.text, g.sources, supplied, context);
    if (unsupported.length) {
      const why = `${gen.model}'s answer stated ${statedList(unsupported)}, which the abstracts it cites do not state, so it is not shown; this answer is quoted from the abstracts instead.`;
      return replyNotUsed(ctx, gen, { ...unused, kind: 'unsupported-statements' }, { afterStop: why, why });
    }
    if (undrawnFromSources(g.text, g.sources, supplied, context)) {
      const why = `${gen.model}'s answer does not draw on the abstracts it cites, so it is not shown; this answer is quoted from the abstracts instead.`;
      return replyNotUsed(ctx, gen, { ...unused, kind: 'unrelated-to-sources' }, { afterStop: why, why });
    }
  }
  const notice = notices(gen, g);
  return { text: g.text, model: gen.model, refused, citations: refused ? [] : g.citations, sources: g.sources, truncated: !!gen.cut, ...(notice ? { notice } : {}) };
}

/** Statements named in a notice: enough for the reader to see what was made up, few enough to read at a glance. */
const UNSUPPORTED_NAMED_MAX = 4;

/** "“NeurIPS”, “2019” and 3 more". */
function statedList(items: readonly string[]): string {
  const named = items.slice(0, UNSUPPORTED_NAMED_MAX).map((x) => `“${x}”`);
  const more = items.length - named.length;
  return more ? `${named.join(', ')} and ${more} more` : joinList(named);
}

/** Why a model's reply was not used as the answer: what an operator counts to judge whether the model is usable. */
type UnusedKind = 'empty' | 'no-citation' | 'only-unsupplied-citations' | 'unsupported-statements' | 'unrelated-to-sources' | 'other-language' | 'repetitive' | 'model-refused' | 'no-usable-reason';

interface UnusedReply {
  task: 'ask' | 'summary' | 'related';
  kind: UnusedKind;
  questionChars?: number;
}

/**
 * One line per reply the model wrote that is not shown as written. The request's text stays
 * out of the log, as everywhere; its length is enough to see whether long questions fare worse.
 */
function logUnused(ctx: WriteContext, gen: Generation, { task, kind, questionChars }: UnusedReply): void {
  ctx.log.info('model reply not used', { task, kind, model: gen.model, ...(questionChars !== undefined ? { questionChars } : {}), ...(gen.cut ? { cut: gen.cut } : {}) });
}

/**
 * A reply not used, logged, and the fallback's notice: `why` it was not used, or when the model
 * was stopped early (gen.stopped says why), what that left (`afterStop`), which follows it.
 */
function replyNotUsed(ctx: WriteContext, gen: Generation, unused: UnusedReply, notice: { afterStop: string; why: string }): Fallback {
  logUnused(ctx, gen, unused);
  return { fallback: gen.stopped ? joinNotices(gen.stopped, { said: notice.afterStop })! : { said: notice.why } };
}

/**
 * Whether a reply is in another language than the sources it was given: answers are in the
 * abstracts' language (the prompt asks for it), whatever the question's, and the checks that
 * follow read English (a German noun's capital would read as a name). Only English is told apart.
 */
function notInSourcesLanguage(text: string, sources: readonly PromptSource[]): boolean {
  return readsAsOtherLanguage(text) && !readsAsOtherLanguage(sources.map((s) => s.text).join('\n'));
}

function otherLanguage(what: string): { afterStop: string; why: string } {
  return { afterStop: 'What it wrote by then was not in English, the language of the abstracts, so this answer is quoted from the abstracts instead.', why: `${what} was not in English, the language of the abstracts, so it is not shown; this answer is quoted from the abstracts instead.` };
}

/** The model's text with its citations checked (see groundCitations) and its links shown as plain text (see plainLinks). */
function grounded(ctx: WriteContext, text: string, sources: Source[], supplied: number[]): Grounded {
  const g = groundCitations(text, sources, supplied);
  if (g.invalid.length) ctx.log.info('dropped citations to sources the model was not given', { invalid: g.invalid.join(','), supplied: supplied.length, sentencesLeftOut: g.dropped });
  return { ...g, text: plainLinks(g.text) };
}

/** The generation's notice, and that sentences citing only sources the model was not given were left out: what is shown is not all it wrote. */
function notices(gen: Generation, g: Grounded): Notice | undefined {
  const leftOut = g.dropped ? { said: `Left out ${g.dropped === 1 ? 'a sentence' : `${g.dropped} sentences`} citing only sources ${gen.model} was not given.` } : undefined;
  return joinNotices(gen.notice, leftOut);
}

export interface WrittenSummary {
  text: string;
  model: string;
  citations: Citation[];
  truncated: boolean;
  notice?: Notice;
}

export async function writeSummary(ctx: WriteContext, input: { source: Source; length: SummaryLength }): Promise<WrittenSummary | Fallback> {
  const w = await writeSummaryText(ctx, input);
  return 'fallback' in w ? { fallback: summaryFallback(w.fallback) } : w;
}

async function writeSummaryText(ctx: WriteContext, input: { source: Source; length: SummaryLength }): Promise<WrittenSummary | Fallback> {
  const reserve = answerReserve(ctx.numCtx, WANTED_TOKENS.summary[input.length]);
  const fit = fitPrompt({ system: summarySystemPrompt(input.length), render: ([s]) => summaryUserPrompt(s!), sources: [input.source], numCtx: ctx.numCtx, reserve });
  if (!fit.fits) return tooSmall(ctx);
  logBudget(ctx, 'summary', fit);
  const gen = await generate(ctx, fit.messages, reserve, { task: 'summary' });
  if ('fallback' in gen) return gen;
  if (notInSourcesLanguage(gen.text, fit.sources)) return replyNotUsed(ctx, gen, { task: 'summary', kind: 'other-language' }, otherLanguage(`${gen.model}'s summary`));
  const g = grounded(ctx, gen.text, [input.source], [input.source.n]);
  if (g.citations.length === 0) {
    return replyNotUsed(ctx, gen, { task: 'summary', kind: !g.text && !g.dropped ? 'empty' : g.invalid.length ? 'only-unsupplied-citations' : 'no-citation' }, {
      afterStop: "This summary is built from the abstract's own sentences instead.",
      why: `${gen.model}'s summary did not cite the abstract, so this summary is built from the abstract's own sentences instead.`,
    });
  }
  // A summary is read as the paper's own account: a figure or name the abstract does not hold would be taken for one of it (see unsupportedStatements).
  const unsupported = unsupportedStatements(g.text, [input.source], new Set([input.source.n]), []);
  if (unsupported.length) {
    logUnused(ctx, gen, { task: 'summary', kind: 'unsupported-statements' });
    return { fallback: joinNotices(gen.stopped, { said: `${gen.model}'s summary stated ${statedList(unsupported)}, which the abstract does not state, so it is not shown; this summary is built from the abstract's own sentences instead.` })! };
  }
  // Citing [1] under a prompt leak or boilerplate states no figure or name to catch (see undrawnFromSources).
  if (undrawnFromSources(g.text, [input.source], new Set([input.source.n]), [])) {
    const why = `${gen.model}'s summary does not draw on the abstract it cites, so it is not shown; this summary is built from the abstract's own sentences instead.`;
    return replyNotUsed(ctx, gen, { task: 'summary', kind: 'unrelated-to-sources' }, { afterStop: why, why });
  }
  const notice = notices(gen, g);
  return { text: g.text, model: gen.model, citations: g.citations, truncated: !!gen.cut, ...(notice ? { notice } : {}) };
}

export interface WrittenRelated {
  /** paperId -> the model's sentence, for the candidates it explained well enough. */
  reasons: Map<string, string>;
  model: string;
  notice?: Notice;
}

/**
 * One sentence per related paper on how it relates to the query, in one request. A sentence
 * is kept only if it shares words with both abstracts (a cheap check that it talks about
 * these two papers); the others keep their term-based reason.
 */
export async function writeRelated(ctx: WriteContext, input: { query: Paper | { topic: string }; candidates: Paper[] }): Promise<WrittenRelated | Fallback | NothingToExplain> {
  const w = await writeRelatedReasons(ctx, input);
  return 'fallback' in w ? { fallback: w.fallback && relatedFallback(w.fallback) } : w;
}

/** What the writer's notices say an answer falls back to, and what follows it ("instead of written by llama3.2:3b"). */
const QUOTED_FALLBACK = /this answer is quoted from the abstracts( instead of written by)?/g;

/** A fallback notice worded for what is shown instead of an answer's quotes (`insteadOf`: followed by the model's name); each part of a joined one too. */
function shownInstead(notice: Notice, shown: (insteadOf: boolean) => string, pattern: RegExp = QUOTED_FALLBACK): Notice {
  const reworded = noticeParts(notice).map((part) => ({ ...part, said: part.said.replace(pattern, (_, insteadOf: string | undefined) => shown(!!insteadOf)) }));
  return joinNotices(...reworded)!;
}

/** The same, with an "instead" of its own taken too: a refusal is shown instead of nothing. */
const QUOTED_FALLBACK_INSTEAD = /this answer is quoted from the abstracts(?:( instead of written by)| instead)?/g;

/**
 * A refusal quotes nothing ("X is indexed, but its abstract does not answer this"): when the
 * model was not used for a question nothing could be quoted for, its notice says that rather than
 * that the answer is quoted.
 */
export function refusalFallback(notice: Notice): Notice {
  return shownInstead(notice, (insteadOf) => (insteadOf ? 'this answer is not written by' : 'this answer is from the abstracts alone, which do not answer this'), QUOTED_FALLBACK_INSTEAD);
}

/**
 * The writer's notices say what a model-less answer shows: quotes. A related list without the
 * model quotes nothing: its reasons are the key terms the abstracts share, and the notice must say so.
 */
export function relatedFallback(notice: Notice): Notice {
  return shownInstead(notice, (insteadOf) => `the reasons shown are the key terms the abstracts share${insteadOf ? ' instead of sentences written by' : ''}`);
}

/** A summary without the model is the abstract's own sentences, picked by part, and its notice says so rather than "quoted". */
function summaryFallback(notice: Notice): Notice {
  return shownInstead(notice, (insteadOf) => `this summary is built from the abstract's own sentences${insteadOf ? ' instead of written by' : ''}`);
}

/** No candidates: the model was not asked, and there is nothing to say about it. */
type NothingToExplain = { fallback: undefined };

async function writeRelatedReasons(ctx: WriteContext, input: { query: Paper | { topic: string }; candidates: Paper[] }): Promise<WrittenRelated | Fallback | NothingToExplain> {
  if (input.candidates.length === 0) return { fallback: undefined };
  const reserve = answerReserve(ctx.numCtx, WANTED_TOKENS.related * input.candidates.length);
  const sources: PromptSource[] = input.candidates.map((p, i) => ({ n: i + 1, paperId: p.id, title: p.title, text: cutText(p.abstract, RELATED_ABSTRACT_CHARS) }));
  const query: RelatedPromptInput['query'] = 'topic' in input.query ? { topic: input.query.topic } : { title: input.query.title, paperId: input.query.id, text: cutText(input.query.abstract, RELATED_ABSTRACT_CHARS) };
  const fit = fitPrompt({ system: RELATED_SYSTEM_PROMPT, render: (candidates) => relatedUserPrompt({ query, candidates }), sources, numCtx: ctx.numCtx, reserve });
  if (!fit.fits) return tooSmall(ctx);
  logBudget(ctx, 'related', fit);
  const gen = await generate(ctx, fit.messages, reserve, { task: 'related' });
  if ('fallback' in gen) return gen;
  const lines = parseNumberedLines(gen.text);
  const queryTerms = new Set(terms('topic' in query ? query.topic : `${query.title}\n${query.text}`));
  const reasons = new Map<string, string>();
  // A reason is checked as an answer is (see unsupportedStatements): against its paper's abstract, the query's words counting as the question's.
  const queryText = 'topic' in input.query ? input.query.topic : `${input.query.title}\n${input.query.abstract}`;
  let unsupported = 0;
  for (const s of fit.sources) {
    const sentence = lines.get(s.n);
    const paper = input.candidates[s.n - 1]!;
    if (!sentence || !sharesTerms(sentence, `${paper.title}\n${paper.abstract}`) || !sharesTerms(sentence, queryTerms)) continue;
    if (unsupportedStatements(sentence, [paperSource(paper, s.n)], new Set([s.n]), [queryText]).length) unsupported++;
    else reasons.set(paper.id, sentence);
  }
  if (unsupported) ctx.log.info('model reasons not used', { task: 'related', kind: 'unsupported-statements', model: gen.model, reasons: unsupported });
  if (reasons.size === 0) {
    return replyNotUsed(ctx, gen, { task: 'related', kind: unsupported ? 'unsupported-statements' : gen.text ? 'no-usable-reason' : 'empty' }, {
      afterStop: 'The reasons shown are the key terms the abstracts share.',
      why: `${gen.model} did not explain the recommendations in a usable way, so the reasons shown are the key terms the abstracts share.`,
    });
  }
  const missing = input.candidates.length - reasons.size;
  const notice = joinNotices(gen.notice, missing ? { said: `${gen.model} explained ${reasons.size} of ${input.candidates.length} papers; the others show the key terms the abstracts share.` } : undefined);
  return { reasons, model: gen.model, ...(notice ? { notice } : {}) };
}

/** "1. sentence" / "[1] sentence" / "1) sentence" lines, by number; the first sentence of each, without citations. */
export function parseNumberedLines(text: string): Map<number, string> {
  const out = new Map<number, string>();
  for (const line of stripThinking(text).split('\n')) {
    const m = /^\s*(?:[-*]\s*)?(?:\*\*)?(?:\[(\d{1,2})\]|(\d{1,2})[.):])(?:\*\*)?\s+(.+)$/.exec(line);
    if (!m) continue;
    const n = Number(m[1] ?? m[2]);
    const sentence = m[3]!.replace(/\s*\[\d+(?:\s*[,;]\s*\d+)*\]/g, '').replace(/\*\*/g, '').trim();
    const first = /^[\s\S]*?[.!?](?=\s|$)/.exec(sentence)?.[0] ?? sentence;
    if (first && !out.has(n)) out.set(n, cutText(first, 300));
  }
  return out;
}

/** A whole paper as a source the model read: its abstract, with the title and byline a reason may name. */
function paperSource(paper: Paper, n: number): Source {
  return { n, paperId: paper.id, title: paper.title, authors: paper.authors, year: paper.year, venue: paper.venue, score: 0, text: paper.abstract, chunkId: paper.id, start: 0, end: paper.abstract.length };
}

function sharesTerms(sentence: string, other: string | Set<string>): boolean {
  const set = typeof other === 'string' ? new Set(terms(other)) : other;
  return terms(sentence).some((t) => set.has(t));
}

function tooSmall(ctx: WriteContext): Fallback {
  return { fallback: { said: `The model's context window (${ctx.numCtx} tokens) is too small for the instructions and one source, so this answer is quoted from the abstracts.`, forOperator: 'OLLAMA_NUM_CTX sets it: raise it.' } };
}

function logBudget(ctx: WriteContext, task: string, fit: { dropped: number[]; trimmed: number[]; droppedEarlier: boolean; promptTokens: number; limit: number }): void {
  if (!fit.dropped.length && !fit.trimmed.length && !fit.droppedEarlier) return;
  ctx.log.info('prompt cut to fit OLLAMA_NUM_CTX', { task, dropped: fit.dropped.join(',') || undefined, trimmed: fit.trimmed.join(',') || undefined, earlierTurn: fit.droppedEarlier ? 'dropped' : undefined, tokens: fit.promptTokens, limit: fit.limit });
}

/**
 * Runs the model, streaming the visible text as token events; a WriterError becomes a fallback
 * notice, and so does a reply that recites the system prompt (whose streaming stops the moment
 * it is recognised).
 */
async function generate(ctx: WriteContext, messages: { role: 'system' | 'user' | 'assistant'; content: string }[], numPredict: number, unused: Omit<UnusedReply, 'kind'>): Promise<Generation | Fallback> {
  let shown = '';
  const echoes = instructionEcho(messages[0]?.content ?? '');
  let echoed = false;
  try {
    const gen = await ctx.writer.generate(
      { messages, numPredict },
      {
        signal: ctx.signal,
        onProgress: ctx.onProgress,
        onText: (raw) => {
          if (echoed) return;
          const written = visibleSoFar(raw);
          if (echoes(written)) {
            echoed = true;
            return;
          }
          const visible = withoutRepeatsSoFar(written);
          if (visible.length > shown.length && visible.startsWith(shown)) {
            const text = visible.slice(shown.length);
            shown = visible;
            // A masked link is clickable while it is being written too.
            ctx.onProgress?.({ type: 'token', text, soFar: plainLinks(visible) });
          }
        },
      },
    );
    if (echoed || echoes(gen.text)) {
      ctx.log.warn('the model repeated its instructions; reply not shown', { model: gen.model });
      return { fallback: { said: `${gen.model} repeated its instructions instead of answering, so its reply is not shown; this answer is quoted from the abstracts instead.` } };
    }
    const once = withoutRepeats(gen.text);
    if (once.repeats > once.sentences * REPEATED_SHARE_MAX) {
      return replyNotUsed(ctx, gen, { ...unused, kind: 'repetitive' }, {
        afterStop: 'It was writing one sentence over and over, so this answer is quoted from the abstracts instead.',
        why: `${gen.model} wrote the same sentence over and over instead of answering, so its reply is not shown; this answer is quoted from the abstracts instead.`,
      });
    }
    return { ...gen, text: once.text };
  } catch (e) {
    if (isPapercordError(e)) throw e;
    if (isWriterError(e)) return { fallback: e.notice };
    ctx.log.error('the writer failed unexpectedly', { error: e });
    return { fallback: { said: 'The model could not be used because of an internal error, so this answer is quoted from the abstracts.' } };
  }
}
