/**
 * Loads a corpus from files, folders and preset names into one list of papers, each paper once,
 * with every record that could not be used reported rather than thrown.
 */
import { readdir, realpath, stat } from 'node:fs/promises';
import { createHash } from 'node:crypto';
import path from 'node:path';
import { PROJECT_ROOT } from '../config.js';
import type { CorpusLoadResult, CorpusProblem, IgnoredFiles, ImportResult, Paper } from './paper.js';
import { readText } from './files.js';
import { normalizeTitle, titleSlug } from './ids.js';
import { parsePlaintext, sidecarCandidates, type Sidecar } from './plaintext.js';
import { parseJsonLines, parseJsonRecords } from './records.js';
import { parsePmlrPost } from './pmlr.js';

/** Shipped corpora, relative to the project root. */
export const CORPUS_PRESETS: Readonly<Record<string, string>> = {
  icml2026: 'data/corpus/icml2026/icml2026-abstracts.txt',
  'pmlr-v306': 'data/corpus/pmlr-v306/posts',
};

/**
 * Bump when an importer would read the same files into different papers: a corpus fingerprint
 * (below) made by another version no longer vouches for the index.
 * 2: a sidecar's `first_author` marks the paper's authors as incomplete.
 * 3: code links (`code`, PMLR's `software`) are read into the papers.
 * 4: the OpenReview forum id (case kept) and the PMLR page are read into the papers.
 */
export const IMPORTERS_VERSION = 4;

export interface LoadOptions {
  /** Where relative entries resolve; default the working directory. Presets always resolve against the project root. */
  root?: string;
  /**
   * Absolute paths of papercord's own files and folders (its index, its eval labels) that a
   * folder walk passes over: CORPUS=data would otherwise read every build's papers.json,
   * chunks.json and manifest.json as records. An entry naming one of them directly is read.
   */
  exclude?: readonly string[];
}

/** The eval's labelled questions: JSON Lines that are not papers, inside the project's data folder. */
export const EVAL_LABELS_DIR = path.join(PROJECT_ROOT, 'data', 'eval');

type Kind = 'plaintext' | 'json' | 'jsonl' | 'pmlr';

const KINDS: Record<string, Kind> = {
  '.txt': 'plaintext',
  '.json': 'json',
  '.jsonl': 'jsonl',
  '.ndjson': 'jsonl',
  '.md': 'pmlr',
  '.markdown': 'pmlr',
};

function kindOf(file: string): Kind | undefined {
  return KINDS[path.extname(file).toLowerCase()];
}

/** Paths inside the project are shown relative to it, with forward slashes, so messages read the same everywhere. */
export function displayPath(abs: string): string {
  const rel = path.relative(PROJECT_ROOT, abs);
  return rel && !rel.startsWith('..') && !path.isAbsolute(rel) ? rel.split(path.sep).join('/') : abs;
}

async function exists(file: string): Promise<boolean> {
  try {
    return (await stat(file)).isFile();
  } catch {
    return false;
  }
}

async function findSidecar(txt: string): Promise<string | undefined> {
  for (const candidate of sidecarCandidates(txt)) if (await exists(candidate)) return candidate;
  return undefined;
}

/** The .txt a JSON file would be the metadata sidecar of, if it is named like one. */
function txtForSidecar(json: string): string[] {
  const dir = path.dirname(json);
  const name = path.basename(json);
  const out: string[] = [];
  const m = /^(.*)\.(?:meta|metadata)\.json$/i.exec(name);
  if (m) out.push(`${m[1]}.txt`);
  const shared = /^(.*)-metadata\.json$/i.exec(name);
  if (shared) out.push(`${shared[1]}-abstracts.txt`);
  return out.map((n) => path.join(dir, n));
}

async function isSidecar(json: string): Promise<boolean> {
  for (const txt of txtForSidecar(json)) if (await exists(txt)) return true;
  return false;
}

// Folder walks skip these: they describe a corpus rather than belong to it.
const NOT_CORPUS = /^(?:readme|license|licence|changelog|contributing)(?:\.|$)/i;

const SUPPORTED = 'expected .txt, .json, .jsonl, .ndjson, .md or .markdown';

interface Walk {
  seen: Set<string>;
  exclude: ReadonlySet<string>;
  ignored: IgnoredFiles;
}

