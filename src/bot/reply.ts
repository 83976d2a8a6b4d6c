import { MessageFlags, type ChatInputCommandInteraction, type ButtonInteraction, type Message, type MessageMentionOptions, type RepliableInteraction } from 'discord.js';
import type { Logger } from '../log.js';
import type { Outgoing } from './render.js';
import { withRetry } from './retry.js';
import { LIMITS, truncate } from './split.js';

/** Every message papercord sends pings no one: not @everyone, roles, users, nor the person it replies to. */
export function noPings(): MessageMentionOptions {
  return { parse: [], repliedUser: false };
}

/** Message data for discord.js, with the mentions switched off; `content` is always set so edits clear progress text. */
export function payload(o: Outgoing) {
  return { content: o.content ?? '', embeds: o.embeds ?? [], components: o.components ?? [], allowedMentions: noPings() };
}

/** Where an answer is shown while it is prepared and when it is ready. */
export interface Responder {
  /** When the person saw the first sign of life (the deferral or the placeholder); progress edits are spaced from it. */
  readonly startedAt: number;
  progress(text: string): Promise<void>;
  /**
   * The final reply: the first message replaces the progress, the others follow it. Each is
   * sent with one retry of our own; a failure after that throws a DeliveryError saying how many
   * got through, so the answer already shown is not overwritten by an error.
   */
  final(messages: Outgoing[]): Promise<Message[]>;
}

/** The final reply could not be sent whole; `sent` messages of it were. */
export class DeliveryError extends Error {
  override readonly name = 'DeliveryError';
  constructor(
    readonly sent: number,
    cause: unknown,
  ) {
    super(`could not send part ${sent + 1} of the reply: ${(cause as Error)?.message ?? String(cause)}`, { cause });
  }
}

/** Sends the parts of a reply in order, each with a retry; says how far it got when one fails. */
async function sendAll(messages: Outgoing[], send: (m: Outgoing, i: number) => Promise<Message>, log: Logger): Promise<Message[]> {
  const sent: Message[] = [];
  for (const [i, m] of (messages.length ? messages : [{}]).entries()) {
    try {
      sent.push(await withRetry(i === 0 ? 'reply' : 'reply part', () => send(m, i), log));
    } catch (e) {
      throw new DeliveryError(sent.length, e);
    }
  }
  return sent;
}

/** For a deferred interaction: progress and the answer edit the deferred reply; overflow goes to follow-ups. */
export function interactionResponder(interaction: ChatInputCommandInteraction | ButtonInteraction, log: Logger, ephemeral = false): Responder {
  const startedAt = Date.now();
  return {
    startedAt,
    async progress(text) {
      await interaction.editReply(payload({ content: text }));
    },
    final(messages) {
      return sendAll(messages, (m, i) => (i === 0 ? interaction.editReply(payload(m)) : interaction.followUp({ ...payload(m), ...(ephemeral ? { flags: MessageFlags.Ephemeral } : {}) })), log);
    },
  };
}

/**
 * For a mention: a placeholder reply (or a new thread with the placeholder in it) that progress
 * and the answer edit; overflow messages reply to the answer, so a reply to any of them finds it.
 */
export async function messageResponder(question: Message, opts: { thread?: boolean; threadName?: string; log: Logger }): Promise<Responder> {
  const placeholderText = '🔎 Searching the papers…';
  const { log } = opts;
  let placeholder: Message;
  if (opts.thread && question.channel.isTextBased() && !question.channel.isThread() && !question.channel.isDMBased()) {
    // Not retried: a retry after a timeout could start a second thread.
    const thread = await question.startThread({ name: truncate(opts.threadName || 'Question', LIMITS.threadName) });
    placeholder = await withRetry('placeholder', () => thread.send(payload({ content: placeholderText })), log);
  } else {
    placeholder = await withRetry('placeholder', () => question.reply(payload({ content: placeholderText })), log);
  }
  let head = placeholder;
  return {
    startedAt: Date.now(),
    async progress(text) {
      await placeholder.edit(payload({ content: text }));
    },
    final(messages) {
      return sendAll(messages, async (m, i) => (i === 0 ? (head = await placeholder.edit(payload(m))) : head.reply(payload(m))), log);
    },
  };
}

/** An ephemeral answer to an interaction that was not acknowledged yet (or a follow-up if it was). */
export async function replyEphemeral(interaction: RepliableInteraction, messages: Outgoing[]): Promise<void> {
  const [first, ...rest] = messages;
  const data = { ...payload(first ?? {}), flags: MessageFlags.Ephemeral } as const;
  if (interaction.deferred && !interaction.replied) await interaction.editReply(payload(first ?? {}));
  else if (interaction.replied || interaction.deferred) await interaction.followUp(data);
  else await interaction.reply(data);
  for (const m of rest) await interaction.followUp({ ...payload(m), flags: MessageFlags.Ephemeral });
}
