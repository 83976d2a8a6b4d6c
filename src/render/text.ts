import { unescapeMarkdown, unquote, withoutEmphasis } from '../text/clean.js';
import type { Answer, Citation, PaperRef, Related, Source, Summary } from '../types.js';
import type { IndexInfo } from '../service.js';
import { answerKindsLine, lastNotUsedLine, latencyLine, ollamaLead, type StatusSnapshot } from '../status.js';
import { formatDuration } from '../text/durations.js';
import { byline } from '../corpus/paper.js';
import { noRelatedTo } from '../answer/replies.js';
import { noticeText } from '../notice.js';
import { passagePlace, textBasis, type TextBasis } from '../answer/sources.js';

/** Plain-text renderings shared by the command line and the local console. */

/** Markdown as plain text: bold and italics shown as their words, escapes as the characters they keep (S_N, not S\_N). */
export function plainText(markdown: string): string {
  return unescapeMarkdown(withoutEmphasis(markdown));
}

/**
 * An answer or a summary with its text as written, for plain text and JSON: the service writes
 * Markdown, whose bold and escapes only Discord should see. Given once to what is printed.
 */
export function asWritten(a: Answer): Answer;
export function asWritten(s: Summary): Summary;
export function asWritten(x: Answer | Summary): Answer | Summary {
  return 'answer' in x ? { ...x, answer: plainText(x.answer) } : { ...x, summary: plainText(x.summary) };
}

export function renderAnswer(a: Answer): string {
  const lines = [a.answer, ''];
  if (a.notice) lines.push(`Note: ${noticeText(a.notice)}`, '');
  const shown = citedSources(a.citations, a.sources);
  if (shown.length) {
    lines.push('Sources:');
    for (const s of shown) {
      const place = passagePlace(s);
      lines.push(`  [${s.n}] ${s.title} (${s.paperId})${place ? `, ${place}` : ''}${s.url ? ` ${s.url}` : ''}`);
    }
  }
  // A greeting or a thanks quotes nothing and asks no model: "extractive · from abstracts only" would say it did.
  if (!a.smallTalk) lines.push(footer(a.mode, a.model, a.elapsedMs, answerShows(a), answerBasis(a)));
  return lines.join('\n').trimEnd();
}

export function renderSummary(s: Summary): string {
  const by = byline(s.paper);
  const lines = [`${s.paper.title} (${s.paper.id})`, ...(by ? [by] : []), s.summary, ''];
  if (s.notice) lines.push(`Note: ${noticeText(s.notice)}`, '');
  lines.push(`  [1] ${s.paper.title}${s.paper.url ? ` ${s.paper.url}` : ''}`, footer(s.mode, s.model, s.elapsedMs));
  return lines.join('\n');
}

/** What an empty /related on a topic says, with what to try instead; '/papers' is the console's and Discord's, the command line names its script. */
export const NO_RELATED = 'No related papers found. Try other words, or name a paper; /papers lists them.';

/** What an empty /related says: for a topic NO_RELATED; for a paper, that it was found but nothing indexed is like it. */
export function noRelated(r: Pick<Related, 'paper'>, literal: (title: string) => string = (t) => t): string {
  return r.paper ? noRelatedTo(r.paper, literal) : NO_RELATED;
}

/** `form` puts what an empty list says in the front end's terms (the command line's npm scripts). */
export function renderRelated(r: Related, form: (text: string) => string = (t) => t): string {
  // A topic typed with its own quotes (a shell or the console passing them on) is quoted once, not twice.
  const topic = unquote(r.topic ?? r.query);
  const head = r.paper ? `Related to ${r.paper.title} (${r.paper.id}):` : `Papers on "${topic}":`;
  const lines = [head];
  r.related.forEach((p, i) => lines.push(`${i + 1}. ${p.title} (${p.paperId})${p.url ? ` ${p.url}` : ''}`, `   ${p.reason}`));
  if (r.related.length === 0) lines.push(form(noRelated(r)));
  if (r.notice) lines.push('', `Note: ${noticeText(r.notice)}`);
  lines.push(footer(r.mode, r.model, r.elapsedMs, relatedShows(r)));
  return lines.join('\n');
}

/** Wide enough for PMLR ids (zeller26a) and arXiv ids (2505.23727). */
const ID_COLUMN = 16;

