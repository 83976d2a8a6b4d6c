import type { Message } from 'discord.js';
import { HISTORY_TURNS, type Turn } from '../types.js';
import { listingTurn } from '../question/conversation.js';
import type { BotContext } from './context.js';
import { channelAllowed, checkAccess, type Asker } from './access.js';
import { runRequest } from './flow.js';
import { questionText, unescapeMarkdown } from '../text/clean.js';
import { askWithoutMentions, readableMentions, withoutMentions } from './mentions.js';
import { errorMessage, listItemIds } from './render.js';
import { messageResponder, payload } from './reply.js';
import { forChannel, readPlainText } from './plain.js';
import { missingPermissions, type ChannelPermission } from './permissions.js';
import { restartingError } from './work.js';
import { answerKeyOf } from './answer-buttons.js';
import { rememberedAnswerReply, type AnswerMemory } from './memory.js';
import { collectionFor } from './collection.js';

/**
 * A message that mentions the bot asks a question; a reply to one of the bot's answers asks a
 * follow-up with the last turns of that reply chain as context; in a thread the bot opened for a
 * question, so does a message its asker writes to no one else (see talksToBotInOwnThread), with
 * the thread's last answers as context. In a direct message every message is a question: the DM
 * is a conversation with the bot alone, as its own thread is, so the DM's last answers are the
 * context (a reply there, as anywhere, has its reply chain instead). With DMs off (dmsAnswered),
 * a DM is told so, as a slash command there would be: it reaches no one else, and silence would
 * read as a broken bot. Everything else (other bots, channels outside the allow list, chatter)
 * is ignored.
 */
export async function onMessage(message: Message, ctx: BotContext): Promise<void> {
  if (message.author.bot || message.system || message.webhookId) return;
  const me = ctx.client.user;
  if (!me) return;
  const channel = message.channel;
  const dm = channel.isDMBased();
  const asker: Asker = { channelId: message.channelId, parentId: channel.isThread() ? channel.parentId : null, roleIds: message.member ? [...message.member.roles.cache.keys()] : [], dm };
  // Quietly: a bot limited to some channels should not talk in the others.
  if (!dm && !channelAllowed(ctx.settings, asker)) return;

  const mentioned = message.mentions.has(me, { ignoreEveryone: true, ignoreRoles: true, ignoreRepliedUser: true });
  const repliedTo = await referencedBotMessage(message, me.id, dm);
  const inOwnThread = channel.isThread() && channel.ownerId === me.id;
  if (!dm && !mentioned && !repliedTo && !(inOwnThread && (await talksToBotInOwnThread(message)))) return;

  const log = ctx.log.child({ user: message.author.id, message: message.id, ...(dm ? { dm } : {}) });
  // The bot's own mention is how it was asked, not part of the question; the reply shows the rest as typed.
  const question = withoutMentions(message.content, me.id);
  // As the asker saw it: the thread's name and the answer's title would show a mention as its markup.
  const shown = readableMentions(question, channel);
  const fail = async (e: unknown, missing: readonly string[] = []) => {
    try {
      for (const reply of forChannel([errorMessage(e, missing)], channel, me)) await message.reply(payload(reply));
    } catch (err) {
      log.warn('reply failed', { error: err });
    }
  };
  try {
    if (ctx.work.stopping) throw restartingError();
    checkAccess(ctx.settings, asker);
    ctx.service.validateQuestion(withoutMentions(question));
  } catch (e) {
    await fail(e);
    return;
  }

  const history = repliedTo ? await chainHistory(repliedTo, me.id, ctx.answers) : inOwnThread || dm ? await conversationHistory(message, me.id, ctx.answers) : [];
  // A DM can hold no threads, and needs none: no one else is there to keep the answers apart from.
  const newThread = ctx.settings.threadPerQuestion && !dm && !channel.isThread() && !repliedTo;
  let responder;
  try {
    // Not awaited: the typing indicator is a courtesy, and a slow one must not hold up the reply.
    if (channel.isTextBased() && 'sendTyping' in channel) void channel.sendTyping().catch(() => undefined);
    responder = await messageResponder(message, { thread: newThread, threadName: questionText(shown), log });
  } catch (e) {
    log.warn('could not start the reply', { error: e });
    // A refusal names what the admin is to give: what the placeholder (and its thread) need that the bot lacks here.
    const needed: ChannelPermission[] = newThread ? ['CreatePublicThreads', 'SendMessagesInThreads', 'ReadMessageHistory'] : [channel.isThread() ? 'SendMessagesInThreads' : 'SendMessages', 'ReadMessageHistory'];
    await fail(e, missingPermissions(channel, me, needed));
    return;
  }
  await runRequest(ctx, responder, {
    kind: history.length ? 'follow-up' : 'mention',
    log,
    what: 'answer',
    fields: { turns: history.length, thread: newThread || undefined },
    turn: ctx.cooldown.turnFor(message.author.id),
    run: (opts) => askWithoutMentions(ctx.service, question, { history, collection: collectionFor(ctx.settings, message.guildId), ...opts }, shown),
    ...rememberedAnswerReply(ctx.answers, 'mention'),
  });
}

