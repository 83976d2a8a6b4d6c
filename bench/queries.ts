/** Benchmark questions: the labeled eval questions, then generated ones drawn from the indexed papers. */
import type { Paper } from '../src/corpus/paper.js';
import { splitSentences } from '../src/text/sentences.js';
import { shortName } from '../src/corpus/paper.js';
import { isStopword, terms, words } from '../src/text/terms.js';
import { Prng } from './prng.js';

/**
 * `count` questions, the same for the same papers and seed: the eval questions first (they
 * are real questions; on a synthetic corpus most are refused, which is work too), then a mix
 * of questions naming a paper, phrases from an abstract and keyword queries.
 */
export function benchQueries(papers: Paper[], evalQuestions: string[], count: number, seed: number): string[] {
  const rng = new Prng(seed);
  const out = evalQuestions.slice(0, count);
  while (out.length < count) {
    const p = rng.pick(papers);
    const kind = rng.int(3);
    if (kind === 0) {
      const name = shortName(p.title) || p.title.split(/\s+/).slice(0, 3 + rng.int(4)).join(' ');
      out.push(rng.chance(0.5) ? `What does ${name} do?` : `How is ${name} evaluated?`);
    } else if (kind === 1) {
      const sentences = splitSentences(p.abstract);
      const w = words(rng.pick(sentences).text);
      const start = rng.int(Math.max(1, w.length - 6));
      out.push(`${rng.chance(0.5) ? 'Which papers discuss' : 'What is known about'} ${w.slice(start, start + 6 + rng.int(9)).join(' ')}?`);
    } else {
      const t = [...new Set(words(p.abstract).filter((w) => w.length >= 4 && terms(w).length > 0))];
      out.push(Array.from({ length: 2 + rng.int(3) }, () => rng.pick(t)).join(' '));
    }
  }
  return out;
}

/**
 * `count` topics as typed to /related ("spatial audio", "robot policy learning"), the same for the
 * same papers and seed: two to four consecutive words of an abstract's sentence, without a
 * stopword at either end, so each is a phrase some paper writes.
 */
export function benchTopics(papers: Paper[], count: number, seed: number): string[] {
  const rng = new Prng(seed);
  const out: string[] = [];
  while (out.length < count) {
    const w = words(rng.pick(splitSentences(rng.pick(papers).abstract)).text);
    const start = rng.int(Math.max(1, w.length - 4));
    const phrase = w.slice(start, start + 2 + rng.int(3));
    while (phrase.length && isStopword(phrase[0]!)) phrase.shift();
    while (phrase.length && isStopword(phrase.at(-1)!)) phrase.pop();
    if (phrase.length >= 2) out.push(phrase.join(' '));
  }
  return out;
}
