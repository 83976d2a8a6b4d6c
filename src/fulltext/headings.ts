/**
 * Whether a line is a section heading: "3.2 Method", "A Proofs", "I. INTRODUCTION",
 * "Appendix B: Details", or an unnumbered "ABSTRACT", "References", "Acknowledgements".
 */
import type { Line } from './layout.js';

export type HeadingRole = 'abstract' | 'references' | 'body';

export interface Heading {
  /** "3.2", "A", "A.1", "IV"; none for an unnumbered heading. */
  number?: string;
  title: string;
  role: HeadingRole;
  /** Written "Appendix A": lettered, whatever numbers the sections before it had. */
  appendix?: boolean;
}

/** The font and size most of a paper's characters are set in. */
export interface BodyStyle {
  font: string;
  size: number;
}

export function bodyStyle(lines: readonly Line[]): BodyStyle {
  const chars = new Map<string, { style: BodyStyle; n: number }>();
  for (const line of lines) {
    const key = `${line.font}\u0000${line.size}`;
    const entry = chars.get(key) ?? { style: { font: line.font, size: line.size }, n: 0 };
    entry.n += line.text.length;
    chars.set(key, entry);
  }
  let best: { style: BodyStyle; n: number } = { style: { font: '', size: 0 }, n: -1 };
  for (const entry of chars.values()) if (entry.n > best.n) best = entry;
  return best.style;
}

/** Set apart from the running text: larger, or in another font (bold, small caps). */
export function isStyled(line: Line, body: BodyStyle): boolean {
  return line.size >= body.size + 0.8 || (line.font !== body.font && line.size >= body.size - 0.5);
}

const REFERENCES = /^(references|bibliography|literature cited|works cited|reference list)$/i;
// Headings of a paper common enough to be recognised in the body's own font.
const KNOWN = new RegExp(
  '^(abstract|introduction|related work|related works|background|preliminaries|problem (formulation|setting|statement)|methods?|methodology|approach|our approach|' +
    'experiments?|experimental (setup|results|evaluation)|evaluation|results|results and discussion|analysis|discussion|conclusions?|conclusions? and future work|' +
    'future work|limitations|acknowledge?ments?|broader impacts?|impact statement|ethics statement|reproducibility statement|appendix|appendices|' +
    'supplementary material|references|bibliography|literature cited|works cited)$',
  'i',
);

const NUMBERED = /^(\d{1,2}(?:\.\d{1,2}){0,3}|[A-Z](?:\.\d{1,2}){0,3}|[IVX]{1,5})(\.?)\s+(.+)$/;
const APPENDIX = /^(?:Appendix|APPENDIX)\s+([A-Z](?:\.\d{1,2})*)(?!\p{L})\s*[:.\-–—]?\s*(.*)$/u;

/** A heading every paper may have, by its name alone: "Introduction", "References". */
export function isNamedHeading(text: string): boolean {
  return KNOWN.test(text.replace(/[:.]$/, '').trim());
}

/** The line's heading, if it reads as one. Whether its number fits the paper's sequence is sections.ts's to judge. */
export function readHeading(line: Line, body: BodyStyle): Heading | undefined {
  const text = line.text.replace(/[:.]$/, '').trim();
  const styled = isStyled(line, body);
  if (isNamedHeading(text)) return heading(undefined, text);
  const appendix = APPENDIX.exec(text);
  if (appendix && styled && (!appendix[2] || isHeadingTitle(appendix[2]))) return { ...heading(appendix[1]!, appendix[2] || 'Appendix'), appendix: true };
  const numbered = NUMBERED.exec(line.text.trim());
  if (numbered && styled) {
    const [, number, dot, title] = numbered as unknown as [string, string, string, string];
    const roman = /^[IVX]+$/.test(number) && number.length > 1;
    // "I. INTRODUCTION": a roman numeral only with its dot and a title in capitals, as IEEE sets them.
    if ((roman || number === 'I') && !(dot && isCapitals(title))) return undefined;
    if (isNamedHeading(title) || isHeadingTitle(title)) return heading(number, title.replace(/[:.]$/, ''));
    return undefined;
  }
  // Unnumbered: larger than the text, or in capitals over more than one word (one word alone
  // in capitals and another font is as often a keyword of code: "BEGIN"), set apart and short.
  const capitals = isCapitals(text) && /\s/.test(text);
  if (styled && isHeadingTitle(text) && (capitals || line.size >= body.size + 1.5)) return heading(undefined, text);
  return undefined;
}

function heading(number: string | undefined, title: string): Heading {
  const role: HeadingRole = REFERENCES.test(title) ? 'references' : /^abstract$/i.test(title) ? 'abstract' : 'body';
  return number === undefined ? { title, role } : { number, title, role };
}

/** A short phrase that starts with a capital and does not end as a sentence does: "Experimental Setup", "Proof of Theorem 2". */
function isHeadingTitle(title: string): boolean {
  const words = title.split(/\s+/);
  if (title.length < 3 || title.length > 90 || words.length > 12) return false;
  if (!/^\p{Lu}/u.test(title) || /[,;.]$/.test(title)) return false;
  // A table of contents' line ("2 Method . . . . 4"), or code ("MAX_SIZE ::= 64").
  if (/\.\s?\.\s?\./.test(title) || /[_{}=<>|\\]/.test(title)) return false;
  const letters = title.replace(/[^\p{L}]/gu, '').length;
  return letters >= title.replace(/\s/g, '').length * 0.6;
}

function isCapitals(text: string): boolean {
  const letters = text.replace(/[^\p{L}]/gu, '');
  return letters.length >= 4 && letters === letters.toUpperCase();
}
