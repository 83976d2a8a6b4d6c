/**
 * Large benchmark corpora, generated deterministically from the real PMLR sample: every
 * sentence is a real abstract sentence, recombined under new ids, so the text has the
 * vocabulary, lengths and term statistics of real abstracts at any size.
 */
import { createWriteStream, promises as fs } from 'node:fs';
import path from 'node:path';
import { once } from 'node:events';
import type { Paper } from '../src/corpus/paper.js';
import { loadCorpus } from '../src/corpus/load.js';
import { normalizeTitle } from '../src/corpus/ids.js';
import { chunkPaper } from '../src/chunking.js';
import { corpusHash } from '../src/index/manifest.js';
import { splitSentences } from '../src/text/sentences.js';
import { Prng } from './prng.js';

/** Bump when the output for a given seed changes, so cached corpora are regenerated. */
const GENERATOR_VERSION = 1;
/** Records per JSON Lines file: the loader reads several files at once, and no file gets huge. */
const RECORDS_PER_FILE = 10_000;
/** Share of papers with a text several abstracts long, so the chunker's splitting is exercised too. */
const LONG_SHARE = 0.03;
const SYLLABLES = ['ra', 've', 'lo', 'qui', 'tor', 'men', 'sa', 'dex', 'fi', 'no', 'gra', 'pha', 'zen', 'ku', 'li', 'mo', 'tes', 'vi', 'ar', 'on', 'bel', 'cy', 'dra', 'ex'];
const SYNTH_VENUE = 'papercord bench (synthetic, recombined from PMLR v306)';

/** The material the generator recombines: sentences by position, lengths, title words, authors. */
export interface SentencePool {
  openers: string[];
  middles: string[];
  closers: string[];
  /** Sentence counts of the real abstracts, sampled to give generated ones a realistic length. */
  sentenceCounts: number[];
  titles: string[][];
  authors: string[];
}

export interface SynthRecord {
  id: string;
  title: string;
  abstract: string;
  authors: string[];
  year: number;
  venue: string;
}

export interface SynthOptions {
  /** Chunks the corpus must produce with the default chunker (exactly)... */
  chunks?: number;
  /** ...or the number of papers, whatever their chunks. */
  papers?: number;
  seed: number;
}

export function sentencePool(sample: Paper[]): SentencePool {
  const pool: SentencePool = { openers: [], middles: [], closers: [], sentenceCounts: [], titles: [], authors: [] };
  for (const p of sample) {
    const sentences = splitSentences(p.abstract).map((s) => s.text);
    if (sentences.length < 3) continue;
    pool.openers.push(sentences[0]!);
    pool.closers.push(sentences[sentences.length - 1]!);
    pool.middles.push(...sentences.slice(1, -1));
    pool.sentenceCounts.push(sentences.length);
    pool.titles.push(p.title.split(/\s+/));
    pool.authors.push(...p.authors);
  }
  if (!pool.middles.length) throw new Error('the sample has no abstract of three sentences or more to recombine');
  return pool;
}

/** Records whose chunks add up to exactly `opts.chunks` (or `opts.papers` records), the same ones for the same seed and pool. */
export function* synthesize(pool: SentencePool, opts: SynthOptions): Generator<SynthRecord & { chunks: number }> {
  const rng = new Prng(opts.seed);
  const titles = new Set<string>();
  const maxChunks = opts.chunks ?? Infinity;
  const maxPapers = opts.papers ?? Infinity;
  if (maxChunks === Infinity && maxPapers === Infinity) throw new Error('synthesize: give chunks or papers');
  let total = 0;
  for (let n = 0; total < maxChunks && n < maxPapers; n++) {
    const id = `syn${String(n).padStart(6, '0')}`;
    const title = uniqueTitle(rng, pool, titles);
    let long = rng.chance(LONG_SHARE);
    let abstract: string;
    let chunks: number;
    // The last papers must not overshoot the requested size: fall back to ordinary abstracts.
    for (;;) {
      abstract = makeAbstract(rng, pool, long);
      chunks = chunkPaper({ id, abstract } as Paper).length;
      if (total + chunks <= maxChunks) break;
      long = false;
    }
    const authors = Array.from({ length: 1 + rng.int(6) }, () => rng.pick(pool.authors));
    total += chunks;
    yield { id, title, abstract, authors: [...new Set(authors)], year: 2026, venue: SYNTH_VENUE, chunks };
  }
}

function makeAbstract(rng: Prng, pool: SentencePool, long: boolean): string {
  const count = Math.max(3, rng.pick(pool.sentenceCounts)) * (long ? 3 + rng.int(3) : 1);
  const out = [rng.pick(pool.openers)];
  for (let i = 2; i < count; i++) out.push(rng.pick(pool.middles));
  out.push(rng.pick(pool.closers));
  return out.join(' ');
}

