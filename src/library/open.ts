import { COLLECTIONS_DIR, COMMANDS_REGISTRY_FILE, dataPath, FEEDBACK_FILE, type Settings } from '../config.js';
import { corpusFingerprint, describeIgnored, EVAL_LABELS_DIR, loadCorpus, loadCounts, summarizeLoad } from '../corpus/load.js';
import type { Paper } from '../corpus/paper.js';
import { PaperCatalog } from '../names/catalog.js';
import { chooseEmbedder, LOCAL_DIMS, type EmbedderChoice } from '../embed/select.js';
import type { Embedder } from '../embed/embedder.js';
import { PapercordError } from '../errors.js';
import type { Logger } from '../log.js';
import { Retriever } from '../retrieval/retriever.js';
import { readAllRecords } from '../collections/records.js';
import { syncCollections } from '../collections/sync.js';
import { buildIndex, IndexError, loadIndex, recordCorpus, staleReason, versionStaleReason, type BuildProgress, type LoadedIndex, type LockWait } from '../index/store.js';

export interface OpenOptions {
  /** Progress of an index build (ingest shows it on a terminal). */
  onBuildProgress?: (p: BuildProgress) => void;
  /** Said once when the build waits for another builder's lock (see BuildOptions.onWait). */
  onBuildWait?: (wait: LockWait) => void;
  /** Rebuild even when the index is up to date. */
  forceRebuild?: boolean;
}

/** Everything loaded for one version of the index; swapped whole on reindex. */
export interface IndexState {
  papers: Paper[];
  index: LoadedIndex;
  retriever: Retriever;
  catalog: PaperCatalog;
  embedderChoice: EmbedderChoice;
  corpus: { problems: number; skipped: number };
}

/** The index of the settings' corpus for the chosen embedder: loaded as it is when up to date, else built again (a stale, corrupt or missing index, or a rebuild requested). */
export async function openIndex(settings: Settings, log: Logger, opts: OpenOptions): Promise<IndexState> {
  const embedderChoice = await chooseEmbedder(settings, log);
  log.info('embedder chosen', { embedder: embedderChoice.id, why: embedderChoice.reason });
  const root = dataPath(settings, 'index', embedderChoice.id);
  const loadOptions = { exclude: ownFiles(settings) };
  // Taken before the files are read: a file changed while they are read makes the next start read them again.
  const fingerprint = await corpusFingerprint(settings.corpus, loadOptions);
  let index: LoadedIndex | null = null;
  let reason: string | null = opts.forceRebuild ? 'a rebuild was requested' : null;
  if (!reason) {
    try {
      index = await loadIndex(root);
      reason = versionStaleReason(index, embedderChoice.id);
    } catch (e) {
      reason = (e as Error).message;
      // Damage is rebuilt over, but an operator who logs only warnings must still learn of it (a failing disk, a stray write).
      if (!(e instanceof IndexError) || e.damaged) log.warn('the index is damaged: it will be built again', { reason, index: root });
    }
  }
  const record = index?.manifest.corpus;
  if (index && !reason && fingerprint && record?.fingerprint === fingerprint) {
    log.info('corpus files unchanged since the index was built: not read again', { papers: index.manifest.papers, skipped: record.skipped, problems: record.problems, build: index.manifest.buildId });
    return indexState(await withCollections(index, embedderChoice, settings, log), embedderChoice, settings, record, log);
  }
  const corpus = await loadCorpus(settings.corpus, loadOptions);
  for (const p of corpus.problems) {
    const fields = { file: p.file, record: p.record };
    if (p.severity === 'info') log.debug(p.message, fields);
    else log.warn(p.message, fields);
  }
  const ignored = describeIgnored(corpus.ignored);
  if (ignored.own) log.info(ignored.own);
  // Beside papers they are likely PDFs or notes kept with them; with none, they are why there are none.
  if (ignored.unsupported) log[corpus.papers.length ? 'info' : 'warn'](ignored.unsupported);
  log.info(summarizeLoad(corpus));
  if (corpus.papers.length === 0) throw new PapercordError('NO_INDEX', `The corpus (${settings.corpus.join(', ')}) holds no usable paper.`, 'Check CORPUS and the problems logged above.');
  const summary = loadCounts(corpus);
  reason ??= staleReason(index!, corpus.papers, embedderChoice.id);
  if (!reason && fingerprint) {
    await recordCorpus(index!, { fingerprint, ...summary }).catch((e) => log.warn('could not record the corpus files in the index manifest; they will be read again at the next start', { error: e }));
  }
  if (reason) {
    log.info('building the index', { reason, papers: corpus.papers.length, embedder: embedderChoice.id });
    const t = Date.now();
    index = await buildIndex({
      root,
      papers: corpus.papers,
      embedder: embedderChoice.embedder,
      localDims: LOCAL_DIMS,
      corpus: fingerprint ? { fingerprint, ...summary } : undefined,
      // A requested rebuild is done even if another one just finished; a stale index is built once.
      reuseAfterWait: opts.forceRebuild ? undefined : (built) => staleReason(built, corpus.papers, embedderChoice.id) === null,
      onProgress: opts.onBuildProgress,
      onWait: opts.onBuildWait,
      log: (m, f) => log.info(m, f),
      // A rebuild keeps the papers added to collections: their records become the new build's segments.
      added: () => readAllRecords(dataPath(settings, COLLECTIONS_DIR), (file, problem) => log.warn('a paper added to a collection cannot be read: it is left out', { file, problem })),
    });
    log.info('index ready', { build: index.manifest.buildId, chunks: index.manifest.chunks, ms: Date.now() - t });
  }
  return indexState(await withCollections(index!, embedderChoice, settings, log), embedderChoice, settings, summary, log);
}

