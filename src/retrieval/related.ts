import { shortName, type Paper } from '../corpus/paper.js';
import { DEFAULT_RETRIEVAL, type RetrievalSettings } from '../config.js';
import { stem, isStopword, terms, withoutAccents, WORD } from '../text/terms.js';
import { joinList } from '../text/clean.js';
import { isEnglishWord } from '../text/english.js';
import type { Retriever } from './retriever.js';
import type { Notice, RelatedPaper } from '../types.js';

/** A text's words as a reason needs them; parsed anew for each list, only for the texts it shows. */
interface ParsedText {
  /** Whole-word stems and how often the text writes each. */
  counts: Map<string, number>;
  /** Adjacent word pairs, keyed by stems (see `pairs`). */
  pairs: Map<string, string>;
  /** Each stem's written forms and how often each is written, for showing a term as the abstracts write it. */
  surfaces: Map<string, Map<string, number>>;
}

/** A text as sparse tf-idf weights of only its key terms (see keyWeights), with its parsed form: what a reason is built from. */
interface Profile {
  parsed: ParsedText;
  keys: Map<string, number>;
}

/**
 * A text's key terms as ids of a KeyTermTable's vocabulary, heaviest first, with their weights
 * and the norm of those: all that ranking a candidate needs, about half a kilobyte. The parsed
 * text a reason needs (counts, pairs, written forms) is about fifty: kept for every paper a list
 * ever considered, it grew without bound (189 MB after 108 requests at 100,000 chunks).
 */
interface KeyTerms {
  ids: Int32Array;
  weights: Float64Array;
  norm: number;
  /** How often the text writes each. */
  counts: Uint16Array;
}

interface Candidate {
  paper: Paper;
  keys: KeyTerms;
  score: number;
}

/**
 * Each paper's key terms, computed the first time it is a candidate and kept: a paper is a
 * candidate of many queries. One table per retriever, whose term statistics the weights come
 * from, so a reindex (a new retriever, new paper objects) starts afresh.
 */
class KeyTermTable {
  private readonly vocabulary = new Map<string, number>();
  readonly termOf: string[] = [];
  private readonly byPaper = new WeakMap<Paper, KeyTerms>();

  constructor(
    private readonly retriever: Retriever,
    readonly limit: number,
  ) {}

  of(paper: Paper): KeyTerms {
    let keys = this.byPaper.get(paper);
    if (!keys) {
      const counts = termCounts(paperText(paper));
      keys = this.compact(keyWeights(this.retriever, counts, this.limit), counts);
      this.byPaper.set(paper, keys);
    }
    return keys;
  }

  /**
   * Weights in the order keyWeights gives them, which every sum over them keeps. A term new to
   * the vocabulary is added when `learn`, else given an id no paper has (-1): the words of every
   * topic anyone types would otherwise be kept as long as the index.
   */
  compact(weights: Map<string, number>, counts: Map<string, number>, learn = true): KeyTerms {
    const ids = new Int32Array(weights.size);
    const written = new Uint16Array(weights.size);
    let i = 0;
    for (const t of weights.keys()) {
      let id = this.vocabulary.get(t) ?? (learn ? undefined : -1);
      if (id === undefined) {
        this.vocabulary.set(t, (id = this.vocabulary.size));
        this.termOf.push(t);
      }
      written[i] = Math.min(counts.get(t) ?? 0, 0xffff);
      ids[i++] = id;
    }
    const values = Float64Array.from(weights.values());
    return { ids, weights: values, norm: Math.sqrt(values.reduce((s, w) => s + w * w, 0)), counts: written };
  }
}

const keyTermTables = new WeakMap<Retriever, KeyTermTable>();

function keyTermTable(retriever: Retriever, limit: number): KeyTermTable {
  let table = keyTermTables.get(retriever);
  if (table?.limit !== limit) {
    table = new KeyTermTable(retriever, limit);
    keyTermTables.set(retriever, table);
  }
  return table;
}

function paperText(paper: Paper): string {
  return `${paper.title}\n${paper.abstract}`;
}

