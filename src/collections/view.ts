/** What one collection sees of an index: the shipped corpus and its own additions, never another collection's. */
import type { Paper } from '../corpus/paper.js';
import type { LoadedIndex } from '../index/store.js';

/** The papers added to `collection` and not removed, oldest first. */
export function addedPapersOf(index: LoadedIndex, collection: string): Paper[] {
  return index.segments.filter((s) => s.collection === collection).flatMap((s) => s.papers.filter((p) => !s.removed.has(p.id)));
}

/** The collection of the command line and the local console. */
export const LOCAL_COLLECTION = 'local';

/** The collection a Discord server's additions go to: its own, or the one every server shares. */
export function guildCollection(settings: { collections: 'per-guild' | 'shared' }, guildId: string): string {
  return settings.collections === 'shared' ? 'shared' : `guild:${guildId}`;
}