/**
 * Whether a message in a thread the bot opened, which neither mentions nor replies to the bot,
 * is the asker going on with their question: the thread is their conversation with the bot, so
 * they need not mention it. Someone else who joins the thread talks with the asker until they
 * mention the bot or reply to it; a message that replies to or mentions anyone is addressed to
 * them, not to the bot.
 */
async function talksToBotInOwnThread(message: Message): Promise<boolean> {
  const thread = message.channel;
  if (!thread.isThread() || message.reference || message.mentions.users.size || message.mentions.roles.size || message.mentions.everyone) return false;
  // A thread the bot opens for a question starts from the message that asked it.
  const opener = await thread.fetchStarterMessage().catch(() => null);
  return opener?.author.id === message.author.id;
}

/** The bot's message this one replies to, if it replies to the bot. */
async function referencedBotMessage(message: Message, botId: string, dm: boolean): Promise<Message | undefined> {
  const refId = message.reference?.messageId;
  if (!refId) return undefined;
  const cached = message.channel.messages.cache.get(refId);
  if (cached) return cached.author.id === botId ? cached : undefined;
  // Only worth a request when the reply pinged the bot; otherwise it replies to someone else. In a
  // DM there is no one else, and a reply that does not ping is as much a follow-up.
  if (!dm && message.mentions.repliedUser?.id !== botId) return undefined;
  const ref = await message.fetchReference().catch(() => undefined);
  return ref?.author.id === botId ? ref : undefined;
}

/**
 * A bot reply read back as a turn: while the bot remembers the reply (not after a restart), the
 * turn it remembers, whichever of its messages this is: the whole answer, with the papers it
 * cites, which its text may not tell (a model's answer quotes no abstract word for word); a
 * /related list's papers. Else from the message: a list of papers (a /papers page, which is never
 * remembered) is about the papers it shows; otherwise the embed's title is the question, its
 * descriptions the answer. Where the bot may not embed, the message's text says the same (see
 * asPlainText), and is read back the same way, with the later parts `parts` gives it.
 */
function turnOf(m: Message, memory: AnswerMemory, parts: TextParts): Turn | undefined {
  const key = answerKeyOf(m);
  const remembered = key === undefined ? memory.ofMessage(m.id) : memory.get(key);
  if (remembered?.turn) return remembered.turn;
  const [first, ...rest] = m.embeds.length ? m.embeds : textEmbeds(m, parts);
  if (!first?.title || !first.description) return undefined;
  const answer = [first.description, ...rest.map((e) => e.description ?? '')].join('\n').trim();
  const listed = listItemIds(first.description);
  if (listed.length) return listingTurn(answer, listed);
  const papers = remembered?.reply.papers;
  return { question: withoutMentions(unescapeMarkdown(first.title)), answer, ...(papers ? { papers } : {}) };
}

