import type { PaperCatalog } from './catalog.js';
import { keyOf } from './paper-keys.js';
import { ARXIV_ID, LINK_START } from '../lexicon/ids.js';
import { isCoined, systemName, type Paper } from '../corpus/paper.js';
import type { Retriever } from '../retrieval/retriever.js';
import { escapeRegExp, withoutWords } from '../text/pattern.js';
import { isEnglishWord } from '../text/english.js';
import { splitSentences } from '../text/sentences.js';
import { isStopword, queryConcepts, stem, withoutGist, words } from '../text/terms.js';
import { tldrIndex } from '../answer/summary/sections.js';
import { ARXIV_BEFORE_ID, CAPITAL_OR_DIGIT, COMPARED_SIDES, INNER_CAPITAL, KIND_AFTER_NAME, LATIN_RUN, LINK_IN_QUESTION, MARKS_AFTER, MARKS_AROUND, MODAL, NAME_CHARACTER, NAME_NOUN, OBJECT_AFTER_VERB, ORDINARY_WORD_AFTER, PLURAL_NOUN, POSSESSIVE, POSSESSIVE_OR_MARKS_AFTER, POSSESSIVE_WITHOUT_APOSTROPHE, SHORT_NAME, SUBTITLE, VERB_FORM, VERSION_APART } from '../lexicon/names.js';

/** Words of a refused question checked for a misspelt paper name: each is a fuzzy catalog search. */
const MISSPELLING_CHECKS = 3;
/** Words of a question checked for papers' names or ids ("compare X and Y", "papers like X"). */
const NAME_CHECKS = 8;
/**
 * A plural noun before such a word is its subject, and the word a verb ("how do agents cope with
 * long horizons?", "which methods cast planning as search?"), unless the word after is a verb
 * itself ("what benchmarks kite uses", "which baselines kite compared to").
 */
const pluralSubject = (word: string) => PLURAL_NOUN.test(word) && (!isStopword(word) || NAME_NOUN.test(word));
/** The longest system name of several words looked for in a question ("Neural Implicit Action Fields"). */
const MAX_NAME_WORDS = 6;

/** The papers a question names, the words that name them, and the question without those words. */
/** Texts whose names are kept (see namesIn): a question and the turns of its conversation, for the few questions answered at once. */
const NAMES_KEPT = 64;

export interface Names {
  papers: Paper[];
  words: { word: string; paper: Paper }[];
  rest: string;
  /** The question without the ids, aliases and names of several words among them: an id is in no chunk, a one-word system name is in its paper's. */
  withoutIds: string;
  /** Words that name a paper, read here as the English word ("cope" of "how to cope with label noise"): searched for, they would find only that name. */
  readAsWords: string[];
  /** Papers named in capitals by an English word that the question writes in lower case as the word ("the best" for BEST): a search finds them by that word only through their name. */
  writtenAsWord: { word: string; paper: Paper }[];
}

/** Which papers a question names, by id, alias, system name, declared acronym or misspelling, looked up in one index version's catalog. */
export class QuestionNames {
  /** Papers by their title's words after its name (see subtitleOf), made on the first question; null where two papers share them. */
  private subtitles: Map<string, Paper | null> | undefined;

  /** The names of the texts read last: one question's reading asks for the names of its text, and of its conversation's, many times over. */
  private readonly recent = new Map<string, Names>();

  constructor(private readonly catalog: PaperCatalog) {}

  /** The paper whose title, after its name and colon, is `written` ("Towards Efficient Chain-of-Pixel Reasoning" of PixelThink's). */
  private subtitled(written: string): Paper | undefined {
    if (!this.subtitles) {
      this.subtitles = new Map();
      for (const p of this.catalog.papers) {
        const key = subtitleOf(p.title);
        if (key) this.subtitles.set(key, this.subtitles.has(key) ? null : p);
      }
    }
    return this.subtitles.get(keyOf(written)) ?? undefined;
  }

  /**
   * A paper a question names by id, alias or system name ("papers like PixelThink"), looking
   * only at words that can be names, the first few of them.
   */
  paperNamedIn(question: string): Paper | undefined {
    for (const word of nameLikeWords(question).slice(0, NAME_CHECKS)) {
      // Until the fuzzy catalog is built (a large corpus, just started), a name lookup scans every paper.
      const paper = this.catalog.get(word) ?? (this.catalog.fuzzy ? this.catalog.named(word) : undefined);
      if (paper) return paper;
    }
    return undefined;
  }

