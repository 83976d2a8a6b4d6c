import type { PapercordService } from '../service.js';
import type { TextInput, TextOnlyOption } from './types.js';

/**
 * /add and /remove on the text surfaces: which collection they change. Discord has none (a
 * server changes its own); without it the service's default collection, `local`.
 */
export const COLLECTION_OPTION: TextOnlyOption = { name: 'collection', description: 'The collection to change (local unless given; guild:<server id> for a server\'s)', value: '<id>' };

/** The collection a text command changes: --collection (the service checks it), or the service's default. */
export function collectionOf(options: TextInput['options'], service: Pick<PapercordService, 'defaultCollection'>): string {
  return options.collection ?? service.defaultCollection;
}
