/** A paper's links (its page, arXiv id, OpenReview and PMLR pages, code), and which papers link their code. */
import type { Paper } from '../corpus/paper.js';
import { markdownLiteral } from '../corpus/text.js';
import { ARXIV_ID_KEPT } from '../lexicon/ids.js';
import { ARXIV_ASKED, ARXIV_CITED, ASKING_FOR_CODE, CODE_HOST, CODE_RELEASE, CODE_WORDS, DOI_ASKED, DOI_URL, LINK, LINK_WORDS, NO_CODE, OPENREVIEW_ASKED, PAPERS_WORD_ONLY, PMLR_ASKED, PMLR_URL, URL_IN_TEXT, WHERE_TO_READ } from '../lexicon/links.js';
import { linkKey } from '../names/paper-keys.js';
import { joinList } from '../text/clean.js';
import { splitSentences } from '../text/sentences.js';
import { words } from '../text/terms.js';
import type { Source } from '../types.js';
import { listedPaper, moreThanListed } from './listing.js';

/** Whether a question asks for a paper's links; what is left once their words are taken out should name the paper alone. */
export function asksForLinks(question: string): boolean {
  // "arXiv:2505.23727" names a paper as papers cite it, as "arxiv 2505.23727" does ("What's arxiv 2606.03075 about?"); it asks for no link.
  return LINK.test(question.replace(ARXIV_CITED, ' ')) || WHERE_TO_READ.test(question);
}

export function withoutLinkWords(question: string): string {
  return question.replace(LINK_WORDS, ' ');
}

/** The paper's arXiv id, when it has one. */
const arxivIdOf = (paper: Paper) => [paper.id, ...paper.aliases].find((a) => ARXIV_ID_KEPT.test(a));

/** Pages a question may ask for by name, and whether a paper has one: "Where is the OpenReview page for PixelThink?" of a paper with none is told so. */
const NAMED_PAGES: { asked: RegExp; page: string; has: (paper: Paper) => boolean }[] = [
  { asked: OPENREVIEW_ASKED, page: 'OpenReview page', has: (p) => p.openreview !== undefined },
  { asked: PMLR_ASKED, page: 'PMLR page', has: (p) => p.pmlrPage !== undefined || PMLR_URL.test(p.url ?? '') },
  { asked: ARXIV_ASKED, page: 'arXiv id', has: (p) => arxivIdOf(p) !== undefined },
  // No corpus format has a DOI field, but a JSON record's url may be its DOI link, shown as the paper's page.
  { asked: DOI_ASKED, page: 'DOI', has: (p) => DOI_URL.test(p.url ?? '') },
];

/**
 * The paper's page, its arXiv id, its code links from the metadata and the links its abstract
 * gives (a code or project page), each once; or, when neither gives one, that no code link is
 * known (its page may be its project page, so only the code is said to be missing). A page the
 * question asks for by name that the paper lacks ("the OpenReview page", "pmlr") is said to be
 * missing first, in one line.
 */
export function linksAnswer(paper: Paper, n: number, question = ''): string {
  const arxiv = arxivIdOf(paper);
  const missing = NAMED_PAGES.filter((p) => p.asked.test(question) && !p.has(paper)).map((p) => p.page);
  const code = paper.code ?? [];
  const shown = new Set([paper.url, ...code].filter((u) => u !== undefined).map(linkKey));
  const inAbstract = abstractLinks(paper).filter((u) => !shown.has(linkKey(u)));
  const lines = [
    ...(missing.length ? [`No ${joinList(missing, 'or')} is known for this paper; these are its links:`] : []),
    `**${markdownLiteral(paper.title)}** (${paper.id})${paper.url ? `: ${paper.url}` : ''} [${n}]`,
    ...(arxiv ? [`arXiv: ${arxiv} (https://arxiv.org/abs/${arxiv})`] : []),
    ...(paper.openreview ? [`OpenReview: https://openreview.net/forum?id=${paper.openreview}`] : []),
    ...(paper.pmlrPage && !shown.has(linkKey(paper.pmlrPage)) ? [`PMLR: ${paper.pmlrPage}`] : []),
    ...code.map((u) => `Code: ${u}`),
    ...inAbstract.map((u) => `Link in the abstract: ${u}`),
    // Said plainly: "Is there code?" of a paper with no code link is answered by its absence, and by what its abstract promises.
    ...(code.length || inAbstract.length ? [] : [`No code link is known for it.${codePromised(paper.abstract)}`]),
  ];
  return lines.join('\n');
}

/**
 * "How many papers have code?", "Which papers have code available?", "Which papers have no
 * code?", "papers with code?", "Which papers are open source?", "Which papers have code on
 * GitHub?": which papers link their code (on any host),
 * or do not (`without`), across the index; undefined for a question that asks anything else
 * ("Where is the code for PixelThink?", "Which papers generate code?").
 */
export function codePapersAsked(question: string): { without: boolean } | undefined {
  if (!PAPERS_WORD_ONLY.test(question) || !question.match(CODE_WORDS)) return undefined;
  if (!words(question.replace(CODE_WORDS, ' ')).every((w) => ASKING_FOR_CODE.has(w))) return undefined;
  return { without: NO_CODE.test(question) };
}

/** The paper's code links: the metadata's, else those its abstract gives on a code host. */
export function codeLinksOf(paper: Paper): string[] {
  if (paper.code?.length) return paper.code;
  return abstractLinks(paper).filter((u) => CODE_HOST.test(u));
}

/**
 * "166 of the 293 indexed papers link their code:" and each listed paper (`sources`, cited) with
 * its first code link; `without`, those that link none. `found` are all of them, in corpus order.
 */
export function codePapersAnswer(found: readonly Paper[], indexed: number, sources: readonly Source[], without: boolean): string {
  const of = `${found.length} of the ${indexed} indexed papers`;
  if (found.length === 0) return without ? `Every one of the ${indexed} indexed papers links its code.` : `None of the ${indexed} indexed papers links its code in its metadata or abstract.`;
  const one = found.length === 1;
  const head = without ? `${of} ${one ? 'links' : 'link'} no code in ${one ? 'its' : 'their'} metadata or abstract:` : `${of} ${one ? 'links its' : 'link their'} code (in the metadata or the abstract):`;
  const byId = new Map(found.map((p) => [p.id, p]));
  const lines = sources.map((s) => {
    const link = without ? undefined : codeLinksOf(byId.get(s.paperId)!)[0];
    return link ? `${listedPaper(s)}: ${link}` : listedPaper(s);
  });
  return [head, ...lines, ...moreThanListed(found.length, '"Where is the code for <paper>?" gives one paper\'s links')].join('\n');
}

/** ' Its abstract says: "Our code will be open-sourced soon."', or nothing. */
function codePromised(abstract: string): string {
  const said = splitSentences(abstract).find((s) => CODE_RELEASE.test(s.text));
  return said ? ` Its abstract says: "${markdownLiteral(said.text.trim())}"` : '';
}

/** The links a paper's abstract writes, each once, in order. */
function abstractLinks(paper: Paper): string[] {
  return [...new Set(paper.abstract.match(URL_IN_TEXT) ?? [])];
}
