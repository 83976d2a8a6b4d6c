import { escapeRegExp, wholeWord } from '../text/pattern.js';
import MiniSearch, { type SearchOptions } from 'minisearch';
import { isCoined, systemName, type Paper } from '../corpus/paper.js';
import { isEnglishWord } from '../text/english.js';
import { isStopword, normalize, words } from '../text/terms.js';
import type { PaperRef } from '../types.js';
import { idInLink, normalizeArxiv } from '../corpus/ids.js';
import { declaredNames, foldsAsName } from './declared-names.js';
import { editDistance, namesByWord, queryTerms, scan, SHORT_WORD, TITLE_TYPOS, typos, TYPOS_MAX, wholeFirst, wordParts, type PaperMatch } from './fuzzy.js';
import { codeKey, idLike, keyOf, linkKey } from './paper-keys.js';
import { ARXIV_PREFIX, ARXIV_VERSIONED, CAPITALISED, LINK_ALONE, UNPREVIEWED_LINK } from '../lexicon/paper-names.js';

/** Longer than any title; past it, fuzzy matching costs seconds and gigabytes for nothing. */
export const MAX_PAPER_QUERY_CHARS = 300;

/**
 * Up to this many papers the fuzzy index is built at once (19 papers: 1 ms, 5,000: ~0.3 s).
 * A larger corpus builds it in slices between other work (87,000 papers: ~6 s), so a bot that
 * starts on it answers at once; lookups meanwhile use a plain scan of the titles.
 */
export const SYNC_CATALOG_MAX = 5_000;
const CATALOG_SLICE = 1_000;
/** A name of several words that this many other papers also write is a topic, not a name. */
const PHRASE_OTHERS_MAX = 3;
/** An English word names its paper in lower case ("kite" for KITE) only when this few other papers write it ("best" is in dozens). */
const WORD_OTHERS_MAX = 1;
/** Two letters ("s3", "rl") are too often an abbreviation of something else to name a paper in lower case. */
const LOWERCASE_NAME_MIN = 3;

type CatalogDoc = { id: string; title: string; keys: string; authors: string; titleParts: string };

/** The fields a paper is resolved and suggested by. The listing searches titleParts too (see list). */
const RESOLVING_FIELDS = ['title', 'keys', 'authors'];
const LISTING_FIELDS = [...RESOLVING_FIELDS, 'titleParts'];

/** What a name resolves to: one paper; several that the name names equally (two papers called PRISM); several whose titles write it ("video"); or none, with the closest. */
export type Resolution = { paper: Paper } | { namesakes: Paper[] } | { titled: Paper[] } | { candidates: Paper[] };

/** A name a paper owns, as it writes it; `declared` when only its abstract defines it, not its title. */
export type OwnedName = { paper: Paper; name: string; declared: boolean };

/** Looks papers up by id, alias or title, tolerating typos and partial words (for commands and autocomplete). */
export class PaperCatalog {
  private readonly byKey = new Map<string, Paper>();
  /** Papers by their page's address without scheme, "www." or trailing slash (see linkKey). */
  private readonly byLink = new Map<string, Paper>();
  /** Papers by the repository of their code (codeKey); null where two papers give one repository. */
  private readonly byCode = new Map<string, Paper | null>();
  /** System names (see systemName) as the titles write them; null when papers share one ("Transformers" names none of them). */
  private readonly bySystemName = new Map<string, Paper | null>();
  /** The made-up ones among them in lower case (pixelthink, vla-attc), for a question that writes them in other capitals. */
  private readonly byFoldedName = new Map<string, Paper | null>();
  /** Names, by whether their paper owns them with how many other papers allowed to write them ("1 kite", "3 Group Cognition Learning"; see ownsPhrase). */
  private readonly phraseOwned = new Map<string, boolean>();
  /** Every paper's names (system name, acronyms its abstract declares), by keyOf, for a paper option that writes one in any case. */
  private readonly byName = new Map<string, OwnedName[]>();
  private readonly search: MiniSearch<CatalogDoc>;
  /** Whether every paper is in `search`; until then lookups scan. */
  private complete = false;
  private stopped = false;
  /** Settles when the fuzzy index holds every paper (or the catalog was closed); a process with nothing else to do exits first. */
  readonly ready: Promise<void>;

