// @ts-check
/**
 * A cap on the array buffers of the thread that reads a PDF. The thread's heap limit does not
 * cover them, and they are where pdf.js unpacks streams, so where a decompression bomb lands.
 * They are counted before each large array is made (pdf.js decodes a stream into one array
 * that it doubles as it goes) and every few milliseconds while the thread waits for the zlib
 * that unpacks content streams in chunks.
 */
import v8 from 'node:v8';

/** Smaller arrays are not checked: they are many, and cannot hold a bomb's output alone. */
const CHECKED_BYTES = 2 ** 20;
const SAMPLE_MS = 20;

/**
 * Calls `exceeded` once when the thread's array buffers would pass `maxMemoryMb`, and from then
 * on refuses to make large arrays. pdf.js may catch that error and go on without the stream,
 * so the caller is told at once rather than by the error.
 * @param {number} maxMemoryMb
 * @param {() => void} exceeded
 */
export function capArrayBuffers(maxMemoryMb, exceeded) {
  const budget = maxMemoryMb * 2 ** 20;
  const overBudget = (extra = 0) => v8.getHeapStatistics().external_memory + extra > budget;
  let stopped = false;
  const stop = () => {
    if (!stopped) exceeded();
    stopped = true;
    return new RangeError(`more than ${maxMemoryMb} MB of unpacked data`);
  };
  const NativeUint8Array = Uint8Array;
  class BudgetedUint8Array extends NativeUint8Array {
    /** @param {any[]} args */
    constructor(...args) {
      if (typeof args[0] === 'number' && args[0] >= CHECKED_BYTES && (stopped || overBudget(args[0]))) throw stop();
      // @ts-expect-error: Uint8Array's own arguments, passed on as they came.
      super(...args);
    }

    /** Arrays made before the cap (the PDF's bytes, Node's own) are Uint8Arrays all the same. @param {unknown} value */
    static [Symbol.hasInstance](value) {
      return value instanceof NativeUint8Array;
    }
  }
  globalThis.Uint8Array = BudgetedUint8Array;
  setInterval(() => {
    if (!stopped && overBudget()) stop();
  }, SAMPLE_MS).unref();
}
