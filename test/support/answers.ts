/** Readings of answers and papers that several tests check against, made apart from the code under test. */
import type { Paper } from '../../src/corpus/paper.js';
import type { PapercordService } from '../../src/service.js';
import type { Turn } from '../../src/types.js';
import { stem, words } from '../../src/text/terms.js';

/** The papers an answer cites, each once, in the order first cited. */
export const citedPapers = (a: { citations: { paperId: string }[] }): string[] => [...new Set(a.citations.map((c) => c.paperId))];

/** The papers that write a word: a plain pattern over title and abstract. */
export const papersWriting = (papers: readonly Paper[], word: RegExp): Paper[] => papers.filter((p) => word.test(`${p.title}\n${p.abstract}`));

/** Every stem a text writes, a hyphenated word's parts too. */
export const stemsOf = (text: string): Set<string> => new Set(words(text).flatMap((w) => [w, ...w.split('-')]).map(stem));

/**
 * The quoted terms of a related paper's reason built from shared terms ('Both abstracts use the
 * key terms "spatial audio" and "microphone".'), with which of its two forms it takes; undefined
 * for any other sentence. Every term is quoted, so any word reads as English: "discuss
 * uncertainty-aware" did not.
 */
export function reasonTerms(reason: string): { from: 'paper' | 'topic'; terms: string[] } | undefined {
  const m = /^(?:(Both abstracts use the key)|Its abstract uses your query's) terms? ((?:"[^"]+"(?:, | and )?)+)\.$/.exec(reason);
  if (!m) return undefined;
  return { from: m[1] ? 'paper' : 'topic', terms: [...m[2]!.matchAll(/"([^"]+)"/g)].map((t) => t[1]!) };
}

/** Asks each question in turn with the turns before it, as a reply chain does; returns the history and the last answer. */
export async function converse(service: PapercordService, ...questions: string[]) {
  const history: Turn[] = [];
  let answer = await service.ask(questions[0]!, { useModel: false });
  for (const q of questions.slice(1)) {
    history.push({ question: answer.question, answer: answer.answer });
    answer = await service.ask(q, { useModel: false, history: [...history] });
  }
  return { history, answer };
}
