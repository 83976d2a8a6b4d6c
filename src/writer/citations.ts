/**
 * What happens to a model's text before anyone trusts it: reasoning blocks are removed, the
 * [n] citations are checked against the sources the model was actually given, invented ones
 * are dropped (with the sentences that rest on them alone), and the rest are renumbered 1, 2,
 * ... in order of first use, so that the sources list the user sees starts with exactly the
 * papers the answer relies on. Its links are shown as the addresses they go to.
 */
import { citationFor, numbersAsCited } from '../answer/sources.js';
import { markdownLiteral } from '../corpus/text.js';
import { splitSentences } from '../text/sentences.js';
import type { Citation, Source } from '../types.js';

const THINK_BLOCK = /<(think|thinking|reasoning)>[\s\S]*?<\/\1>/gi;
const THINK_OPEN = /<(think|thinking|reasoning)>/i;
const THINK_CLOSE = /<\/(think|thinking|reasoning)>/i;

/**
 * Removes reasoning blocks, including one left open (a model cut off while thinking) and a
 * closing tag without its opening one (some templates put `<think>` in the prompt).
 */
export function stripThinking(text: string): string {
  let out = text.replace(THINK_BLOCK, '');
  const close = THINK_CLOSE.exec(out);
  if (close && !THINK_OPEN.test(out.slice(0, close.index))) out = out.slice(close.index + close[0].length);
  const open = THINK_OPEN.exec(out);
  if (open) out = out.slice(0, open.index);
  return out.trim();
}

/**
 * The part of a stream that can be shown so far: like stripThinking, but a tag that may still
 * be arriving ("<thi") is held back rather than shown and then taken away.
 */
export function visibleSoFar(raw: string): string {
  const lt = raw.lastIndexOf('<');
  let text = raw;
  if (lt >= 0 && !raw.includes('>', lt)) {
    const tail = raw.slice(lt).toLowerCase();
    if (['<think>', '<thinking>', '<reasoning>', '</think>', '</thinking>', '</reasoning>'].some((t) => t.startsWith(tail))) text = raw.slice(0, lt);
  }
  return stripThinking(text);
}

/** A citation group: "[3]", "[1, 2]", "[1; 4]", "[2-4]". */
const GROUP = /\[\s*(\d{1,3}(?:\s*(?:[,;]|[-–])\s*\d{1,3})*)\s*\]/g;

/** A text with its citation groups (see GROUP) blanked out. */
export function withoutCitationGroups(text: string): string {
  return text.replace(GROUP, ' ');
}

function groupNumbers(inner: string): number[] {
  const out: number[] = [];
  for (const part of inner.split(/[,;]/)) {
    const range = /^\s*(\d+)\s*[-–]\s*(\d+)\s*$/.exec(part);
    if (range) {
      const [a, b] = [Number(range[1]), Number(range[2])];
      // A long "range" is more likely a year span or a typo than a list of sources.
      if (b >= a && b - a < 10) for (let n = a; n <= b; n++) out.push(n);
      else out.push(a, b);
    } else out.push(Number(part.trim()));
  }
  return out;
}

/** The numbers cited in a text, in order of first appearance. */
export function parseCitations(text: string): number[] {
  const seen: number[] = [];
  for (const m of text.matchAll(GROUP)) for (const n of groupNumbers(m[1]!)) if (!seen.includes(n)) seen.push(n);
  return seen;
}

export interface Grounded {
  /** The text with invalid citations removed and valid ones renumbered. */
  text: string;
  /** Every source, cited ones first with their new numbers, then the rest in their old order. */
  sources: Source[];
  /** One per cited source, numbered as in `text`. */
  citations: Citation[];
  /** Numbers the model cited that were not among the sources it was given. */
  invalid: number[];
  /** Sentences left out because every source they cited was one the model was not given. */
  dropped: number;
}

