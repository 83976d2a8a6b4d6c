/** /remove: takes one added paper out of a collection (its record, then its chunks from every search). */
import path from 'node:path';
import { COLLECTIONS_DIR, dataPath, type Settings } from '../config.js';
import type { Paper } from '../corpus/paper.js';
import { PapercordError } from '../errors.js';
import { removePaper } from '../index/additions.js';
import type { LoadedIndex } from '../index/store.js';
import type { Logger } from '../log.js';

export interface RemoveReport {
  collection: string;
  id: string;
  title: string;
}

/** Removes `paper` (as the collection's view resolved it) from `collection`; throws when it is not the collection's to remove. */
export async function removeFromCollection(ctx: { settings: Settings; log: Logger; index: LoadedIndex }, paper: Paper, collection: string): Promise<{ report: RemoveReport; index: LoadedIndex }> {
  const r = await removePaper(path.dirname(ctx.index.dir), collection, paper.id, { index: ctx.index, records: dataPath(ctx.settings, COLLECTIONS_DIR), log: (m, f) => ctx.log.info(m, f) });
  if (!r.removed) {
    const why = r.reason === 'in the shipped corpus' ? 'it is in the shipped corpus, which every collection sees' : 'it was not added to this collection';
    throw new PapercordError('BAD_INPUT', `"${paper.title}" (${paper.id}) cannot be removed: ${why}.`, 'Only papers added with /add can be removed; /papers lists what is indexed.');
  }
  return { report: { collection, id: paper.id, title: paper.title }, index: r.index };
}
