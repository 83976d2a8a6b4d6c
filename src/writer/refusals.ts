/**
 * Whether a model says the sources do not answer: asked to say "The sources do not answer",
 * small models say it in words of their own ("I couldn't find any information about …", "The
 * abstracts say nothing about …", "I don't know"). Read as a refusal, such a reply is shown as
 * one; read as an answer, it would be blamed for citing nothing.
 */

/** How a model names what it was given: "the provided abstracts", "these passages", "the context". */
const GIVEN = String.raw`(?:(?:the|these|those|provided|given|supplied|available|above|listed|two|three|both|all)\s+){0,3}(?:sources?|abstracts?|excerpts?|passages?|papers?|texts?|documents?|context|materials?|information\s+(?:provided|given|available))`;
/** What may stand between them and the verb: "The abstract of PixelThink", "The sources provided", "The passage (Source 1)". */
const QUALIFIED = String.raw`${GIVEN}(?:\s+(?:of|for|about|on|from)\s+[\p{L}\p{N}-]+(?:\s+[\p{L}\p{N}-]+)?|\s+(?:provided|given|here|above|listed|you\s+(?:gave|provided|shared)(?:\s+me)?))?(?:\s*\([^)]{0,40}\))?`;
const NOT = String.raw`(?:do|does|did)\s*(?:not|n['’]t)`;
const ADVERB = String.raw`(?:(?:directly|explicitly|clearly|specifically|actually|seem\s+to|appear\s+to|really)\s+)*`;
const SAYING = String.raw`(?:answer|address|cover|contain|mention|say|state|provide|include|discuss|describe|specify|give|report|tell|offer|list|name|explain|indicate|reveal|touch\s+on|talk\s+about|go\s+into)`;

/**
 * The ways models say it, each a pattern: changes to this list are held to the table in
 * test/writer-refusals.test.ts, of refusals and of answers that only sound like one.
 */
export const REFUSAL_PATTERNS: readonly RegExp[] = [
  // "The sources do not answer …", "The provided abstracts don't seem to mention …", "The abstract of VEQ does not specify …".
  new RegExp(String.raw`\b${QUALIFIED}\s+${NOT}\s+${ADVERB}${SAYING}`, 'iu'),
  // "The abstracts say nothing about …", "The passages contain no information on …", "the sources make no mention of …".
  new RegExp(String.raw`\b${QUALIFIED}\s+(?:say|says|mention|mentions|contain|contains|provide|provides|give|gives|offer|offers|include|includes|make|makes|have|has|hold|holds)\s+(?:nothing|no)\b`, 'iu'),
  // "This information is not available in the sources", "… isn't mentioned in any of the provided abstracts".
  new RegExp(String.raw`\b(?:is|are|was|were)\s*(?:not|n['’]t)\s+(?:(?:explicitly|directly|specifically|clearly)\s+)?(?:answered|covered|addressed|mentioned|stated|discussed|described|available|provided|found|given|specified|included|present|reported|contained|detailed)\s+(?:in|by|within|from)\s+(?:any\s+of\s+)?${GIVEN}`, 'iu'),
  /\bnone of the (?:provided |given |supplied |available )?(?:sources|abstracts|papers|excerpts|passages|documents)\b/i,
  // "I cannot answer …", "I couldn't find any information …", "I was unable to determine …", "I'm not able to tell …".
  /\bI(?:['’]m|\s+am|\s+was)?\s+(?:cannot|can['’]t|can not|could\s*(?:not|n['’]t)|unable to|not able to|did\s*(?:not|n['’]t)|wasn['’]t able to)\s+(?:\w+\s+)?(?:answer|find|determine|tell|locate|identify|see|say|confirm|provide|give)\b/i,
  /\b(?:unable to (?:answer|determine|find)|cannot be (?:answered|determined|found|inferred|confirmed))\b/i,
  // "I don't know.", "I do not have enough information to answer".
  /\bI\s+(?:do\s+not|don['’]t)\s+(?:know|have\s+(?:enough|sufficient|any|the)\b)/i,
  // "There is no mention of …", "No information about … is given", "there's no data on …".
  /\b(?:there\s+(?:is|are|was)|there['’]s)\s+no\s+(?:\w+\s+)?(?:information|mention|details?|data|evidence|indication|reference|discussion)\b/i,
  /\bno (?:relevant |specific |such |further )?(?:information|mention|details?|data) (?:about|on|regarding|of|is (?:given|provided|available)|in the (?:sources|abstracts|passages|text))/i,
  /\b(?:not enough|insufficient) (?:information|detail|details|context)\b/i,
  /\b(?:outside|beyond) (?:the )?scope of (?:the |these )?(?:provided |given )?(?:sources|abstracts|passages|papers|context)/i,
];

/**
 * True when the model says the sources do not answer the question and cites nothing. A partial
 * answer ("the sources do not say X, but ... [2]") cites something and is not a refusal.
 */
export function modelDeclined(text: string, validCitations: number): boolean {
  return validCitations === 0 && text.trim() !== '' && REFUSAL_PATTERNS.some((re) => re.test(text));
}