  constructor(readonly papers: Paper[]) {
    for (const p of papers) {
      for (const key of [p.id, ...p.aliases, p.title]) this.byKey.set(keyOf(key), p);
      if (p.url) this.byLink.set(linkKey(p.url), p);
      for (const code of p.code ?? []) {
        const key = codeKey(code);
        const owner = this.byCode.get(key);
        this.byCode.set(key, owner === undefined || owner === p ? p : null);
      }
    }
    this.search = new MiniSearch({
      fields: LISTING_FIELDS,
      storeFields: [],
      // Stopwords would make "a paper about basket weaving" fuzzily match half the titles.
      processTerm: (t) => (isStopword(normalize(t)) ? null : normalize(t)),
      tokenize: (t, field) => (field === 'titleParts' ? wordParts(t) : words(t)),
      searchOptions: { fields: RESOLVING_FIELDS, boost: { title: 2, keys: 3, titleParts: 2 }, prefix: true, fuzzy: TITLE_TYPOS, combineWith: 'OR' },
    });
    if (papers.length <= SYNC_CATALOG_MAX) {
      this.add(papers);
      this.complete = true;
      this.ready = Promise.resolve();
    } else this.ready = this.addInSlices();
  }

  /** Whether lookups use the fuzzy index yet (false while a large corpus is still being added). */
  get fuzzy(): boolean {
    return this.complete;
  }

  /** Stops a build in slices: the catalog was replaced (a reindex). */
  close(): void {
    this.stopped = true;
  }

  private async addInSlices(): Promise<void> {
    for (let i = 0; i < this.papers.length; i += CATALOG_SLICE) {
      // An unref'd timer: a command-line run that is done exits rather than wait for the catalog.
      await new Promise((resolve) => setTimeout(resolve, 0).unref());
      if (this.stopped) return;
      this.add(this.papers.slice(i, i + CATALOG_SLICE));
    }
    this.complete = true;
  }

  /**
   * Finding system names costs about 6 µs a title, and the names abstracts declare about as
   * much again (1 s at 87,000 papers), so it is done with the fuzzy index, in slices.
   */
  private add(papers: Paper[]): void {
    this.search.addAll(papers.map(catalogDoc));
    for (const p of papers) {
      const declaredHere = declaredNames(p.abstract);
      for (const declared of declaredHere) this.own(declared, p, true);
      const name = systemName(p.title);
      // A title with no name of its own ("Model Soups Need Only One Ingredient"): the made-up word its abstract declares
      // ("MonoSoup") is its name, found in lower case as a title's is; acronyms ("GCL") are not, as "gcl" is too often something else.
      if (!name) for (const declared of declaredHere.filter(foldsAsName)) this.byFoldedName.set(declared.toLowerCase(), this.byFoldedName.has(declared.toLowerCase()) ? null : p);
      // A name of several words is one when written with its capitals: "Group Cognition Learning", not "learning syntax".
      if (!name || (name.includes(' ') && name.split(' ').filter((w) => CAPITALISED.test(w)).length < 2)) continue;
      this.own(name, p, false);
      this.bySystemName.set(name, this.bySystemName.has(name) ? null : p);
      // Made up, or one word that is no English word ("Furina"): found in lower case too.
      if (!isCoined(name) && (name.includes(' ') || isEnglishWord(name))) continue;
      const folded = name.toLowerCase();
      this.byFoldedName.set(folded, this.byFoldedName.has(folded) ? null : p);
    }
  }

