/** A 20-page two-column paper's PDF read into sections and cut into passages, then added whole through the service's /add (read, chunked, embedded, indexed as a segment). */
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { loadSettings } from '../../src/config.js';
import { jsonLinesTo } from '../../src/log.js';
import { chunkFullText } from '../../src/chunking.js';
import { fullTextPassages, readPdf } from '../../src/fulltext/index.js';
import { paperPdf, samplePaper, type WrittenPaper } from '../../test/support/paper-pdf.js';
import { int, mb, ms, type Table } from '../format.js';
import { latencyStats, peakRssMB, since, type LatencyStats } from '../measure.js';
import type { Section, SectionResult } from './section.js';

export const PDF_PAGES = 20;
export const PDF_TARGET = `a ${PDF_PAGES}-page PDF extracted and indexed (/add) < 10 s`;

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
  /** service.add of the PDF: read, chunked, embedded and written as a segment, its record included. */
  add: LatencyStats;
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
  return { pages: written.pageCount, bytes: written.bytes.length, sections, chunks, runs, read: latencyStats(read), firstPage: latencyStats(firstPage), chunk: latencyStats(chunk), total: latencyStats(total), add: latencyStats([]), peakRssMB: peakRssMB() };
}

/** The PDF added through PapercordService.add to a 19-paper index, each run into a collection of its own. */
export async function measurePdfAdd(written: WrittenPaper, runs: number, workDir: string): Promise<LatencyStats> {
  const { PapercordService } = await import('../../src/service.js');
  const dataDir = path.join(workDir, 'data-pdf-add');
  await fs.rm(dataDir, { recursive: true, force: true });
  const service = await PapercordService.open(loadSettings({ EMBEDDINGS: 'local', OLLAMA_HOST: 'http://127.0.0.1:9', CORPUS: 'icml2026', DATA_DIR: dataDir }), { log: jsonLinesTo(() => {}), writer: null });
  const samples: number[] = [];
  try {
    for (let i = 0; i < runs; i++) {
      const t = performance.now();
      const report = await service.add({ files: [{ name: 'paper.pdf', bytes: written.bytes }] }, { collection: `bench-pdf-${i}` });
      samples.push(since(t));
      if (report.added.length !== 1 || !report.added[0]!.fullText) throw new Error(`the PDF was not added with its full text: ${JSON.stringify(report.skipped)}`);
    }
  } finally {
    await service.close();
    await fs.rm(dataDir, { recursive: true, force: true });
  }
  return latencyStats(samples);
}

function pdfTable(r: PdfResult): Table {
  return {
    columns: ['pages', 'PDF size', 'sections', 'passages', 'runs', 'first page p50', 'read p50', 'read max', 'chunk p50', 'read + chunk p50', 'read + chunk max', '/add p50', '/add max', 'peak RSS'],
    rows: [[int(r.pages), mb(r.bytes, 'bytes'), int(r.sections), int(r.chunks), int(r.runs), ms(r.firstPage.p50), ms(r.read.p50), ms(r.read.max), ms(r.chunk.p50), ms(r.total.p50), ms(r.total.max), ms(r.add.p50), ms(r.add.max), mb(r.peakRssMB)]],
  };
}

export const pdfSection: Section = {
  id: 'pdf',
  title: `Full text: a ${PDF_PAGES}-page PDF read and chunked, then added through /add`,
  async run(ctx): Promise<SectionResult> {
    const step = 'pdf';
    ctx.progress.start(step);
    const written = await paperOfPages(PDF_PAGES);
    const runs = ctx.quick ? 2 : 5;
    const read = await measurePdf(written, runs);
    const result: PdfResult = { ...read, add: await measurePdfAdd(written, runs, ctx.workDir), peakRssMB: peakRssMB() };
    ctx.progress.done(step, `read + chunk p50 ${ms(result.total.p50)}, /add p50 ${ms(result.add.p50)}, max ${ms(result.add.max)}`);
    return {
      id: 'pdf',
      title: this.title,
      status: 'ok',
      tables: [pdfTable(result)],
      notes: [
        `A two-column paper written with pdf-lib (test/support/paper-pdf.ts): title, authors, abstract, numbered sections and subsections, references, a running head and page numbers. Each run is readPdf with the default limits, in a new thread (started, pdf.js loaded, every page read), then its layout, sections and passages in the main thread.`,
        `/add: PapercordService.add of the same PDF to a 19-paper index (icml2026, local embedder), each run into a collection of its own: the PDF read, its passages chunked, embedded and written as a segment with its record, the segments list switched. The target is on its max.`,
      ],
      data: result,
    };
  },
};