  /**
   * The papers a question names (by id, alias, system name of one or several words, or a coined
   * name typed in lower case), each once, in the order named, and the question without those
   * names. Lookups in the catalog's maps, and only a few words checked: every question comes this way.
   */
  namesIn(question: string): Names {
    const known = this.recent.get(question);
    if (known) return known;
    if (this.recent.size >= NAMES_KEPT) this.recent.delete(this.recent.keys().next().value!);
    // Shared by every reader of the same text: frozen, so that none can change another's.
    const names = Object.freeze(this.findNames(question));
    for (const list of [names.papers, names.words, names.readAsWords, names.writtenAsWord]) Object.freeze(list);
    this.recent.set(question, names);
    return names;
  }

  private findNames(question: string): Names {
    const names: Names = { papers: [], words: [], rest: question, withoutIds: question, readAsWords: [], writtenAsWord: [] };
    const found = (word: string, paper: Paper, inChunks: boolean) => {
      names.words.push({ word, paper });
      const span = nameSpan(names.rest, word, paper);
      names.rest = names.rest.replace(span, ' ');
      names.withoutIds = names.withoutIds.replace(span, inChunks ? ` ${word} ` : ' ');
    };
    // "summarize https://arxiv.org/abs/2505.23727", "who wrote \url{https://proceedings.mlr.press/v306/chen26a.html}": a paper's link names it, whole.
    for (const m of question.matchAll(LINK_IN_QUESTION)) {
      const paper = this.catalog.get(m[1]!);
      if (paper) found(m[0], paper, false);
    }
    // "What is Model Soups Need Only One Ingredient about?": a paper's whole title names it, as its name does.
    const titled = titleIn(names.rest, (written) => this.catalog.get(written) ?? this.subtitled(written));
    if (titled) found(titled.title, titled.paper, false);
    // A name of several words would be several of the question's words found in its paper: with it, "Can Group Cognition Learning bake bread?" would be answered.
    for (const phrase of capitalisedPhrases(question)) {
      // "Mentis Oculi" and "Pixel Think" are MentisOculi and PixelThink written apart.
      const paper = this.catalog.withSystemName(phrase) ?? this.catalog.withSystemName(phrase.replaceAll(' ', ''));
      if (paper) found(phrase, paper, false);
    }
    for (const word of nameLikeWords(names.rest).slice(0, NAME_CHECKS)) {
      const byId = this.catalog.get(word);
      const paper = byId ?? this.catalog.withSystemName(word) ?? this.declaredBy(word) ?? this.inOtherCapitals(word) ?? this.withoutApostrophe(word);
      if (paper) found(word, paper, !byId);
    }
    // "what is pixelthink", "mentis oculi", "tgv kv": a made-up name typed in lower case, whole or apart.
    const typed = bareWords(names.rest).filter(Boolean).slice(0, NAME_CHECKS * 4);
    for (const [i, word] of typed.entries()) {
      const pair = typed[i + 1] ? `${word} ${typed[i + 1]}` : '';
      const asWord = readsAsWord(typed, i);
      const whole = this.catalog.withLowercaseName(word.replace(POSSESSIVE, ''), asWord);
      if (asWord && !whole && this.catalog.withLowercaseName(word)) names.readAsWords.push(word);
      else if (!whole) for (const paper of this.catalog.calledInCapitals(word, asWord)) names.writtenAsWord.push({ word, paper });
      // "vla attc" and "tgv kv" are VLA-ATTC and TGV-KV with a space for the hyphen.
      const joined = (by: string) => this.catalog.withLowercaseName(pair.replace(' ', by).replace(POSSESSIVE, ''), asWord);
      const apart = pair ? (joined('') ?? joined('-')) : undefined;
      if (whole) found(word, whole, true);
      else if (apart && !names.papers.includes(apart)) found(pair, apart, false);
    }
    // In the order named: the first named paper is source [1] of a comparison.
    const at = (paper: Paper) => Math.min(...names.words.filter((n) => n.paper === paper).map((n) => question.indexOf(n.word)));
    names.papers = [...new Set(names.words.map((n) => n.paper))].sort((a, b) => at(a) - at(b));
    // "Is BEST the best benchmark?" names BEST as well.
    names.writtenAsWord = names.writtenAsWord.filter((w) => !names.papers.includes(w.paper));
    return names;
  }