  private own(name: string, paper: Paper, declared: boolean): void {
    this.ownAs(keyOf(name), name, paper, declared);
    // "TGVKV", "mllm4d": the name typed without its hyphens.
    const compact = keyOf(name).replaceAll(' ', '');
    if (compact !== keyOf(name)) this.ownAs(compact, name, paper, declared);
  }

  private ownAs(key: string, name: string, paper: Paper, declared: boolean): void {
    const owners = this.byName.get(key);
    const mine = owners?.find((o) => o.paper === paper);
    if (!owners) this.byName.set(key, [{ paper, name, declared }]);
    else if (!mine) owners.push({ paper, name, declared });
    // An abstract that declares its title's name again ("PRISM: ..." and "we introduce PRISM, a ...") owns it as its title does, in any case.
    else if (!declared) mine.declared = false;
  }

  /**
   * The papers that own `query` as a name: their title's system name in any case ("PRISM",
   * "prism", "Group Cognition Learning"), or an acronym their abstract defines for what it
   * proposes ("we propose Group Cognition Learning (GCL)") written as a made-up word ("GCL",
   * "S3", not "sand" for SAND), unless other papers write that acronym too (a topic). Empty
   * until the catalog is complete.
   */
  owners(query: string): OwnedName[] {
    if (!this.complete) return [];
    const owners = this.byName.get(keyOf(query)) ?? [];
    const q = query.trim();
    return owners.filter((o) => !o.declared || ((q === o.name || isCoined(q) || (foldsAsName(o.name) && !isEnglishWord(o.name))) && this.ownsPhrase(o.name, o.paper)));
  }

  /**
   * The one paper whose system `word` names: as the title writes it ("Furina", "BEST", "Group
   * Cognition Learning", words separated by one space), or a
   * made-up name written as another made-up word ("PIXELTHINK", "Vla-Attc"). An ordinary word
   * never matches a made-up name: "Best practices ..." does not name BEST, nor "Cope" CoPE. A
   * map lookup, for every question; undefined until the catalog is complete.
   */
  withSystemName(word: string): Paper | undefined {
    if (!this.complete) return undefined;
    const asWritten = this.bySystemName.get(word);
    if (asWritten) return !word.includes(' ') || this.ownsPhrase(word, asWritten) ? asWritten : undefined;
    if (asWritten === null) return undefined;
    return isCoined(word) ? (this.byFoldedName.get(word.toLowerCase()) ?? undefined) : undefined;
  }

  /**
   * Whether a name is its paper's own rather than a topic or a word other papers write too
   * ("Mixture of Experts: ...", "best"): fewer than `othersMax` other titles or abstracts hold
   * it. A scan of the corpus, so done the first time a question writes the name, then kept.
   */
  private ownsPhrase(name: string, paper: Paper, othersMax = PHRASE_OTHERS_MAX): boolean {
    // By how many others are allowed too: "kite" as a lower-case word (none) and a declared "KITE" (a few) are asked apart.
    const key = `${othersMax} ${name}`;
    let owns = this.phraseOwned.get(key);
    if (owns === undefined) {
      const phrase = wholeWord(escapeRegExp(name).replace(/ /g, '\\s+'), 'iu');
      let others = 0;
      for (const p of this.papers) if (p !== paper && (phrase.test(p.title) || phrase.test(p.abstract)) && ++others >= othersMax) break;
      owns = others < othersMax;
      this.phraseOwned.set(key, owns);
    }
    return owns;
  }

  /**
   * The paper whose name `word` writes in lower case ("pixelthink", "veq", "furina"), of
   * LOWERCASE_NAME_MIN letters or more. An English word names its paper only when no other paper
   * writes it ("kite" for KITE, "cobra" for COBRA), so that an ordinary word ("best" for BEST,
   * "induction" for INDUCTION) does not, nor one that `readsAsWord` where it stands ("keep in mind").
   */
  withLowercaseName(word: string, readsAsWord = false): Paper | undefined {
    if (!this.complete || word.length < LOWERCASE_NAME_MIN || word !== word.toLowerCase()) return undefined;
    const paper = this.byFoldedName.get(word);
    if (!paper || !isEnglishWord(word)) return paper ?? undefined;
    return !readsAsWord && this.ownsPhrase(word, paper, WORD_OTHERS_MAX) ? paper : undefined;
  }

