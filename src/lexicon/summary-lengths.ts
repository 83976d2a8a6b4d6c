/** How long an answer or summary a question asks for, and the words that ask for a summary or a paper's gist. */

/** Words for a short answer ("short", "brief", "quick", "one-line"). */
const SHORT_WORD = String.raw`short|shorter|brief|quick|one-line|one-sentence`;
/** Words for a long answer ("long", "full", "detailed", "in-depth"). */
const LONG_WORD = String.raw`long|longer|full|fuller|detailed|complete|whole|entire|in[- ]depth`;
/** "in detail", "in more detail", "in full detail", "in great detail". */
const IN_DETAIL = String.raw`in (?:more |full |great )?detail`;

/** A word for a summary's length ("short", "medium", "full", "in-depth"), for the patterns below. */
const LENGTH_WORD = String.raw`(?:${SHORT_WORD}|medium|${LONG_WORD})`;

/** A word for a summary ("summary", "summaries", "summarize", "overview", "recap", "gist", "tl;dr"), for the patterns below. */
const SUMMARY_NOUN = String.raw`(?:summar(?:y|ies)|summari[sz]e|overview|recap|rundown|gist|tl;?dr)`;

/** What a length word asks the length of: a summary or an explanation ("a detailed overview", "a long explanation"). */
const DESCRIPTION_NOUN = String.raw`(?:${SUMMARY_NOUN}|explanation|description)`;
/** What a word for brevity asks the length of: a description, or a version, an answer, an intro ("a short answer", "a quick intro"); "long answer generation" is a topic. */
const ANSWER_NOUN = String.raw`(?:${DESCRIPTION_NOUN}|version|answer|intro(?:duction)?)`;

/** How long a summary a question asks for: "the full summary", "the long version", "a detailed overview", "in detail". */
export const LONG_ASKED = new RegExp(String.raw`\b(?:${LONG_WORD}|${IN_DETAIL})\b`, 'i');

/** A summary of medium length asked for ("the medium summary of X"). */
export const MEDIUM_ASKED = /\bmedium\b/i;

/**
 * A question that asks only for a summary, naming no paper and no other word: "summary?",
 * "summarize", "tl;dr?", "give me a short summary", "the long version please". After a question
 * about one paper it asks for that paper's; it does not point back ("it"), so it was refused.
 */
export const SUMMARY_ONLY = new RegExp(
  String.raw`^\W*(?:(?:and|so|ok(?:ay)?|now|then|please)[\s,]+)*(?:(?:can|could|would) you\s+)?(?:(?:please\s+)?(?:give|show|tell|get|send)\s+(?:me|us)\s+)?(?:(?:a|an|the|its|their)\s+)?(?:${LENGTH_WORD}\s+)?(?:${SUMMARY_NOUN}|${LENGTH_WORD}\s+version)(?:\s+(?:please|of (?:it|this|that)(?: (?:one|paper))?))?\W*$`,
  'i',
);

/** Words that ask for a paper's gist by themselves, which the search leaves out as it does "what" ("Summary?", "Give me an overview"). */
export const GIST_WORD = new RegExp(String.raw`\b${SUMMARY_NOUN}\b`, 'i');

/** How short an answer should be: "What is PixelThink, briefly?" asks what it is, not for an abstract that writes "briefly". */
const BREVITY = String.raw`\b(?:briefly|concisely|succinctly|in (?:brief|short|a nutshell|(?:one|a|a single|two|three|a few|few) (?:sentences?|lines?|words|paragraphs?))|(?:keep it|be) (?:short|brief)|tl;?dr|walk (?:me|us) through)\b`;

/**
 * How long an answer should be: "a long summary of VEQ", "the full version", "a quick overview", "a short answer", "PixelThink in detail"
 * ask for its summary, not for an abstract that writes "long" or "full".
 */
const LENGTH = String.raw`\b(?:${LENGTH_WORD} version|(?:${SHORT_WORD})(?= ${ANSWER_NOUN}\b)|(?:${LONG_WORD}|medium)(?= ${DESCRIPTION_NOUN}\b)|${IN_DETAIL})\b`;

/**
 * Phrases that ask for a paper's gist, as "summary" does: "the main idea of X" is about X, not about ideas,
 * "the key insights of X", "X's highlights" and "the bottom line on X" too ("what highlights the
 * gap" highlights something: a verb), "explain X like I'm five" about X, and "X in one sentence" too.
 */
export const GIST = new RegExp(String.raw`\b(main|key|core|central|big)\s+(ideas?|takeaways?|contributions?|points?|insights?|messages?|lessons?)\b|\bbottom line\b|\bhighlights\b(?!\s+(?:the|how|that|what|why|its|their|an?)\b)|\beli5\b|\blike i(?:['’]?m| am) (?:five|5|a (?:child|kid|beginner))\b|\bin (?:simple|plain|layman['’]?s?) (?:terms|english|words)\b|${LENGTH}|${BREVITY}`, 'gi');

/**
 * One paper, as a request for a summary describes it rather than names it: "tldr of the paper
 * arguing …", "the quantum boosting paper, what's the gist?", "i remember a paper showing …
 * summary pls". Not "papers": a summary of several is a list's job.
 */
export const ONE_PAPER_NOUN = /\b(?:paper|preprint|article|study)\b/i;

/** "What's the MCP privacy exfiltration attack paper about?", "What is the paper on X about?": what a paper is about, a summary asked without the word (described, or only pointed at: "What is this paper about?"). */
export const WHAT_PAPER_IS_ABOUT = /^\W*what(?:['’]?s|\s+is|\s+was)\s+(?:the|that|this)\s+(?:.*\s)?(?:paper|preprint|article|study)\b.*\babout\W*$/i;