/** The index in line with the collections' records (see syncCollections); as it was, with a warning, when that fails. */
async function withCollections(index: LoadedIndex, embedderChoice: EmbedderChoice, settings: Settings, log: Logger): Promise<LoadedIndex> {
  try {
    return await syncCollections(index, { records: dataPath(settings, COLLECTIONS_DIR), embedder: embedderChoice.embedder ?? undefined, maxSegments: settings.indexMaxSegments, log });
  } catch (e) {
    log.warn('could not bring the index in line with the papers added to collections; serving it as it is', { error: e });
    return index;
  }
}

/**
 * The state with a newer version of its index: papers added, removed or compacted (the same
 * build: its catalog is kept), or another build (a new catalog). For a process that follows
 * the index (followIndex) or changes it (addPapers).
 */
export function withIndex(state: IndexState, index: LoadedIndex, settings: Settings, log: Logger): IndexState {
  if (index.dir !== state.index.dir) return indexState(index, state.embedderChoice, settings, state.corpus, log);
  return { ...state, index, retriever: new Retriever(index, state.retriever.embedder, settings.retrieval) };
}

function indexState(index: LoadedIndex, embedderChoice: EmbedderChoice, settings: Settings, corpus: { problems: number; skipped: number }, log: Logger): IndexState {
  const embedder: Embedder = embedderChoice.embedder ?? index.localEmbedder!;
  const catalog = new PaperCatalog(index.papers);
  if (!catalog.fuzzy) {
    const started = Date.now();
    log.info('paper names: exact and word matches now, typo-tolerant matches once indexed in the background', { papers: index.papers.length });
    void catalog.ready.then(() => log.info('paper names indexed: typo-tolerant matches on', { papers: index.papers.length, ms: Date.now() - started }));
  }
  return {
    papers: index.papers,
    index,
    retriever: new Retriever(index, embedder, settings.retrieval),
    catalog,
    embedderChoice,
    corpus: { problems: corpus.problems, skipped: corpus.skipped },
  };
}

/**
 * What papercord writes under DATA_DIR, and its eval labels: a folder given as CORPUS that
 * holds them (CORPUS=data) must not read them as papers.
 */
export function ownFiles(settings: Pick<Settings, 'dataDir'>): string[] {
  return [dataPath(settings, 'index'), dataPath(settings, FEEDBACK_FILE), dataPath(settings, COLLECTIONS_DIR), dataPath(settings, COMMANDS_REGISTRY_FILE), EVAL_LABELS_DIR];
}