/** Corpus files under a folder, depth first, sorted by name so the order (and who wins a duplicate) is stable. */
async function walk(dir: string, state: Walk, out: string[]): Promise<void> {
  const real = await realpath(dir);
  if (state.seen.has(real)) return; // symlink cycle
  state.seen.add(real);
  const entries = (await readdir(dir, { withFileTypes: true })).filter((e) => !e.name.startsWith('.')).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const e of entries) {
    const full = path.join(dir, e.name);
    if (state.exclude.has(full)) {
      state.ignored.own.push(displayPath(full));
      continue;
    }
    let isDir = e.isDirectory();
    let isFile = e.isFile();
    if (e.isSymbolicLink()) {
      const s = await stat(full).catch(() => undefined);
      isDir = !!s?.isDirectory();
      isFile = !!s?.isFile();
    }
    if (isDir) await walk(full, state, out);
    else if (isFile && !NOT_CORPUS.test(e.name)) {
      if (kindOf(full)) out.push(full);
      else state.ignored.unsupported.push(displayPath(full));
    }
  }
}

/** Resolves the entries to files in order; reports entries that are missing or unusable, and what folder walks passed over. */
async function resolveEntries(entries: string[], opts: LoadOptions, problems: CorpusProblem[], ignored: IgnoredFiles = { unsupported: [], own: [] }): Promise<string[]> {
  const root = opts.root ?? process.cwd();
  const exclude = new Set((opts.exclude ?? []).map((p) => path.resolve(p)));
  const files: string[] = [];
  for (const raw of entries) {
    const entry = raw.trim();
    if (!entry) continue;
    const preset = CORPUS_PRESETS[entry.toLowerCase()];
    const abs = preset ? path.resolve(PROJECT_ROOT, preset) : path.resolve(root, entry);
    const s = await stat(abs).catch(() => undefined);
    if (!s) {
      const presets = Object.keys(CORPUS_PRESETS).join(', ');
      problems.push({ file: preset ? displayPath(abs) : entry, message: preset ? `corpus preset "${entry}" is missing its data` : `not found: no such file, folder or corpus preset (presets: ${presets})` });
      continue;
    }
    if (s.isDirectory()) {
      const found: string[] = [];
      await walk(abs, { seen: new Set(), exclude, ignored }, found);
      for (const f of found) if (kindOf(f) !== 'json' || !(await isSidecar(f))) files.push(f);
    } else if (!kindOf(abs)) {
      problems.push({ file: displayPath(abs), message: `unsupported file type "${path.extname(abs) || 'none'}" (${SUPPORTED})` });
    } else if (kindOf(abs) !== 'json' || !(await isSidecar(abs))) files.push(abs);
  }
  // The same file reached twice (a preset and its path, a symlink) is read once.
  const unique = new Map<string, string>();
  for (const f of files) {
    const real = await realpath(f).catch(() => f);
    if (!unique.has(real)) unique.set(real, f);
  }
  return [...unique.values()];
}

async function importFile(abs: string, problems: CorpusProblem[]): Promise<ImportResult | undefined> {
  const file = displayPath(abs);
  const read = await readText(abs);
  if (read.problem !== undefined) {
    problems.push({ file, message: read.problem });
    return undefined;
  }
  switch (kindOf(abs)) {
    case 'plaintext': {
      let sidecar: Sidecar | undefined;
      const sidecarPath = await findSidecar(abs);
      if (sidecarPath) {
        const meta = await readText(sidecarPath);
        if (meta.problem !== undefined) problems.push({ file: displayPath(sidecarPath), message: `metadata sidecar: ${meta.problem}; titles taken from the abstracts` });
        else sidecar = { file: displayPath(sidecarPath), text: meta.text };
      }
      return parsePlaintext(read.text, file, sidecar);
    }
    case 'json': {
      const records = parseJsonRecords(read.text, file);
      // Named like a sidecar, its .txt gone (a sidecar with a .txt is never imported): its records have no abstracts.
      const txt = txtForSidecar(abs);
      if (records.papers.length === 0 && txt.length) {
        return { papers: [], problems: [{ file, message: `a metadata sidecar whose abstracts file (${txt.map((t) => path.basename(t)).join(' or ')}) is missing; not read as papers` }], skipped: 0 };
      }
      return records;
    }
    case 'jsonl':
      return parseJsonLines(read.text, file);
    case 'pmlr':
      return parsePmlrPost(read.text, file);
    default:
      throw new Error(`no importer for ${abs}`);
  }
}

function abstractKey(abstract: string): string {
  return normalizeTitle(abstract.slice(0, 400)).slice(0, 200);
}

function sameName(a: string, b: string): boolean {
  return a.toLowerCase().replace(/[^\p{L}]/gu, '') === b.toLowerCase().replace(/[^\p{L}]/gu, '');
}