/** A line's list, heading or quote marker ("- ", "2. ", "## ", "> "), kept when its first sentence is left out. */
export const LINE_MARKER = /^\s*(?:(?:[-*+]|\d{1,3}[.)]|#{1,6}|>)\s+)*/;
/** Citation groups a sentence opens with: they belong to the sentence before ("It beats GPT-5. [7] See also ..."). */
const LEADING_GROUPS = new RegExp(`^(?:${GROUP.source}\\s*)+`);

/** The sentences of one line, each with the citation groups that follow its full stop ("It beats GPT-5. [7]"). */
function citedSentences(line: string): string[] {
  const sentences: string[] = [];
  for (const { text: sentence } of splitSentences(line)) {
    const lead = sentences.length ? (LEADING_GROUPS.exec(sentence)?.[0] ?? '') : '';
    if (lead) sentences[sentences.length - 1] += ` ${lead.trim()}`;
    const rest = sentence.slice(lead.length).trim();
    if (rest) sentences.push(rest);
  }
  return sentences;
}

/** A line's list, heading or quote marker and its sentences, each with the citations that belong to it. */
export function lineSentences(line: string): { marker: string; sentences: string[] } {
  const marker = LINE_MARKER.exec(line)![0];
  return { marker, sentences: citedSentences(line.slice(marker.length)) };
}

/** The sentences of a model's text, line by line, each with the citations that belong to it, list and heading markers left out. */
export function sentencesWithCitations(text: string): string[] {
  return text.split('\n').flatMap((line) => lineSentences(line).sentences);
}

/**
 * The text without the sentences `drop` picks, each read with the citations that belong to it; a
 * line's marker stays with what is left of it, and a line left with nothing goes.
 */
export function withoutSentences(text: string, drop: (sentence: string) => boolean): { text: string; dropped: number } {
  let dropped = 0;
  const lines: string[] = [];
  for (const line of text.split('\n')) {
    const { marker, sentences } = lineSentences(line);
    if (!sentences.length) {
      lines.push(line);
      continue;
    }
    const kept = sentences.filter((sentence) => !drop(sentence));
    dropped += sentences.length - kept.length;
    if (kept.length === sentences.length) lines.push(line);
    else if (kept.length) lines.push(marker + kept.join(' '));
  }
  // A line left out between two paragraphs leaves one blank line, not two.
  return { text: lines.join('\n').replace(/\n[ \t]*\n(?:[ \t]*\n)+/g, '\n\n'), dropped };
}

/**
 * The text without the sentences whose citations are all invalid: their claims were checked
 * against nothing the model read, and what is left of one once its citations go ("See also.")
 * says nothing. A sentence with no citation at all (a connective, a heading) stays, and so does
 * one citing a valid source as well as an invalid one.
 */
function withoutUngroundedSentences(text: string, valid: (n: number) => boolean): { text: string; dropped: number } {
  return withoutSentences(text, (sentence) => {
    const cited = parseCitations(sentence);
    return cited.length > 0 && !cited.some(valid);
  });
}

/**
 * Checks and renumbers the citations of `text`. `supplied` are the numbers of the sources that
 * were in the prompt (a source dropped to fit the context cannot be cited); `sources` is every
 * source the user may see.
 */
export function groundCitations(text: string, sources: Source[], supplied: Iterable<number> = sources.map((s) => s.n)): Grounded {
  const allowed = new Set(supplied);
  const byNumber = new Map(sources.map((s) => [s.n, s]));
  const cited = parseCitations(text);
  const valid = cited.filter((n) => allowed.has(n) && byNumber.has(n));
  const invalid = cited.filter((n) => !valid.includes(n));
  // Numbered as an extractive answer's are: those cited 1, 2, 3 in order of first use, then the rest.
  const number = numbersAsCited(sources, valid);
  const renumber = new Map(valid.map((n) => [n, number.get(n)!]));
  const grounded = invalid.length ? withoutUngroundedSentences(text, (n) => renumber.has(n)) : { text, dropped: 0 };

  const replaced = withCitationRunsJoined(grounded.text, (n) => renumber.has(n)).replace(new RegExp(`\\s*${GROUP.source}`, 'g'), (whole, inner: string) => {
    const nums = [...new Set(groupNumbers(inner).filter((n) => renumber.has(n)).map((n) => renumber.get(n)!))].sort((a, b) => a - b);
    if (nums.length === 0) return '';
    const lead = /^\s*/.exec(whole)![0];
    return `${lead || ''}[${nums.join(', ')}]`;
  });
  const cleaned = replaced.replace(/[ \t]+([.,;:!?])/g, '$1').replace(/[ \t]{2,}/g, ' ').trim();

  const citedSources = valid.map((n) => ({ ...byNumber.get(n)!, n: number.get(n)! }));
  const rest = sources.filter((s) => !renumber.has(s.n)).map((s) => ({ ...s, n: number.get(s.n)! }));
  return { text: cleaned, sources: [...citedSources, ...rest], citations: citedSources.map((s) => citationFor(s)), invalid, dropped: grounded.dropped };
}

/** Citation groups one after the other, bare or joined by a comma, "and", "or" or "&": "[1][2] and [1, 3]". */
const CITATION_RUN = new RegExp(`${GROUP.source}(?:\\s*(?:,|and|or|&)?\\s*${GROUP.source})+`, 'g');

/**
 * A run of citation groups as one group ("[1][2] and [1, 3]" is "[1, 2, 1, 3]") when it cites an
 * invalid source or one source twice: once those go, it would read "[1] and [1]". A run citing
 * each valid source once reads as the model wrote it ("[1] and [2]").
 */
function withCitationRunsJoined(text: string, valid: (n: number) => boolean): string {
  return text.replace(CITATION_RUN, (run) => {
    const numbers = [...run.matchAll(GROUP)].flatMap((m) => groupNumbers(m[1]!));
    return numbers.every(valid) && new Set(numbers).size === numbers.length ? run : `[${numbers.join(', ')}]`;
  });
}

/** A Markdown link, "[text](url)" or "[text](<url> "title")", which Discord shows as its text alone. */
const MASKED_LINK = /\[([^[\]\n]*)\]\(\s*(<[^<>\n]*>|[^()\s]*(?:\([^()\s]*\)[^()\s]*)*)(?:\s+(?:"[^"\n]*"|'[^'\n]*'))?\s*\)/g;

/**
 * The model's links as plain text, as an abstract's are quoted: "[click](https://x)" would show
 * "click" and hide where it goes; with its brackets escaped it reads as written, the address in view.
 */
export function plainLinks(text: string): string {
  return text.replace(MASKED_LINK, (_, label: string, target: string) => `${markdownLiteral(`[${label}]`)}(${target})`);
}

