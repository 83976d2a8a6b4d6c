import type { Paper } from '../corpus/paper.js';
import { papersThatMayWrite, type TopicMention, topicMentions, topicMentionsInSlices } from '../answer/topic-mentions.js';
import { type TopicAsked, topicAskedBefore, topicCountAmongAsked, withAlternatives } from '../answer/topics.js';
import { picksPlace, refersBackToSeveral } from '../question/pointing.js';
import type { Turn } from '../types.js';
import type { Library } from './library.js';

/** Topic counts kept for follow-ups: at 100,000 papers a count of a common topic reads tens of thousands of abstracts (1-2 s). */
const TOPIC_MENTIONS_KEPT = 8;
/** Papers a topic count reads before it lets other work run (about 50 ms). */
const TOPIC_COUNT_SLICE = 500;

/**
 * Which papers write a topic ("How many papers mention RL?"), counted once and kept for the
 * follow-ups that pick from or count among them ("the 12th one", "How many of them use video?").
 */
export class TopicCounts {
  /** The papers that write a topic, of the last TOPIC_MENTIONS_KEPT topics counted, most recently used last. */
  private readonly kept = new Map<string, TopicMention[]>();

  constructor(private readonly library: Library) {}

  /** The papers that write a topic (see topicMentions), those with it in their title first. */
  mentionsOf(topic: TopicAsked): TopicMention[] {
    const { asked, key } = this.counted(topic);
    return this.get(key) ?? this.set(key, topicMentions(this.candidates(asked), asked));
  }

  /** mentionsOf, read a slice of papers at a time so that the bot answers others meanwhile: a common topic's count at 100,000 papers takes seconds. */
  async mentionsCounted(topic: TopicAsked): Promise<TopicMention[]> {
    const { asked, key } = this.counted(topic);
    return this.get(key) ?? this.set(key, await topicMentionsInSlices(this.candidates(asked), asked, TOPIC_COUNT_SLICE));
  }

  /**
   * Every paper the count or list before found ("How many papers mention RL?": 37, ten listed),
   * when the papers the conversation is on are among them; undefined after any other answer (a
   * search, a related list), whose papers are those it shows.
   */
  countedBefore(last: Turn, talkedAbout: () => Paper[]): Paper[] | undefined {
    const topic = topicAskedBefore(last.question, this.library.papers);
    const mentions = topic ? this.mentionsOf(topic) : [];
    const mentioned = new Set(mentions.map((m) => m.paper));
    return mentions.length > 0 && talkedAbout().every((p) => mentioned.has(p)) ? mentions.map((m) => m.paper) : undefined;
  }

  /**
   * Keeps the count a follow-up may pick from or count among ("the 12th one", "How many of them
   * use RL?", "Which of them …"), counted again a slice at a time when it is no longer kept (after
   * a restart, or eight other counts): countedBefore reads it at once.
   */
  async keepBefore(q: string, turns: (Turn | undefined)[]): Promise<void> {
    if (!(picksPlace(q) || refersBackToSeveral(q) || topicCountAmongAsked(q, this.library.papers))) return;
    for (const turn of new Set(turns)) {
      const topic = turn && topicAskedBefore(turn.question, this.library.papers);
      if (topic) await this.mentionsCounted(topic);
    }
  }

  /** A topic with its acronyms' forms ("RL" counts the papers that write "reinforcement learning" too, as the papers that write RL declare it), and its key among those kept. */
  private counted(topic: TopicAsked): { asked: TopicAsked; key: string } {
    const asked = withAlternatives(topic, (phrase) => this.library.acronyms.forms(phrase));
    return { asked, key: JSON.stringify(asked) };
  }

  /**
   * Only papers that write every word of a phrase are read: at 100,000 papers, reading each
   * abstract took 10 s. A phrase written either way: "fine tuning" is read in papers that write
   * fine-tuning too.
   */
  private candidates(asked: TopicAsked): Paper[] {
    const { retriever, papers } = this.library;
    const ids = papersThatMayWrite(asked, (terms) => retriever.papersWritingAll(terms));
    return papers.filter((p) => ids.has(p.id));
  }

  private set(key: string, mentions: TopicMention[]): TopicMention[] {
    this.kept.delete(key);
    if (this.kept.size >= TOPIC_MENTIONS_KEPT) this.kept.delete(this.kept.keys().next().value!);
    this.kept.set(key, mentions);
    return mentions;
  }

  private get(key: string): TopicMention[] | undefined {
    const mentions = this.kept.get(key);
    return mentions && this.set(key, mentions);
  }
}
