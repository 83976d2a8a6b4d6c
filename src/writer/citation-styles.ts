/**
 * The ways small models cite besides "[n]", read as "[n]": "(Source 1)", "(Sources 1 and 2)",
 * "[Source 1]", "According to Source 2, …", "(1)" where a citation stands, "[^1]", "【1】",
 * "[[1]]", "[1 and 2]". Only where the number can only be a source's: "(1)" that opens an item
 * ("two steps: (1) estimate …"), follows "Eq." or "Table", or is part of a formula ("O(1)") stays
 * as written. The numbers are not checked here; groundCitations checks them as it checks "[n]".
 */

/** Words a model names a source by. */
const SOURCE_WORD = String.raw`(?:sources?|abstracts?|passages?|excerpts?|papers?|documents?|refs?\.?|references?)`;
/** One number, or a range, perhaps in brackets or after the source word again ("Source 1 and Source 2"). */
const ITEM = String.raw`(?:${SOURCE_WORD}\s*)?\[?\d{1,2}\]?(?:\s*[-–]\s*\d{1,2})?`;
const JOIN = String.raw`\s*(?:,|;|&|\band\b|\bor\b)\s*`;
const ITEMS = `${ITEM}(?:${JOIN}${ITEM})*`;

/** "(Source 1)", "[Sources 1 and 2]", "(see Source 1, Source 3)", "(Source: 1)", "(Source [2])". */
const NAMED_GROUP = new RegExp(String.raw`[(\[]\s*(?:(?:see|cf\.?|from|per|in|according to)\s+)?${SOURCE_WORD}\s*:?\s*(${ITEMS})\s*[)\]]`, 'gi');
/** "Source 2" or "Sources 1 and 2" in running text ("According to Source 2, …"), not "open source 2". */
const NAMED_BARE = new RegExp(String.raw`(?<!\bopen[\s-])\b${SOURCE_WORD}\s+(\[?\d{1,2}\]?(?:${JOIN}(?:${SOURCE_WORD}\s*)?\[?\d{1,2}\]?)*)(?![\p{L}\d.,]\d|\s*%|[\p{L}\d])`, 'giu');
/** "【1】", "【1†source】", "【1, 2】". */
const LENTICULAR = /【\s*(\d{1,2}(?:\s*[,;、]\s*\d{1,2})*)\s*(?:†[^】]*)?】/g;
/** "[[1]]", "[[1], [2]]". */
const DOUBLE = /\[\s*\[\s*(\d{1,2}(?:\s*\]?\s*[,;]\s*\[?\s*\d{1,2})*)\s*\]\s*\]/g;
/** "[^1]" where a footnote is cited. */
const FOOTNOTE = /\[\^(\d{1,2})\]/g;
/** A footnote's own line ("[^1]: MentisOculi, the abstract"): the sources list says which paper each number is. */
const FOOTNOTE_LINE = /^[ \t]*\[\^\d{1,2}\]:.*(?:\n|$)/gm;
/** "[1 and 2]", "[1 & 3]": a group GROUP in citations.ts does not read. */
const WORDED_GROUP = /\[\s*(\d{1,2}(?:\s*(?:,|;|&|\band\b)\s*\d{1,2})+)\s*\]/g;
/**
 * "(1)", "(1, 2)", "(1-3)" where a citation stands: after a word and a space, before the end of a
 * sentence, a clause or the line, or before another citation. Not after a colon or at the start
 * of a line (an item), nor after a word that numbers something else ("Eq. (1)", "Table (2)").
 */
const BARE_GROUP = /(?<=[\p{L}\p{N}%*_)\]"'”’]\s+)\((\d{1,2}(?:\s*(?:[,;]|[-–]|\band\b)\s*\d{1,2})*)\)(?=\s*(?:[.,;:!?)]|$|\n|\[\d|\(\d))/gmu;
const NUMBERING_WORD = /\b(?:eqs?\.?|equations?|tables?|tab\.|figs?\.?|figures?|sections?|sec\.|steps?|stages?|phases?|parts?|algorithms?|alg\.|theorems?|lemmas?|appendix|lines?|rows?|columns?|definitions?|propositions?|corollary|assumptions?|remarks?|examples?|claims?|properties|property|problems?|conditions?|items?|points?|cases?|options?|type)\s*$/i;

/** A group of numbers as "[1, 2]", ranges kept ("[1-3]"), source words and brackets left out. */
function bracketed(items: string): string {
  const numbers = items
    .replace(new RegExp(SOURCE_WORD, 'gi'), ' ')
    .replace(/[[\]]/g, ' ')
    .split(/\s*(?:,|;|&|、|\band\b|\bor\b)\s*/i)
    .map((part) => part.trim().replace(/\s*[-–]\s*/, '-'))
    .filter(Boolean);
  return `[${numbers.join(', ')}]`;
}

/** A group written right after a word ("works【1】", "works[^1]") set apart from it, as "[n]" is written. */
function spaced(group: string, text: string, at: number): string {
  return /[\p{L}\p{N}]/u.test(text[at - 1] ?? '') ? ` ${group}` : group;
}

/** The text with every citation style above written as "[n]". */
export function asBracketCitations(text: string): string {
  const out = text
    .replace(FOOTNOTE_LINE, '')
    .replace(FOOTNOTE, (_, n: string, at: number, all: string) => spaced(`[${n}]`, all, at))
    .replace(LENTICULAR, (_, items: string, at: number, all: string) => spaced(bracketed(items), all, at))
    .replace(DOUBLE, (_, items: string) => bracketed(items))
    .replace(NAMED_GROUP, (_, items: string) => bracketed(items))
    .replace(NAMED_BARE, (_, items: string) => bracketed(items))
    .replace(WORDED_GROUP, (whole: string, items: string) => (/&|\band\b/.test(items) ? bracketed(items) : whole))
    .replace(BARE_GROUP, (whole: string, items: string, at: number, all: string) => (NUMBERING_WORD.test(all.slice(Math.max(0, at - 20), at)) ? whole : bracketed(items)));
  // "imagery.[1] It …": a citation after the stop belongs to the sentence before, as "imagery. [1]" does.
  return out.replace(/([.!?])(\[\d{1,2}(?:\s*(?:[,;]|[-–])\s*\d{1,2})*\])/g, '$1 $2');
}
