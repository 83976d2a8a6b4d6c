import { MessageFlags, type ChatInputCommandInteraction, type ButtonInteraction, type Message, type MessageMentionOptions, type RepliableInteraction } from 'discord.js';
import type { Logger } from '../log.js';
import { channelReplyIntro, movedToChannelMessage, type AskedFor, type Outgoing } from './render.js';
import { withRetry } from './retry.js';
import { forChannel } from './plain.js';
import { LIMITS, truncate } from './split.js';
import { InteractionToken, isExpiredToken, isMissingPermission, type TokenLifetime } from './token.js';

/** Every message papercord sends pings no one: not @everyone, roles, users, nor the person it replies to. */
export function noPings(): MessageMentionOptions {
  return { parse: [], repliedUser: false };
}

/**
 * Pings the asker and no one else: for a reply posted in the channel because the interaction
 * expired, which the asker would otherwise not know is there.
 */
function pingOnly(userId: string): MessageMentionOptions {
  return { parse: [], users: [userId], repliedUser: false };
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
   * got through, so the answer already shown is not overwritten by an error. An
   * AskerUnreachableError says no way to the asker is left (and was logged).
   */
  final(messages: Outgoing[]): Promise<Message[]>;
  /**
   * A refusal that concerns the asker alone (the cooldown's wait), shown only to them where the
   * responder can: a slash command's public deferred reply is taken away instead of showing it.
   */
  personal?(messages: Outgoing[]): Promise<void>;
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

/** No way is left to show the reply to the asker; why was logged where it was found, so nothing more is to be done or said. */
export class AskerUnreachableError extends Error {
  override readonly name = 'AskerUnreachableError';
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

/** The first part made by `sendFirst`, the others as replies to it, so that a reply to any part finds the answer. */
function sendAsReplyChain(messages: Outgoing[], sendFirst: (m: Outgoing) => Promise<Message>, log: Logger): Promise<Message[]> {
  let head: Message | undefined;
  return sendAll(messages, async (m, i) => (i === 0 ? (head = await sendFirst(m)) : head!.reply(payload(m))), log);
}

/** The reply failed before any part of it was shown, for the reason `because` recognises: another way to send it loses nothing. */
function failedBeforeShown(e: unknown, because: (cause: unknown) => boolean): boolean {
  return e instanceof DeliveryError && e.sent === 0 && because(e.cause);
}

export interface InteractionResponderOptions {
  log: Logger;
  /** How long the token lasts: ctx.tokenLifetime. */
  lifetime: TokenLifetime;
  /** Only the asker may see the reply. */
  ephemeral?: boolean;
  /** What was asked, named by the first line of a reply posted in the channel. */
  asked: AskedFor;
}

/**
 * For a deferred interaction: progress and the answer edit the deferred reply; overflow goes to
 * follow-ups. Those all need the interaction's token, which Discord refuses 15 minutes after the
 * interaction: progress then stops, and a reply that would come too close to that (or after it)
 * is posted in the channel instead, opening with a line that pings the asker. An ephemeral reply
 * cannot be shown that way and is dropped (logged).
 */
export function interactionResponder(interaction: ChatInputCommandInteraction | ButtonInteraction, opts: InteractionResponderOptions): Responder {
  const { log, ephemeral = false } = opts;
  const token = new InteractionToken(interaction.createdTimestamp, opts.lifetime);
  const withToken = (messages: Outgoing[]) =>
    sendAll(messages, (m, i) => (i === 0 ? interaction.editReply(payload(m)) : interaction.followUp({ ...payload(m), ...(ephemeral ? { flags: MessageFlags.Ephemeral } : {}) })), log);
  return {
    startedAt: Date.now(),
    async progress(text) {
      if (!token.usable) return;
      try {
        await interaction.editReply(payload({ content: text }));
      } catch (e) {
        if (!isExpiredToken(e)) throw e;
        // Every later edit would be refused too: stop, quietly, and say so once.
        if (token.markRefused()) log.info('the interaction token expired; progress is no longer shown');
      }
    },
    async final(messages) {
      if (ephemeral ? token.usable : token.lastsForReply) {
        try {
          return await withToken(messages);
        } catch (e) {
          if (!failedBeforeShown(e, isExpiredToken)) throw e;
          token.markRefused();
        }
      }
      if (ephemeral) {
        log.warn('the reply was ready after the interaction token expired; only the asker was to see it, so it is not posted in the channel and is lost', { channel: interaction.channelId });
        throw new AskerUnreachableError('the interaction token expired');
      }
      log.info('the interaction token expires too soon to carry the reply; posting it in the channel', { channel: interaction.channelId, tokenLeftMs: Math.max(0, token.timeLeftMs) });
      const sent = await postInChannel(interaction, messages, opts);
      // While the token still works, the deferred reply can say where the answer went instead of showing progress forever.
      if (token.usable) await interaction.editReply(payload(movedToChannelMessage(sent[0]!.url))).catch((e: unknown) => log.debug('could not point the deferred reply at the channel', { error: e }));
      return sent;
    },
    ...(ephemeral
      ? {}
      : {
          async personal(messages: Outgoing[]) {
            if (!token.usable) throw new AskerUnreachableError('the interaction token expired');
            await interaction.deleteReply();
            for (const m of messages) await interaction.followUp({ ...payload(m), flags: MessageFlags.Ephemeral });
          },
        }),
  };
}

/**
 * The reply as messages in the interaction's channel (or thread): the first opens with a line
 * that names the asker and what they asked, pinging them only; the other parts reply to it.
 */
async function postInChannel(interaction: ChatInputCommandInteraction | ButtonInteraction, messages: Outgoing[], opts: InteractionResponderOptions): Promise<Message[]> {
  const { log } = opts;
  const channelId = interaction.channelId;
  const giveUp = (error: unknown) => {
    log.warn('cannot post the reply in the channel (the bot may not send there); the asker gets no reply', { channel: channelId, error });
    return new AskerUnreachableError('the channel refused the reply', { cause: error });
  };
  let channel;
  try {
    channel = interaction.channel ?? (await interaction.client.channels.fetch(channelId));
  } catch (e) {
    throw isMissingPermission(e) ? giveUp(e) : e;
  }
  if (!channel?.isSendable()) throw giveUp(new Error('the bot cannot send messages to this kind of channel'));
  const intro = channelReplyIntro(interaction.user.id, opts.asked);
  // The intro joins the first message before it may become text, so that the text is split with room for it.
  const introduced = (messages.length ? messages : [{}]).map((m: Outgoing, i) => (i === 0 ? { ...m, content: m.content ? `${intro}\n${m.content}` : intro } : m));
  try {
    return await sendAsReplyChain(forChannel(introduced, channel, interaction.client.user), (m) => channel.send({ ...payload(m), content: truncate(m.content ?? '', LIMITS.content), allowedMentions: pingOnly(interaction.user.id) }), log);
  } catch (e) {
    throw failedBeforeShown(e, isMissingPermission) ? giveUp((e as DeliveryError).cause) : e;
  }
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
  return {
    startedAt: Date.now(),
    async progress(text) {
      await placeholder.edit(payload({ content: text }));
    },
    final(messages) {
      return sendAsReplyChain(forChannel(messages, placeholder.channel, placeholder.client.user), (m) => placeholder.edit(payload(m)), log);
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