export function renderPapers(papers: PaperRef[]): string {
  if (papers.length === 0) return 'No papers match.';
  // A longer id (a slug of the title) gets a line of its own rather than pushing its title out of the column; cut short, it could not be typed back.
  return papers.map((p) => (p.id.length > ID_COLUMN ? `${p.id}\n${' '.repeat(ID_COLUMN + 1)}${p.title}` : `${p.id.padEnd(ID_COLUMN)} ${p.title}`)).join('\n');
}

export function renderInfo(i: IndexInfo): string {
  return `${i.papers} papers, ${i.chunks} chunks, embedder ${i.embedder} (${i.embedderBrief}), built ${i.builtAt}`;
}

function footer(mode: string, model: string | undefined, ms: number, shows: ExtractiveShows = 'quotes', from: TextBasis = 'abstracts'): string {
  return `— ${footerText(mode, model, ms, shows, from)}`;
}

/** What an answer's cited passages were read from (all its sources when it cites none). */
export function answerBasis(a: Pick<Answer, 'citations' | 'sources'>): TextBasis {
  const cited = citedSources(a.citations, a.sources);
  return textBasis(cited.length ? cited : a.sources);
}

/** The cited sources, in the order of their numbers. */
export function citedSources(citations: Citation[], sources: Source[]): Source[] {
  const cited = new Set(citations.map((c) => c.n));
  return sources.filter((s) => cited.has(s.n));
}

/**
 * What an answer made without a model shows: sentences quoted from the abstracts, the key terms
 * two abstracts share (a related list, which quotes nothing), or nothing at all (a refusal, an
 * empty list). The footer must not claim quotes where there are none.
 */
export type ExtractiveShows = 'quotes' | 'metadata' | 'shared terms' | 'nothing';

/** An answer quotes only where it cites: a refusal, the index count or "none of the papers mentions X" cites nothing. */
export function answerShows(a: Answer): ExtractiveShows {
  return a.refused || a.citations.length === 0 ? 'nothing' : (a.basis ?? 'quotes');
}

/** A related list shows the key terms the papers share; an empty one, nothing. */
export function relatedShows(r: Related): ExtractiveShows {
  return r.related.length > 0 ? 'shared terms' : 'nothing';
}

const EXTRACTIVE_HOW: Record<ExtractiveShows, string> = {
  quotes: 'extractive (quoted from the abstracts)',
  metadata: "extractive (from the papers' metadata)",
  'shared terms': 'extractive (reasons are shared key terms)',
  nothing: 'extractive',
};

/**
 * How an answer was made, shared by every front end: the mode, the model, the time, and that it
 * comes from abstracts only; not for a byline, a link or an author's papers, which come from
 * the papers' metadata and say so.
 */
export function footerText(mode: string, model: string | undefined, ms: number, shows: ExtractiveShows = 'quotes', from: TextBasis = 'abstracts'): string {
  const how = mode === 'ollama' ? `written by ${model}` : shows === 'quotes' && from !== 'abstracts' ? 'extractive (quoted from the papers)' : EXTRACTIVE_HOW[shows];
  return `${how} · ${(ms / 1000).toFixed(1)} s${mode !== 'ollama' && shows === 'metadata' ? '' : ` · ${BASIS_TEXT[from]}`}`;
}

const BASIS_TEXT: Record<TextBasis, string> = { abstracts: 'from abstracts only', 'full text': 'from full text', both: 'from abstracts and full text' };

export function renderStatus(s: StatusSnapshot): string {
  const m = s.model;
  const lat = latencyLine(s);
  // The console's user runs papercord: why the model was last not used is theirs to fix, as an admin's in Discord.
  const lastNotUsed = lastNotUsedLine(m, (iso) => `${formatDuration(Date.now() - Date.parse(iso))} ago, ${iso}`);
  return [
    `Corpus:     ${s.papers} papers, ${s.chunks} chunks (index ${s.buildId}, built ${s.builtAt}${s.reindexing ? ', rebuilding now' : ''})`,
    `Embedder:   ${s.embedder}`,
    `Chat model: ${m.chatModel}`,
    `Ollama:     ${ollamaLead(m)}. ${m.detail}`,
    ...(lastNotUsed ? [`            ${lastNotUsed}`] : []),
    `Queue:      ${m.waiting} waiting, ${m.running} being written`,
    `Uptime:     ${formatDuration(s.uptimeMs)}`,
    `Latency:    ${lat}`,
    `Answers:    ${answerKindsLine(s)}`,
    ...(s.feedback ? [`Feedback:   ${s.feedback.up} up, ${s.feedback.down} down`] : []),
  ].join('\n');
}
