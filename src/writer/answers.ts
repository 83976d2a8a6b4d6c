/**
 * Turns retrieved sources into model-written answers and summaries (related-work sentences are
 * in related-reasons.ts): prompt, budget, generate (streaming what has been vetted), then check
 * what came back. Each function returns either the result or a `fallback` notice that says why
 * the extractive path must answer instead; it never decides what the extractive answer is.
 */
import type { SummaryLength } from '../answer/summary.js';
import { joinList } from '../text/clean.js';
import { readsAsOtherLanguage } from '../text/language.js';
import { joinNotices } from '../notice.js';
import type { Citation, Notice, Source } from '../types.js';
import { answerReserve, fitPrompt } from './budget.js';
import { groundCitations, plainLinks, type Grounded } from './citations.js';
import { undrawnFromSources } from './drawn.js';
import { summaryFallback } from './fallbacks.js';
import { generate, logBudget, logUnused, replyNotUsed, tooSmall, type Fallback, type ShownSoFar, type WriteContext } from './generate.js';
import { modelDeclined } from './refusals.js';
import { ASK_SYSTEM_PROMPT, askUserPrompt, summarySystemPrompt, summaryUserPrompt, type PromptSource } from './prompts.js';
import { SentenceVetter, vettedSoFar, withoutUnsupported, type Unsupported } from './vetting.js';
import type { Generation } from './writer.js';

export { refusalFallback, relatedFallback } from './fallbacks.js';
export { parseNumberedLines, writeRelated, type WrittenRelated } from './related-reasons.js';
export type { Fallback, WriteContext } from './generate.js';

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
const WANTED_TOKENS = { ask: 400, summary: { short: 200, medium: 320, long: 480 } };

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
  const supplied = fit.sources.map((s) => s.n);
  const context = [input.question, ...(input.earlier ? [input.earlier.question, input.earlier.answer] : [])];
  const vetter = new SentenceVetter({ sources: input.sources, supplied, context, sourcesInOtherLanguage: inOtherLanguage(fit.sources) });
  const gen = await generate(ctx, fit.messages, reserve, unused, shownAsChecked(vetter, input.sources, supplied));
  if ('fallback' in gen) return gen;
  if (notInSourcesLanguage(gen.text, fit.sources)) return replyNotUsed(ctx, gen, { ...unused, kind: 'other-language' }, otherLanguage(`${gen.model}'s answer`));
  const whole = grounded(ctx, gen.text, input.sources, supplied);
  if (!whole.text && !whole.dropped) {
    return replyNotUsed(ctx, gen, { ...unused, kind: 'empty' }, { afterStop: 'Nothing usable was written before that, so this answer is quoted from the abstracts.', why: `${gen.model} wrote nothing, so this answer is quoted from the abstracts.` });
  }
  // A refusal is read whole, before any sentence of it is judged: "I found nothing about Magnus Carlsen" names what it did not find.
  if (modelDeclined(whole.text, whole.citations.length)) {
    if (input.quotedIfRefused) logUnused(ctx, gen, { ...unused, kind: 'model-refused' });
    const notice = notices(gen, whole);
    return { text: whole.text, model: gen.model, refused: true, citations: [], sources: whole.sources, truncated: !!gen.cut, ...(notice ? { notice } : {}) };
  }
  if (whole.citations.length === 0) {
    // Citing only sources it was not given is not citing none: the notice says which it was.
    const onlyUnsupplied = whole.invalid.length > 0;
    return replyNotUsed(ctx, gen, { ...unused, kind: onlyUnsupplied ? 'only-unsupplied-citations' : 'no-citation' }, {
      afterStop: 'It had not cited any source by then, so this answer is quoted from the abstracts instead.',
      why: onlyUnsupplied
        ? `${gen.model}'s answer cited only sources it was not given, so it is not shown; this answer is quoted from the abstracts instead.`
        : `${gen.model}'s answer cited none of the sources, so it is not shown as if it were grounded; this answer is quoted from the abstracts instead.`,
    });
  }
  const checked = withoutUnsupported(gen.text, vetter);
  if (checked.dropped && checked.littleLeft) {
    const why = `${gen.model}'s answer stated ${statedList(checked.stated)}, which the abstracts it cites do not state, so it is not shown; this answer is quoted from the abstracts instead.`;
    return replyNotUsed(ctx, gen, { ...unused, kind: 'unsupported-statements' }, { afterStop: why, why });
  }
  const g = checked.dropped ? grounded(ctx, checked.text, input.sources, supplied, false) : whole;
  // The sources as renumbered in the text, those the model read: a source cut to fit the prompt is no evidence.
  const read = new Set(fit.sources.map((s) => s.chunkId));
  const readNow = new Set(g.sources.filter((s) => read.has(s.chunkId)).map((s) => s.n));
  if (undrawnFromSources(g.text, g.sources, readNow, context)) {
    const why = `${gen.model}'s answer does not draw on the abstracts it cites, so it is not shown; this answer is quoted from the abstracts instead.`;
    return replyNotUsed(ctx, gen, { ...unused, kind: 'unrelated-to-sources' }, { afterStop: why, why });
  }
  const notice = notices(gen, g, checked, 'the abstracts it cites do');
  return { text: g.text, model: gen.model, refused: false, citations: g.citations, sources: g.sources, truncated: !!gen.cut, ...(notice ? { notice } : {}) };
}

