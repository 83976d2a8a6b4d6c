import { shortName, type Paper } from '../corpus/paper.js';
import { markdownLiteral } from '../corpus/text.js';
import { joinList } from '../text/clean.js';
import type { Answer, Notice, Source } from '../types.js';
import { listedPaper } from './listing.js';
import { limitsFound, summarySections, type SummarySection } from './summary/sections.js';
import { sectionLine } from './summary/extractive.js';

/** What a summary part is called in a sentence: "its abstract states no limitations". */
const ASPECT_NAMES: Record<SummarySection, string> = { 'TL;DR': 'contributions', Problem: 'problem', Method: 'method', Results: 'results', Limits: 'limitations' };

/** "**Results:** ..." of a paper's extractive summary; undefined when none is asked or the abstract has none. */
export function summaryPart(paper: Paper, section: SummarySection | undefined, n = 1): string | undefined {
  if (!section) return undefined;
  const sections = summarySections(paper);
  if (!sections) return undefined;
  // What a paper proposes (its TL;DR) is the heart of its method; some abstracts say nothing more of it.
  const parts: SummarySection[] = section === 'Method' ? ['TL;DR', 'Method'] : [section];
  const lines = parts.filter((p) => sections[p].length).map((p) => sectionLine(sections, p, 'medium', n));
  // "What are the limitations of MentisOculi?" of a benchmark that states none of its own: the limits it finds in the models it evaluates, as the results they are.
  const found = section === 'Limits' && !lines.length ? limitsFound(paper) : [];
  if (found.length) return sectionLine({ ...sections, Results: found }, 'Results', 'medium', n);
  return lines.length ? lines.join('\n') : undefined;
}

/** "What are their results?" of papers set side by side: each one listed, then its part of its summary, or that its abstract states none. */
export function partOfEach(papers: Paper[], section: SummarySection, sources: Source[]): string {
  return sources
    .map((s) => {
      const paper = papers.find((p) => p.id === s.paperId)!;
      return `${listedPaper(s)}\n${summaryPart(paper, section, s.n) ?? `Its abstract states no ${ASPECT_NAMES[section]}.`}`;
    })
    .join('\n');
}

/** An answer that quotes and cites nothing: the index count, "None of the papers mentions X", a refusal, a question to ask back. */
export function uncitedAnswer(question: string, answer: string, started: number, how: { refused?: boolean; notice?: Notice } = {}): Answer {
  return { question, answer, mode: 'extractive', refused: how.refused ?? false, citations: [], sources: [], ...(how.notice ? { notice: how.notice } : {}), elapsedMs: Date.now() - started };
}

/**
 * Said when a paper was named and no other indexed paper is related to it: that the paper was
 * found and the list is empty for want of papers like it, not "No related papers found. Try
 * other words, or name a paper", which read as if the name had not been understood. `literal`
 * keeps the name as written where the text is Markdown.
 */
export function noRelatedTo(paper: { title: string; id: string }, literal: (title: string) => string = (t) => t): string {
  return `No other indexed paper shares enough key terms with ${literal(shortName(paper.title) || paper.title)} (${paper.id}) to be listed as related. A few words from its abstract, asked as a topic, may find papers on part of it; with more papers indexed there may be some.`;
}

/** Said to "Which one?" when a follow-up points back at one paper ("Who wrote it?") and the conversation is on several: which it may be, to ask again. */
export function whichPaper(papers: Paper[], notListed = 0): string {
  // "the 50th one" after a count of 41 that listed 10: "about 10" would belie the count.
  const about = notListed ? `lists ${papers.length} of the ${papers.length + notListed} papers it found` : `is about ${papers.length}`;
  return `Which paper? The last answer ${about}: ${joinList(papers.map(titleAndId))}. Ask again with the name of the one you mean, or with "they" or "them" to ask about each of them.`;
}

/** Said to "the second one" after an answer about one paper: that it was the only one, named, rather than that one again as if it were the second. */
export function onlyOnePaper(paper: Paper): string {
  return `Which paper? The last answer is about one paper only: ${titleAndId(paper)}. Ask about it, or name the paper you mean.`;
}

/**
 * "The abstract of X (id) states no limitations; the paper itself may", with where the paper is and what /summary shows; of several papers, "The abstracts of X and Y".
 * `unsaid`: what one paper's abstract does not say, for an aspect that is no part of a summary ("states no size").
 */
export function aspectNotStated(papers: Paper[], section: SummarySection | undefined, unsaid = 'does not say'): string {
  const [paper] = papers;
  if (papers.length > 1) return `The abstracts of ${joinList(papers.map(titleAndId))} ${section ? `state no ${ASPECT_NAMES[section]}` : 'do not say'}; the papers themselves may. /summary shows what each abstract covers.`;
  const said = section ? `states no ${ASPECT_NAMES[section]}` : unsaid;
  return `The abstract of ${titleAndId(paper!)} ${said}; the paper itself may${paper!.url ? `, at ${paper!.url}` : ''}. /summary ${paper!.id} shows what its abstract covers.`;
}

/**
 * What an abstract that states no figure of its work lacks, for aspectNotStated; when it writes a
 * size as a name's part, with a unit or in words (`unread`: "Todo-14B", "five"), those may be one.
 */
export function noFigureStated(unread: readonly string[]): string {
  if (unread.length === 0) return 'states no size or other figure of its work';
  return `states no figure of its size that I can find, though it writes ${joinList(unread.map((u) => `"${markdownLiteral(u)}"`))}`;
}

