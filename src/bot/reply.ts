import { MessageFlags, type ChatInputCommandInteraction, type ButtonInteraction, type Message, type MessageMentionOptions, type RepliableInteraction } from 'discord.js';
import type { Outgoing } from './render.js';
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
  /** The final reply: the first message replaces the progress, the others follow it. */
  final(messages: Outgoing[]): Promise<Message[]>;
}

/** For a deferred interaction: progress and the answer edit the deferred reply; overflow goes to follow-ups. */
export function interactionResponder(interaction: ChatInputCommandInteraction | ButtonInteraction, ephemeral = false): Responder {
  const startedAt = Date.now();
  return {
    startedAt,
    async progress(text) {
      await interaction.editReply(payload({ content: text }));
    },
    async final(messages) {
      const [first, ...rest] = messages;
      const sent = [await interaction.editReply(payload(first ?? {}))];
      for (const m of rest) sent.push(await interaction.followUp({ ...payload(m), ...(ephemeral ? { flags: MessageFlags.Ephemeral } : {}) }));
      return sent;
    },
  };
}

/**
 * For a mention: a placeholder reply (or a new thread with the placeholder in it) that progress
 * and the answer edit; overflow messages reply to the answer, so a reply to any of them finds it.
 */
export async function messageResponder(question: Message, opts: { thread?: boolean; threadName?: string }): Promise<Responder> {
  const placeholderText = '🔎 Searching the papers…';
  let placeholder: Message;
  if (opts.thread && question.channel.isTextBased() && !question.channel.isThread() && !question.channel.isDMBased()) {
    const thread = await question.startThread({ name: truncate(opts.threadName || 'Question', LIMITS.threadName) });
    placeholder = await thread.send(payload({ content: placeholderText }));
  } else {
    placeholder = await question.reply(payload({ content: placeholderText }));
  }
  return {
    startedAt: Date.now(),
    async progress(text) {
      await placeholder.edit(payload({ content: text }));
    },
    async final(messages) {
      const [first, ...rest] = messages;
      const head = await placeholder.edit(payload(first ?? {}));
      const sent = [head];
      for (const m of rest) sent.push(await head.reply(payload(m)));
      return sent;
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