/** What the user sees while the model writes: the sentences that passed, numbered as the answer will be, links as plain text. */
function shownAsChecked(vetter: SentenceVetter, sources: Source[], supplied: number[]): ShownSoFar {
  let vetted = '';
  let shown = '';
  return (text, done) => {
    const now = vettedSoFar(text, vetter, done);
    // Rendered again only when a sentence has passed: most pieces of a stream add none.
    if (now !== vetted) [vetted, shown] = [now, plainLinks(groundCitations(now, sources, supplied).text)];
    return shown;
  };
}

/** Statements named in a notice: enough for the reader to see what was made up, few enough to read at a glance. */
const UNSUPPORTED_NAMED_MAX = 4;

/** "“NeurIPS”, “2019” and 3 more". */
function statedList(items: readonly string[]): string {
  const named = items.slice(0, UNSUPPORTED_NAMED_MAX).map((x) => `“${x}”`);
  const more = items.length - named.length;
  return more ? `${named.join(', ')} and ${more} more` : joinList(named);
}

function inOtherLanguage(sources: readonly PromptSource[]): boolean {
  return readsAsOtherLanguage(sources.map((s) => s.text).join('\n'));
}

/**
 * Whether a reply is in another language than the sources it was given: answers are in the
 * abstracts' language (the prompt asks for it), whatever the question's, and the checks that
 * follow read English (a German noun's capital would read as a name). Only English is told apart.
 */
function notInSourcesLanguage(text: string, sources: readonly PromptSource[]): boolean {
  return readsAsOtherLanguage(text) && !inOtherLanguage(sources);
}

function otherLanguage(what: string): { afterStop: string; why: string } {
  return { afterStop: 'What it wrote by then was not in English, the language of the abstracts, so this answer is quoted from the abstracts instead.', why: `${what} was not in English, the language of the abstracts, so it is not shown; this answer is quoted from the abstracts instead.` };
}

/** The model's text with its citations checked (see groundCitations) and its links shown as plain text (see plainLinks); `logged` once per reply. */
function grounded(ctx: WriteContext, text: string, sources: Source[], supplied: number[], logged = true): Grounded {
  const g = groundCitations(text, sources, supplied);
  if (g.invalid.length && logged) ctx.log.info('dropped citations to sources the model was not given', { invalid: g.invalid.join(','), supplied: supplied.length, sentencesLeftOut: g.dropped });
  return { ...g, text: plainLinks(g.text) };
}

/**
 * The generation's notice, and what of the reply was left out, so that what is shown is not
 * taken for all it wrote: sentences citing only sources the model was not given, and sentences
 * stating what the sources (`sourcesDo`: "the abstract does") do not.
 */
function notices(gen: Generation, g: Grounded, checked?: Unsupported, sourcesDo = ''): Notice | undefined {
  const sentences = (n: number) => (n === 1 ? 'a sentence' : `${n} sentences`);
  const leftOut = g.dropped ? { said: `Left out ${sentences(g.dropped)} citing only sources ${gen.model} was not given.` } : undefined;
  const unsupported = checked?.dropped ? { said: `Left out ${sentences(checked.dropped)} stating ${statedList(checked.stated)}, which ${sourcesDo} not state.` } : undefined;
  return joinNotices(gen.notice, leftOut, unsupported);
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
  const supplied = [input.source.n];
  // A summary is read as the paper's own account: a figure or name the abstract does not hold would be taken for one of it (see grounding.ts).
  const vetter = new SentenceVetter({ sources: [input.source], supplied, context: [], sourcesInOtherLanguage: inOtherLanguage(fit.sources) });
  const gen = await generate(ctx, fit.messages, reserve, { task: 'summary' }, shownAsChecked(vetter, [input.source], supplied));
  if ('fallback' in gen) return gen;
  if (notInSourcesLanguage(gen.text, fit.sources)) return replyNotUsed(ctx, gen, { task: 'summary', kind: 'other-language' }, otherLanguage(`${gen.model}'s summary`));
  const whole = grounded(ctx, gen.text, [input.source], supplied);
  if (whole.citations.length === 0) {
    return replyNotUsed(ctx, gen, { task: 'summary', kind: !whole.text && !whole.dropped ? 'empty' : whole.invalid.length ? 'only-unsupplied-citations' : 'no-citation' }, {
      afterStop: "This summary is built from the abstract's own sentences instead.",
      why: `${gen.model}'s summary did not cite the abstract, so this summary is built from the abstract's own sentences instead.`,
    });
  }
  const checked = withoutUnsupported(gen.text, vetter);
  if (checked.dropped && checked.littleLeft) {
    logUnused(ctx, gen, { task: 'summary', kind: 'unsupported-statements' });
    return { fallback: joinNotices(gen.stopped, { said: `${gen.model}'s summary stated ${statedList(checked.stated)}, which the abstract does not state, so it is not shown; this summary is built from the abstract's own sentences instead.` })! };
  }
  const g = checked.dropped ? grounded(ctx, checked.text, [input.source], supplied, false) : whole;
  // Citing [1] under a prompt leak or boilerplate states no figure or name to catch (see drawn.ts).
  if (undrawnFromSources(g.text, [input.source], new Set(supplied), [])) {
    const why = `${gen.model}'s summary does not draw on the abstract it cites, so it is not shown; this summary is built from the abstract's own sentences instead.`;
    return replyNotUsed(ctx, gen, { task: 'summary', kind: 'unrelated-to-sources' }, { afterStop: why, why });
  }
  const notice = notices(gen, g, checked, 'the abstract does');
  return { text: g.text, model: gen.model, citations: g.citations, truncated: !!gen.cut, ...(notice ? { notice } : {}) };
}
