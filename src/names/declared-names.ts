/** The names an abstract declares for what it proposes ("we propose Group Cognition Learning (GCL)"). */
import { isCoined } from '../corpus/paper.js';
import { TEX_FORMAT } from '../corpus/text.js';

/** A run of letters and digits, with inner hyphens: what a name or an acronym looks like ("GCL", "ZS-SVD", "S3"). */
const NAME = /^[\p{L}\p{N}]+(?:-[\p{L}\p{N}]+)*$/u;
/** Words that declare a name of the paper's own, as in "we propose", "we further introduce", "a method called". */
const DECLARING = /\b(?:we(?: \w+)? (?:propose|introduce|present|develop|design|call|term|name|dub)|called|named|dubbed|termed|introduces|proposes|presents)\b/giu;
/**
 * "we introduce MonoSoup, a simple ... method": a name right after the declaring verb, set off by a
 * comma or colon, with no long form to declare it by. The verb comes first and "we" is checked
 * after (WE_BEFORE): a pattern that starts at "we" tried every word boundary, 4x slower.
 */
const DECLARED_BEFORE_COMMA = /(?:propose|introduce|present|develop|design)(s?)\s+(?:\*\*|<b>)?([\p{L}\p{N}]+(?:-[\p{L}\p{N}]+)*)(?:\*\*|<\/b>)?\s*[,:]/gu;
const WE_BEFORE = /\b[Ww]e(?: \w+)? $/;
const MARKUP = new RegExp(`\\\\(?:${TEX_FORMAT})\\s*\\{|</?(?:b|i|em|strong)>|[{}*]`, 'g');
const PARENTHESIS = /\(([^()]{1,80})\)/g;
const NAME_CHAR = /[\p{L}\p{N}-]/u;
/** How far before a parenthesis its declaring words may be: a long name ("Reinforcement Fine-Tuning for Video-based 3D Scene Understanding (3D-RFT)") fits. */
const DECLARATION_CHARS = 160;

/**
 * The made-up names an abstract declares for what it proposes, with their expansion in
 * parentheses: "we propose Group Cognition Learning (GCL)", "We propose S3 (Specialization,
 * Selection, Sparsification)". The long form must follow the declaring words, starting with the
 * acronym's letter, so "we introduce PRISM, a framework that couples perception (VLM)" declares
 * no VLM, and an acronym of prior work that the sentence uses ("built on Direct Preference
 * Optimization (DPO)") is not declared. The declaring words are looked for only before a
 * parenthesis that holds or follows a made-up word: a few per abstract. A made-up name right
 * after them, set off by a comma, needs no long form ("we introduce MonoSoup, a simple method").
 */
export function declaredNames(abstract: string): string[] {
  const out: string[] = [];
  for (const m of abstract.matchAll(DECLARED_BEFORE_COMMA)) {
    // "this paper introduces X," or "we (further) propose X,".
    if (isCoined(m[2]!) && (m[1] || WE_BEFORE.test(abstract.slice(Math.max(0, m.index - 20), m.index)))) out.push(m[2]!);
  }
  if (!abstract.includes('(')) return out;
  for (const m of abstract.matchAll(PARENTHESIS)) {
    const inside = m[1]!.replace(MARKUP, '').trim();
    // Most parentheses hold a phrase or a number: the cheap tests first (this runs for every abstract).
    const acronym = inside.length <= 20 && !inside.includes(' ') && NAME.test(inside) && isCoined(inside);
    if (!acronym && !isCoined(wordBefore(abstract, m.index))) continue;
    const sentence = abstract.slice(Math.max(0, m.index - DECLARATION_CHARS), m.index).split(/[.;:!?](?:\s|$)/).at(-1)!;
    let declaring: RegExpExecArray | undefined;
    for (const d of sentence.matchAll(DECLARING)) declaring = d;
    if (!declaring) continue;
    // After "we propose a model-based algorithm, Actor-Critic ...": the name is the last part of the list.
    const named = sentence.slice(declaring.index + declaring[0].length).replace(MARKUP, ' ').split(',').at(-1)!.trim().replace(/^(?:an?|the)\s+/i, '');
    if (acronym && named && named[0]!.toLowerCase() === inside[0]!.toLowerCase()) out.push(inside);
    if (NAME.test(named) && isCoined(named)) out.push(named);
  }
  return out;
}

/** The word that ends at `end`, past spaces and the markup that closes it ("**S3** (", "<b>CAST</b> ("); a walk back, as a regex anchored at the end retries from every character. */
function wordBefore(text: string, end: number): string {
  let i = end;
  for (;;) {
    const c = text[i - 1];
    if (c === undefined) break;
    if (c === ' ' || c === '}' || c === '*' || c === '\n') i--;
    else if (c === '>' && text.lastIndexOf('</', i) >= i - 9) i = text.lastIndexOf('</', i);
    else break;
  }
  let start = i;
  while (start > 0 && end - start < 40 && NAME_CHAR.test(text[start - 1]!)) start--;
  return text.slice(start, i).replace(/^-+|-+$/g, '');
}

/** A declared name found in lower case: made up of words ("MonoSoup", "FusionRoute"), not an acronym ("GCL"). One that is an English word too ("VisionED") names its paper only as withLowercaseName allows. */
export function foldsAsName(name: string): boolean {
  return name.length >= 5 && /\p{Ll}{2}/u.test(name);
}
