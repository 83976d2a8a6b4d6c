/** The papers whose title or abstract writes a topic, found word for word, and the answer that counts and lists them. */
import type { Paper } from '../corpus/paper.js';
import { markdownLiteral, readableTex } from '../corpus/text.js';
import { ACRONYM, OWN_WORK } from '../lexicon/topics.js';
import { splitSentences } from '../text/sentences.js';
import { isStopword, terms, words } from '../text/terms.js';
import type { Source } from '../types.js';
import type { ExtractiveAnswer } from './extractive.js';
import { listedPaper, moreThanListed } from './listing.js';
import { citationFor } from './sources.js';
import { tldrIndexAmong } from './summary/sections.js';
import { type TopicAsked, acronymSingular, splittable } from './topics.js';

/** Which papers a count is among: all those indexed, those the answer before listed, or all those the count before it found. */
export type CountedAmong = 'indexed' | 'listed' | 'counted';

/** A paper that mentions a topic, with the sentence of its abstract that mentions most of it (none when only its title does). */
export interface TopicMention {
  paper: Paper;
  readonly sentence: string | undefined;
}

/**
 * A text as its words' terms in order, each with its parts ("audio-visual": audio-visual, audio,
 * visual), so that a phrase is found word by word; `split`, with each compound that stands for
 * its parts as those parts in a row ("fine-tuning": fine, tun). Each word's terms are worked out
 * once: a count over thousands of abstracts meets the same words again and again, and stemming
 * them each time was most of its cost (8 s for "video" at 100,000 papers).
 */
class TermRuns {
  private readonly whole = new Map<string, Set<string>[]>();
  private readonly split = new Map<string, Set<string>[]>();

  /** A text's run as written (`whole`) and with its compounds taken apart (`split`). */
  of(text: string): { whole: Set<string>[]; split: Set<string>[] } {
    const whole: Set<string>[] = [];
    const split: Set<string>[] = [];
    for (const w of words(text)) {
      for (const t of this.wholeTerms(w)) whole.push(t);
      for (const t of this.splitTerms(w)) split.push(t);
    }
    return { whole, split };
  }

  private wholeTerms(word: string): Set<string>[] {
    let run = this.whole.get(word);
    if (!run) {
      const ts = terms(word);
      run = ts.length ? [withSingulars(new Set(ts))] : [];
      this.whole.set(word, run);
    }
    return run;
  }

  private splitTerms(word: string): Set<string>[] {
    let run = this.split.get(word);
    if (!run) {
      run = splittable(word) ? word.split('-').flatMap((p) => (isStopword(p) ? [] : [withSingulars(new Set(terms(p)))])) : this.wholeTerms(word);
      this.split.set(word, run);
    }
    return run;
  }
}

/** Each term of a text's run as written and, for an acronym in the plural, in the singular. */
function withSingulars(terms: Set<string>): Set<string> {
  for (const t of terms) terms.add(acronymSingular(t));
  return terms;
}

/**
 * The papers that may write a topic, for a lookup in the index's postings: those that write every
 * word of one of each phrase's forms (see phraseForms), or of one phrase's for a topic of
 * alternatives ("video or audio"). `papersWritingAll` gives the papers that write all of some
 * terms; a phrase is looked up with its acronyms in the plural too, as the postings hold "llms"
 * apart from "llm".
 */
export function papersThatMayWrite(asked: TopicAsked, papersWritingAll: (terms: string[]) => ReadonlySet<string>): Set<string> {
  const plural = (t: string) => (ACRONYM.test(t) && /[a-z]/.test(t) ? `${t}s` : t);
  const writers = phraseForms(asked).map((forms) => {
    const lookups = forms.flatMap((phrase) => {
      const plurals = phrase.map(plural);
      return plurals.join(' ') === phrase.join(' ') ? [phrase] : [phrase, plurals];
    });
    return new Set(lookups.flatMap((phrase) => [...papersWritingAll(phrase)]));
  });
  if (asked.any) return new Set(writers.flatMap((w) => [...w]));
  // Every phrase is needed: a paper that writes "uncertainty" but not "language models" is not read.
  const [first = new Set<string>(), ...rest] = writers.sort((a, b) => a.size - b.size);
  return new Set([...first].filter((id) => rest.every((w) => w.has(id))));
}

