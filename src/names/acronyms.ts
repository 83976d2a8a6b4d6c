import type { Paper } from '../corpus/paper.js';
import { escapeRegExp } from '../text/pattern.js';
import { isStopword, terms } from '../text/terms.js';
import { ACRONYM_AS_TERM, ACRONYM_LETTERS, ACRONYM_OF_LETTERS, BRACKETED, CAPITALS, NOT_OF_A_NAME, PASSED_OVER, SENTENCE_BREAK } from '../lexicon/names.js';

/** Abstracts read for an acronym's declarations: enough to see what a field's papers mean by it, few enough to be quick at any size. */
const DECLARING_PAPERS_READ = 40;

/**
 * What the papers that write an acronym declare it to stand for, as terms ("rl": reinforc, learn):
 * "reinforcement learning (RL)" or "Reinforcement Learning from Human Feedback (RLHF)", the words
 * whose first letters spell it, small words passed over. Every expansion that the most papers
 * declare, or any other declared by two papers or more, with how many of the papers read declare it.
 */
export function declaredExpansions(acronym: string, writers: Iterable<Paper>): { terms: string[]; papers: number }[] {
  if (acronym.length > ACRONYM_LETTERS || !ACRONYM_AS_TERM.test(acronym)) return [];
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

/**
 * The words of a text whose first letters spell `acronym` ("rl": "reinforcement learning"), as
 * written: consecutive words, none of them a small word but those an expansion passes over
 * (PASSED_OVER, past the first two letters), and a name's words: no adverb or past participle,
 * and the first not a verb's "-s" ("reduces long"). Undefined when no words of the text do.
 */
export function phraseWithInitials(acronym: string, text: string): string | undefined {
  for (const { phrase } of phrasesWithInitials(acronym, text)) return phrase;
  return undefined;
}

/** A run of words of a text that phraseWithInitials would take, and how the text writes it. */
interface PhraseWithInitials {
  phrase: string;
  /** The word after it, in lower case ('' at the end). */
  next: string;
  /** Written as a name of its own: each word capitalised, not where a sentence starts, not after another capitalised word ("we use Bayesian Optimization"). */
  named: boolean;
  /** Given its acronym in brackets, alone or as the start or end of a longer one: "neural networks (PINNs)", "Reinforcement Learning with Verifiable Rewards (RLVR)". */
  declared: boolean;
  /** The end of a longer name: after a capitalised word ("Large Reasoning Models"), or its acronym in brackets longer at the front ("reasoning models (LRMs)"). */
  tail: boolean;
}

/** The capitals of each acronym a bracket holds, or [] for none: "RNNs/DNNs": RNN, DNN. */
function bracketedAcronyms(after: string): string[] {
  const inside = BRACKETED.exec(after)?.[1];
  return inside ? inside.split('/').map((a) => a.replace(/[^\p{Lu}]/gu, '')).filter((a) => a.length >= 2) : [];
}

/** Each run of words of a text that phraseWithInitials would take (see PhraseWithInitials). */
function* phrasesWithInitials(acronym: string, text: string): Generator<PhraseWithInitials> {
  const found = [...text.matchAll(/[\p{L}\p{N}]+/gu)];
  const ws = found.map((m) => m[0]);
  const capitalised = (w: string) => /^\p{Lu}/u.test(w);
  const upper = acronym.toUpperCase();
  for (let start = 0; start < ws.length; start++) {
    let letter = 0;
    let at = start;
    while (letter < acronym.length && at < ws.length) {
      const w = ws[at]!.toLowerCase();
      if (w[0] === acronym[letter] && !isStopword(w) && !NOT_OF_A_NAME.test(w) && !(letter === 0 && w.endsWith('s'))) letter++;
      else if (letter < 2 || !PASSED_OVER.has(w)) break;
      at++;
    }
    if (letter < acronym.length) continue;
    const words = ws.slice(start, at);
    const before = start > 0 ? ws[start - 1]! : '';
    const sentenceStart = start === 0 || SENTENCE_BREAK.test(text.slice(found[start - 1]!.index! + before.length, found[start]!.index));
    const afterBefore = before && capitalised(before) && !isStopword(before.toLowerCase());
    const lastEnd = found[at - 1]!.index! + ws[at - 1]!.length;
    const rightAfter = bracketedAcronyms(text.slice(lastEnd));
    // A bracket a few words on declares it as the start of a longer name when those words spell the rest.
    let headOf = false;
    for (let more = at, rest = ''; more < Math.min(ws.length, at + ACRONYM_LETTERS) && !headOf; more++) {
      const w = ws[more]!;
      if (!isStopword(w.toLowerCase())) rest += w[0]!.toUpperCase();
      headOf = bracketedAcronyms(text.slice(found[more]!.index! + w.length)).includes(upper + rest);
    }
    yield {
      phrase: words.join(' '),
      next: (ws[at] ?? '').toLowerCase(),
      named: !sentenceStart && !afterBefore && words.every((w) => PASSED_OVER.has(w) || capitalised(w)),
      declared: headOf || rightAfter.some((a) => a.endsWith(upper)),
      tail: (afterBefore && capitalised(words[0]!)) || rightAfter.some((a) => a.length > upper.length && a.endsWith(upper)),
    };
  }
}

/** Papers read for how a corpus spells out an acronym none of them writes: enough to see the field's usage, few enough to be quick at any size. */
const SPELLING_PAPERS_READ = 500;
/** The fewest papers that spell an acronym the same way before it is read so: one paper's "complex video" is no CV. */
const SPELLING_PAPERS_MIN = 2;
/** How many times more papers the spelling read must have than the next one: ML is "machine learning" or "multimodal large (language models)" alike. */
const SPELLING_LEAD = 2;
/** The share of a spelling's uses followed by one same word past which it is the start of a longer name ("multimodal large" language models), not one of its own. */
const SPELLING_CUT_SHARE = 0.8;
/** The share of a spelling's uses in abstracts that end a longer name past which it is no name of its own: "reasoning models" of Large, Recurrent and Hierarchical Reasoning Models is no RM. */
const SPELLING_TAIL_SHARE = 0.5;
/** The fewest letters of an acronym whose spelling needs no declaration: three words in a row with its initials, in two papers, are seldom chance ("natural language processing"); two often are ("source code", "experimental results"). */
const SPELLING_UNDECLARED_LETTERS = 3;

/**
 * How the papers spell out an acronym that none of them writes ("RL": "reinforcement learning"),
 * as they most often write it; undefined unless SPELLING_PAPERS_MIN papers spell it one way and
 * clearly more than any other, that way is not the start nor mostly the end of a longer name, and,
 * for a two-letter acronym, some abstract writes it as a term: declared with its acronym in
 * brackets, alone or within a longer one ("neural networks (PINNs)"), or capitalised as a name
 * mid-sentence ("we use Bayesian Optimization"). A title's capitals say nothing ("Real-World"), nor
 * do a sentence's ("Source code is available"): "real world" and "source code" are no RW nor SC.
 */
export function spellingInPapers(acronym: string, papers: Iterable<Paper>): string | undefined {
  if (acronym.length > ACRONYM_LETTERS || !ACRONYM_OF_LETTERS.test(acronym)) return undefined;
  const byTerms = new Map<string, { papers: number; uses: number; written: Map<string, number>; next: Map<string, number>; term: boolean; inAbstracts: number; tails: number }>();
  let read = 0;
  for (const paper of papers) {
    if (read++ === SPELLING_PAPERS_READ) break;
    const seen = new Set<string>();
    for (const [text, isAbstract] of [[paper.title, false], [paper.abstract, true]] as const) {
      for (const { phrase, next, named, declared, tail } of phrasesWithInitials(acronym, text)) {
        const key = terms(phrase, { parts: false }).join(' ');
        const entry = byTerms.get(key) ?? { papers: 0, uses: 0, written: new Map(), next: new Map(), term: false, inAbstracts: 0, tails: 0 };
        byTerms.set(key, entry);
        if (!seen.has(key)) entry.papers++;
        seen.add(key);
        entry.uses++;
        const lower = phrase.toLowerCase();
        entry.written.set(lower, (entry.written.get(lower) ?? 0) + 1);
        if (next && !isStopword(next)) entry.next.set(next, (entry.next.get(next) ?? 0) + 1);
        if (!isAbstract) continue;
        entry.inAbstracts++;
        entry.term ||= named || declared;
        if (tail) entry.tails++;
      }
    }
  }
  const [best, second] = [...byTerms.values()].sort((a, b) => b.papers - a.papers);
  if (!best || best.papers < SPELLING_PAPERS_MIN || best.papers < SPELLING_LEAD * (second?.papers ?? 0)) return undefined;
  if (Math.max(0, ...best.next.values()) > SPELLING_CUT_SHARE * best.uses) return undefined;
  if (best.tails > SPELLING_TAIL_SHARE * best.inAbstracts) return undefined;
  if (!best.term && acronym.length < SPELLING_UNDECLARED_LETTERS) return undefined;
  return [...best.written].sort((a, b) => b[1] - a[1])[0]![0];
}

/** Acronyms of one question looked up in the papers (see spellingInPapers): a question of made-up capitals costs no more than a short one. */
const ACRONYMS_SPELLED_MAX = 3;

/**
 * A question with each acronym it writes in capitals that no paper writes spelled out as the
 * papers spell it (see spellingInPapers): "Which papers use RL?" of papers that all write
 * "reinforcement learning". `written` says whether any paper writes a term.
 */
export function withUnwrittenAcronymsSpelledOut(question: string, written: (term: string) => boolean, spelling: (acronym: string) => string | undefined): string {
  let looked = 0;
  return question.replace(CAPITALS, (acronym) => {
    const lower = acronym.toLowerCase();
    if (written(lower) || written(`${lower}s`) || looked === ACRONYMS_SPELLED_MAX) return acronym;
    looked++;
    return spelling(lower) ?? acronym;
  });
}

/**
 * A question about one paper with each acronym it writes in capitals that the paper does not
 * write, but spells out, as the paper spells it ("Does PixelThink use RL?": "… use reinforcement
 * learning?"): RL is how everyone writes reinforcement learning, though no abstract of a corpus
 * may declare it. Where the corpus's papers declare what it stands for (`declared`, as terms),
 * only that. Only of one paper's own words, so a search of the corpus is not changed, and only
 * capitals: "rl" or "Llms" may be any word.
 */
export function withInitialsSpelledOut(question: string, paper: Paper, declared: (acronym: string) => string[][]): string {
  // The paper's terms are read only for a question that writes an acronym: most write none.
  let written: Set<string> | undefined;
  return question.replace(CAPITALS, (acronym) => {
    const lower = acronym.toLowerCase();
    written ??= new Set(terms(`${paper.title}\n${paper.abstract}`));
    if (written.has(lower) || written.has(`${lower}s`)) return acronym;
    const phrase = phraseWithInitials(lower, paper.abstract);
    const expansions = phrase ? declared(lower).map((e) => e.join(' ')) : [];
    return phrase && (expansions.length === 0 || expansions.includes(terms(phrase, { parts: false }).join(' '))) ? phrase : acronym;
  });
}
