/** What a /related query's request words are, and how a related paper's reason reads the words of the two texts. */

// A /related query.

/**
 * How a request for papers opens, before its topic: "related work on", "something on", "show me
 * stuff about", "research on", "papers regarding". Its words are no part of the topic: no paper
 * writes "something", and "something on continual learning" listed nothing where "continual
 * learning" lists CoPE.
 */
export const ASKING_FOR_PAPERS =
  /^\s*(?:(?:please\s+)?(?:find|show|give|list|get|recommend|suggest)(?:\s+me)?\s+)?(?:(?:some|any|more|other)\s+)?(?:(?:recent|related|relevant|similar|other|prior|previous|new)\s+)?(?:papers?|works?|research|literature|stuff|something|anything|studies|articles|publications|reading)\s+(?:on|about|regarding|concerning|into|around|related\s+to|dealing\s+with|in\s+the\s+area\s+of)\s+(?=\S)/i;

// A reason: the phrases two texts share, as they write them.

/** The end of a sentence just before a word, whose capital is then the sentence's: the ". " of "… audio. Spatial". */
export const SENTENCE_END = /[.!?:\n]\s*$/;

/** Between the two words of a phrase: spaces only, no punctuation and no line break ("spatial audio"; not "audio. Spatial"). */
export const PHRASE_GAP = /^[ \t]+$/;

/** What parts a shown phrase's words: a space or a compound's hyphen ("spatial audio", "mixture-of-experts"). */
export const PHRASE_WORD_GAP = /[\s-]+/;

/** A capital after a word's first letter, which a reason keeps as written: "KV", "PINNs", "3D"; not "Reasoning". */
export const CAPITAL_INSIDE = /^.+\p{Lu}/u;