/**
 * Papers related to a paper (found by its chunks' vectors and its key terms) or to free text,
 * ranked by the similarity of their key terms (see likePaper; for free text, onTopic) and
 * diversified with maximal marginal relevance. Never the paper itself, and never a paper that
 * shares too little of what the two texts are about: a list may be shorter than `count`, or
 * empty. Each comes with the terms the two texts share: a reason that is true by construction,
 * and the same terms the similarity was measured on.
 */
export async function relatedPapers(retriever: Retriever, target: { paper: Paper } | { text: string }, count: number, settings: RetrievalSettings): Promise<RelatedPaper[]> {
  const self = 'paper' in target ? target.paper : undefined;
  const text = self ? paperText(self) : (target as { text: string }).text;
  // Under way while the key terms and BM25 are read.
  const vector = self ? paperVector(retriever, self) : retriever.queryVector(text);
  const targetProfile = profile(retriever, parse(text, !self), settings.relatedKeyTerms);
  const table = keyTermTable(retriever, settings.relatedKeyTerms);
  const keywordQuery = self ? [...targetProfile.keys.keys()].join(' ') : text;
  const keywordHits = retriever.keywordSearch(keywordQuery, undefined, settings.candidates * 2);
  const vectorHits = (await retriever.vectorSearch(await vector, undefined, settings.candidates * 2)).map((h) => h.id);

  // The fused lists find candidate papers (each at the rank of its best chunk); the similarity
  // of the two texts' terms ranks them (the hashed vectors approximate it, with collisions).
  const fused = new Map<string, number>();
  const addRanks = (chunkIds: string[], weight: number) => {
    const seen = new Set<string>();
    for (const chunkId of chunkIds) {
      const paperId = chunkId.slice(0, chunkId.lastIndexOf('#'));
      if (seen.has(paperId)) continue;
      if (paperId !== self?.id && retriever.paper(paperId)) fused.set(paperId, (fused.get(paperId) ?? 0) + weight / (settings.rrfK + seen.size + 1));
      seen.add(paperId);
    }
  };
  addRanks(vectorHits, 1);
  addRanks(keywordHits, settings.bm25Weight);
  const papers = [...fused.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, Math.max(count * 8, 40))
    .map(([paperId]) => retriever.paper(paperId)!);
  const similar = self ? likePaper(table, self, papers, settings) : onTopic(retriever, table, targetProfile, papers, settings);
  const chosen = mmr(similar, count, settings.mmrLambda);
  return chosen.map((c) => ({
    paperId: c.paper.id,
    title: c.paper.title,
    url: c.paper.url,
    score: Math.round(c.score * 1e4) / 1e4,
    reason: reasonOf(targetProfile, profile(retriever, parse(paperText(c.paper), !self), settings.relatedKeyTerms), !!self),
  }));
}

/**
 * How a request for papers opens, before its topic: "related work on", "something on", "show me
 * stuff about", "research on", "papers regarding". Its words are no part of the topic: no paper
 * writes "something", and "something on continual learning" listed nothing where "continual
 * learning" lists CoPE.
 */
const ASKING_FOR_PAPERS =
  /^\s*(?:(?:please\s+)?(?:find|show|give|list|get|recommend|suggest)(?:\s+me)?\s+)?(?:(?:some|any|more|other)\s+)?(?:(?:recent|related|relevant|similar|other|prior|previous|new)\s+)?(?:papers?|works?|research|literature|stuff|something|anything|studies|articles|publications|reading)\s+(?:on|about|regarding|concerning|into|around|related\s+to|dealing\s+with|in\s+the\s+area\s+of)\s+(?=\S)/i;

/** A topic without the words that ask for papers on it (see ASKING_FOR_PAPERS): "related work on spatial audio" is "spatial audio". */
export function topicAsked(text: string): string {
  return text.replace(ASKING_FOR_PAPERS, '');
}

/**
 * A topic's share (by the weight of its words) that a paper must write to be weighed wherever it
 * writes them, and the share of what the best-matching paper writes of it that a paper must
 * write to be listed at all. "speculative decoding" listed four papers that write only
 * "decoding" beside the one about speculative decoding; "robot manipulation" missed VLAW,
 * which writes both words once each, neither among its key terms.
 */
const TOPIC_SHARE = 0.6;

