import { PapercordError } from './errors.js';

/**
 * A whole-number option (--count, --page) as the command line and the console both read it: a
 * value that is not a whole number in range is an error that says what to type, never quietly
 * another number. `max` is left out where a larger value has a sensible meaning (the last page).
 */
export function parseWholeNumber(option: string, given: string, range: { min: number; max?: number }, hint?: string): number {
  const n = /^\s*\d+\s*$/.test(given) ? Number(given) : NaN;
  if (Number.isSafeInteger(n) && n >= range.min && (range.max === undefined || n <= range.max)) return n;
  const allowed = range.max === undefined ? `of at least ${range.min}` : `from ${range.min} to ${range.max}`;
  throw new PapercordError('BAD_INPUT', `--${option} must be a whole number ${allowed}, not "${given}".`, hint);
}

/** How many related papers --count may ask for. */
export const RELATED_COUNT = { min: 1, max: 10 };
