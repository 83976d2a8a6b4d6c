/** Questions the metadata answers, not an abstract's words: who wrote a paper, an author's papers, where and when it appeared, what its name stands for. */
import { escapeRegExp, wholeWord } from '../text/pattern.js';
import { byline, type Paper } from '../corpus/paper.js';
import { linkKey } from '../names/paper-keys.js';
import { markdownLiteral } from '../corpus/text.js';
import type { Source } from '../types.js';
import type { ExtractiveAnswer } from './extractive.js';
import { citationFor } from './sources.js';
import { isStopword, normalize, queryConcepts, words } from '../text/terms.js';
import { joinList } from '../text/clean.js';
import { splitSentences } from '../text/sentences.js';

/** "Who wrote X?", "list the authors of X": answered from the paper's metadata, which the abstract does not hold. */
export const AUTHORSHIP = /\b(who (wrote|authored|is the ((first|last|lead|senior|corresponding) )?author|(are|were) (the|its) authors)|^\s*(list|name) (all )?the authors)\b/i;
const AUTHORSHIP_ALL = new RegExp(AUTHORSHIP.source, 'gi');
/** "VEQ authors", "PhaseCoder's authors", "Who are VEQ's authors?": the noun alone asks for them when nothing else is asked (see asksOnlyForAuthors). */
export const AUTHORS_NOUN = /\b(?:co-?)?(?:authors?|authorship)\b/i;
const AUTHORS_NOUN_ALL = new RegExp(AUTHORS_NOUN.source, 'gi');
/** What a question that asks for a paper's authors holds besides the noun, the paper's name ("s" of "VEQ's"), "and" between two names, or a word pointing back at it, and a word that asks at its start ("list", "tell me"). */
const ASKING_FOR_AUTHORS = new Set('who what which are were is was the its their all of for s please paper and both'.split(' '));

