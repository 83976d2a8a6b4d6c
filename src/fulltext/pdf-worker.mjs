// @ts-check
/**
 * The thread that runs pdf.js over one PDF and posts back each page's positioned text items
 * (see sandbox.ts for the limits it runs under and protocol.ts for the messages). Plain
 * JavaScript so that the thread starts without the TypeScript loader: with it, loading pdf.js
 * took a second longer.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import { capArrayBuffers } from './memory-budget.mjs';

const port = /** @type {import('node:worker_threads').MessagePort} */ (parentPort);
const { bytes, maxPages, maxMemoryMb } = /** @type {import('./protocol.js').WorkerInput} */ (workerData);

/** @param {import('./protocol.js').WorkerMessage} message */
const post = (message) => port.postMessage(message);

capArrayBuffers(maxMemoryMb, () => post({ type: 'failed', name: 'MemoryLimit', message: `more than ${maxMemoryMb} MB of unpacked data` }));

// pdf.js reads its font data and character maps from these folders of the package, never from the network.
const packageDir = path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));
/** @param {string} name */
const assets = (name) => path.join(packageDir, name) + path.sep;

try {
  const { getDocument, VerbosityLevel } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const document = await getDocument({
    data: bytes,
    isEvalSupported: false,
    useSystemFonts: false,
    disableFontFace: true,
    enableXfa: false,
    isOffscreenCanvasSupported: false,
    isImageDecoderSupported: false,
    standardFontDataUrl: assets('standard_fonts'),
    cMapUrl: assets('cmaps'),
    cMapPacked: true,
    wasmUrl: assets('wasm'),
    iccUrl: assets('iccs'),
    verbosity: VerbosityLevel.ERRORS,
  }).promise;
  const pageCount = document.numPages;
  post({ type: 'opened', pageCount });
  if (pageCount <= maxPages) {
    /** @type {import('./protocol.js').RawPage[]} */
    const pages = [];
    for (let number = 1; number <= pageCount; number++) {
      try {
        const page = await document.getPage(number);
        const content = await page.getTextContent({ includeMarkedContent: false });
        /** @type {import('./protocol.js').RawItem[]} */
        const items = [];
        for (const item of content.items) {
          if (!('str' in item) || item.str === '') continue;
          items.push({ str: item.str, transform: item.transform, width: item.width, font: item.fontName });
        }
        pages.push({ number, view: page.view, items });
        page.cleanup();
      } catch (e) {
        // One broken page (a damaged content stream) does not lose the others.
        pages.push({ number, view: [0, 0, 0, 0], items: [], failure: describe(e).message });
      }
      post({ type: 'progress', page: number, pageCount });
    }
    post({ type: 'done', pages });
  }
  await document.destroy();
} catch (e) {
  post({ type: 'failed', ...describe(e) });
}

/** @param {unknown} e */
function describe(e) {
  return e instanceof Error ? { name: e.name, message: e.message } : { name: 'Error', message: String(e) };
}