/** The forms of a topic's phrases: as written, and with compounds taken apart (the same phrases when none differs). */
export function phraseForms(asked: TopicAsked): string[][][] {
  return asked.phrases.map((p, i) => {
    const split = asked.split?.[i];
    return [...(split && split.join(' ') !== p.join(' ') ? [p, split] : [p]), ...(asked.alternatives?.[i] ?? [])];
  });
}

/** How many times a phrase stands in a text: as written, with compounds taken apart in both, or as one of its alternatives, whichever finds more. */
function timesWritten(text: { whole: Set<string>[]; split: Set<string>[] }, phrase: readonly string[], split: readonly string[], alternatives: readonly string[][] = []): number {
  return Math.max(phraseCount(text.whole, phrase), phraseCount(text.split, split), ...alternatives.map((a) => phraseCount(text.whole, a)));
}

/** How many times a phrase's terms stand in a row in a text's terms. */
function phraseCount(run: readonly Set<string>[], phrase: readonly string[]): number {
  let n = 0;
  for (let i = 0; i + phrase.length <= run.length; i++) if (phrase.every((t, k) => run[i + k]!.has(t))) n++;
  return n;
}

/**
 * The papers whose title or abstract writes the topic, word for word in the project's own terms
 * (stems, so "videos" counts for "video"; a compound's parts, so "audio-visual" for "audio"; small
 * words skipped; a compound as its parts written apart, so "fine tuning" for "fine-tuning" and
 * back), each phrase within the title or one sentence: a count anyone can check by
 * reading the abstracts. Best first: those whose title holds more of the topic, then those whose
 * abstract writes it more often, then corpus order.
 */
export function topicMentions(papers: readonly Paper[], asked: TopicAsked): TopicMention[] {
  const count = new TopicCount(asked);
  papers.forEach((paper) => count.read(paper));
  return count.mentions();
}

/**
 * topicMentions, reading `slice` papers at a time and letting other work run between: at 100,000
 * papers a common topic has tens of thousands to read, seconds in which a bot would answer no one.
 */
export async function topicMentionsInSlices(papers: readonly Paper[], asked: TopicAsked, slice: number): Promise<TopicMention[]> {
  const count = new TopicCount(asked);
  for (let at = 0; at < papers.length; at += slice) {
    if (at > 0) await new Promise((resolve) => setImmediate(resolve));
    papers.slice(at, at + slice).forEach((paper) => count.read(paper));
  }
  return count.mentions();
}

/** The papers read so far that write a topic (see topicMentions). */
class TopicCount {
  private readonly found: { mention: TopicMention; inTitle: number; times: number; at: number }[] = [];
  private readonly runs = new TermRuns();
  private papersRead = 0;

  constructor(private readonly asked: TopicAsked) {}

  read(paper: Paper): void {
    const { asked, runs } = this;
    const at = this.papersRead++;
    const reading = topicReading(paper, asked, runs);
    if (!reading) return;
    let chosen: { sentence: string | undefined } | undefined;
    // Only the listed few are quoted: choosing each one's sentence cost more than the count itself, and holding every reading (or the
    // words' terms) till then, memory, as counts are kept for follow-ups.
    const mention = { paper, get sentence() { return (chosen ??= { sentence: mentioningSentence(paper, asked, topicReading(paper, asked, new TermRuns())!) }).sentence; } };
    this.found.push({ mention, inTitle: reading.inTitle, times: reading.times, at });
  }

  mentions(): TopicMention[] {
    return this.found.sort((a, b) => b.inTitle - a.inTitle || b.times - a.times || a.at - b.at).map((f) => f.mention);
  }
}

/** How a paper writes a topic: how many of its phrases its title holds, how often its abstract writes them, and in which sentences; undefined when it does not write enough of it. */
interface TopicReading {
  inTitle: number;
  times: number;
  sentences: { text: string; counts: number[] }[];
}

/** Whether `n` of a topic's phrases are enough: one of them for "video or audio", else all. */
function enoughOf(asked: TopicAsked, n: number): boolean {
  return asked.any ? n > 0 : n === asked.phrases.length;
}

