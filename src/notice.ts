import type { Notice } from './types.js';

/**
 * A notice as one text, for whoever runs papercord (the command line, the console, JSON, the
 * log): what happened, then the operator's detail and fix.
 */
export function noticeText(n: Notice): string {
  return n.forOperator ? `${n.said} ${n.forOperator}` : n.said;
}

/**
 * Several notices as one, each part kept on its side: what members may read stays apart from what
 * only the operator should. The parts are kept too, for a reader that shows only those it has not
 * shown yet (see noticeParts).
 */
export function joinNotices(...notices: (Notice | undefined)[]): Notice | undefined {
  const given = notices.filter((n): n is Notice => !!n && !!n.said).flatMap(noticeParts);
  if (given.length === 0) return undefined;
  const forOperator = given.map((n) => n.forOperator).filter(Boolean).join(' ');
  return { said: given.map((n) => n.said).join(' '), ...(forOperator ? { forOperator } : {}), ...(given.length > 1 ? { parts: given } : {}) };
}

/** The notices a notice was joined from, or the notice itself. */
export function noticeParts(n: Notice): Notice[] {
  return n.parts ?? [n];
}

/** A result for programs (`--json`): its notice one string, as it always was. */
export function withNoticeText<T extends { notice?: Notice }>(result: T): Omit<T, 'notice'> & { notice?: string } {
  const { notice, ...rest } = result;
  return notice ? { ...rest, notice: noticeText(notice) } : rest;
}
