/** Words and patterns of questions for a paper's links (its page, arXiv id, code), of which papers link code, and of the links an abstract writes. */

import { ARXIV_CITING, ARXIV_DIGITS } from './ids.js';

/**
 * "Give me the link to X", "Where is X's code?", "What is X's arXiv id?". Not a word inside a
 * hyphenated one: "qa-code" is a paper's id, and "Who wrote qa-code?" asks for no link.
 */
export const LINK = /(?<![\w-])(link|links|url|website|web ?page|project page|code|source code|open[- ]sourced?|github|repository|repo|arxiv(?: id)?|pdf|open ?review(?: id)?|pmlr(?: page| id)?|proceedings (?:page|entry)|doi)(?![\w-])/i;

/**
 * "Where can I read the MentisOculi paper?", "where do I find PixelThink", "where can one download
 * it": asks where the paper is, as a link does. Of a paper named and nothing else (the service's
 * check): "Where can I find the results of VEQ?" asks its abstract.
 */
export const WHERE_TO_READ = /\bwhere\s+(?:can|could|do|should|would|might|may)\s+(?:i|we|one|you|u)\s+(?:read|find|get|download|access|see|view|open|look at)\b/i;

/** The words with which a question asks for links, to take out: "Give me the link to PixelThink" leaves "PixelThink". */
export const LINK_WORDS = new RegExp(`${LINK.source}|(?<![\\w-])(give|me|find|get|send|show|where|can|could|do|should|would|might|may|i|we|one|you|u|read|download|access|see|view|open|look at|online|page|entry|forum|id|available|for|to|of|releas(?:e|es|ed|ing)|public|publicly|shared?|published|out)(?![\\w-])`, 'gi');

/** An arXiv id written as papers cite it, which names a paper and asks for no link: "arXiv:2505.23727", "What's arxiv 2606.03075 about?". */
export const ARXIV_CITED = new RegExp(String.raw`${ARXIV_CITING}${ARXIV_DIGITS}(?:v\d+)?`, 'gi');

/** Asks for the OpenReview page by name: "Where is the OpenReview page for PixelThink?", "openreview id of VEQ". */
export const OPENREVIEW_ASKED = /(?<![\w-])open ?review(?![\w-])/i;

/** Asks for the PMLR page by name: "pmlr link for VEQ", "the proceedings page of CAST". */
export const PMLR_ASKED = /(?<![\w-])(?:pmlr|proceedings (?:page|entry))(?![\w-])/i;

/** Asks for the arXiv id by name: "What is PixelThink's arXiv id?", "arxiv link for VEQ". */
export const ARXIV_ASKED = /(?<![\w-])arxiv(?![\w-])/i;

/** Asks for the DOI by name: "What is the DOI of VEQ?". */
export const DOI_ASKED = /(?<![\w-])doi(?![\w-])/i;

/** A paper's page on PMLR: "https://proceedings.mlr.press/v267/wang26a.html". */
export const PMLR_URL = /^https?:\/\/proceedings\.mlr\.press\//i;

/** A paper's page that is its DOI link: "https://doi.org/10.1145/3580305.3599256". */
export const DOI_URL = /^(?:https?:\/\/)?(?:dx\.|www\.)?doi\.org\/10\./i;

/** A link in an abstract ("Code is available at https://...", "[Code Link](https://...)", "\url{https://...}"). */
export const URL_IN_TEXT = /https?:\/\/[^\s)\]>"'{}]+[^\s)\]>"'{}.,;:]/g;

/** Words for a paper's code, in a question about which papers have it: "code", "source code", "GitHub", "open source", "implementation". */
export const CODE_WORDS = /(?<![\w-])(?:(?:source )?code|implementations?|github|repositor(?:y|ies)|repos?|open[- ]sourced?|open source)(?![\w-])/gi;

/** The word for papers in a question about which papers have code: "Which papers have code?", "works with code", "ones on GitHub". */
export const PAPERS_WORD_ONLY = /\b(?:papers?|works?|articles?|ones)\b/i;

/** "no code", "without code", "don't release", "lack": the papers that give none. */
export const NO_CODE = /\b(?:no|without|not|lacks?|lacking|missing|none|don|doesn|isn|aren|haven|hasn)\b/i;

/** What a question about which papers have code holds besides the words for code and papers: words that ask, count, say it is given or not, or where ("on GitHub", "on GitLab"). */
export const ASKING_FOR_CODE = new Set(
  'which what how many number count are is were there any a an some do does did you have has had got list show me find give all the of indexed papers paper ones works exist in your index corpus collection please with their its available public publicly release released releases releasing share shared shares provide provided provides publish published link links linked come comes that no without not don doesn isn aren haven hasn t lack lacks lacking missing none on at via hosted gitlab bitbucket codeberg'.split(' '),
);

/** A code host's link in an abstract ("Code is available at https://github.com/..."): code, where another link may be a project page. */
export const CODE_HOST = /^https?:\/\/(?:www\.)?(?:github\.com|gitlab\.com|bitbucket\.org|codeberg\.org|anonymous\.4open\.science)\//i;

/** A sentence that says what will become of the code ("Our code will be open-sourced soon."), closing the words that find it. */
export const CODE_RELEASE = /\b(?:code|implementation|source|models?|weights|data(?:set)?s?)\b[^.]*\b(?:will be|to be|is|are|be)\s+(?:(?:made\s+)?(?:publicly\s+)?(?:available|released|open[- ]?sourced?|public))\b/i;