/** The most words a topic has for its words no paper writes to leave it on nothing indexed (see onTopic); a longer text (a pasted abstract) may hold many such words. */
const SHORT_TOPIC_WORDS = 4;

/** The candidates related to a paper, most similar first: by the cosine of the two papers' key terms. */
function likePaper(table: KeyTermTable, self: Paper, papers: Paper[], settings: RetrievalSettings): Candidate[] {
  const target = table.of(self);
  const candidates = papers.map((paper) => {
    const keys = table.of(paper);
    return { paper, keys, score: sparseCosine(target, keys) };
  });
  const selfName = terms(shortName(self.title), { parts: false });
  return aboveFloor(candidates, settings).filter((c) => relatedEnough(table, selfName, target, c.paper, c.keys));
}

/** Candidates best first, without those below the similarity floor: an absolute one, and a share of the best. */
function aboveFloor<C extends { score: number }>(candidates: C[], settings: RetrievalSettings): C[] {
  candidates.sort((a, b) => b.score - a.score);
  const floor = Math.max(settings.minRelatedSimilarity, settings.minRelatedShareOfBest * (candidates[0]?.score ?? 0));
  return candidates.filter((c) => c.score > 0 && c.score >= floor);
}

/**
 * Whether what two papers' key terms share is more than a coincidence: a term a reason can show
 * (see showable) that both write at least twice, or two such terms. Not their name when both
 * bear it (two papers called PRISM), and not one word written in passing by either: MLLM-4D was
 * listed for sharing "4D" alone, with "no distinctive terms in common" as its reason, and a
 * statistics paper beside protein papers for one mention of "protein".
 */
function relatedEnough(table: KeyTermTable, aName: string[], aKeys: KeyTerms, b: Paper, bKeys: KeyTerms): boolean {
  const bName = terms(shortName(b.title), { parts: false });
  const names = new Set(aName.filter((t) => bName.includes(t)));
  const shared = new Set<string>();
  for (let i = 0; i < aKeys.ids.length; i++) {
    const id = aKeys.ids[i]!;
    const j = bKeys.ids.indexOf(id);
    const term = table.termOf[id]!;
    if (j < 0 || !showable(term) || names.has(term)) continue;
    if (aKeys.counts[i]! >= 2 && bKeys.counts[j]! >= 2) return true;
    shared.add(singular(term));
  }
  return shared.size >= 2;
}

/**
 * The candidates on a topic (free text), best first: by the cosine of the topic's words and the
 * paper's weight of each. A paper that writes most of the topic is weighed wherever it writes
 * it, not only on its key terms; one that writes less, only on its key terms, so that a word it
 * mentions in passing does not make it a paper on the topic.
 */
function onTopic(retriever: Retriever, table: KeyTermTable, topic: Profile, papers: Paper[], settings: RetrievalSettings): Candidate[] {
  const asked = [...topic.keys];
  const total = asked.reduce((s, [, w]) => s + w, 0);
  const paperKeys = papers.map((paper) => table.of(paper));
  // After the candidates': a word of the topic that is no paper's key term matches none of them, and need not be kept.
  const topicKeys = table.compact(topic.keys, topic.parsed.counts, false);
  // Which papers write each word of the topic, from the postings (parts count as written: "mixture-of-experts" writes
  // "experts"): only a paper that writes most of the topic has its text read, for how often it writes each word.
  const writers = asked.map(([t]) => retriever.papersWriting(t));
  // A topic of a few words that is mostly words no paper writes is on nothing indexed: "quantum computing" listed papers that write "computing" alone.
  const unwritten = asked.reduce((sum, [, w], k) => (writers[k]!.size === 0 ? sum + w : sum), 0);
  if (asked.length <= SHORT_TOPIC_WORDS && total && unwritten / total > 1 - TOPIC_SHARE) return [];
  const candidates = papers.map((paper, i) => {
    const keys = paperKeys[i]!;
    const covered = asked.reduce((sum, [, w], k) => (writers[k]!.has(paper.id) ? sum + w : sum), 0);
    const coverage = total ? covered / total : 0;
    const norms = topicKeys.norm * keys.norm;
    const score = coverage >= TOPIC_SHARE ? (norms ? topicDot(retriever, asked, paper) / norms : 0) : sparseCosine(topicKeys, keys);
    return { paper, keys, score, coverage };
  });
  const similar = aboveFloor(candidates, settings);
  const bestCoverage = Math.max(0, ...similar.map((c) => c.coverage));
  return similar.filter((c) => c.coverage >= TOPIC_SHARE * bestCoverage);
}

