import { promises as fs } from 'node:fs';
import path from 'node:path';

/** What a blind reader labelled a turn as (see data/eval/blind/README.md). */
export type BlindTurnType = 'single' | 'list' | 'compare' | 'summary' | 'related' | 'meta' | 'offtopic' | 'unanswerable';

const TURN_TYPES: readonly BlindTurnType[] = ['single', 'list', 'compare', 'summary', 'related', 'meta', 'offtopic', 'unanswerable'];

export interface BlindTurn {
  question: string;
  answerable: boolean;
  type: BlindTurnType;
  /** The papers an answer must be about; for a list or a comparison, every paper that belongs. */
  papers: string[];
  /** For a related-work request: the papers a reader would list. */
  related: string[];
  /** Sentences of the abstracts that answer it, verbatim (TeX and all). */
  sentences: string[];
}

/** One question as a user asks it: a single turn, or a conversation of several. */
export interface BlindQuestion {
  id: string;
  category: string;
  turns: BlindTurn[];
}

/** A blind set and the corpus its labels refer to. A holdout is scored into aggregates only. */
export interface BlindSetSpec {
  name: string;
  file: string;
  corpus: string[];
  holdout: boolean;
}

/** The committed sets, in the order the table shows them: each corpus's dev set, then its holdout. */
export function blindSets(root: string): BlindSetSpec[] {
  const at = (name: string) => path.join(root, 'data/eval/blind', `${name}.jsonl`);
  return [
    { name: 'dev-19', file: at('dev-19'), corpus: ['icml2026'], holdout: false },
    { name: 'holdout-19', file: at('holdout-19'), corpus: ['icml2026'], holdout: true },
    { name: 'dev-306', file: at('dev-306'), corpus: ['icml2026', 'pmlr-v306'], holdout: false },
    { name: 'holdout-306', file: at('holdout-306'), corpus: ['icml2026', 'pmlr-v306'], holdout: true },
  ];
}

const isIdList = (x: unknown): x is string[] => Array.isArray(x) && x.every((id) => typeof id === 'string' && id.length > 0);

/** A turn as typed, or undefined when a field is missing or of the wrong shape; `related` may be left out. */
function blindTurn(raw: unknown): BlindTurn | undefined {
  if (typeof raw !== 'object' || raw === null) return undefined;
  const t = raw as Record<string, unknown>;
  const related = t.related ?? [];
  if (typeof t.question !== 'string' || !t.question.trim() || typeof t.answerable !== 'boolean') return undefined;
  if (!TURN_TYPES.includes(t.type as BlindTurnType) || !isIdList(t.papers) || !isIdList(related)) return undefined;
  if (!Array.isArray(t.sentences) || !t.sentences.every((s) => typeof s === 'string' && s.trim())) return undefined;
  return { question: t.question, answerable: t.answerable, type: t.type as BlindTurnType, papers: t.papers, related, sentences: t.sentences as string[] };
}

/**
 * Reads a blind set. An error names the file and line only: a holdout's questions must not reach
 * the screen, not even through a message about a malformed one.
 */
export async function loadBlindSet(file: string): Promise<BlindQuestion[]> {
  const out: BlindQuestion[] = [];
  for (const [i, line] of (await fs.readFile(file, 'utf8')).split('\n').entries()) {
    if (!line.trim()) continue;
    const bad = () => new Error(`${path.basename(file)} line ${i + 1}: not a valid blind question`);
    let raw: { id?: unknown; category?: unknown; turns?: unknown };
    try {
      raw = JSON.parse(line) as typeof raw;
    } catch {
      throw bad();
    }
    const turns = Array.isArray(raw.turns) ? raw.turns.map(blindTurn) : [];
    if (typeof raw.id !== 'string' || !raw.id || typeof raw.category !== 'string' || !turns.length || turns.some((t) => !t)) throw bad();
    out.push({ id: raw.id, category: raw.category, turns: turns as BlindTurn[] });
  }
  return out;
}
