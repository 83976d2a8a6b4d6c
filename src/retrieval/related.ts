import type { Paper } from '../corpus/paper.js';
import type { RetrievalSettings } from '../config.js';
import { words, stem, isStopword, terms, normalize, WORD } from '../text/terms.js';
import { joinList } from '../text/clean.js';
import type { Retriever } from './retriever.js';
import type { RelatedPaper } from '../types.js';

interface Candidate {
  paper: Paper;
  score: number;
  /** The paper's text as sparse tf-idf weights: what ranking and diversity are measured on. */
  terms: Map<string, number>;
}

/**
 * Papers related to a paper (found by its chunks' vectors and its key terms) or to free text,
 * ranked by tf-idf similarity and diversified with maximal marginal relevance. Never the paper itself.
 * Each comes with the key terms the two texts share: a reason that is true by construction.
 */
export async function relatedPapers(retriever: Retriever, target: { paper: Paper } | { text: string }, count: number, settings: RetrievalSettings): Promise<RelatedPaper[]> {
  const self = 'paper' in target ? target.paper : undefined;
  const text = self ? `${self.title}\n${self.abstract}` : (target as { text: string }).text;
  const vector = self ? await paperVector(retriever, self) : await retriever.embedder.embedQuery(text);
  const keywordQuery = self ? keyTerms(retriever, text, 25).join(' ') : text;
  const vectorHits = (await retriever.vectorSearch(vector, undefined, settings.candidates * 2)).map((h) => h.id);
  const keywordHits = retriever.keywordSearch(keywordQuery, undefined, settings.candidates * 2);

  // The fused lists find candidate papers (each at the rank of its best chunk); the exact tf-idf
  // similarity of the two texts ranks them (the hashed vectors approximate it, with collisions).
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
  const targetTerms = keyTermWeights(retriever, text);
  const candidates: Candidate[] = [...fused.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, Math.max(count * 8, 40))
    .map(([paperId]) => {
      const paper = retriever.paper(paperId)!;
      const paperTerms = keyTermWeights(retriever, `${paper.title}\n${paper.abstract}`);
      return { paper, terms: paperTerms, score: sparseCosine(targetTerms, paperTerms) };
    });
  candidates.sort((a, b) => b.score - a.score);
  // Nothing in common is not "related": better three true recommendations than five.
  const similar = candidates.filter((c) => c.score >= settings.minRelatedSimilarity);

  const chosen = mmr(similar, count, settings.mmrLambda);
  return chosen.map((c) => ({
    paperId: c.paper.id,
    title: c.paper.title,
    url: c.paper.url,
    score: Math.round(c.score * 1e4) / 1e4,
    reason: sharedTermsReason(retriever, text, `${c.paper.title}\n${c.paper.abstract}`, !!self),
  }));
}

/** The mean of a paper's chunk vectors, read back from the index (no re-embedding). */
async function paperVector(retriever: Retriever, paper: Paper): Promise<number[]> {
  const vectors = await retriever.chunkVectors(paper.id);
  if (vectors.length === 0) return retriever.embedder.embedQuery(`${paper.title}\n${paper.abstract}`);
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
      const redundancy = chosen.length ? Math.max(...chosen.map((s) => sparseCosine(c.terms, s.terms))) : 0;
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

/** The rarest terms of a text, as stems: what a paper is about, for the keyword side of the search. */
function keyTerms(retriever: Retriever, text: string, limit: number): string[] {
  const counts = new Map<string, number>();
  for (const t of terms(text)) counts.set(t, (counts.get(t) ?? 0) + 1);
  return [...counts.entries()]
    .map(([t, n]) => [t, (1 + Math.log(n)) * retriever.termStats.idf(t)] as const)
    .sort((a, b) => b[1] - a[1])
    .slice(0, limit)
    .map(([t]) => t);
}

/**
 * "Both abstracts discuss spatial audio and localization." Built only from words both texts
 * contain, and only from what either text is about (its rarest, most repeated terms), so
 * the reason is true and telling rather than a shared stray adjective.
 */
export function sharedTermsReason(retriever: Retriever, a: string, b: string, fromPaper = true): string {
  // Whole words only: the parts of "state-of-the-art" or "fine-tuned" say nothing on their own.
  const aTerms = new Set(terms(a, { parts: false }));
  const bTerms = new Set(terms(b, { parts: false }));
  const weightA = keyTermWeights(retriever, a);
  const weightB = keyTermWeights(retriever, b);
  const topical = new Set([...topKeys(weightA, 15), ...topKeys(weightB, 15)]);
  const weight = (t: string) => (weightA.get(t) ?? 0) + (weightB.get(t) ?? 0);
  const surfaceB = surfaceForms(b);
  const surfaceA = surfaceForms(a);
  const shared: { phrase: string; weight: number }[] = [];
  // Word pairs first: "spatial audio" says more than "spatial" and "audio".
  const pairsA = pairs(a);
  for (const [key, phrase] of pairs(b)) {
    const [x, y] = key.split(' ') as [string, string];
    if (pairsA.has(key) && (topical.has(x) || topical.has(y))) shared.push({ phrase, weight: weight(x) + weight(y) });
  }
  const inPairs = new Set(shared.flatMap((s) => s.phrase.toLowerCase().split(/\s+/).map((w) => stem(w))));
  for (const t of topical) {
    if (!aTerms.has(t) || !bTerms.has(t) || inPairs.has(t) || t.length < 3) continue;
    shared.push({ phrase: surfaceB.get(t) ?? surfaceA.get(t) ?? t, weight: weight(t) });
  }
  const top = distinctPhrases(shared.sort((x, y) => y.weight - x.weight).map((s) => s.phrase)).slice(0, 4);
  if (top.length === 0) return fromPaper ? 'Similar overall wording, but no distinctive terms in common.' : 'Similar overall wording to your query.';
  return `${fromPaper ? 'Both abstracts discuss' : 'Matches your query on'} ${joinList(top)}.`;
}

function sparseCosine(a: Map<string, number>, b: Map<string, number>): number {
  let dot = 0;
  for (const [t, w] of a) dot += w * (b.get(t) ?? 0);
  const norm = (m: Map<string, number>) => Math.sqrt([...m.values()].reduce((s, w) => s + w * w, 0));
  const d = norm(a) * norm(b);
  return d ? dot / d : 0;
}

/** A text as sparse tf-idf weights of its whole-word stems. */
function keyTermWeights(retriever: Retriever, text: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const t of terms(text, { parts: false })) counts.set(t, (counts.get(t) ?? 0) + 1);
  return new Map([...counts].map(([t, n]) => [t, (1 + Math.log(n)) * retriever.termStats.idf(t)]));
}

function topKeys(weights: Map<string, number>, n: number): string[] {
  return [...weights.entries()].sort((x, y) => y[1] - x[1]).slice(0, n).map(([t]) => t);
}

function surfaceForms(text: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const word of words(text)) {
    for (const w of word.includes('-') ? [word, ...word.split('-')] : [word]) if (!isStopword(w)) out.set(stem(w), out.get(stem(w)) ?? w);
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
