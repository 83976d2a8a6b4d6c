import { PapercordError } from '../errors.js';

/** Who may ask where: the channel allow list (threads count as their parent channel) and the role allow list. */
export interface AccessRules {
  allowedChannels: string[];
  allowedRoles: string[];
}

export interface Asker {
  channelId: string;
  /** The parent channel when the message is in a thread. */
  parentId?: string | null;
  /** Role ids of the member; undefined outside a server (DMs). */
  roleIds?: string[];
}

export function channelAllowed(rules: AccessRules, a: Asker): boolean {
  if (!rules.allowedChannels.length) return true;
  return rules.allowedChannels.includes(a.channelId) || (!!a.parentId && rules.allowedChannels.includes(a.parentId));
}

export function roleAllowed(rules: AccessRules, a: Asker): boolean {
  if (!rules.allowedRoles.length) return true;
  return !!a.roleIds?.some((r) => rules.allowedRoles.includes(r));
}

/** Throws FORBIDDEN with what the user can do, when the rules keep them from asking here. */
export function checkAccess(rules: AccessRules, a: Asker): void {
  if (!channelAllowed(rules, a)) {
    const where = rules.allowedChannels.map((id) => `<#${id}>`).join(', ');
    throw new PapercordError('FORBIDDEN', 'I do not answer questions in this channel.', `Ask in ${where}.`);
  }
  if (!roleAllowed(rules, a)) {
    throw new PapercordError('FORBIDDEN', 'Questions here are limited to members with certain roles.', 'Ask a moderator for access if you need it.');
  }
}
