/** How a paper is looked up by what a user types: its words as a key, its link's address, its code's repository, an id being typed. */
import { pageOfPdf } from '../corpus/ids.js';
import { CODE_REPOSITORY, ID_CHARACTER, LINK_SCHEME } from '../lexicon/paper-names.js';
import { normalize } from '../text/terms.js';

/** A link as compared: "http://www.x.org/p/", "x.org/p" and "https://x.org/p" are one page, and a PMLR PDF is its paper's page. */
export function linkKey(url: string): string {
  return pageOfPdf(url).replace(LINK_SCHEME, '').replace(/\/+$/, '').toLowerCase();
}

/** A code link as compared: any page of a repository on GitHub, GitLab, Bitbucket or Hugging Face is that repository ("…/tree/main/notebooks", "….git"). */
export function codeKey(url: string): string {
  const key = linkKey(url);
  const repository = CODE_REPOSITORY.exec(key)?.[0];
  return (repository ?? key).replace(/\.git$/, '');
}

/** A text's words in one form for a lookup, whatever their case and punctuation ("Chain-of-Pixel": "chain of pixel"). */
export function keyOf(s: string): string {
  return normalize(s).replace(/[^\p{L}\p{N}]+/gu, ' ').trim();
}

/** A typed word that may be an id or the start of one: with a digit ("zeller26", "2505.2") or a hyphen (an id made of its title's words). */
export function idLike(word: string): boolean {
  return ID_CHARACTER.test(word);
}
