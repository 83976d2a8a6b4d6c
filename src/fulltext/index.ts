/**
 * Full text from a paper's PDF: `readPdf` reads it (in a thread of its own, under the PDF_*
 * limits) into sections with their pages, and `fullTextPassages` turns those into the passages
 * the index chunks (chunkFullText). Every failure is a PdfError with a `kind`, a message and a hint.
 */
export { readPdf, type ReadPdfOptions } from './read.js';
export { fullTextPassages } from './passages.js';
export { sectionLabel, type FullText, type Section, type SectionRole, type PageStart } from './sections.js';
export { PdfError, isPdfError, type PdfErrorKind } from './errors.js';
export { checkAddedFileSize, checkPdfSize, pdfLimits, DEFAULT_PDF_LIMITS, type PdfLimits, type PdfSettings } from './limits.js';
