import type { Settings } from '../config.js';
import type { Library } from '../library/library.js';
import type { QuestionFrame } from '../question/frame.js';
import type { Reading } from '../question/read.js';
import type { Answer, AnswerKindId, Notice, Related, RequestOptions, Turn } from '../types.js';
import type { WriteContext } from '../writer/answers.js';

/**
 * One kind of answer: which questions it answers (`match`, read from the question's frame) and
 * how. The kinds are tried in the order of the registry (kinds/index.ts); the first that matches answers.
 */
export interface AnswerKind {
  id: AnswerKindId;
  /** What it answers, in one line (docs/asking.md lists them). */
  description: string;
  /**
   * `index`: answered from the whole index's metadata, before any paper is looked at; `papers`:
   * about particular papers (named, pointed back at, or found). A papers answer that refuses a
   * question naming a topic is read once more as a topic list (a second pass in pipeline.ts).
   */
  stage: 'index' | 'papers';
  match(frame: QuestionFrame, ctx: AnswerContext): boolean | Promise<boolean>;
  answer(frame: QuestionFrame, ctx: AnswerContext): Answer | FanOut | Promise<Answer | FanOut>;
}

/**
 * An answer made of several questions' answers ("What is PRISM?" of each paper called PRISM): the
 * pipeline answers each reading as it answers any, in its own loop, and `join` makes their answers one.
 */
export interface FanOut {
  each: Reading[];
  join(parts: Answer[]): Answer;
}

/** What a question is asked with: the options of /ask that reach the answer kinds. */
export interface AskRequest extends RequestOptions {
  /** false: answer extractively without asking the model (the eval's baseline). Default true. */
  useModel?: boolean;
  /** Limit the answer to one paper (id, alias or title). */
  paper?: string;
  /** Earlier turns of a conversation, for follow-ups. */
  history?: Turn[];
}

/** What answer kinds use besides the question: the index version, the model, the cache, the other commands. */
export interface AnswerContext {
  library: Library;
  settings: Settings;
  request: AskRequest;
  /** When the request started, for elapsedMs. */
  started: number;
  /** Whether the model may write this answer: asked for, and a writer configured. */
  useModel: boolean;
  /** Whether the model writes answers right now (small talk says so). */
  modelAnswers(): boolean;
  /** The writer's context for this request; only when useModel. */
  writeContext(): WriteContext;
  /** Model-written answers kept for the same question in the same index version. */
  cache: { get(key: string): Answer | undefined; set(key: string, answer: Answer): void; key(text: string, variant?: string): string };
  /** Tells the front end why the model was not used, as it happens, and returns the notice for the result. */
  announce(notice: Notice): Notice;
  /** Papers related to one paper, as /related lists them. */
  related(paperId: string): Promise<Related>;
}
