/**
 * From positioned text to sections, without a PDF: pages are built from text items as pdf.js
 * reports them, to cover layouts and heading styles the generated papers do not have.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { chunkFullText } from '../src/chunking.js';
import { fullTextPassages } from '../src/fulltext/passages.js';
import { withoutFurniture } from '../src/fulltext/furniture.js';
import { layoutPage } from '../src/fulltext/layout.js';
import type { RawItem, RawPage } from '../src/fulltext/protocol.js';
import { readSections, type FullText } from '../src/fulltext/sections.js';

const BODY = 'body';
const BOLD = 'bold';

interface Text {
  text: string;
  x: number;
  /** From the top of the page. */
  top: number;
  size?: number;
  font?: string;
  /** Runs up the page, as arXiv's stamp in the margin does. */
  rotated?: boolean;
}

/** A letter-size page of text items; widths are estimated at half an em per character. */
function page(number: number, texts: Text[]): RawPage {
  const items: RawItem[] = texts.map(({ text, x, top, size = 10, font = BODY, rotated }) => ({
    str: text,
    transform: rotated ? [0, size, -size, 0, x, 792 - top] : [size, 0, 0, size, x, 792 - top],
    width: text.length * size * 0.5,
    font,
  }));
  return { number, view: [0, 0, 612, 792], items };
}

function read(pages: RawPage[]): FullText {
  return readSections(withoutFurniture(pages.map(layoutPage)));
}

/** Lines of running text in a column from `top` down, each about 230 points wide. */
function column(x: number, top: number, lines: string[]): Text[] {
  return lines.map((text, i) => ({ text: text.padEnd(46, ' .'), x, top: top + 12 * i }));
}

const filler = (label: string, n: number) => Array.from({ length: n }, (_, i) => `${label} line ${i + 1}`);

test('a two-column page is read down the left column, then the right; a line across both stands between', () => {
  const { lines } = layoutPage(
    page(1, [
      { text: 'Figure 1: a wide figure whose caption runs across both columns of the page', x: 60, top: 80 },
      ...column(54, 110, filler('left', 20)),
      ...column(320, 110, filler('right', 20)),
      { text: 'Table 2: a wide table set at the foot of the page, across both columns', x: 60, top: 400 },
      ...column(54, 430, filler('lower left', 5)),
      ...column(320, 430, filler('lower right', 5)),
    ]),
  );
  const order = lines.map((l) => l.text.replace(/[ .]+$/, ''));
  assert.deepEqual(order, [
    'Figure 1: a wide figure whose caption runs across both columns of the page',
    ...filler('left', 20),
    ...filler('right', 20),
    'Table 2: a wide table set at the foot of the page, across both columns',
    ...filler('lower left', 5),
    ...filler('lower right', 5),
  ]);
});

test('a one-column page is not split at its middle, even with short lines and equation numbers beside it', () => {
  const texts: Text[] = [];
  for (let i = 0; i < 30; i++) {
    texts.push({ text: `Running text of line ${i + 1} across the whole width of a one-column page, as a thesis sets it.`, x: 72, top: 80 + 14 * i });
    if (i % 6 === 5) texts.push({ text: `(${i})`, x: 520, top: 80 + 14 * i });
  }
  const layout = layoutPage(page(1, texts));
  assert.equal(layout.columns, 1);
  assert.match(layout.lines[5]!.text, /line 6 .*\(5\)$/);
});

test('text running up the margin (the arXiv stamp) is left out', () => {
  const layout = layoutPage(page(1, [{ text: 'arXiv:2505.23727v2 [cs.CV] 29 May 2025', x: 30, top: 600, size: 20, rotated: true }, ...column(72, 100, filler('text', 10))]));
  assert.ok(!layout.lines.some((l) => l.text.includes('arXiv')));
  assert.equal(layout.lines.length, 10);
});

test('IEEE headings: roman numerals in capitals, lettered subsections numbered within them', () => {
  const full = read([
    page(1, [
      { text: 'A Title Set Large', x: 150, top: 60, size: 20, font: BOLD },
      { text: 'Abstract—We propose a method for reading papers. It works well.', x: 54, top: 120 },
      { text: 'I. INTRODUCTION', x: 54, top: 150, font: 'smallcaps' },
      ...column(54, 165, filler('intro', 6)),
      { text: 'II. METHOD', x: 54, top: 250, font: 'smallcaps' },
      { text: 'A. Datasets', x: 54, top: 265, font: 'italic' },
      ...column(54, 280, filler('data', 4)),
      { text: 'B. Training', x: 54, top: 340, font: 'italic' },
      ...column(54, 355, filler('training', 4)),
      { text: 'III. RESULTS', x: 54, top: 420, font: 'smallcaps' },
      ...column(54, 435, filler('results', 4)),
    ]),
  ]);
  assert.equal(full.title, 'A Title Set Large');
  assert.equal(full.abstract, 'We propose a method for reading papers. It works well.');
  assert.deepEqual(
    full.sections.filter((s) => s.role === 'body').map((s) => [s.number, s.heading]),
    [
      ['I', 'INTRODUCTION'],
      ['II', 'METHOD'],
      ['II.A', 'Datasets'],
      ['II.B', 'Training'],
      ['III', 'RESULTS'],
    ],
  );
});

