import { VARIABLES, type Settings } from '../config.js';
import { PapercordError } from '../errors.js';
import { mb, pdfErrors } from './errors.js';

/** What one PDF may cost to read. */
export interface PdfLimits {
  maxBytes: number;
  maxPages: number;
  timeoutMs: number;
  /** The reading thread's heap, and how much the process may grow while it reads. */
  maxMemoryMb: number;
}

export type PdfSettings = Pick<Settings, 'pdfMaxMb' | 'pdfMaxPages' | 'pdfTimeoutMs' | 'pdfMaxMemoryMb'>;

export function pdfLimits(settings: PdfSettings): PdfLimits {
  return { maxBytes: Math.round(settings.pdfMaxMb * 2 ** 20), maxPages: settings.pdfMaxPages, timeoutMs: settings.pdfTimeoutMs, maxMemoryMb: settings.pdfMaxMemoryMb };
}

/** The limits of the settings' defaults. */
export const DEFAULT_PDF_LIMITS: PdfLimits = pdfLimits({
  pdfMaxMb: Number(VARIABLES.pdfMaxMb.default),
  pdfMaxPages: Number(VARIABLES.pdfMaxPages.default),
  pdfTimeoutMs: Number(VARIABLES.pdfTimeoutMs.default),
  pdfMaxMemoryMb: Number(VARIABLES.pdfMaxMemoryMb.default),
});

/**
 * A file refused by its size alone; callers that know the size before they download (a Discord
 * attachment's `size`) call it first, and readPdf calls it again.
 */
export function checkPdfSize(bytes: number, limits: Pick<PdfLimits, 'maxBytes'>, file = 'The PDF'): void {
  if (bytes > limits.maxBytes) throw pdfErrors.tooLarge(file, bytes, limits.maxBytes);
}

/**
 * Any file given to /add, refused by its size alone before it is read: a PDF in the PDF's
 * words, a .bib or .json file of papers in its own (the same limit, PDF_MAX_MB, bounds both).
 */
export function checkAddedFileSize(bytes: number, limits: Pick<PdfLimits, 'maxBytes'>, file: string): void {
  if (/\.pdf$/i.test(file)) return checkPdfSize(bytes, limits, file);
  if (bytes > limits.maxBytes) {
    throw new PapercordError('BAD_INPUT', `${file} is ${mb(bytes)}; papercord reads files of papers up to ${mb(limits.maxBytes)} (PDF_MAX_MB).`, 'Split it into smaller files, or add the papers by their arXiv ids or DOIs.');
  }
}

// Readers look for the header within the first 1024 bytes and for the end marker within the last
// 1024; twice that is allowed at the end for files padded by the tools that served them.
const HEADER_WINDOW = 1024;
const TRAILER_WINDOW = 2048;

/**
 * Checks what can be told without parsing: the size, the %PDF- header (a web page or an
 * image saved as .pdf has none) and the %%EOF marker (a cut-off download has none; pdf.js
 * would otherwise rebuild what it can and read half a paper as if it were whole).
 */
export function checkPdfEnvelope(bytes: Uint8Array, limits: Pick<PdfLimits, 'maxBytes'>, file = 'The PDF'): void {
  checkPdfSize(bytes.length, limits, file);
  if (!contains(bytes.subarray(0, HEADER_WINDOW), '%PDF-')) throw pdfErrors.notPdf(file);
  if (!contains(bytes.subarray(Math.max(0, bytes.length - TRAILER_WINDOW)), '%%EOF')) throw pdfErrors.truncated(file);
}

function contains(bytes: Uint8Array, marker: string): boolean {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).includes(marker, 0, 'latin1');
}