  /**
   * A made-up name several papers have, which a question writes and which therefore names none
   * of them ("PRISM" of two PRISM papers): the name and its papers, in corpus order.
   */
  namesakesIn(question: string): { name: string; papers: Paper[] } | undefined {
    for (const word of nameLikeWords(question).slice(0, NAME_CHECKS)) {
      const owners = this.catalog.owners(word);
      const papers = [...new Set(owners.map((o) => o.paper))];
      if (papers.length > 1 && owners.some((o) => isCoined(o.name))) return { name: word, papers };
    }
    return undefined;
  }

  /** The papers a text names when it asks nothing else of them ("When was PixelThink published?" without its question words); else none. */
  namedAlone(text: string): Paper[] {
    const names = this.namesIn(text);
    return queryConcepts(names.rest).length === 0 ? names.papers : [];
  }

  /** The one paper a text names and nothing else, as a question would ("Mentis Oculi", "mentis"). */
  onlyNamed(text: string): Paper | undefined {
    const named = this.namedAlone(text);
    return named.length === 1 ? named[0] : undefined;
  }

  /**
   * A paper whose name a word of a refused question misspells ("pixelthnik"): a word no chunk
   * contains. Only the first few such words are tried, and only once the fuzzy catalog is ready
   * (on a large corpus it is built in the background): a question of gibberish costs little.
   */
  misspelledPaper(question: string, retriever: Retriever): Paper | undefined {
    if (!this.catalog.fuzzy) return undefined;
    const unseen = (w: string) => retriever.termStats.df(stem(w)) === 0;
    const typed = words(question);
    // A name typed apart ("mentis ocluli" for MentisOculi) is a word no chunk contains and the word before or after it, joined.
    const pairs = typed.slice(1).map((w, i) => [typed[i]!, w]).filter((pair) => pair.some(unseen) && !pair.some(isStopword)).map((pair) => pair.join(' '));
    const tried = [...new Set([...typed.filter((w) => w.length >= 5 && unseen(w)), ...pairs])];
    for (const text of tried.slice(0, MISSPELLING_CHECKS)) {
      const paper = this.catalog.misspelled(text);
      if (paper) return paper;
    }
    return undefined;
  }

  /**
   * The paper whose made-up name `word` writes in other capitals ("Fusionroute", "PIXELTHINK" for
   * FusionRoute, PixelThink), as a lower-case one does ("fusionroute"). Not an English word
   * ("Cast", "Prism"): capitalised, it starts a sentence as often as it names CAST or PRISM.
   */
  private inOtherCapitals(word: string): Paper | undefined {
    const folded = word.toLowerCase();
    return folded !== word && !isEnglishWord(folded) ? this.catalog.withLowercaseName(folded) : undefined;
  }

  /**
   * The paper whose title's name `word` is with an "s" after it, the possessive typed without its
   * apostrophe ("What are VEQs results?", "PhaseCoders results"). Only a title's name: an acronym
   * an abstract declares may be a common one ("LLM" of "LLMs").
   */
  private withoutApostrophe(word: string): Paper | undefined {
    const name = POSSESSIVE_WITHOUT_APOSTROPHE.exec(word)?.[1];
    return name && name.length >= 2 ? (this.catalog.withSystemName(name) ?? this.inOtherCapitals(name)) : undefined;
  }

  /** The one paper whose abstract declares `word` as the acronym of what it proposes ("GCL" for Group Cognition Learning). */
  private declaredBy(word: string): Paper | undefined {
    // Only the name of what the paper proposes, declared in its TL;DR: "What is SAM?" of a paper that proposes DISCO and defines SAM on the way is not about DISCO.
    const papers = new Set(this.catalog.owners(word).filter((o) => o.declared && declaresInTldr(o.paper, word)).map((o) => o.paper));
    return papers.size === 1 ? [...papers][0] : undefined;
  }
}

/** The most letters of a name's spelling out in brackets after it. */
const SPELLING_MAX = 120;

/**
 * A name as a question writes it, with what only repeats it: the words in brackets after it when
 * its paper writes them ("S3 (specialization, selection, sparsification)"), and then its kind after
 * "the" ("the S3 (...) framework"). Together they are the sentence that defines the name ("We
 * propose S3 (...), a framework that ..."), which, searched, they would rank above what the
 * question asks. A kind alone is the question's ("What does the BEST benchmark measure?": BEST's
 * TL;DR says "the first benchmark for evaluating ...").
 */
