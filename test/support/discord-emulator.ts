/**
 * A Discord API emulator for end-to-end tests: REST (`/api/v10/...`) and the gateway (a `ws`
 * WebSocketServer on the same port) on 127.0.0.1, close enough to real Discord that the REAL
 * discord.js 14.28 `Client` runs against it unchanged:
 *
 * ```ts
 * const emu = await DiscordEmulator.start();
 * const client = new Client({ intents: [...], ...emu.clientOptions() }); // or rest: { api: emu.apiBase }
 * const ready = once(client, Events.ClientReady);
 * await client.login(emu.token); await ready;
 * const it = await emu.slashCommand('ask', { question: 'What is attention?' });
 * const original = await it.waitForOriginal((m) => m.embeds.length > 0);
 * ...
 * await client.destroy(); await emu.stop(); // destroy the client FIRST, or it keeps reconnecting
 * ```
 *
 * Wire facts this relies on (checked against discord.js 14.28.1, @discordjs/rest 2.6.3, @discordjs/ws 1.2.3):
 * - REST calls go to `${api}/v10${route}`; the gateway URL comes from `GET /gateway/bot` and the
 *   client appends `?v=10&encoding=json` (no compression: zlib-sync is not installed, so we send text frames).
 * - Interaction callbacks and `/webhooks/{app}/{token}...` carry no Authorization header; everything
 *   else carries `Authorization: Bot <token>` and gets 401 otherwise (a 401 on /gateway/bot makes
 *   `login()` reject with TokenInvalid).
 * - `@original` arrives percent-encoded (`%40original`); paths are decoded segment by segment.
 * - @discordjs/rest retries 5xx up to `rest.retries` (3) times immediately, honours `Retry-After`
 *   (fractional seconds are fine, e.g. "0.2") plus its `offset` (50 ms), and treats `/interactions/.../callback`
 *   with a burst handler (sleeps retry-after, then retries).
 * - @discordjs/ws waits 500 ms before reconnecting after any close, and its default identify
 *   throttler makes a SECOND identify within 5 s wait 5–6.5 s. Tests that force a re-IDENTIFY (invalid
 *   session, close code 1000) should build the client with `emu.clientOptions()` (which installs a no-op
 *   identify throttler) or `ws: { buildIdentifyThrottler: () => ({ waitForIdentify: async () => {} }) }`.
 * - discord.js drops MESSAGE_CREATE for channels it has not cached, so GUILD_CREATE is sent right after READY.
 *   A DM channel is never announced (as on Discord): a client needs `Partials.Channel` to get DMs.
 * - INTERACTION_CREATE must carry `entitlements` and `authorizing_integration_owners` or discord.js throws.
 *
 * Sharding: IDENTIFY with `shard: [id, count]` gets only that shard's guilds and their events
 * (`(guild_id >> 22) % count === id`; DMs on shard 0); `shards` sets what `GET /gateway/bot` recommends.
 *
 * Realism extras (so bot bugs show up in tests): message validation like Discord's (content <= 2000,
 * embed limits, component limits, empty messages -> 50006), application command validation on
 * registration, permission checks (403 50013) for channel routes (a bot's embeds where it lacks
 * Embed Links: dropped, or refused when nothing else is left), the 3 s interaction
 * acknowledgement deadline (`interactionAckTimeoutMs`), interaction tokens that expire 15 min after
 * the interaction (`interactionTokenLifetimeMs`; then its webhook routes answer 401 50027), intent
 * filtering on the gateway (no MESSAGE_CREATE without GuildMessages, nor in DMs without
 * DirectMessages; empty content without MessageContent unless the bot is mentioned/DMed), commands
 * used in DMs only where Discord offers them (global, with `contexts` or `dm_permission` allowing
 * it: see `dm` in InteractionOptions), RESUME replay of events missed while disconnected.
 *
 * Fault `routeMatch` regexes are tested against `"METHOD /decoded/path"` without the `/api/v10`
 * prefix, e.g. `"PATCH /webhooks/123/tok/messages/@original"`.
 */
import http from 'node:http';
import type { Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { createHash, randomBytes } from 'node:crypto';
import { WebSocketServer, WebSocket } from 'ws';

// ---------------------------------------------------------------------------------------------
// Constants
// ---------------------------------------------------------------------------------------------

/** Permission bits (a subset of Discord's), as bigint. */
export const Perm = {
  CreateInstantInvite: 1n << 0n,
  KickMembers: 1n << 1n,
  BanMembers: 1n << 2n,
  Administrator: 1n << 3n,
  ManageChannels: 1n << 4n,
  ManageGuild: 1n << 5n,
  AddReactions: 1n << 6n,
  ViewAuditLog: 1n << 7n,
  ViewChannel: 1n << 10n,
  SendMessages: 1n << 11n,
  ManageMessages: 1n << 13n,
  EmbedLinks: 1n << 14n,
  AttachFiles: 1n << 15n,
  ReadMessageHistory: 1n << 16n,
  MentionEveryone: 1n << 17n,
  UseExternalEmojis: 1n << 18n,
  Connect: 1n << 20n,
  Speak: 1n << 21n,
  ChangeNickname: 1n << 26n,
  ManageRoles: 1n << 28n,
  UseApplicationCommands: 1n << 31n,
  ManageThreads: 1n << 34n,
  CreatePublicThreads: 1n << 35n,
  CreatePrivateThreads: 1n << 36n,
  SendMessagesInThreads: 1n << 38n,
} as const;

export const ALL_PERMISSIONS = (1n << 51n) - 1n;

/** What a fresh guild's @everyone role gets. */
export const DEFAULT_EVERYONE_PERMISSIONS =
  Perm.CreateInstantInvite |
  Perm.AddReactions |
  Perm.ViewChannel |
  Perm.SendMessages |
  Perm.EmbedLinks |
  Perm.AttachFiles |
  Perm.ReadMessageHistory |
  Perm.UseExternalEmojis |
  Perm.Connect |
  Perm.Speak |
  Perm.ChangeNickname |
  Perm.UseApplicationCommands |
  Perm.CreatePublicThreads |
  Perm.SendMessagesInThreads;

/** Extra permissions of the bot's managed role by default. */
export const DEFAULT_BOT_ROLE_PERMISSIONS = Perm.ManageMessages | Perm.ManageThreads | Perm.CreatePublicThreads;

export const Intent = {
  Guilds: 1 << 0,
  GuildMembers: 1 << 1,
  GuildPresences: 1 << 8,
  GuildMessages: 1 << 9,
  GuildMessageReactions: 1 << 10,
  DirectMessages: 1 << 12,
  DirectMessageReactions: 1 << 13,
  MessageContent: 1 << 15,
} as const;

const PRIVILEGED_INTENTS = Intent.GuildMembers | Intent.GuildPresences | Intent.MessageContent;

export const ChannelType = { GuildText: 0, DM: 1, GuildAnnouncement: 5, PublicThread: 11, PrivateThread: 12 } as const;
export const InteractionType = { Ping: 1, ApplicationCommand: 2, MessageComponent: 3, Autocomplete: 4, ModalSubmit: 5 } as const;
export const CallbackType = {
  ChannelMessageWithSource: 4,
  DeferredChannelMessageWithSource: 5,
  DeferredUpdateMessage: 6,
  UpdateMessage: 7,
  ApplicationCommandAutocompleteResult: 8,
  Modal: 9,
} as const;
export const MessageFlag = { SuppressEmbeds: 1 << 2, Ephemeral: 1 << 6, Loading: 1 << 7, SuppressNotifications: 1 << 12, IsComponentsV2: 1 << 15 } as const;

const DISCORD_EPOCH = 1420070400000n;
/** Discord's: edits and follow-ups with an interaction's token work for 15 minutes after the interaction. */
const INTERACTION_TOKEN_LIFETIME_MS = 15 * 60 * 1000;

// ---------------------------------------------------------------------------------------------
// Public types
// ---------------------------------------------------------------------------------------------

export interface EmuUser {
  id: string;
  username: string;
  global_name: string | null;
  discriminator: string;
  avatar: string | null;
  bot: boolean;
  system?: boolean;
  public_flags: number;
  flags?: number;
}

export interface EmuRole {
  id: string;
  name: string;
  /** decimal string, like the API */
  permissions: string;
  position: number;
  color: number;
  colors: { primary_color: number; secondary_color: number | null; tertiary_color: number | null };
  hoist: boolean;
  managed: boolean;
  mentionable: boolean;
  flags: number;
  icon: string | null;
  unicode_emoji: string | null;
  tags?: Record<string, unknown>;
}

export interface PermissionOverwrite {
  id: string;
  /** 0 role, 1 member */
  type: 0 | 1;
  allow: string;
  deny: string;
}

export interface EmuChannel {
  id: string;
  type: number;
  guild_id?: string;
  name?: string;
  position?: number;
  parent_id?: string | null;
  topic?: string | null;
  nsfw?: boolean;
  permission_overwrites?: PermissionOverwrite[];
  last_message_id: string | null;
  rate_limit_per_user?: number;
  flags: number;
  owner_id?: string;
  recipients?: EmuUser[];
  thread_metadata?: {
    archived: boolean;
    auto_archive_duration: number;
    archive_timestamp: string;
    locked: boolean;
    invitable?: boolean;
    create_timestamp?: string;
  };
  message_count?: number;
  member_count?: number;
  total_message_sent?: number;
  [key: string]: unknown;
}

export interface EmuMember {
  user: EmuUser;
  nick: string | null;
  avatar: string | null;
  roles: string[];
  joined_at: string;
  premium_since: string | null;
  deaf: boolean;
  mute: boolean;
  flags: number;
  pending: boolean;
  communication_disabled_until: string | null;
}

export interface EmuGuild {
  id: string;
  name: string;
  owner_id: string;
  roles: EmuRole[];
  members: Map<string, EmuMember>;
  /** ids of channels (including threads) in this guild */
  channelIds: string[];
  joined_at: string;
  preferred_locale: string;
}

export interface ChannelSpec {
  id?: string;
  name: string;
  /** default 0 (GUILD_TEXT) */
  type?: number;
  topic?: string;
  nsfw?: boolean;
  parentId?: string;
  permissionOverwrites?: PermissionOverwrite[];
}

export interface RoleSpec {
  id?: string;
  name: string;
  permissions?: bigint | string;
  mentionable?: boolean;
}

export interface GuildSpec {
  id?: string;
  name?: string;
  /** default: a generated owner user (not the bot) */
  ownerId?: string;
  /** default: one text channel 'general' */
  channels?: ChannelSpec[];
  /** extra roles besides @everyone and the bot's managed role */
  roles?: RoleSpec[];
  everyonePermissions?: bigint | string;
  /** permissions of the bot's managed role (default DEFAULT_BOT_ROLE_PERMISSIONS) */
  botPermissions?: bigint | string;
}

export interface EmulatorOptions {
  guilds?: GuildSpec[];
  botUser?: { id?: string; username?: string; globalName?: string };
  applicationId?: string;
  token?: string;
  /** HELLO heartbeat_interval; default 41250 */
  heartbeatIntervalMs?: number;
  /** Callbacks later than this after INTERACTION_CREATE get 404 Unknown interaction (10062), like Discord's 3 s rule. 0 disables. Default 3000. */
  interactionAckTimeoutMs?: number;
  /**
   * This long after INTERACTION_CREATE, the interaction's webhook routes (edit, fetch or delete the
   * original or a follow-up, send a follow-up) get 401 Invalid Webhook Token (50027), like Discord
   * after 15 minutes. Default 15 min; tests shorten it instead of waiting.
   */
  interactionTokenLifetimeMs?: number;
  /** Validate message / command payloads like Discord does (400 50035). Default true. */
  validate?: boolean;
  /** Privileged intents the application is allowed to use (default all); others close the gateway with 4014. */
  allowedPrivilegedIntents?: number;
  /** Default timeout of waitFor* helpers; default 5000 */
  defaultTimeoutMs?: number;
  /** Log every REST call and gateway frame to stderr (or env DISCORD_EMU_DEBUG=1). */
  debug?: boolean;
  /**
   * Shards recommended by `GET /gateway/bot` (default 1). Whatever this says, an IDENTIFY with
   * `shard: [id, count]` is accepted and that session only gets the guilds (and their events) with
   * `(guild_id >> 22) % count === id`, and DMs only on shard 0, like Discord.
   */
  shards?: number;
}

export interface UploadedFile {
  field: string;
  filename: string;
  contentType: string;
  size: number;
  data: Buffer;
}

export interface RestCall {
  /** global ordering number shared with gateway records (see `mark()`) */
  seq: number;
  at: number;
  method: string;
  /** decoded path without `/api/v10`, e.g. `/webhooks/1/tok/messages/@original` */
  path: string;
  /** matched route template, e.g. `/channels/:channel_id/messages`, or null when unknown */
  route: string | null;
  /** API version from the URL (10), or null */
  version: number | null;
  query: Record<string, string>;
  /** request headers, lower-case; the authorization value is replaced by '[redacted]' */
  headers: Record<string, string>;
  auth: 'valid' | 'invalid' | 'none';
  /** parsed JSON body; for multipart the parsed payload_json */
  body: any;
  files: UploadedFile[];
  /** response status (0 while a hung request has not been answered) */
  status: number;
  response: unknown;
  /** set when the response was produced by an injected fault */
  injected?: 'rate-limit' | 'failure' | 'hang' | 'delay';
  /** the client gave up on a hung request */
  aborted?: boolean;
  durationMs: number;
}

export interface GatewayRecord {
  seq: number;
  at: number;
  direction: 'sent' | 'received';
  connectionId: number;
  op: number;
  t: string | null;
  s: number | null;
  d: any;
}

export interface Embed {
  title?: string;
  description?: string;
  url?: string;
  color?: number;
  timestamp?: string;
  fields?: Array<{ name: string; value: string; inline?: boolean }>;
  footer?: { text: string; icon_url?: string };
  author?: { name: string; url?: string; icon_url?: string };
  thumbnail?: { url: string };
  image?: { url: string };
  [key: string]: unknown;
}

export interface Component {
  type: number;
  custom_id?: string;
  label?: string;
  style?: number;
  url?: string;
  disabled?: boolean;
  components?: Component[];
  options?: Array<{ label: string; value: string; description?: string; default?: boolean }>;
  [key: string]: unknown;
}

export interface StoredAttachment {
  id: string;
  filename: string;
  size: number;
  url: string;
  proxy_url: string;
  content_type?: string;
  description?: string;
  [key: string]: unknown;
}

export interface MessageRevision {
  at: number;
  content: string;
  embeds: Embed[];
  components: Component[];
  flags: number;
}

export interface StoredMessage {
  id: string;
  channel_id: string;
  guild_id?: string;
  author: EmuUser;
  member?: Omit<EmuMember, 'user'>;
  content: string;
  embeds: Embed[];
  components: Component[];
  attachments: StoredAttachment[];
  allowed_mentions?: { parse?: string[]; users?: string[]; roles?: string[]; replied_user?: boolean };
  message_reference?: { type?: number; message_id?: string; channel_id?: string; guild_id?: string; fail_if_not_exists?: boolean };
  referenced_message?: Record<string, unknown> | null;
  mentions: Array<EmuUser & { member?: Omit<EmuMember, 'user'> }>;
  mention_roles: string[];
  mention_everyone: boolean;
  flags: number;
  type: number;
  timestamp: string;
  edited_timestamp: string | null;
  tts: boolean;
  pinned: boolean;
  nonce?: string | number;
  webhook_id?: string;
  application_id?: string;
  interaction_metadata?: Record<string, unknown>;
  thread?: Record<string, unknown>;
  reactions?: Array<Record<string, unknown>>;
  poll?: unknown;
  sticker_ids?: string[];
  // ---- emulator bookkeeping, never sent over the wire ----
  /** true for ephemeral interaction responses (never dispatched on the gateway) */
  ephemeral: boolean;
  deleted: boolean;
  /** who made it: a test user, the bot via channel REST, an interaction response (@original / update), or a followup */
  source: 'user' | 'channel' | 'interaction' | 'followup';
  interactionId?: string;
  /** content snapshots: creation and every edit */
  history: MessageRevision[];
}

export interface StoredCommand {
  id: string;
  application_id: string;
  guild_id?: string;
  name: string;
  description: string;
  type: number;
  options: any[];
  version: string;
  default_member_permissions: string | null;
  nsfw: boolean;
  [key: string]: unknown;
}

/**
 * A file a user attaches to an attachment option (type 11). `size` overrides the size Discord
 * reports (the bytes served stay `data`): a file claimed larger than a limit without making one.
 */
export interface AttachmentOption {
  attachment: { filename: string; data: Buffer | Uint8Array | string; contentType?: string; size?: number };
}

export type OptionValue = string | number | boolean | EmuUser | AttachmentOption | { type: number; value: string | number | boolean };

export interface InteractionOptions {
  /** the invoking user (default: emu.defaultUser) */
  user?: EmuUser;
  /** default: emu.channel.id */
  channelId?: string;
  /** in the user's DM channel with the bot (instead of channelId) */
  dm?: boolean;
  /** overrides the computed member permissions (interaction.memberPermissions) */
  memberPermissions?: bigint | string;
  /** role ids or role names for the invoking member (replaces the member's stored roles) */
  roles?: string[];
  locale?: string;
}

export interface WaitOptions {
  timeoutMs?: number;
  /** only consider records with seq > since (see `mark()`) */
  since?: number;
}

export interface InteractionHandle {
  readonly id: string;
  readonly token: string;
  /** interaction type (2 command, 3 component, 4 autocomplete, 5 modal submit) */
  readonly type: number;
  /** the raw INTERACTION_CREATE payload */
  readonly payload: Record<string, any>;
  readonly createdAt: number;
  /** From this moment the interaction's webhook routes answer 401 50027 (see `interactionTokenLifetimeMs`). */
  readonly tokenExpiresAt: number;
  /** Resolves once the token has expired: the next edit or follow-up with it is refused. */
  tokenExpired(): Promise<void>;
  readonly acknowledgedAt: number | undefined;
  /** callback type the bot acknowledged with (4,5,6,7,8,9) */
  readonly callbackType: number | undefined;
  /** Resolves with the first callback POST the emulator processed (not an injected fault); its status may be an error. */
  callback(timeoutMs?: number): Promise<RestCall>;
  /** the @original message as currently stored (after defer + edits) */
  original(): StoredMessage | undefined;
  waitForOriginal(predicate?: (m: StoredMessage) => boolean, timeoutMs?: number): Promise<StoredMessage>;
  followups(): StoredMessage[];
  waitForFollowup(predicate?: (m: StoredMessage) => boolean, timeoutMs?: number): Promise<StoredMessage>;
  /** autocomplete choices from a type 8 callback */
  choices(): Array<{ name: string; value: string | number }> | undefined;
  /** modal data from a type 9 callback */
  modal(): any;
  /** PATCH calls on @original (processed, not injected) */
  readonly edits: RestCall[];
  /** every REST call that used this interaction's id or token */
  requests(): RestCall[];
}

// ---------------------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------------------

/** The shard that gets a guild's events, by Discord's rule `(guild_id >> 22) % count`. */
export function shardOf(guildId: string, count: number): number {
  return Number((BigInt(guildId) >> 22n) % BigInt(count));
}

/** Whether a session on this shard gets the events of this guild (DMs, without a guild, go to shard 0). */
function onShard([id, count]: [number, number], guildId: string | undefined): boolean {
  if (count <= 1) return true;
  return guildId === undefined ? id === 0 : shardOf(guildId, count) === id;
}

let lastSnowflakeTs = 0n;
let snowflakeInc = 0n;
/** A real-looking, strictly increasing snowflake. */
export function snowflake(at = Date.now()): string {
  let ts = BigInt(at) - DISCORD_EPOCH;
  if (ts <= lastSnowflakeTs) {
    snowflakeInc++;
    if (snowflakeInc > 0xfffn) {
      lastSnowflakeTs++;
      snowflakeInc = 0n;
    }
    ts = lastSnowflakeTs;
  } else {
    lastSnowflakeTs = ts;
    snowflakeInc = 0n;
  }
  return ((ts << 22n) | (1n << 17n) | snowflakeInc).toString();
}

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: number,
    message: string,
    readonly errors?: Record<string, unknown>,
  ) {
    super(message);
  }
  toJSON(): Record<string, unknown> {
    return this.errors ? { message: this.message, code: this.code, errors: this.errors } : { message: this.message, code: this.code };
  }
}