/** A topic's words against how often a paper writes each (log-scaled) and how rare each is. */
function topicDot(retriever: Retriever, asked: [string, number][], paper: Paper): number {
  const counts = termCounts(paperText(paper));
  let dot = 0;
  for (const [t, w] of asked) {
    const n = counts.get(t);
    if (n) dot += w * (1 + Math.log(n)) * retriever.termStats.idf(t);
  }
  return dot;
}

/** Short stems keep a plural ("sets", "maps": see stem): for counting what two texts share, "sets" and "set" are one term. */
function singular(term: string): string {
  return term.length <= 4 && term.endsWith('s') ? term.slice(0, -1) : term;
}

/** Whether a reason may name a term: digits alone ("2", "30.4") and two-letter stems say nothing to a reader. */
function showable(term: string): boolean {
  return term.length >= 3 && /\p{L}/u.test(term);
}

/** The mean of a paper's chunk vectors, read back from the index (no re-embedding). */
async function paperVector(retriever: Retriever, paper: Paper): Promise<number[] | null> {
  const vectors = await retriever.chunkVectors(paper.id);
  if (vectors.length === 0) return retriever.queryVector(paperText(paper));
  return Array.from({ length: vectors[0]!.length }, (_, i) => vectors.reduce((s, v) => s + v[i]!, 0) / vectors.length);
}

function mmr(candidates: Candidate[], count: number, lambda: number): Candidate[] {
  if (candidates.length === 0) return [];
  const max = candidates[0]!.score || 1;
  const chosen: Candidate[] = [];
  const left = [...candidates];
  while (chosen.length < count && left.length) {
    let bestIdx = 0;
    let best = -Infinity;
    left.forEach((c, i) => {
      const redundancy = chosen.length ? Math.max(...chosen.map((s) => sparseCosine(c.keys, s.keys))) : 0;
      const value = lambda * (c.score / max) - (1 - lambda) * redundancy;
      if (value > best) {
        best = value;
        bestIdx = i;
      }
    });
    chosen.push(left.splice(bestIdx, 1)[0]!);
  }
  return chosen;
}

/** `ofPairs`: for a topic's reasons, words "of" joins are a pair too (see pairs). */
function parse(text: string, ofPairs = false): ParsedText {
  const written = writtenWords(text);
  return { counts: termCounts(text), pairs: pairs(text, written, ofPairs), surfaces: surfaceForms(written) };
}

/** Whole-word stems and how often the text writes each. */
function termCounts(text: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const t of terms(text, { parts: false })) counts.set(t, (counts.get(t) ?? 0) + 1);
  return counts;
}

/**
 * A text's key terms: its `limit` heaviest whole-word stems by tf-idf, what the text is about.
 * Measured on all its words, two abstracts look alike through the prose every abstract writes
 * once ("support", "recent", "often", "address"): PixelThink's nearest paper was CoPE, through
 * "learning" and "labels". A word one abstract repeats or few abstracts write is among its key terms.
 */
function keyWeights(retriever: Retriever, counts: Map<string, number>, limit: number): Map<string, number> {
  const weights = [...counts].map(([t, n]) => [t, (1 + Math.log(n)) * retriever.termStats.idf(t)] as const);
  return new Map(weights.sort((a, b) => b[1] - a[1]).slice(0, limit));
}

function profile(retriever: Retriever, parsed: ParsedText, limit: number): Profile {
  return { parsed, keys: keyWeights(retriever, parsed.counts, limit) };
}

/**
 * 'Both abstracts use the key terms "spatial audio" and "localization".' Built only from what
 * both texts are about (terms key to each, see `profile`) and the phrases both write around them,
 * so the reason is true and telling rather than a shared stray verb. Quoted, as terms the texts
 * use: a key term may be an adjective or a verb with its object ("uncertainty-aware", "reduces
 * hallucinations"), which "Both abstracts discuss uncertainty-aware" made no sentence of.
 */
