import { Client, GatewayIntentBits, Partials, type ClientOptions } from 'discord.js';
import { BOT_MEMORY, type Settings } from '../config.js';
import { noPings } from './reply.js';

/**
 * The discord.js client: guilds, their messages and message content (for mentions and
 * follow-ups), direct messages, with no pings by default and REST pointed at DISCORD_API_BASE.
 * Direct messages come whatever DISCORD_DMS says, so that with DMs off the asker is told so
 * rather than met with silence. Partials.Channel: Discord sends no event that opens a DM
 * channel, so without it discord.js drops a DM whose channel it has not seen yet. REST's idle
 * per-route queues are swept every BOT_MEMORY.restHandlerSweepMs, not hourly. `extra` adds or
 * overrides options (the test emulator passes its REST base and a no-op identify throttler).
 */
export function createClient(settings: Pick<Settings, 'discordApiBase'>, extra: Partial<ClientOptions> = {}): Client {
  return new Client({
    intents: [GatewayIntentBits.Guilds, GatewayIntentBits.GuildMessages, GatewayIntentBits.DirectMessages, GatewayIntentBits.MessageContent],
    partials: [Partials.Channel],
    allowedMentions: noPings(),
    ...extra,
    rest: { handlerSweepInterval: BOT_MEMORY.restHandlerSweepMs, ...extra.rest, api: extra.rest?.api ?? settings.discordApiBase },
  });
}
