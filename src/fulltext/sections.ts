/**
 * A paper's lines, in reading order, split into sections at its headings; its title and
 * abstract read from the first page.
 */
import { bodyStyle, isNamedHeading, readHeading, type BodyStyle, type Heading, type HeadingRole } from './headings.js';
import type { Line, PageLayout } from './layout.js';

/** `front`: what comes before the first heading (authors, affiliations); `references`: kept, but never chunked. */
export type SectionRole = 'front' | HeadingRole;

export interface PageStart {
  /** Where the page's text begins in the section's text. */
  offset: number;
  page: number;
}

export interface Section {
  /** "3.2", "A.1"; none for an unnumbered heading. */
  number?: string;
  /** The heading as printed, without its number; empty for the front matter. */
  heading: string;
  role: SectionRole;
  /** The page the section starts on (1-based). */
  page: number;
  /** Every page its text is on, ascending. */
  pages: number[];
  text: string;
  /** Offsets in `text` where each of its pages begins, ascending. */
  pageStarts: PageStart[];
}

export interface FullText {
  title?: string;
  abstract?: string;
  pageCount: number;
  /** Pages whose text could not be read (a damaged content stream); the others were. */
  unreadPages: number[];
  sections: Section[];
}

/** "§3.2 Method" for a numbered section, its heading for an unnumbered one. */
export function sectionLabel(section: Pick<Section, 'number' | 'heading'>): string {
  return section.number ? `§${section.number} ${section.heading}` : section.heading;
}

// "Abstract. We ...", "Abstract—This ...", or "Abstract We ..." (a run-in heading), not "Abstract Syntax Notation".
const INLINE_ABSTRACT = /^(?:[Aa]bstract|ABSTRACT)(?:\s*[.:—–-]\s*|\s+(?=(?:We|This|In|Our|The)\b))(\p{Lu}.*)$/u;

export function readSections(pages: PageLayout[]): FullText {
  const lines = pages.flatMap((p) => p.lines);
  const body = bodyStyle(lines);
  const titleLines = findTitle(pages[0], body);
  const drafts: Draft[] = [];
  let current = new Draft(undefined, 1);
  const sequence = new NumberSequence();
  let opened = false;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (titleLines.has(line)) continue;
    const inline = current.role === 'front' && drafts.length === 0 ? INLINE_ABSTRACT.exec(line.text) : null;
    const read = inline ? ({ title: 'Abstract', role: 'abstract' } as Heading) : readHeading(line, body);
    const found = read && sequence.accept(read);
    // Before the abstract or the first numbered or named section, a line merely set apart is the byline.
    const generic = found !== undefined && !found.number && found.role === 'body' && !isNamedHeading(found.title);
    if (found && !generic) opened = true;
    if (!found || (generic && !opened)) {
      current.append(line.text, line.page);
      continue;
    }
    // A heading set over two lines goes on in the same style.
    let title = found.title;
    while (!inline && continuesHeading(line, lines[i + 1], body)) title += ` ${lines[++i]!.text}`;
    drafts.push(current);
    current = new Draft({ ...found, title }, line.page);
    if (inline) current.append(inline[1]!, line.page);
  }
  drafts.push(current);
  const sections = drafts.map((d) => d.section()).filter((s) => s.text || s.role !== 'front');
  const abstract = sections.find((s) => s.role === 'abstract')?.text;
  const title = [...titleLines].map((l) => l.text).join(' ').trim();
  return {
    ...(title ? { title } : {}),
    ...(abstract ? { abstract } : {}),
    pageCount: pages.length,
    unreadPages: pages.filter((p) => p.failure).map((p) => p.number),
    sections,
  };
}

/**
 * A section being read, from its heading on `page` (none: the front matter). Its text is kept
 * in pieces until it is done: a string added to and read back line by line is copied whole
 * each time, and a long section took seconds.
 */
class Draft {
  private readonly pieces: string[] = [];
  private length = 0;
  private readonly pages: number[];
  private readonly pageStarts: PageStart[];

  constructor(
    private readonly heading: Heading | undefined,
    private readonly page: number,
  ) {
    this.pages = [page];
    this.pageStarts = [{ offset: 0, page }];
  }

  get role(): SectionRole {
    return this.heading?.role ?? 'front';
  }

