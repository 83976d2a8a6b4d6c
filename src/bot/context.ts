import type { AutocompleteInteraction, ButtonInteraction, ChatInputCommandInteraction, Client, RESTPostAPIChatInputApplicationCommandsJSONBody } from 'discord.js';
import type { Settings } from '../config.js';
import type { Logger } from '../log.js';
import type { PapercordService } from '../service.js';
import type { FeedbackStore } from '../feedback.js';
import type { LatencyTracker } from '../status.js';
import type { Cooldown } from './cooldown.js';
import type { WorkTracker } from './work.js';
import type { AnswerMemory } from './memory.js';
import type { TokenLifetime } from './token.js';

/** What every command and handler of the bot shares. */
export interface BotContext {
  service: PapercordService;
  settings: Settings;
  log: Logger;
  client: Client;
  feedback: FeedbackStore;
  latencies: LatencyTracker;
  cooldown: Cooldown;
  work: WorkTracker;
  answers: AnswerMemory;
  startedAt: number;
  /** Spacing of progress edits: PROGRESS_INTERVAL_MS. */
  progressIntervalMs: number;
  /** How long interaction tokens last, and how close to the end a reply moves to the channel: DISCORD_TOKEN_LIFETIME. */
  tokenLifetime: TokenLifetime;
}

/**
 * One slash command, in the discord.js guide's shape: a module in commands/ exporting these.
 * `log` is the interaction's logger (its fields name the interaction and the user), made once
 * by the router so that every line about one interaction can be found by its id.
 */
export interface BotCommand {
  data: { name: string; toJSON(): RESTPostAPIChatInputApplicationCommandsJSONBody };
  /** The definition registered, where it depends on the settings (the longest question they accept); else data's. */
  definition?(settings: Settings): RESTPostAPIChatInputApplicationCommandsJSONBody;
  execute(interaction: ChatInputCommandInteraction, ctx: BotContext, log: Logger): Promise<void>;
  /** Suggestions while an option is typed. */
  autocomplete?(interaction: AutocompleteInteraction, ctx: BotContext): Promise<void>;
  /** Buttons whose custom id starts with `<command name>:`; `args` are the remaining `:`-separated parts. */
  button?(interaction: ButtonInteraction, ctx: BotContext, args: string[], log: Logger): Promise<void>;
}
