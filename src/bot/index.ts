import { Events, ShardClientUtil, type Client, type ClientOptions } from 'discord.js';
import { COMMANDS_REGISTRY_FILE, dataPath, FEEDBACK_FILE, type Settings } from '../config.js';
import { PapercordError } from '../errors.js';
import { FeedbackStore } from '../feedback.js';
import { log as rootLog, redact, type Logger } from '../log.js';
import type { PapercordService } from '../service.js';
import { LatencyTracker } from '../status.js';
import { createClient } from './client.js';
import type { BotCommand, BotContext } from './context.js';
import { Cooldown } from './cooldown.js';
import { loadCommands } from './loader.js';
import { AnswerMemory } from './memory.js';
import { onMessage } from './messages.js';
import { applicationIdFromToken, commandDefinitions, registerCommands, type RegistrationResult } from './registration.js';
import { createRouter } from './router.js';
import { LIMITS } from './split.js';
import { PROGRESS_INTERVAL_MS } from './throttle.js';
import { DISCORD_TOKEN_LIFETIME } from './token.js';
import { WorkTracker } from './work.js';
import { idsSeenBy, warnOfUnknownIds } from './unknown-ids.js';

export interface BotOptions {
  /** Extra discord.js client options (REST base, identify throttler, timeouts), merged over the defaults. */
  clientOptions?: Partial<ClientOptions>;
  log?: Logger;
  /** The command modules (default: the list of commands/index.ts). */
  commands?: readonly BotCommand[];
  /** Register the slash commands at start-up when they changed (default true). */
  register?: boolean;
}

export interface BotHandle {
  client: Client;
  ctx: BotContext;
  commands: ReadonlyMap<string, BotCommand>;
  registration: RegistrationResult | { registered: false; error: string };
  /** Stops taking work, tells waiting users, lets running answers finish (SHUTDOWN_GRACE_SECONDS) or cancels them, destroys the client. */
  stop(opts?: { graceMs?: number }): Promise<void>;
}

/**
 * Starts the Discord bot over an open service: logs in, waits until ready, registers the
 * commands if their definitions changed, and handles interactions and mentions until stop().
 */
