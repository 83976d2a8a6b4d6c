/** The lengths a summary comes in, as /summary and the command line take them. */
import { PapercordError } from '../errors.js';

export const SUMMARY_LENGTHS = ['short', 'medium', 'long'] as const;
export type SummaryLength = (typeof SUMMARY_LENGTHS)[number];

export function isSummaryLength(x: unknown): x is SummaryLength {
  return (SUMMARY_LENGTHS as readonly unknown[]).includes(x);
}

/** A length as typed, in any case ("SHORT"); a BAD_INPUT error that quotes it otherwise. */
export function parseSummaryLength(given: string, hint?: string): SummaryLength {
  const length = given.toLowerCase();
  if (!isSummaryLength(length)) throw new PapercordError('BAD_INPUT', `--length must be short, medium or long, not "${given}".`, hint);
  return length;
}
