import { randomBytes } from 'node:crypto';
import type { Answer, Citation, Related, Source, Summary } from '../types.js';
import type { VotedReply } from '../feedback.js';
import { citedPaperIds } from '../answer/conversation.js';

/** A reply as the bot made it: the kind of request and the service's result. */
type ReplyResult = { kind: 'ask' | 'mention'; result: Answer } | { kind: 'summary'; result: Summary } | { kind: 'related'; result: Related };

/** What the buttons under a reply need to know about it. */
export interface RememberedAnswer {
  /** What a 👍/👎 on the reply is stored with. */
  reply: VotedReply;
  /** The passages behind the reply, for "Quoted passages". */
  citations: Citation[];
  sources: Source[];
}

/** The one place that decides what is remembered of a reply, so that votes on every kind of reply carry the same facts. */
function rememberedAnswer({ kind, result }: ReplyResult): RememberedAnswer {
  const how = { mode: result.mode, model: result.model };
  switch (kind) {
    case 'ask':
    case 'mention':
      return { reply: { kind, question: result.question, ...how, papers: citedPaperIds(result.citations) }, citations: result.citations, sources: result.sources };
    case 'summary':
      return { reply: { kind, question: `Summary of ${result.paper.title}`, ...how, papers: [result.paper.id] }, citations: result.citations, sources: result.sources };
    case 'related':
      return { reply: { kind, question: result.query, ...how, papers: result.related.map((p) => p.paperId) }, citations: [], sources: [] };
  }
}

/**
 * Recent replies by a short key carried in their buttons' custom ids (which allow only 100
 * characters). Bounded; after a restart the buttons say the reply is too old.
 */
export class AnswerMemory {
  private readonly map = new Map<string, RememberedAnswer>();

  constructor(private readonly keep = 1000) {}

  /** Keeps what the buttons under the reply need; made from the result, so only once the result exists. */
  remember(made: ReplyResult): string {
    const key = randomBytes(6).toString('base64url');
    this.map.set(key, rememberedAnswer(made));
    if (this.map.size > this.keep) this.map.delete(this.map.keys().next().value!);
    return key;
  }

  get(key: string): RememberedAnswer | undefined {
    return this.map.get(key);
  }
}