/** Said to "Go on" about a paper once the conversation has shown its whole abstract. */
export function allSaid(paper: Paper): string {
  return `That is all the abstract of ${titleAndId(paper)} says. The paper itself says more${paper.url ? `, at ${paper.url}` : ''}.`;
}

/** Said to "Go on" with several papers once the conversation has shown their whole abstracts. */
export const ALL_SAID_OF_EACH = 'That is all their abstracts say. Ask about one of them by name for its summary and links.';

/**
 * Why an answer is quoted although a model was asked: it said its sources do not answer. `whole`
 * when they are whole abstracts (a paper's summary or its part), else they are a search's passages.
 */
export function modelSaidNotAnswered(model: string, whole?: { abstracts: number }): string {
  if (!whole) return `${model} said the passages found do not answer this, so they are quoted instead, for you to judge.`;
  return whole.abstracts === 1
    ? `${model} said the abstract does not answer this, so this answer is quoted from it instead.`
    : `${model} said the abstracts do not answer this, so this answer is quoted from them instead.`;
}

/** Said of the papers a follow-up did not pick ("Which one uses RL?"): "The abstract of X (id) does not mention it", or "The abstracts of X and Y do not"; of what, when given ("does not mention diffusion"). */
export function notMentioning(papers: Paper[], what = 'it'): string {
  return papers.length === 1 ? `The abstract of ${titleAndId(papers[0]!)} does not mention ${what}.` : `The abstracts of ${joinList(papers.map(titleAndId))} do not mention ${what}.`;
}

/** "X (id) is indexed, but its abstract does not answer this", pointing to /summary. */
export function notInAbstracts(papers: Paper[]): string {
  const [first] = papers;
  if (papers.length === 1) return `${titleAndId(first!)} is indexed, but its abstract does not answer this; /summary ${first!.id} shows what it covers.`;
  return `${joinList(papers.map(titleAndId))} are indexed, but their abstracts do not answer this; /summary shows what each covers.`;
}

/** "Title (id)": a paper named in a sentence, its title as plain text. */
export function titleAndId(paper: Paper): string {
  return `${markdownLiteral(paper.title)} (${paper.id})`;
}

/** Said to a question no paper answered that reads as written in another language than English: its words match none of the abstracts'. */
export function otherLanguageRefusal(named: readonly Paper[]): string {
  const summary = named.length === 1 ? `, or see /summary ${named[0]!.id} for what ${markdownLiteral(named[0]!.title)} covers` : '';
  return `This question seems not to be in English. I match a question's words against the abstracts' words, so ask it in the papers' language (English for the shipped ones; for example: Which papers are about quantization?)${summary}.`;
}

/**
 * Said of a question that asks about names no indexed paper has in its title, authors or abstract
 * ("Does PixelThink use RL?" where PixelThink is not indexed): a search would answer about other
 * papers' RL as if they were PixelThink's.
 */
export function nothingMentions(names: string[], meant: Paper[], named: Paper[]): string {
  const which = joinList(names.map((n) => markdownLiteral(n)), 'or');
  const said = `Nothing indexed mentions ${which}: no paper has ${names.length > 1 ? 'them' : 'it'} in its title, authors or abstract, so the papers cannot answer this.`;
  const guess = meant.length ? ` Did you mean ${joinList(meant.map(titleAndId), 'or')}?` : '';
  const others = named.length ? ` ${joinList(named.map(titleAndId))} ${named.length > 1 ? 'are' : 'is'} indexed: ask about ${named.length > 1 ? 'them' : 'it'} without ${which}.` : '';
  return `${said}${guess}${others || (guess ? '' : ` Browse what is indexed with /papers, or ask again without ${which}.`)}`;
}

/**
 * Said of a question limited to one paper (the paper option) that names others instead: it is
 * answered about those, which the asker named last, most likely with the option left over.
 */
export function namedNotOption(named: Paper[], option: Paper): string {
  const several = named.length > 1;
  return `The question names ${joinList(named.map(titleAndId))}, not ${titleAndId(option)} that it was limited to, so the answer is about ${several ? 'those' : 'that one'}. To ask about ${option.id}, leave the other ${several ? 'names' : 'name'} out or write "it".`;
}

/** Papers suggested for a name no paper has: a few, as /summary's "Did you mean" gives. */
export const SUGGESTED_PAPERS_MAX = 3;

/**
 * Said of a links question whose name no indexed paper has ("Where is the code for LinkNet?"):
 * a search would quote whichever paper writes "Our code is available at", another paper's link.
 * The papers whose abstracts write the name come first: one of them may introduce it under
 * another title; else the catalog's closest titles.
 */
export function noPaperCalled(name: string, writers: Paper[], closest: Paper[]): string {
  const said = `No indexed paper is called ${markdownLiteral(name)}, so I have no link for it.`;
  const writing = writers.slice(0, SUGGESTED_PAPERS_MAX);
  if (writing.length === 1) return `${said} ${titleAndId(writing[0]!)} writes it in its abstract: ask for that paper's links by its id, ${writing[0]!.id}.`;
  if (writing.length) return `${said} ${joinList(writing.map(titleAndId))} write it in their abstracts: ask for one's links by its id.`;
  const meant = closest.slice(0, SUGGESTED_PAPERS_MAX);
  return meant.length ? `${said} Did you mean ${joinList(meant.map(titleAndId))}?` : `${said} Browse what is indexed with /papers.`;
}
