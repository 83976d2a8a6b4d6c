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

/**
 * An acronym as a question writes it, all in capitals ("RL", "LLM"), of at most ACRONYM_LETTERS
 * letters. Not "LLMs": "Does PixelThink use LLMs?" would be answered by the MLLMs its abstract
 * says earlier approaches fine-tune, which is not what it uses.
 */
const CAPITALS = new RegExp(`(?<![\\p{L}\\p{N}-])[A-Z]{2,${ACRONYM_LETTERS}}(?![\\p{L}\\p{N}-])`, 'gu');
/** Small words an expansion may hold that its acronym leaves out, once it has spelled two letters: "reinforcement learning from human feedback" (RLHF); not "ranging from latent" (RL). */
const PASSED_OVER = new Set(['of', 'from', 'for', 'with', 'in', 'on', 'to', 'by']);

/** Words an expansion does not hold: an adverb or a past participle ("remains limited", "remain largely" are no RL). */
const NOT_OF_A_NAME = /(?:ly|ed)$/;

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

/** Each run of words of a text that phraseWithInitials would take, with the word after it ('' at the end). */
function* phrasesWithInitials(acronym: string, text: string): Generator<{ phrase: string; next: string }> {
  const ws = [...text.matchAll(/[\p{L}\p{N}]+/gu)].map((m) => m[0]);
  for (let start = 0; start < ws.length; start++) {
    let letter = 0;
    let at = start;
    while (letter < acronym.length && at < ws.length) {
      const w = ws[at]!.toLowerCase();
      if (w[0] === acronym[letter] && !isStopword(w) && !NOT_OF_A_NAME.test(w) && !(letter === 0 && w.endsWith('s'))) letter++;
      else if (letter < 2 || !PASSED_OVER.has(w)) break;
      at++;
    }
    if (letter === acronym.length) yield { phrase: ws.slice(start, at).join(' '), next: (ws[at] ?? '').toLowerCase() };
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

/**
 * How the papers spell out an acronym that none of them writes ("RL": "reinforcement learning"),
 * as they most often write it; undefined unless SPELLING_PAPERS_MIN papers spell it one way and
 * clearly more than any other, that way is not the start of a longer name, and one of them
 * writes it as a name is written, each word capitalised.
 */
export function spellingInPapers(acronym: string, papers: Iterable<Paper>): string | undefined {
  if (acronym.length > ACRONYM_LETTERS || !/^[a-z]{2,}$/.test(acronym)) return undefined;
  const byTerms = new Map<string, { papers: number; uses: number; written: Map<string, number>; next: Map<string, number>; named: boolean }>();
  let read = 0;
  for (const paper of papers) {
    if (read++ === SPELLING_PAPERS_READ) break;
    const seen = new Set<string>();
    for (const { phrase, next } of phrasesWithInitials(acronym, `${paper.title}\n${paper.abstract}`)) {
      const key = terms(phrase, { parts: false }).join(' ');
      const entry = byTerms.get(key) ?? { papers: 0, uses: 0, written: new Map(), next: new Map(), named: false };
      byTerms.set(key, entry);
      if (!seen.has(key)) entry.papers++;
      seen.add(key);
      entry.uses++;
      entry.named ||= phrase.split(' ').every((w) => PASSED_OVER.has(w) || /^\p{Lu}/u.test(w));
      const lower = phrase.toLowerCase();
      entry.written.set(lower, (entry.written.get(lower) ?? 0) + 1);
      if (next && !isStopword(next)) entry.next.set(next, (entry.next.get(next) ?? 0) + 1);
    }
  }
  const [best, second] = [...byTerms.values()].sort((a, b) => b.papers - a.papers);
  if (!best || best.papers < SPELLING_PAPERS_MIN || best.papers < SPELLING_LEAD * (second?.papers ?? 0)) return undefined;
  if (Math.max(0, ...best.next.values()) > SPELLING_CUT_SHARE * best.uses) return undefined;
  // A name's words are capitalised somewhere (a title, "Reinforcement Learning with Verifiable Rewards"); an everyday phrase's are not ("best overall" is no BO).
  if (!best.named) return undefined;
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
