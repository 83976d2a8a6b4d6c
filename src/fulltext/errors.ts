import { PapercordError } from '../errors.js';

/** Why a PDF could not be read. */
export type PdfErrorKind =
  | 'too-large'
  | 'malformed'
  | 'truncated'
  | 'encrypted'
  | 'too-many-pages'
  | 'timeout'
  | 'out-of-memory'
  | 'no-text'
  /** The reader itself failed (its thread could not start): not the file's fault. */
  | 'failed';

/** An arXiv id or DOI brings the abstract from a metadata source without the PDF. */
const BY_REFERENCE = 'or add the paper by its arXiv id or DOI instead';

/**
 * A PDF that cannot be read, with what happened and what to try. `kind` is for code; the
 * message and hint are for the person who sent the file.
 */
export class PdfError extends PapercordError {
  constructor(
    readonly kind: PdfErrorKind,
    message: string,
    hint: string,
    options?: { cause?: unknown },
  ) {
    super(kind === 'failed' ? 'INTERNAL' : 'BAD_INPUT', message, hint, options);
  }
}

export function isPdfError(e: unknown): e is PdfError {
  return e instanceof PdfError;
}

/** A size as the errors give it: `12.3 MB`. */
export const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(1)} MB`;
const seconds = (ms: number) => `${ms % 1000 === 0 ? ms / 1000 : (ms / 1000).toFixed(1)} s`;

/** The error of each kind, worded once. `file` names the PDF ("paper.pdf", or "The PDF"). */
export const pdfErrors = {
  tooLarge: (file: string, bytes: number, maxBytes: number) =>
    new PdfError('too-large', `${file} is ${mb(bytes)}; papercord reads PDFs up to ${mb(maxBytes)} (PDF_MAX_MB).`, `Try a smaller copy (the paper without its supplementary material), ${BY_REFERENCE}.`),
  notPdf: (file: string) =>
    new PdfError('malformed', `${file} is not a PDF: it does not start with the %PDF- header.`, `Check that you attached the paper's PDF and not a web page or another file, ${BY_REFERENCE}.`),
  malformed: (file: string, detail: string) =>
    new PdfError('malformed', `${file} is damaged and could not be read (${detail}).`, `Download it again, or save a fresh copy from a PDF viewer (Print to PDF), ${BY_REFERENCE}.`),
  truncated: (file: string) =>
    new PdfError('truncated', `${file} ends early: it has no end-of-file marker, so it looks cut off (an interrupted download or upload).`, 'Download the PDF again and send the complete file.'),
  encrypted: (file: string) =>
    new PdfError('encrypted', `${file} is password-protected (encrypted), so its text cannot be read.`, `Save an unprotected copy (open it with the password and Print to PDF), ${BY_REFERENCE}.`),
  tooManyPages: (file: string, pages: number, maxPages: number) =>
    new PdfError('too-many-pages', `${file} has ${pages} pages; papercord reads PDFs of up to ${maxPages} pages (PDF_MAX_PAGES).`, `Try the paper without its appendices or supplementary material, ${BY_REFERENCE}.`),
  timeout: (file: string, timeoutMs: number) =>
    new PdfError('timeout', `Reading ${file} took longer than ${seconds(timeoutMs)} (PDF_TIMEOUT_MS) and was stopped.`, `It may be very large or unusually built: try a re-saved copy (Print to PDF), ${BY_REFERENCE}.`),
  outOfMemory: (file: string, maxMemoryMb: number) =>
    new PdfError('out-of-memory', `Reading ${file} needed more than ${maxMemoryMb} MB of memory (PDF_MAX_MEMORY_MB) and was stopped: it unpacks to far more data than its size (a decompression bomb), or holds an unusual amount of content.`, `Try a re-saved copy (Print to PDF), ${BY_REFERENCE}.`),
  noText: (file: string) =>
    new PdfError('no-text', `${file} has no text layer: its pages are images (a scan?), so there is no text to read.`, `Run it through OCR first (for example ocrmypdf), ${BY_REFERENCE}.`),
  failed: (file: string, detail: string, cause?: unknown) =>
    new PdfError('failed', `The PDF reader stopped unexpectedly while reading ${file} (${detail}).`, 'Try again; if it keeps happening, tell the bot operator (details are in the logs).', { cause }),
};
