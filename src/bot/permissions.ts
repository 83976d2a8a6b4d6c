import { PermissionFlagsBits, type Channel, type PermissionsBitField, type User } from 'discord.js';

/** The channel permissions the bot needs, by the names a server's settings show them under. */
export const CHANNEL_PERMISSIONS = {
  ViewChannel: 'View Channels',
  SendMessages: 'Send Messages',
  SendMessagesInThreads: 'Send Messages in Threads',
  CreatePublicThreads: 'Create Public Threads',
  ReadMessageHistory: 'Read Message History',
} as const;

export type ChannelPermission = keyof typeof CHANNEL_PERMISSIONS;

/**
 * Whether the bot may show embeds in `channel`. Where it lacks Embed Links, Discord refuses a
 * message of embeds alone and drops embeds from an edit (a reply would be an error, or a
 * "Searching…" placeholder left forever). Interaction responses always may embed, so only
 * messages the bot sends in a channel ask this. Where the permission cannot be known (a DM, a
 * member or channel not cached), embeds are sent as ever.
 */
export function mayEmbedIn(channel: Channel | null | undefined, me: User | null | undefined): boolean {
  return botPermissionsIn(channel, me)?.has(PermissionFlagsBits.EmbedLinks) ?? true;
}

/** Which of `needed` the bot lacks in `channel`, by name; none where that cannot be known. */
export function missingPermissions(channel: Channel | null | undefined, me: User | null | undefined, needed: readonly ChannelPermission[]): string[] {
  const perms = botPermissionsIn(channel, me);
  return perms ? needed.filter((p) => !perms.has(PermissionFlagsBits[p])).map((p) => CHANNEL_PERMISSIONS[p]) : [];
}

/** The bot's permissions in `channel`; undefined where they cannot be known (a DM, a member or channel not cached). */
function botPermissionsIn(channel: Channel | null | undefined, me: User | null | undefined): Readonly<PermissionsBitField> | undefined {
  if (!channel || !me || channel.isDMBased() || !('permissionsFor' in channel)) return undefined;
  return channel.permissionsFor(me) ?? undefined;
}
