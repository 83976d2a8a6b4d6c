/** Questions the metadata answers, not an abstract's words: who wrote a paper, an author's papers, where and when it appeared, what its name stands for. */
import { escapeRegExp } from '../text/pattern.js';
import { byline, type Paper } from '../corpus/paper.js';
import { markdownLiteral } from '../corpus/text.js';
import type { Source } from '../types.js';
import type { ExtractiveAnswer } from './extractive.js';
import { citationFor } from './sources.js';
import { normalize } from '../text/terms.js';
import { splitSentences } from '../text/sentences.js';

/** "Who wrote X?", "list the authors of X": answered from the paper's metadata, which the abstract does not hold. */
export const AUTHORSHIP = /\b(who (wrote|authored|is the ((first|last|lead|senior|corresponding) )?author|(are|were) (the|its) authors)|^\s*(list|name) (all )?the authors)\b/i;
const AUTHORSHIP_ALL = new RegExp(AUTHORSHIP.source, 'gi');

/** "Papers by X", "What has X published?": a question that asks for what someone wrote. */
const BY_AUTHOR = /\b(by|publish|published|write|wrote|written|authored|co-?authored|papers? (of|from))\b/i;
/** Runs of words after "by", or written with capitals: where a person's name can be ("papers by Artem Dementyev", "What has Song Wang published?"). */
const NAME_RUN = /(?<=\bby\s+)[\p{L}.'’-]+(?:\s+[\p{L}.'’-]+){1,3}|\p{Lu}[\p{L}.'’-]*(?:\s+\p{Lu}[\p{L}.'’-]*){1,3}/gu;
/** Papers listed for an author; more are counted, not listed. */
export const AUTHOR_PAPERS_MAX = 10;

/**
 * The author a question asks the papers of, and their papers in corpus order: an author of an
 * indexed paper whose whole name (two words or more, any case) the question writes; the longest
 * such name, the first in the question.
 */
export function authorAsked(question: string, papers: readonly Paper[]): { author: string; papers: Paper[] } | undefined {
  if (!BY_AUTHOR.test(question)) return undefined;
  // Every stretch of two words or more within a run: "by Song Wang recently" holds "Song Wang".
  const byName = authorIndex(papers);
  for (const [run] of question.matchAll(NAME_RUN)) {
    const ws = run.split(/\s+/);
    for (let i = 0; i < ws.length; i++) {
      for (let j = ws.length; j >= i + 2; j--) {
        const found = byName.get(foldName(ws.slice(i, j).join(' ')));
        if (found) return found;
      }
    }
  }
  return undefined;
}

/** Built on the first question that asks for someone's papers, once per corpus (a reindex brings a new array). */
const authorIndexes = new WeakMap<readonly Paper[], Map<string, { author: string; papers: Paper[] }>>();

function authorIndex(papers: readonly Paper[]): Map<string, { author: string; papers: Paper[] }> {
  let index = authorIndexes.get(papers);
  if (!index) {
    index = new Map();
    for (const p of papers) {
      for (const a of p.authors) {
        const key = foldName(a);
        const entry = index.get(key);
        if (entry) entry.papers.push(p);
        else index.set(key, { author: a, papers: [p] });
      }
    }
    authorIndexes.set(papers, index);
  }
  return index;
}

