/** A paper's PDF read into its full text: title, abstract and sections with their pages. */
import { pdfErrors } from './errors.js';
import { withoutFurniture } from './furniture.js';
import { layoutPage, type PageLayout } from './layout.js';
import { checkPdfEnvelope, DEFAULT_PDF_LIMITS, type PdfLimits } from './limits.js';
import { extractPages } from './sandbox.js';
import { readSections, type FullText } from './sections.js';

export interface ReadPdfOptions {
  /** Each missing limit is the default setting's. */
  limits?: Partial<PdfLimits>;
  /** The file's name, for errors ("paper.pdf is password-protected"). */
  file?: string;
  /** Called after each page is read, for a progress message. */
  onProgress?: (page: number, pageCount: number) => void;
}

/** A page of running text has thousands of characters; a scan's stamp or page number, a few dozen. */
const MIN_CHARS_PER_PAGE = 100;

/** Reads a PDF's text, or throws a PdfError that says why it could not and what to try. */
export async function readPdf(bytes: Uint8Array, options: ReadPdfOptions = {}): Promise<FullText> {
  const limits: PdfLimits = { ...DEFAULT_PDF_LIMITS, ...options.limits };
  const file = options.file ?? 'The PDF';
  checkPdfEnvelope(bytes, limits, file);
  const raw = await extractPages(bytes, { limits, file, onProgress: options.onProgress });
  const unread = raw.filter((p) => p.failure);
  if (raw.length && unread.length === raw.length) throw pdfErrors.malformed(file, unread[0]!.failure!.replace(/\.$/, ''));
  const pages = withoutFurniture(raw.map(layoutPage));
  if (textChars(pages) < MIN_CHARS_PER_PAGE * Math.max(1, pages.length - unread.length)) throw pdfErrors.noText(file);
  return readSections(pages);
}

function textChars(pages: PageLayout[]): number {
  let n = 0;
  for (const page of pages) for (const line of page.lines) n += line.text.replace(/\s/g, '').length;
  return n;
}
