import { createHash } from 'node:crypto';
import { InteractionContextType, Routes, type REST, type RESTPostAPIChatInputApplicationCommandsJSONBody, type SlashCommandStringOption } from 'discord.js';
import { readJson, writeFileAtomic } from '../fsutil.js';
import type { Settings } from '../config.js';
import type { BotCommand } from './context.js';
import { LIMITS } from './split.js';
import { dmsAnswered } from './access.js';

export interface RegistrationResult {
  registered: boolean;
  scope: string;
  commands: number;
  hash: string;
}

/** Hashes of what was last registered, per application and scope, so unchanged definitions are not sent again. */
type Registry = Record<string, { hash: string; at: string }>;

/**
 * What is registered for the commands under these settings. Where a command does not say where
 * it may be used, it is offered in DMs with the bot exactly when DMs are answered (DISCORD_DMS),
 * so that a command and a message there get the same welcome; left unsaid, Discord would offer
 * every global command in DMs.
 */
export function commandDefinitions(commands: ReadonlyMap<string, BotCommand>, settings: Settings): RESTPostAPIChatInputApplicationCommandsJSONBody[] {
  const contexts = dmsAnswered(settings) ? [InteractionContextType.Guild, InteractionContextType.BotDM] : [InteractionContextType.Guild];
  return [...commands.values()].map((c) => {
    const def = c.definition?.(settings) ?? c.data.toJSON();
    return def.contexts ? def : { ...def, contexts };
  });
}

/**
 * The max_length of an option that takes a question or a topic: the service's limit, so that
 * Discord stops a longer one as it is typed rather than the service refusing it once sent.
 */
export function questionLength(settings: Pick<Settings, 'maxQuestionChars'>): number {
  return Math.min(settings.maxQuestionChars, LIMITS.optionLength);
}

/** A string option limited to `max` characters, or as it is when no limit is given (a command's `data`, read before the settings are). */
export function withMaxLength(option: SlashCommandStringOption, max: number | undefined): SlashCommandStringOption {
  return max ? option.setMaxLength(max) : option;
}

export function definitionsHash(defs: RESTPostAPIChatInputApplicationCommandsJSONBody[]): string {
  return createHash('sha256').update(JSON.stringify(defs)).digest('hex').slice(0, 32);
}

/**
 * Registers the slash commands for one server (instant) or globally, but only when their
 * definitions changed since the last registration recorded in `registryFile` (or when forced).
 */
export async function registerCommands(
  rest: REST,
  opts: { applicationId: string; guildId?: string; defs: RESTPostAPIChatInputApplicationCommandsJSONBody[]; registryFile: string; force?: boolean },
): Promise<RegistrationResult> {
  const scope = opts.guildId ? `guild ${opts.guildId}` : 'global';
  const key = `${opts.applicationId}:${opts.guildId || 'global'}`;
  const hash = definitionsHash(opts.defs);
  let registry: Registry = {};
  try {
    registry = await readJson<Registry>(opts.registryFile);
  } catch {
    // No registry yet (or an unreadable one): register and write a fresh one.
  }
  if (!opts.force && registry[key]?.hash === hash) return { registered: false, scope, commands: opts.defs.length, hash };
  const route = opts.guildId ? Routes.applicationGuildCommands(opts.applicationId, opts.guildId) : Routes.applicationCommands(opts.applicationId);
  await rest.put(route, { body: opts.defs });
  registry[key] = { hash, at: new Date().toISOString() };
  await writeFileAtomic(opts.registryFile, JSON.stringify(registry, null, 2) + '\n');
  return { registered: true, scope, commands: opts.defs.length, hash };
}

/** A bot token starts with the bot's user id in base64, which is also its application id. */
export function applicationIdFromToken(token: string): string | undefined {
  const first = token.split('.')[0];
  if (!first) return undefined;
  const id = Buffer.from(first, 'base64url').toString('utf8');
  return /^\d{15,22}$/.test(id) ? id : undefined;
}
