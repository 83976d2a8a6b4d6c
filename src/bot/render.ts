import { ButtonStyle, ComponentType, type APIActionRowComponent, type APIButtonComponent, type APIEmbed, type APIEmbedField } from 'discord.js';
import type { Answer, AnswerMode, ModelStatus, Notice, PaperRef, ProgressEvent, Related, Summary } from '../types.js';
import type { IndexInfo } from '../service.js';
import type { RememberedAnswer } from './memory.js';
import type { FeedbackStatus } from '../feedback.js';
import { noRelated, answerBasis, answerShows, citedSources, footerText, relatedShows, type ExtractiveShows } from '../render/text.js';
import { passagePlace, type TextBasis } from '../answer/sources.js';
import { HELP_NOTES } from '../command/help.js';
import { answerKindsLine, lastNotUsedLine, latencyLine, ollamaLead, type StatusSnapshot } from '../status.js';
import { formatDuration, formatMs } from '../text/durations.js';
import { PapercordError, userFacingError } from '../errors.js';
import { layoutEmbeds, type Doc } from './layout.js';
import { blockQuote, escapeText, titleLink } from './markdown.js';
import { discordMarkdown } from './model-markdown.js';
import { LIMITS, truncate } from './split.js';
import { isMissingPermission } from './token.js';
import { withoutMentionMarkup } from './mentions.js';
import { byline } from '../corpus/paper.js';
import { joinList } from '../text/clean.js';
import { splitSentences } from '../text/sentences.js';
import { readableTex } from '../corpus/text.js';
import { CHANNEL_PERMISSIONS } from './permissions.js';

/**
 * Everything papercord says in Discord, as plain message data. The same content as the console's
 * text renderings, laid out as embeds within Discord's limits.
 */
export type Row = APIActionRowComponent<APIButtonComponent>;

export interface Outgoing {
  content?: string;
  embeds?: APIEmbed[];
  components?: Row[];
}

export const COLORS = { answer: 0x5865f2, extractive: 0x3ba55c, refused: 0x99aab5, warning: 0xf0b232, error: 0xed4245, info: 0x4f545c } as const;

/** Custom ids of the buttons under answers; the router sends `ans:*` to the answer button handler. */
export const ANSWER_BUTTON = { quotes: 'ans:quotes', related: 'ans:rel', up: 'ans:up', down: 'ans:down' } as const;

const PAGE_SIZE = 10;

/** A doc laid out as messages; buttons go under the first one. */
function messages(doc: Doc, components: Row[] = []): Outgoing[] {
  return layoutEmbeds(doc).map((embeds, i) => ({ embeds, ...(i === 0 && components.length ? { components } : {}) }));
}

function button(customId: string, label: string, opts: { emoji?: string; disabled?: boolean; style?: ButtonStyle } = {}): APIButtonComponent {
  return {
    type: ComponentType.Button,
    custom_id: customId.slice(0, LIMITS.customId),
    label,
    style: (opts.style ?? ButtonStyle.Secondary) as ButtonStyle.Secondary,
    ...(opts.emoji ? { emoji: { name: opts.emoji } } : {}),
    ...(opts.disabled ? { disabled: true } : {}),
  };
}

function row(...buttons: APIButtonComponent[]): Row {
  return { type: ComponentType.ActionRow, components: buttons };
}

/**
 * The buttons under a reply: "Quoted passages" only where it quotes something (a refusal, the
 * index count or small talk quotes nothing), related papers where it is about one, and 👍/👎
 * but under small talk, which answers about no paper (a 👎 on a refusal says what misses).
 */
function answerButtons(key: string, paperId: string | undefined, opts: { hasQuotes: boolean; votes?: boolean }): Row[] {
  const buttons = opts.hasQuotes ? [button(`${ANSWER_BUTTON.quotes}:${key}`, 'Quoted passages', { emoji: '📄' })] : [];
  if (paperId && `${ANSWER_BUTTON.related}:${paperId}`.length <= LIMITS.customId) buttons.push(button(`${ANSWER_BUTTON.related}:${paperId}`, 'Related papers', { emoji: '🔗' }));
  if (opts.votes !== false) buttons.push(...voteButtons(key));
  return buttons.length ? [row(...buttons)] : [];
}