  /**
   * The papers whose name is this lower-case English word in capitals, in their title or declared
   * by their abstract, where the word does not name them (see withLowercaseName): other papers
   * write it too ("best" for BEST, "scale" for SCALE), or the question `readsAsWord` there. The
   * question means the word, yet a search for it finds their name. "sand" alone, which only SAND's
   * abstract writes, is left to find SAND.
   */
  calledInCapitals(word: string, readsAsWord: boolean): Paper[] {
    if (!this.complete || word !== word.toLowerCase() || !isEnglishWord(word)) return [];
    const capitals = word.toUpperCase();
    return (this.byName.get(keyOf(word)) ?? []).filter((o) => o.name === capitals && (readsAsWord || !this.ownsPhrase(word, o.paper, WORD_OTHERS_MAX))).map((o) => o.paper);
  }

  /**
   * The paper with this id, alias or exact title, or at this link: its arXiv page (any version,
   * abstract or PDF) or the page its record gives ("https://proceedings.mlr.press/v306/chen26a.html"),
   * so /summary, /related and the paper option take a pasted link as /ask does.
   */
  get(typed: string): Paper | undefined {
    // As Discord writes a link it shows no preview of ("<https://…>"), and an arXiv id as papers cite it ("arXiv:2505.23727").
    const id = typed.trim().replace(UNPREVIEWED_LINK, '$1').replace(ARXIV_PREFIX, '');
    // An arXiv id with its version ("2505.23727v2") is the paper without it.
    const found = this.byKey.get(keyOf(id)) ?? this.byKey.get(keyOf(id.replace(ARXIV_VERSIONED, '$1')));
    if (found || !LINK_ALONE.test(id)) return found;
    const arxiv = normalizeArxiv(id);
    const linkedId = idInLink(id);
    return (arxiv ? this.byKey.get(keyOf(arxiv)) : undefined) ?? this.byLink.get(linkKey(id)) ?? (linkedId ? this.byKey.get(keyOf(linkedId)) : undefined) ?? this.byCode.get(codeKey(id)) ?? undefined;
  }

  /**
   * Best matches for what a user is typing, best first: each word as the start of a word of a
   * title or id (its hyphenated parts too: "dpo" finds TUR-DPO), a word longer than SHORT_WORD
   * with typos too, so a half-written title already finds its paper; and an author's name written
   * whole, or its start or a typo of it when longer than SHORT_WORD ("zettlem", "Zetlemoyer").
   * The papers that match every word, when some do; otherwise those matching any. "kv cache"
   * offered its titles, then fifteen that matched an author "Ke" or "Lv" a typo away from "kv";
   * "model soups" its paper, then 24 titles that write "model". An empty query lists papers in
   * corpus order.
   */
  suggest(query: string, limit = 25): PaperMatch[] {
    return this.matching(query, limit, (q) => {
      if (!this.complete) return wholeFirst(scan(this.papers, q));
      const loose = (term: string) => term.length > SHORT_WORD;
      const found = this.search.search({
        combineWith: 'OR',
        queries: [
          // MiniSearch's quarter of the word's letters, not typos(): it counts swapped letters as two edits ("FooNte"), and misspelled() picks from these.
          { queries: [q], fields: ['title', 'titleParts'], prefix: true, fuzzy: (term) => (loose(term) ? TITLE_TYPOS : false) },
          // An id is typed from its start, and as one: "rl" started the OpenReview id "rl2uqlcoqx" of a paper on speculative decoding.
          { queries: [q], fields: ['keys'], prefix: idLike, fuzzy: false },
          { queries: [q], fields: ['authors'], prefix: loose, fuzzy: (term) => (loose(term) ? typos(term) : false) },
        ],
      });
      const asked = new Set(queryTerms(q)).size;
      // Fewer typos first, whatever the score: "difusion" is one letter from "Diffusion" and two from "Fusion", a shorter and rarer title word that scores higher.
      const edits = (r: (typeof found)[number]) => r.queryTerms.reduce((sum, typed) => sum + Math.min(...r.terms.map((t) => (t.startsWith(typed) ? 0 : editDistance(typed, t, TYPOS_MAX)))), 0);
      const ranked = found.map((r) => ({ paper: this.get(String(r.id))!, score: r.score, whole: r.queryTerms.length >= asked, edits: edits(r) }));
      return wholeFirst(ranked.sort((a, b) => a.edits - b.edits || b.score - a.score));
    });
  }