function nameSpan(question: string, name: string, paper: Paper): string {
  const at = question.indexOf(name);
  if (at < 0) return name;
  // "arxiv 2606.03075" is the id as papers cite it: "arxiv" asks for no link, nor is it a word to search for.
  const cited = ARXIV_ID.test(name) ? (ARXIV_BEFORE_ID.exec(question.slice(0, at))?.[0] ?? '') : '';
  if (cited) return cited + name;
  const after = question.slice(at + name.length);
  const bracket = new RegExp(String.raw`^\s*\(([^()]{1,${SPELLING_MAX}})\)`, 'u').exec(after);
  const spelled = bracket && ` ${keyOf(`${paper.title} ${paper.abstract}`)} `.includes(` ${keyOf(bracket[1]!)} `) ? bracket[0] : '';
  if (bracket && !spelled) return name;
  const kind = spelled && /\bthe\s+$/i.test(question.slice(0, at)) ? (new RegExp(`^${KIND_AFTER_NAME}`, 'iu').exec(after.slice(spelled.length))?.[0] ?? '') : '';
  return name + spelled + kind;
}

/** Whether the lower-case word `typed[i]` of a question reads as the English word rather than a paper's name (see ORDINARY_WORD_AFTER). */
function readsAsWord(typed: readonly string[], i: number): boolean {
  const before = typed[i - 1] ?? '';
  const after = typed[i + 1] ?? '';
  if (NAME_NOUN.test(after)) return false;
  return ORDINARY_WORD_AFTER.test(before) || (i > 1 && MODAL.test(before)) || (i === 0 && OBJECT_AFTER_VERB.test(after)) || (pluralSubject(before) && after !== '' && !VERB_FORM.test(after));
}

/** Whether the sentence that says what the paper is (see tldrIndex) writes `word`. */
function declaresInTldr(paper: Paper, word: string): boolean {
  const sentences = splitSentences(paper.abstract).map((s) => s.text);
  return sentences[tldrIndex(sentences, paper.title)]?.includes(word) ?? false;
}

/**
 * Words that could be a paper's name or id: with a capital, digit, dot or hyphen ("PixelThink's"
 * and "PixelThink/VLA-ATTC" too). Of two letters, only a letter and a digit ("S3", "h1" name
 * papers); "RL", "AI" or "ML" never do.
 */
function nameLikeWords(question: string): string[] {
  return bareWords(question)
    .flatMap((w) => w.split('/'))
    .map((w) => w.replace(POSSESSIVE, ''))
    .filter((w) => (w.length >= 3 || SHORT_NAME.test(w)) && NAME_CHARACTER.test(w) && !isStopword(w.toLowerCase()));
}

/** The fewest letters of a word with a capital inside that is read as a made-up name: shorter ones are as often acronyms an abstract may spell out ("MoE", "CoT", "LoRA", "NeRF"). */
const MADE_UP_NAME_MIN_LETTERS = 6;

/**
 * Words of a question written as a made-up name is ("PixelThink", "ImageNet", "GPT-4", "W3A16"): a
 * capital inside a word of six letters or more, or capitals with digits. Not an acronym ("RL",
 * "LLMs", "MoE"), which an abstract may spell out, nor a hyphenated English word ("training-free"),
 * nor a quantity ("240V").
 */
export function madeUpNames(question: string): string[] {
  // "ELI5" asks how to answer, as "in a nutshell" does: no paper's name.
  const named = withoutGist(question.replace(LINK_IN_QUESTION, ' '));
  const letters = (w: string) => w.replace(/\P{L}/gu, '').length;
  // A name ends where its script does: "PixelThink是什么？" names PixelThink.
  const latinRuns = (w: string) => w.match(LATIN_RUN) ?? [];
  const names = [...new Set(bareWords(named).flatMap((w) => w.split('/')).flatMap(latinRuns).map((w) => w.replace(POSSESSIVE_OR_MARKS_AFTER, '')))].filter(
    (w) => (INNER_CAPITAL.test(w) && letters(w) >= MADE_UP_NAME_MIN_LETTERS) || (/\p{Lu}/u.test(w) && /\p{N}/u.test(w) && letters(w) >= 2),
  );
  // "YouCook 2" is the name asked, as "YouCook2" is: not YouCook, which CAST's "YouCook2" would pass for, nor one "Nothing indexed mentions YouCook" misreports.
  return names.map((name) => (/\p{L}$/u.test(name) ? (new RegExp(String.raw`(?<![\p{L}\p{N}])${escapeRegExp(name)}${VERSION_APART}`, 'u').exec(named)?.[0].replace(/\s+/u, ' ') ?? name) : name));
}

