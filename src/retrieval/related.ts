import type { Paper } from '../corpus/paper.js';
import { DEFAULT_RETRIEVAL, type RetrievalSettings } from '../config.js';
import { words, stem, isStopword, terms, normalize, WORD } from '../text/terms.js';
import { joinList } from '../text/clean.js';
import type { Retriever } from './retriever.js';
import type { RelatedPaper } from '../types.js';

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
  private readonly byPaper = new WeakMap<Paper, KeyTerms>();

  constructor(
    private readonly retriever: Retriever,
    readonly limit: number,
  ) {}

  of(paper: Paper): KeyTerms {
    let keys = this.byPaper.get(paper);
    if (!keys) {
      keys = this.compact(keyWeights(this.retriever, termCounts(paperText(paper)), this.limit));
      this.byPaper.set(paper, keys);
    }
    return keys;
  }

  /** Weights in the order keyWeights gives them, which every sum over them keeps. */
  compact(weights: Map<string, number>): KeyTerms {
    const ids = new Int32Array(weights.size);
    let i = 0;
    for (const t of weights.keys()) {
      let id = this.vocabulary.get(t);
      if (id === undefined) this.vocabulary.set(t, (id = this.vocabulary.size));
      ids[i++] = id;
    }
    const values = Float64Array.from(weights.values());
    return { ids, weights: values, norm: Math.sqrt(values.reduce((s, w) => s + w * w, 0)) };
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
 * ranked by the similarity of their key terms and diversified with maximal marginal relevance.
 * Never the paper itself, and never a paper that shares none of what the two texts are about:
 * a list may be shorter than `count`, or empty. Each comes with the key terms the two texts
 * share: a reason that is true by construction, and the same terms the similarity was measured on.
 */
export async function relatedPapers(retriever: Retriever, target: { paper: Paper } | { text: string }, count: number, settings: RetrievalSettings): Promise<RelatedPaper[]> {
  const self = 'paper' in target ? target.paper : undefined;
  const text = self ? paperText(self) : (target as { text: string }).text;
  const vector = self ? await paperVector(retriever, self) : await retriever.embedder.embedQuery(text);
  const targetProfile = profile(retriever, parse(text), settings.relatedKeyTerms);
  const table = keyTermTable(retriever, settings.relatedKeyTerms);
  const targetKeys = self ? table.of(self) : table.compact(targetProfile.keys);
  const keywordQuery = self ? [...targetProfile.keys.keys()].join(' ') : text;
  const vectorHits = (await retriever.vectorSearch(vector, undefined, settings.candidates * 2)).map((h) => h.id);
  const keywordHits = retriever.keywordSearch(keywordQuery, undefined, settings.candidates * 2);

  // The fused lists find candidate papers (each at the rank of its best chunk); the similarity
  // of the two texts' key terms ranks them (the hashed vectors approximate it, with collisions).
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
  const candidates: Candidate[] = [...fused.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, Math.max(count * 8, 40))
    .map(([paperId]) => {
      const paper = retriever.paper(paperId)!;
      const keys = table.of(paper);
      return { paper, keys, score: sparseCosine(targetKeys, keys) };
    });
  candidates.sort((a, b) => b.score - a.score);
  const best = candidates[0]?.score ?? 0;
  const floor = Math.max(settings.minRelatedSimilarity, settings.minRelatedShareOfBest * best);
  const similar = candidates.filter((c) => c.score > 0 && c.score >= floor);

  const chosen = mmr(similar, count, settings.mmrLambda);
  return chosen.map((c) => ({
    paperId: c.paper.id,
    title: c.paper.title,
    url: c.paper.url,
    score: Math.round(c.score * 1e4) / 1e4,
    reason: reasonOf(targetProfile, profile(retriever, parse(paperText(c.paper)), settings.relatedKeyTerms), !!self),
  }));
}

/** The mean of a paper's chunk vectors, read back from the index (no re-embedding). */
async function paperVector(retriever: Retriever, paper: Paper): Promise<number[]> {
  const vectors = await retriever.chunkVectors(paper.id);
  if (vectors.length === 0) return retriever.embedder.embedQuery(paperText(paper));
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

function parse(text: string): ParsedText {
  return { counts: termCounts(text), pairs: pairs(text), surfaces: surfaceForms(text) };
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
 * "Both abstracts discuss spatial audio and localization." Built only from what both texts are
 * about (terms key to each, see `profile`) and the phrases both write around them, so the reason
 * is true and telling rather than a shared stray verb.
 */
export function sharedTermsReason(retriever: Retriever, a: string, b: string, fromPaper = true, settings: Pick<RetrievalSettings, 'relatedKeyTerms'> = DEFAULT_RETRIEVAL): string {
  return reasonOf(profile(retriever, parse(a), settings.relatedKeyTerms), profile(retriever, parse(b), settings.relatedKeyTerms), fromPaper);
}

function reasonOf(a: Profile, b: Profile, fromPaper: boolean): string {
  const weight = (t: string) => (a.keys.get(t) ?? 0) + (b.keys.get(t) ?? 0);
  // Digits alone ("2", "30.4") and two-letter stems say nothing to a reader.
  const keyToBoth = new Set([...a.keys.keys()].filter((t) => b.keys.has(t) && t.length >= 3 && /\p{L}/u.test(t)));
  const shared: { phrase: string; weight: number }[] = [];
  // Word pairs first: "spatial audio" says more than "spatial" and "audio".
  for (const [key, phrase] of b.parsed.pairs) {
    const [x, y] = key.split(' ') as [string, string];
    if (a.parsed.pairs.has(key) && (keyToBoth.has(x) || keyToBoth.has(y))) shared.push({ phrase: commonForm(key, phrase, a, b), weight: weight(x) + weight(y) });
  }
  const inPairs = new Set(shared.flatMap((s) => s.phrase.toLowerCase().split(/\s+/).map((w) => stem(w))));
  for (const t of keyToBoth) if (!inPairs.has(t)) shared.push({ phrase: surfaceOf(t, a, b), weight: weight(t) });
  const top = distinctPhrases(shared.sort((x, y) => y.weight - x.weight).map((s) => s.phrase)).slice(0, 4);
  if (top.length === 0) return fromPaper ? 'Similar overall wording, but no distinctive terms in common.' : 'Similar overall wording to your query.';
  return `${fromPaper ? 'Both abstracts discuss' : 'Matches your query on'} ${joinList(top)}.`;
}

/** The written form of a stem both texts write most often ("reasoning", not the one "reason" a verb wrote). */
function surfaceOf(t: string, a: Profile, b: Profile): string {
  const forms = new Map(a.parsed.surfaces.get(t));
  for (const [form, n] of b.parsed.surfaces.get(t) ?? []) forms.set(form, (forms.get(form) ?? 0) + n);
  let best = t;
  let most = 0;
  for (const [form, n] of forms) if (n > most) [best, most] = [form, n];
  return best;
}

/** A pair as written, with each word in its most written form when the two texts write the pair differently. */
function commonForm(key: string, phrase: string, a: Profile, b: Profile): string {
  return a.parsed.pairs.get(key) === phrase ? phrase : key.split(' ').map((t) => surfaceOf(t, a, b)).join(' ');
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

function surfaceForms(text: string): Map<string, Map<string, number>> {
  const out = new Map<string, Map<string, number>>();
  for (const word of words(text)) {
    for (const w of word.includes('-') ? [word, ...word.split('-')] : [word]) {
      if (isStopword(w)) continue;
      const forms = out.get(stem(w)) ?? new Map<string, number>();
      forms.set(w, (forms.get(w) ?? 0) + 1);
      out.set(stem(w), forms);
    }
  }
  return out;
}

/**
 * Each phrase once, as the reader sees it: different stems can come out as the same text (the
 * shown form is taken from either abstract), and a lone word that a listed phrase already holds
 * ("audio" beside "spatial audio") only repeats it.
 */
export function distinctPhrases(phrases: string[]): string[] {
  const shown = new Set<string>();
  const inPhrases = new Set(phrases.filter((p) => p.includes(' ')).flatMap((p) => p.toLowerCase().split(/\s+/)));
  return phrases.filter((p) => {
    const key = p.toLowerCase();
    if (shown.has(key) || (!key.includes(' ') && inPhrases.has(key))) return false;
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
 * "language models (LMMs)" gave "models lmms").
 */
function pairs(text: string): Map<string, string> {
  const out = new Map<string, string>();
  const norm = normalize(text);
  const ws = [...norm.matchAll(WORD)];
  for (let i = 0; i + 1 < ws.length; i++) {
    const [a, b] = [ws[i]!, ws[i + 1]!];
    const [x, y] = [a[0], b[0]];
    if (isStopword(x) || isStopword(y) || x.length < 3 || y.length < 3 || /^\d/.test(x) || /^\d/.test(y)) continue;
    if (!PHRASE_GAP.test(norm.slice(a.index + x.length, b.index)) || stem(x) === stem(y)) continue;
    out.set(`${stem(x)} ${stem(y)}`, `${x} ${y}`);
  }
  return out;
}
