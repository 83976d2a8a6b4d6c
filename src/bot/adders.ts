import type { ChatInputCommandInteraction } from 'discord.js';
import { PapercordError } from '../errors.js';
import type { Settings } from '../config.js';
import { askerOf, isServerAdmin } from './interactions.js';

/**
 * Whether the member may change the server's collection (/add, /remove): Manage Server, or a
 * role ADD_ROLES names, by id or by name (names compared without case, as Discord shows them).
 */
export function mayChangeCollection(interaction: ChatInputCommandInteraction, settings: Pick<Settings, 'addRoles'>): boolean {
  if (!interaction.guildId) return false;
  if (isServerAdmin(interaction)) return true;
  if (!settings.addRoles.length) return false;
  const wanted = new Set(settings.addRoles.map((r) => r.toLowerCase()));
  const roleIds = askerOf(interaction).roleIds ?? [];
  return roleIds.some((id) => wanted.has(id) || wanted.has(interaction.guild?.roles.cache.get(id)?.name.toLowerCase() ?? '\u0000'));
}

/** The refusal for a member who may not, naming what would let them. */
export function changeRefusal(settings: Pick<Settings, 'addRoles'>, verb: 'add' | 'remove'): PapercordError {
  const roles = settings.addRoles.length ? ` or one of the roles ${settings.addRoles.map((r) => (/^\d{17,20}$/.test(r) ? `<@&${r}>` : `**${r}**`)).join(', ')}` : '';
  return new PapercordError('FORBIDDEN', `Only members with the Manage Server permission${roles} can ${verb} papers in this server.`, `Ask someone who has it to run /${verb}.`);
}