  append(text: string, page: number): void {
    if (!text) return;
    const last = this.pieces[this.pieces.length - 1];
    // A word broken over two lines ("compu-" "tation") is joined again.
    const joined = last !== undefined && /\p{L}-$/u.test(last) && /^\p{Ll}/u.test(text);
    if (joined) {
      this.pieces[this.pieces.length - 1] = last.slice(0, -1);
      this.length--;
    }
    const separator = last === undefined || joined ? '' : ' ';
    if (this.pages[this.pages.length - 1] !== page) {
      this.pages.push(page);
      this.pageStarts.push({ offset: this.length + separator.length, page });
    }
    this.pieces.push(separator + text);
    this.length += separator.length + text.length;
  }

  section(): Section {
    const section: Section = { heading: this.heading?.title ?? '', role: this.role, page: this.page, pages: this.pages, text: this.pieces.join(''), pageStarts: this.pageStarts };
    return this.heading?.number ? { number: this.heading.number, ...section } : section;
  }
}

function continuesHeading(line: Line, next: Line | undefined, body: BodyStyle): boolean {
  if (!next || next.page !== line.page || next.font !== line.font || Math.abs(next.size - line.size) > 0.3) return false;
  if (next.font === body.font && Math.abs(next.size - body.size) < 0.8) return false;
  // Close below it, and not a heading of its own.
  return next.top - line.top < line.size * 2 && next.text.length <= 60 && !readHeading(next, body)?.number;
}

/**
 * The title: the largest text in the top half of page 1 above its abstract or first section,
 * on consecutive lines, when it is larger than the running text.
 */
function findTitle(page: PageLayout | undefined, body: BodyStyle): Set<Line> {
  const lines = page?.lines ?? [];
  // A lettered heading is left aside: titles start with "A" ("A Survey of ...").
  const opening = lines.findIndex((l) => INLINE_ABSTRACT.test(l.text) || isNamedHeading(l.text) || /^[\dIVX]/.test(readHeading(l, body)?.number ?? ''));
  const candidates = lines.slice(0, opening < 0 ? lines.length : opening).filter((l) => l.top < page!.height / 2 && /\p{L}{2}/u.test(l.text));
  if (!candidates.length) return new Set();
  const largest = Math.max(...candidates.map((l) => l.size));
  if (largest < body.size * 1.2) return new Set();
  const first = lines.findIndex((l) => candidates.includes(l) && l.size >= largest - 0.5);
  const title = new Set<Line>();
  for (let i = first; i < lines.length && lines[i]!.size >= largest - 0.5; i++) title.add(lines[i]!);
  return title;
}

/**
 * Section numbers go forward: "2" after "1.3", "A" after the last numbered section. A number
 * that goes back ("1" inside section 4: a list, a figure's label) is not a heading. Under roman
 * numerals (IEEE), letters number subsections: "A. Datasets" in section III is "III.A".
 */
class NumberSequence {
  private top: { kind: 'digit' | 'letter' | 'roman'; value: number; head: string } | undefined;

  accept(heading: Heading): Heading | undefined {
    if (!heading.number) return heading;
    const head = heading.number.split('.')[0]!;
    const last = this.top;
    const isRoman = /^[IVX]+$/.test(head) && (head.length > 1 || last?.kind === 'roman' || (head === 'I' && last?.kind !== 'letter'));
    const kind = /^\d+$/.test(head) ? 'digit' : isRoman ? 'roman' : 'letter';
    if (kind === 'letter' && last?.kind === 'roman' && !heading.appendix) return { ...heading, number: `${last.head}.${heading.number}` };
    const value = kind === 'digit' ? Number(head) : kind === 'roman' ? roman(head) : head.charCodeAt(0) - 64;
    let ok: boolean;
    // Papers number from 0 or 1; a first heading or two may be missed (set in the text's own
    // font). Letters come after them, as appendices: a first "A ..." is a title's article.
    if (!last) ok = kind === 'letter' ? heading.appendix === true : value <= 3;
    else if (kind === last.kind) ok = value >= last.value && value <= last.value + 2;
    // Appendices (A, B, ...) follow the numbered sections; nothing follows them but more of them.
    else ok = kind === 'letter' && value === 1;
    if (!ok) return undefined;
    this.top = { kind, value, head };
    return heading;
  }
}

function roman(text: string): number {
  const values: Record<string, number> = { I: 1, V: 5, X: 10 };
  const digits = [...text].map((c) => values[c]!);
  return digits.reduce((sum, d, i) => sum + (d < (digits[i + 1] ?? 0) ? -d : d), 0);
}
