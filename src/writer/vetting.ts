/**
 * A model's reply judged sentence by sentence, the same way while it streams and once it is
 * done: a sentence is shown only once it is complete and has passed (its citations name sources
 * the model was given, what it states is in them, it draws on what it cites). People read a
 * progress message as they read an answer, so a sentence that fails is never shown, and one that
 * cites nothing (a heading, a lead-in) waits for a sentence after it that cites and passes.
 */
import { readsAsOtherLanguage } from '../text/language.js';
import type { Source } from '../types.js';
import { lineSentences, parseCitations, withoutCitationGroups, withoutSentences } from './citations.js';
import { DrawnCheck } from './drawn.js';
import { StatementCheck } from './grounding.js';

export type Verdict =
  | { kind: 'pass'; cited: boolean }
  /** Every number it cites names a source the model was not given (groundCitations leaves it out). */
  | { kind: 'invalid-citation' }
  | { kind: 'unsupported'; stated: string[] }
  | { kind: 'undrawn' }
  | { kind: 'other-language' };

export interface VetContext {
  sources: readonly Source[];
  /** The numbers of the sources in the prompt. */
  supplied: Iterable<number>;
  /** The question and the turn before: what a sentence may take from them. */
  context: readonly string[];
  /** Whether the sources are in another language than English (then so may the reply be). */
  sourcesInOtherLanguage?: boolean;
}

/** The checks of one reply's sentences, each judged once however often the stream shows it. */
export class SentenceVetter {
  private readonly supplied: ReadonlySet<number>;
  private readonly statements: StatementCheck;
  private readonly drawn: DrawnCheck;
  private readonly verdicts = new Map<string, Verdict>();

  constructor(private readonly ctx: VetContext) {
    this.supplied = new Set(ctx.supplied);
    this.statements = new StatementCheck(ctx.sources, this.supplied, ctx.context);
    this.drawn = new DrawnCheck(ctx.sources, this.supplied, ctx.context);
  }

  verdict(sentence: string): Verdict {
    let v = this.verdicts.get(sentence);
    if (!v) {
      v = this.judge(sentence);
      this.verdicts.set(sentence, v);
    }
    return v;
  }

  private judge(sentence: string): Verdict {
    const cited = parseCitations(sentence);
    if (cited.length && !cited.some((n) => this.supplied.has(n))) return { kind: 'invalid-citation' };
    if (!this.ctx.sourcesInOtherLanguage && readsAsOtherLanguage(withoutCitationGroups(sentence))) return { kind: 'other-language' };
    const stated = this.statements.unsupported(sentence);
    if (stated.length) return { kind: 'unsupported', stated };
    if (this.drawn.undrawn(sentence)) return { kind: 'undrawn' };
    return { kind: 'pass', cited: cited.length > 0 };
  }
}

/** Words of a sentence, its citations left out: what "how much of the reply" counts. */
function wordCount(sentence: string): number {
  return withoutCitationGroups(sentence).split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length;
}

export interface Unsupported {
  /** The reply without its sentences that state what the sources do not. */
  text: string;
  /** How many sentences were left out, and what they stated, each once, in order. */
  dropped: number;
  stated: string[];
  /** Less than half the reply's words are left, or no sentence that cites: what is left no longer answers. */
  littleLeft: boolean;
}

/**
 * The reply without its unsupported sentences, and whether what is left still answers: a
 * grounded answer that lost one sentence to an invented figure keeps the rest (with a notice),
 * as one that lost a sentence to an invalid citation does; one that lost most is replaced.
 * Sentences whose citations are all invalid are counted as gone already (see groundCitations).
 */
export function withoutUnsupported(text: string, vetter: SentenceVetter): Unsupported {
  let total = 0;
  let kept = 0;
  let keptCited = 0;
  const stated: string[] = [];
  const out = withoutSentences(text, (sentence) => {
    const v = vetter.verdict(sentence);
    if (v.kind === 'invalid-citation') return false;
    const words = wordCount(sentence);
    total += words;
    if (v.kind === 'unsupported') {
      for (const s of v.stated) if (!stated.includes(s)) stated.push(s);
      return true;
    }
    kept += words;
    if (parseCitations(sentence).length) keptCited++;
    return false;
  });
  return { text: out.dropped ? out.text.trim() : text, dropped: out.dropped, stated, littleLeft: keptCited === 0 || kept * 2 < total };
}

/** A sentence just begun with a citation of another style or a bracket ("[", "(Sou"): the one before may yet take it. */
const CITATION_BEGUN = /^[[(【][^\])】]*$/;

/**
 * What of a reply streamed so far may be shown: the complete sentences that pass, in order, each
 * line with its marker; a sentence citing nothing once one after it cites and passes. `done`: the
 * stream has ended, so its last sentence is complete too. The text is the reply as written
 * (thinking removed, citations read as [n]); the caller renders it and leaves repeats out.
 */
export function vettedSoFar(text: string, vetter: SentenceVetter, done: boolean): string {
  const lines = text.split('\n');
  const open = !done && !text.endsWith('\n');
  const shown = new Map<number, { marker: string; sentences: string[] }>();
  let pending: { line: number; marker: string; sentence: string }[] = [];
  const show = (line: number, marker: string, sentence: string) => {
    const entry = shown.get(line) ?? { marker, sentences: [] };
    entry.sentences.push(sentence);
    shown.set(line, entry);
  };
  lines.forEach((line, i) => {
    const { marker, sentences } = lineSentences(line);
    const complete = [...sentences];
    if (open && i === lines.length - 1) {
      const last = complete.pop();
      if (last !== undefined && CITATION_BEGUN.test(last)) complete.pop();
    }
    for (const sentence of complete) {
      const v = vetter.verdict(sentence);
      if (v.kind !== 'pass') continue;
      if (!v.cited) {
        pending.push({ line: i, marker, sentence });
        continue;
      }
      for (const p of pending) show(p.line, p.marker, p.sentence);
      pending = [];
      show(i, marker, sentence);
    }
  });
  if (!shown.size) return '';
  const last = Math.max(...shown.keys());
  const out: string[] = [];
  for (let i = 0; i <= last; i++) {
    const entry = shown.get(i);
    if (entry) out.push(entry.marker + entry.sentences.join(' '));
    else if (!lines[i]!.trim() && out.length) out.push('');
  }
  return out.join('\n').replace(/\n{3,}/g, '\n\n').trim();
}
