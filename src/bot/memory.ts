import { randomBytes } from 'node:crypto';
import type { Answer, Citation, Related, Source, Summary, Turn } from '../types.js';
import type { VotedReply } from '../feedback.js';
import { answeredTurn, citedPaperIds, relatedTurn, summaryTurn } from '../question/conversation.js';
import type { RequestSpec } from './flow.js';
import { answerMessages } from './render.js';
import { BOT_MEMORY } from '../config.js';

/** A reply as the bot made it: the kind of request and the service's result. */
type ReplyResult = { kind: 'ask' | 'mention'; result: Answer } | { kind: 'summary'; result: Summary } | { kind: 'related'; result: Related };

/** What the buttons under a reply need to know about it. */
export interface RememberedAnswer {
  /** What a 👍/👎 on the reply is stored with. */
  reply: VotedReply;
  /** The passages behind the reply, for "Quoted passages". */
  citations: Citation[];
  sources: Source[];
  /**
   * The reply as the turn a reply to any of its messages follows up, made as the console makes
   * it: an answer's question, whole answer (which may take several messages) and the papers it
   * cites; a /summary's paper; a /related list's papers, not the one they are like.
   */
  turn?: Turn;
}

/** The one place that decides what is remembered of a reply, so that votes on every kind of reply carry the same facts. */
function rememberedAnswer({ kind, result }: ReplyResult): RememberedAnswer {
  const how = { mode: result.mode, model: result.model };
  switch (kind) {
    case 'ask':
    case 'mention':
      return { reply: { kind, question: result.question, ...how, papers: citedPaperIds(result.citations) }, citations: result.citations, sources: result.sources, turn: answeredTurn(result) };
    case 'summary':
      return { reply: { kind, question: `Summary of ${result.paper.title}`, ...how, papers: [result.paper.id] }, citations: result.citations, sources: result.sources, turn: summaryTurn(result) };
    case 'related':
      return { reply: { kind, question: result.query, ...how, papers: result.related.map((p) => p.paperId) }, citations: [], sources: [], turn: relatedTurn(result) };
  }
}

/**
 * Recent replies by a short key carried in their buttons' custom ids (which allow only 100
 * characters), and by the ids of the messages they were sent as: the buttons go under the first
 * message only, and a reply to another part of a long answer finds it by its id. Bounded; after a
 * restart the buttons say the reply is too old.
 */
export class AnswerMemory {
  private readonly map = new Map<string, { remembered: RememberedAnswer; messageIds: string[] }>();
  private readonly keyOfMessage = new Map<string, string>();

  constructor(private readonly keep: number = BOT_MEMORY.rememberedReplies) {}

  /** Keeps what the buttons under the reply need; made from the result, so only once the result exists. */
  remember(made: ReplyResult): string {
    const key = randomBytes(6).toString('base64url');
    this.map.set(key, { remembered: rememberedAnswer(made), messageIds: [] });
    if (this.map.size > this.keep) {
      const [oldest, { messageIds }] = this.map.entries().next().value!;
      this.map.delete(oldest);
      for (const id of messageIds) this.keyOfMessage.delete(id);
    }
    return key;
  }

  /** Notes the messages a remembered reply was sent as. */
  sentAs(key: string, messageIds: readonly string[]): void {
    const entry = this.map.get(key);
    if (!entry) return;
    entry.messageIds.push(...messageIds);
    for (const id of messageIds) this.keyOfMessage.set(id, key);
  }

  /** How many replies are remembered (at most `keep`). */
  get size(): number {
    return this.map.size;
  }

  get(key: string): RememberedAnswer | undefined {
    return this.map.get(key)?.remembered;
  }

  /** The reply a message is part of, by the message's id (see sentAs). */
  ofMessage(messageId: string): RememberedAnswer | undefined {
    const key = this.keyOfMessage.get(messageId);
    return key === undefined ? undefined : this.get(key);
  }
}

/** How an answer to /ask or a mention is rendered, and remembered with every message it is sent as. */
export function rememberedAnswerReply(memory: AnswerMemory, kind: 'ask' | 'mention'): Pick<RequestSpec<Answer>, 'render' | 'delivered'> {
  let key: string | undefined;
  return {
    render: (a) => answerMessages(a, (key = memory.remember({ kind, result: a }))),
    delivered: (sent) => memory.sentAs(key!, sent.map((m) => m.id)),
  };
}
