/** What a /related query asks for: a topic, without the words that ask for papers on it. */
import { ASKING_FOR_PAPERS } from '../lexicon/related.js';

/** A topic without the words that ask for papers on it (see ASKING_FOR_PAPERS): "related work on spatial audio" is "spatial audio". */
export function topicAsked(text: string): string {
  return text.replace(ASKING_FOR_PAPERS, '');
}
