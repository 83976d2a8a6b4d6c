/** How the catalog recognises what names a paper: typed ids and links, the words of its title, and the names its abstract declares. */

import { ARXIV_DIGITS, LINK_START, TEX_FORMAT } from './ids.js';

// Ids and links, as typed in /summary, /related, the paper option or a question.

/** A link alone, as a user pastes one: "https://arxiv.org/abs/2505.23727", "arxiv.org/abs/2505.23727"; not "summarize arxiv.org/abs/…". */
export const LINK_ALONE = new RegExp(`^(?=${LINK_START})\\S+$`, 'i');

/** A link as Discord writes one it shows no preview of, the link in group 1: "<https://arxiv.org/abs/2505.23727>". */
export const UNPREVIEWED_LINK = /^<(\S+)>$/;

/** What a page's address starts with that tells no pages apart: the scheme and "www." ("https://www.x.org/p" is "x.org/p"). */
export const LINK_SCHEME = /^(?:https?:\/\/(?:www\.)?|www\.)/i;

/** A code repository's address at the start of any of its pages (a link without its scheme): "github.com/owner/repo" of "github.com/owner/repo/tree/main/notebooks". */
export const CODE_REPOSITORY = /^(?:github\.com|gitlab\.com|bitbucket\.org|huggingface\.co(?:\/datasets|\/spaces)?)\/[^/]+\/[^/?#]+/;

/** "arXiv:" before an arXiv id, as papers cite one: "arXiv:2505.23727"; not "arXiv:" alone. */
export const ARXIV_PREFIX = new RegExp(String.raw`^arxiv:\s*(?=${ARXIV_DIGITS})`, 'i');

/** An arXiv id with its version, the id without it in group 1: "2505.23727v2". */
export const ARXIV_VERSIONED = new RegExp(String.raw`^(${ARXIV_DIGITS})v\d+$`);

/** A character that makes a typed word an id or the start of one: a digit or a hyphen ("zeller26", "2505.2", "qa-code"). */
export const ID_CHARACTER = /[\p{N}-]/u;

// The words of titles and names.

/** A word written with a capital first: "Group" of "Group Cognition Learning"; a name of several words has two such. */
export const CAPITALISED = /^\p{Lu}/u;

/** Where a made-up name joins its words: "Kernel|Foundry", "Sci|Video|Bench", "Open|GPT". */
export const JOINED_WORDS = /(?<=\p{Ll})(?=\p{Lu})|(?<=\p{Lu})(?=\p{Lu}\p{Ll})/u;

/** Two small letters in a row: a name made up of words ("MonoSoup", "FusionRoute"), not an acronym ("GCL", "S3"). */
export const SMALL_LETTERS = /\p{Ll}{2}/u;

// The names an abstract declares for what it proposes.

/** A run of letters and digits, with inner hyphens: what a name or an acronym looks like ("GCL", "ZS-SVD", "S3"). */
export const NAME = /^[\p{L}\p{N}]+(?:-[\p{L}\p{N}]+)*$/u;

/** A character of a name: a letter, a digit or a hyphen ("3D-RFT"). */
export const NAME_CHAR = /[\p{L}\p{N}-]/u;

/** Words that declare a name of the paper's own, as in "we propose", "we further introduce", "a method called". */
export const DECLARING = /\b(?:we(?: \w+)? (?:propose|introduce|present|develop|design|call|term|name|dub)|called|named|dubbed|termed|introduces|proposes|presents)\b/giu;

/**
 * A name right after the declaring verb, set off by a comma or colon, with no long form to declare
 * it by: "we introduce MonoSoup, a simple ... method" (the verb's "s" in group 1, the name in 2).
 * The verb comes first and "we" is checked after (WE_BEFORE): a pattern that starts at "we" tried
 * every word boundary, 4x slower.
 */
export const DECLARED_BEFORE_COMMA = /(?:propose|introduce|present|develop|design)(s?)\s+(?:\*\*|<b>)?([\p{L}\p{N}]+(?:-[\p{L}\p{N}]+)*)(?:\*\*|<\/b>)?\s*[,:]/gu;

/** "We" (and one word) ending the text before a declaring verb: "In this paper, we " and "we further ". */
export const WE_BEFORE = /\b[Ww]e(?: \w+)? $/;

/** Markup around a name or its long form: a TeX format command's "\textbf{", HTML bold or italics, braces and asterisks ("**S3**", "<b>CAST</b>"). */
export const MARKUP = new RegExp(`\\\\(?:${TEX_FORMAT})\\s*\\{|</?(?:b|i|em|strong)>|[{}*]`, 'g');

/** A parenthesis of up to 80 characters, what it holds in group 1: "(GCL)", "(Specialization, Selection, Sparsification)". */
export const PARENTHESIS = /\(([^()]{1,80})\)/g;

/** The end of a clause, where the words that declare a name no longer reach: ". ", "; ", ": " or a final "!". */
export const CLAUSE_END = /[.;:!?](?:\s|$)/;

/** An article before a declared name: "a ", "an ", "the " ("we propose a Group Cognition Learning (GCL)"). */
export const LEADING_ARTICLE = /^(?:an?|the)\s+/i;
