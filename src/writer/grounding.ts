/**
 * Whether what a model's answer states is in what it read. Citations say which source a claim
 * rests on; they do not say the claim is there. A small model citing [1] for "published at
 * NeurIPS 2019 by Yann LeCun, 99% on ImageNet" invents all four. Checking meaning is beyond a
 * cheap, repeatable test, but the facts a reader is most likely to take away and repeat are the
 * figures and the names, and those can be looked up:
 *
 * - every number of a sentence (30.4%, 1,000, 2.5x, 2019) must be in a source the sentence
 *   cites (in any source given, for a sentence that cites none), in the title of any source
 *   given, or in the question;
 * - every name (see written-names.ts: a word with a capital inside or with digits, an acronym,
 *   a capitalised word that is no English word, a model family's or an organisation's, "Llama",
 *   "Google", capitalised words in a row, "Hugging Face") must be in some source given, or in
 *   the question: a comparison names the other paper in a sentence that cites only one. A
 *   number after a model's name is its version, and is looked up with it as written.
 *
 * And an answer must draw on what it cites at all (see drawn.ts): a reply that cites [1] for
 * boilerplate or a prompt leak states no figure or name to catch.
 *
 * "The same number" allows for how it is written ("30.4 %", "30.4 percent", "1k", "three") and
 * for rounding ("30%", "about 50%" of 48.2%), not a version ("Qwen 3" is not "Qwen2.5"); "the
 * same name" for case, hyphens, spaces, a plural, a name cut before what follows it ("LLaMA-3.1"
 * of "LLaMA-3.1-8B"), an acronym the source spells out ("reinforcement learning" for RL), a host
 * of a link ("GitHub" of github.com) and a venue's year written short ("NeurIPS 2020" of NeurIPS'20).
 */
import { byline } from '../corpus/paper.js';
import type { Source } from '../types.js';
import { parseCitations, sentencesWithCitations, withoutCitationGroups } from './citations.js';
import { Evidence, numbersIn } from './evidence.js';
import { namesIn } from './written-names.js';
import { MODEL_FAMILIES } from '../lexicon/model-families.js';

/** What an answer states that its sources do not, as the answer writes it, in order, each once. */
export function unsupportedStatements(text: string, sources: readonly Source[], supplied: ReadonlySet<number>, context: readonly string[]): string[] {
  const check = new StatementCheck(sources, supplied, context);
  return [...new Set(sentencesWithCitations(text).flatMap((sentence) => check.unsupported(sentence)))];
}

/** The sources a model was given, indexed once, to check its sentences one by one as they come. */
export class StatementCheck {
  private readonly evidenceOf: Map<number, Evidence>;
  private readonly anywhere: Evidence;
  /** A title may carry a number ("$\\pi_0$"), and a sentence may name that paper while citing another. */
  private readonly titles: Evidence;

  constructor(sources: readonly Source[], supplied: ReadonlySet<number>, context: readonly string[]) {
    const given = sources.filter((s) => supplied.has(s.n));
    this.evidenceOf = new Map(given.map((s) => [s.n, new Evidence([sourceText(s), ...context])]));
    this.anywhere = new Evidence([...given.map(sourceText), ...context]);
    this.titles = new Evidence(given.map((s) => s.title));
  }

  /** What one sentence (with the citations that belong to it) states that the sources do not, in order. */
  unsupported(sentence: string): string[] {
    const { evidenceOf, anywhere, titles } = this;
    const cited = parseCitations(sentence).filter((n) => evidenceOf.has(n));
    const bare = withoutCitations(sentence);
    const stated = (number: ReturnType<typeof numbersIn>[number]) => (cited.length ? cited.some((n) => evidenceOf.get(n)!.hasNumber(number)) || titles.hasNumber(number) : anywhere.hasNumber(number));
    const names = namesIn(bare, (word) => MODEL_FAMILIES.has(word) || anywhere.hasVersioned(word));
    // "Qwen 3" of "Qwen2.5" is another model, not 2.5 rounded: a version is looked up as written, with its name.
    const versions = new Set(names.filter((n) => n.bare).map((n) => n.start));
    const found: { text: string; start: number; end: number }[] = numbersIn(bare).filter((n) => !versions.has(n.start) && !stated(n));
    for (const name of names) {
      if (name.words) {
        if (!anywhere.hasPhrase(name.words)) found.push(name);
        continue;
      }
      if ((!name.bare && anywhere.hasName(name.text)) || (name.version && anywhere.hasName(name.version.text))) continue;
      const stated = name.version ?? name;
      // "Yann LeCun" is one statement, not two; "Qwen 3-VL" is one already.
      const last = found.at(-1);
      if (name.version && last?.start === stated.start) found[found.length - 1] = stated;
      else if (last && last.end <= stated.start && /^\s+$/.test(bare.slice(last.end, stated.start))) found[found.length - 1] = { text: `${last.text} ${stated.text}`, start: last.start, end: stated.end };
      else found.push(stated);
    }
    return [...new Set(found.sort((a, b) => a.start - b.start).map((f) => f.text))];
  }
}

/** A source as the model read it: title, paper id, byline (with year and venue), passage. */
export function sourceText(s: Source): string {
  return `${s.title} (paper id: ${s.paperId})\n${byline(s)}\n${s.text}`;
}

/**
 * A sentence without what numbers it but states nothing: citations, list markers, inline ones
 * too ("two steps: 1) estimate, 2) regulate"; "Step 1: …"), how a model names a source
 * ("According to Source 1", "paper 2"), and "TL;DR".
 */
function withoutCitations(sentence: string): string {
  return withoutCitationGroups(sentence)
    .replace(/\*\*|__|`/g, '')
    .replace(/^\s*\(?(?:\d{1,2}|[ivx]{1,4})[.)]\s+/i, '')
    .replace(/\((?:\d{1,2}|[ivx]{1,4})\)/gi, ' ')
    .replace(/(?<![\p{L}\p{N}.,'’])(?:\d{1,2}|[ivx]{1,4})\)(?=\s)/giu, ' ')
    .replace(/\b(?:sources?|papers?|passages?|abstracts?|steps?|stages?|points?|parts?)\s+(?:\d{1,3}(?:\s*(?:,|and|&)\s*\d{1,3})*)\b/gi, ' ')
    .replace(/\bTL;?DR\b/gi, ' ');
}
