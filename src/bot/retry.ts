import { setTimeout as sleep } from 'node:timers/promises';
import { DiscordAPIError, HTTPError, MessageFlags, RESTJSONErrorCodes, type ButtonInteraction, type ChatInputCommandInteraction } from 'discord.js';
import type { Logger } from '../log.js';

/**
 * One more try of our own for the Discord requests that carry a reply. discord.js already
 * waits out 429s and retries a 5xx or a timed-out request three times at once; what still
 * fails after that is an outage of more than a moment, where a second try a little later gets
 * most replies through. A 4xx would fail the same way again, so it is not retried.
 */

/** A pause before our own retry: a failure that outlasted three immediate retries is rarely over within milliseconds. */
const RETRY_DELAY_MS = 500;

/** Our retry of a deferral must still reach Discord within its 3 s acknowledgement deadline. */
const DEFER_RETRY_WINDOW_MS = 2000;
const DEFER_RETRY_DELAY_MS = 100;

/** Server errors, timeouts and dropped connections: failures that may not happen twice. */
function isTransient(e: unknown): boolean {
  if (e instanceof HTTPError || e instanceof DiscordAPIError) return e.status >= 500;
  if (!(e instanceof Error)) return false;
  if (e.name === 'AbortError' || e.name === 'TimeoutError') return true;
  const code = (e as { code?: unknown }).code ?? (e.cause as { code?: unknown } | undefined)?.code;
  return typeof code === 'string' && /^(ECONNRESET|ECONNREFUSED|ETIMEDOUT|EPIPE|EAI_AGAIN|UND_ERR_)/.test(code);
}

/** `send()`, and once more after `delayMs` if it failed in a way that may pass (and `canRetry` allows it). */
export async function withRetry<T>(step: string, send: () => Promise<T>, log: Logger, opts: { delayMs?: number; canRetry?: () => boolean } = {}): Promise<T> {
  try {
    return await send();
  } catch (e) {
    if (!isTransient(e) || (opts.canRetry && !opts.canRetry())) throw e;
    log.warn('discord request failed; trying once more', { step, error: e });
    await sleep(opts.delayMs ?? RETRY_DELAY_MS);
    return send();
  }
}

/**
 * Defers the reply within Discord's 3 s, with one more try while there is time. A deferral that
 * Discord applied after the client gave up waiting for it comes back as 40060 (already
 * acknowledged) from the retry; the reply is then deferred after all, and is treated so.
 */
export async function deferReply(interaction: ChatInputCommandInteraction | ButtonInteraction, log: Logger, opts: { ephemeral?: boolean } = {}): Promise<void> {
  // Only quick checks come before a deferral (the longest, a paper name's catalog lookup, takes milliseconds), so the interaction arrived a moment ago.
  const receivedAt = Date.now();
  const flags = opts.ephemeral ? MessageFlags.Ephemeral : undefined;
  try {
    await withRetry('defer', () => interaction.deferReply(flags ? { flags } : {}), log, {
      delayMs: DEFER_RETRY_DELAY_MS,
      canRetry: () => Date.now() - receivedAt < DEFER_RETRY_WINDOW_MS,
    });
  } catch (e) {
    if (!(e instanceof DiscordAPIError && e.code === RESTJSONErrorCodes.InteractionHasAlreadyBeenAcknowledged) || interaction.replied) throw e;
    log.warn('the deferral was applied although its request failed (40060); going on');
    interaction.deferred = true;
    interaction.ephemeral = !!opts.ephemeral;
  }
}