  /**
   * The papers a search lists (/papers): those matching every word, best first. suggest()'s
   * "any word" listed 110 papers for "Song Wang", every Song and every Wang, and its typo
   * tolerance on short words added the Yangs and Longs; here only a word longer than
   * SHORT_WORD may be misspelled. A title's hyphenated words and joined names (KernelFoundry) count as their parts too
   * ("large vision language models" finds "Large Vision-Language Models"), which resolve()
   * must not do: there the parts made "VLA" match every "VLA-..." title equally.
   */
  list(query: string, limit = 1000): PaperMatch[] {
    const fuzzy = (term: string) => (term.length > SHORT_WORD ? typos(term) : false);
    return this.matching(query, limit, (q) => (this.complete ? this.found(q, { fields: LISTING_FIELDS, combineWith: 'AND', fuzzy }) : scan(this.papers, q, false, true)));
  }

  private matching(query: string, limit: number, find: (q: string) => PaperMatch[]): PaperMatch[] {
    const q = query.trim().slice(0, MAX_PAPER_QUERY_CHARS);
    if (!q) return this.papers.slice(0, limit).map((paper) => ({ paper, score: 0 }));
    const exact = this.get(q);
    // A link names a paper by its address or by none: its words ("abs", "arxiv", "org") would suggest any title that starts with them.
    if (LINK_ALONE.test(q)) return exact ? [{ paper: exact, score: Infinity }] : [];
    const found = find(q);
    const out = exact ? [{ paper: exact, score: Infinity }, ...found.filter((m) => m.paper.id !== exact.id)] : found;
    return out.slice(0, limit);
  }

  private found(q: string, options?: SearchOptions): PaperMatch[] {
    return this.search.search(q, options).map((r) => ({ paper: this.get(String(r.id))!, score: r.score }));
  }

  /**
   * A paper only when the text clearly names one: its id, an alias, its title or the start
   * of it, or its short name ("PhaseCoder"). A topic such as "spatial audio" names none, even
   * if one title matches it well, so /related can tell "papers like X" from "papers on X".
   */
  named(query: string): Paper | undefined {
    const q = keyOf(query);
    if (!q) return undefined;
    const exact = this.byKey.get(q);
    if (exact) return exact;
    for (const { paper } of this.suggest(query, 5)) {
      const title = keyOf(paper.title);
      const name = keyOf(paper.title.split(':')[0] ?? '');
      if (q === name || (q.length >= 12 && title.startsWith(q))) return paper;
    }
    return undefined;
  }

  /**
   * The paper whose short name ("PixelThink") `text` misspells by at most two edits (one for
   * words under seven letters), when exactly one does: for "did you mean" after a refusal.
   * Hyphens and spaces are no part of the spelling: "tgvkv" and "3drft" are TGV-KV and 3D-RFT
   * typed without them, "mentis ocluli" MentisOculi apart and misspelt.
   */
  misspelled(text: string): Paper | undefined {
    const typed = keyOf(text);
    const w = typed.replaceAll(' ', '');
    if (w.length < 5) return undefined;
    const near = new Set<Paper>();
    for (const { paper } of this.suggest(text, 10)) {
      const name = keyOf(systemName(paper.title));
      const joined = name.replaceAll(' ', '');
      if (joined.length >= 5 && name !== typed && editDistance(w, joined, 2) <= typos(w)) near.add(paper);
    }
    return near.size === 1 ? [...near][0] : undefined;
  }

