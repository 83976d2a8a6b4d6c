/** "What does GCL stand for?": the abstract's sentence or the title that spells a paper's name out. */
import { markdownLiteral } from '../corpus/text.js';
import { STANDS_FOR } from '../lexicon/publication.js';
import { escapeRegExp } from '../text/pattern.js';
import { splitSentences } from '../text/sentences.js';
import { isStopword } from '../text/terms.js';

/**
 * The sentence of the paper's abstract that spells out a name the question asks the meaning of
 * ("... Group Cognition Learning (GCL) ..."): the one that writes a name in `names` in brackets.
 */
export function expansionSentence(question: string, abstract: string, names: readonly string[]): string | undefined {
  if (!STANDS_FOR.test(question)) return undefined;
  const escaped = names.map(escapeRegExp);
  if (escaped.length === 0) return undefined;
  // "... Group Cognition Learning (GCL)" or "CAST (Context-Aware State Transition)"; markdown around the name is allowed: "(**TGV-KV**)".
  const alternatives = escaped.join('|');
  const bracketed = new RegExp(`\\([*_\\s]*(${alternatives})[*_\\s]*[),;]|(?<![\\p{L}\\p{N}])(${alternatives})[*_]*\\s*\\([^)]{6,}\\)`, 'u');
  return splitSentences(abstract).find((s) => bracketed.test(s.text))?.text;
}

/**
 * "What does CoPE stand for?" of a paper whose abstract does not spell its name out, but whose
 * title does ("CoPE: Continual Probe-guided Expansion for ..."): the title, the words that spell
 * the name in bold. Only a name with two capitals or more, spelled in order by the subtitle's
 * first words, each letter a word's first or the next one in that word ("Proj" of Project), passing
 * over no word but a stopword or a compound's tail ("guided" of Probe-guided). "SPEED:
 * Sharpened-Teacher Distillation" and "KITE: Knowledge-Guided Probabilistic Modeling" spell nothing.
 */
export function titleExpansion(question: string, title: string, name: string): string | undefined {
  const subtitle = new RegExp(`^${escapeRegExp(name)}\\s*:\\s*(.+)$`, 'u').exec(title.trim())?.[1];
  if (!STANDS_FOR.test(question) || !subtitle || (name.match(/\p{Lu}/gu) ?? []).length < 2 || !/^[\p{L}-]+$/u.test(name)) return undefined;
  const letters = name.replace(/-/g, '').toLowerCase();
  const ws = subtitle.split(/\s+/);
  // The words' parts ("probe", "guided"), each with the word it is in and whether it is a compound's tail.
  const parts = ws.flatMap((w, word) => w.toLowerCase().split('-').map((text, i) => ({ text: text.replace(/^[^\p{L}\p{N}]+/u, ''), word, tail: i > 0 })));
  // The word that ends the spelling, when the letters from `li` on are spelled after character `ci` of part `pi`.
  const spell = (li: number, pi: number, ci: number): number | undefined => {
    if (li === letters.length) return parts[pi]!.word;
    const letter = letters[li]!;
    for (let next = pi + 1; next < parts.length; next++) {
      if (parts[next]!.text.startsWith(letter)) {
        const end = spell(li + 1, next, 0);
        if (end !== undefined) return end;
      }
      if (!parts[next]!.tail && !isStopword(parts[next]!.text)) break;
    }
    return pi >= 0 && parts[pi]!.text[ci + 1] === letter ? spell(li + 1, pi, ci + 1) : undefined;
  };
  const last = spell(0, -1, 0);
  if (last === undefined) return undefined;
  const rest = ws.slice(last + 1).join(' ');
  return `Its title spells ${markdownLiteral(name)} out: **${markdownLiteral(`${name}: ${ws.slice(0, last + 1).join(' ')}`)}**${rest ? ` ${markdownLiteral(rest)}` : ''}.`;
}
