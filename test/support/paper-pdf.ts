/**
 * PDFs of papers written for the tests with pdf-lib: a title, authors, an abstract, numbered
 * sections and references, set in one or two columns, with a running head and page numbers.
 * The writer reports where it put each heading and sentence, so that tests compare what the
 * reader finds with what was written rather than with numbers copied from a run.
 */
import { PDFDocument, StandardFonts, type PDFFont, type PDFPage } from 'pdf-lib';

export interface PaperSection {
  /** "3", "3.1", "A"; none for an unnumbered heading. */
  number?: string;
  heading: string;
  paragraphs: string[];
}

export interface PaperSpec {
  title: string;
  authors: string;
  abstract: string;
  sections: PaperSection[];
  references: string[];
  columns?: 1 | 2;
  /** Printed at the top of every page. */
  runningHead?: string;
}

export interface WrittenPaper {
  bytes: Uint8Array;
  pageCount: number;
  /** The page each heading was set on, by its printed text ("3.1 Data"). */
  headingPages: Map<string, number>;
  /** The page each marked sentence (see markedSentences) starts on, by its marker ("Sentence 2 of section 3.1"). */
  sentencePages: Map<string, number>;
}

const PAGE = { width: 612, height: 792, margin: 54, gutter: 18 };
const BODY_SIZE = 10;
const LEADING = 12;

/** Writes the paper, flowing its text down the left column, then the right, then onto a new page. */
export async function paperPdf(spec: PaperSpec): Promise<WrittenPaper> {
  const doc = await PDFDocument.create();
  const fonts = { roman: await doc.embedFont(StandardFonts.TimesRoman), bold: await doc.embedFont(StandardFonts.TimesRomanBold) };
  const columns = spec.columns ?? 2;
  const columnWidth = (PAGE.width - 2 * PAGE.margin - (columns - 1) * PAGE.gutter) / columns;
  const headingPages = new Map<string, number>();
  const sentencePages = new Map<string, number>();
  let page!: PDFPage;
  let column = 0;
  let y = 0;
  let top = 0;
  const newPage = () => {
    page = doc.addPage([PAGE.width, PAGE.height]);
    column = 0;
    top = PAGE.height - PAGE.margin;
    y = top;
    if (spec.runningHead) centred(page, spec.runningHead, PAGE.height - 30, 8, fonts.roman);
    centred(page, String(doc.getPageCount()), 30, 9, fonts.roman);
  };
  const nextColumn = () => {
    if (column + 1 < columns) {
      column++;
      y = top;
    } else newPage();
  };
  const advance = (height: number) => {
    if (y - height < PAGE.margin) nextColumn();
    y -= height;
  };
  const x = () => PAGE.margin + column * (columnWidth + PAGE.gutter);
  const write = (text: string, size: number, font: PDFFont) => {
    const lines = wrap(text, font, size, columnWidth);
    const words = lines.flatMap((line, n) => line.split(' ').map((word) => ({ word, line: n })));
    const startPages: { marker: string; line: number }[] = [];
    words.forEach(({ word, line }, i) => {
      if (word === 'Sentence' && words[i + 2]?.word === 'of' && words[i + 3]?.word === 'section') startPages.push({ marker: `Sentence ${words[i + 1]!.word} of section ${words[i + 4]!.word}`, line });
    });
    lines.forEach((line, n) => {
      advance(size * 1.2);
      page.drawText(line, { x: x(), y, size, font });
      for (const start of startPages) if (start.line === n) sentencePages.set(start.marker, doc.getPageCount());
    });
  };
  const heading = (text: string, size: number) => {
    // A heading is not left alone at the foot of a column.
    if (y - size * 0.6 - 3 * LEADING < PAGE.margin) nextColumn();
    else y -= size * 0.6;
    write(text, size, fonts.bold);
    headingPages.set(text, doc.getPageCount());
  };

  newPage();
  for (const line of wrap(spec.title, fonts.bold, 17, PAGE.width - 2 * PAGE.margin)) {
    y -= 22;
    centred(page, line, y, 17, fonts.bold);
  }
  y -= 18;
  centred(page, spec.authors, y, 11, fonts.roman);
  top = y - 24;
  y = top;
  heading('Abstract', 12);
  write(spec.abstract, BODY_SIZE, fonts.roman);
  for (const section of spec.sections) {
    const sub = section.number?.includes('.') ?? false;
    heading(section.number ? `${section.number} ${section.heading}` : section.heading, sub ? BODY_SIZE : 12);
    for (const paragraph of section.paragraphs) write(paragraph, BODY_SIZE, fonts.roman);
  }
  heading('References', 12);
  for (const reference of spec.references) write(reference, 9, fonts.roman);
  return { bytes: await doc.save(), pageCount: doc.getPageCount(), headingPages, sentencePages };
}

