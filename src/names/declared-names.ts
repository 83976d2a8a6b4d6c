/** The names an abstract declares for what it proposes ("we propose Group Cognition Learning (GCL)"). */
import { isCoined } from '../corpus/paper.js';
import { CLAUSE_END, DECLARED_BEFORE_COMMA, DECLARING, LEADING_ARTICLE, MARKUP, NAME, NAME_CHAR, PARENTHESIS, SMALL_LETTERS, WE_BEFORE } from '../lexicon/paper-names.js';

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
    const sentence = abstract.slice(Math.max(0, m.index - DECLARATION_CHARS), m.index).split(CLAUSE_END).at(-1)!;
    let declaring: RegExpExecArray | undefined;
    for (const d of sentence.matchAll(DECLARING)) declaring = d;
    if (!declaring) continue;
    // After "we propose a model-based algorithm, Actor-Critic ...": the name is the last part of the list.
    const named = sentence.slice(declaring.index + declaring[0].length).replace(MARKUP, ' ').split(',').at(-1)!.trim().replace(LEADING_ARTICLE, '');
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
  return name.length >= 5 && SMALL_LETTERS.test(name);
}