test('headings in capitals or by name, appendices after the references, and numbers that go back are not headings', () => {
  const full = read([
    page(1, [
      { text: 'ABSTRACT', x: 54, top: 100, font: BOLD },
      ...column(54, 115, filler('abstract', 3)),
      { text: '1 Introduction', x: 54, top: 160, size: 12, font: BOLD },
      ...column(54, 175, filler('intro', 5)),
      { text: '2 A Heading That Is Long Enough To Be Set', x: 54, top: 250, size: 12, font: BOLD },
      { text: 'Over Two Lines', x: 54, top: 264, size: 12, font: BOLD },
      ...column(54, 280, filler('two', 5)),
      // A figure's label in the heading font, numbered back at 1: not a section.
      { text: '1 Encoder', x: 54, top: 350, size: 12, font: BOLD },
      // A line of running text that starts with a number.
      { text: '3 datasets are used in our experiments, as listed below.', x: 54, top: 365 },
      ...column(54, 380, filler('more', 3)),
      { text: 'Acknowledgements', x: 54, top: 430 },
      ...column(54, 445, filler('thanks', 2)),
      { text: 'REFERENCES', x: 54, top: 480, font: BOLD },
      { text: '[1] A. Smith. A paper. 2020.', x: 54, top: 495 },
      { text: 'Appendix A: Proofs', x: 54, top: 520, size: 12, font: BOLD },
      ...column(54, 535, filler('proof', 3)),
      { text: 'B More Results', x: 54, top: 580, size: 12, font: BOLD },
      ...column(54, 595, filler('extra', 3)),
    ]),
  ]);
  assert.deepEqual(
    full.sections.map((s) => [s.role, s.number ?? '', s.heading]),
    [
      ['abstract', '', 'ABSTRACT'],
      ['body', '1', 'Introduction'],
      ['body', '2', 'A Heading That Is Long Enough To Be Set Over Two Lines'],
      ['body', '', 'Acknowledgements'],
      ['references', '', 'REFERENCES'],
      ['body', 'A', 'Proofs'],
      ['body', 'B', 'More Results'],
    ],
  );
  const two = full.sections[2]!.text;
  assert.match(two, /^two line 1/);
  assert.match(two, /1 Encoder 3 datasets are used/);
  assert.equal(full.abstract?.startsWith('abstract line 1'), true);
  assert.deepEqual(
    chunkFullText('paper', fullTextPassages(full), 0).map((c) => c.section),
    ['§1 Introduction', '§2 A Heading That Is Long Enough To Be Set Over Two Lines', 'Acknowledgements', '§A Proofs', '§B More Results'],
  );
});

test('running heads and page numbers are left out; a word broken at a line end is joined', () => {
  const pages = [1, 2, 3].map((n) =>
    page(n, [
      { text: 'Journal of Generated Papers, Vol. 1', x: 200, top: 30, size: 8 },
      ...(n === 1 ? [{ text: '1 Introduction', x: 54, top: 80, size: 12, font: BOLD }] : []),
      ...column(54, 100, filler(`page ${n}`, 5)),
      { text: n === 2 ? 'We study the compu-' : 'Text on this page.', x: 54, top: 170 },
      { text: n === 2 ? 'tation of headings.' : 'More text here.', x: 54, top: 182 },
      { text: String(n), x: 300, top: 760, size: 9 },
    ]),
  );
  const full = read(pages);
  const text = full.sections.map((s) => s.text).join(' ');
  assert.doesNotMatch(text, /Journal of Generated Papers/);
  assert.doesNotMatch(text, /here\. 1 |here\. 2 | 3$/);
  assert.match(text, /the computation of headings/);
  const [intro] = full.sections;
  assert.deepEqual(intro!.pages, [1, 2, 3]);
  // Each page's text starts where its page start says.
  for (const { offset, page } of intro!.pageStarts.slice(1)) assert.ok(intro!.text.startsWith(`page ${page} line 1`, offset), `page ${page} starts at ${offset}`);
});

test('a byline, a table of contents, code in capitals and "Abstract Syntax" at the start of a line are not headings', () => {
  const full = read([
    page(1, [
      { text: 'Parsing Abstract Syntax', x: 150, top: 60, size: 20, font: BOLD },
      { text: 'Ada Lovelace and Alan Turing', x: 180, top: 90, size: 12, font: BOLD },
      { text: 'Abstract Syntax Trees are what this manual is about, and how to read them.', x: 54, top: 120 },
      { text: '1 Introduction . . . . . . . . . . . . . . . 1', x: 54, top: 140, font: BOLD },
      { text: 'Appendix A Proofs . . . . . . . . . . . . . . . 9', x: 54, top: 155, font: BOLD },
      { text: '1 Introduction', x: 54, top: 200, size: 14, font: BOLD },
      ...column(54, 220, filler('intro', 3)),
      { text: 'BEGIN', x: 72, top: 260, font: 'mono' },
      ...column(54, 275, filler('after code', 3)),
      { text: '2 Method', x: 54, top: 330, size: 14, font: BOLD },
      ...column(54, 350, filler('method', 3)),
    ]),
  ]);
  assert.equal(full.title, 'Parsing Abstract Syntax');
  assert.equal(full.abstract, undefined);
  assert.deepEqual(
    full.sections.map((s) => [s.role, s.number ?? '', s.heading]),
    [
      ['front', '', ''],
      ['body', '1', 'Introduction'],
      ['body', '2', 'Method'],
    ],
  );
  assert.match(full.sections[0]!.text, /^Ada Lovelace and Alan Turing Abstract Syntax Trees/);
  assert.match(full.sections[1]!.text, /intro line 3[ .]* BEGIN after code line 1/);
});