/** The head of one real title and the tail of another, sometimes under a made-up system name; never a title seen before. */
function uniqueTitle(rng: Prng, pool: SentencePool, seen: Set<string>): string {
  for (let attempt = 0; ; attempt++) {
    const a = rng.pick(pool.titles);
    const b = rng.pick(pool.titles);
    const body = [...a.slice(0, Math.ceil(a.length / 2)), ...b.slice(Math.ceil(b.length / 2))].join(' ');
    // Past a few clashes the head/tail combinations are running out: a name makes it unique.
    const named = rng.chance(0.25) || attempt >= 3;
    const title = named ? `${systemName(rng, 2 + Math.min(attempt, 3))}: ${body.replace(/^[^:]{1,30}:\s*/, '')}` : body;
    const key = normalizeTitle(title);
    if (!seen.has(key)) {
      seen.add(key);
      return title;
    }
  }
}

function systemName(rng: Prng, syllables: number): string {
  const word = Array.from({ length: syllables }, () => rng.pick(SYLLABLES)).join('');
  return word[0]!.toUpperCase() + word.slice(1);
}

interface SynthCorpus {
  /** The folder to give the corpus loader. */
  dir: string;
  papers: number;
  chunks: number;
  /** True when a matching corpus from an earlier run was used as it was. */
  reused: boolean;
}

interface SynthMeta {
  generator: number;
  seed: number;
  /** What was asked for: "1000 chunks" or "1000 papers". */
  size: string;
  sample: string;
  papers: number;
  chunks: number;
}

/** Writes the records as JSON Lines files under `dir`, reporting progress per thousand records. */
export async function writeSynthCorpus(dir: string, records: Iterable<SynthRecord & { chunks?: number }>, onProgress?: (chunks: number, papers: number) => void): Promise<{ papers: number; chunks: number }> {
  await fs.mkdir(dir, { recursive: true });
  let papers = 0;
  let chunks = 0;
  let out: ReturnType<typeof createWriteStream> | null = null;
  const close = async () => {
    if (!out) return;
    out.end();
    await once(out, 'finish');
    out = null;
  };
  for (const { chunks: n, ...record } of records) {
    if (papers % RECORDS_PER_FILE === 0) {
      await close();
      out = createWriteStream(path.join(dir, `part-${String(papers / RECORDS_PER_FILE).padStart(3, '0')}.jsonl`));
    }
    if (!out!.write(JSON.stringify(record) + '\n')) await once(out!, 'drain');
    papers++;
    chunks += n ?? 1;
    if (papers % 1000 === 0) onProgress?.(chunks, papers);
  }
  await close();
  return { papers, chunks };
}

/**
 * The corpus of `chunks` chunks for `seed` under `workDir`, generated from the PMLR sample
 * unless an identical one (same generator, seed, size and sample) is already there.
 */
export async function ensureSynthCorpus(opts: SynthOptions & { workDir: string; sample?: Paper[]; onProgress?: (done: number, total: number) => void }): Promise<SynthCorpus> {
  const sample = opts.sample ?? (await loadCorpus(['pmlr-v306'])).papers;
  const size = opts.chunks !== undefined ? `${opts.chunks} chunks` : `${opts.papers} papers`;
  const base = path.join(opts.workDir, `corpus-${size.replace(' ', '-')}-s${opts.seed}`);
  const dir = path.join(base, 'corpus');
  const want = { generator: GENERATOR_VERSION, seed: opts.seed, size, sample: corpusHash(sample) };
  const meta = await fs
    .readFile(path.join(base, 'meta.json'), 'utf8')
    .then((t) => JSON.parse(t) as SynthMeta)
    .catch(() => null);
  if (meta && meta.generator === want.generator && meta.seed === want.seed && meta.size === want.size && meta.sample === want.sample) {
    return { dir, papers: meta.papers, chunks: meta.chunks, reused: true };
  }
  await fs.rm(base, { recursive: true, force: true });
  // Progress counts chunks, or papers when a number of papers was asked for.
  const total = opts.chunks ?? opts.papers!;
  const written = await writeSynthCorpus(dir, synthesize(sentencePool(sample), opts), (chunks, papers) => opts.onProgress?.(opts.chunks !== undefined ? chunks : papers, total));
  opts.onProgress?.(total, total);
  // Written last: a generation that died half-way has no meta and is redone.
  await fs.writeFile(path.join(base, 'meta.json'), JSON.stringify({ ...want, papers: written.papers, chunks: written.chunks } satisfies SynthMeta, null, 2));
  return { dir, papers: written.papers, chunks: written.chunks, reused: false };
}