/** Where in a question a paper's whole title is looked for: it starts within the first few words (after "what is the paper") and ends within the last few (before "about?"). */
const TITLE_STARTS_WITHIN = 8;
const TITLE_ENDS_WITHIN = 3;
/** The fewest words of a title found in a question: "Position Extrapolation" may be a question's words about something else. */
const TITLE_WORDS_MIN = 3;

/**
 * The words of a title after its system name's colon, as a key (see keyOf), which a question
 * may quote as the title ('What is "Towards Efficient Chain-of-Pixel Reasoning"?'); undefined for
 * a title without a name before a colon, or whose rest is too short to name it alone.
 */
function subtitleOf(title: string): string | undefined {
  const rest = SUBTITLE.exec(title)?.[1];
  return rest && rest.split(/\s+/).length >= TITLE_WORDS_MIN && systemName(title) ? keyOf(rest) : undefined;
}

/** The paper whose whole title (or the title after its name) a question writes, in any case, and the title as written there; a few dozen map lookups. */
function titleIn(question: string, lookUp: (written: string) => Paper | undefined): { title: string; paper: Paper } | undefined {
  const ws = bareWords(question).filter(Boolean);
  for (let start = 0; start < Math.min(TITLE_STARTS_WITHIN, ws.length); start++) {
    for (let end = ws.length; end >= Math.max(start + TITLE_WORDS_MIN, ws.length - TITLE_ENDS_WITHIN); end--) {
      const written = ws.slice(start, end).join(' ');
      const paper = lookUp(written);
      // An id or alias of several words is no title: "arXiv 2505.23727" is found as a link is.
      if (paper && paper.title.split(/\s+/).length >= TITLE_WORDS_MIN) {
        // As the question writes it, its colon and quotes too, for the rest of the question to be without it.
        const span = new RegExp(ws.slice(start, end).map(escapeRegExp).join('[^\\p{L}\\p{N}]+'), 'u').exec(question);
        return { title: span?.[0] ?? written, paper };
      }
    }
  }
  return undefined;
}

/**
 * The sides of a comparison that are written as names, with a capital or a digit ("TGV-KV",
 * "CapKV", "BERT"): in a comparison each side is meant as a paper, so one that names none and
 * that no abstract writes is unknown here, all-caps and hyphened as it may be, which madeUpNames
 * leaves out elsewhere ("GPT-like" and "full-KV" are written as words).
 */
export function comparedNames(question: string): string[] {
  const sides = COMPARED_SIDES.flatMap((pattern) => question.match(pattern)?.slice(1) ?? []);
  return [...new Set(sides.map((side) => side.replace(POSSESSIVE, '').replace(MARKS_AFTER, '')))].filter((side) => side.length >= 2 && CAPITAL_OR_DIGIT.test(side) && !isStopword(side.toLowerCase()));
}

/** Runs of two to six words that start with a capital, as a name of several words is written ("Group Cognition Learning"). */
function capitalisedPhrases(question: string): string[] {
  const ws = bareWords(question).map((w) => w.replace(POSSESSIVE, ''));
  const out: string[] = [];
  for (let i = 0; i < ws.length; i++) {
    if (!/^\p{Lu}/u.test(ws[i]!)) continue;
    for (let n = 2; n <= MAX_NAME_WORDS && i + n <= ws.length; n++) out.push(ws.slice(i, i + n).join(' '));
  }
  return out;
}

/** A question's words as typed, without the quotes, brackets and punctuation around them: ids keep their dots and hyphens. */
function bareWords(question: string): string[] {
  return question.split(/\s+/).map((w) => w.replace(MARKS_AROUND, ''));
}

/**
 * The ids of the papers among `writtenAsWord` that a search of `text` without those words does not
 * find: "Which paper is the best?" or "the best way to evaluate agents" would find BEST by its name
 * alone, while "which papers improve inference speed?" still finds SPEED for its inference speed.
 * A second search, only for a question that writes such a word.
 */
export async function foundOnlyByName(retriever: Retriever, text: string, writtenAsWord: Names['writtenAsWord']): Promise<string[]> {
  if (writtenAsWord.length === 0) return [];
  const without = await retriever.search(withoutWords(text, writtenAsWord.map((w) => w.word)));
  const found = new Set(without.relevant ? without.hits.map((h) => h.paper.id) : []);
  return [...new Set(writtenAsWord.map((w) => w.paper.id))].filter((id) => !found.has(id));
}
