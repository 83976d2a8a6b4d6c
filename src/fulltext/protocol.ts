/** The messages between sandbox.ts and the PDF thread (pdf-worker.mjs). */

export interface WorkerInput {
  bytes: Uint8Array;
  /** The thread stops after opening a document with more pages than this. */
  maxPages: number;
  /** Array buffers (unpacked streams) the thread may hold, beyond its heap. */
  maxMemoryMb: number;
}

/** A run of text as pdf.js places it: `transform` maps text space to the page (x, y are its last two). */
export interface RawItem {
  str: string;
  transform: number[];
  /** Advance width in page units. */
  width: number;
  /** pdf.js's name for the font, the same on every page that uses the same font. */
  font: string;
}

export interface RawPage {
  /** 1-based. */
  number: number;
  /** The page box: [x0, y0, x1, y1] in page units (1/72 inch). */
  view: number[];
  items: RawItem[];
  /** Why the page's text could not be read, when it could not. */
  failure?: string;
}

export type WorkerMessage =
  | { type: 'opened'; pageCount: number }
  | { type: 'progress'; page: number; pageCount: number }
  | { type: 'done'; pages: RawPage[] }
  | { type: 'failed'; name: string; message: string };
