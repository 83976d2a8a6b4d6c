/**
 * Runs pdf.js on one PDF in a thread of its own, under a time and a memory limit, so that a
 * hostile or broken file costs a refusal and never the process.
 */
import { Worker } from 'node:worker_threads';
import { pdfErrors, PdfError } from './errors.js';
import type { PdfLimits } from './limits.js';
import type { RawPage, WorkerInput, WorkerMessage } from './protocol.js';

const WORKER_URL = new URL('./pdf-worker.mjs', import.meta.url);

/** How often the process's memory is sampled while a PDF is read. */
const MEMORY_SAMPLE_MS = 20;

export interface ExtractOptions {
  limits: PdfLimits;
  /** Names the file in errors ("paper.pdf"). */
  file: string;
  /** Called after each page is read. */
  onProgress?: (page: number, pageCount: number) => void;
}

// One PDF at a time: the memory limit is measured on the whole process (below), which only
// means one file's use while one file is read; and two cores gain nothing from two parses.
let queue: Promise<unknown> = Promise.resolve();

/** The positioned text of every page, or a PdfError saying why there is none. */
export function extractPages(bytes: Uint8Array, options: ExtractOptions): Promise<RawPage[]> {
  const run = queue.then(() => extractAlone(bytes, options));
  queue = run.catch(() => undefined);
  return run;
}

function extractAlone(bytes: Uint8Array, { limits, file, onProgress }: ExtractOptions): Promise<RawPage[]> {
  return new Promise<RawPage[]>((resolve, reject) => {
    const input: WorkerInput = { bytes, maxPages: limits.maxPages, maxMemoryMb: limits.maxMemoryMb };
    // Without the parent's flags (the TypeScript loader): the thread is plain JavaScript.
    const worker = new Worker(WORKER_URL, {
      workerData: input,
      execArgv: [],
      resourceLimits: { maxOldGenerationSizeMb: limits.maxMemoryMb, maxYoungGenerationSizeMb: Math.min(64, Math.max(8, limits.maxMemoryMb / 8)), stackSizeMb: 4 },
    });
    let outcome: { pages: RawPage[] } | { error: PdfError } | undefined;
    const settle = (result: NonNullable<typeof outcome>) => {
      if (outcome) return;
      outcome = result;
      clearTimeout(timer);
      clearInterval(sampler);
      // Settled once the thread is gone, so that its memory is free before the next file is read.
      void worker.terminate();
    };
    const timer = setTimeout(() => settle({ error: pdfErrors.timeout(file, limits.timeoutMs) }), limits.timeoutMs);
    // The thread counts its heap and its array buffers itself (pdf-worker.mjs). Behind that, the
    // process's resident memory may not grow by more than twice the limit while the thread
    // runs: memory pdf.js might take some other way is still bounded.
    const baseline = process.memoryUsage.rss();
    const sampler = setInterval(() => {
      if (process.memoryUsage.rss() - baseline > 2 * limits.maxMemoryMb * 2 ** 20) settle({ error: pdfErrors.outOfMemory(file, limits.maxMemoryMb) });
    }, MEMORY_SAMPLE_MS);
    worker.on('message', (message: WorkerMessage) => {
      switch (message.type) {
        case 'opened':
          if (message.pageCount > limits.maxPages) settle({ error: pdfErrors.tooManyPages(file, message.pageCount, limits.maxPages) });
          break;
        case 'progress':
          onProgress?.(message.page, message.pageCount);
          break;
        case 'done':
          settle({ pages: message.pages });
          break;
        case 'failed':
          settle({ error: failure(file, message, limits) });
          break;
      }
    });
    worker.on('error', (e: Error & { code?: string }) => {
      settle({ error: e.code === 'ERR_WORKER_OUT_OF_MEMORY' ? pdfErrors.outOfMemory(file, limits.maxMemoryMb) : pdfErrors.failed(file, e.message, e) });
    });
    worker.on('exit', (code) => {
      settle({ error: pdfErrors.failed(file, `its thread exited with code ${code} before it was done`) });
      if ('pages' in outcome!) resolve(outcome.pages);
      else reject(outcome!.error);
    });
  });
}

/** A failure pdf.js reported, by the names of its exceptions. */
function failure(file: string, { name, message }: { name: string; message: string }, limits: PdfLimits): PdfError {
  // A password, or encryption of a kind pdf.js does not implement (certificates: Adobe.PubSec).
  if (name === 'PasswordException' || /encryption|crypt/i.test(message)) return pdfErrors.encrypted(file);
  if (name === 'MemoryLimit') return pdfErrors.outOfMemory(file, limits.maxMemoryMb);
  // A stream unpacked past what an array may hold.
  if (name === 'RangeError' && /allocation failed|invalid array length|invalid typed array length/i.test(message)) return pdfErrors.outOfMemory(file, limits.maxMemoryMb);
  return pdfErrors.malformed(file, message.replace(/\.$/, ''));
}
