/** What looking up one ref gives: the paper's fields, or a reason saying what happened and what to try. */
import type { PaperFields } from '../corpus/build.js';
import { formatMs, SERVICE_NAMES, type FetchFailure } from './http.js';

export type Origin = 'arxiv' | 'crossref' | 'openreview' | 'pmlr' | 'bibtex' | 'json' | 'pdf';

export interface Found {
  origin: Origin;
  fields: PaperFields;
  /** Where the record came from (a page, a file), as the paper's `source.file`. */
  from: string;
  doi?: string;
  /** The arXiv PDF under ARXIV_PDF_BASE, for full text. */
  pdfUrl?: string;
}

export type Outcome = { ok: true; found: Found } | { ok: false; reason: string };

export const miss = (reason: string): Outcome => ({ ok: false, reason });

/**
 * Why a request for `subject` ("arXiv id 2505.23727") gave nothing, and what to try; `notFound`
 * says what a 404 means for this service.
 */
export function failureReason(failure: FetchFailure, subject: string, notFound: string): string {
  const name = SERVICE_NAMES[failure.service];
  const { status, attempts, retryAfterMs } = failure.details;
  const tries = attempts && attempts > 1 ? ` after ${attempts} tries` : '';
  switch (failure.kind) {
    case 'not-found':
      return notFound;
    case 'rate-limited':
      return retryAfterMs !== undefined && (!attempts || attempts === 1)
        ? `${name} is rate-limiting papercord and asks it to wait ${formatWait(retryAfterMs)} before asking about ${subject}; try again then.`
        : `${name} is rate-limiting papercord (429${tries}), so ${subject} was not looked up; try again in a minute.`;
    case 'server-error':
      return `${name} answered ${status} (a server error${tries}) for ${subject}; the service may be down, try again later.`;
    case 'timeout':
      return `${name} did not answer within ${formatMs(failure.details.timeoutMs ?? 0)} for ${subject}; it may be slow or down, try again later.`;
    case 'network':
      return `could not reach ${name} for ${subject}${tries} (${failure.message.replace(/^could not reach \S+ /, '')}); try again later, or ask the operator to check ${baseSetting(failure)}.`;
    case 'too-large':
      return `${name}'s answer for ${subject} was too large to read (${failure.message.replace(/^.* larger than /, 'over ')}); not added.`;
    case 'outside-base':
      return `${subject} would be fetched from ${failure.url}, which is not under ${baseSetting(failure)}; not fetched.`;
    case 'aborted':
      return `looking up ${subject} was stopped before ${name} answered.`;
    case 'client-error':
      return `${name} refused the request for ${subject} (${status ?? failure.message}); check the ref and try again.`;
  }
}

/** The answer's body could not be read as the service's format. */
export function malformedReason(service: FetchFailure['service'], subject: string, detail: string): string {
  return `${SERVICE_NAMES[service]}'s answer for ${subject} could not be read (${detail}); it may be having trouble, try again later.`;
}

function baseSetting(failure: FetchFailure): string {
  return { arxiv: 'ARXIV_API_BASE', crossref: 'CROSSREF_API_BASE', openreview: 'OPENREVIEW_API_BASE', pmlr: 'PMLR_BASE' }[failure.service];
}

function formatWait(ms: number): string {
  if (ms < 60_000) return `${Math.ceil(ms / 1000)} s`;
  if (ms < 3_600_000) return `${Math.ceil(ms / 60_000)} min`;
  return `${Math.round(ms / 360_000) / 10} h`;
}
