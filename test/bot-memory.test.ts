/** What the bot keeps in memory about Discord, and that it is let go (see BOT_MEMORY; RELIABILITY.md, Load figures). */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createClient } from '../src/bot/client.js';
import { BOT_MEMORY } from '../src/config.js';
import { DISCORD_TOKEN_LIFETIME } from '../src/bot/token.js';

test("discord.js's REST drops the idle request queue each interaction leaves within minutes, not after an hour", async () => {
  // As in production (no extra options) and as the tests and `npm run load` build it (the emulator's REST base and timeout).
  for (const extra of [{}, { rest: { api: 'http://127.0.0.1:9/api', timeout: 400 } }]) {
    const client = createClient({ discordApiBase: 'http://127.0.0.1:9/api' }, extra);
    try {
      assert.equal(client.rest.options.handlerSweepInterval, BOT_MEMORY.restHandlerSweepMs);
      // One queue per interaction token: swept well before the token (and so its route) could be used again.
      assert.ok(BOT_MEMORY.restHandlerSweepMs < DISCORD_TOKEN_LIFETIME.lifetimeMs);
    } finally {
      client.rest.clearHandlerSweeper();
      client.rest.clearHashSweeper();
      await client.destroy();
    }
  }
});
