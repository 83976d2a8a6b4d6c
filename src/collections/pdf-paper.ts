/**
 * A PDF read into what the index takes: a paper (title and abstract from its first page when no
 * metadata gives them) and its full text as passages, one per section per page.
 */
import type { Settings } from '../config.js';
import { buildPaper } from '../corpus/build.js';
import type { Paper } from '../corpus/paper.js';
import type { FullTextPassage } from '../chunking.js';
import { fullTextPassages, pdfLimits, readPdf, type FullText } from '../fulltext/index.js';

/** A stand-in abstract taken from the body is cut to about this many characters. */
const STAND_IN_ABSTRACT_CHARS = 1200;

export interface PdfPaper {
  paper: Paper;
  fullText: FullTextPassage[];
  pages: number;
  sections: number;
  /** Said to the user when something was guessed (a title from the first sentence, an abstract from the body). */
  note?: string;
}

/** A PDF's text as the index takes it: passages with section and page, and what the reply counts. */
export async function readFullText(bytes: Uint8Array, file: string, settings: Settings): Promise<{ text: FullText; fullText: FullTextPassage[]; pages: number; sections: number }> {
  // readPdf checks the size first (checkPdfEnvelope), before the worker starts.
  const text = await readPdf(bytes, { limits: pdfLimits(settings), file });
  const fullText = fullTextPassages(text);
  return { text, fullText, pages: text.pageCount, sections: new Set(fullText.map((p) => p.section)).size };
}

/** Reads a PDF attachment into a paper; throws a PdfError (what happened and what to try) when it cannot. */
export async function readPdfPaper(name: string, bytes: Uint8Array, settings: Settings): Promise<PdfPaper> {
  const { text, fullText, pages, sections } = await readFullText(bytes, name, settings);
  const notes: string[] = [];
  let abstract = text.abstract?.trim() ?? '';
  if (!abstract) {
    abstract = standInAbstract(fullText);
    notes.push('no abstract found on the first page: its opening text stands in');
  }
  const built = buildPaper({ title: text.title, abstract }, name, name);
  if (!built.paper) throw new Error(`${name}: ${built.problems.map((p) => p.message).join('; ')}`);
  notes.push(...built.problems.map((p) => p.message));
  return { paper: built.paper, fullText, pages, sections, ...(notes.length ? { note: notes.join('; ') } : {}) };
}

function standInAbstract(passages: readonly FullTextPassage[]): string {
  const text = passages.map((p) => p.text).join(' ').replace(/\s+/g, ' ');
  if (text.length <= STAND_IN_ABSTRACT_CHARS) return text;
  const cut = text.lastIndexOf('. ', STAND_IN_ABSTRACT_CHARS);
  return text.slice(0, cut > 200 ? cut + 1 : STAND_IN_ABSTRACT_CHARS);
}
