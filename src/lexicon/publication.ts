/** Words and patterns of questions about where and when a paper appeared (its venue and year), and what its name stands for. */

/** Venues people ask about by name ("NeurIPS", "ICLR", "CVPR"). */
const VENUE_NAMES = 'neurips|nips|icml|iclr|cvpr|iccv|eccv|acl|emnlp|naacl|eacl|coling|aaai|ijcai|kdd|colt|aistats|uai|sigir|www|tmlr|jmlr|corl|rss|icra|iros|interspeech|icassp|miccai';

/** A venue by name, perhaps with a year ("ICML 2026", "NeurIPS'20"). */
const VENUE = String.raw`(?:${VENUE_NAMES})(?:\s*['’]?\s*\d{2}(?:\d{2})?)?`;

/** Venues people ask about by name, perhaps with a year ("NeurIPS", "ICML 2025", "NeurIPS'20"): asked of papers from none of them, the answer is a venue's. */
export const KNOWN_VENUE = new RegExp(`^${VENUE}$`, 'i');

/**
 * "Which papers are from ICML 2026?", "How many papers were published at ICML?", "papers accepted to ICML", and asked yes or no:
 * "Were any of these papers published at NeurIPS?", "Did any of them appear at ICLR?", "Are there papers from CVPR?": the papers
 * of a venue, not a search for "2026" or a sentence that writes "NeurIPS'20".
 */
export const FROM_VENUE = new RegExp(
  String.raw`^\s*(?:` +
    String.raw`(?:(?:which|what|how many|list|show(?: me)?|any)\s+)?(?:(?:of\s+)?(?:the|all(?: the)?|your)\s+)?(?:indexed\s+)?(?:papers|articles)\s+(?:(?:are|were|is|was)\s+)?` +
    String.raw`|(?:(?:are|were|is|was|did|do|does|has|have)\s+(?:there\s+)?(?:any|some)\s+|(?:are|is)\s+there\s+)(?:(?:of\s+)?(?:these|those|the|your|them)\s+)?(?:indexed\s+)?(?:(?:papers?|articles?|ones?)\s+)?(?:been\s+)?` +
    String.raw`)(?:from|at|in|(?:published|presented|accepted|appear(?:ed|s)?)\s+(?:at|in|to|by))\s+(.+?)\s*[?.!]*\s*$`,
  'i',
);

/**
 * "When was X published?", "What year is X from?", "Which venue is X in?", "When did X come out?":
 * also answered by the byline, which holds venue and year. Loose on purpose: the byline answers
 * only when what is left without PUBLICATION_WORDS names a paper and nothing else (the service's
 * check), so "What year does the dataset cover?" and "Where is the critic presented in X?" are
 * questions about the abstracts.
 */
export const PUBLICATION = new RegExp(
  String.raw`\b(when|where)\b[^?]*\b(published|appear(?:ed|s)?|presented|released|from|come out|came out)\b|\b(what|which) (year|venue|conference|journal)\b|\bpublication (year|date|venue)\b|\b(year|venue) of publication\b` +
    // Asked yes or no, of a venue by name: "Is 3D-RFT from ICML?", "Was VEQ accepted at ICML?", "Is PixelThink an ICML paper?"; the byline says which it is.
    String.raw`|\b(?:is|was|are|were)\b[^?]*?\b(?:(?:published|presented|accepted|appear(?:ed|s)?)\s+(?:at|in|to|by)|from)\s+(?:the\s+)?${VENUE}\b|\ban?\s+${VENUE}\s+paper\b`,
  'i',
);

/** The words with which a question asks where or when a paper appeared ("When was VEQ published?": when, published), taken out to leave its name. */
export const PUBLICATION_WORDS = new RegExp(
  String.raw`\b(when|what year|which year|where|published|appear(?:ed|s)?|presented|released|accepted|come out|came out|what venue|which venue|what conference|which conference|what journal|which journal|publication year|publication date|publication venue|year of publication|venue of publication|in|at|from)\b|\b${VENUE}(?![\w-])`,
  'gi',
);

/** "What does GCL stand for?", "What is VEQ short for?", "What does OPUS mean?", "meaning of OPUS": of a name alone, not "What does this result mean?". */
export const STANDS_FOR = /\bstands? for\b|\bshort for\b|\bacronym\b|\babbreviat|^\s*what does \S+ mean\W*$|\bmeaning of (?:the (?:name|acronym) )?\S+\W*$/i;