/** Collects Discord-style form errors: `{ a: { 0: { b: { _errors: [{code, message}] } } } }` */
class FormErrors {
  readonly errors: Record<string, any> = {};
  count = 0;
  add(path: Array<string | number>, code: string, message: string): void {
    let node = this.errors;
    for (const key of path) node = node[String(key)] ??= {};
    (node._errors ??= []).push({ code, message });
    this.count++;
  }
  throwIfAny(): void {
    if (this.count) throw new ApiError(400, 50035, 'Invalid Form Body', this.errors);
  }
}

function toBig(v: bigint | string | number | undefined, fallback: bigint): bigint {
  if (v === undefined) return fallback;
  return typeof v === 'bigint' ? v : BigInt(v);
}

function iso(at = Date.now()): string {
  return new Date(at).toISOString().replace('Z', '+00:00');
}

const STATUS_TEXT: Record<number, string> = { 400: 'Bad Request', 401: 'Unauthorized', 403: 'Forbidden', 404: 'Not Found', 405: 'Method Not Allowed', 429: 'Too Many Requests', 500: 'Internal Server Error', 502: 'Bad Gateway', 503: 'Service Unavailable', 504: 'Gateway Timeout' };

function readBody(req: http.IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

function strLen(v: unknown): number {
  return typeof v === 'string' ? [...v].length : 0;
}

const COMMAND_NAME_RE = /^[-_'\p{L}\p{N}\p{sc=Deva}\p{sc=Thai}]{1,32}$/u;

interface Session {
  id: string;
  seq: number;
  buffer: Array<{ op: 0; t: string; s: number; d: unknown }>;
  conn: Conn | undefined;
  alive: boolean;
  intents: number;
  /** [shard id, shard count] from IDENTIFY ([0, 1] when the client sent none) */
  shard: [number, number];
}

interface Conn {
  id: number;
  ws: WebSocket;
  url: string;
  session: Session | undefined;
}

interface InteractionState {
  id: string;
  token: string;
  type: number;
  payload: Record<string, any>;
  createdAt: number;
  acknowledgedAt?: number;
  callbackType?: number;
  callbackData?: any;
  channelId: string;
  guildId?: string;
  user: EmuUser;
  componentMessageId?: string;
  originalMessageId?: string;
  followupIds: string[];
}

interface Fault {
  kind: 'rate-limit' | 'failure' | 'hang' | 'delay';
  remaining: number;
  match?: RegExp;
  status?: number;
  retryAfter?: number;
  global?: boolean;
  delayMs?: number;
}

interface HandlerResult {
  status: number;
  body?: unknown;
}

interface Ctx {
  call: RestCall;
  params: Record<string, string>;
  body: any;
  files: UploadedFile[];
  query: URLSearchParams;
}

interface RouteDef {
  method: string;
  pattern: string;
  segments: string[];
  auth: boolean;
  handler: (ctx: Ctx) => HandlerResult;
}

interface Waiter {
  check: () => void;
}

const META_KEYS = new Set(['ephemeral', 'deleted', 'source', 'interactionId', 'history']);

// ---------------------------------------------------------------------------------------------
// The emulator
// ---------------------------------------------------------------------------------------------

export class DiscordEmulator {
  readonly apiBase: string;
  readonly gatewayUrl: string;
  /** http://127.0.0.1:PORT (attachment URLs live under it) */
  readonly httpBase: string;
  readonly token: string;
  readonly applicationId: string;
  readonly botUser: EmuUser;
  /** the first guild */
  readonly guild: EmuGuild;
  /** the first text channel of the first guild */
  readonly channel: EmuChannel;
  readonly guilds: EmuGuild[] = [];
  readonly channels = new Map<string, EmuChannel>();
  readonly users = new Map<string, EmuUser>();
  /** a regular member ('alice') used when no user is given */
  readonly defaultUser: EmuUser;
  /** every REST call, in arrival order of completion (hung calls when they hang) */
  readonly requests: RestCall[] = [];
  /** every gateway frame sent or received (heartbeats included) */
  readonly gatewayEvents: GatewayRecord[] = [];
  /** REST calls that hit no known route (also in `requests`, status 404) */
  readonly unknownRoutes: RestCall[] = [];
  /** whether op 1 heartbeats get op 11 acks (set false to simulate a zombie connection) */
  ackHeartbeats = true;
  identifyCount = 0;
  resumeCount = 0;

  private readonly opts: Required<Pick<EmulatorOptions, 'heartbeatIntervalMs' | 'interactionAckTimeoutMs' | 'interactionTokenLifetimeMs' | 'validate' | 'allowedPrivilegedIntents' | 'defaultTimeoutMs' | 'debug' | 'shards'>>;
  private readonly server: http.Server;
  private readonly wss: WebSocketServer;
  private readonly sockets = new Set<Socket>();
  private readonly conns = new Set<Conn>();
  private readonly sessions: Session[] = [];
  private readonly messageStore = new Map<string, StoredMessage>();
  private readonly interactionsById = new Map<string, InteractionState>();
  private readonly interactionsByToken = new Map<string, InteractionState>();
  private readonly commandStore = new Map<string, StoredCommand[]>(); // 'global' | guildId
  private readonly attachmentData = new Map<string, UploadedFile>();
  /** Ids of the attachments downloaded (GET /attachments/...), in order. */
  readonly attachmentDownloads: string[] = [];
  private readonly faults: Fault[] = [];
  private readonly hung: Array<{ res: http.ServerResponse; call: RestCall; resume: () => void }> = [];
  private readonly waiters = new Set<Waiter>();
  private readonly routes: RouteDef[] = [];
  private seqCounter = 0;
  private connCounter = 0;
  private stopPromise: Promise<void> | undefined;
  private stopped = false;

  private constructor(server: http.Server, port: number, options: EmulatorOptions) {
    this.server = server;
    this.httpBase = `http://127.0.0.1:${port}`;
    this.apiBase = `${this.httpBase}/api`;
    this.gatewayUrl = `ws://127.0.0.1:${port}`;
    this.opts = {
      heartbeatIntervalMs: options.heartbeatIntervalMs ?? 41250,
      interactionAckTimeoutMs: options.interactionAckTimeoutMs ?? 3000,
      interactionTokenLifetimeMs: options.interactionTokenLifetimeMs ?? INTERACTION_TOKEN_LIFETIME_MS,
      validate: options.validate ?? true,
      allowedPrivilegedIntents: options.allowedPrivilegedIntents ?? PRIVILEGED_INTENTS,
      defaultTimeoutMs: options.defaultTimeoutMs ?? 5000,
      debug: options.debug ?? process.env.DISCORD_EMU_DEBUG === '1',
      shards: options.shards ?? 1,
    };
    const botId = options.botUser?.id ?? snowflake();
    this.applicationId = options.applicationId ?? botId;
    this.botUser = {
      id: botId,
      username: options.botUser?.username ?? 'papercord',
      global_name: options.botUser?.globalName ?? null,
      discriminator: '0',
      avatar: null,
      bot: true,
      public_flags: 0,
      flags: 0,
    };
    this.token = options.token ?? `${Buffer.from(botId).toString('base64url')}.GEmu01.${randomBytes(20).toString('base64url')}`;
    this.users.set(botId, this.botUser);

    const specs = options.guilds?.length ? options.guilds : [{}];
    for (const spec of specs) this.addGuild(spec);
    this.guild = this.guilds[0];
    const firstText = this.guild.channelIds.map((id) => this.channels.get(id)!).find((c) => c.type === ChannelType.GuildText);
    if (!firstText) throw new Error('DiscordEmulator: the first guild needs a text channel');
    this.channel = firstText;
    this.defaultUser = this.createUser({ username: 'alice' });

    this.registerRoutes();
    this.server.on('request', (req, res) => void this.onHttp(req, res));
    this.server.on('connection', (socket: Socket) => {
      this.sockets.add(socket);
      socket.on('close', () => this.sockets.delete(socket));
    });
    this.wss = new WebSocketServer({ server: this.server });
    this.wss.on('connection', (ws, req) => this.onGatewayConnection(ws, req));
  }

  static async start(options: EmulatorOptions = {}): Promise<DiscordEmulator> {
    const server = http.createServer();
    server.keepAliveTimeout = 1000;
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(0, '127.0.0.1', () => resolve());
    });
    const port = (server.address() as AddressInfo).port;
    return new DiscordEmulator(server, port, options);
  }

  /**
   * Client options pointing discord.js at the emulator, with a no-op identify throttler so forced
   * re-IDENTIFYs don't wait 5 s. Spread into `new Client({ intents, ...emu.clientOptions() })`;
   * extra REST options (e.g. `{ timeout: 200 }` for hang tests, `{ offset: 0 }`) go in `rest`.
   */
  clientOptions<R extends object = {}>(rest?: R): { rest: R & { api: string }; ws: { buildIdentifyThrottler: () => { waitForIdentify: () => Promise<void> } } } {
    return {
      rest: { ...(rest as R), api: this.apiBase },
      ws: { buildIdentifyThrottler: () => ({ waitForIdentify: async () => {} }) },
    };
  }

  /** current global record number; pass as `since` to only see later requests / gateway frames */
  mark(): number {
    return this.seqCounter;
  }

  // ----------------------------------------------------------------- world building

  private addGuild(spec: GuildSpec): EmuGuild {
    const id = spec.id ?? snowflake();
    let ownerId = spec.ownerId;
    if (!ownerId) {
      const owner = this.makeUser({ username: 'owner' });
      ownerId = owner.id;
    }
    const everyone: EmuRole = this.makeRole(id, '@everyone', toBig(spec.everyonePermissions, DEFAULT_EVERYONE_PERMISSIONS), 0);
    const botRole = this.makeRole(snowflake(), this.botUser.username, toBig(spec.botPermissions, DEFAULT_BOT_ROLE_PERMISSIONS), 1);
    botRole.managed = true;
    botRole.tags = { bot_id: this.botUser.id };
    const roles = [everyone, botRole];
    (spec.roles ?? []).forEach((r, i) => {
      const role = this.makeRole(r.id ?? snowflake(), r.name, toBig(r.permissions, 0n), 2 + i);
      role.mentionable = r.mentionable ?? false;
      roles.push(role);
    });
    const now = iso();
    const guild: EmuGuild = { id, name: spec.name ?? 'Papercord Test Guild', owner_id: ownerId, roles, members: new Map(), channelIds: [], joined_at: now, preferred_locale: 'en-US' };
    this.guilds.push(guild);
    guild.members.set(this.botUser.id, this.makeMember(this.botUser, [botRole.id]));
    const owner = this.users.get(ownerId);
    if (owner) guild.members.set(owner.id, this.makeMember(owner, []));
    const channelSpecs = spec.channels?.length ? spec.channels : [{ name: 'general' }];
    channelSpecs.forEach((c, i) => {
      const channel: EmuChannel = {
        id: c.id ?? snowflake(),
        type: c.type ?? ChannelType.GuildText,
        guild_id: id,
        name: c.name,
        position: i,
        parent_id: c.parentId ?? null,
        topic: c.topic ?? null,
        nsfw: c.nsfw ?? false,
        permission_overwrites: c.permissionOverwrites ?? [],
        last_message_id: null,
        rate_limit_per_user: 0,
        flags: 0,
      };
      this.channels.set(channel.id, channel);
      guild.channelIds.push(channel.id);
    });
    return guild;
  }

  private makeRole(id: string, name: string, permissions: bigint, position: number): EmuRole {
    return { id, name, permissions: permissions.toString(), position, color: 0, colors: { primary_color: 0, secondary_color: null, tertiary_color: null }, hoist: false, managed: false, mentionable: false, flags: 0, icon: null, unicode_emoji: null };
  }

  private makeMember(user: EmuUser, roles: string[], nick: string | null = null): EmuMember {
    return { user, nick, avatar: null, roles, joined_at: iso(), premium_since: null, deaf: false, mute: false, flags: 0, pending: false, communication_disabled_until: null };
  }

  private makeUser(opts: { id?: string; username?: string; globalName?: string; bot?: boolean }): EmuUser {
    const user: EmuUser = {
      id: opts.id ?? snowflake(),
      username: opts.username ?? `user${this.users.size}`,
      global_name: opts.globalName ?? null,
      discriminator: '0',
      avatar: null,
      bot: opts.bot ?? false,
      public_flags: 0,
      flags: 0,
    };
    this.users.set(user.id, user);
    return user;
  }

  /** Create a fake user who is a member of every guild (or just `guildId`). `roles`: role ids or names. */
  createUser(opts: { id?: string; username?: string; globalName?: string; bot?: boolean; roles?: string[]; nick?: string; guildId?: string } = {}): EmuUser {
    const user = this.makeUser(opts);
    for (const guild of this.guilds) {
      if (opts.guildId && guild.id !== opts.guildId) continue;
      guild.members.set(user.id, this.makeMember(user, this.resolveRoles(guild, opts.roles ?? []), opts.nick ?? null));
    }
    return user;
  }

  /** Add a role to a guild (no gateway event). */
  createRole(spec: RoleSpec & { guildId?: string }): EmuRole {
    const guild = this.requireGuild(spec.guildId ?? this.guild.id);
    const role = this.makeRole(spec.id ?? snowflake(), spec.name, toBig(spec.permissions, 0n), guild.roles.length);
    role.mentionable = spec.mentionable ?? false;
    guild.roles.push(role);
    return role;
  }

  /** Add a text channel (or other type) to a guild and dispatch CHANNEL_CREATE. */
  createChannel(spec: ChannelSpec & { guildId?: string }): EmuChannel {
    const guild = this.requireGuild(spec.guildId ?? this.guild.id);
    const channel: EmuChannel = {
      id: spec.id ?? snowflake(),
      type: spec.type ?? ChannelType.GuildText,
      guild_id: guild.id,
      name: spec.name,
      position: guild.channelIds.length,
      parent_id: spec.parentId ?? null,
      topic: spec.topic ?? null,
      nsfw: spec.nsfw ?? false,
      permission_overwrites: spec.permissionOverwrites ?? [],
      last_message_id: null,
      rate_limit_per_user: 0,
      flags: 0,
    };
    this.channels.set(channel.id, channel);
    guild.channelIds.push(channel.id);
    this.dispatch('CHANNEL_CREATE', { ...channel }, Intent.Guilds);
    return channel;
  }

  /** Change a channel (e.g. its permission_overwrites) and dispatch CHANNEL_UPDATE. */
  updateChannel(channelId: string, patch: Partial<EmuChannel>): EmuChannel {
    const channel = this.requireChannelOrThrow(channelId);
    Object.assign(channel, patch, { id: channel.id });
    this.dispatch(channel.type === ChannelType.PublicThread || channel.type === ChannelType.PrivateThread ? 'THREAD_UPDATE' : 'CHANNEL_UPDATE', { ...channel }, Intent.Guilds);
    return channel;
  }

  /** Get or create the DM channel between the bot and `user`. */
  dmChannel(user: EmuUser): EmuChannel {
    for (const c of this.channels.values()) {
      if (c.type === ChannelType.DM && c.recipients?.[0]?.id === user.id) return c;
    }
    const channel: EmuChannel = { id: snowflake(), type: ChannelType.DM, last_message_id: null, recipients: [user], flags: 0 };
    this.channels.set(channel.id, channel);
    return channel;
  }

  private resolveRoles(guild: EmuGuild, roles: string[]): string[] {
    return roles.map((r) => {
      const role = guild.roles.find((x) => x.id === r || x.name === r);
      if (!role) throw new Error(`DiscordEmulator: unknown role '${r}' in guild ${guild.name} (have: ${guild.roles.map((x) => x.name).join(', ')})`);
      return role.id;
    });
  }

  private requireGuild(id: string): EmuGuild {
    const g = this.guilds.find((x) => x.id === id);
    if (!g) throw new Error(`DiscordEmulator: unknown guild ${id}`);
    return g;
  }

  private requireChannelOrThrow(id: string): EmuChannel {
    const c = this.channels.get(id);
    if (!c) throw new Error(`DiscordEmulator: unknown channel ${id}`);
    return c;
  }

  private guildOf(channel: EmuChannel): EmuGuild | undefined {
    return channel.guild_id ? this.guilds.find((g) => g.id === channel.guild_id) : undefined;
  }

  private isThread(channel: EmuChannel): boolean {
    return channel.type === ChannelType.PublicThread || channel.type === ChannelType.PrivateThread || channel.type === 10;
  }

  // ----------------------------------------------------------------- permissions

  /** Permissions of `userId` in a guild (no channel overwrites). */
  basePermissions(guild: EmuGuild, userId: string, roleIds?: string[]): bigint {
    if (guild.owner_id === userId) return ALL_PERMISSIONS;
    const member = guild.members.get(userId);
    const roles = roleIds ?? member?.roles ?? [];
    let perms = BigInt(guild.roles.find((r) => r.id === guild.id)?.permissions ?? '0');
    for (const rid of roles) {
      const role = guild.roles.find((r) => r.id === rid);
      if (role) perms |= BigInt(role.permissions);
    }
    return perms & Perm.Administrator ? ALL_PERMISSIONS : perms;
  }

  /** Permissions of `userId` in a channel, applying overwrites like Discord (threads use the parent's). */
  channelPermissions(channelId: string, userId: string, roleIds?: string[]): bigint {
    const channel = this.requireChannelOrThrow(channelId);
    const guild = this.guildOf(channel);
    if (!guild) return ALL_PERMISSIONS & ~Perm.Administrator;
    let perms = this.basePermissions(guild, userId, roleIds);
    if (perms & Perm.Administrator || perms === ALL_PERMISSIONS) return ALL_PERMISSIONS;
    const source = this.isThread(channel) && channel.parent_id ? (this.channels.get(channel.parent_id) ?? channel) : channel;
    const overwrites = source.permission_overwrites ?? [];
    const roles = roleIds ?? guild.members.get(userId)?.roles ?? [];
    const everyone = overwrites.find((o) => o.id === guild.id);
    if (everyone) perms = (perms & ~BigInt(everyone.deny)) | BigInt(everyone.allow);
    let allow = 0n;
    let deny = 0n;
    for (const o of overwrites) {
      if (o.type === 0 && roles.includes(o.id)) {
        allow |= BigInt(o.allow);
        deny |= BigInt(o.deny);
      }
    }
    perms = (perms & ~deny) | allow;
    const own = overwrites.find((o) => o.type === 1 && o.id === userId);
    if (own) perms = (perms & ~BigInt(own.deny)) | BigInt(own.allow);
    if (!(perms & Perm.ViewChannel)) return 0n;
    return perms;
  }

  /**
   * A bot message's embeds where the bot lacks Embed Links, as Discord treats them
   * (discord-api-docs #2601, #5648): a new message of embeds alone is refused (403 50013), one
   * with anything else is sent without them; an edit ignores them, so an edit that leaves the
   * message nothing to show is empty (400 50006, see validateMessage). Interaction responses and
   * follow-ups always may embed, and do not come here.
   */
  private withoutUnpermittedEmbeds(channel: EmuChannel, body: any, opts: { files: number; isEdit: boolean }): any {
    if (!channel.guild_id || !Array.isArray(body?.embeds) || !body.embeds.length) return body;
    if (this.channelPermissions(channel.id, this.botUser.id) & Perm.EmbedLinks) return body;
    const { embeds: _dropped, ...rest } = body;
    const othersShown = strLen(rest.content) > 0 || (rest.components?.length ?? 0) > 0 || opts.files > 0 || (rest.sticker_ids?.length ?? 0) > 0 || rest.poll != null;
    if (!opts.isEdit && !othersShown) throw new ApiError(403, 50013, 'Missing Permissions');
    return rest;
  }

  private requireBotPerms(channel: EmuChannel, ...bits: bigint[]): void {
    if (!channel.guild_id) return;
    const perms = this.channelPermissions(channel.id, this.botUser.id);
    if (!(perms & Perm.ViewChannel)) throw new ApiError(403, 50001, 'Missing Access');
    for (const bit of bits) if (!(perms & bit)) throw new ApiError(403, 50013, 'Missing Permissions');
  }

  // ----------------------------------------------------------------- API object shapes

  private memberApi(m: EmuMember, withUser = true): any {
    const { user, ...rest } = m;
    return withUser ? { ...rest, user, unusual_dm_activity_until: null, banner: null } : { ...rest, unusual_dm_activity_until: null, banner: null };
  }

  private channelApi(c: EmuChannel): any {
    return { ...c };
  }

  private guildApi(g: EmuGuild): any {
    const systemChannel = g.channelIds.map((id) => this.channels.get(id)!).find((c) => c.type === ChannelType.GuildText);
    return {
      id: g.id,
      name: g.name,
      icon: null,
      icon_hash: null,
      splash: null,
      discovery_splash: null,
      owner_id: g.owner_id,
      afk_channel_id: null,
      afk_timeout: 300,
      widget_enabled: false,
      widget_channel_id: null,
      verification_level: 0,
      default_message_notifications: 0,
      explicit_content_filter: 0,
      roles: g.roles,
      emojis: [],
      features: [],
      mfa_level: 0,
      application_id: null,
      system_channel_id: systemChannel?.id ?? null,
      system_channel_flags: 0,
      rules_channel_id: null,
      max_presences: null,
      max_members: 500000,
      vanity_url_code: null,
      description: null,
      banner: null,
      premium_tier: 0,
      premium_subscription_count: 0,
      preferred_locale: g.preferred_locale,
      public_updates_channel_id: null,
      max_video_channel_users: 25,
      max_stage_video_channel_users: 50,
      nsfw_level: 0,
      nsfw: false,
      stickers: [],
      premium_progress_bar_enabled: false,
      safety_alerts_channel_id: null,
      incidents_data: null,
    };
  }

  private guildCreatePayload(g: EmuGuild): any {
    const channels = g.channelIds.map((id) => this.channels.get(id)!);
    return {
      ...this.guildApi(g),
      unavailable: false,
      joined_at: g.joined_at,
      large: false,
      member_count: g.members.size,
      members: [...g.members.values()].map((m) => this.memberApi(m)),
      channels: channels.filter((c) => !this.isThread(c)).map((c) => this.channelApi(c)),
      threads: channels.filter((c) => this.isThread(c) && !c.thread_metadata?.archived).map((c) => this.channelApi(c)),
      voice_states: [],
      presences: [],
      stage_instances: [],
      guild_scheduled_events: [],
      soundboard_sounds: [],
      embedded_activities: [],
      lazy: true,
      application_command_counts: {},
    };
  }

  /** the message as sent over the wire (without emulator bookkeeping) */
  messageApi(m: StoredMessage): Record<string, any> {
    const out: Record<string, any> = {};
    for (const [k, v] of Object.entries(m)) if (!META_KEYS.has(k) && v !== undefined) out[k] = v;
    return out;
  }

  // ----------------------------------------------------------------- waiting

  private changed(): void {
    for (const w of [...this.waiters]) w.check();
  }

  /**
   * Wait until `probe()` returns something truthy (re-evaluated on every REST call, gateway frame and
   * message change — no polling). Rejects after timeoutMs with the recent traffic in the message.
   */
  waitFor<T>(probe: () => T | undefined | null | false, description = 'condition', timeoutMs = this.opts.defaultTimeoutMs): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      let timer: NodeJS.Timeout | undefined;
      const waiter: Waiter = {
        check: () => {
          let value: T | undefined | null | false;
          try {
            value = probe();
          } catch (err) {
            finish();
            reject(err);
            return;
          }
          if (value) {
            finish();
            resolve(value);
          }
        },
      };
      const finish = () => {
        this.waiters.delete(waiter);
        if (timer) clearTimeout(timer);
      };
      if (this.stopped) {
        reject(new Error(`DiscordEmulator stopped (while waiting for ${description})`));
        return;
      }
      this.waiters.add(waiter);
      timer = setTimeout(() => {
        finish();
        reject(new Error(`DiscordEmulator: timed out after ${timeoutMs} ms waiting for ${description}.\n${this.describeRecent()}`));
      }, timeoutMs);
      (waiter as Waiter & { reject?: (e: Error) => void }).reject = (e: Error) => {
        finish();
        reject(e);
      };
      waiter.check();
    });
  }

  /** A summary of recent traffic, for failure messages. */
  describeRecent(n = 15): string {
    const reqs = this.requests.slice(-n).map((c) => `  ${c.method} ${c.path}${Object.keys(c.query).length ? '?' + new URLSearchParams(c.query).toString() : ''} -> ${c.status}${c.injected ? ` [${c.injected}]` : ''}${c.status >= 400 && !c.injected ? ' ' + JSON.stringify(c.response).slice(0, 200) : ''}`);
    const gw = this.gatewayEvents
      .filter((e) => e.op !== 1 && e.op !== 11)
      .slice(-n)
      .map((e) => `  ${e.direction === 'sent' ? '->' : '<-'} op ${e.op}${e.t ? ' ' + e.t : ''}${e.s != null ? ' s=' + e.s : ''}`);
    const msgs = [...this.messageStore.values()].slice(-8).map((m) => `  [${m.source}${m.ephemeral ? ',ephemeral' : ''}${m.deleted ? ',deleted' : ''}] ${m.id} in ${m.channel_id} by ${m.author.username}: ${JSON.stringify(m.content).slice(0, 80)}${m.embeds.length ? ` +${m.embeds.length} embed(s)` : ''}`);
    return `Recent REST calls (${this.requests.length} total):\n${reqs.join('\n') || '  (none)'}\nRecent gateway frames (heartbeats omitted):\n${gw.join('\n') || '  (none)'}\nRecent messages:\n${msgs.join('\n') || '  (none)'}`;
  }

  private timeoutArgs(opts: number | WaitOptions | undefined): { timeoutMs: number; since: number } {
    if (typeof opts === 'number') return { timeoutMs: opts, since: -1 };
    return { timeoutMs: opts?.timeoutMs ?? this.opts.defaultTimeoutMs, since: opts?.since ?? -1 };
  }

  /** Resolves with the first REST call (already made or future; see `since`) matching the predicate. */
  waitForRequest(predicate: (c: RestCall) => boolean, opts?: number | WaitOptions): Promise<RestCall> {
    const { timeoutMs, since } = this.timeoutArgs(opts);
    return this.waitFor(() => this.requests.find((c) => c.seq > since && predicate(c)), `a REST call matching ${predicate.toString().slice(0, 120)}`, timeoutMs);
  }

  /**
   * Resolves with the first gateway frame with this op (default: received from the client; e.g. 2
   * IDENTIFY, 6 RESUME). Use `since: emu.mark()` to ignore earlier frames.
   */
  waitForGatewayOp(op: number, opts: WaitOptions & { direction?: 'sent' | 'received'; t?: string; predicate?: (e: GatewayRecord) => boolean } = {}): Promise<GatewayRecord> {
    const { timeoutMs, since } = this.timeoutArgs(opts);
    const direction = opts.direction ?? (op === 0 ? 'sent' : 'received');
    return this.waitFor(
      () => this.gatewayEvents.find((e) => e.seq > since && e.op === op && e.direction === direction && (!opts.t || e.t === opts.t) && (!opts.predicate || opts.predicate(e))),
      `gateway op ${op}${opts.t ? ' ' + opts.t : ''} (${direction})`,
      timeoutMs,
    );
  }

  /** All non-deleted messages (user and bot), optionally of one channel, in creation order. */
  messages(channelId?: string, opts: { includeDeleted?: boolean } = {}): StoredMessage[] {
    return [...this.messageStore.values()].filter((m) => (!channelId || m.channel_id === channelId) && (opts.includeDeleted || !m.deleted));
  }

  /** Messages authored by the bot (channel messages, interaction responses, followups). */
  botMessages(channelId?: string): StoredMessage[] {
    return this.messages(channelId).filter((m) => m.source !== 'user');
  }

  message(id: string): StoredMessage | undefined {
    return this.messageStore.get(id);
  }

  /**
   * Resolves with the first bot-authored, non-deleted message that matches NOW or after any later
   * create/edit (so it also catches edits, e.g. `m => m.content.includes('final')`).
   */
  waitForMessage(predicate: (m: StoredMessage) => boolean, timeoutMs?: number): Promise<StoredMessage> {
    return this.waitFor(() => this.botMessages().find(predicate), `a bot message matching ${predicate.toString().slice(0, 120)}`, timeoutMs);
  }

  /** Registered application commands (global, or of a guild). */
  commands(guildId?: string): StoredCommand[] {
    return this.commandStore.get(guildId ?? 'global') ?? [];
  }

  /** Bytes of an uploaded attachment. */
  attachment(id: string): UploadedFile | undefined {
    return this.attachmentData.get(id);
  }

  /** Calls that look like bugs: unknown routes and error responses that were not injected faults. */
  surprises(): RestCall[] {
    return this.requests.filter((c) => !c.injected && (c.route === null || c.status >= 400));
  }

  // ----------------------------------------------------------------- faults

  /** The next `count` matching REST calls get 429 with Retry-After (seconds, fractional ok; default 0.2). */
  rateLimitNext(count: number, opts: { retryAfterSeconds?: number; global?: boolean; routeMatch?: RegExp } = {}): void {
    this.faults.push({ kind: 'rate-limit', remaining: count, match: opts.routeMatch, retryAfter: opts.retryAfterSeconds ?? 0.2, global: opts.global ?? false });
  }

  /** The next `count` matching REST calls fail with `status` (5xx are retried by @discordjs/rest up to 3 times). */
  failNext(count: number, status: number, routeMatch?: RegExp): void {
    this.faults.push({ kind: 'failure', remaining: count, status, match: routeMatch });
  }

  /** The next `count` matching REST calls never get an answer (until `releaseHung()` or `stop()`). */
  hangNext(count: number, routeMatch?: RegExp): void {
    this.faults.push({ kind: 'hang', remaining: count, match: routeMatch });
  }

  /** The next `count` matching REST calls are answered normally after `ms`. */
  delayNext(count: number, ms: number, routeMatch?: RegExp): void {
    this.faults.push({ kind: 'delay', remaining: count, delayMs: ms, match: routeMatch });
  }

  /** Process hung requests normally (those the client has not aborted). Returns how many. */
  releaseHung(): number {
    const list = this.hung.splice(0);
    let n = 0;
    for (const h of list) {
      if (!h.call.aborted) {
        n++;
        h.resume();
      }
    }
    return n;
  }

  /** Remove all pending faults. */
  clearFaults(): void {
    this.faults.length = 0;
  }

  private takeFault(method: string, path: string): Fault | undefined {
    const subject = `${method} ${path}`;
    for (let i = 0; i < this.faults.length; i++) {
      const f = this.faults[i];
      if (f.match) f.match.lastIndex = 0;
      if (f.remaining > 0 && (!f.match || f.match.test(subject))) {
        f.remaining--;
        if (f.remaining <= 0) this.faults.splice(i, 1);
        return f;
      }
    }
    return undefined;
  }

  // ----------------------------------------------------------------- gateway

  /**
   * Break the gateway connection(s). Default: close with code 4000 (the client RESUMEs).
   * `invalidSession`: send op 9 (d = `resumable`, default false -> the client re-IDENTIFYs).
   * `reconnect`: send op 7 RECONNECT (the client resumes). `terminate`: drop the TCP connection.
   * `code: 1000` makes discord.js start a new session (re-IDENTIFY).
   */
  disconnectGateway(opts: { code?: number; invalidSession?: boolean; resumable?: boolean; reconnect?: boolean; terminate?: boolean } = {}): void {
    for (const conn of [...this.conns]) {
      if (conn.ws.readyState !== WebSocket.OPEN) continue;
      if (opts.invalidSession) {
        const resumable = opts.resumable ?? false;
        if (!resumable && conn.session) conn.session.alive = false;
        this.gwSend(conn, { op: 9, d: resumable, s: null, t: null });
      } else if (opts.reconnect) {
        this.gwSend(conn, { op: 7, d: null, s: null, t: null });
      } else if (opts.terminate) {
        conn.ws.terminate();
      } else {
        conn.ws.close(opts.code ?? 4000, 'emulator: forced disconnect');
      }
    }
  }

  /** Whether a client session is identified and connected right now. */
  get connected(): boolean {
    return this.sessions.some((s) => s.alive && s.conn && s.conn.ws.readyState === WebSocket.OPEN);
  }

  private record(direction: 'sent' | 'received', conn: Conn, payload: any): void {
    const rec: GatewayRecord = { seq: ++this.seqCounter, at: Date.now(), direction, connectionId: conn.id, op: payload?.op, t: payload?.t ?? null, s: payload?.s ?? null, d: payload?.d };
    this.gatewayEvents.push(rec);
    if (this.opts.debug && rec.op !== 1 && rec.op !== 11) process.stderr.write(`[discord-emu] gw#${conn.id} ${direction === 'sent' ? '->' : '<-'} op ${rec.op} ${rec.t ?? ''} ${rec.s ?? ''}\n`);
    this.changed();
  }

  private gwSend(conn: Conn, payload: { op: number; d: unknown; s: number | null; t: string | null }): void {
    if (conn.ws.readyState !== WebSocket.OPEN) return;
    conn.ws.send(JSON.stringify(payload));
    this.record('sent', conn, payload);
  }

  private onGatewayConnection(ws: WebSocket, req: http.IncomingMessage): void {
    const conn: Conn = { id: ++this.connCounter, ws, url: req.url ?? '/', session: undefined };
    this.conns.add(conn);
    const params = new URL(conn.url, 'ws://x').searchParams;
    ws.on('message', (data) => this.onGatewayMessage(conn, data.toString()));
    ws.on('close', (code) => {
      this.conns.delete(conn);
      const session = conn.session;
      if (session && session.conn === conn) {
        session.conn = undefined;
        // a clean close by the client (or a server close with 1000 echoed back) ends the session, like Discord
        if (code === 1000 || code === 1001) session.alive = false;
      }
      this.changed();
    });
    ws.on('error', () => {});
    if (params.get('v') && params.get('v') !== '10' && params.get('v') !== '9') {
      ws.close(4012, 'Invalid API version');
      return;
    }
    if (params.get('encoding') && params.get('encoding') !== 'json') {
      ws.close(4002, 'Only json encoding is emulated');
      return;
    }
    this.gwSend(conn, { op: 10, d: { heartbeat_interval: this.opts.heartbeatIntervalMs, _trace: ['["discord-emulator",{}]'] }, s: null, t: null });
  }

  private onGatewayMessage(conn: Conn, text: string): void {
    let payload: any;
    try {
      payload = JSON.parse(text);
    } catch {
      this.record('received', conn, { op: -1, d: text });
      conn.ws.close(4002, 'Decode error');
      return;
    }
    this.record('received', conn, payload);
    switch (payload.op) {
      case 1:
        if (this.ackHeartbeats) this.gwSend(conn, { op: 11, d: null, s: null, t: null });
        return;
      case 2:
        this.onIdentify(conn, payload.d);
        return;
      case 6:
        this.onResume(conn, payload.d);
        return;
      case 3:
      case 4:
        if (!conn.session) conn.ws.close(4003, 'Not authenticated');
        return;
      case 8:
        this.onRequestMembers(conn, payload.d);
        return;
      default:
        if (!conn.session) conn.ws.close(4003, 'Not authenticated');
        else conn.ws.close(4001, 'Unknown opcode');
    }
  }

  private onIdentify(conn: Conn, d: any): void {
    if (conn.session) {
      conn.ws.close(4005, 'Already authenticated');
      return;
    }
    if (!d || d.token !== this.token) {
      conn.ws.close(4004, 'Authentication failed');
      return;
    }
    const intents = Number(d.intents ?? 0);
    if (intents & PRIVILEGED_INTENTS & ~this.opts.allowedPrivilegedIntents) {
      conn.ws.close(4014, 'Disallowed intent(s)');
      return;
    }
    let shard: [number, number] = [0, 1];
    if (d.shard !== undefined) {
      const [id, count] = Array.isArray(d.shard) ? d.shard.map(Number) : [NaN, NaN];
      if (!Number.isInteger(id) || !Number.isInteger(count) || count < 1 || id < 0 || id >= count) {
        conn.ws.close(4010, 'Invalid shard');
        return;
      }
      shard = [id, count];
    }
    const session: Session = { id: randomBytes(16).toString('hex'), seq: 0, buffer: [], conn, alive: true, intents, shard };
    this.sessions.push(session);
    conn.session = session;
    this.identifyCount++;
    this.sessionDispatch(session, 'READY', {
      v: 10,
      user: { ...this.botUser, verified: true, mfa_enabled: false, email: null },
      guilds: this.guilds.filter((g) => onShard(session.shard, g.id)).map((g) => ({ id: g.id, unavailable: true })),
      session_id: session.id,
      session_type: 'normal',
      resume_gateway_url: this.gatewayUrl,
      shard: session.shard,
      application: { id: this.applicationId, flags: 0 },
      private_channels: [],
      presences: [],
      relationships: [],
      guild_join_requests: [],
      geo_ordered_rtc_regions: ['emulator'],
      auth: {},
      user_settings: {},
      _trace: ['["discord-emulator",{}]'],
    });
    for (const g of this.guilds) if (onShard(session.shard, g.id)) this.sessionDispatch(session, 'GUILD_CREATE', this.guildCreatePayload(g));
  }

  private onResume(conn: Conn, d: any): void {
    if (!d || d.token !== this.token) {
      conn.ws.close(4004, 'Authentication failed');
      return;
    }
    const session = this.sessions.find((s) => s.id === d.session_id);
    if (!session || !session.alive) {
      this.gwSend(conn, { op: 9, d: false, s: null, t: null });
      return;
    }
    if (session.conn && session.conn !== conn) {
      const old = session.conn;
      old.session = undefined;
      old.ws.close(4000, 'Session resumed elsewhere');
    }
    session.conn = conn;
    conn.session = session;
    const from = Number(d.seq ?? 0);
    for (const p of session.buffer) if (p.s > from) this.gwSend(conn, p);
    this.resumeCount++;
    this.gwSend(conn, { op: 0, t: 'RESUMED', s: null, d: { _trace: ['["discord-emulator",{}]'] } });
  }

  private onRequestMembers(conn: Conn, d: any): void {
    if (!conn.session) {
      conn.ws.close(4003, 'Not authenticated');
      return;
    }
    const guild = this.guilds.find((g) => g.id === d?.guild_id);
    if (!guild) return;
    let members = [...guild.members.values()];
    const notFound: string[] = [];
    if (Array.isArray(d.user_ids)) {
      for (const id of d.user_ids) if (!guild.members.has(id)) notFound.push(id);
      members = members.filter((m) => d.user_ids.includes(m.user.id));
    } else if (typeof d.query === 'string' && d.query) {
      members = members.filter((m) => m.user.username.toLowerCase().startsWith(d.query.toLowerCase()));
    }
    if (d.limit) members = members.slice(0, d.limit);
    this.sessionDispatch(conn.session, 'GUILD_MEMBERS_CHUNK', { guild_id: guild.id, members: members.map((m) => this.memberApi(m)), chunk_index: 0, chunk_count: 1, not_found: notFound, nonce: d.nonce });
  }

  private sessionDispatch(session: Session, t: string, d: unknown): void {
    const payload = { op: 0 as const, t, s: ++session.seq, d };
    session.buffer.push(payload);
    if (session.buffer.length > 2000) session.buffer.shift();
    if (session.conn) this.gwSend(session.conn, payload);
  }

  /**
   * Dispatch an event to every live session (buffered for resume when disconnected).
   * `d` may be a function of the session, returning undefined to skip it. A payload with a
   * `guild_id` only goes to the session whose shard has that guild; one without, to shard 0.
   */
  dispatch(t: string, d: unknown | ((s: { intents: number }) => unknown), intent?: number): void {
    for (const session of this.sessions) {
      if (!session.alive) continue;
      if (intent !== undefined && !(session.intents & intent)) continue;
      const data = typeof d === 'function' ? (d as (s: Session) => unknown)(session) : d;
      if (data === undefined) continue;
      const guildId = (data as { guild_id?: unknown } | null)?.guild_id;
      if (!onShard(session.shard, typeof guildId === 'string' ? guildId : undefined)) continue;
      this.sessionDispatch(session, t, data);
    }
  }

  private requireLiveSession(): void {
    if (!this.sessions.some((s) => s.alive)) {
      throw new Error(`DiscordEmulator: no gateway session — is the client logged in (and 'clientReady' awaited)?\n${this.describeRecent()}`);
    }
  }

  private dispatchMessage(t: 'MESSAGE_CREATE' | 'MESSAGE_UPDATE', m: StoredMessage): void {
    if (m.ephemeral) return;
    const channel = this.channels.get(m.channel_id);
    const isDm = channel?.type === ChannelType.DM;
    const api = this.messageApi(m);
    if (m.member) api.member = m.member;
    api.mentions = m.mentions;
    if (isDm) api.channel_type = ChannelType.DM;
    this.dispatch(
      t,
      (s: { intents: number }) => {
        const privileged = (s.intents & Intent.MessageContent) !== 0 || isDm || m.author.id === this.botUser.id || m.mentions.some((u) => u.id === this.botUser.id);
        if (privileged) return api;
        return { ...api, content: '', embeds: [], attachments: [], components: [], poll: undefined };
      },
      isDm ? Intent.DirectMessages : Intent.GuildMessages,
    );
  }

  // ----------------------------------------------------------------- injecting user activity

  /**
   * A user posts a message; dispatches MESSAGE_CREATE. `mentionsBot` prefixes `<@botId> ` if the
   * content lacks it; `<@id>` mentions of known users fill `mentions`; `replyTo` makes it a reply
   * (pinging the replied author). `dm: true` posts in the author's DM channel with the bot.
   */
  async postMessage(opts: {
    content: string;
    author?: EmuUser;
    channelId?: string;
    dm?: boolean;
    mentionsBot?: boolean;
    replyTo?: StoredMessage;
    mentions?: EmuUser[];
    attachments?: Array<{ filename: string; data: Buffer | string; contentType?: string }>;
  }): Promise<StoredMessage> {
    this.requireLiveSession();
    const author = opts.author ?? this.defaultUser;
    const channel = opts.dm ? this.dmChannel(author) : this.requireChannelOrThrow(opts.channelId ?? opts.replyTo?.channel_id ?? this.channel.id);
    let content = opts.content;
    const botMention = `<@${this.botUser.id}>`;
    if (opts.mentionsBot && !content.includes(botMention) && !content.includes(`<@!${this.botUser.id}>`)) content = `${botMention} ${content}`;
    const guild = this.guildOf(channel);
    const mentioned = new Map<string, EmuUser>();
    for (const match of content.matchAll(/<@!?(\d+)>/g)) {
      const u = this.users.get(match[1]);
      if (u) mentioned.set(u.id, u);
    }
    for (const u of opts.mentions ?? []) mentioned.set(u.id, u);
    if (opts.replyTo) mentioned.set(opts.replyTo.author.id, opts.replyTo.author);
    const now = Date.now();
    const id = snowflake(now);
    const attachments: StoredAttachment[] = (opts.attachments ?? []).map((a) => {
      const data = typeof a.data === 'string' ? Buffer.from(a.data) : a.data;
      const attId = snowflake();
      const contentType = a.contentType ?? 'application/octet-stream';
      this.attachmentData.set(attId, { field: 'files', filename: a.filename, contentType, size: data.length, data });
      const url = `${this.httpBase}/attachments/${channel.id}/${attId}/${encodeURIComponent(a.filename)}`;
      return { id: attId, filename: a.filename, size: data.length, url, proxy_url: url, content_type: contentType };
    });
    const member = guild?.members.get(author.id);
    const m: StoredMessage = {
      id,
      channel_id: channel.id,
      ...(guild ? { guild_id: guild.id } : {}),
      author,
      ...(member ? { member: this.memberApi(member, false) } : {}),
      content,
      embeds: [],
      components: [],
      attachments,
      mentions: [...mentioned.values()].map((u) => this.mentionUser(u, guild)),
      mention_roles: [...content.matchAll(/<@&(\d+)>/g)].map((x) => x[1]),
      mention_everyone: false,
      flags: 0,
      type: opts.replyTo ? 19 : 0,
      timestamp: iso(now),
      edited_timestamp: null,
      tts: false,
      pinned: false,
      nonce: snowflake(),
      ...(opts.replyTo
        ? {
            message_reference: { type: 0, message_id: opts.replyTo.id, channel_id: opts.replyTo.channel_id, ...(opts.replyTo.guild_id ? { guild_id: opts.replyTo.guild_id } : {}) },
            referenced_message: this.messageApi(opts.replyTo),
          }
        : {}),
      ephemeral: false,
      deleted: false,
      source: 'user',
      history: [{ at: now, content, embeds: [], components: [], flags: 0 }],
    };
    this.messageStore.set(id, m);
    channel.last_message_id = id;
    this.dispatchMessage('MESSAGE_CREATE', m);
    this.changed();
    return m;
  }

  private mentionUser(u: EmuUser, guild: EmuGuild | undefined): EmuUser & { member?: Omit<EmuMember, 'user'> } {
    const member = guild?.members.get(u.id);
    return member ? { ...u, member: this.memberApi(member, false) } : { ...u };
  }

  /**
   * Invoke a slash command. `name` may include a subcommand (group): 'papers list' / 'admin papers add'.
   * If the command was registered (PUT/POST .../commands), its id and option types are used and
   * unknown options throw; otherwise types are inferred (string 3, integer 4, number 10, boolean 5, user 6, `{ attachment }` 11: the file is served over HTTP and described in `data.resolved.attachments`).
   */
  async slashCommand(name: string, options: Record<string, OptionValue> = {}, opts: InteractionOptions = {}): Promise<InteractionHandle> {
    return this.commandInteraction(InteractionType.ApplicationCommand, name, options, undefined, opts);
  }

  /** Send an AUTOCOMPLETE interaction; `focused` names the option being typed (its value is sent as a string). */
  async autocomplete(name: string, options: Record<string, OptionValue>, focused: string, opts: InteractionOptions = {}): Promise<InteractionHandle> {
    if (!(focused in options)) throw new Error(`DiscordEmulator.autocomplete: focused option '${focused}' is not in options`);
    return this.commandInteraction(InteractionType.Autocomplete, name, options, focused, opts);
  }

  /** An attachment option's file, as Discord keeps it on its CDN: served by GET /attachments/... until the emulator stops. */
  private storeOptionAttachment(a: AttachmentOption['attachment'], channelId: string): StoredAttachment {
    const data = typeof a.data === 'string' ? Buffer.from(a.data) : Buffer.from(a.data);
    const id = snowflake();
    const contentType = a.contentType ?? 'application/octet-stream';
    this.attachmentData.set(id, { field: 'files', filename: a.filename, contentType, size: data.length, data });
    const url = `${this.httpBase}/attachments/${channelId}/${id}/${encodeURIComponent(a.filename)}`;
    return { id, filename: a.filename, size: a.size ?? data.length, url, proxy_url: url, content_type: contentType, ephemeral: true };
  }

  private findCommand(name: string, guildId: string | undefined): StoredCommand | undefined {
    const inGuild = guildId ? this.commands(guildId).find((c) => c.name === name && c.type === 1) : undefined;
    return inGuild ?? this.commands().find((c) => c.name === name && c.type === 1);
  }

  private async commandInteraction(type: number, fullName: string, options: Record<string, OptionValue>, focused: string | undefined, opts: InteractionOptions): Promise<InteractionHandle> {
    const ctx = this.interactionContext(opts);
    const [cmdName, ...subPath] = fullName.trim().split(/\s+/);
    const registered = this.findCommand(cmdName, ctx.guild?.id);
    if (!ctx.guild) this.requireOfferedInDm(cmdName, registered);
    let defs: any[] | undefined = registered ? registered.options ?? [] : undefined;
    const wrappers: Array<{ name: string; type: number }> = [];
    for (const part of subPath) {
      if (defs) {
        const def = defs.find((o) => o.name === part && (o.type === 1 || o.type === 2));
        if (!def) throw new Error(`DiscordEmulator: command '${cmdName}' has no subcommand (group) '${part}' (registered: ${defs.filter((o) => o.type <= 2).map((o) => o.name).join(', ') || 'none'})`);
        wrappers.push({ name: part, type: def.type });
        defs = def.options ?? [];
      } else {
        wrappers.push({ name: part, type: subPath.length === 2 && wrappers.length === 0 ? 2 : 1 });
      }
    }
    const resolved: Record<string, Record<string, unknown>> = {};
    const leafOptions = Object.entries(options).map(([optName, raw]) => {
      const def = defs?.find((o) => o.name === optName);
      if (defs && !def) throw new Error(`DiscordEmulator: command '${fullName}' has no option '${optName}' (registered: ${defs.map((o) => o.name).join(', ') || 'none'})`);
      let optType: number;
      let value: string | number | boolean;
      if (typeof raw === 'object' && raw !== null && 'username' in raw) {
        optType = def?.type ?? 6;
        value = raw.id;
      } else if (typeof raw === 'object' && raw !== null && 'attachment' in raw) {
        if (def && def.type !== 11) throw new Error(`DiscordEmulator: option '${optName}' of '${fullName}' is type ${def.type}, not an attachment (11)`);
        optType = 11;
        const stored = this.storeOptionAttachment(raw.attachment, ctx.channel.id);
        (resolved.attachments ??= {})[stored.id] = stored;
        value = stored.id;
      } else if (typeof raw === 'object' && raw !== null) {
        optType = raw.type;
        value = raw.value;
      } else {
        optType = def?.type ?? (typeof raw === 'boolean' ? 5 : typeof raw === 'number' ? (Number.isInteger(raw) ? 4 : 10) : 3);
        value = raw;
      }
      if (optType === 6 || optType === 9) {
        const user = this.users.get(String(value));
        if (user) {
          (resolved.users ??= {})[user.id] = user;
          const member = ctx.guild?.members.get(user.id);
          if (member) (resolved.members ??= {})[user.id] = { ...this.memberApi(member, false), permissions: this.basePermissions(ctx.guild!, user.id).toString() };
        } else if (ctx.guild) {
          const role = ctx.guild.roles.find((r) => r.id === value);
          if (role) (resolved.roles ??= {})[role.id] = role;
        }
      } else if (optType === 7) {
        const ch = this.channels.get(String(value));
        if (ch) (resolved.channels ??= {})[ch.id] = { id: ch.id, name: ch.name, type: ch.type, permissions: ALL_PERMISSIONS.toString(), parent_id: ch.parent_id ?? null };
      } else if (optType === 8 && ctx.guild) {
        const role = ctx.guild.roles.find((r) => r.id === value);
        if (role) (resolved.roles ??= {})[role.id] = role;
      }
      const isFocused = optName === focused;
      return { name: optName, type: optType, value: isFocused ? String(value) : value, ...(isFocused ? { focused: true } : {}) };
    });
    if (defs && type === InteractionType.ApplicationCommand) {
      const missing = defs.filter((o) => o.required && o.type > 2 && !(o.name in options)).map((o) => o.name);
      if (missing.length) throw new Error(`DiscordEmulator: command '${fullName}' is missing required option(s): ${missing.join(', ')}`);
    }
    let nested: any[] = leafOptions;
    for (let i = wrappers.length - 1; i >= 0; i--) nested = [{ name: wrappers[i].name, type: wrappers[i].type, options: nested }];
    const data: Record<string, unknown> = {
      id: registered?.id ?? this.syntheticCommandId(cmdName),
      name: cmdName,
      type: 1,
      options: nested,
      ...(Object.keys(resolved).length ? { resolved } : {}),
      ...(registered?.guild_id ? { guild_id: registered.guild_id } : {}),
    };
    return this.createInteraction(type, data, ctx, undefined);
  }

  /**
   * Like Discord, no way to use a command in a DM that Discord does not offer there: one
   * registered only in servers, or one whose `contexts` leave out BOT_DM (1), or (without
   * `contexts`) whose `dm_permission` is false. Unregistered commands are not checked.
   */
  private requireOfferedInDm(name: string, registered: StoredCommand | undefined): void {
    const inGuilds = [...this.commandStore.entries()].some(([scope, list]) => scope !== 'global' && list.some((c) => c.name === name && c.type === 1));
    if (!registered && inGuilds) throw new Error(`DiscordEmulator: /${name} is registered in servers only, so Discord does not offer it in DMs`);
    if (!registered) return;
    const contexts = registered.contexts as number[] | null | undefined;
    const offered = contexts ? contexts.includes(1) : registered.dm_permission !== false;
    if (!offered) throw new Error(`DiscordEmulator: Discord does not offer /${name} in DMs (contexts ${JSON.stringify(contexts ?? null)}, dm_permission ${String(registered.dm_permission)})`);
  }

  private readonly syntheticIds = new Map<string, string>();
  private syntheticCommandId(name: string): string {
    let id = this.syntheticIds.get(name);
    if (!id) this.syntheticIds.set(name, (id = snowflake()));
    return id;
  }

  private findComponent(components: Component[] | undefined, customId: string): Component | undefined {
    for (const c of components ?? []) {
      if (c.custom_id === customId) return c;
      const inner = this.findComponent(c.components, customId) ?? (c.accessory ? this.findComponent([c.accessory as Component], customId) : undefined);
      if (inner) return inner;
    }
    return undefined;
  }

  private allCustomIds(components: Component[] | undefined, out: string[] = []): string[] {
    for (const c of components ?? []) {
      if (c.custom_id) out.push(c.custom_id);
      this.allCustomIds(c.components, out);
      if (c.accessory) this.allCustomIds([c.accessory as Component], out);
    }
    return out;
  }

  /** Click a button on a message the bot sent (throws if the message has no such enabled button). */
  async clickButton(message: StoredMessage, customId: string, opts: InteractionOptions = {}): Promise<InteractionHandle> {
    const current = this.messageStore.get(message.id);
    if (!current || current.deleted) throw new Error(`DiscordEmulator.clickButton: message ${message.id} does not exist (or was deleted)`);
    const comp = this.findComponent(current.components, customId);
    if (!comp || comp.type !== 2) throw new Error(`DiscordEmulator.clickButton: message ${message.id} has no button '${customId}' (custom_ids: ${this.allCustomIds(current.components).join(', ') || 'none'})`);
    if (comp.disabled) throw new Error(`DiscordEmulator.clickButton: button '${customId}' is disabled`);
    const ctx = this.interactionContext({ ...opts, channelId: opts.channelId ?? current.channel_id });
    return this.createInteraction(InteractionType.MessageComponent, { custom_id: customId, component_type: 2 }, ctx, current);
  }

  /** Choose values in a select menu on a message the bot sent. */
  async selectMenu(message: StoredMessage, customId: string, values: string[], opts: InteractionOptions = {}): Promise<InteractionHandle> {
    const current = this.messageStore.get(message.id);
    if (!current || current.deleted) throw new Error(`DiscordEmulator.selectMenu: message ${message.id} does not exist`);
    const comp = this.findComponent(current.components, customId);
    if (!comp || ![3, 5, 6, 7, 8].includes(comp.type)) throw new Error(`DiscordEmulator.selectMenu: message ${message.id} has no select menu '${customId}' (custom_ids: ${this.allCustomIds(current.components).join(', ') || 'none'})`);
    const ctx = this.interactionContext({ ...opts, channelId: opts.channelId ?? current.channel_id });
    return this.createInteraction(InteractionType.MessageComponent, { custom_id: customId, component_type: comp.type, values }, ctx, current);
  }

  /** Submit a modal (classic text-input action rows). `message`: the message whose component opened it, if any. */
  async submitModal(customId: string, fields: Record<string, string>, opts: InteractionOptions & { message?: StoredMessage } = {}): Promise<InteractionHandle> {
    const ctx = this.interactionContext(opts);
    const components = Object.entries(fields).map(([k, v]) => ({ type: 1, components: [{ type: 4, custom_id: k, value: v }] }));
    const msg = opts.message ? this.messageStore.get(opts.message.id) : undefined;
    return this.createInteraction(InteractionType.ModalSubmit, { custom_id: customId, components }, ctx, msg);
  }

  private interactionContext(opts: InteractionOptions): { channel: EmuChannel; guild: EmuGuild | undefined; user: EmuUser; roles: string[] | undefined; memberPermissions: bigint | undefined; locale: string } {
    const user = opts.user ?? this.defaultUser;
    const channel = opts.dm ? this.dmChannel(user) : opts.channelId ? this.requireChannelOrThrow(opts.channelId) : this.channel;
    const guild = this.guildOf(channel);
    const roles = guild && opts.roles ? this.resolveRoles(guild, opts.roles) : undefined;
    return { channel, guild, user, roles, memberPermissions: opts.memberPermissions === undefined ? undefined : toBig(opts.memberPermissions, 0n), locale: opts.locale ?? 'en-US' };
  }

  private createInteraction(type: number, data: Record<string, unknown>, ctx: ReturnType<DiscordEmulator['interactionContext']>, message: StoredMessage | undefined): InteractionHandle {
    this.requireLiveSession();
    const id = snowflake();
    const token = `emu_itk_${randomBytes(24).toString('base64url')}`;
    const { channel, guild, user } = ctx;
    const payload: Record<string, any> = {
      id,
      application_id: this.applicationId,
      type,
      data,
      token,
      version: 1,
      locale: ctx.locale,
      entitlements: [],
      attachment_size_limit: 10 * 1024 * 1024,
    };
    if (guild) {
      let member = guild.members.get(user.id);
      if (!member) {
        member = this.makeMember(user, []);
        guild.members.set(user.id, member);
      }
      const roles = ctx.roles ?? member.roles;
      const memberPerms = ctx.memberPermissions ?? this.channelPermissions(channel.id, user.id, roles);
      payload.guild_id = guild.id;
      payload.guild = { id: guild.id, locale: guild.preferred_locale, features: [] };
      payload.guild_locale = guild.preferred_locale;
      payload.member = { ...this.memberApi({ ...member, roles }), permissions: memberPerms.toString() };
      payload.channel = { ...this.channelApi(channel), permissions: memberPerms.toString() };
      // Discord's changelog "Calculated permissions in interaction payloads" (and discord-api-docs #5316): an app may always embed and attach in its responses.
      payload.app_permissions = (this.channelPermissions(channel.id, this.botUser.id) | Perm.EmbedLinks | Perm.AttachFiles).toString();
      payload.authorizing_integration_owners = { '0': guild.id };
      payload.context = 0;
    } else {
      payload.user = user;
      payload.channel = { ...this.channelApi(channel), permissions: (ALL_PERMISSIONS & ~Perm.Administrator).toString() };
      payload.app_permissions = (ALL_PERMISSIONS & ~Perm.Administrator).toString();
      payload.authorizing_integration_owners = { '0': '0' };
      payload.context = 1;
    }
    payload.channel_id = channel.id;
    if (message) payload.message = this.messageApi(message);
    const state: InteractionState = { id, token, type, payload, createdAt: Date.now(), channelId: channel.id, guildId: guild?.id, user, componentMessageId: message?.id, followupIds: [] };
    this.interactionsById.set(id, state);
    this.interactionsByToken.set(token, state);
    this.dispatch('INTERACTION_CREATE', payload);
    this.changed();
    return this.handleFor(state);
  }

  private handleFor(state: InteractionState): InteractionHandle {
    const emu = this;
    const involves = (c: RestCall) => c.path.startsWith(`/interactions/${state.id}/`) || c.path.startsWith(`/webhooks/${emu.applicationId}/${state.token}`);
    return {
      id: state.id,
      token: state.token,
      type: state.type,
      payload: state.payload,
      createdAt: state.createdAt,
      tokenExpiresAt: emu.tokenExpiresAt(state),
      tokenExpired() {
        return new Promise<void>((resolve) => setTimeout(resolve, Math.max(0, emu.tokenExpiresAt(state) - Date.now())));
      },
      get acknowledgedAt() {
        return state.acknowledgedAt;
      },
      get callbackType() {
        return state.callbackType;
      },
      callback(timeoutMs?: number) {
        return emu.waitFor(
          () => emu.requests.find((c) => !c.injected && c.method === 'POST' && c.path === `/interactions/${state.id}/${state.token}/callback`),
          `the callback of interaction ${state.id} (${state.payload.data?.name ?? state.payload.data?.custom_id ?? ''})`,
          timeoutMs,
        );
      },
      original() {
        return state.originalMessageId ? emu.messageStore.get(state.originalMessageId) : undefined;
      },
      waitForOriginal(predicate = () => true, timeoutMs?: number) {
        return emu.waitFor(
          () => {
            const m = state.originalMessageId ? emu.messageStore.get(state.originalMessageId) : undefined;
            return m && !m.deleted && predicate(m) ? m : undefined;
          },
          `the original response of interaction ${state.id} matching ${predicate.toString().slice(0, 120)}`,
          timeoutMs,
        );
      },
      followups() {
        return state.followupIds.map((id) => emu.messageStore.get(id)!).filter((m) => !m.deleted);
      },
      waitForFollowup(predicate = () => true, timeoutMs?: number) {
        return emu.waitFor(
          () => state.followupIds.map((id) => emu.messageStore.get(id)!).find((m) => !m.deleted && predicate(m)),
          `a followup of interaction ${state.id} matching ${predicate.toString().slice(0, 120)}`,
          timeoutMs,
        );
      },
      choices() {
        return state.callbackType === CallbackType.ApplicationCommandAutocompleteResult ? state.callbackData?.choices : undefined;
      },
      modal() {
        return state.callbackType === CallbackType.Modal ? state.callbackData : undefined;
      },
      get edits() {
        return emu.requests.filter((c) => !c.injected && c.method === 'PATCH' && (c.path === `/webhooks/${emu.applicationId}/${state.token}/messages/@original` || (state.originalMessageId !== undefined && c.path === `/webhooks/${emu.applicationId}/${state.token}/messages/${state.originalMessageId}`)));
      },
      requests() {
        return emu.requests.filter(involves);
      },
    };
  }

  // ----------------------------------------------------------------- validation

  private validateMessage(body: any, opts: { files: number; isEdit: boolean; existing?: StoredMessage }): void {
    if (!this.opts.validate) return;
    const e = new FormErrors();
    const b = body ?? {};
    if (b.content != null && typeof b.content !== 'string') e.add(['content'], 'BASE_TYPE_STRING', 'Must be a string.');
    if (strLen(b.content) > 2000) e.add(['content'], 'BASE_TYPE_MAX_LENGTH', 'Must be 2000 or fewer in length.');
    const embeds: any[] = Array.isArray(b.embeds) ? b.embeds : [];
    if (b.embeds != null && !Array.isArray(b.embeds)) e.add(['embeds'], 'BASE_TYPE_ARRAY', 'Must be an array.');
    if (embeds.length > 10) e.add(['embeds'], 'BASE_TYPE_MAX_LENGTH', 'Must be 10 or fewer in length.');
    let total = 0;
    embeds.forEach((em, i) => {
      const lim = (v: unknown, max: number, path: Array<string | number>) => {
        const n = strLen(v);
        total += n;
        if (n > max) e.add(['embeds', i, ...path], 'BASE_TYPE_MAX_LENGTH', `Must be ${max} or fewer in length.`);
      };
      lim(em?.title, 256, ['title']);
      lim(em?.description, 4096, ['description']);
      lim(em?.footer?.text, 2048, ['footer', 'text']);
      lim(em?.author?.name, 256, ['author', 'name']);
      const fields: any[] = Array.isArray(em?.fields) ? em.fields : [];
      if (fields.length > 25) e.add(['embeds', i, 'fields'], 'BASE_TYPE_MAX_LENGTH', 'Must be 25 or fewer in length.');
      fields.forEach((f, j) => {
        if (!strLen(f?.name)) e.add(['embeds', i, 'fields', j, 'name'], 'BASE_TYPE_REQUIRED', 'This field is required');
        if (!strLen(f?.value)) e.add(['embeds', i, 'fields', j, 'value'], 'BASE_TYPE_REQUIRED', 'This field is required');
        lim(f?.name, 256, ['fields', j, 'name']);
        lim(f?.value, 1024, ['fields', j, 'value']);
      });
      if (em?.color != null && (typeof em.color !== 'number' || em.color < 0 || em.color > 0xffffff)) e.add(['embeds', i, 'color'], 'NUMBER_TYPE_MAX', 'int value should be less than or equal to 16777215.');
      if (em?.url != null && !/^https?:\/\//.test(String(em.url))) e.add(['embeds', i, 'url'], 'URL_TYPE_INVALID_URL', 'Not a well formed URL.');
    });
    if (total > 6000) e.add(['embeds'], 'MESSAGE_EMBEDS_TOTAL_LENGTH', 'Embed size exceeds maximum size of 6000');
    const flags = Number(b.flags ?? 0);
    const v2 = (flags & MessageFlag.IsComponentsV2) !== 0;
    if (Array.isArray(b.components)) {
      const seen = new Set<string>();
      const checkComp = (c: any, path: Array<string | number>) => {
        if (c?.custom_id != null) {
          if (strLen(c.custom_id) > 100) e.add([...path, 'custom_id'], 'BASE_TYPE_MAX_LENGTH', 'Must be 100 or fewer in length.');
          if (seen.has(c.custom_id)) e.add([...path, 'custom_id'], 'COMPONENT_CUSTOM_ID_DUPLICATED', 'Component custom id cannot be duplicated');
          seen.add(c.custom_id);
        }
        if (c?.type === 2) {
          if (c.style === 5 ? !c.url : c.style !== 6 && !c.custom_id) e.add([...path, c.style === 5 ? 'url' : 'custom_id'], 'BASE_TYPE_REQUIRED', 'This field is required');
          if (strLen(c.label) > 80) e.add([...path, 'label'], 'BASE_TYPE_MAX_LENGTH', 'Must be 80 or fewer in length.');
        }
        if (c?.type === 3 && Array.isArray(c.options) && (c.options.length < 1 || c.options.length > 25)) e.add([...path, 'options'], 'BASE_TYPE_BAD_LENGTH', 'Must be between 1 and 25 in length.');
        (Array.isArray(c?.components) ? c.components : []).forEach((cc: any, k: number) => checkComp(cc, [...path, 'components', k]));
        if (c?.accessory) checkComp(c.accessory, [...path, 'accessory']);
      };
      if (!v2 && b.components.length > 5) e.add(['components'], 'BASE_TYPE_MAX_LENGTH', 'Must be 5 or fewer in length.');
      b.components.forEach((row: any, i: number) => {
        if (!v2) {
          if (row?.type !== 1) e.add(['components', i, 'type'], 'COMPONENT_LAYOUT_WIDTH_EXCEEDED', 'Top-level components must be action rows');
          const kids: any[] = Array.isArray(row?.components) ? row.components : [];
          if (kids.length < 1 || kids.length > 5) e.add(['components', i, 'components'], 'BASE_TYPE_BAD_LENGTH', 'Must be between 1 and 5 in length.');
        }
        checkComp(row, ['components', i]);
      });
    }
    if (v2 && (strLen(b.content) > 0 || embeds.length)) e.add(['content'], 'MESSAGE_CANNOT_USE_LEGACY_FIELDS_WITH_COMPONENTS_V2', 'The \'content\' and \'embeds\' fields cannot be used when using MessageFlags.IS_COMPONENTS_V2');
    e.throwIfAny();
    // empty message check on the resulting message
    const ex = opts.existing;
    const content = b.content !== undefined ? (b.content ?? '') : (ex?.content ?? '');
    const resEmbeds = b.embeds !== undefined ? (b.embeds ?? []) : (ex?.embeds ?? []);
    const comps = b.components !== undefined ? (b.components ?? []) : (ex?.components ?? []);
    const atts = b.attachments !== undefined ? (b.attachments ?? []).length : (ex?.attachments.length ?? 0);
    const hasSomething = String(content).length > 0 || resEmbeds.length > 0 || comps.length > 0 || atts > 0 || opts.files > 0 || (b.sticker_ids?.length ?? 0) > 0 || b.poll != null;
    if (!hasSomething) {
      if (opts.isEdit && ex && ex.flags & MessageFlag.Loading && !Object.keys(b).some((k) => ['content', 'embeds', 'components', 'attachments'].includes(k))) return;
      throw new ApiError(400, 50006, 'Cannot send an empty message');
    }
  }

  private validateCommands(list: any[], scope: string): void {
    if (!this.opts.validate) return;
    const e = new FormErrors();
    const seen = new Set<string>();
    list.forEach((cmd, i) => {
      const type = cmd?.type ?? 1;
      const name = cmd?.name;
      if (typeof name !== 'string' || !name) e.add([i, 'name'], 'BASE_TYPE_REQUIRED', 'This field is required');
      else if (type === 1 && (!COMMAND_NAME_RE.test(name) || name !== name.toLowerCase())) e.add([i, 'name'], 'APPLICATION_COMMAND_INVALID_NAME', 'Command name is invalid');
      else if (strLen(name) > 32) e.add([i, 'name'], 'BASE_TYPE_BAD_LENGTH', 'Must be between 1 and 32 in length.');
      const key = `${type}:${name}`;
      if (seen.has(key)) e.add([i, 'name'], 'APPLICATION_COMMANDS_DUPLICATE_NAME', `Application command names must be unique`);
      seen.add(key);
      if (type === 1) {
        const d = strLen(cmd?.description);
        if (d < 1 || d > 100) e.add([i, 'description'], 'BASE_TYPE_BAD_LENGTH', 'Must be between 1 and 100 in length.');
      } else if (cmd?.description) e.add([i, 'description'], 'APPLICATION_COMMAND_CONTEXT_MENU_DESCRIPTION', 'Context menu commands cannot have a description');
      this.validateOptions(cmd?.options, [i, 'options'], e, 0);
    });
    if (list.filter((c) => (c?.type ?? 1) === 1).length > 100) e.add([], 'APPLICATION_COMMAND_TOO_MANY', `Maximum number of application commands reached (100) in ${scope}`);
    e.throwIfAny();
  }

  private validateOptions(options: unknown, path: Array<string | number>, e: FormErrors, depth: number): void {
    if (options == null) return;
    if (!Array.isArray(options)) {
      e.add(path, 'BASE_TYPE_ARRAY', 'Must be an array.');
      return;
    }
    if (options.length > 25) e.add(path, 'BASE_TYPE_MAX_LENGTH', 'Must be 25 or fewer in length.');
    const names = new Set<string>();
    let sawOptional = false;
    options.forEach((o: any, j: number) => {
      const p = [...path, j];
      if (typeof o?.name !== 'string' || !COMMAND_NAME_RE.test(o.name) || o.name !== o.name.toLowerCase()) e.add([...p, 'name'], 'APPLICATION_COMMAND_INVALID_NAME', 'Command name is invalid');
      if (names.has(o?.name)) e.add([...p, 'name'], 'APPLICATION_COMMAND_OPTIONS_NAME_ALREADY_EXISTS', 'Option names must be unique');
      names.add(o?.name);
      const d = strLen(o?.description);
      if (d < 1 || d > 100) e.add([...p, 'description'], 'BASE_TYPE_BAD_LENGTH', 'Must be between 1 and 100 in length.');
      if (typeof o?.type !== 'number' || o.type < 1 || o.type > 11) e.add([...p, 'type'], 'BASE_TYPE_CHOICES', 'Value must be one of {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11}.');
      if (o?.type === 1 || o?.type === 2) {
        if (depth >= 2 || (o.type === 2 && depth >= 1)) e.add([...p, 'type'], 'APPLICATION_COMMAND_OPTION_TYPE_INVALID', 'Subcommands nested too deeply');
        this.validateOptions(o.options, [...p, 'options'], e, depth + 1);
        return;
      }
      if (o?.required) {
        if (sawOptional) e.add([...p, 'required'], 'APPLICATION_COMMAND_OPTIONS_REQUIRED_INVALID', 'Required options must be placed before non-required options');
      } else sawOptional = true;
      const choices: any[] | undefined = o?.choices;
      if (choices && o.autocomplete) e.add([...p, 'autocomplete'], 'APPLICATION_COMMAND_OPTION_CHOICES_AND_AUTOCOMPLETE', 'Autocomplete cannot be set with choices');
      if (choices) {
        if (choices.length > 25) e.add([...p, 'choices'], 'BASE_TYPE_MAX_LENGTH', 'Must be 25 or fewer in length.');
        choices.forEach((c: any, k: number) => {
          const n = strLen(c?.name);
          if (n < 1 || n > 100) e.add([...p, 'choices', k, 'name'], 'BASE_TYPE_BAD_LENGTH', 'Must be between 1 and 100 in length.');
          if (typeof c?.value === 'string' && strLen(c.value) > 100) e.add([...p, 'choices', k, 'value'], 'BASE_TYPE_MAX_LENGTH', 'Must be 100 or fewer in length.');
        });
      }
    });
  }

  private validateChoices(data: any): void {
    if (!this.opts.validate) return;
    const e = new FormErrors();
    const choices: any[] = data?.choices;
    if (!Array.isArray(choices)) e.add(['data', 'choices'], 'BASE_TYPE_REQUIRED', 'This field is required');
    else {
      if (choices.length > 25) e.add(['data', 'choices'], 'BASE_TYPE_MAX_LENGTH', 'Must be 25 or fewer in length.');
      choices.forEach((c, k) => {
        const n = strLen(c?.name);
        if (n < 1 || n > 100) e.add(['data', 'choices', k, 'name'], 'BASE_TYPE_BAD_LENGTH', 'Must be between 1 and 100 in length.');
        if (typeof c?.value === 'string' && strLen(c.value) > 100) e.add(['data', 'choices', k, 'value'], 'BASE_TYPE_MAX_LENGTH', 'Must be 100 or fewer in length.');
        if (c?.value == null) e.add(['data', 'choices', k, 'value'], 'BASE_TYPE_REQUIRED', 'This field is required');
      });
    }
    e.throwIfAny();
  }

  private validateModal(data: any): void {
    if (!this.opts.validate) return;
    const e = new FormErrors();
    if (!strLen(data?.custom_id)) e.add(['data', 'custom_id'], 'BASE_TYPE_REQUIRED', 'This field is required');
    else if (strLen(data.custom_id) > 100) e.add(['data', 'custom_id'], 'BASE_TYPE_MAX_LENGTH', 'Must be 100 or fewer in length.');
    const t = strLen(data?.title);
    if (t < 1 || t > 45) e.add(['data', 'title'], 'BASE_TYPE_BAD_LENGTH', 'Must be between 1 and 45 in length.');
    const comps = data?.components;
    if (!Array.isArray(comps) || comps.length < 1 || comps.length > 5) e.add(['data', 'components'], 'BASE_TYPE_BAD_LENGTH', 'Must be between 1 and 5 in length.');
    e.throwIfAny();
  }

  // ----------------------------------------------------------------- message building

  private computeMentions(content: string, allowed: StoredMessage['allowed_mentions'], guild: EmuGuild | undefined, replied: StoredMessage | undefined): { mentions: StoredMessage['mentions']; roles: string[]; everyone: boolean } {
    const users = new Map<string, EmuUser>();
    const parseAll = !allowed || (allowed.parse ?? []).includes('users');
    for (const match of content.matchAll(/<@!?(\d+)>/g)) {
      const u = this.users.get(match[1]);
      if (u && (parseAll || allowed?.users?.includes(u.id))) users.set(u.id, u);
    }
    if (replied && (!allowed || allowed.replied_user)) users.set(replied.author.id, replied.author);
    const rolesAll = !allowed || (allowed.parse ?? []).includes('roles');
    const roles = [...content.matchAll(/<@&(\d+)>/g)].map((m) => m[1]).filter((id) => rolesAll || allowed?.roles?.includes(id));
    const everyone = /@(everyone|here)/.test(content) && (!allowed || (allowed.parse ?? []).includes('everyone'));
    return { mentions: [...users.values()].map((u) => this.mentionUser(u, guild)), roles, everyone };
  }

  private storeFiles(channelId: string, files: UploadedFile[], body: any): StoredAttachment[] {
    const metas: any[] = Array.isArray(body?.attachments) ? body.attachments : [];
    return files.map((f, i) => {
      const idx = /\[(\d+)\]/.exec(f.field)?.[1];
      const meta = metas.find((a) => String(a?.id) === (idx ?? String(i))) ?? {};
      const id = snowflake();
      const filename = meta.filename ?? f.filename;
      this.attachmentData.set(id, { ...f, filename });
      const url = `${this.httpBase}/attachments/${channelId}/${id}/${encodeURIComponent(filename)}`;
      return { id, filename, size: f.size, url, proxy_url: url, content_type: f.contentType, ...(meta.description ? { description: meta.description } : {}) };
    });
  }

  private createBotMessage(init: { channel: EmuChannel; body: any; files: UploadedFile[]; source: StoredMessage['source']; ephemeral: boolean; type: number; interaction?: InteractionState; loading?: boolean; replied?: StoredMessage }): StoredMessage {
    const { channel, body } = init;
    const guild = this.guildOf(channel);
    const now = Date.now();
    const id = snowflake(now);
    const content = typeof body?.content === 'string' ? body.content : '';
    let flags = Number(body?.flags ?? 0) & (MessageFlag.SuppressEmbeds | MessageFlag.Ephemeral | MessageFlag.SuppressNotifications | MessageFlag.IsComponentsV2);
    if (!init.interaction) flags &= ~MessageFlag.Ephemeral;
    if (init.loading) flags |= MessageFlag.Loading;
    const allowed = body?.allowed_mentions ?? undefined;
    const mentions = this.computeMentions(content, allowed, guild, init.replied);
    const botMember = guild?.members.get(this.botUser.id);
    const it = init.interaction;
    const m: StoredMessage = {
      id,
      channel_id: channel.id,
      ...(guild ? { guild_id: guild.id } : {}),
      author: this.botUser,
      ...(botMember && !it ? { member: this.memberApi(botMember, false) } : {}),
      content,
      embeds: Array.isArray(body?.embeds) ? body.embeds.map((e: Embed) => ({ type: 'rich', ...e })) : [],
      components: Array.isArray(body?.components) ? body.components : [],
      attachments: this.storeFiles(channel.id, init.files, body),
      ...(allowed ? { allowed_mentions: allowed } : {}),
      mentions: mentions.mentions,
      mention_roles: mentions.roles,
      mention_everyone: mentions.everyone,
      flags,
      type: init.type,
      timestamp: iso(now),
      edited_timestamp: null,
      tts: Boolean(body?.tts),
      pinned: false,
      ...(body?.nonce !== undefined ? { nonce: body.nonce } : {}),
      ...(body?.poll ? { poll: body.poll } : {}),
      ...(body?.sticker_ids ? { sticker_ids: body.sticker_ids } : {}),
      ...(init.replied
        ? {
            message_reference: { type: 0, message_id: init.replied.id, channel_id: init.replied.channel_id, ...(init.replied.guild_id ? { guild_id: init.replied.guild_id } : {}) },
            referenced_message: this.messageApi(init.replied),
          }
        : {}),
      ...(it
        ? {
            webhook_id: this.applicationId,
            application_id: this.applicationId,
            interaction_metadata: {
              id: it.id,
              type: it.type,
              user: it.user,
              authorizing_integration_owners: it.payload.authorizing_integration_owners,
              ...(it.type === InteractionType.ApplicationCommand ? { name: it.payload.data?.name, command_type: 1 } : {}),
              ...(it.componentMessageId ? { interacted_message_id: it.componentMessageId } : {}),
              ...(init.source === 'followup' && it.originalMessageId ? { original_response_message_id: it.originalMessageId } : {}),
            },
          }
        : {}),
      ephemeral: init.ephemeral,
      deleted: false,
      source: init.source,
      ...(it ? { interactionId: it.id } : {}),
      history: [],
    };
    m.history.push({ at: now, content: m.content, embeds: m.embeds, components: m.components, flags: m.flags });
    this.messageStore.set(id, m);
    if (!m.ephemeral) {
      channel.last_message_id = id;
      if (typeof channel.message_count === 'number') {
        channel.message_count++;
        channel.total_message_sent = (channel.total_message_sent ?? 0) + 1;
      }
    }
    this.dispatchMessage('MESSAGE_CREATE', m);
    this.changed();
    return m;
  }

  private editMessage(m: StoredMessage, body: any, files: UploadedFile[]): StoredMessage {
    const b = body ?? {};
    const guild = m.guild_id ? this.guilds.find((g) => g.id === m.guild_id) : undefined;
    if ('content' in b) m.content = b.content ?? '';
    if ('embeds' in b) m.embeds = (b.embeds ?? []).map((e: Embed) => ({ type: 'rich', ...e }));
    if ('components' in b) m.components = b.components ?? [];
    if ('allowed_mentions' in b) m.allowed_mentions = b.allowed_mentions ?? undefined;
    if ('attachments' in b || files.length) {
      const keep = Array.isArray(b.attachments) ? m.attachments.filter((a) => b.attachments.some((x: any) => String(x?.id) === a.id)) : m.attachments;
      m.attachments = [...keep, ...this.storeFiles(m.channel_id, files, b)];
    }
    if ('flags' in b && b.flags != null) {
      const editable = MessageFlag.SuppressEmbeds | MessageFlag.IsComponentsV2;
      m.flags = (m.flags & ~editable) | (Number(b.flags) & editable);
    }
    m.flags &= ~MessageFlag.Loading;
    if ('content' in b || 'allowed_mentions' in b) {
      const replied = m.message_reference?.message_id ? this.messageStore.get(m.message_reference.message_id) : undefined;
      const mentions = this.computeMentions(m.content, m.allowed_mentions, guild, replied);
      m.mentions = mentions.mentions;
      m.mention_roles = mentions.roles;
      m.mention_everyone = mentions.everyone;
    }
    const now = Date.now();
    m.edited_timestamp = iso(now);
    m.history.push({ at: now, content: m.content, embeds: m.embeds, components: m.components, flags: m.flags });
    this.dispatchMessage('MESSAGE_UPDATE', m);
    this.changed();
    return m;
  }

  private deleteMessage(m: StoredMessage): void {
    m.deleted = true;
    if (!m.ephemeral) {
      const channel = this.channels.get(m.channel_id);
      this.dispatch('MESSAGE_DELETE', { id: m.id, channel_id: m.channel_id, ...(m.guild_id ? { guild_id: m.guild_id } : {}) }, channel?.type === ChannelType.DM ? Intent.DirectMessages : Intent.GuildMessages);
    }
    this.changed();
  }

  // ----------------------------------------------------------------- HTTP

  private async onHttp(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const started = Date.now();
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const method = (req.method ?? 'GET').toUpperCase();
    let bodyBuf: Buffer;
    try {
      bodyBuf = await readBody(req);
    } catch {
      return;
    }
    if (url.pathname.startsWith('/attachments/')) {
      const id = url.pathname.split('/')[3];
      const file = id ? this.attachmentData.get(id) : undefined;
      if (id) this.attachmentDownloads.push(id);
      if (!file) {
        res.writeHead(404, { 'content-type': 'text/plain' }).end('Not Found');
        return;
      }
      res.writeHead(200, { 'content-type': file.contentType, 'content-length': String(file.size) }).end(file.data);
      return;
    }
    let rest = url.pathname;
    let version: number | null = null;
    if (rest.startsWith('/api')) rest = rest.slice(4);
    const vm = /^\/v(\d+)(\/.*)?$/.exec(rest);
    if (vm) {
      version = Number(vm[1]);
      rest = vm[2] ?? '/';
    }
    const path =
      '/' +
      rest
        .split('/')
        .filter(Boolean)
        .map((s) => {
          try {
            return decodeURIComponent(s);
          } catch {
            return s;
          }
        })
        .join('/');
    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries(req.headers)) headers[k] = Array.isArray(v) ? v.join(', ') : String(v ?? '');
    const authHeader = headers.authorization;
    if (authHeader !== undefined) headers.authorization = '[redacted]';
    const call: RestCall = {
      seq: 0,
      at: started,
      method,
      path,
      route: null,
      version,
      query: Object.fromEntries(url.searchParams),
      headers,
      auth: authHeader === undefined ? 'none' : authHeader === `Bot ${this.token}` ? 'valid' : 'invalid',
      body: undefined,
      files: [],
      status: 0,
      response: undefined,
      durationMs: 0,
    };
    let parseError: ApiError | undefined;
    try {
      const parsed = await this.parseBody(headers['content-type'] ?? '', bodyBuf);
      call.body = parsed.body;
      call.files = parsed.files;
    } catch {
      parseError = new ApiError(400, 50109, 'The request body contains invalid JSON.');
    }

    const fault = this.takeFault(method, path);
    if (fault?.kind === 'hang') {
      call.injected = 'hang';
      req.on('close', () => {
        if (!res.writableEnded) call.aborted = true;
      });
      res.on('close', () => {
        if (!res.writableEnded) call.aborted = true;
        this.changed();
      });
      this.hung.push({
        res,
        call,
        resume: () => {
          call.injected = undefined;
          this.finish(res, call, this.process(call, parseError), started, true);
        },
      });
      this.pushCall(call);
      return;
    }
    if (fault?.kind === 'delay') {
      await new Promise((r) => setTimeout(r, fault.delayMs));
      if (this.stopped) return;
    }
    let result: HandlerResult & { headers?: Record<string, string> };
    if (fault?.kind === 'rate-limit') {
      call.injected = 'rate-limit';
      const retry = fault.retryAfter ?? 0.2;
      result = {
        status: 429,
        body: { message: 'You are being rate limited.', retry_after: retry, global: Boolean(fault.global), code: fault.global ? 0 : undefined },
        headers: {
          'retry-after': String(retry),
          'x-ratelimit-limit': '5',
          'x-ratelimit-remaining': '0',
          'x-ratelimit-reset': ((Date.now() + retry * 1000) / 1000).toFixed(3),
          'x-ratelimit-reset-after': String(retry),
          'x-ratelimit-bucket': this.bucketFor(method, path),
          'x-ratelimit-scope': fault.global ? 'global' : 'user',
          ...(fault.global ? { 'x-ratelimit-global': 'true' } : {}),
        },
      };
    } else if (fault?.kind === 'failure') {
      call.injected = 'failure';
      const status = fault.status ?? 500;
      result = { status, body: { message: `${status}: ${STATUS_TEXT[status] ?? 'Error'}`, code: 0 } };
    } else {
      if (fault?.kind === 'delay') call.injected = 'delay';
      result = this.process(call, parseError);
    }
    this.finish(res, call, result, started, false);
  }

  private finish(res: http.ServerResponse, call: RestCall, result: HandlerResult & { headers?: Record<string, string> }, started: number, wasHung: boolean): void {
    call.status = result.status;
    call.response = result.body;
    call.durationMs = Date.now() - started;
    const headers: Record<string, string> = { ...this.rateLimitHeaders(call), ...(result.headers ?? {}) };
    if (!res.destroyed && !res.writableEnded) {
      if (result.body === undefined || result.status === 204) {
        res.writeHead(result.status, headers).end();
      } else {
        const text = JSON.stringify(result.body);
        res.writeHead(result.status, { ...headers, 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(text)) }).end(text);
      }
    }
    if (wasHung) {
      call.seq = ++this.seqCounter;
      this.changed();
    } else this.pushCall(call);
  }

  private pushCall(call: RestCall): void {
    call.seq = ++this.seqCounter;
    this.requests.push(call);
    if (call.route === null && !call.injected) this.unknownRoutes.push(call);
    if (this.opts.debug) process.stderr.write(`[discord-emu] ${call.method} ${call.path} -> ${call.status}${call.injected ? ` [${call.injected}]` : ''}\n`);
    this.changed();
  }

  private bucketFor(method: string, path: string): string {
    // one bucket per route template, like Discord's X-RateLimit-Bucket
    const route = path
      .split('/')
      .map((seg) => (/^\d{15,21}$/.test(seg) ? ':id' : seg.startsWith('emu_itk_') ? ':token' : seg))
      .join('/');
    return createHash('md5').update(`${method} ${route}`).digest('hex');
  }

  private rateLimitHeaders(call: RestCall): Record<string, string> {
    return {
      'x-ratelimit-limit': '10000',
      'x-ratelimit-remaining': '9999',
      'x-ratelimit-reset': ((Date.now() + 1000) / 1000).toFixed(3),
      'x-ratelimit-reset-after': '1.000',
      'x-ratelimit-bucket': this.bucketFor(call.method, call.path),
    };
  }

  private async parseBody(contentType: string, buf: Buffer): Promise<{ body: any; files: UploadedFile[] }> {
    if (!buf.length) return { body: undefined, files: [] };
    if (contentType.startsWith('multipart/form-data')) {
      const form = await new Response(new Uint8Array(buf), { headers: { 'content-type': contentType } }).formData();
      let body: any;
      const files: UploadedFile[] = [];
      for (const [field, value] of form.entries()) {
        if (typeof value === 'string') {
          if (field === 'payload_json') body = JSON.parse(value);
        } else {
          const data = Buffer.from(await value.arrayBuffer());
          files.push({ field, filename: (value as File).name ?? field, contentType: value.type || 'application/octet-stream', size: data.length, data });
        }
      }
      return { body, files };
    }
    const text = buf.toString('utf8');
    if (contentType.includes('json')) return { body: JSON.parse(text), files: [] };
    return { body: text, files: [] };
  }

  private process(call: RestCall, parseError: ApiError | undefined): HandlerResult {
    const segs = call.path.split('/').filter(Boolean);
    let methodMismatch = false;
    for (const r of this.routes) {
      if (r.segments.length !== segs.length) continue;
      const params: Record<string, string> = {};
      let ok = true;
      for (let i = 0; i < segs.length; i++) {
        const p = r.segments[i];
        if (p.startsWith(':')) params[p.slice(1)] = segs[i];
        else if (p !== segs[i]) {
          ok = false;
          break;
        }
      }
      if (!ok) continue;
      if (r.method !== call.method) {
        methodMismatch = true;
        continue;
      }
      call.route = r.pattern;
      try {
        if (r.auth && call.auth !== 'valid') throw new ApiError(401, 0, '401: Unauthorized');
        if (parseError) throw parseError;
        return r.handler({ call, params, body: call.body, files: call.files, query: new URLSearchParams(call.query) });
      } catch (err) {
        if (err instanceof ApiError) return { status: err.status, body: err.toJSON() };
        const message = err instanceof Error ? err.stack ?? err.message : String(err);
        process.stderr.write(`[discord-emu] handler crashed for ${call.method} ${call.path}: ${message}\n`);
        return { status: 500, body: { message: '500: Internal Server Error (emulator handler crashed)', code: 0, detail: String(err) } };
      }
    }
    if (methodMismatch) return { status: 405, body: { message: '405: Method Not Allowed', code: 0 } };
    return { status: 404, body: { message: '404: Not Found', code: 0 } };
  }

  // ----------------------------------------------------------------- routes

  private route(method: string, pattern: string, handler: (ctx: Ctx) => HandlerResult, auth = true): void {
    this.routes.push({ method, pattern, segments: pattern.split('/').filter(Boolean), auth, handler });
  }

  private requireChannel(id: string): EmuChannel {
    const c = this.channels.get(id);
    if (!c) throw new ApiError(404, 10003, 'Unknown Channel');
    return c;
  }

  private requireMessage(channel: EmuChannel, id: string): StoredMessage {
    const m = this.messageStore.get(id);
    if (!m || m.deleted || m.channel_id !== channel.id || m.ephemeral) throw new ApiError(404, 10008, 'Unknown Message');
    return m;
  }

  private webhookInteraction(appId: string, token: string): InteractionState {
    const it = this.interactionsByToken.get(token);
    if (appId !== this.applicationId || !it) throw new ApiError(404, 10015, 'Unknown Webhook');
    if (Date.now() >= this.tokenExpiresAt(it)) throw new ApiError(401, 50027, 'Invalid Webhook Token');
    return it;
  }

  private tokenExpiresAt(it: InteractionState): number {
    return it.createdAt + this.opts.interactionTokenLifetimeMs;
  }

  private webhookMessage(it: InteractionState, messageId: string): StoredMessage {
    const id = messageId === '@original' ? it.originalMessageId : messageId;
    if (!id || (id !== it.originalMessageId && !it.followupIds.includes(id))) throw new ApiError(404, 10008, 'Unknown Message');
    const m = this.messageStore.get(id);
    if (!m || m.deleted) throw new ApiError(404, 10008, 'Unknown Message');
    return m;
  }

  private commandsFor(scope: string): StoredCommand[] {
    let list = this.commandStore.get(scope);
    if (!list) this.commandStore.set(scope, (list = []));
    return list;
  }

  private toCommand(raw: any, scope: string, existing: StoredCommand | undefined): StoredCommand {
    const type = raw.type ?? 1;
    return {
      id: existing?.id ?? snowflake(),
      application_id: this.applicationId,
      ...(scope !== 'global' ? { guild_id: scope } : {}),
      name: raw.name,
      name_localizations: raw.name_localizations ?? null,
      description: raw.description ?? '',
      description_localizations: raw.description_localizations ?? null,
      type,
      options: raw.options ?? [],
      default_member_permissions: raw.default_member_permissions ?? null,
      dm_permission: raw.dm_permission ?? true,
      nsfw: raw.nsfw ?? false,
      contexts: raw.contexts ?? null,
      integration_types: raw.integration_types ?? [0],
      version: snowflake(),
    };
  }

  private registerRoutes(): void {
    const noAuth = false;

    // ---- gateway, users, application
    this.route('GET', '/gateway', () => ({ status: 200, body: { url: this.gatewayUrl } }), noAuth);
    this.route('GET', '/gateway/bot', () => ({
      status: 200,
      body: { url: this.gatewayUrl, shards: this.opts.shards, session_start_limit: { total: 1000, remaining: 999, reset_after: 14400000, max_concurrency: 1 } },
    }));
    this.route('GET', '/users/@me', () => ({ status: 200, body: { ...this.botUser, verified: true, mfa_enabled: false, locale: 'en-US', email: null } }));
    this.route('POST', '/users/@me/channels', ({ body }) => {
      const user = this.users.get(String(body?.recipient_id));
      if (!user) throw new ApiError(400, 50035, 'Invalid Form Body', { recipient_id: { _errors: [{ code: 'NUMBER_TYPE_COERCE', message: 'Unknown user' }] } });
      return { status: 200, body: this.channelApi(this.dmChannel(user)) };
    });
    this.route('GET', '/users/:user_id', ({ params }) => {
      const u = this.users.get(params.user_id);
      if (!u) throw new ApiError(404, 10013, 'Unknown User');
      return { status: 200, body: u };
    });
    const appBody = () => ({
      id: this.applicationId,
      name: this.botUser.username,
      icon: null,
      description: 'Discord emulator application',
      summary: '',
      type: null,
      bot_public: true,
      bot_require_code_grant: false,
      verify_key: 'emu',
      flags: 0,
      team: null,
      owner: this.users.get(this.guild.owner_id) ?? this.botUser,
      bot: this.botUser,
      approximate_guild_count: this.guilds.length,
      install_params: undefined,
      integration_types_config: { '0': {} },
    });
    this.route('GET', '/applications/@me', () => ({ status: 200, body: appBody() }));
    this.route('GET', '/oauth2/applications/@me', () => ({ status: 200, body: appBody() }));

    // ---- application commands
    const scopeOf = (params: Record<string, string>): string => {
      if (params.application_id !== this.applicationId) throw new ApiError(403, 50001, 'Missing Access');
      if (params.guild_id) {
        if (!this.guilds.some((g) => g.id === params.guild_id)) throw new ApiError(403, 50001, 'Missing Access');
        return params.guild_id;
      }
      return 'global';
    };
    for (const base of ['/applications/:application_id/commands', '/applications/:application_id/guilds/:guild_id/commands']) {
      this.route('GET', base, ({ params }) => ({ status: 200, body: this.commandsFor(scopeOf(params)) }));
      this.route('PUT', base, ({ params, body }) => {
        const scope = scopeOf(params);
        if (!Array.isArray(body)) throw new ApiError(400, 50035, 'Invalid Form Body', { _errors: [{ code: 'BASE_TYPE_ARRAY', message: 'Must be an array.' }] });
        this.validateCommands(body, scope);
        const old = this.commandsFor(scope);
        const next = body.map((raw: any) => this.toCommand(raw, scope, old.find((c) => c.name === raw.name && c.type === (raw.type ?? 1))));
        this.commandStore.set(scope, next);
        this.changed();
        return { status: 200, body: next };
      });
      this.route('POST', base, ({ params, body }) => {
        const scope = scopeOf(params);
        const list = this.commandsFor(scope);
        const existing = list.find((c) => c.name === body?.name && c.type === (body?.type ?? 1));
        this.validateCommands([...list.filter((c) => c !== existing), body], scope);
        const cmd = this.toCommand(body, scope, existing);
        if (existing) list.splice(list.indexOf(existing), 1, cmd);
        else list.push(cmd);
        this.changed();
        return { status: existing ? 200 : 201, body: cmd };
      });
      this.route('GET', `${base}/:command_id`, ({ params }) => {
        const cmd = this.commandsFor(scopeOf(params)).find((c) => c.id === params.command_id);
        if (!cmd) throw new ApiError(404, 10063, 'Unknown application command');
        return { status: 200, body: cmd };
      });
      this.route('PATCH', `${base}/:command_id`, ({ params, body }) => {
        const scope = scopeOf(params);
        const list = this.commandsFor(scope);
        const idx = list.findIndex((c) => c.id === params.command_id);
        if (idx < 0) throw new ApiError(404, 10063, 'Unknown application command');
        const merged = { ...list[idx], ...body };
        this.validateCommands([...list.filter((_, i) => i !== idx), merged], scope);
        list[idx] = this.toCommand(merged, scope, list[idx]);
        this.changed();
        return { status: 200, body: list[idx] };
      });
      this.route('DELETE', `${base}/:command_id`, ({ params }) => {
        const list = this.commandsFor(scopeOf(params));
        const idx = list.findIndex((c) => c.id === params.command_id);
        if (idx < 0) throw new ApiError(404, 10063, 'Unknown application command');
        list.splice(idx, 1);
        this.changed();
        return { status: 204 };
      });
    }

    // ---- guilds
    const requireGuild = (id: string): EmuGuild => {
      const g = this.guilds.find((x) => x.id === id);
      if (!g) throw new ApiError(404, 10004, 'Unknown Guild');
      return g;
    };
    this.route('GET', '/guilds/:guild_id', ({ params, query }) => {
      const g = requireGuild(params.guild_id);
      const body = this.guildApi(g);
      if (query.get('with_counts') === 'true') Object.assign(body, { approximate_member_count: g.members.size, approximate_presence_count: 0 });
      return { status: 200, body };
    });
    this.route('GET', '/guilds/:guild_id/channels', ({ params }) => {
      const g = requireGuild(params.guild_id);
      return { status: 200, body: g.channelIds.map((id) => this.channels.get(id)!).filter((c) => !this.isThread(c)).map((c) => this.channelApi(c)) };
    });
    this.route('GET', '/guilds/:guild_id/roles', ({ params }) => ({ status: 200, body: requireGuild(params.guild_id).roles }));
    this.route('GET', '/guilds/:guild_id/members/:user_id', ({ params }) => {
      const g = requireGuild(params.guild_id);
      const m = g.members.get(params.user_id);
      if (!m) throw new ApiError(404, 10007, 'Unknown Member');
      return { status: 200, body: this.memberApi(m) };
    });
    this.route('GET', '/guilds/:guild_id/threads/active', ({ params }) => {
      const g = requireGuild(params.guild_id);
      const threads = g.channelIds.map((id) => this.channels.get(id)!).filter((c) => this.isThread(c) && !c.thread_metadata?.archived);
      return { status: 200, body: { threads: threads.map((c) => this.channelApi(c)), members: [] } };
    });

    // ---- channels & messages
    this.route('GET', '/channels/:channel_id', ({ params }) => {
      const c = this.requireChannel(params.channel_id);
      this.requireBotPerms(c);
      return { status: 200, body: this.channelApi(c) };
    });
    this.route('POST', '/channels/:channel_id/typing', ({ params }) => {
      const c = this.requireChannel(params.channel_id);
      this.requireBotPerms(c, this.isThread(c) ? Perm.SendMessagesInThreads : Perm.SendMessages);
      return { status: 204 };
    });
    this.route('GET', '/channels/:channel_id/messages', ({ params, query }) => {
      const c = this.requireChannel(params.channel_id);
      this.requireBotPerms(c, Perm.ReadMessageHistory);
      const limit = Math.min(100, Math.max(1, Number(query.get('limit') ?? 50)));
      let list = this.messages(c.id).filter((m) => !m.ephemeral);
      const before = query.get('before');
      const after = query.get('after');
      const around = query.get('around');
      const big = (s: string) => BigInt(s);
      if (before) list = list.filter((m) => big(m.id) < big(before));
      if (after) list = list.filter((m) => big(m.id) > big(after));
      list.sort((a, b) => (big(b.id) > big(a.id) ? 1 : -1));
      if (around) {
        const idx = list.findIndex((m) => big(m.id) <= big(around));
        const start = Math.max(0, idx - Math.floor(limit / 2));
        list = list.slice(start, start + limit);
      } else if (after && !before) {
        list = list.slice(-limit);
      } else list = list.slice(0, limit);
      return { status: 200, body: list.map((m) => this.messageApi(m)) };
    });
    this.route('POST', '/channels/:channel_id/messages', ({ params, body, files }) => {
      const c = this.requireChannel(params.channel_id);
      this.requireBotPerms(c, this.isThread(c) ? Perm.SendMessagesInThreads : Perm.SendMessages, ...(files.length ? [Perm.AttachFiles] : []));
      if (c.thread_metadata?.locked || c.thread_metadata?.archived) {
        if (c.thread_metadata.locked) throw new ApiError(400, 50083, 'Thread is archived');
        c.thread_metadata.archived = false;
      }
      body = this.withoutUnpermittedEmbeds(c, body, { files: files.length, isEdit: false });
      this.validateMessage(body, { files: files.length, isEdit: false });
      let replied: StoredMessage | undefined;
      const ref = body?.message_reference;
      if (ref?.message_id && (ref.type ?? 0) === 0) {
        if (c.guild_id) this.requireBotPerms(c, Perm.ReadMessageHistory);
        const target = this.messageStore.get(String(ref.message_id));
        if (!target || target.deleted || target.channel_id !== (ref.channel_id ?? c.id) || target.ephemeral) {
          if (ref.fail_if_not_exists !== false) throw new ApiError(400, 50035, 'Invalid Form Body', { message_reference: { _errors: [{ code: 'MESSAGE_REFERENCE_UNKNOWN_MESSAGE', message: 'Unknown message' }] } });
        } else replied = target;
      }
      const m = this.createBotMessage({ channel: c, body, files, source: 'channel', ephemeral: false, type: replied ? 19 : 0, replied });
      return { status: 200, body: this.messageApi(m) };
    });
    this.route('GET', '/channels/:channel_id/messages/:message_id', ({ params }) => {
      const c = this.requireChannel(params.channel_id);
      this.requireBotPerms(c, Perm.ReadMessageHistory);
      return { status: 200, body: this.messageApi(this.requireMessage(c, params.message_id)) };
    });
    this.route('PATCH', '/channels/:channel_id/messages/:message_id', ({ params, body, files }) => {
      const c = this.requireChannel(params.channel_id);
      this.requireBotPerms(c);
      const m = this.requireMessage(c, params.message_id);
      if (m.author.id !== this.botUser.id) throw new ApiError(403, 50005, 'Cannot edit a message authored by another user');
      body = this.withoutUnpermittedEmbeds(c, body, { files: files.length, isEdit: true });
      this.validateMessage(body, { files: files.length, isEdit: true, existing: m });
      return { status: 200, body: this.messageApi(this.editMessage(m, body, files)) };
    });
    this.route('DELETE', '/channels/:channel_id/messages/:message_id', ({ params }) => {
      const c = this.requireChannel(params.channel_id);
      const m = this.requireMessage(c, params.message_id);
      if (m.author.id !== this.botUser.id) this.requireBotPerms(c, Perm.ManageMessages);
      this.deleteMessage(m);
      return { status: 204 };
    });
    const reactionRoute = (add: boolean) => ({ params }: Ctx): HandlerResult => {
      const c = this.requireChannel(params.channel_id);
      this.requireBotPerms(c, Perm.ReadMessageHistory, ...(add ? [Perm.AddReactions] : []));
      const m = this.requireMessage(c, params.message_id);
      const custom = /^(?:a:)?([^:]+):(\d+)$/.exec(params.emoji);
      const emoji = custom ? { id: custom[2], name: custom[1] } : { id: null, name: params.emoji };
      const key = emoji.id ?? emoji.name;
      m.reactions ??= [];
      const existing = m.reactions.find((r) => ((r.emoji as any).id ?? (r.emoji as any).name) === key);
      if (add) {
        if (existing && existing.me) return { status: 204 };
        if (existing) {
          existing.me = true;
          existing.count = Number(existing.count) + 1;
        } else m.reactions.push({ emoji, count: 1, me: true, me_burst: false, burst_colors: [], count_details: { burst: 0, normal: 1 } });
      } else if (existing?.me) {
        existing.me = false;
        existing.count = Number(existing.count) - 1;
        if (Number(existing.count) <= 0) m.reactions.splice(m.reactions.indexOf(existing), 1);
      } else return { status: 204 };
      const botMember = m.guild_id ? this.guilds.find((g) => g.id === m.guild_id)?.members.get(this.botUser.id) : undefined;
      this.dispatch(
        add ? 'MESSAGE_REACTION_ADD' : 'MESSAGE_REACTION_REMOVE',
        { user_id: this.botUser.id, channel_id: c.id, message_id: m.id, ...(m.guild_id ? { guild_id: m.guild_id } : {}), ...(add && botMember ? { member: this.memberApi(botMember) } : {}), emoji, burst: false, type: 0, ...(add ? { message_author_id: m.author.id } : {}) },
        c.type === ChannelType.DM ? Intent.DirectMessageReactions : Intent.GuildMessageReactions,
      );
      this.changed();
      return { status: 204 };
    };
    this.route('PUT', '/channels/:channel_id/messages/:message_id/reactions/:emoji/@me', reactionRoute(true));
    this.route('DELETE', '/channels/:channel_id/messages/:message_id/reactions/:emoji/@me', reactionRoute(false));

    // ---- threads
    const makeThread = (parent: EmuChannel, body: any, id: string, type: number): EmuChannel => {
      const name = body?.name;
      const n = strLen(name);
      if (n < 1 || n > 100) throw new ApiError(400, 50035, 'Invalid Form Body', { name: { _errors: [{ code: 'BASE_TYPE_BAD_LENGTH', message: 'Must be between 1 and 100 in length.' }] } });
      const now = iso();
      const thread: EmuChannel = {
        id,
        type,
        guild_id: parent.guild_id,
        parent_id: parent.id,
        owner_id: this.botUser.id,
        name,
        last_message_id: null,
        rate_limit_per_user: body?.rate_limit_per_user ?? 0,
        flags: 0,
        message_count: 0,
        member_count: 1,
        total_message_sent: 0,
        thread_metadata: { archived: false, auto_archive_duration: body?.auto_archive_duration ?? 4320, archive_timestamp: now, locked: false, create_timestamp: now, ...(type === ChannelType.PrivateThread ? { invitable: body?.invitable ?? true } : {}) },
        member: { id, user_id: this.botUser.id, join_timestamp: now, flags: 0 },
      };
      this.channels.set(id, thread);
      this.guildOf(parent)?.channelIds.push(id);
      this.dispatch('THREAD_CREATE', { ...thread, newly_created: true }, Intent.Guilds);
      return thread;
    };
    this.route('POST', '/channels/:channel_id/messages/:message_id/threads', ({ params, body }) => {
      const c = this.requireChannel(params.channel_id);
      if (c.type !== ChannelType.GuildText && c.type !== ChannelType.GuildAnnouncement) throw new ApiError(400, 50024, 'Cannot execute action on this channel type');
      this.requireBotPerms(c, Perm.CreatePublicThreads, Perm.ReadMessageHistory);
      const m = this.requireMessage(c, params.message_id);
      if (m.thread || this.channels.has(m.id)) throw new ApiError(400, 160004, 'A thread has already been created for this message');
      const thread = makeThread(c, body, m.id, c.type === ChannelType.GuildAnnouncement ? 10 : ChannelType.PublicThread);
      m.thread = this.channelApi(thread);
      this.dispatchMessage('MESSAGE_UPDATE', m);
      this.changed();
      return { status: 201, body: this.channelApi(thread) };
    });
    this.route('POST', '/channels/:channel_id/threads', ({ params, body }) => {
      const c = this.requireChannel(params.channel_id);
      if (c.type !== ChannelType.GuildText && c.type !== ChannelType.GuildAnnouncement) throw new ApiError(400, 50024, 'Cannot execute action on this channel type');
      const type = body?.type ?? ChannelType.PrivateThread;
      this.requireBotPerms(c, type === ChannelType.PrivateThread ? Perm.CreatePrivateThreads : Perm.CreatePublicThreads);
      const thread = makeThread(c, body, snowflake(), type);
      this.changed();
      return { status: 201, body: this.channelApi(thread) };
    });
    this.route('PUT', '/channels/:channel_id/thread-members/@me', ({ params }) => {
      const c = this.requireChannel(params.channel_id);
      if (!this.isThread(c)) throw new ApiError(400, 50024, 'Cannot execute action on this channel type');
      return { status: 204 };
    });

    // ---- interactions
    this.route(
      'POST',
      '/interactions/:interaction_id/:token/callback',
      ({ params, body, files, query }) => {
        const it = this.interactionsById.get(params.interaction_id);
        if (!it) throw new ApiError(404, 10062, 'Unknown interaction');
        if (it.token !== params.token) throw new ApiError(401, 50027, 'Invalid Webhook Token');
        if (it.acknowledgedAt !== undefined) throw new ApiError(400, 40060, 'Interaction has already been acknowledged.');
        if (this.opts.interactionAckTimeoutMs > 0 && Date.now() - it.createdAt > this.opts.interactionAckTimeoutMs) throw new ApiError(404, 10062, 'Unknown interaction');
        const type = Number(body?.type);
        const allowed: Record<number, number[]> = {
          [InteractionType.ApplicationCommand]: [4, 5, 9],
          [InteractionType.MessageComponent]: [4, 5, 6, 7, 9],
          [InteractionType.Autocomplete]: [8],
          [InteractionType.ModalSubmit]: it.componentMessageId ? [4, 5, 6, 7] : [4, 5],
        };
        if (!allowed[it.type]?.includes(type)) throw new ApiError(400, 50035, 'Invalid Form Body', { type: { _errors: [{ code: 'INTERACTION_RESPONSE_TYPE_INVALID', message: `Interaction response type ${body?.type} is not valid for interaction type ${it.type}` }] } });
        const data = body?.data ?? {};
        const channel = this.channels.get(it.channelId)!;
        let message: StoredMessage | undefined;
        const messageType = it.type === InteractionType.ApplicationCommand ? 20 : 0;
        switch (type) {
          case CallbackType.ChannelMessageWithSource: {
            this.validateMessage(data, { files: files.length, isEdit: false });
            message = this.createBotMessage({ channel, body: data, files, source: 'interaction', ephemeral: (Number(data.flags ?? 0) & MessageFlag.Ephemeral) !== 0, type: messageType, interaction: it });
            it.originalMessageId = message.id;
            break;
          }
          case CallbackType.DeferredChannelMessageWithSource: {
            const flags = Number(data.flags ?? 0);
            message = this.createBotMessage({ channel, body: { flags }, files: [], source: 'interaction', ephemeral: (flags & MessageFlag.Ephemeral) !== 0, type: messageType, interaction: it, loading: true });
            it.originalMessageId = message.id;
            break;
          }
          case CallbackType.DeferredUpdateMessage:
            it.originalMessageId = it.componentMessageId;
            break;
          case CallbackType.UpdateMessage: {
            const target = it.componentMessageId ? this.messageStore.get(it.componentMessageId) : undefined;
            if (!target || target.deleted) throw new ApiError(404, 10008, 'Unknown Message');
            this.validateMessage(data, { files: files.length, isEdit: true, existing: target });
            message = this.editMessage(target, data, files);
            it.originalMessageId = target.id;
            break;
          }
          case CallbackType.ApplicationCommandAutocompleteResult:
            this.validateChoices(data);
            break;
          case CallbackType.Modal:
            this.validateModal(data);
            break;
        }
        it.acknowledgedAt = Date.now();
        it.callbackType = type;
        it.callbackData = data;
        this.changed();
        if (query.get('with_response') === 'true') {
          return {
            status: 200,
            body: {
              interaction: {
                id: it.id,
                type: it.type,
                ...(it.originalMessageId && type !== 6 ? { response_message_id: it.originalMessageId, response_message_loading: type === 5, response_message_ephemeral: Boolean(message?.ephemeral) } : {}),
              },
              resource: { type, ...(message ? { message: this.messageApi(message) } : {}) },
            },
          };
        }
        return { status: 204 };
      },
      noAuth,
    );

    // ---- interaction webhooks
    this.route(
      'POST',
      '/webhooks/:application_id/:token',
      ({ params, body, files, query }) => {
        const it = this.webhookInteraction(params.application_id, params.token);
        if (it.acknowledgedAt === undefined) throw new ApiError(404, 10015, 'Unknown Webhook');
        if (it.callbackType === CallbackType.ApplicationCommandAutocompleteResult) throw new ApiError(400, 50035, 'Invalid Form Body');
        this.validateMessage(body, { files: files.length, isEdit: false });
        const channel = this.channels.get(it.channelId)!;
        const m = this.createBotMessage({ channel, body, files, source: 'followup', ephemeral: (Number(body?.flags ?? 0) & MessageFlag.Ephemeral) !== 0, type: 0, interaction: it });
        it.followupIds.push(m.id);
        this.changed();
        return query.get('wait') === 'false' ? { status: 204 } : { status: 200, body: this.messageApi(m) };
      },
      noAuth,
    );
    this.route(
      'GET',
      '/webhooks/:application_id/:token/messages/:message_id',
      ({ params }) => {
        const it = this.webhookInteraction(params.application_id, params.token);
        return { status: 200, body: this.messageApi(this.webhookMessage(it, params.message_id)) };
      },
      noAuth,
    );
    this.route(
      'PATCH',
      '/webhooks/:application_id/:token/messages/:message_id',
      ({ params, body, files }) => {
        const it = this.webhookInteraction(params.application_id, params.token);
        const m = this.webhookMessage(it, params.message_id);
        this.validateMessage(body, { files: files.length, isEdit: true, existing: m });
        return { status: 200, body: this.messageApi(this.editMessage(m, body, files)) };
      },
      noAuth,
    );
    this.route(
      'DELETE',
      '/webhooks/:application_id/:token/messages/:message_id',
      ({ params }) => {
        const it = this.webhookInteraction(params.application_id, params.token);
        this.deleteMessage(this.webhookMessage(it, params.message_id));
        return { status: 204 };
      },
      noAuth,
    );
  }

  // ----------------------------------------------------------------- shutdown

  /** Close everything (gateway clients terminated, hung requests dropped, waiters rejected). Idempotent. */
  stop(): Promise<void> {
    this.stopPromise ??= (async () => {
      this.stopped = true;
      for (const w of [...this.waiters]) (w as Waiter & { reject?: (e: Error) => void }).reject?.(new Error('DiscordEmulator stopped'));
      this.waiters.clear();
      for (const h of this.hung.splice(0)) h.res.destroy();
      for (const conn of this.conns) conn.ws.terminate();
      await new Promise<void>((resolve) => this.wss.close(() => resolve()));
      this.server.closeAllConnections();
      for (const s of this.sockets) s.destroy();
      await new Promise<void>((resolve) => this.server.close(() => resolve()));
    })();
    return this.stopPromise;
  }
}
