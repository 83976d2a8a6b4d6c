/** /related's ranking: candidates found by vectors and BM25, ranked by the similarity of their key terms, diversified, each with its reason. */
import { shortName, type Paper } from '../corpus/paper.js';
import type { RetrievalSettings } from '../config.js';
import { terms } from '../text/terms.js';
import { keyTermTable, paperText, showable, singular, sparseCosine, termCounts, type KeyTerms, type KeyTermTable } from './key-terms.js';
import { parse, profile, reasonOf, type Profile } from './related-reasons.js';
import type { Retriever } from './retriever.js';
import type { Notice, RelatedPaper } from '../types.js';

interface Candidate {
  paper: Paper;
  keys: KeyTerms;
  score: number;
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

/**
 * What a list shorter than asked for says: that no other paper passed the relevance floor, so
 * the reader does not take it for a fault (six of the ten asked for "KV cache").
 */
export function fewerRelated(listed: number, asked: number, aboutPaper: boolean): Notice | undefined {
  if (listed === 0 || listed >= asked) return undefined;
  return { said: `Listed ${listed} of the ${asked} papers asked for: no other paper is close enough to this ${aboutPaper ? 'one' : 'topic'}.` };
}