function voteButtons(key: string): APIButtonComponent[] {
  return [button(`${ANSWER_BUTTON.up}:${key}`, 'Helpful', { emoji: '👍' }), button(`${ANSWER_BUTTON.down}:${key}`, 'Not helpful', { emoji: '👎' })];
}

function sourceLine(n: number, title: string, url: string | undefined, paperId: string, place = ''): string {
  return `**[${n}]** ${titleLink(title, url)}${place ? `, ${escapeText(place)}` : ''} · \`${paperId.replace(/`/g, '')}\``;
}

function footer(mode: string, model: string | undefined, ms: number, cached?: boolean, shows: ExtractiveShows = 'quotes', from: TextBasis = 'abstracts'): string {
  const text = footerText(mode, model, ms, shows, from);
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}${cached ? ' · cached' : ''}`;
}

/** Where a server admin reads why the model was not used: /status shows them the model's state and the last reason. */
const ADMIN_SEES_WHY = 'A server admin can see why in /status.';

/**
 * A reply's note as server members read it: what happened, never the operator's part of it (the
 * model server's address, a setting, a command), which no member can act on and the address of
 * which is not theirs to see. When the model was not used and the operator has more to go on,
 * members learn where an admin finds it; a note on what the model wrote (an answer cut off) is
 * whole in what it says happened.
 */
function replyNote(r: { notice?: Notice; mode: AnswerMode }): string | undefined {
  if (!r.notice) return undefined;
  return r.mode === 'extractive' && r.notice.forOperator ? `${r.notice.said} ${ADMIN_SEES_WHY}` : r.notice.said;
}

function noticeFields(notice: string | undefined, truncated: boolean | undefined): Doc['fields'] {
  const lines = [notice, truncated && !notice ? 'The answer was cut off before the model finished.' : undefined].filter((l): l is string => !!l);
  return lines.length ? [{ name: '⚠️ Note', value: lines.map(escapeText).join('\n') }] : [];
}

export function answerMessages(a: Answer, key: string): Outgoing[] {
  const shown = citedSources(a.citations, a.sources);
  const fields = [...(noticeFields(replyNote(a), a.truncated) ?? [])];
  if (shown.length) fields.push({ name: 'Sources', value: shown.map((s) => sourceLine(s.n, s.title, s.url, s.paperId, passagePlace(s))).join('\n') });
  const color = a.refused ? COLORS.refused : a.notice || a.truncated ? COLORS.warning : a.mode === 'ollama' ? COLORS.answer : COLORS.extractive;
  // Small talk says nothing of the papers: a footer on how it was made from them would be beside the point.
  // A slash command's question keeps its mentions as markup (a mention's reply shows them by name, see readableMentions).
  const doc: Doc = { title: escapeText(withoutMentionMarkup(a.question)), description: a.mode === 'ollama' ? discordMarkdown(a.answer) : a.answer, fields, footer: a.smallTalk ? undefined : footer(a.mode, a.model, a.elapsedMs, a.cached, answerShows(a), answerBasis(a)), color };
  return messages(doc, answerButtons(key, shown[0]?.paperId, { hasQuotes: shown.length > 0, votes: !a.smallTalk }));
}

export function summaryMessages(s: Summary, key: string): Outgoing[] {
  const fields = [...(noticeFields(replyNote(s), s.truncated) ?? []), { name: 'Source', value: sourceLine(1, s.paper.title, s.paper.url, s.paper.id) }];
  const by = byline(s.paper);
  const summary = s.mode === 'ollama' ? discordMarkdown(s.summary) : s.summary;
  const doc: Doc = { title: escapeText(s.paper.title), url: s.paper.url, description: by ? `_${escapeText(by)}_\n\n${summary}` : summary, fields, footer: footer(s.mode, s.model, s.elapsedMs), color: s.notice ? COLORS.warning : s.mode === 'ollama' ? COLORS.answer : COLORS.extractive };
  return messages(doc, answerButtons(key, s.paper.id, { hasQuotes: s.sources.length > 0 }));
}

/** One paper of a numbered list (/related, /papers): its place, its title as a link, and its id, which listItemIds reads back. */
function listItem(n: number, title: string, url: string | undefined, paperId: string): string {
  return `**${n}.** ${titleLink(title, url)} · \`${paperId}\``;
}

