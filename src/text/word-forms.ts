/**
 * Whether two stems are forms of one word, which the stemmer leaves apart ("transcrib" and "transcription"): strictly,
 * to write a question's word in a paper's form (sameWordForm), or loosely, to tell whether a paper bears on a
 * question at all (sharesForm). One rule for both made answers worse either way: strict, "What does CoPE expand?"
 * (its abstract writes "expansion") was refused; loose, "Is PhaseCoder a transformer?" was read as "transitions".
 */
import { NOUN_ENDING } from '../lexicon/words.js';

/** The fewest letters two forms of a word share at the start, but for a noun's ending (see sameWordForm). */
const FORM_SHARED_MIN = 7;
/** The fewest letters of a stem that a noun's or adjective's ending makes another form of ("detect", "detection"). */
const STEM_WITH_ENDING_MIN = 5;
/** Letters two forms of a word share at the start, loosely ("expand", "expansion"; "evict", "eviction"). */
const LOOSE_FORM_SHARED = 5;

/** How many letters two stems share at the start ("expan" of "expand" and "expansion": 5). */
function sharedStart(a: string, b: string): number {
  let shared = 0;
  while (shared < a.length && shared < b.length && a[shared] === b[shared]) shared++;
  return shared;
}

/**
 * Two stems are forms of one word when they share all but one letter of the shorter, seven at least
 * ("transcrib" of transcribe and "transcription", "retriev" and "retrieval"), or the longer is the
 * shorter with a noun's or adjective's ending ("detect" and "detection", "recogn" and "recognition").
 * Not "transform" and "transf" (transfer), nor "general" (generalize) and "generat" (generates).
 */
export function sameWordForm(a: string, b: string): boolean {
  const [shorter, longer] = a.length <= b.length ? [a, b] : [b, a];
  const shared = sharedStart(shorter, longer);
  if (shared === shorter.length && shorter.length >= STEM_WITH_ENDING_MIN && NOUN_ENDING.test(longer.slice(shared))) return true;
  return shared >= FORM_SHARED_MIN && shared >= shorter.length - 1;
}

/**
 * Whether a text's terms hold one of `terms` or a word that starts as it does (LOOSE_FORM_SHARED letters). Looser
 * than coverage's match, and than sameWordForm: it only asks whether anything but a paper's name bears on the
 * question within that paper.
 */
export function sharesForm(textTerms: ReadonlySet<string>, terms: readonly string[]): boolean {
  for (const t of terms) {
    if (textTerms.has(t)) return true;
    if (t.length < LOOSE_FORM_SHARED) continue;
    for (const c of textTerms) if (sharedStart(t, c) >= LOOSE_FORM_SHARED) return true;
  }
  return false;
}
