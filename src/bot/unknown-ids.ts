/**
 * DISCORD_ALLOWED_CHANNELS and DISCORD_ALLOWED_ROLES ids that the bot cannot see, told to the
 * operator at start-up: by the bot when it runs alone, by the shard launcher over every shard.
 */
import type { Client } from 'discord.js';
import type { Settings } from '../config.js';
import type { Logger } from '../log.js';

/** The allow-lists' ids of channels and roles that one client sees. */
export interface SeenIds {
  channels: string[];
  roles: string[];
}

/**
 * The allow-listed ids that `client` sees. Self-contained, as the shard launcher runs it in every
 * shard by broadcastEval, which sends a function's source text.
 */
export function idsSeenBy(client: Client, listed: Pick<Settings, 'allowedChannels' | 'allowedRoles'>): SeenIds {
  return {
    channels: listed.allowedChannels.filter((id) => client.channels.cache.has(id)),
    roles: listed.allowedRoles.filter((id) => client.guilds.cache.some((g) => g.roles.cache.has(id))),
  };
}

/**
 * Allow-list ids of no channel or role the bot can see (a typo, another server's, a deleted one):
 * nobody can ask there, and the bot would only seem to have gone quiet. `seen`: what every
 * client of the bot sees (each shard sees its own servers).
 */
export function warnOfUnknownIds(settings: Pick<Settings, 'allowedChannels' | 'allowedRoles'>, seen: readonly SeenIds[], log: Logger): void {
  const channels = settings.allowedChannels.filter((id) => !seen.some((s) => s.channels.includes(id)));
  const roles = settings.allowedRoles.filter((id) => !seen.some((s) => s.roles.includes(id)));
  const noneLeft = (listed: string[], unknown: string[]) => (unknown.length === listed.length ? '; nobody can ask the bot anything' : '');
  const check = 'Check the ids (Developer Mode on, right-click, Copy ID) and that the bot was invited to their server.';
  if (channels.length) log.warn(`DISCORD_ALLOWED_CHANNELS lists ids of no channel the bot can see${noneLeft(settings.allowedChannels, channels)}`, { ids: channels, hint: check });
  if (roles.length) log.warn(`DISCORD_ALLOWED_ROLES lists ids of no role in the bot's servers${noneLeft(settings.allowedRoles, roles)}`, { ids: roles, hint: check });
}