export function sharedTermsReason(retriever: Retriever, a: string, b: string, fromPaper = true, settings: Pick<RetrievalSettings, 'relatedKeyTerms'> = DEFAULT_RETRIEVAL): string {
  return reasonOf(profile(retriever, parse(a, !fromPaper), settings.relatedKeyTerms), profile(retriever, parse(b, !fromPaper), settings.relatedKeyTerms), fromPaper);
}

/** A topic word's weight (its idf, written once) below which more than half the indexed texts write it: 1 + ln 2. */
const COMMON_WORD_WEIGHT = 1 + Math.LN2;

function reasonOf(a: Profile, b: Profile, fromPaper: boolean): string {
  const weight = (t: string) => (a.keys.get(t) ?? 0) + (b.keys.get(t) ?? 0);
  // A topic's word counts wherever the paper writes it, as onTopic weighs it.
  const inB = (t: string) => (fromPaper ? b.keys.has(t) : b.parsed.surfaces.has(t));
  const keyToBoth = new Set([...a.keys.keys()].filter((t) => inB(t) && showable(t)));
  const shared: { phrase: string; weight: number }[] = [];
  // Word pairs first: "spatial audio" says more than "spatial" and "audio".
  for (const [key, phrase] of b.parsed.pairs) {
    const [x, y] = key.split(' ') as [string, string];
    if (a.parsed.pairs.has(key) && (keyToBoth.has(x) || keyToBoth.has(y))) shared.push({ phrase: commonForm(key, phrase, a, b), weight: weight(x) + weight(y) });
  }
  // A compound's parts too: "experts" beside "mixture-of-experts" only repeats it.
  const inPairs = new Set(shared.flatMap((s) => s.phrase.toLowerCase().split(/[\s-]+/).map((w) => stem(w))));
  // Of a topic's words, one most abstracts write ("models" of "papers about diffusion models") tells nothing beside the others.
  const common = (t: string) => !fromPaper && (a.keys.get(t) ?? 0) < COMMON_WORD_WEIGHT;
  const lone = [...keyToBoth].filter((t) => !inPairs.has(t));
  const told = shared.length || lone.some((t) => !common(t)) ? lone.filter((t) => !common(t)) : lone;
  for (const t of told) shared.push({ phrase: surfaceOf(t, a, b), weight: weight(t) });
  const top = distinctPhrases(shared.sort((x, y) => y.weight - x.weight).map((s) => s.phrase)).slice(0, 4);
  if (top.length === 0) return fromPaper ? 'Similar overall wording, but no distinctive terms in common.' : 'Similar overall wording to your query.';
  const named = `${top.length === 1 ? 'term' : 'terms'} ${joinList(top.map((t) => `"${t}"`))}`;
  return fromPaper ? `Both abstracts use the key ${named}.` : `Its abstract uses your query's ${named}.`;
}

/**
 * The written form of a stem both texts write most often ("reasoning", not the one "reason" a verb
 * wrote), in the capitals they write it with most; of capitals written as often, the listed paper's
 * ("KV", not a query's "kv").
 */
function surfaceOf(t: string, a: Profile, b: Profile): string {
  const count = (into: Map<string, number>, forms: Iterable<[string, number]>, key: (form: string) => string) => {
    for (const [form, n] of forms) into.set(key(form), (into.get(key(form)) ?? 0) + n);
    return into;
  };
  const [ofA, ofB] = [[...(a.parsed.surfaces.get(t) ?? [])], [...(b.parsed.surfaces.get(t) ?? [])]];
  const word = mostWritten(count(count(new Map(), ofA, caseless), ofB, caseless));
  if (!word) return t;
  const spelt = (forms: [string, number][]) => forms.filter(([form]) => caseless(form) === word);
  return mostWritten(count(count(new Map(), spelt(ofB), asWritten), spelt(ofA), asWritten));
}

const caseless = (form: string) => form.toLowerCase();
const asWritten = (form: string) => form;