/**
 * The title and description a message the bot sent as text stands for (see readPlainText), read
 * from the whole text (see wholeText). A part of a text too long for one message replies to its
 * first part (see sendAsReplyChain) and has no title of its own: its first line in bold names a
 * field ("**Sources**").
 */
function textEmbeds(m: Message, parts: TextParts): { title: string; description: string }[] {
  if (m.mentions.repliedUser?.id === m.author.id) return [];
  const read = readPlainText(m.content) && readPlainText(wholeText(m, parts));
  return read ? [read] : [];
}

/** The later parts of a text the bot sent in several messages (see sendAsReplyChain), given its first part. */
type TextParts = (first: Message) => Message[];

/** Later parts among messages already read: those that reply to the first part, in the order sent. */
function partsAmong(messages: Iterable<Message>): TextParts {
  const all = [...messages];
  return (first) => all.filter((m) => m.author.id === first.author.id && m.reference?.messageId === first.id).sort((a, b) => a.createdTimestamp - b.createdTimestamp);
}

/**
 * How many messages after the oldest text of a reply chain are read for the later parts of its
 * texts, in one request (Discord's most): an answer makes four at most (6,000 characters of
 * embeds), a chain holds HISTORY_TURNS of them, and others may write between them.
 */
const TEXT_PARTS_READ = 100;

/**
 * The text of a message the bot sent as text with its later parts, which reply to it (see
 * sendAsReplyChain): a long answer's first part alone was read as the whole answer. A text ends
 * with its footer (small text, "-# "); one whose first part has it was not split.
 */
function wholeText(first: Message, parts: TextParts): string {
  if (/^-# /m.test(first.content)) return first.content;
  // splitText cuts at a blank line first, which it takes out: put back, a field's name after it reads as one again.
  return [first, ...parts(first)].map((m) => m.content).join('\n\n');
}

/**
 * The last turns of a reply chain that ends at `start` (a bot message), oldest first. The later
 * parts of its texts are read with one request for the whole chain, after its oldest text that was
 * split, not one per text: every follow-up in a channel without Embed Links reads the chain again.
 */
async function chainHistory(start: Message, botId: string, memory: AnswerMemory, max = HISTORY_TURNS): Promise<Turn[]> {
  const read: { message: Message; turn: Turn }[] = [];
  const split: Message[] = [];
  const noteSplit: TextParts = (first) => (split.push(first), []);
  let cur: Message | undefined = start;
  for (let hops = 0; cur && read.length < max && hops < max * 4; hops++) {
    if (cur.author.id === botId) {
      const t = turnOf(cur, memory, noteSplit);
      if (t && !(read[0] && read[0].turn.question === t.question && read[0].turn.answer === t.answer)) read.unshift({ message: cur, turn: t });
    }
    cur = cur.reference?.messageId ? await cur.fetchReference().catch(() => undefined) : undefined;
  }
  if (split.length === 0) return read.map((r) => r.turn);
  const oldest = split.reduce((a, b) => (b.createdTimestamp < a.createdTimestamp ? b : a));
  const later = await oldest.channel.messages.fetch({ after: oldest.id, limit: TEXT_PARTS_READ }).catch(() => undefined);
  const parts = partsAmong(later?.values() ?? []);
  return read.map((r) => (split.includes(r.message) ? (turnOf(r.message, memory, parts) ?? r.turn) : r.turn));
}

/**
 * In a thread the bot started, or a DM, the conversation is the channel: its last answers, oldest
 * first. The later parts of its texts are among the messages read, after their first parts.
 */
async function conversationHistory(message: Message, botId: string, memory: AnswerMemory, max = HISTORY_TURNS): Promise<Turn[]> {
  const recent = await message.channel.messages.fetch({ limit: 20, before: message.id }).catch(() => undefined);
  if (!recent) return [];
  const mine = [...recent.values()].filter((m) => m.author.id === botId).sort((a, b) => a.createdTimestamp - b.createdTimestamp);
  const parts = partsAmong(recent.values());
  return mine.map((m) => turnOf(m, memory, parts)).filter((t): t is Turn => !!t).slice(-max);
}