function topicReading(paper: Paper, asked: TopicAsked, runs: TermRuns): TopicReading | undefined {
  const enough = (n: number) => enoughOf(asked, n);
  const split = (i: number) => asked.split?.[i] ?? asked.phrases[i]!;
  const alternatives = (i: number) => asked.alternatives?.[i] ?? [];
  const title = runs.of(paper.title);
  const inTitleOf = (p: string[], i: number) => timesWritten(title, p, split(i), alternatives(i)) > 0;
  const sentences = splitSentences(paper.abstract).map((s) => {
    const r = runs.of(s.text);
    return { text: s.text, counts: asked.phrases.map((p, i) => timesWritten(r, p, split(i), alternatives(i))) };
  });
  const written = asked.phrases.filter((p, i) => inTitleOf(p, i) || sentences.some((s) => s.counts[i]! > 0)).length;
  if (!enough(written)) return undefined;
  if (asked.proposed && !enough(asked.phrases.filter(inTitleOf).length) && !sentences.some((s) => OWN_WORK.test(s.text) && enough(s.counts.filter((c) => c > 0).length))) return undefined;
  const times = sentences.reduce((sum, s) => sum + s.counts.reduce((a, b) => a + b, 0), 0);
  return { inTitle: asked.phrases.filter(inTitleOf).length, times, sentences };
}

/** The sentence of a paper's abstract that writes most of the topic; none when its title writes more of it. */
function mentioningSentence(paper: Paper, asked: TopicAsked, { inTitle, sentences }: TopicReading): string | undefined {
  const phrasesIn = (counts: number[]) => counts.filter((c) => c > 0).length;
  const most = Math.max(0, ...sentences.map((s) => phrasesIn(s.counts)));
  const writesMost = (i: number) => most > 0 && phrasesIn(sentences[i]!.counts) === most;
  // Of the sentences that write as much of the topic, the one where the paper says what it does, not its field's background.
  const bestAt = tldrIndexAmong(sentences.map((s) => s.text), paper.title, writesMost) ?? sentences.findIndex((_, i) => writesMost(i));
  const best = sentences[bestAt];
  // A sentence that writes less of the topic than the title does says less of it: the title is what mentions it.
  return best && !(enoughOf(asked, inTitle) && phrasesIn(best.counts) < inTitle) ? best.text : undefined;
}

/**
 * "3 of the 19 indexed papers mention video:" and each one, cited, with the sentence that
 * mentions it; "None of the 19 indexed papers mentions video." `sources` are the listed papers'
 * abstracts, in the order of `mentions`. "Mention", not "are about": a paper that names a topic
 * once in passing counts. Among the papers before ("How many of them use diffusion?"), `among`
 * of them: "1 of the 4 papers listed mentions diffusion".
 */
export function topicCountAnswer(asked: TopicAsked, mentions: readonly TopicMention[], indexed: number, sources: readonly Source[], among: CountedAmong = 'indexed'): ExtractiveAnswer {
  const topic = markdownLiteral(asked.topic);
  const of = countedOf(indexed, among);
  const verb = asked.proposed ? 'propose' : 'mention';
  if (mentions.length === 0) return { answer: `None of ${of} ${verb}s ${topic}.`, citations: [] };
  return mentionsListAnswer(`${mentions.length} of ${of} ${mentions.length === 1 ? `${verb}s` : verb} ${topic}:`, mentions, sources);
}

/** "the 19 indexed papers", "the one indexed paper", "the 4 papers listed". */
export function countedOf(n: number, among: CountedAmong = 'indexed'): string {
  if (among === 'indexed') return n === 1 ? 'the one indexed paper' : `the ${n} indexed papers`;
  return n === 1 ? `the one paper ${among}` : `the ${n} papers ${among}`;
}

/** A count's head line, then each listed paper (`sources`) cited with its sentence, or said to be listed for its title. */
export function mentionsListAnswer(head: string, mentions: readonly TopicMention[], sources: readonly Source[]): ExtractiveAnswer {
  const mentionOf = new Map(mentions.map((m) => [m.paper.id, m]));
  const sentenceOf = (id: string) => mentionOf.get(id)?.sentence;
  const lines = sources.map((s) => {
    const sentence = sentenceOf(s.paperId);
    return sentence ? `${listedPaper(s)}: ${readableTex(sentence)}` : `${listedPaper(s)} (in its title)`;
  });
  const citations = sources.map((s) => citationFor(s, sentenceOf(s.paperId)));
  return { answer: [head, ...lines, ...moreThanListed(mentions.length, 'a narrower topic lists fewer')].join('\n'), citations };
}
