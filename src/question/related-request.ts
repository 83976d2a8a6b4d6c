/** What a /related query asks for: a topic, without the words that ask for papers on it. */

/**
 * How a request for papers opens, before its topic: "related work on", "something on", "show me
 * stuff about", "research on", "papers regarding". Its words are no part of the topic: no paper
 * writes "something", and "something on continual learning" listed nothing where "continual
 * learning" lists CoPE.
 */
const ASKING_FOR_PAPERS =
  /^\s*(?:(?:please\s+)?(?:find|show|give|list|get|recommend|suggest)(?:\s+me)?\s+)?(?:(?:some|any|more|other)\s+)?(?:(?:recent|related|relevant|similar|other|prior|previous|new)\s+)?(?:papers?|works?|research|literature|stuff|something|anything|studies|articles|publications|reading)\s+(?:on|about|regarding|concerning|into|around|related\s+to|dealing\s+with|in\s+the\s+area\s+of)\s+(?=\S)/i;

/** A topic without the words that ask for papers on it (see ASKING_FOR_PAPERS): "related work on spatial audio" is "spatial audio". */
export function topicAsked(text: string): string {
  return text.replace(ASKING_FOR_PAPERS, '');
}