/** An item of a numbered list as listItem writes it, its id captured; a title is one line, so the id ends it. */
const LIST_ITEM = /^\*\*\d+\.\*\* .* · `([^`\n]+)`$/gm;

/**
 * The ids of the papers a /related or /papers message lists, in its order: what a reply to it
 * follows up when the bot does not remember the reply (a /papers page never is; a /related list
 * after a restart).
 */
export function listItemIds(description: string): string[] {
  return [...description.matchAll(LIST_ITEM)].map((m) => m[1]!);
}

export function relatedMessages(r: Related, key: string): Outgoing[] {
  const title = r.paper ? `Related to ${r.paper.title}` : `Papers on "${r.topic ?? r.query}"`;
  const description = r.related.length
    ? r.related.map((p, i) => `${listItem(i + 1, p.title, p.url, p.paperId)}\n${escapeText(p.reason)}`).join('\n\n')
    : noRelated(r, escapeText);
  const doc: Doc = { title: escapeText(title), url: r.paper?.url, description, fields: noticeFields(replyNote(r), false), footer: footer(r.mode, r.model, r.elapsedMs, false, relatedShows(r)), color: r.mode === 'ollama' ? COLORS.answer : COLORS.extractive };
  return messages(doc, [row(...voteButtons(key))]);
}

/**
 * The quoted passages behind an answer: each cited source with the sentences of it the answer
 * quotes (a summary's parts, a search's best sentences), one a line; the whole passage only
 * where the answer quotes none word for word (a model's, which writes its own).
 */
export function quotesMessages(q: RememberedAnswer): Outgoing[] {
  const shown = citedSources(q.citations, q.sources);
  const blocks = (shown.length ? shown : q.sources).map((s) => {
    const quoted = sentencesQuoted(q.turn?.answer ?? '', s.text);
    const quotes = quoted.length ? quoted : q.citations.filter((c) => c.n === s.n && c.quote).map((c) => c.quote!);
    const text = quotes.length ? [...new Set(quotes)].join('\n') : s.text;
    return `${sourceLine(s.n, s.title, s.url, s.paperId, passagePlace(s))}\n${blockQuote(text)}`;
  });
  const from = { abstracts: 'From the abstracts only', 'full text': 'From the full texts', both: 'From the abstracts and full texts' }[answerBasis(q)];
  return messages({ title: `Quoted passages: ${truncate(escapeText(q.reply.question), 200)}`, description: blocks.join('\n\n') || 'No passages.', color: COLORS.info, footer: from });
}

/** A TL;DR cut short ("…we introduce SciVideoBench, a rigorous benchmark … [1]"): the end of a sentence an answer quotes. */
const CUT_QUOTE = /…([^\n[]+?)\s*\[\d/g;
/** The shortest end of a sentence taken for a quote of it: a few words could end any sentence. */
const CUT_QUOTE_MIN_CHARS = 30;

/** The sentences of a passage an answer quotes, as it shows them (TeX read), whole or the end of one cut short; in the passage's order. */
function sentencesQuoted(answer: string, passage: string): string[] {
  if (!answer) return [];
  const cutEnds = [...answer.matchAll(CUT_QUOTE)].map((m) => m[1]!.trim()).filter((end) => end.length >= CUT_QUOTE_MIN_CHARS);
  return splitSentences(passage)
    .map((sentence) => sentence.text)
    .filter((sentence) => {
      const read = readableTex(sentence);
      return answer.includes(read) || cutEnds.some((end) => read.endsWith(end));
    });
}

/**
 * One page of the paper list, with ◀ ▶ buttons that carry the page and the search, and ⏮ ⏭ to
 * the first and last page when there are more than two. The ⏮ ⏭ ids say `end`, as ⏮ and ◀ lead
 * to the same page from the second one, and Discord refuses two buttons with one id.
 */
export function papersPage(papers: PaperRef[], page: number, search: string): Outgoing {
  const pages = Math.max(1, Math.ceil(papers.length / PAGE_SIZE));
  const p = Math.min(Math.max(page, 0), pages - 1);
  const slice = papers.slice(p * PAGE_SIZE, (p + 1) * PAGE_SIZE);
  const title = search ? `Papers matching "${search}"` : 'Papers';
  const description = slice.length
    ? slice.map((paper, i) => listItem(p * PAGE_SIZE + i + 1, paper.title, paper.url, paper.id)).join('\n')
    : `No paper matches "${escapeText(search)}". Try fewer or other words, or /papers without a search.`;
  const nav = (to: number, kind = 'pg') => `papers:${kind}:${to}:${search}`;
  const [embeds] = layoutEmbeds({ title: escapeText(title), description, color: COLORS.info, footer: `Page ${p + 1} of ${pages} · ${papers.length} paper${papers.length === 1 ? '' : 's'}` });
  const previous = button(nav(p - 1), 'Previous', { emoji: '◀️', disabled: p === 0 });
  const next = button(nav(p + 1), 'Next', { emoji: '▶️', disabled: p >= pages - 1 });
  const buttons = pages > 2 ? [button(nav(0, 'end'), 'First', { emoji: '⏮️', disabled: p === 0 }), previous, next, button(nav(pages - 1, 'end'), 'Last', { emoji: '⏭️', disabled: p >= pages - 1 })] : [previous, next];
  const components = pages > 1 ? [row(...buttons)] : [];
  return { embeds: embeds!, components };
}

/** The votes, and a warning when some in the file are not counted (in a full-width field, so it can be read). */
function feedbackField(f: FeedbackStatus | undefined): APIEmbedField {
  if (!f) return { name: 'Feedback', value: 'none', inline: true };
  const votes = `👍 ${f.up} · 👎 ${f.down}`;
  if (!f.unreadable) return { name: 'Feedback', value: votes, inline: true };
  const lines = f.unreadable === 1 ? '1 line of the feedback file could not be read; its vote is' : `${f.unreadable} lines of the feedback file could not be read; their votes are`;
  return { name: 'Feedback', value: `${votes}\n⚠️ ${lines} not counted.`, inline: false };
}

/** A moment as a Discord timestamp, which each reader sees in their own time zone, and how long ago it was. */
function discordTime(iso: string): string {
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) return escapeText(iso);
  const unix = Math.floor(ms / 1000);
  return `<t:${unix}:f> (<t:${unix}:R>)`;
}

/**
 * The model's state as server members see it: where Ollama runs and what to fix only for those
 * who can fix it; the others learn that no model is available and who can set one up. Only two
 * states are told as they are, as neither names a server: a download under way, and no server
 * checked or configured yet; every other account of a model not answering is about a server.
 */
function modelForMembers(m: ModelStatus): ModelStatus {
  const { lastError: _forAdmins, ...shown } = m;
  if (m.answers) return { ...shown, detail: '' };
  return m.pulling || m.reachable === null ? shown : { ...shown, detail: 'No model is available right now. A server admin sees why here, and can set one up.' };
}

/** That questions are searched by their words only right now: why, with the server and the fix, for those who can fix it. */
function embedderNote(s: StatusSnapshot, forAdmin: boolean): string | undefined {
  if (!s.embedderFailing) return undefined;
  return `⚠️ Searching by words only: the embedding model does not answer.${forAdmin ? ` ${escapeText(s.embedderFailing)}` : ''}`;
}

/** Why the model was last not used, and when, for those who can fix it: what members' notes point them to. */
function lastProblem(m: ModelStatus): string | undefined {
  // Relative, in each reader's own clock: the exact moment shows on hover.
  return lastNotUsedLine(m, (iso) => `<t:${Math.floor(Date.parse(iso) / 1000)}:R>`, escapeText);
}

/**
 * `forAdmin`: the asker may manage the server, and is shown where Ollama runs and what to fix,
 * and, with `embedsHere` false, that the bot lacks Embed Links in the channel asked from.
 */
export function statusMessage(s: StatusSnapshot, opts: { forAdmin: boolean; embedsHere?: boolean } = { forAdmin: false }): Outgoing {
  const m = opts.forAdmin ? s.model : modelForMembers(s.model);
  const lat = latencyLine(s);
  const fields = [
    { name: 'Corpus', value: `${s.papers} papers, ${s.chunks} chunks`, inline: true },
    { name: 'Embedder', value: [escapeText(s.embedder), embedderNote(s, opts.forAdmin)].filter(Boolean).join('\n'), inline: true },
    { name: 'Chat model', value: escapeText(m.chatModel), inline: true },
    { name: 'Ollama', value: [`${m.answers ? '✅' : '❌'} ${ollamaLead(m)}`, escapeText(m.detail), lastProblem(m)].filter(Boolean).join('\n'), inline: false },
    { name: 'Queue', value: `${m.waiting} waiting, ${m.running} being written`, inline: true },
    { name: 'Uptime', value: formatDuration(s.uptimeMs), inline: true },
    feedbackField(s.feedback),
    { name: 'Latency', value: lat, inline: false },
    { name: 'Answers by kind', value: answerKindsLine(s), inline: false },
    { name: 'Index', value: `${escapeText(s.buildId)}, built ${discordTime(s.builtAt)}${s.reindexing ? ' (rebuilding now)' : ''}`, inline: false },
    ...(opts.forAdmin && opts.embedsHere === false ? [{ name: 'This channel', value: 'I lack Embed Links here, so what I post here myself (answers to mentions, errors) is plain text. Slash command replies keep their embeds.', inline: false }] : []),
  ];
  const [embeds] = layoutEmbeds({ title: 'papercord status', fields, color: m.answers ? COLORS.answer : COLORS.warning });
  return { embeds: embeds! };
}

/** The index a /reindex switched to, and how long the rebuild took. */
export function reindexedMessage(info: IndexInfo, ms: number): Outgoing {
  const problems = info.corpusProblems ? `\n${info.corpusProblems} problem(s) in the corpus were logged; ${info.corpusSkipped} record(s) skipped.` : '';
  const description = `Rebuilt in ${formatMs(ms)}: **${info.papers} papers, ${info.chunks} chunks** with the ${escapeText(info.embedder)} embedder. Answers now come from the new index (${escapeText(info.buildId)}).${problems}`;
  const [embeds] = layoutEmbeds({ title: 'Index rebuilt', description, color: COLORS.extractive });
  return { embeds: embeds! };
}

/**
 * `commands`: a line for each command the asker may use; `dms`: whether direct messages are
 * answered (DISCORD_DMS); `threads`: whether a mention is answered in a thread of its own
 * (DISCORD_THREADS). /help says each only when it holds.
 */
export function helpMessage(opts: { commands: string[]; dms: boolean; threads: boolean }): Outgoing {
  const description = [
    ...opts.commands,
    '',
    '**Mention me** with a question to get the answer as a reply; **reply to one of my answers** to ask a follow-up (I read the last few turns of that reply chain).',
    ...(opts.threads ? ['I answer a mention in a thread of its own; there, whoever asked can go on without mentioning me.'] : []),
    ...(opts.dms ? ['**Message me directly**: in a DM every message is a question, with my last few answers there as its context.'] : []),
    '',
    ...HELP_NOTES,
  ].join('\n');
  const [embeds] = layoutEmbeds({ title: 'papercord: questions about research papers', description, color: COLORS.info });
  return { embeds: embeds! };
}

/**
 * Discord refusing the bot itself (a permission missing in this channel) is something a server
 * admin can fix: `missing` names what to give where the bot could tell, else every permission it
 * needs is named (Embed Links is not one: without it, replies are text).
 */
function discordProblem(e: unknown, missing: readonly string[]): PapercordError | undefined {
  if (!isMissingPermission(e)) return undefined;
  const names = missing.length ? missing : Object.values(CHANNEL_PERMISSIONS);
  return new PapercordError('FORBIDDEN', 'I am missing a permission in this channel.', `Ask a server admin to give me ${joinList(names)} here.`);
}

/** What went wrong and what to do, for any error; `missing`: the permissions the bot found it lacks, for a refusal by Discord. */
export function errorMessage(e: unknown, missing: readonly string[] = []): Outgoing {
  const { message, hint } = userFacingError(discordProblem(e, missing) ?? e);
  const [embeds] = layoutEmbeds({ description: `**${escapeText(message)}**${hint ? `\n${escapeText(hint)}` : ''}`, color: COLORS.error });
  return { embeds: embeds! };
}

/** A short notice (cooldown, not allowed here, restarting). */
export function noticeMessage(text: string): Outgoing {
  const [embeds] = layoutEmbeds({ description: text, color: COLORS.warning });
  return { embeds: embeds! };
}

/** What a reply posted in the channel answers: the asker's words (question, paper or topic), or a rebuild. */
export type AskedFor = { what: 'answer' | 'summary' | 'related'; words: string } | { what: 'reindex' } | { what: 'add' };

const ASKED_FOR = { answer: 'your answer to', summary: 'your summary of', related: 'the papers related to' } as const;

/** Room for the asker's words in that line: enough to recognise the question, short beside the answer. */
const ASKED_WORDS_CHARS = 200;

/**
 * The line that opens a reply posted in the channel because the interaction expired: it names
 * the asker (the mention is what tells them it is there) and what they asked, as plain text.
 */
export function channelReplyIntro(userId: string, asked: AskedFor): string {
  const subject = asked.what === 'reindex' ? 'the index rebuild you asked for' : asked.what === 'add' ? 'the papers you added' : `${ASKED_FOR[asked.what]} “${escapeText(truncate(asked.words, ASKED_WORDS_CHARS))}”`;
  return `<@${userId}>, ${subject}:`;
}

/** What the deferred reply says once the answer went to the channel instead. */
export function movedToChannelMessage(url: string): Outgoing {
  return { content: `⏰ This took too long for me to answer here, so the reply is posted in the channel: ${url}` };
}

/** "42 words so far". */
function wordsWritten(words: number): string {
  return `${words} word${words === 1 ? '' : 's'} so far`;
}

/** The progress line shown while an answer is prepared, from the events heard so far. */
export class ProgressText {
  private status = '🔎 Searching the papers…';
  private partial = '';
  private notices: string[] = [];

  constructor(private readonly what: 'answer' | 'summary' | 'related') {}

  update(e: ProgressEvent): void {
    switch (e.type) {
      case 'queued':
        this.status = `⏳ Waiting for the model: number ${e.position} in the queue.`;
        break;
      case 'started':
        this.status = `✍️ Writing the ${this.what}…`;
        break;
      case 'retrieved':
        this.status = `📚 Found ${e.sources.length} passage${e.sources.length === 1 ? '' : 's'}; preparing the ${this.what}…`;
        break;
      case 'token':
        // Only what has been checked is shown; until a sentence passes, how far the model has got.
        this.status = `✍️ Writing the ${this.what}… ${wordsWritten(e.words)}`;
        this.partial = discordMarkdown(e.soFar);
        break;
      case 'notice':
        // What happened only: the final reply says where an admin sees the rest.
        this.notices.push(e.notice.said);
        break;
    }
  }

  text(): string {
    const head = [this.status, ...this.notices.map((n) => `ℹ️ ${escapeText(n)}`)].join('\n');
    if (!this.partial.trim()) return truncate(head, LIMITS.content);
    const room = LIMITS.content - head.length - 4;
    const tail = this.partial.length > room ? `…${this.partial.slice(this.partial.length - room + 1).replace(/^\S*\s/, '')}` : this.partial;
    return `${head}\n\n${tail}`;
  }
}