/** Folds what the duplicate knows into the kept paper: its ids, and fields the kept one lacks. */
function merge(kept: Paper, dup: Paper): string[] {
  const added: string[] = [];
  const aliases = new Set(kept.aliases);
  for (const id of [dup.id, ...dup.aliases]) {
    if (id !== kept.id && !aliases.has(id)) {
      aliases.add(id);
      added.push(id);
    }
  }
  kept.aliases = [...aliases];
  kept.url ??= dup.url;
  kept.code ??= dup.code;
  kept.openreview ??= dup.openreview;
  kept.pmlrPage ??= dup.pmlrPage;
  kept.year ??= dup.year;
  kept.venue ??= dup.venue;
  // A sidecar often names only the first author; the full list from the other corpus is better.
  const prefix = kept.authors.every((a, i) => dup.authors[i] !== undefined && sameName(a, dup.authors[i]));
  // Equal lengths too: a sidecar's one first author is the whole list when the other corpus says so.
  const fuller = dup.authors.length > kept.authors.length || (kept.authorsIncomplete && !dup.authorsIncomplete && dup.authors.length === kept.authors.length);
  if (fuller && prefix) {
    kept.authors = [...dup.authors];
    if (dup.authorsIncomplete) kept.authorsIncomplete = true;
    else delete kept.authorsIncomplete;
  }
  return added;
}

export interface DedupeResult {
  papers: Paper[];
  problems: CorpusProblem[];
  skipped: number;
}

/**
 * Keeps the first of papers that share an id or alias or a normalised title. An id shared by
 * papers with different titles and abstracts is a real clash: warned about and skipped, unless
 * the id is only a title slug, which then gets a numeric suffix.
 */
export function dedupePapers(candidates: Paper[]): DedupeResult {
  const byId = new Map<string, Paper>();
  const byTitle = new Map<string, Paper>();
  // Computed only when ids collide, which is rare.
  const abstractKeys = new Map<Paper, string>();
  const abstractOf = (p: Paper) => {
    let key = abstractKeys.get(p);
    if (key === undefined) abstractKeys.set(p, (key = abstractKey(p.abstract)));
    return key;
  };
  const papers: Paper[] = [];
  const problems: CorpusProblem[] = [];
  let skipped = 0;
  const register = (p: Paper, ids: string[]) => {
    for (const k of ids) if (!byId.has(k)) byId.set(k, p);
  };
  for (const p of candidates) {
    const hits: { key: string; other: Paper }[] = [];
    for (const key of [p.id, ...p.aliases]) {
      const other = byId.get(key);
      if (other) hits.push({ key, other });
    }
    // A slug alias only repeats the title, which byTitle covers; different long titles can share one by truncation.
    const slug = hits.length ? titleSlug(p.title) : '';
    if (hits.length) for (let i = hits.length - 1; i >= 0; i--) if (hits[i].key === slug && slug !== p.id) hits.splice(i, 1);
    const title = normalizeTitle(p.title);
    const same = byTitle.get(title) ?? hits.find((h) => abstractOf(h.other) === abstractOf(p))?.other;
    if (same) {
      register(same, merge(same, p));
      skipped++;
      problems.push({
        file: p.source.file,
        record: p.source.record,
        message: `duplicate of ${same.id} (from ${same.source.file}, ${same.source.record})`,
        severity: 'info',
        duplicateOf: same.id,
      });
      continue;
    }
    if (hits.length) {
      if (p.id === slug && hits.every((h) => h.key === p.id)) {
        let n = 2;
        while (byId.has(`${slug}-${n}`)) n++;
        p.id = `${slug}-${n}`;
      } else {
        const { key, other } = hits[0];
        skipped++;
        problems.push({
          file: p.source.file,
          record: p.source.record,
          message: `id ${key} is already used by a different paper, "${other.title}" (${other.id}, from ${other.source.file}, ${other.source.record}); skipped`,
        });
        continue;
      }
    }
    papers.push(p);
    byTitle.set(title, p);
    register(p, [p.id, ...p.aliases]);
  }
  return { papers, problems, skipped };
}

/** Imports the files a few at a time (folders of thousands of posts), keeping results in file order. */
async function importAll(files: string[]): Promise<{ result?: ImportResult; problems: CorpusProblem[] }[]> {
  const out = files.map(() => ({ result: undefined as ImportResult | undefined, problems: [] as CorpusProblem[] }));
  let next = 0;
  const worker = async () => {
    while (next < files.length) {
      const i = next++;
      out[i].result = await importFile(files[i], out[i].problems);
    }
  };
  await Promise.all(Array.from({ length: Math.min(16, files.length) }, worker));
  return out;
}

/**
 * The files' papers, problems and skipped records, in file order, added to `problems`. Pushed
 * one by one, never as push(...list): a spread passes each element as an argument, and a file
 * of 125,000 records overflowed the stack.
 */
