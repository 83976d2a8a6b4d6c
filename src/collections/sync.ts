import path from 'node:path';
import type { Embedder } from '../embed/embedder.js';
import type { Logger } from '../log.js';
import { addPapers, removePaper } from '../index/additions.js';
import { cleanOrphans, livePapers } from '../index/live.js';
import type { LoadedIndex } from '../index/store.js';
import { readCollection, recordKey, recordKeys } from './records.js';

export interface SyncOptions {
  /** The collections folder (DATA_DIR/collections). */
  records: string;
  /** The build's embedder (see AddOptions.embedder). */
  embedder?: Embedder;
  maxSegments?: number;
  log: Logger;
}

/**
 * Brings an index that was just opened in line with the records of the collections: removes
 * what a change cut short left on disk, adds the records the index lacks (an addition killed
 * after its record was written) and removes from it the papers no record holds (a removal
 * killed after its record was deleted). Cheap when they agree: the records are listed, not read.
 */
export async function syncCollections(index: LoadedIndex, opts: SyncOptions): Promise<LoadedIndex> {
  const root = path.dirname(index.dir);
  const orphans = await cleanOrphans(root);
  if (orphans.length) opts.log.info('removed what an interrupted change to the index left', { files: orphans });
  const keys = await recordKeys(opts.records);
  const live = livePapers(index);
  const missing = [...keys].map(([collection, own]) => {
    const indexed = new Set([...(live.get(collection)?.keys() ?? [])].map(recordKey));
    return { collection, keys: [...own].filter((k) => !indexed.has(k)) };
  });
  const extra = [...live].flatMap(([collection, ids]) => [...ids.keys()].filter((id) => !keys.get(collection)?.has(recordKey(id))).map((id) => ({ collection, id })));
  let current = index;
  const toAdd = [];
  for (const { collection, keys: wanted } of missing) {
    if (wanted.length) toAdd.push(...(await readCollection(opts.records, collection, { keys: wanted, onProblem: (file, problem) => opts.log.warn('a paper added to a collection cannot be read: it is left out', { file, problem }) })));
  }
  if (toAdd.length) {
    const r = await addPapers(root, toAdd, { index: current, embedder: opts.embedder, maxSegments: opts.maxSegments, log: (m, f) => opts.log.info(m, f) });
    current = r.index;
    if (r.added.length) opts.log.info('papers of the collections that the index lacked were added', { papers: r.added.map((a) => `${a.collection}/${a.paper.id}`) });
    // A record of a paper the corpus now holds stays: the corpus paper serves every collection meanwhile.
    for (const s of r.skipped) opts.log.debug('a collection record not added', { collection: s.collection, paper: s.id, reason: s.reason });
  }
  for (const { collection, id } of extra) current = (await removePaper(root, collection, id, { index: current })).index;
  if (extra.length) opts.log.info('papers no collection record holds any more were removed from the index', { papers: extra.map((e) => `${e.collection}/${e.id}`) });
  return current;
}