  /**
   * Papers whose names hold a short word as a part ("DPO" of TUR-DPO, "GPT" of OpenGPT-4o-Image),
   * or, for a word too short for misspelled(), that it misspells by one edit ("VEQQ", "VQE" of
   * VEQ, which were suggested nothing): suggestions for a word too short to be matched loosely.
   * A pass over the names, for a name that matched nothing.
   */
  private namesHolding(word: string): Paper[] {
    const w = keyOf(word);
    if (w.length < 3 || w.includes(' ')) return [];
    const near = (name: string) => name.includes(w) || (w.length < 5 && name.length >= 3 && !name.includes(' ') && editDistance(w, name, 1) <= 1);
    const out = new Set<Paper>();
    for (const [name, owners] of this.byName) if (name !== w && near(name)) for (const o of owners) if (!o.declared) out.add(o.paper);
    return [...out];
  }

  /**
   * The paper a user meant: an exact id, alias or title; a name one paper owns (see owners);
   * else a match of the title's words that clearly beats the next one, where a short word
   * counts only written whole and a longer one with as many typos as misspelled() allows; else
   * the paper whose name a single word misspells. Several papers owning the name are its
   * namesakes; otherwise, when nothing is clear, the closest papers.
   */
  resolve(query: string): Resolution {
    const exact = this.get(query.trim());
    if (exact) return { paper: exact };
    const owners = [...new Set(this.owners(query).map((o) => o.paper))];
    if (owners.length === 1) return { paper: owners[0]! };
    if (owners.length > 1) return { namesakes: owners };
    const found = this.strictSearch(query);
    // "video" in three titles names none of them: several papers, not a miss ("No paper matches").
    const phrase = wholeWord(escapeRegExp(query.trim()).replace(/\s+/g, '\\s+'), 'iu');
    const titled = found.map((m) => m.paper).filter((p) => phrase.test(p.title));
    if (titled.length > 1) return { titled };
    const matches = found.slice(0, 5);
    const [first, second] = matches;
    const qWords = words(query);
    const clear = first && (!second || first.score >= second.score * 1.5) && first.score >= Math.max(1, qWords.length) * 1.5;
    // One word is little evidence: "GenEval" is a typo of a title's "General", "CALVIN" of an author's "Melvin".
    if (clear && (qWords.length !== 1 || namesByWord(first.paper, qWords[0]!))) return { paper: first.paper };
    const meant = this.misspelled(query);
    if (meant) return { paper: meant };
    const holding = qWords.length === 1 ? this.namesHolding(query) : [];
    return { candidates: [...new Set([...holding, ...matches.map((m) => m.paper)])].slice(0, 5) };
  }

  /** suggest() without typo or prefix tolerance for short words, which would turn any acronym into some title's word, and with misspelled()'s tolerance for longer ones. */
  private strictSearch(query: string): PaperMatch[] {
    const q = query.trim().slice(0, MAX_PAPER_QUERY_CHARS);
    if (!this.complete) return scan(this.papers, q, true);
    const loose = (term: string) => term.length > SHORT_WORD;
    return this.search.search(q, { fuzzy: (term) => (loose(term) ? typos(term) : false), prefix: loose }).map((r) => ({ paper: this.get(String(r.id))!, score: r.score }));
  }
}

function catalogDoc(p: Paper): CatalogDoc {
  return { id: p.id, title: p.title, keys: [p.id, ...p.aliases].join(' '), authors: p.authors.join(' '), titleParts: p.title };
}

export function paperRef(p: Paper): PaperRef {
  return { id: p.id, title: p.title, url: p.url, authors: p.authors, ...(p.authorsIncomplete ? { authorsIncomplete: true } : {}), year: p.year, venue: p.venue };
}