/** "Papers by X", "What has X published?", "X's papers": a question that asks for what someone wrote. */
const BY_AUTHOR = /\b(by|publish|published|write|wrote|written|authored|co-?authored|(papers?|works?) ((are|were|is|was|come|comes|came) )?(of|from)|['’]s? (papers?|works?|publications?|research))\b/i;
/** Verbs of writing: with one, a capitalised word alone may be a surname ("What has Zeller published?"). */
const WRITING = /\b(publish|published|write|wrote|written|authored|co-?authored)\b/i;
/** Names written with capitals, one to four words ("What has Song Wang published?"). */
const CAPITALISED_RUN = /\p{Lu}[\p{L}.'’-]*(?:\s+\p{Lu}[\p{L}.'’-]*){0,3}/gu;
/** What follows "by", "papers of" or "papers are from": a list of names ("by Artem Dementyev and Jana Zeller", "by Wang, Li and Zhang"). */
const BY_RUN = /(?<=\b(?:by|(?:papers?|works?) (?:(?:are|were|is|was|come|comes|came) )?(?:of|from))\s+)[\p{L}.'’-]+(?:(?:\s*,\s*|\s+)[\p{L}.'’-]+)*/giu;
/** What comes before "'s papers" or "'s work": a few words, names among them ending where the possessive starts ("What are Dementyev's papers?", "Song Wang's work", "Dementyev and Zeller's papers"). */
const POSSESSIVE_RUN = runBefore("['’]s?\\s+(?:papers?|works?|publications?|research)\\b");
const LIST_SEPARATOR = /\s*,\s*|\s+(?:and|or)\s+/i;
/** A name of one word that looks like a surname as people write it: "Zeller", not "PixelThink", "VEQ" or "LoRA". */
const SURNAME_SHAPE = /^\p{Lu}\p{Ll}[\p{Ll}'’-]*$/u;
/** Papers a list of whole papers shows (an author's, those that mention a topic); more are counted, not listed. */
export const LISTED_PAPERS_MAX = 10;
/** Namesakes listed when a surname is several authors'. */
const NAMESAKES_MAX = 10;
/** Words a name run holds at most: longer stretches are not tried. */
const NAME_WORDS_MAX = 4;

export type AuthorPapers = { author: string; papers: Paper[] };
/**
 * A name several authors share ("Wang"), as the question writes it, with those authors; and, when
 * the question names others in full, which of the namesakes wrote with all of them (none, or
 * several: one would have been the author meant).
 */
export type Namesakes = { name: string; namesakes: AuthorPapers[]; cowriters?: { of: AuthorPapers[]; namesakes: AuthorPapers[] } };
/** The authors a question asks the papers of, and the names it writes that are several authors' ("Wang"), to ask again in full. */
export type AuthorsAsked = { authors: AuthorPapers[]; ambiguous: Namesakes[] };

/** Words that open a request for someone's papers; any other capitalised word before a surname may be a first name. */
const ASKING_OPENER = /^(?:show|list|find|give|get|see|display|tell|search|fetch|all|any)$/i;
/** A question's opening words that only ask ("list Zeller papers"); elsewhere "find" may be what a paper does. */
const ASKING_START = /^\s*(?:please\s+)?(?:show|list|name|find|give|get|see|display|tell|search|fetch)(?:\s+(?:me|us))?\b/i;
/** Small words after which a word is not a name: "the model's work" is no one's. */
const DETERMINERS = new Set('a an the this that these those its their his her our my your'.split(' '));
/** A word written in lower case, as people type names in chat ("zeller's papers"). */
const LOWER_CASE_WORD = /^\p{Ll}[\p{Ll}'’-]*$/u;
/** "Dementyev papers", "song wang publications": names right before the word for papers. */
const BEFORE_PAPERS = runBefore('\\s+(?:papers?|publications)\\b');
/** "papers zeller wrote", "what has dementyev published": names right before a verb of writing. */
const BEFORE_WRITING = runBefore('\\s+(?:(?:has|have|had)\\s+)?(?:wrote|writes?|written|authored|co-?authored|published|publish(?:es)?)\\b');
const PAPERS_WORD = /\b(?:papers?|publications)\b/gi;
/** The word right before "papers": in most questions a small one ("Which papers", "other papers"), which no name is. */
const WORD_BEFORE_PAPERS = /([\p{L}.'’-]+)\s+(?:papers?|publications)\b/giu;

/** A few words (names among them) ending right where `next` starts ("What are Dementyev's papers?": "What are Dementyev"). */
function runBefore(next: string): RegExp {
  return new RegExp(`[\\p{L}.'’-]+(?:(?:\\s*,\\s*|\\s+)[\\p{L}.'’-]+){0,7}(?=${next})`, 'giu');
}

/** Whether a word before a name leaves it standing alone, as a surname: "what are", "show me", "did"; not "the" or "John". */
function leadsToName(word: string): boolean {
  const base = normalize(word).replace(/['’]s$/u, '');
  return ASKING_OPENER.test(word) || (isStopword(base) && !DETERMINERS.has(base));
}

/**
 * The authors a question asks the papers of ("Which papers are by Artem Dementyev?", "papers
 * by dementyev and Zeller"), each with their papers in corpus order. A name is an author's whole
 * name (any case), their first and last names without the middle ones ("Jana Zeller"), or the end
 * of it ("Zeller", "van der Schaar"). A surname alone counts only where a name clearly stands:
 * right after "by" and followed by nothing but small words ("papers by zeller about audio", not
 * "improved by Long context"); before "'s papers" or "'s work", capitalised ("Zeller's papers",
 * not "VEQ's work") or in lower case after a small word that asks ("what are zeller's papers",
 * not "the model's work" nor "john zeller's papers"); capitalised in a question about writing
 * ("What has Zeller published?"); and, when it is no word the papers write in lower case ("long"
 * is), right before a verb of writing ("papers zeller wrote") or before "papers" in a question
 * that asks nothing else ("Dementyev papers", not "What does the Zeller paper find?").
 * Longer names first; whole words only.
 */
export function authorAsked(question: string, papers: readonly Paper[]): AuthorsAsked | undefined {
  const byAuthor = BY_AUTHOR.test(question);
  // Most questions are not about authors: without a word that may be a name before "papers", the author index is not built (on a large corpus it takes a while).
  if (!byAuthor && ![...question.matchAll(WORD_BEFORE_PAPERS)].some((m) => !isStopword(normalize(m[1]!)))) return undefined;
  const index = authorIndex(papers);
  /** Each name found, in question order, with the authors it may be: one, or several namesakes. */
  const names: { name: string; authors: AuthorPapers[] }[] = [];
  /** Whether the words `ws` are a name, an author's whole or part of one; if so it is noted. */
  const isName = (ws: string[]): boolean => {
    const key = foldName(ws.join(' '));
    const whole = index.whole.get(key);
    const found = whole ? [whole] : (index.partial.get(key) ?? []);
    if (found.length) names.push({ name: ws.join(' '), authors: found });
    return found.length > 0;
  };
  /** The longest name starting at ws[i] (one word only when `single` allows it); how many words it took, 0 for none. */
  const nameAt = (ws: string[], i: number, single: boolean): number => {
    for (let j = Math.min(ws.length, i + NAME_WORDS_MAX); j > i; j--) {
      if (j === i + 1 && !single) break;
      if (isName(ws.slice(i, j))) return j - i;
    }
    return 0;
  };
  const scan = (ws: string[], single: (i: number) => boolean) => {
    for (let i = 0; i < ws.length; ) i += nameAt(ws, i, single(i)) || 1;
  };
  /**
   * In each run of `pattern` (names ending where the run does), the longest name that ends with
   * each part of it; one word alone only when `single` allows it, given the words before it and
   * the word that opens the question, if it only asks.
   */
  const namesEnding = (pattern: RegExp, single: (ws: string[], i: number, opening: string | undefined) => boolean) => {
    for (const m of question.matchAll(pattern)) {
      // The question's first word is capitalised for being first ("Show Dementyev's papers"), but only a word that asks is no first name ("Artem Smith's papers" are not Virginia Smith's).
      const first = m[0].split(/\s+/)[0]!;
      const opening = m.index === 0 && (ASKING_OPENER.test(first) || isStopword(normalize(first))) ? first : undefined;
      for (const part of m[0].split(LIST_SEPARATOR)) {
        const ws = part.split(/\s+/).filter(Boolean).slice(-NAME_WORDS_MAX);
        for (let i = 0; i < ws.length; i++) if ((i < ws.length - 1 || single(ws, i, opening)) && isName(ws.slice(i))) break;
      }
    }
  };
  /**
   * One word alone is a surname only as written ("Zeller's papers", not "the model's work" or
   * "VEQ's work") and not after a first name no author has ("Jane Wang's papers" are not Ziqin
   * Wang's); in lower case, only after a small word that asks or none ("what are zeller's papers").
   */
  const surname = (ws: string[], i: number, opening: string | undefined): boolean => {
    const w = ws[i]!;
    if (SURNAME_SHAPE.test(w)) return i === 0 || ws[i - 1] === opening || !/^\p{Lu}/u.test(ws[i - 1]!);
    return LOWER_CASE_WORD.test(w) && !isStopword(normalize(w)) && (i === 0 || leadsToName(ws[i - 1]!));
  };
  /**
   * Where no "by" or "'s" says a name stands, a surname alone is also no word the papers write in
   * lower case ("long papers", "written in long form"); only an author's name is looked for in
   * them, so that other words ("video papers") cost no scan.
   */
  const bareSurname = (ws: string[], i: number, opening: string | undefined): boolean =>
    surname(ws, i, opening) && isAuthorName(index, ws[i]!) && !writtenInLowerCase(index, papers, ws[i]!);
  if (byAuthor) {
    for (const [run] of question.matchAll(BY_RUN)) {
      for (const part of run.split(LIST_SEPARATOR)) {
        const ws = part.split(/\s+/).filter(Boolean);
        const next = normalize(ws[1] ?? '');
        const alone = ws.length === 1 || isStopword(next) || next === 'et';
        // "by the authors": a small word in lower case is none of their surnames.
        scan(ws, (i) => i === 0 && alone && !(isStopword(ws[0]!) && ws[0] === ws[0]!.toLowerCase()));
      }
    }
    namesEnding(POSSESSIVE_RUN, surname);
    const writing = WRITING.test(question);
    for (const m of question.matchAll(CAPITALISED_RUN)) {
      const ws = m[0].split(/\s+/);
      // The question's first word is capitalised for being first.
      scan(ws, () => ws.length === 1 && writing && m.index > 0 && SURNAME_SHAPE.test(ws[0]!));
    }
    namesEnding(BEFORE_WRITING, bareSurname);
  }
  // "Dementyev papers" asks for them only when the question asks nothing else: "What does the Zeller paper find?" asks the paper's abstract.
  const asked = names.length;
  namesEnding(BEFORE_PAPERS, bareSurname);
  const rest = names.slice(asked).reduce((text, n) => text.replace(n.name, ' '), question).replace(ASKING_START, ' ').replace(PAPERS_WORD, ' ');
  if (queryConcepts(rest).length > 0) names.length = asked;
  // "papers by Jiayu Xiong and Xue": of the authors named Xue, the one who wrote with Jiayu Xiong.
  const known = [...new Set(names.filter((n) => n.authors.length === 1).map((n) => n.authors[0]!))];
  const authors = new Set<AuthorPapers>();
  // "papers by Wang and Zeller": Zeller's papers, and the Wangs to ask again with the full name.
  const ambiguous = new Map<string, Namesakes>();
  for (const n of names) {
    const wroteWithKnown = n.authors.length > 1 && known.length ? n.authors.filter((a) => known.every((k) => k.papers.some((p) => a.papers.includes(p)))) : n.authors;
    if (wroteWithKnown.length === 1) authors.add(wroteWithKnown[0]!);
    else if (!ambiguous.has(foldName(n.name))) ambiguous.set(foldName(n.name), { name: n.name, namesakes: n.authors, ...(known.length ? { cowriters: { of: known, namesakes: wroteWithKnown } } : {}) });
  }
  return authors.size || ambiguous.size ? { authors: [...authors], ambiguous: [...ambiguous.values()] } : undefined;
}

interface AuthorIndex {
  /** By whole name. */
  whole: Map<string, AuthorPapers>;
  /** By the end of a name ("zeller", "ricarda zeller") and by first and last name ("jana zeller"): several authors may share one. */
  partial: Map<string, AuthorPapers[]>;
  /** Whether titles or abstracts write a word in lower case (see writtenInLowerCase), by the word, as asked. */
  lowerCase: Map<string, boolean>;
}

/** Each corpus's venues with their years ("ICML 2026"), each once: a handful, where the papers are up to 100,000. */
const venueLists = new WeakMap<readonly Paper[], string[]>();

/** The venues and years of a corpus's papers, each once, once per corpus (a reindex brings a new array). */
export function venuesOf(papers: readonly Paper[]): string[] {
  let venues = venueLists.get(papers);
  if (!venues) venueLists.set(papers, (venues = [...new Set(papers.map((p) => `${p.venue ?? ''} ${p.year ?? ''}`))]));
  return venues;
}

/** Built on the first question that asks for someone's papers, once per corpus (a reindex brings a new array). */
const authorIndexes = new WeakMap<readonly Paper[], AuthorIndex>();

function authorIndex(papers: readonly Paper[]): AuthorIndex {
  let index = authorIndexes.get(papers);
  if (!index) {
    index = { whole: new Map(), partial: new Map(), lowerCase: new Map() };
    for (const p of papers) {
      for (const a of p.authors) {
        const key = foldName(a);
        const entry = index.whole.get(key);
        if (entry) entry.papers.push(p);
        else {
          const added = { author: a, papers: [p] };
          index.whole.set(key, added);
          for (const part of partialNames(key)) {
            const owners = index.partial.get(part);
            if (owners) owners.push(added);
            else index.partial.set(part, [added]);
          }
        }
      }
    }
    authorIndexes.set(papers, index);
  }
  return index;
}

/** "papers by X", "written by X", "X's papers": where a question names whom it asks papers of, capitalised. */
const NAMED_BY = /\b(?:(?:papers?|works?|articles?|publications?)\s+(?:(?:are|were|is|was)\s+)?|(?:written|authored|published)\s+)by\s+(\p{Lu}[\p{L}.'’-]*(?:\s+\p{Lu}[\p{L}.'’-]*){0,3})/u;
/** Before "'s papers", only words shaped as names ("John Smith's papers"): "VEQ's work" and "PixelThink's work" are about papers. */
const NAMED_POSSESSIVE = /(?<![\p{L}.-])(\p{Lu}\p{Ll}[\p{Ll}-]*(?:\s+\p{Lu}\p{Ll}[\p{Ll}-]*){0,3})['’]s?\s+(?:papers?|works?|publications?|research)\b/u;

/** "Which papers did Google write?", "What has Meta published?": a name before a verb of writing, as an institution is asked about. */
const NAMED_WRITING = /\b(?:did|does|do|has|have)\s+(\p{Lu}[\p{L}.'’-]*(?:\s+\p{Lu}[\p{L}.'’-]*){0,3})\s+(?:write|written|publish|published|author|authored|release|released|put out)\b/u;
/** "Which papers are from Google DeepMind?", "papers out of MIT", "papers affiliated with Stanford", "papers by researchers at Google": where papers come from, as the metadata does not say. */
const NAMED_FROM =
  /\b(?:(?:papers?|works?|articles?|publications?)\s+(?:(?:are|were|is|was|come|comes|came)\s+)?(?:from|out of|affiliated with)|(?:researchers?|authors?|people|teams?|labs?)\s+(?:at|from|of))\s+(?:the\s+)?(\p{Lu}[\p{L}.'’-]*(?:\s+\p{Lu}[\p{L}.'’-]*){0,3})/u;

/**
 * A question for the papers of a name no author has ("Which papers were written by Google?"):
 * the answer says so, and that institutions are not known. `alone`: the question asks nothing
 * else, so no search can answer it better. Undefined when it names no one, or an author has
 * that name.
 */
export function unknownAuthorAsked(question: string, papers: readonly Paper[]): { answer: string; alone: boolean } | undefined {
  const m = NAMED_BY.exec(question) ?? NAMED_POSSESSIVE.exec(question) ?? NAMED_WRITING.exec(question) ?? NAMED_FROM.exec(question);
  const name = m?.[1]?.trim();
  if (!m || !name) return undefined;
  // "Which papers are from ICML 2026?" asks for a venue, which the papers' bylines give.
  const asVenue = wholeWord(escapeRegExp(name), 'iu');
  if (venuesOf(papers).some((venue) => asVenue.test(venue))) return undefined;
  const index = authorIndex(papers);
  if (isAuthorName(index, name)) return undefined;
  const firstOnly = papers.some((p) => p.authorsIncomplete) ? ', and for some papers only the first author' : '';
  // "papers by Morteza": no surname, but a first name, of Morteza Monemizadeh; said so, not "no author named Morteza".
  const firstNamed = byFirstName(index, name);
  if (firstNamed.length) {
    const shown = firstNamed.slice(0, NAMESAKES_MAX).map((a) => markdownLiteral(a.author));
    const more = firstNamed.length > NAMESAKES_MAX ? ` and ${firstNamed.length - NAMESAKES_MAX} more` : '';
    return {
      answer: `No indexed author's surname is ${markdownLiteral(name)}, but it is the first name of ${joinList(shown)}${more}. Ask ${firstNamed.length === 1 ? 'with the full name' : 'for one of them by full name'}: "papers by ${firstNamed[0]!.author}".`,
      alone: queryConcepts(question.replace(m[0], ' ')).length === 0,
    };
  }
  return {
    answer: `No indexed paper lists an author named ${markdownLiteral(name)}. The metadata gives authors' names, not their institutions${firstOnly}; /papers ${name.split(/\s+/).at(-1)} searches titles and authors.`,
    alone: queryConcepts(question.replace(m[0], ' ')).length === 0,
  };
}

/** "Who is the most prolific author?", "Which author has the most papers?", "Who wrote the most papers?", "top authors": a ranking of authors by their papers. */
const RANKING_WORDS = /^(?:most|top|prolific|productive|leading)$/;
const AUTHOR_WORDS = /^(?:who|authors?|researchers?|people|scientists?)$/;
const ASKING_FOR_RANKING = new Set(
  'who which what whose is are was were the a most top prolific productive leading frequent author authors researcher researchers people scientist scientists has have had wrote write written writes published publish authored appears appear on in of with paper papers works publications number indexed index corpus collection here please'.split(' '),
);

const PAPER_WITH_MOST_AUTHORS = /\b(?:papers?|works?|articles?|publications?)\s+(?:has|have|had|with|lists?)\s+(?:the\s+)?(?:most|largest number of|biggest number of)\s+(?:co-?)?authors\b/i;

/** Whether a question asks which authors have the most papers, and nothing else ("Who wrote the most cited paper?" asks other things). */
export function asksMostPapersAuthors(question: string): boolean {
  // "Which paper has the most authors?" ranks papers by their authors, not authors by their papers.
  if (PAPER_WITH_MOST_AUTHORS.test(question)) return false;
  const ws = words(question);
  return ws.some((w) => RANKING_WORDS.test(w)) && ws.some((w) => AUTHOR_WORDS.test(w)) && ws.every((w) => ASKING_FOR_RANKING.has(w));
}

/** Authors shown in a ranking by papers: the most, and those after them down to this many. */
const RANKED_AUTHORS_MAX = 10;

/**
 * The authors with the most indexed papers, as the metadata writes their names: those tied first,
 * then the next down to RANKED_AUTHORS_MAX, each with how many. Two people with one name count as
 * one, and a sidecar that names only first authors counts only those: both are said.
 */
export function mostPapersAuthorsAnswer(papers: readonly Paper[]): string {
  const ranked = mostPapersFirst([...authorIndex(papers).whole.values()]);
  const top = ranked[0]?.papers.length ?? 0;
  if (top === 0) return 'The metadata names no authors, so I cannot say who wrote the most papers.';
  const firstOnly = papers.some((p) => p.authorsIncomplete) ? ' For some papers the metadata names only the first author, who alone is counted.' : '';
  if (top === 1) return `No author has more than one of the ${papers.length} indexed papers, as the metadata writes their names.${firstOnly}`;
  const count = (a: AuthorPapers) => `${markdownLiteral(a.author)} (${a.papers.length})`;
  const first = ranked.filter((a) => a.papers.length === top);
  const next = ranked.filter((a) => a.papers.length < top && a.papers.length > 1).slice(0, Math.max(0, RANKED_AUTHORS_MAX - first.length));
  const lines = [
    `${joinList(first.slice(0, RANKED_AUTHORS_MAX).map((a) => `**${markdownLiteral(a.author)}**`))} ${first.length === 1 ? 'has' : 'have'} the most indexed papers: ${top}${first.length === 1 ? '' : ' each'}${first.length > RANKED_AUTHORS_MAX ? `, with ${first.length - RANKED_AUTHORS_MAX} more` : ''}.`,
    ...(next.length ? [`Next: ${joinList(next.map(count))}.`] : []),
    `Counted by name as the metadata writes it (two people with one name count as one).${firstOnly} "Which papers are by <name>?" lists one author's papers.`,
  ];
  return lines.join('\n');
}

/** The authors whose first name is `name`, one word ("Morteza"): a scan of every author, done only for a name no author's surname is. */
function byFirstName(index: AuthorIndex, name: string): AuthorPapers[] {
  const key = foldName(name);
  if (key.includes(' ')) return [];
  return [...index.whole.entries()].filter(([whole]) => whole.startsWith(`${key} `)).map(([, a]) => a);
}

/** Whether an author's whole name or the end of it is `name`, looked up without noting it. */
function isAuthorName(index: AuthorIndex, name: string): boolean {
  const key = foldName(name);
  return index.whole.has(key) || index.partial.has(key);
}

/**
 * Whether a title or abstract writes `word` in lower case, as an ordinary word ("long", not
 * "zeller"): such a surname alone, with no "by" or "'s" to say it is a name, is taken as the word.
 * A scan of the corpus, done once a word.
 */
function writtenInLowerCase(index: AuthorIndex, papers: readonly Paper[], word: string): boolean {
  const lower = word.toLowerCase();
  let written = index.lowerCase.get(lower);
  if (written === undefined) {
    const pattern = wholeWord(escapeRegExp(lower), 'u');
    written = papers.some((p) => pattern.test(p.title) || pattern.test(p.abstract));
    index.lowerCase.set(lower, written);
  }
  return written;
}

/** The shorter names a whole name may be asked by: each of its ends ("zeller", "ricarda zeller"; not an initial) and its first and last name ("jana zeller"). */
function partialNames(key: string): string[] {
  const ws = key.split(' ');
  const out = new Set<string>();
  for (let k = 1; k < ws.length; k++) if (k < ws.length - 1 || ws[k]!.length > 1) out.add(ws.slice(k).join(' '));
  if (ws.length > 2) out.add(`${ws[0]} ${ws.at(-1)}`);
  return [...out];
}

/** The words of the corpus's author names ("artem", "dementyev"), once per corpus, for a question's word that is none of the papers' but someone's name. */
const authorWordSets = new WeakMap<readonly Paper[], Set<string>>();

/** Whether a lower-case word is a word of an author's name: "papers by artem dementyev" is no typo for a word the papers write. */
export function isAuthorNameWord(word: string, papers: readonly Paper[]): boolean {
  let names = authorWordSets.get(papers);
  if (!names) authorWordSets.set(papers, (names = new Set(papers.flatMap((p) => p.authors.flatMap((a) => foldName(a).split(' '))))));
  return names.has(word);
}

function foldName(name: string): string {
  return normalize(name).replace(/[\s.,'’-]+/g, ' ').trim();
}

/**
 * Papers of one or more authors as an answer; `sources` are their abstracts, each cited. With
 * several, the papers they wrote together, else each one's. Names several authors share
 * (`ambiguous`) are said after it, with how to ask for them.
 */
export function authorPapersAnswer(authors: readonly AuthorPapers[], sources: readonly Source[], ambiguous: readonly Namesakes[] = []): string {
  const sourceOf = new Map(sources.map((s) => [s.paperId, s]));
  const listed = (papers: readonly Paper[]) => papers.slice(0, LISTED_PAPERS_MAX).map((p) => sourceOf.get(p.id)).filter((s): s is Source => !!s).map((s) => listedPaper(s));
  const count = (n: number) => (n === 1 ? 'one indexed paper' : `${n} indexed papers`);
  const more = (papers: readonly Paper[], name: string) => moreThanListed(papers.length, `/papers ${name} lists them`);
  const names = authors.map((a) => `**${markdownLiteral(a.author)}**`);
  const eachOne = (a: AuthorPapers) => [`**${markdownLiteral(a.author)}** is an author of ${count(a.papers.length)}:`, ...listed(a.papers), ...more(a.papers, a.author)];
  const namesakes = ambiguous.length ? [namesakesAnswer(ambiguous, authors)] : [];
  if (authors.length === 1) return [...eachOne(authors[0]!), ...namesakes].join('\n');
  const together = jointPapers(authors);
  if (together.length) return [`${joinList(names)} are authors of ${count(together.length)} together:`, ...listed(together), ...more(together, authors.map((a) => a.author).join(' ')), ...namesakes].join('\n');
  return [`No indexed paper lists ${authors.length === 2 ? 'both' : 'all of'} ${joinList(names)} as authors${firstAuthorsOnly(authors, ' (some of their papers name only their first author)')}. Each one's:`, ...authors.flatMap(eachOne), ...namesakes].join('\n');
}

/** `note` when some of the authors' papers name only their first author (the ICML 2026 metadata): a paper "none lists" is only as far as the metadata says. */
function firstAuthorsOnly(authors: readonly AuthorPapers[], note: string): string {
  return authors.some((a) => a.papers.some((p) => p.authorsIncomplete)) ? note : '';
}

/** The papers an answer to authorPapersAnswer cites, in the order it lists them. */
export function authorPapersCited(authors: readonly AuthorPapers[]): Paper[] {
  if (authors.length === 1) return authors[0]!.papers.slice(0, LISTED_PAPERS_MAX);
  const together = jointPapers(authors);
  return [...new Set(together.length ? together.slice(0, LISTED_PAPERS_MAX) : authors.flatMap((a) => a.papers.slice(0, LISTED_PAPERS_MAX)))];
}

/** "**Title** (id) [n]": one paper of a list, cited to its abstract. */
export function listedPaper(s: Source): string {
  return `**${markdownLiteral(s.title)}** (${s.paperId}) [${s.n}]`;
}

/** A listed paper's id, as listedPaper writes it between its title and its citation. */
const LISTED_PAPER_ID = /\((\S+)\) \[\d+\]/g;

/** The ids of the papers an answer lists (see listedPaper), as read back from a conversation's history. */
export function listedPaperIds(answer: string): Set<string> {
  return new Set([...answer.matchAll(LISTED_PAPER_ID)].map((m) => m[1]!));
}

/** The line that ends a list cut at LISTED_PAPERS_MAX ("... and 3 more; <where>."), none when the list is whole. */
export function moreThanListed(total: number, where: string): string[] {
  return total > LISTED_PAPERS_MAX ? [`... and ${total - LISTED_PAPERS_MAX} more; ${where}.`] : [];
}

/** The line moreThanListed writes, as read back from an answer: how many more there were. */
const MORE_THAN_LISTED = /^\.\.\. and (\d+) more; .*$/m;

/** The line that ends a list cut short, read back from its answer (see moreThanListed), and how many papers it did not list; undefined for a whole list. */
export function notListedIn(answer: string): { line: string; more: number } | undefined {
  const m = MORE_THAN_LISTED.exec(answer);
  return m ? { line: m[0], more: Number(m[1]) } : undefined;
}

function jointPapers(authors: readonly AuthorPapers[]): Paper[] {
  return authors[0]!.papers.filter((p) => authors.every((a) => a.papers.includes(p)));
}

/**
 * "Several authors are named Wang": the namesakes, most papers first, and how to ask for one.
 * After the papers of the authors named in full (`named`), it says why Wang's are not among
 * them, and which Wangs, if any, wrote with those authors.
 */
export function namesakesAnswer(ambiguous: readonly Namesakes[], named: readonly AuthorPapers[] = []): string {
  const examples: string[] = [];
  const searches: string[] = [];
  const lines = ambiguous.map(({ name, namesakes, cowriters }) => {
    const byPapers = mostPapersFirst(namesakes);
    const shown = shownNamesakes(byPapers).map((a) => `${markdownLiteral(a.author)} (${a.papers.length === 1 ? 'one paper' : `${a.papers.length} papers`})`);
    const more = byPapers.length > NAMESAKES_MAX ? ` and ${byPapers.length - NAMESAKES_MAX} more` : '';
    const written = nameWritten(name, byPapers);
    searches.push(papersSearch(written));
    const line = [`Several authors are named **${written}**${named.length ? ', so their papers are not listed' : ''}: ${shown.join(', ')}${more}.`];
    const withThem = mostPapersFirst(cowriters?.namesakes ?? []);
    if (cowriters) {
      const whom = cowriters.of.map((a) => `**${markdownLiteral(a.author)}**`);
      const all = whom.length === 1 ? whom[0]! : `${whom.length === 2 ? 'both' : 'all of'} ${joinList(whom)}`;
      line.push(withThem.length ? `Of them, ${joinList(withThem.map((a) => markdownLiteral(a.author)))} are listed as authors with ${all}.` : `None of them is listed as an author with ${all}${firstAuthorsOnly([...cowriters.of, ...namesakes], ' (some of these papers name only their first author)')}.`);
    }
    examples.push((withThem[0] ?? byPapers[0]!).author);
    return line.join(' ');
  });
  const full = ambiguous.length === 1 ? 'the full name' : 'the full names';
  const example = joinList([...examples, ...named.map((a) => a.author)].map(markdownLiteral));
  const ask = `Ask with ${full}, such as "Which papers are by ${example}?"; ${joinList(searches)} ${searches.length === 1 ? 'lists' : 'list'} the papers of all of them.`;
  return [...lines.slice(0, -1), `${lines.at(-1)!} ${ask}`].join('\n');
}

/** A name several authors share as their names write it ("Wang" for "wang"), when it is their end; `byPapers` are they, most papers first. */
function nameWritten(name: string, byPapers: readonly AuthorPapers[]): string {
  const end = byPapers[0]!.author.split(/\s+/).slice(-name.split(/\s+/).length).join(' ');
  return markdownLiteral(foldName(end) === foldName(name) ? end : name);
}

/** The /papers search that lists the papers of every author a name is ("/papers Wang"). */
function papersSearch(written: string): string {
  return `/papers ${written}`;
}

/** Authors most papers first, as a namesakes answer lists them. */
function mostPapersFirst(authors: readonly AuthorPapers[]): AuthorPapers[] {
  return [...authors].sort((a, b) => b.papers.length - a.papers.length);
}

/** The namesakes a namesakes answer names, of authors sorted by mostPapersFirst. */
function shownNamesakes(byPapers: readonly AuthorPapers[]): AuthorPapers[] {
  return byPapers.slice(0, NAMESAKES_MAX);
}

/**
 * The papers of the namesakes an answer names ("Several authors are named Wang: Jing Wang (3
 * papers), ..."), in that order, as many as a list shows: what "When were they published?" after
 * it is about, though it lists none of them.
 */
export function namesakesPapers(ambiguous: readonly Namesakes[]): Paper[] {
  return [...new Set(ambiguous.flatMap(({ namesakes }) => shownNamesakes(mostPapersFirst(namesakes)).flatMap((a) => a.papers)))].slice(0, LISTED_PAPERS_MAX);
}

/**
 * The line that ends a list of namesakesPapers when the name asked is more authors' than it
 * shows the papers of ("papers by Wang": "... and 45 more; /papers Wang lists them all."), none
 * when it shows them all.
 */
export function namesakesPapersNotListed(ambiguous: readonly Namesakes[]): string[] {
  const all = new Set(ambiguous.flatMap(({ namesakes }) => namesakes.flatMap((a) => a.papers)));
  const searches = ambiguous.map(({ name, namesakes }) => papersSearch(nameWritten(name, mostPapersFirst(namesakes))));
  return moreThanListed(all.size, `${joinList(searches)} ${searches.length === 1 ? 'lists' : 'list'} them all`);
}

/** Venues people ask about by name ("NeurIPS", "ICLR", "CVPR"). */
export const VENUE_NAMES = 'neurips|nips|icml|iclr|cvpr|iccv|eccv|acl|emnlp|naacl|eacl|coling|aaai|ijcai|kdd|colt|aistats|uai|sigir|www|tmlr|jmlr|corl|rss|icra|iros|interspeech|icassp|miccai';
/** A venue by name, perhaps with a year ("ICML 2026", "NeurIPS'20"). */
const VENUE = String.raw`(?:${VENUE_NAMES})(?:\s*['’]?\s*\d{2}(?:\d{2})?)?`;

/**
 * "When was X published?", "What year is X from?", "Which venue is X in?", "When did X come out?":
 * also answered by the byline, which holds venue and year. Loose on purpose: the byline answers
 * only when what is left without PUBLICATION_WORDS names a paper and nothing else (the service's
 * check), so "What year does the dataset cover?" and "Where is the critic presented in X?" are
 * questions about the abstracts.
 */
const PUBLICATION = new RegExp(
  String.raw`\b(when|where)\b[^?]*\b(published|appear(?:ed|s)?|presented|released|from|come out|came out)\b|\b(what|which) (year|venue|conference|journal)\b|\bpublication (year|date|venue)\b|\b(year|venue) of publication\b` +
    // Asked yes or no, of a venue by name: "Is 3D-RFT from ICML?", "Was VEQ accepted at ICML?", "Is PixelThink an ICML paper?"; the byline says which it is.
    String.raw`|\b(?:is|was|are|were)\b[^?]*?\b(?:(?:published|presented|accepted|appear(?:ed|s)?)\s+(?:at|in|to|by)|from)\s+(?:the\s+)?${VENUE}\b|\ban?\s+${VENUE}\s+paper\b`,
  'i',
);
const PUBLICATION_WORDS = new RegExp(
  String.raw`\b(when|what year|which year|where|published|appear(?:ed|s)?|presented|released|accepted|come out|came out|what venue|which venue|what conference|which conference|what journal|which journal|publication year|publication date|publication venue|year of publication|venue of publication|in|at|from)\b|\b${VENUE}(?![\w-])`,
  'gi',
);

/** Whether a question asks where or when something appeared; its byline answers when it names a paper and asks nothing else. */
export function asksWhereOrWhen(question: string): boolean {
  return PUBLICATION.test(question);
}

/** The answer to a byline question that points back ("Who wrote it?", "When was it published?") with nothing to point back at. */
export const NO_PAPER_NAMED = 'Which paper? This question names none: name the paper (its title, its system name or its arXiv id), or ask it as a follow-up to a question about that paper.';

/** The question without the words that ask for authors: what is left names the paper. */
export function withoutAuthorship(question: string): string {
  return question.replace(AUTHORSHIP_ALL, ' ').replace(AUTHORS_NOUN_ALL, ' ').replace(ASKING_START, ' ');
}

/**
 * Whether a question, its paper's name taken out, asks for authors and nothing else ("'s
 * authors", "Who are the authors of", "How many authors does it have?"): "What do the authors of
 * PixelThink propose?" asks its abstract.
 */
export function asksOnlyForAuthors(rest: string): boolean {
  const counting = asksAuthorCount(rest);
  return AUTHORS_NOUN.test(rest) && words(rest.replace(ASKING_START, ' ')).every((w) => ASKING_FOR_AUTHORS.has(w) || AUTHORS_NOUN.test(w) || (counting && COUNTING_AUTHORS.has(w)));
}

/** "How many authors does X have?", "how many authors wrote X?", "How many co-authors does X have?", "number of authors of X", "How many authors?": how many, with its byline; not "How many authors work on video?". */
const AUTHOR_COUNT = /\b(?:how many (?:co-?)?authors|number of (?:co-?)?authors)(?:\s+(?:does|do|did|has|have|had|wrote|write|of|for|on|in)\b|\W*$)|\bhow many (?:people|persons|researchers) (?:wrote|write|(?:co-?)?authored|worked on)\b/i;
/** The words with which it asks how many: with them taken out, what is left names the paper. */
const AUTHOR_COUNT_WORDS = /\b(?:how many|number of|does|do|did|has|have|had|wrote|write|people|persons|researchers|(?:co-?)?authored|worked on)\b/gi;
/** What a question that asks how many authors holds besides what ASKING_FOR_AUTHORS allows: its words for counting, and a word pointing back at the papers ("How many authors does it have?"). */
const COUNTING_AUTHORS = new Set('how many number does do did has have had wrote write it they'.split(' '));

/** Whether a question asks how many authors a paper has. */
export function asksAuthorCount(question: string): boolean {
  return AUTHOR_COUNT.test(question);
}

/** The question without the words that ask how many authors: what is left asks for authors (see asksOnlyForAuthors) and names the paper. */
export function withoutAuthorCount(question: string): string {
  return question.replace(AUTHOR_COUNT_WORDS, ' ');
}

/** The question without the words that ask where or when it appeared. */
export function withoutPublication(question: string): string {
  return question.replace(PUBLICATION_WORDS, ' ');
}

/**
 * One line per paper, "**Title** is by A, B and C (ICML 2026). [n]"; `counted`, how many authors
 * it has first ("**Title** has 3 authors: A, B and C (ICML 2026). [n]"), or that its metadata
 * names only the first. Null when no author is known.
 */
export function authorsAnswer(sources: Source[], counted = false): ExtractiveAnswer | null {
  const known = sources.filter((s) => byline(s));
  if (!known.length) return null;
  const line = (s: Source) => {
    const title = `**${markdownLiteral(s.title)}**`;
    const by = markdownLiteral(byline(s));
    if (!counted) return `${title} is by ${by}. [${s.n}]`;
    // A first author alone says nothing of how many wrote with them: a count of one would be wrong.
    if (s.authorsIncomplete) return `${title} is by ${by}; its metadata names only the first author, not how many there are. [${s.n}]`;
    const n = s.authors!.length;
    return `${title} has ${n === 1 ? 'one author' : `${n} authors`}: ${by}. [${s.n}]`;
  };
  return { answer: known.map(line).join('\n'), citations: known.map((s) => citationFor(s)) };
}

/** "What does GCL stand for?", "What is VEQ short for?", "What does OPUS mean?", "meaning of OPUS": of a name alone, not "What does this result mean?". */
const STANDS_FOR = /\bstands? for\b|\bshort for\b|\bacronym\b|\babbreviat|^\s*what does \S+ mean\W*$|\bmeaning of (?:the (?:name|acronym) )?\S+\W*$/i;

/**
 * The sentence of the paper's abstract that spells out a name the question asks the meaning of
 * ("... Group Cognition Learning (GCL) ..."): the one that writes a name in `names` in brackets.
 */
export function expansionSentence(question: string, abstract: string, names: readonly string[]): string | undefined {
  if (!STANDS_FOR.test(question)) return undefined;
  const escaped = names.map(escapeRegExp);
  if (escaped.length === 0) return undefined;
  // "... Group Cognition Learning (GCL)" or "CAST (Context-Aware State Transition)"; markdown around the name is allowed: "(**TGV-KV**)".
  const alternatives = escaped.join('|');
  const bracketed = new RegExp(`\\([*_\\s]*(${alternatives})[*_\\s]*[),;]|(?<![\\p{L}\\p{N}])(${alternatives})[*_]*\\s*\\([^)]{6,}\\)`, 'u');
  return splitSentences(abstract).find((s) => bracketed.test(s.text))?.text;
}

/**
 * "What does CoPE stand for?" of a paper whose abstract does not spell its name out, but whose
 * title does ("CoPE: Continual Probe-guided Expansion for ..."): the title, the words that spell
 * the name in bold. Only a name with two capitals or more, spelled in order by the subtitle's
 * first words, each letter a word's first or the next one in that word ("Proj" of Project), passing
 * over no word but a stopword or a compound's tail ("guided" of Probe-guided). "SPEED:
 * Sharpened-Teacher Distillation" and "KITE: Knowledge-Guided Probabilistic Modeling" spell nothing.
 */
export function titleExpansion(question: string, title: string, name: string): string | undefined {
  const subtitle = new RegExp(`^${escapeRegExp(name)}\\s*:\\s*(.+)$`, 'u').exec(title.trim())?.[1];
  if (!STANDS_FOR.test(question) || !subtitle || (name.match(/\p{Lu}/gu) ?? []).length < 2 || !/^[\p{L}-]+$/u.test(name)) return undefined;
  const letters = name.replace(/-/g, '').toLowerCase();
  const ws = subtitle.split(/\s+/);
  // The words' parts ("probe", "guided"), each with the word it is in and whether it is a compound's tail.
  const parts = ws.flatMap((w, word) => w.toLowerCase().split('-').map((text, i) => ({ text: text.replace(/^[^\p{L}\p{N}]+/u, ''), word, tail: i > 0 })));
  // The word that ends the spelling, when the letters from `li` on are spelled after character `ci` of part `pi`.
  const spell = (li: number, pi: number, ci: number): number | undefined => {
    if (li === letters.length) return parts[pi]!.word;
    const letter = letters[li]!;
    for (let next = pi + 1; next < parts.length; next++) {
      if (parts[next]!.text.startsWith(letter)) {
        const end = spell(li + 1, next, 0);
        if (end !== undefined) return end;
      }
      if (!parts[next]!.tail && !isStopword(parts[next]!.text)) break;
    }
    return pi >= 0 && parts[pi]!.text[ci + 1] === letter ? spell(li + 1, pi, ci + 1) : undefined;
  };
  const last = spell(0, -1, 0);
  if (last === undefined) return undefined;
  const rest = ws.slice(last + 1).join(' ');
  return `Its title spells ${markdownLiteral(name)} out: **${markdownLiteral(`${name}: ${ws.slice(0, last + 1).join(' ')}`)}**${rest ? ` ${markdownLiteral(rest)}` : ''}.`;
}

/**
 * "Give me the link to X", "Where is X's code?", "What is X's arXiv id?". Not a word inside a
 * hyphenated one: "qa-code" is a paper's id, and "Who wrote qa-code?" asks for no link.
 */
const LINK = /(?<![\w-])(link|links|url|website|web ?page|project page|code|source code|open[- ]sourced?|github|repository|repo|arxiv(?: id)?|pdf|open ?review(?: id)?|pmlr(?: page| id)?|proceedings (?:page|entry)|doi)(?![\w-])/i;
/**
 * "Where can I read the MentisOculi paper?", "where do I find PixelThink", "where can one download
 * it": asks where the paper is, as a link does. Of a paper named and nothing else (the service's
 * check): "Where can I find the results of VEQ?" asks its abstract.
 */
const WHERE_TO_READ = /\bwhere\s+(?:can|could|do|should|would|might|may)\s+(?:i|we|one|you|u)\s+(?:read|find|get|download|access|see|view|open|look at)\b/i;
const LINK_WORDS = new RegExp(`${LINK.source}|(?<![\\w-])(give|me|find|get|send|show|where|can|could|do|should|would|might|may|i|we|one|you|u|read|download|access|see|view|open|look at|online|page|entry|forum|id|available|for|to|of|releas(?:e|es|ed|ing)|public|publicly|shared?|published|out)(?![\\w-])`, 'gi');
/** A link in an abstract ("Code is available at https://...", "[Code Link](https://...)", "\url{https://...}"). */
const URL_IN_TEXT = /https?:\/\/[^\s)\]>"'{}]+[^\s)\]>"'{}.,;:]/g;

/** Whether a question asks for a paper's links; what is left once their words are taken out should name the paper alone. */
export function asksForLinks(question: string): boolean {
  // "arXiv:2505.23727" names a paper as papers cite it, as "arxiv 2505.23727" does ("What's arxiv 2606.03075 about?"); it asks for no link.
  return LINK.test(question.replace(/\barxiv(?::|\s+id)?\s*\d{4}\.\d{4,5}(?:v\d+)?/gi, ' ')) || WHERE_TO_READ.test(question);
}

export function withoutLinkWords(question: string): string {
  return question.replace(LINK_WORDS, ' ');
}

/** The paper's arXiv id, when it has one. */
const arxivIdOf = (paper: Paper) => [paper.id, ...paper.aliases].find((a) => /^\d{4}\.\d{4,5}$/.test(a));

/** Pages a question may ask for by name, and whether a paper has one: "Where is the OpenReview page for PixelThink?" of a paper with none is told so. */
const NAMED_PAGES: { asked: RegExp; page: string; has: (paper: Paper) => boolean }[] = [
  { asked: /(?<![\w-])open ?review(?![\w-])/i, page: 'OpenReview page', has: (p) => p.openreview !== undefined },
  { asked: /(?<![\w-])(?:pmlr|proceedings (?:page|entry))(?![\w-])/i, page: 'PMLR page', has: (p) => p.pmlrPage !== undefined || /^https?:\/\/proceedings\.mlr\.press\//i.test(p.url ?? '') },
  { asked: /(?<![\w-])arxiv(?![\w-])/i, page: 'arXiv id', has: (p) => arxivIdOf(p) !== undefined },
  // No corpus format has a DOI field, but a JSON record's url may be its DOI link, shown as the paper's page.
  { asked: /(?<![\w-])doi(?![\w-])/i, page: 'DOI', has: (p) => /^(?:https?:\/\/)?(?:dx\.|www\.)?doi\.org\/10\./i.test(p.url ?? '') },
];

/**
 * The paper's page, its arXiv id, its code links from the metadata and the links its abstract
 * gives (a code or project page), each once; or, when neither gives one, that no code link is
 * known (its page may be its project page, so only the code is said to be missing). A page the
 * question asks for by name that the paper lacks ("the OpenReview page", "pmlr") is said to be
 * missing first, in one line.
 */
export function linksAnswer(paper: Paper, n: number, question = ''): string {
  const arxiv = arxivIdOf(paper);
  const missing = NAMED_PAGES.filter((p) => p.asked.test(question) && !p.has(paper)).map((p) => p.page);
  const code = paper.code ?? [];
  const shown = new Set([paper.url, ...code].filter((u) => u !== undefined).map(linkKey));
  const inAbstract = abstractLinks(paper).filter((u) => !shown.has(linkKey(u)));
  const lines = [
    ...(missing.length ? [`No ${joinList(missing, 'or')} is known for this paper; these are its links:`] : []),
    `**${markdownLiteral(paper.title)}** (${paper.id})${paper.url ? `: ${paper.url}` : ''} [${n}]`,
    ...(arxiv ? [`arXiv: ${arxiv} (https://arxiv.org/abs/${arxiv})`] : []),
    ...(paper.openreview ? [`OpenReview: https://openreview.net/forum?id=${paper.openreview}`] : []),
    ...(paper.pmlrPage && !shown.has(linkKey(paper.pmlrPage)) ? [`PMLR: ${paper.pmlrPage}`] : []),
    ...code.map((u) => `Code: ${u}`),
    ...inAbstract.map((u) => `Link in the abstract: ${u}`),
    // Said plainly: "Is there code?" of a paper with no code link is answered by its absence, and by what its abstract promises.
    ...(code.length || inAbstract.length ? [] : [`No code link is known for it.${codePromised(paper.abstract)}`]),
  ];
  return lines.join('\n');
}

/** Words for a paper's code, in a question about which papers have it: "code", "source code", "GitHub", "open source", "implementation". */
const CODE_WORDS = /(?<![\w-])(?:(?:source )?code|implementations?|github|repositor(?:y|ies)|repos?|open[- ]sourced?|open source)(?![\w-])/gi;
const PAPERS_WORD_ONLY = /\b(?:papers?|works?|articles?|ones)\b/i;
/** "no code", "without code", "don't release", "lack": the papers that give none. */
const NO_CODE = /\b(?:no|without|not|lacks?|lacking|missing|none|don|doesn|isn|aren|haven|hasn)\b/i;
/** What a question about which papers have code holds besides the words for code and papers: words that ask, count, say it is given or not, or where ("on GitHub", "on GitLab"). */
const ASKING_FOR_CODE = new Set(
  'which what how many number count are is were there any a an some do does did you have has had got list show me find give all the of indexed papers paper ones works exist in your index corpus collection please with their its available public publicly release released releases releasing share shared shares provide provided provides publish published link links linked come comes that no without not don doesn isn aren haven hasn t lack lacks lacking missing none on at via hosted gitlab bitbucket codeberg'.split(' '),
);

/**
 * "How many papers have code?", "Which papers have code available?", "Which papers have no
 * code?", "papers with code?", "Which papers are open source?", "Which papers have code on
 * GitHub?": which papers link their code (on any host),
 * or do not (`without`), across the index; undefined for a question that asks anything else
 * ("Where is the code for PixelThink?", "Which papers generate code?").
 */
export function codePapersAsked(question: string): { without: boolean } | undefined {
  if (!PAPERS_WORD_ONLY.test(question) || !question.match(CODE_WORDS)) return undefined;
  if (!words(question.replace(CODE_WORDS, ' ')).every((w) => ASKING_FOR_CODE.has(w))) return undefined;
  return { without: NO_CODE.test(question) };
}

/** A code host's link in an abstract ("Code is available at https://github.com/..."): code, where another link may be a project page. */
const CODE_HOST = /^https?:\/\/(?:www\.)?(?:github\.com|gitlab\.com|bitbucket\.org|codeberg\.org|anonymous\.4open\.science)\//i;

/** The paper's code links: the metadata's, else those its abstract gives on a code host. */
export function codeLinksOf(paper: Paper): string[] {
  if (paper.code?.length) return paper.code;
  return abstractLinks(paper).filter((u) => CODE_HOST.test(u));
}

/**
 * "166 of the 293 indexed papers link their code:" and each listed paper (`sources`, cited) with
 * its first code link; `without`, those that link none. `found` are all of them, in corpus order.
 */
export function codePapersAnswer(found: readonly Paper[], indexed: number, sources: readonly Source[], without: boolean): string {
  const of = `${found.length} of the ${indexed} indexed papers`;
  if (found.length === 0) return without ? `Every one of the ${indexed} indexed papers links its code.` : `None of the ${indexed} indexed papers links its code in its metadata or abstract.`;
  const one = found.length === 1;
  const head = without ? `${of} ${one ? 'links' : 'link'} no code in ${one ? 'its' : 'their'} metadata or abstract:` : `${of} ${one ? 'links its' : 'link their'} code (in the metadata or the abstract):`;
  const byId = new Map(found.map((p) => [p.id, p]));
  const lines = sources.map((s) => {
    const link = without ? undefined : codeLinksOf(byId.get(s.paperId)!)[0];
    return link ? `${listedPaper(s)}: ${link}` : listedPaper(s);
  });
  return [head, ...lines, ...moreThanListed(found.length, '"Where is the code for <paper>?" gives one paper\'s links')].join('\n');
}

/** A sentence that says what will become of the code ("Our code will be open-sourced soon."), closing the words that find it. */
const CODE_RELEASE = /\b(?:code|implementation|source|models?|weights|data(?:set)?s?)\b[^.]*\b(?:will be|to be|is|are|be)\s+(?:(?:made\s+)?(?:publicly\s+)?(?:available|released|open[- ]?sourced?|public))\b/i;

/** ' Its abstract says: "Our code will be open-sourced soon."', or nothing. */
function codePromised(abstract: string): string {
  const said = splitSentences(abstract).find((s) => CODE_RELEASE.test(s.text));
  return said ? ` Its abstract says: "${markdownLiteral(said.text.trim())}"` : '';
}

/** The links a paper's abstract writes, each once, in order. */
function abstractLinks(paper: Paper): string[] {
  return [...new Set(paper.abstract.match(URL_IN_TEXT) ?? [])];
}