export function gatherImports(imported: { result?: ImportResult; problems: CorpusProblem[] }[], problems: CorpusProblem[]): { candidates: Paper[]; skipped: number } {
  const candidates: Paper[] = [];
  let skipped = 0;
  for (const { result, problems: fileProblems } of imported) {
    for (const p of fileProblems) problems.push(p);
    if (!result) continue;
    for (const p of result.papers) candidates.push(p);
    for (const p of result.problems) problems.push(p);
    skipped += result.skipped;
  }
  return { candidates, skipped };
}

/**
 * An abstract longer than this is warned about, still indexed (chunking splits it): about ten
 * times the longest real one (1,859 characters of the 306 shipped), so it is a whole paper
 * or text pasted as the abstract by mistake, not an abstract.
 */
export const ABSTRACT_CHARS_WARNED = 20_000;

/** A warning for each paper whose abstract is far beyond an abstract's size (see ABSTRACT_CHARS_WARNED). */
function oversizedAbstracts(papers: readonly Paper[]): CorpusProblem[] {
  return papers
    .filter((p) => p.abstract.length > ABSTRACT_CHARS_WARNED)
    .map((p) => ({
      file: p.source.file,
      record: p.source.record,
      message: `the abstract has ${p.abstract.length.toLocaleString('en-US')} characters, far beyond an abstract's (over ${ABSTRACT_CHARS_WARNED.toLocaleString('en-US')}): indexed anyway; is it a whole paper or text pasted by mistake?`,
    }));
}

export async function loadCorpus(entries: string[], opts: LoadOptions = {}): Promise<CorpusLoadResult> {
  const problems: CorpusProblem[] = [];
  const ignored: IgnoredFiles = { unsupported: [], own: [] };
  const files = await resolveEntries(entries, opts, problems, ignored);
  const { candidates, skipped } = gatherImports(await importAll(files), problems);
  const deduped = dedupePapers(candidates);
  return {
    papers: deduped.papers,
    problems: [...problems, ...deduped.problems, ...oversizedAbstracts(deduped.papers)],
    skipped: skipped + deduped.skipped,
    files: files.map(displayPath),
    ignored,
  };
}

/**
 * A digest of which files make up the corpus (sidecars included) with their sizes and times of
 * last change: equal digests mean the files were not touched, so an index built from them need
 * not be checked by reading them all again (about 5 s at 100,000 chunks). Null when an entry is
 * missing: a full load says what is wrong. `importersVersion` is another version's only to
 * make what an earlier papercord recorded (tests of its indexes).
 */
export async function corpusFingerprint(entries: string[], opts: LoadOptions = {}, importersVersion = IMPORTERS_VERSION): Promise<string | null> {
  const problems: CorpusProblem[] = [];
  const files = await resolveEntries(entries, opts, problems);
  if (problems.length) return null;
  const h = createHash('sha256').update(`importers v${importersVersion}\n`);
  for (const file of files) {
    const sidecar = kindOf(file) === 'plaintext' ? await findSidecar(file) : undefined;
    for (const f of sidecar ? [file, sidecar] : [file]) {
      const s = await stat(f).catch(() => undefined);
      if (!s) return null;
      h.update(`${f}\0${s.size}\0${s.mtimeMs}\n`);
    }
  }
  return h.digest('hex').slice(0, 16);
}

function count(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? '' : 's'}`;
}

/** What a load reported, in numbers: problems (warnings, not the expected duplicates) and records skipped. */
export function loadCounts(result: CorpusLoadResult): { problems: number; skipped: number } {
  return { problems: result.problems.filter((p) => p.severity !== 'info').length, skipped: result.skipped };
}

/** One line for logs: `corpus: 306 papers indexed, 6 skipped (6 duplicates), 0 problems from 294 files`. */
export function summarizeLoad(result: CorpusLoadResult): string {
  const duplicates = result.problems.filter((p) => p.duplicateOf !== undefined).length;
  const warnings = loadCounts(result).problems;
  const dup = duplicates ? ` (${count(duplicates, 'duplicate')})` : '';
  return `corpus: ${count(result.papers.length, 'paper')} indexed, ${result.skipped} skipped${dup}, ${count(warnings, 'problem')} from ${count(result.files.length, 'file')}`;
}

/** Log lines for the files folder walks passed over: at most a few names each, so a folder of PDFs makes one line. */
export function describeIgnored(ignored: IgnoredFiles): { own?: string; unsupported?: string } {
  const names = (files: string[]) => (files.length > 5 ? `${files.slice(0, 5).join(', ')} and ${files.length - 5} more` : files.join(', '));
  return {
    ...(ignored.own.length ? { own: `not read as corpus files, as papercord keeps its own index or eval labels there: ${names(ignored.own)}` } : {}),
    ...(ignored.unsupported.length ? { unsupported: `${count(ignored.unsupported.length, 'file')} of an unsupported type not read (${SUPPORTED}): ${names(ignored.unsupported)}` } : {}),
  };
}
