import type { Settings } from '../config.js';
import { guildCollection } from '../collections/view.js';

/**
 * The collection nobody adds to (/add and /remove are offered in servers only): a direct message
 * reads the shipped corpus and no server's papers, since a DM belongs to no server and whoever can
 * message the bot must not read what a server keeps to itself.
 */
export const DM_COLLECTION = 'dm';

/**
 * The collection a command or mention reads (and /add adds to): its server's own
 * (COLLECTIONS=per-guild) or the one every server shares (COLLECTIONS=shared, which DMs read too).
 */
export function collectionFor(settings: Pick<Settings, 'collections'>, guildId: string | null | undefined): string {
  if (guildId) return guildCollection(settings, guildId);
  return settings.collections === 'shared' ? guildCollection(settings, '') : DM_COLLECTION;
}