function centred(page: PDFPage, text: string, y: number, size: number, font: PDFFont): void {
  page.drawText(text, { x: (PAGE.width - font.widthOfTextAtSize(text, size)) / 2, y, size, font });
}

function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const next = line ? `${line} ${word}` : word;
    if (line && font.widthOfTextAtSize(next, size) > width) {
      lines.push(line);
      line = word;
    } else line = next;
  }
  if (line) lines.push(line);
  return lines;
}

const TOPICS = ['attention', 'retrieval', 'calibration', 'robustness', 'distillation', 'sparsity', 'alignment', 'tokenization'];

/**
 * Sentences that say where they were written ("Sentence 4 of section 3.1 ..."), so that a test
 * can tell from the text alone whether it was read in order.
 */
export function markedSentences(label: string, count: number): string[] {
  return Array.from({ length: count }, (_, i) => `Sentence ${i + 1} of section ${label} studies ${TOPICS[i % TOPICS.length]} in language models with a careful ablation over several benchmarks.`);
}

/** A paper of `sectionCount` sections (each with two subsections) long enough to run over several two-column pages. */
export function samplePaper(sectionCount = 5, sentencesPerParagraph = 6): PaperSpec {
  const names = ['Introduction', 'Related Work', 'Method', 'Experiments', 'Discussion', 'Analysis', 'Ablations', 'Scaling', 'Limitations', 'Conclusion'];
  const sections: PaperSection[] = [];
  for (let s = 1; s <= sectionCount; s++) {
    const paragraph = (label: string) => markedSentences(label, sentencesPerParagraph).join(' ');
    sections.push({ number: String(s), heading: names[(s - 1) % names.length]!, paragraphs: [paragraph(`${s}`)] });
    for (const sub of [1, 2]) sections.push({ number: `${s}.${sub}`, heading: sub === 1 ? 'Setting' : 'Findings', paragraphs: [paragraph(`${s}.${sub}`), paragraph(`${s}.${sub}b`)] });
  }
  return {
    title: 'Reading Papers in Two Columns: A Study of Layout-Aware Extraction',
    authors: 'Ada Lovelace, Alan Turing, Grace Hopper',
    abstract: 'We study how to read scientific papers set in two columns. Our reader keeps page numbers and sections. It finds headings by their numbers and fonts. Experiments on generated papers show the reading order is preserved.',
    sections,
    references: Array.from({ length: 12 }, (_, i) => `[${i + 1}] A. Author and B. Writer. A cited work number ${i + 1} on neural retrieval. In Proceedings of the Conference, 2024.`),
    runningHead: 'Preprint. Under review.',
  };
}

/** A paper whose §3 Method holds one sentence no other text has, past its first page. */
export function methodPaper(): PaperSpec {
  const filler = (label: string, n: number) => Array.from({ length: n }, (_, i) => `Sentence ${i + 1} of section ${label} reports a careful ablation over several benchmarks in language models.`).join(' ');
  return {
    title: 'Quokka: Syllable Tokenizers for Burrow Names',
    authors: 'Ann Wombat, Bo Quokka',
    abstract: 'We present Quokka, a tokenizer for names of burrows. It is evaluated on marsupial corpora and compared with byte-level baselines.',
    sections: [
      { number: '1', heading: 'Introduction', paragraphs: [filler('1', 30)] },
      { number: '2', heading: 'Related Work', paragraphs: [filler('2', 30)] },
      { number: '3', heading: 'Method', paragraphs: [`${filler('3', 6)} Sentence 7 of section 3 explains that the quokka tokenizer splits each burrow name into syllables before embedding them with a gated recurrent encoder.`] },
      { number: '4', heading: 'Experiments', paragraphs: [filler('4', 20)] },
    ],
    references: ['[1] A. Author. A cited work. In Proceedings, 2024.'],
  };
}
