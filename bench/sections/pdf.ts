/** A 20-page two-column paper's PDF read into sections and cut into passages: the full-text part of adding a paper. */
import { chunkFullText } from '../../src/chunking.js';
import { fullTextPassages, readPdf } from '../../src/fulltext/index.js';
import { paperPdf, samplePaper, type WrittenPaper } from '../../test/support/paper-pdf.js';
import { int, mb, ms, type Table } from '../format.js';
import { latencyStats, peakRssMB, since, type LatencyStats } from '../measure.js';
import type { Section, SectionResult } from './section.js';

export const PDF_PAGES = 20;
export const PDF_TARGET = `a ${PDF_PAGES}-page PDF read and chunked < 10 s`;

export interface PdfResult {
  pages: number;
  bytes: number;
  sections: number;
  chunks: number;
  runs: number;
  /** From the bytes to the full text: the thread started, pdf.js loaded, every page read and laid out. */
  read: LatencyStats;
  /** Until the first page was read: the thread's start and pdf.js's loading, mostly. */
  firstPage: LatencyStats;
  chunk: LatencyStats;
  total: LatencyStats;
  peakRssMB: number;
}

/** A generated paper of at least `pages` pages (sections of 3 subsections each until it is long enough). */
export async function paperOfPages(pages: number): Promise<WrittenPaper> {
  for (let sections = Math.ceil(pages * 1.4); ; sections += 2) {
    const written = await paperPdf(samplePaper(sections));
    if (written.pageCount >= pages) return written;
  }
}

/** Reads the PDF `runs` times, each in a new thread as readPdf always does, and cuts it into passages. */
export async function measurePdf(written: WrittenPaper, runs: number): Promise<PdfResult> {
  const read: number[] = [];
  const firstPage: number[] = [];
  const chunk: number[] = [];
  const total: number[] = [];
  let sections = 0;
  let chunks = 0;
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    let first = Number.NaN;
    const full = await readPdf(written.bytes, { onProgress: (page) => (page === 1 ? (first = since(start)) : undefined) });
    read.push(since(start));
    firstPage.push(first);
    const cut = performance.now();
    chunks = chunkFullText('paper', fullTextPassages(full), 0).length;
    chunk.push(since(cut));
    total.push(since(start));
    sections = full.sections.length;
  }
  return { pages: written.pageCount, bytes: written.bytes.length, sections, chunks, runs, read: latencyStats(read), firstPage: latencyStats(firstPage), chunk: latencyStats(chunk), total: latencyStats(total), peakRssMB: peakRssMB() };
}

function pdfTable(r: PdfResult): Table {
  return {
    columns: ['pages', 'PDF size', 'sections', 'passages', 'runs', 'first page p50', 'read p50', 'read max', 'chunk p50', 'read + chunk p50', 'read + chunk max', 'peak RSS'],
    rows: [[int(r.pages), mb(r.bytes, 'bytes'), int(r.sections), int(r.chunks), int(r.runs), ms(r.firstPage.p50), ms(r.read.p50), ms(r.read.max), ms(r.chunk.p50), ms(r.total.p50), ms(r.total.max), mb(r.peakRssMB)]],
  };
}

export const pdfSection: Section = {
  id: 'pdf',
  title: `Full text: a ${PDF_PAGES}-page PDF read and chunked`,
  async run(ctx): Promise<SectionResult> {
    const step = 'pdf';
    ctx.progress.start(step);
    const written = await paperOfPages(PDF_PAGES);
    const result = await measurePdf(written, ctx.quick ? 2 : 5);
    ctx.progress.done(step, `read + chunk p50 ${ms(result.total.p50)}, max ${ms(result.total.max)}`);
    return {
      id: 'pdf',
      title: this.title,
      status: 'ok',
      tables: [pdfTable(result)],
      notes: [
        `A two-column paper written with pdf-lib (test/support/paper-pdf.ts): title, authors, abstract, numbered sections and subsections, references, a running head and page numbers. Each run is readPdf with the default limits, in a new thread (started, pdf.js loaded, every page read), then its layout, sections and passages in the main thread.`,
        'Indexing the passages (embedding, BM25) is not included: the target is for the whole add path, of which this is the PDF part.',
      ],
      data: result,
    };
  },
};
