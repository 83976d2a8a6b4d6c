import type { Paper } from '../corpus/paper.js';
import { escapeRegExp } from '../text/pattern.js';
import { isStopword, terms } from '../text/terms.js';

/** Abstracts read for an acronym's declarations: enough to see what a field's papers mean by it, few enough to be quick at any size. */
const DECLARING_PAPERS_READ = 40;
/** The longest acronym read as one ("RLHF", "RLVR"): a longer term in brackets is a name, not initials. */
const ACRONYM_LETTERS = 5;

/**
 * What the papers that write an acronym declare it to stand for, as terms ("rl": reinforc, learn):
 * "reinforcement learning (RL)" or "Reinforcement Learning from Human Feedback (RLHF)", the words
 * whose first letters spell it, small words passed over. Every expansion that the most papers
 * declare, or any other declared by two papers or more, with how many of the papers read declare it.
 */
export function declaredExpansions(acronym: string, writers: Iterable<Paper>): { terms: string[]; papers: number }[] {
  if (acronym.length > ACRONYM_LETTERS || !/^[a-z][a-z\d]+$/.test(acronym)) return [];
  const declared = new RegExp(`\\(\\s*${escapeRegExp(acronym)}s?\\s*\\)`, 'gi');
  const counts = new Map<string, number>();
  let read = 0;
  for (const paper of writers) {
    if (read++ === DECLARING_PAPERS_READ) break;
    const seen = new Set<string>();
    for (const m of paper.abstract.matchAll(declared)) {
      const spelled = spelledBefore(paper.abstract.slice(Math.max(0, m.index - 120), m.index), acronym);
      if (spelled && !seen.has(spelled)) {
        seen.add(spelled);
        counts.set(spelled, (counts.get(spelled) ?? 0) + 1);
      }
    }
  }
  const most = Math.max(0, ...counts.values());
  return [...counts].filter(([, n]) => n === most || n >= 2).map(([phrase, papers]) => ({ terms: phrase.split(' '), papers }));
}

/** The terms of the words that end `text` and spell `acronym` by their first letters, small words passed over; undefined when they do not. */
function spelledBefore(text: string, acronym: string): string | undefined {
  const ws = text.split(/[\s-]+/).filter(Boolean);
  let letter = acronym.length - 1;
  let from = ws.length;
  while (letter >= 0 && from > 0) {
    const w = ws[from - 1]!.replace(/[^\p{L}\p{N}]/gu, '');
    from--;
    if (!w) continue;
    const lower = w.toLowerCase();
    if (lower[0] === acronym[letter]) letter--;
    else if (!isStopword(lower)) return undefined;
  }
  if (letter >= 0) return undefined;
  const spelled = terms(ws.slice(from).join(' '), { parts: false });
  return spelled.length >= 2 ? spelled.join(' ') : undefined;
}

/** The acronym a phrase of several words would have ("reinforcement learning": rl), from its terms' first letters. */
export function initialsOf(phrase: readonly string[]): string | undefined {
  return phrase.length >= 2 && phrase.length <= ACRONYM_LETTERS ? phrase.map((t) => t[0]).join('') : undefined;
}