/**
 * A pair as written: as the listed paper `b` writes it where the other text writes it too, in other
 * capitals or not ("KV cache" for a query typed "kv cache"); else with each word in its most
 * written form, when the two texts write other forms of its words and one of them writes the pair
 * so; else as `b` writes it. Each word's most written form may be from elsewhere in the texts:
 * "energy-based model" and "energy-based modeling" made "energy-based models", which neither writes.
 */
function commonForm(key: string, phrase: string, a: Profile, b: Profile): string {
  const written = a.parsed.pairs.get(key)?.toLowerCase();
  if (written === phrase.toLowerCase()) return phrase;
  const mostWrittenWords = key.split(' ').map((t) => surfaceOf(t, a, b)).join(' ');
  return [written, phrase.toLowerCase()].includes(mostWrittenWords.toLowerCase()) ? mostWrittenWords : phrase;
}

/**
 * What a list shorter than asked for says: that no other paper passed the relevance floor, so
 * the reader does not take it for a fault (six of the ten asked for "KV cache").
 */
export function fewerRelated(listed: number, asked: number, aboutPaper: boolean): Notice | undefined {
  if (listed === 0 || listed >= asked) return undefined;
  return { said: `Listed ${listed} of the ${asked} papers asked for: no other paper is close enough to this ${aboutPaper ? 'one' : 'topic'}.` };
}

/** Cosine of two texts' key-term weights: a sum over `a`'s terms in its order, so the same two texts always give the same bits. */
function sparseCosine(a: KeyTerms, b: KeyTerms): number {
  let dot = 0;
  for (let i = 0; i < a.ids.length; i++) {
    const j = b.ids.indexOf(a.ids[i]!);
    if (j >= 0) dot += a.weights[i]! * b.weights[j]!;
  }
  const d = a.norm * b.norm;
  return d ? dot / d : 0;
}

function surfaceForms(written: readonly WrittenWord[]): Map<string, Map<string, number>> {
  const out = new Map<string, Map<string, number>>();
  for (const { word, shown } of written) {
    const parts = word.includes('-') ? [[word, shown], ...word.split('-').map((w, i) => [w, shown.split('-')[i]!])] : [[word, shown]];
    for (const [w, form] of parts as [string, string][]) {
      if (isStopword(w)) continue;
      const forms = out.get(stem(w)) ?? new Map<string, number>();
      forms.set(form, (forms.get(form) ?? 0) + 1);
      out.set(stem(w), forms);
    }
  }
  return out;
}

/** A word of a text: in lower case (as terms() reads it), as a reason shows it (see writtenWords), and where it starts and ends. */
interface WrittenWord {
  word: string;
  shown: string;
  index: number;
  end: number;
}

/** A text's words, each also as a reason shows it (see spellingOf). A paper's text is its title, then its abstract on the lines after. */
function writtenWords(text: string): WrittenWord[] {
  const written = withoutAccents(text);
  const titleEnd = written.includes('\n') ? written.indexOf('\n') : -1;
  return [...written.matchAll(WORD)].map((m) => {
    const before = written.slice(Math.max(0, m.index - SENTENCE_GAP_MAX), m.index);
    const startsSentence = (m.index <= SENTENCE_GAP_MAX && before.trim() === '') || SENTENCE_END.test(before);
    const spelt = !startsSentence && m.index > titleEnd;
    return { word: m[0].toLowerCase(), shown: spellingOf(m[0], spelt), index: m.index, end: m.index + m[0].length };
  });
}

/**
 * A word as a reason shows it: its hyphened parts with a capital inside as written, wherever they are
 * ("KV", "TGV-KV", "3D", "PINNs"); a capitalised part that is no English word ("Bayesian", "Markov") as
 * written where `spelt` (not starting a sentence or in a title); the rest in lower case: an English
 * word's capital is a sentence's, a title's or a longer name's ("Reasoning Models" of "Large Reasoning Models").
 */
function spellingOf(word: string, spelt: boolean): string {
  return word
    .split('-')
    .map((part) => (part === part.toLowerCase() || /^.+\p{Lu}/u.test(part) || (spelt && !isEnglishWord(part)) ? part : part.toLowerCase()))
    .join('-');
}

