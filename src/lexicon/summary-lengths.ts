/** How long an answer or summary a question asks for, and the words that ask for a summary or a paper's gist. */

/** How long a summary a question asks for: "the full summary", "the long version", "a detailed overview", "in detail". */
export const LONG_ASKED = /\b(?:long|longer|full|fuller|detailed|complete|whole|entire|in[- ]depth|in (?:more |full |great )?detail)\b/i;

/** A summary of medium length asked for ("the medium summary of X"). */
export const MEDIUM_ASKED = /\bmedium\b/i;

/** A word for a summary ("summary", "summarize", "overview", "tl;dr"), for others to compose. */
export const SUMMARY_NOUN = String.raw`(?:summary|summari[sz]e|overview|recap|rundown|gist|tl;?dr)`;

/** A word for a summary's length ("short", "full", "in-depth"), for others to compose. */
export const LENGTH_WORD = String.raw`(?:short|shorter|brief|quick|medium|long|longer|full|fuller|detailed|complete|whole|entire|in[- ]depth|one-line)`;

/**
 * A question that asks only for a summary, naming no paper and no other word: "summary?",
 * "summarize", "tl;dr?", "give me a short summary", "the long version please". After a question
 * about one paper it asks for that paper's; it does not point back ("it"), so it was refused.
 */
export const SUMMARY_ONLY = new RegExp(
  String.raw`^\W*(?:(?:and|so|ok(?:ay)?|now|then|please)[\s,]+)*(?:(?:can|could|would) you\s+)?(?:(?:please\s+)?(?:give|show|tell|get|send)\s+(?:me|us)\s+)?(?:(?:a|an|the|its|their)\s+)?(?:${LENGTH_WORD}\s+)?(?:${SUMMARY_NOUN}|${LENGTH_WORD}\s+version)(?:\s+(?:please|of (?:it|this|that)(?: (?:one|paper))?))?\W*$`,
  'i',
);

/** Words that ask for a paper's gist by themselves, which the search leaves out as it does "what". */
export const GIST_WORD = /\b(?:summar(?:y|ies|i[sz]e)|overview|gist|recap|rundown)\b/i;
