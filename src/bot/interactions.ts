import { PermissionFlagsBits, type AutocompleteInteraction, type ChatInputCommandInteraction, type Interaction } from 'discord.js';
import type { BotContext } from './context.js';
import { checkAccess, type Asker } from './access.js';
import { runRequest, type RequestSpec } from './flow.js';
import { errorMessage } from './render.js';
import { interactionResponder, replyEphemeral } from './reply.js';
import { deferReply } from './retry.js';
import { LIMITS, truncate } from './split.js';
import { collectionFor } from './collection.js';

/** Where and by whom an interaction was made, for the allow lists. */
export function askerOf(interaction: Interaction): Asker {
  const channel = interaction.channel;
  const roles = interaction.inCachedGuild() ? [...interaction.member.roles.cache.keys()] : rolesFromRaw(interaction.member);
  return { channelId: interaction.channelId ?? '', parentId: channel?.isThread() ? channel.parentId : null, roleIds: interaction.guildId ? roles : undefined, dm: !interaction.guildId };
}

function rolesFromRaw(member: unknown): string[] | undefined {
  const roles = (member as { roles?: unknown } | null)?.roles;
  return Array.isArray(roles) ? roles.map(String) : undefined;
}

export type QuestionSpec<T> = RequestSpec<T> & {
  what: 'answer' | 'summary' | 'related';
  /** The asker's question, paper or topic, as they typed it. */
  asked: string;
  /** The checks that need no work, answered at once. */
  precheck: () => void;
};

/**
 * A question command (/ask, /summary, /related): the checks that need no work are answered at
 * once and only to the asker (ephemeral); then the reply is deferred within Discord's 3 s and
 * the request runs with progress.
 */
export async function answerInteraction<T>(interaction: ChatInputCommandInteraction, ctx: BotContext, spec: QuestionSpec<T>): Promise<void> {
  try {
    checkAccess(ctx.settings, askerOf(interaction));
    spec.precheck();
  } catch (e) {
    await replyEphemeral(interaction, [errorMessage(e)]);
    return;
  }
  const { log } = spec;
  await deferReply(interaction, log);
  const responder = interactionResponder(interaction, { log, lifetime: ctx.tokenLifetime, asked: { what: spec.what, words: spec.asked } });
  await runRequest(ctx, responder, { ...spec, turn: ctx.cooldown.turnFor(interaction.user.id) });
}

/**
 * The channel allow list applies to every command but /help; answered only to the asker.
 * `openToAdmins`: a Manage Server member passes anywhere (/status, to find out why the bot is
 * quiet when the list keeps everyone out).
 */
export async function channelGuard(interaction: ChatInputCommandInteraction, ctx: BotContext, opts: { openToAdmins?: boolean } = {}): Promise<boolean> {
  if (opts.openToAdmins && isServerAdmin(interaction)) return true;
  try {
    checkAccess({ ...ctx.settings, allowedRoles: [] }, askerOf(interaction));
    return true;
  } catch (e) {
    await replyEphemeral(interaction, [errorMessage(e)]);
    return false;
  }
}

/** The permission that makes a member a server admin (Administrator includes it). */
export const SERVER_ADMIN_PERMISSION = PermissionFlagsBits.ManageGuild;

/** Whether the asker may manage the server: an admin, who gets /status's operator view, /reindex and its line in /help. */
export function isServerAdmin(interaction: ChatInputCommandInteraction): boolean {
  return interaction.memberPermissions?.has(SERVER_ADMIN_PERMISSION) ?? false;
}

/** Papers of the collection matching what was typed so far (typos and partial words welcome), as autocomplete choices. */
function paperChoices(ctx: BotContext, typed: string, collection: string): { name: string; value: string }[] {
  return ctx.service
    .catalogFor({ collection })
    .suggest(typed, 25)
    .filter((m) => m.paper.id.length <= LIMITS.choiceValue)
    .map((m) => ({ name: truncate(`${m.paper.title} (${m.paper.id})`, LIMITS.choiceName), value: m.paper.id }));
}

export async function paperAutocomplete(interaction: AutocompleteInteraction, ctx: BotContext, opts: { allowTopic?: boolean } = {}): Promise<void> {
  // The catalog cuts a pasted wall of text to a title's length itself: suggestions must arrive within Discord's 3 s.
  const typed = interaction.options.getFocused().trim();
  const choices = paperChoices(ctx, typed, collectionFor(ctx.settings, interaction.guildId));
  // A topic is fine for /related: offer what was typed, after the papers it might mean.
  if (opts.allowTopic && typed && typed.length <= LIMITS.choiceValue && !choices.some((c) => c.value === typed)) {
    choices.splice(24, choices.length, { name: truncate(`Topic: ${typed}`, LIMITS.choiceName), value: typed });
  }
  await interaction.respond(choices.slice(0, 25));
}
