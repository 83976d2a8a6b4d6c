import { Client, GatewayIntentBits, type ClientOptions } from 'discord.js';
import type { Settings } from '../config.js';
import { noPings } from './reply.js';

/**
 * The discord.js client: guilds, their messages and message content (for mentions and
 * follow-ups), with no pings by default and REST pointed at DISCORD_API_BASE. `extra` adds or
 * overrides options (the test emulator passes its REST base and a no-op identify throttler).
 */
export function createClient(settings: Pick<Settings, 'discordApiBase'>, extra: Partial<ClientOptions> = {}): Client {
  return new Client({
    intents: [GatewayIntentBits.Guilds, GatewayIntentBits.GuildMessages, GatewayIntentBits.MessageContent],
    allowedMentions: noPings(),
    ...extra,
    rest: { ...extra.rest, api: extra.rest?.api ?? settings.discordApiBase },
  });
}
