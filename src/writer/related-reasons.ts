/**
 * One sentence per related paper on how it relates to the query, in one request. A sentence is
 * kept only if it shares words with both abstracts (a cheap check that it talks about these two
 * papers) and states nothing its paper's abstract does not; the others keep their term-based
 * reason. While the model writes, a line is shown once it is complete and kept.
 */
import type { Paper } from '../corpus/paper.js';
import { joinNotices } from '../notice.js';
import { terms } from '../text/terms.js';
import type { Notice, Source } from '../types.js';
import { answerReserve, cutText, fitPrompt } from './budget.js';
import { asBracketCitations } from './citation-styles.js';
import { stripThinking } from './citations.js';
import { relatedFallback } from './fallbacks.js';
import { generate, logBudget, replyNotUsed, tooSmall, type Fallback, type WriteContext } from './generate.js';
import { StatementCheck } from './grounding.js';
import { RELATED_SYSTEM_PROMPT, relatedUserPrompt, type PromptSource, type RelatedPromptInput } from './prompts.js';

/** Answer tokens wanted per candidate. */
const WANTED_TOKENS_EACH = 90;
/** Abstracts beyond this are cut for related papers, where several share one prompt. */
const RELATED_ABSTRACT_CHARS = 1200;

export interface WrittenRelated {
  /** paperId -> the model's sentence, for the candidates it explained well enough. */
  reasons: Map<string, string>;
  model: string;
  notice?: Notice;
}

/** No candidates: the model was not asked, and there is nothing to say about it. */
type NothingToExplain = { fallback: undefined };

export async function writeRelated(ctx: WriteContext, input: { query: Paper | { topic: string }; candidates: Paper[] }): Promise<WrittenRelated | Fallback | NothingToExplain> {
  const w = await writeRelatedReasons(ctx, input);
  return 'fallback' in w ? { fallback: w.fallback && relatedFallback(w.fallback) } : w;
}

/** How each candidate's sentence is judged: against its own abstract, the query's words counting as the question's. */
class ReasonCheck {
  private readonly queryTerms: Set<string>;
  private readonly statements = new Map<number, StatementCheck>();

  constructor(
    private readonly candidates: readonly Paper[],
    private readonly supplied: ReadonlySet<number>,
    queryTermsText: string,
    private readonly queryText: string,
  ) {
    this.queryTerms = new Set(terms(queryTermsText));
  }

  judge(n: number, sentence: string): 'kept' | 'unsupported' | 'unusable' {
    const paper = this.candidates[n - 1];
    if (!paper || !this.supplied.has(n) || !sharesTerms(sentence, `${paper.title}\n${paper.abstract}`) || !sharesTerms(sentence, this.queryTerms)) return 'unusable';
    let check = this.statements.get(n);
    if (!check) this.statements.set(n, (check = new StatementCheck([paperSource(paper, n)], new Set([n]), [this.queryText])));
    return check.unsupported(sentence).length ? 'unsupported' : 'kept';
  }
}

async function writeRelatedReasons(ctx: WriteContext, input: { query: Paper | { topic: string }; candidates: Paper[] }): Promise<WrittenRelated | Fallback | NothingToExplain> {
  if (input.candidates.length === 0) return { fallback: undefined };
  const reserve = answerReserve(ctx.numCtx, WANTED_TOKENS_EACH * input.candidates.length);
  const sources: PromptSource[] = input.candidates.map((p, i) => ({ n: i + 1, paperId: p.id, title: p.title, text: cutText(p.abstract, RELATED_ABSTRACT_CHARS) }));
  const query: RelatedPromptInput['query'] = 'topic' in input.query ? { topic: input.query.topic } : { title: input.query.title, paperId: input.query.id, text: cutText(input.query.abstract, RELATED_ABSTRACT_CHARS) };
  const fit = fitPrompt({ system: RELATED_SYSTEM_PROMPT, render: (candidates) => relatedUserPrompt({ query, candidates }), sources, numCtx: ctx.numCtx, reserve });
  if (!fit.fits) return tooSmall(ctx);
  logBudget(ctx, 'related', fit);
  const queryText = 'topic' in input.query ? input.query.topic : `${input.query.title}\n${input.query.abstract}`;
  const check = new ReasonCheck(input.candidates, new Set(fit.sources.map((s) => s.n)), 'topic' in query ? query.topic : `${query.title}\n${query.text}`, queryText);
  const gen = await generate(ctx, fit.messages, reserve, { task: 'related' }, (text, done) => keptLinesSoFar(text, check, done));
  if ('fallback' in gen) return gen;
  const lines = parseNumberedLines(gen.text);
  const reasons = new Map<string, string>();
  let unsupported = 0;
  for (const s of fit.sources) {
    const sentence = lines.get(s.n);
    const verdict = sentence ? check.judge(s.n, sentence) : 'unusable';
    if (verdict === 'unsupported') unsupported++;
    else if (verdict === 'kept') reasons.set(input.candidates[s.n - 1]!.id, sentence!);
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

/** The complete lines of a related reply streamed so far that will be kept, as "n. sentence". */
function keptLinesSoFar(text: string, check: ReasonCheck, done: boolean): string {
  const lines = text.split('\n');
  if (!done) lines.pop();
  return lines
    .map(numberedLine)
    .filter((l): l is { n: number; sentence: string } => !!l && check.judge(l.n, l.sentence) === 'kept')
    .map((l) => `${l.n}. ${l.sentence}`)
    .join('\n');
}

/** A "1. sentence" / "[1] sentence" / "1) sentence" line: its number and first sentence, without citations. */
function numberedLine(line: string): { n: number; sentence: string } | undefined {
  const m = /^\s*(?:[-*]\s*)?(?:\*\*)?(?:\[(\d{1,2})\]|(\d{1,2})[.):])(?:\*\*)?\s+(.+)$/.exec(line);
  if (!m) return undefined;
  const sentence = m[3]!.replace(/\s*\[\d+(?:\s*[,;]\s*\d+)*\]/g, '').replace(/\*\*/g, '').trim();
  const first = /^[\s\S]*?[.!?](?=\s|$)/.exec(sentence)?.[0] ?? sentence;
  return first ? { n: Number(m[1] ?? m[2]), sentence: cutText(first, 300) } : undefined;
}

/** "1. sentence" / "[1] sentence" / "1) sentence" lines, by number; the first sentence of each, without citations. */
export function parseNumberedLines(text: string): Map<number, string> {
  const out = new Map<number, string>();
  for (const line of asBracketCitations(stripThinking(text)).split('\n')) {
    const l = numberedLine(line);
    if (l && !out.has(l.n)) out.set(l.n, l.sentence);
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
