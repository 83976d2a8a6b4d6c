import { PapercordError } from '../errors.js';

/**
 * Who may ask where: the channel allow list (threads count as their parent channel), the role
 * allow list, and whether direct messages are answered (DISCORD_DMS; see dmsAnswered).
 */
export interface AccessRules {
  allowedChannels: string[];
  allowedRoles: string[];
  directMessages: boolean | 'auto';
}

export interface Asker {
  channelId: string;
  /** The parent channel when the message is in a thread. */
  parentId?: string | null;
  /** Role ids of the member; undefined outside a server (DMs). */
  roleIds?: string[];
  /** Asked in a direct message with the bot: no server channel, no roles. */
  dm?: boolean;
}

/**
 * Whether the bot answers in direct messages. `auto` (the default) answers them unless an allow
 * list limits the bot: a DM is in no allowed channel and has no roles, so neither list can be
 * checked there, and an operator who limited the bot to some channels or roles would not want
 * anyone who can message it to get around that. `true` opens DMs to everyone all the same.
 */
export function dmsAnswered(rules: AccessRules): boolean {
  return rules.directMessages === 'auto' ? !rules.allowedChannels.length && !rules.allowedRoles.length : rules.directMessages;
}

export function channelAllowed(rules: AccessRules, a: Asker): boolean {
  if (a.dm) return dmsAnswered(rules);
  if (!rules.allowedChannels.length) return true;
  return rules.allowedChannels.includes(a.channelId) || (!!a.parentId && rules.allowedChannels.includes(a.parentId));
}

export function roleAllowed(rules: AccessRules, a: Asker): boolean {
  // Whether a DM is answered at all is dmsAnswered's to say: there are no roles to check.
  if (a.dm || !rules.allowedRoles.length) return true;
  return !!a.roleIds?.some((r) => rules.allowedRoles.includes(r));
}

/** Throws FORBIDDEN with what the user can do, when the rules keep them from asking here. */
export function checkAccess(rules: AccessRules, a: Asker): void {
  if (!channelAllowed(rules, a)) {
    const where = rules.allowedChannels.length ? rules.allowedChannels.map((id) => `<#${id}>`).join(', ') : 'a server channel where I am';
    if (a.dm) throw new PapercordError('FORBIDDEN', 'I do not answer questions in direct messages.', `Ask in ${where}.`);
    throw new PapercordError('FORBIDDEN', 'I do not answer questions in this channel.', `Ask in ${where}.`);
  }
  if (!roleAllowed(rules, a)) {
    throw new PapercordError('FORBIDDEN', 'Questions here are limited to members with certain roles.', 'Ask a moderator for access if you need it.');
  }
}
