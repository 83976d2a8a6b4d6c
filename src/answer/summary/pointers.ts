/** Sentences of an abstract that point back at the ones before them ("This method ...", "To bridge this gap, we ..."), and what they point at. */
import { terms } from '../../text/terms.js';

const NOT_THE_PAPER = '(?! (?:position )?(?:paper|work|study|article|manuscript|thesis|note|letter|survey)\\b)';
/** "this", "these", ... but not of the paper itself, nor "such as". */
const DEMONSTRATIVE = `(?:this|these|those|such(?! as\\b))\\b${NOT_THE_PAPER}`;
/** "the gap" that an earlier sentence stated ("To fill in the gap, this paper introduces"); not one the sentence names itself ("bridge the gap between X and Y"). */
const THE_GAP = 'the gaps?\\b(?! (?:between|in|of|that|from|with|across|left)\\b)';
/** "address this", "bridge these gaps", "overcome it", "fill in the gap": the paper's answer to what an earlier sentence stated. */
export const ADDRESSES_IT = new RegExp(`\\b(?:address|tackl|overcom|resolv|solv|fill|bridg|clos|mitigat|alleviat)\\w*(?: in)? (?:${DEMONSTRATIVE}|it\\b|them\\b|${THE_GAP})`, 'i');
/**
 * Opening connectives that say how a sentence follows from the one before ("In particular, some
 * parameterizations ...", "As a result, practitioners lack ..."): without that one, it does not
 * say what it is a case, consequence or contrast of. Not "However" or "Moreover": what follows
 * them says all it says.
 */
const LEANING_CONNECTIVE = 'in particular|specifically|as a (?:result|consequence)|consequently|thus|hence|therefore|accordingly|for (?:example|instance)|(?:in|by) contrast|conversely|instead|similarly|likewise|in turn|in other words';
/**
 * A sentence that points back at the one before it: it opens with a pronoun or a demonstrative
 * ("This method identifies", "However, their inference lags", "It comprises 440 tasks"), with a
 * connective that leans on it (see LEANING_CONNECTIVE), with a pronoun after its opening clause
 * ("While widely adopted, its use ..."), with a
 * clause that does ("Based on this insight, we", "Despite these advances, ..."), or it names what
 * an earlier sentence stated ("close this gap", "We address this by"). Without that sentence right
 * before it, it reads without its referent.
 */
const POINTS_BACK = new RegExp(
  [
    `^(?:(?:however|yet|but|moreover|furthermore|unfortunately|in particular|notably|thus|hence|therefore|consequently|additionally|in addition|importantly|crucially|specifically),?\\s+)?(?:${DEMONSTRATIVE}|(?:it|they|its|their)\\b)`,
    `^[^,]{0,40}\\b${DEMONSTRATIVE}[^,]{0,40},`,
    `^(?:${LEANING_CONNECTIVE}),`,
    `^[^,]{0,40},\\s+(?:its|their|they)\\b`,
    `\\b${DEMONSTRATIVE} (?:gaps?|limitations?|challenges?|issues?|shortcomings?|questions?|bottlenecks?|discrepanc(?:y|ies)|tensions?|trade-?offs?|observations?|insights?|findings?|phenomen(?:on|a)|difficult(?:y|ies)|drawbacks?|concerns?)\\b`,
    ADDRESSES_IT.source,
  ].join('|'),
  'i',
);

/**
 * A demonstrative and the two words after it ("this signature through", "these critical tokens",
 * "this at scale"). Not "those": it mostly names what the sentence says next ("those altered by noise").
 */
const DEMONSTRATIVE_PHRASE = new RegExp(`\\b(?:this|these|such(?! as\\b))\\b${NOT_THE_PAPER}((?:\\s+[\\w-]+){1,2})`, 'gi');

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

/** The chosen sentences as a summary shows them: part by part (TL;DR first), each part in the abstract's order. */
const BACK = `(?:(?:this|these|that|those|such)(?: [\\w-]+){0,3}|${THE_GAP})`;
/**
 * What a lead-in is cut before: the authors or their work ("we", "this paper", "our method"), or
 * the authors after a clause of their own ("To this end, inspired by the idea that …, we propose").
 */
const LEAD_IN_SUBJECT = String.raw`we\b|this (?:paper|work|study)\b|our (?:method|approach|framework|model)\b|(?:motivated|inspired|guided|driven) by [^,]{1,80}, we\b`;
/**
 * An opening clause that only points back at the sentences before it ("To bridge this gap, we",
 * "Motivated by these observations, we", "Therefore, we", "To fill in the gap, this paper introduces"). Not one that says something of its own
 * ("To mitigate data scarcity in fine-tuning, we", "Under this assumption and gradient domination
 * conditions, we").
 */
const LEAD_IN = new RegExp(
  `^(?:to (?:[\\w-]+ ){1,3}?${BACK}|(?:motivated|inspired|guided|driven) by ${BACK}|drawing (?:inspiration )?(?:from|on) ${BACK}|(?:based|building|built) on ${BACK}|leveraging ${BACK}|in (?:light of|response to|view of) ${BACK}|against this background|to (?:this|that) end|therefore|accordingly|thus|hence|consequently|in response|specifically|(?:in|by) contrast), (?=${LEAD_IN_SUBJECT})`,
  'i',
);

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