function foldName(name: string): string {
  return normalize(name).replace(/[\s.,'’-]+/g, ' ').trim();
}

/**
 * "When was X published?", "What year is X from?", "Which venue is X in?", "When did X come out?":
 * also answered by the byline, which holds venue and year. Loose on purpose: the byline answers
 * only when what is left without PUBLICATION_WORDS names a paper and nothing else (the service's
 * check), so "What year does the dataset cover?" and "Where is the critic presented in X?" are
 * questions about the abstracts.
 */
const PUBLICATION = /\b(when|where)\b[^?]*\b(published|appear(?:ed|s)?|presented|released|from|come out|came out)\b|\b(what|which) (year|venue|conference|journal)\b|\bpublication (year|date|venue)\b|\b(year|venue) of publication\b/i;
const PUBLICATION_WORDS = /\b(when|what year|which year|where|published|appear(?:ed|s)?|presented|released|come out|came out|what venue|which venue|what conference|which conference|what journal|which journal|publication year|publication date|publication venue|year of publication|venue of publication|in|at|from)\b/gi;

/** Whether a question asks where or when something appeared; its byline answers when it names a paper and asks nothing else. */
export function asksWhereOrWhen(question: string): boolean {
  return PUBLICATION.test(question);
}

/** The question without the words that ask for authors: what is left names the paper. */
export function withoutAuthorship(question: string): string {
  return question.replace(AUTHORSHIP_ALL, ' ');
}

/** The question without the words that ask where or when it appeared. */
export function withoutPublication(question: string): string {
  return question.replace(PUBLICATION_WORDS, ' ');
}

/** One line per paper, "**Title** is by A, B and C (ICML 2026). [n]"; null when no author is known. */
export function authorsAnswer(sources: Source[]): ExtractiveAnswer | null {
  const known = sources.filter((s) => byline(s));
  if (!known.length) return null;
  return { answer: known.map((s) => `**${markdownLiteral(s.title)}** is by ${markdownLiteral(byline(s))}. [${s.n}]`).join('\n'), citations: known.map((s) => citationFor(s)) };
}

/** "What does GCL stand for?", "What is VEQ short for?" */
const STANDS_FOR = /\bstands? for\b|\bshort for\b|\bacronym\b|\babbreviat/i;

/**
 * The sentence of the paper's abstract that spells out a name the question asks the meaning of
 * ("... Group Cognition Learning (GCL) ..."): the one that writes a name in `names` in brackets.
 */
export function expansionSentence(question: string, abstract: string, names: readonly string[]): string | undefined {
  if (!STANDS_FOR.test(question)) return undefined;
  const escaped = names.map(escapeRegExp);
  if (escaped.length === 0) return undefined;
  // "... Group Cognition Learning (GCL)" or "CAST (Context-Aware State Transition)"; markdown around the name is allowed: "(**TGV-KV**)".
  const alternatives = escaped.join('|');
  const bracketed = new RegExp(`\\([*_\\s]*(${alternatives})[*_\\s]*[),;]|(?<![\\p{L}\\p{N}])(${alternatives})[*_]*\\s*\\([^)]{6,}\\)`, 'u');
  return splitSentences(abstract).find((s) => bracketed.test(s.text))?.text;
}

/** "Give me the link to X", "Where is X's code?", "What is X's arXiv id?" */
const LINK = /\b(link|links|url|website|web ?page|project page|code|github|repository|repo|arxiv(?: id)?|pdf)\b/i;
const LINK_WORDS = /\b(give|me|find|get|send|show|where|can|could|i|link|links|url|website|web ?page|project page|code|github|repository|repo|arxiv(?: id)?|pdf|id|available|for|to|of)\b/gi;
/** A link in an abstract ("Code is available at https://...", "[Code Link](https://...)"). */
const URL_IN_TEXT = /https?:\/\/[^\s)\]>"']+[^\s)\]>"'.,;:]/g;

/** Whether a question asks for a paper's links; what is left once their words are taken out should name the paper alone. */
export function asksForLinks(question: string): boolean {
  return LINK.test(question);
}

export function withoutLinkWords(question: string): string {
  return question.replace(LINK_WORDS, ' ');
}

/** The paper's page, its arXiv id and the links its abstract gives (code, project page), from the metadata and the abstract as they are. */
export function linksAnswer(paper: Paper, n: number): string {
  const arxiv = [paper.id, ...paper.aliases].find((a) => /^\d{4}\.\d{4,5}$/.test(a));
  const inAbstract = [...new Set(paper.abstract.match(URL_IN_TEXT) ?? [])].filter((u) => u !== paper.url);
  const lines = [
    `**${markdownLiteral(paper.title)}** (${paper.id})${paper.url ? `: ${paper.url}` : ''} [${n}]`,
    ...(arxiv ? [`arXiv: ${arxiv} (https://arxiv.org/abs/${arxiv})`] : []),
    ...inAbstract.map((u) => `Link in the abstract: ${u}`),
  ];
  return lines.join('\n');
}
