import { DiscordAPIError, RESTJSONErrorCodes } from 'discord.js';

export interface TokenLifetime {
  /** How long after an interaction was created its token takes edits and follow-ups. */
  lifetimeMs: number;
  /**
   * With less time than this left on the token, the final reply is posted in the channel instead:
   * a long answer is several requests, each retried and rate limited, and one that expired half-way
   * would leave the asker with part of it. A minute is far more than a reply takes to send.
   */
  marginMs: number;
}

/** Discord's: 15 minutes. */
export const DISCORD_TOKEN_LIFETIME: Readonly<TokenLifetime> = { lifetimeMs: 15 * 60_000, marginMs: 60_000 };

/** Discord's answer to a request made with an interaction token that has expired. */
export function isExpiredToken(e: unknown): boolean {
  return e instanceof DiscordAPIError && e.code === RESTJSONErrorCodes.InvalidWebhookToken;
}

/** Discord refusing the bot itself: it may not see the channel (50001) or lacks a permission there (50013). */
export function isMissingPermission(e: unknown): boolean {
  return e instanceof DiscordAPIError && (e.code === RESTJSONErrorCodes.MissingAccess || e.code === RESTJSONErrorCodes.MissingPermissions);
}

/**
 * What an interaction's token is still good for, from when the interaction was created; told
 * when Discord refused it, since Discord's clock is the one that counts.
 */
export class InteractionToken {
  private refused = false;

  constructor(
    private readonly createdAt: number,
    private readonly lifetime: TokenLifetime,
    private readonly now: () => number = Date.now,
  ) {}

  get timeLeftMs(): number {
    return this.refused ? 0 : this.createdAt + this.lifetime.lifetimeMs - this.now();
  }

  /** Worth a progress edit: one that fails costs nothing but a request. */
  get usable(): boolean {
    return this.timeLeftMs > 0;
  }

  /** Enough time left to send the final reply with it, every part of it. */
  get lastsForReply(): boolean {
    return this.timeLeftMs >= this.lifetime.marginMs;
  }

  /** Discord refused the token (401 50027); returns whether this is news. */
  markRefused(): boolean {
    const news = !this.refused;
    this.refused = true;
    return news;
  }
}
