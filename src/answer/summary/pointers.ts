/** Sentences of an abstract that point back at the ones before them ("This method ...", "To bridge this gap, we ..."), and what they point at. */
import { terms } from '../../text/terms.js';
import { DEMONSTRATIVE_PHRASE, LEAD_IN, POINTS_BACK } from '../../lexicon/sentence-roles.js';

/**
 * Whether a sentence points back at what an earlier one stated (see POINTS_BACK), or names with a
 * demonstrative something it has not written itself before ("a jailbreak attack that induces this
 * signature"; not "a posterior that can have significant bias ... a scheme that removes this bias").
 */
export function pointsBack(sentence: string): boolean {
  if (POINTS_BACK.test(sentence)) return true;
  for (const m of sentence.matchAll(DEMONSTRATIVE_PHRASE)) {
    const before = new Set(terms(sentence.slice(0, m.index)));
    if (!terms(m[1]!).some((t) => before.has(t))) return true;
  }
  return false;
}

/**
 * The sentences `s` points back at, nearest last: the one before it, and the one before that
 * while each points back in turn. The TL;DR ends the chain: it stands first, its lead-in cut (see shownTldr).
 */
export function referents(s: string, order: readonly string[], tldr: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = order.indexOf(s); i > 0 && pointsBack(order[i]!) && !tldr.includes(order[i]!); i--) out.unshift(order[i - 1]!);
  return out;
}

/**
 * Whether each sentence shown that points back is shown right after the sentence before it in the
 * abstract, or points back at the TL;DR, `tldr`, shown first (a Problem line may come between the
 * TL;DR "We propose Foo" and the method "It learns its routes ..."). The TL;DR's own sentences
 * stand first as standingTldr chose them.
 */
export function pointersFollowReferents(shown: readonly string[], order: readonly string[], tldr: readonly string[]): boolean {
  return shown.every((s, k) => {
    const i = order.indexOf(s);
    return tldr.includes(s) || i <= 0 || !pointsBack(s) || (k > 0 && shown[k - 1] === order[i - 1]) || tldr.includes(order[i - 1]!);
  });
}

/**
 * The TL;DR as shown: it stands first, before the sentences a lead-in points back at ("To bridge
 * this gap, we introduce X"), so the lead-in is left out and an ellipsis marks the cut ("…we
 * introduce X"). What follows the ellipsis is still the abstract's own text, word for word;
 * starting it with a capital ("We introduce X") would not be.
 */
export function shownTldr(sentence: string): string {
  const rest = withoutLeadIn(sentence);
  return rest === sentence ? sentence : `…${rest}`;
}

/** A sentence after its lead-in (see LEAD_IN), if it has one. */
export function withoutLeadIn(sentence: string): string {
  const lead = LEAD_IN.exec(sentence);
  return lead ? sentence.slice(lead[0].length) : sentence;
}