/** How far back from a word writtenWords looks for the end of a sentence before it: a full stop and a space or two. */
const SENTENCE_GAP_MAX = 4;
const SENTENCE_END = /[.!?:\n]\s*$/;

/**
 * Each phrase once, as the reader sees it: different stems can come out as the same text (the
 * shown form is taken from either abstract), and a lone word that a listed phrase or compound
 * already holds ("audio" beside "spatial audio", "experts" beside "mixture-of-experts") only repeats it.
 */
export function distinctPhrases(phrases: string[]): string[] {
  const shown = new Set<string>();
  const partsOf = (p: string) => p.toLowerCase().split(/[\s-]+/);
  const longer = phrases.map(partsOf).filter((parts) => parts.length > 1);
  // Its words run in order within a longer phrase: "fine-tuning" in "reinforcement fine-tuning".
  const within = (parts: string[]) => longer.some((l) => l.length > parts.length && l.some((_, i) => parts.every((w, k) => l[i + k] === w)));
  return phrases.filter((p) => {
    const key = p.toLowerCase();
    if (shown.has(key) || within(partsOf(p))) return false;
    shown.add(key);
    return true;
  });
}

/** Between the two words of a phrase: spaces only, no punctuation and no line break. */
const PHRASE_GAP = /^[ \t]+$/;

/**
 * Adjacent word pairs, keyed by stems. Only words the text writes next to each other count:
 * across a full stop, a parenthesis or the line between title and abstract they are no phrase
 * ("... Resolution Diffusion" then "Diffusion Transformers" gave "diffusion diffusion",
 * "language models (LMMs)" gave "models lmms"). A word of two letters is part of one ("KV
 * cache", "RL agents"): without it, a paper that writes "KV cache" was listed for "cache".
 */
function pairs(text: string, ws: readonly WrittenWord[], ofPairs: boolean): Map<string, string> {
  // Each pair's forms, counted: the one written most is shown.
  const forms = new Map<string, Map<string, number>>();
  const written = withoutAccents(text);
  const add = (x: string, y: string, phrase: string) => {
    if (isStopword(x) || isStopword(y) || x.length < 2 || y.length < 2 || /^\d/.test(x) || /^\d/.test(y) || stem(x) === stem(y)) return;
    const key = `${stem(x)} ${stem(y)}`;
    const counted = forms.get(key) ?? new Map<string, number>();
    counted.set(phrase, (counted.get(phrase) ?? 0) + 1);
    forms.set(key, counted);
  };
  const apart = (a: WrittenWord, b: WrittenWord) => PHRASE_GAP.test(written.slice(a.end, b.index));
  for (let i = 0; i < ws.length; i++) {
    const [a, b, c] = [ws[i]!, ws[i + 1], ws[i + 2]];
    if (b && apart(a, b)) add(a.word, b.word, `${a.shown} ${b.shown}`);
    // A topic's "mixture of experts" is a phrase, as "Mixture-of-Experts" is. Not between two abstracts: "learning of world models" is none.
    if (ofPairs && b?.word === 'of' && c && apart(a, b) && apart(b, c)) add(a.word, c.word, `${a.shown} of ${c.shown}`);
    compoundPairs(a, add);
  }
  return new Map([...forms].map(([key, counted]) => [key, mostWritten(counted)]));
}

/**
 * A compound's parts as the pairs written apart would be, each shown as the whole compound:
 * "Mixture-of-Experts" is the phrase a query's "mixture of experts" names ("experts" and "mixture"
 * were shown apart). Its parts next to each other or joined by "of" only.
 */
function compoundPairs(w: WrittenWord, add: (x: string, y: string, phrase: string) => void): void {
  const parts = w.word.split('-');
  for (let k = 0; k + 1 < parts.length; k++) {
    add(parts[k]!, parts[k + 1]!, w.shown);
    if (parts[k + 1] === 'of' && k + 2 < parts.length) add(parts[k]!, parts[k + 2]!, w.shown);
  }
}

/** The form written most often, the first of those written as often. */
function mostWritten(forms: Map<string, number>): string {
  let best = '';
  let most = 0;
  for (const [form, n] of forms) if (n > most) [best, most] = [form, n];
  return best;
}
