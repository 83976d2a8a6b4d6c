/**
 * How ids and links are written, in questions and in the corpus alike: the one place the shape of
 * an arXiv id, the start of a link and the TeX commands that only format text are defined.
 */

/** The digits of a modern arXiv id ("2505.23727"), of which every arXiv pattern is made. */
export const ARXIV_DIGITS = String.raw`\d{4}\.\d{4,5}`;

/** An arXiv id, with its version or without ("2505.23727", "2606.03075v2"), the id without the version in group 1. */
export const ARXIV_ID = new RegExp(String.raw`^(${ARXIV_DIGITS})(?:v\d+)?$`);

/** An arXiv id as a paper id or alias is kept, without a version: "2505.23727"; not "icml2026-42", "2505.23727v2". */
export const ARXIV_ID_KEPT = new RegExp(`^${ARXIV_DIGITS}$`);

/** "arxiv", "arXiv:" or "arxiv id" before an id, as papers cite one ("arxiv 2606.03075"). */
export const ARXIV_CITING = String.raw`\barxiv(?::|\s+id)?\s*`;

/** How a link starts, also as people paste it without its scheme ("arxiv.org/abs/…", "www.x.org/…"). */
export const LINK_START = String.raw`(?:https?://|(?:www\.)?[a-z\d-]+(?:\.[a-z\d-]+)*\.[a-z]{2,}/)`;

/** TeX commands that only format their argument, so "\underline{\text{F}}" reads as "F". */
export const TEX_FORMAT = 'underline|text|textbf|textit|textrm|textsc|textsf|texttt|emph|mathrm|mathbf|mathit|mathsf|mathtt|mathcal|mathbb|boldsymbol|bm|operatorname';
