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

/** How short an answer should be: "What is PixelThink, briefly?" asks what it is, not for an abstract that writes "briefly". */
export const BREVITY = String.raw`\b(?:briefly|concisely|succinctly|in (?:brief|short|a nutshell|(?:one|a|a single|two|three|a few|few) (?:sentences?|lines?|words|paragraphs?))|(?:quick|brief|short|one-(?:line|sentence))(?= (?:summary|overview|rundown|recap|explanation|description|version|answer|intro(?:duction)?)\b)|(?:keep it|be) (?:short|brief)|tl;?dr|walk (?:me|us) through)\b`;

/** How long an answer should be, at length: "a long summary of VEQ", "the full version", "PixelThink in detail" ask for its summary, not for an abstract that writes "long" or "full". */
export const LENGTH = String.raw`\b(?:(?:long|longer|short|shorter|brief|quick|full|fuller|detailed|complete|medium) version|(?:long|longer|full|fuller|detailed|complete|in-depth|medium)(?= (?:summary|overview|rundown|recap|explanation|description)\b)|in (?:more |full |great )?detail)\b`;

/**
 * Phrases that ask for a paper's gist, as "summary" does: "the main idea of X" is about X, not about ideas,
 * "the key insights of X", "X's highlights" and "the bottom line on X" too ("what highlights the
 * gap" highlights something: a verb), "explain X like I'm five" about X, and "X in one sentence" too.
 */
export const GIST = new RegExp(String.raw`\b(main|key|core|central|big)\s+(ideas?|takeaways?|contributions?|points?|insights?|messages?|lessons?)\b|\bbottom line\b|\bhighlights\b(?!\s+(?:the|how|that|what|why|its|their|an?)\b)|\beli5\b|\blike i(?:['’]?m| am) (?:five|5|a (?:child|kid|beginner))\b|\bin (?:simple|plain|layman['’]?s?) (?:terms|english|words)\b|${LENGTH}|${BREVITY}`, 'gi');