export async function startBot(settings: Settings, service: PapercordService, opts: BotOptions = {}): Promise<BotHandle> {
  const log = opts.log ?? rootLog.child({ component: 'bot' });
  if (!settings.discordToken) throw new PapercordError('BAD_INPUT', 'DISCORD_TOKEN is not set.', 'Set it in .env; the README explains how to get one.');
  redact(settings.discordToken);
  const commands = await loadCommands(opts.commands);
  if (settings.maxQuestionChars > LIMITS.optionLength) {
    log.warn(`MAX_QUESTION_CHARS is ${settings.maxQuestionChars}, but Discord's command options hold at most ${LIMITS.optionLength} characters: /ask questions and /related topics stop at ${LIMITS.optionLength} (a mention, at Discord's message length).`);
  }
  const feedback = await FeedbackStore.open(dataPath(settings, FEEDBACK_FILE));
  if (feedback.unreadable) log.warn('lines of the feedback file could not be read; their votes are not counted', { file: feedback.file, lines: feedback.unreadable });
  const client = createClient(settings, opts.clientOptions);
  const ctx: BotContext = {
    service,
    settings,
    log,
    client,
    feedback,
    latencies: new LatencyTracker(),
    cooldown: new Cooldown(settings.cooldownSeconds),
    work: new WorkTracker(),
    answers: new AnswerMemory(),
    startedAt: Date.now(),
    progressIntervalMs: PROGRESS_INTERVAL_MS,
    tokenLifetime: { ...DISCORD_TOKEN_LIFETIME },
  };

  const route = createRouter(commands, ctx);
  client.on(Events.InteractionCreate, (i) => void route(i));
  client.on(Events.MessageCreate, (m) => void onMessage(m, ctx).catch((e: unknown) => log.error('message handler failed', { error: e, message: m.id })));
  client.on(Events.Error, (e) => log.error('discord client error', { error: e }));
  client.on(Events.Warn, (w) => log.warn('discord client warning', { warning: w }));
  // Closing the gateway on shutdown is no dropped connection: said, it read as one between "stopping" and "stopped".
  let closing = false;
  client.on(Events.ShardDisconnect, (event, shard) => {
    if (!closing) log.warn('gateway disconnected', { shard, code: event.code });
  });
  client.on(Events.ShardReconnecting, (shard) => {
    if (!closing) log.info('gateway reconnecting', { shard });
  });
  client.on(Events.ShardResume, (shard, replayed) => log.info('gateway resumed', { shard, replayed }));

  const ready = new Promise<void>((resolve) => client.once(Events.ClientReady, () => resolve()));
  try {
    await client.login(settings.discordToken);
  } catch (e) {
    await client.destroy();
    throw loginError(e);
  }
  await ready;

  const guildId = settings.discordGuildId;
  // A shard sees only its own servers: the allow-lists are checked by the shard launcher, over every shard (src/shard.ts).
  if (!client.shard || client.shard.count <= 1) warnOfUnknownIds(settings, [idsSeenBy(client, settings)], log);
  // DISCORD_GUILD_ID's server is on one shard only, which tells whether the bot is in it and registers the commands there.
  const guildShard = guildId && client.shard ? ShardClientUtil.shardIdForGuildId(guildId, client.shard.count) : undefined;
  const guildElsewhere = guildShard !== undefined && !client.shard!.ids.includes(guildShard);
  let registration: BotHandle['registration'] = { registered: false, error: 'registration was switched off' };
  if (opts.register !== false && guildElsewhere) {
    registration = { registered: false, error: `server ${guildId} is on shard ${guildShard}, which registers the commands` };
  } else if (opts.register !== false && guildId && !client.guilds.cache.has(guildId)) {
    // Discord would answer "Missing Access", which read as a missing applications.commands scope.
    registration = { registered: false, error: `the bot is not in server ${guildId}` };
    log.error(`DISCORD_GUILD_ID ${guildId} is a server the bot is not in, so the slash commands were not registered (mentions still work)`, {
      botIsIn: serverNames(client),
      hint: 'Set DISCORD_GUILD_ID to the id of a server the bot is in (Developer Mode on, right-click the server icon, Copy Server ID), invite the bot to that server, or leave it empty to register the commands globally.',
    });
  } else if (opts.register !== false) {
    const applicationId = client.application?.id || settings.discordClientId || applicationIdFromToken(settings.discordToken) || '';
    try {
      if (!applicationId) throw new Error('the application id is unknown; set DISCORD_CLIENT_ID');
      registration = await registerCommands(client.rest, {
        applicationId,
        guildId: guildId || undefined,
        defs: commandDefinitions(commands, settings),
        registryFile: dataPath(settings, COMMANDS_REGISTRY_FILE),
      });
      log.info(registration.registered ? 'slash commands registered' : 'slash commands unchanged, not registered again', { scope: registration.scope, commands: registration.commands });
    } catch (e) {
      // Mentions still work without slash commands, so this is loud but not fatal.
      const error = (e as Error).message;
      registration = { registered: false, error };
      log.error('could not register the slash commands; was the bot invited with the applications.commands scope?', { error });
    }
  }
  const slashCommands = registration.registered ? 'registered' : 'error' in registration ? 'not registered' : 'unchanged';
  log.info('bot ready', { user: client.user?.tag, guilds: client.guilds.cache.size, slashCommands, ...('error' in registration ? {} : { commands: registration.commands }) });

  let stopping: Promise<void> | undefined;
  return {
    client,
    ctx,
    commands,
    registration,
    stop(stopOpts = {}) {
      stopping ??= (async () => {
        const graceMs = stopOpts.graceMs ?? settings.shutdownGraceSeconds * 1000;
        log.info('stopping', { inFlight: ctx.work.size, graceMs });
        await ctx.work.drain(graceMs);
        closing = true;
        await client.destroy();
        log.info('stopped');
      })();
      return stopping;
    },
  };
}

/** The servers the bot is in, as an operator recognises them, for a DISCORD_GUILD_ID that names none of them. */
function serverNames(client: Client): string[] {
  const names = [...client.guilds.cache.values()].map((g) => `${g.name} (${g.id})`);
  return names.length > 10 ? [...names.slice(0, 10), `and ${names.length - 10} more`] : names;
}

/** Login failures with what to do about them. */
function loginError(e: unknown): PapercordError {
  const code = (e as { code?: string }).code;
  // discord.js 14.28 has no code for it: @discordjs/ws reports the gateway's close 4014 as a plain Error with this text.
  const disallowedIntents = code === 'DisallowedIntents' || /^Used disallowed intents$/i.test((e as Error)?.message ?? '');
  if (code === 'TokenInvalid') return new PapercordError('BAD_INPUT', 'Discord rejected DISCORD_TOKEN.', 'Copy the bot token again from the Developer Portal (Bot, Reset Token) into .env.', { cause: e });
  if (disallowedIntents) {
    return new PapercordError('BAD_INPUT', 'Discord refused the Message Content intent.', 'Enable it in the Developer Portal: Bot, Privileged Gateway Intents, Message Content Intent.', { cause: e });
  }
  return new PapercordError('INTERNAL', `Could not connect to Discord: ${(e as Error).message}`, 'Check the network and DISCORD_API_BASE.', { cause: e });
}
