/** The shapes the shared service returns to every front end (CLI, console, Discord). */

export interface PaperRef {
  id: string;
  title: string;
  url?: string;
  authors: string[];
  /** Only the first author is known (shown as "et al."). */
  authorsIncomplete?: boolean;
  year?: number;
  venue?: string;
}

/** A retrieved chunk, numbered as the writer and the user see it. */
export interface Source {
  n: number;
  paperId: string;
  title: string;
  url?: string;
  /** The paper's byline, so that "who wrote it?" has an answer. */
  authors?: string[];
  authorsIncomplete?: boolean;
  year?: number;
  venue?: string;
  score: number;
  text: string;
  chunkId: string;
  /** Character offsets of `text` within the paper's abstract (within its section, for a full-text passage). */
  start: number;
  end: number;
  /** A full-text passage's section as the paper heads it ("§3 Method"); absent for the abstract. */
  section?: string;
  /** The page a full-text passage starts on. */
  page?: number;
}

export interface Citation {
  n: number;
  paperId: string;
  title: string;
  url?: string;
  /** The sentence of the source that the claim relies on, when known. */
  quote?: string;
  /** For a full-text passage: its section ("§3 Method") and page. */
  section?: string;
  page?: number;
}

export type AnswerMode = 'extractive' | 'ollama';

/**
 * Something the user should know about how a reply was made, in two parts kept apart at the
 * source: `said` is for anyone who reads the reply (a Discord server's members included), so it
 * names no address, setting or command; `forOperator` is for whoever runs papercord: the host,
 * the variable to change, the command to run. Front ends on the operator's own machine show both
 * (see noticeText); the bot shows members `said` only.
 */
export interface Notice {
  said: string;
  forOperator?: string;
  /** The notices this one joins (see joinNotices), when more than one: each is news of its own to a reader that has seen another. */
  parts?: Notice[];
}

/**
 * Which kind of answer a reply is: what the question was read as asking, and so what answered
 * it (see docs/asking.md). Counted by /status, printed by `ask --json`, named in the log.
 */
export type AnswerKindId =
  | 'small-talk'
  | 'index-size'
  | 'collection-overview'
  | 'venue-papers'
  | 'prolific-authors'
  | 'most-recent'
  | 'links'
  | 'unknown-name'
  | 'author-papers'
  | 'unknown-author'
  | 'position-papers'
  | 'code-papers'
  | 'topic-count'
  | 'topic-list'
  | 'no-topic'
  | 'no-paper-named'
  | 'which-paper'
  | 'only-one-paper'
  | 'no-such-paper'
  | 'authors'
  | 'described-links'
  | 'paper-question'
  | 'bylines'
  | 'going-on'
  | 'namesakes'
  | 'related'
  | 'aspect-not-stated'
  | 'not-mentioned'
  | 'comparison'
  | 'paper-summary'
  | 'paper-part'
  | 'search'
  | 'closest'
  | 'refusal';

export interface Answer {
  /** Which kind of answer this is (see AnswerKindId). */
  kind?: AnswerKindId;
  question: string;
  answer: string;
  mode: AnswerMode;
  /** The chat model's name when mode is "ollama". */
  model?: string;
  /** True when no paper covers the question (or the model said the sources do not answer it). */
  refused: boolean;
  citations: Citation[];
  sources: Source[];
  /** Something the user should know: a fallback, a cut-off answer, an ungrounded answer. */
  notice?: Notice;
  /** True when generation stopped early (timeout or an error mid-stream) and the answer is partial. */
  truncated?: boolean;
  cached?: boolean;
  /** A reply to "hi", "thanks" or "who are you?": about no paper, so there is nothing in it to quote, vote on or source. */
  smallTalk?: boolean;
  /** What an extractive answer shows when it is not quotes of the abstracts: bylines, links and lists from the papers' metadata, or a related list's shared key terms. */
  basis?: 'metadata' | 'shared terms';
  elapsedMs: number;
}

export interface Summary {
  paper: PaperRef;
  summary: string;
  mode: AnswerMode;
  model?: string;
  citations: Citation[];
  sources: Source[];
  notice?: Notice;
  truncated?: boolean;
  cached?: boolean;
  elapsedMs: number;
}

export interface RelatedPaper {
  paperId: string;
  title: string;
  url?: string;
  score: number;
  /** Why it is related: shared key terms, or the model's grounded sentence. */
  reason: string;
  /** 'model' when the chat model wrote `reason`; absent when it is the shared-terms rule's. */
  reasonBy?: 'model';
}

export interface Related {
  query: string;
  /** The topic searched, when the query asks for papers on it in words that are no part of it ("related work on spatial audio": "spatial audio"). */
  topic?: string;
  /** The paper the query resolved to, when it named one. */
  paper?: PaperRef;
  related: RelatedPaper[];
  mode: AnswerMode;
  model?: string;
  notice?: Notice;
  cached?: boolean;
  elapsedMs: number;
}

/** Turns of a conversation given to the service for a follow-up, by the bot and the local console alike. */
export const HISTORY_TURNS = 3;

/** A previous turn of a conversation, for follow-up questions. */
export interface Turn {
  question: string;
  answer: string;
  /**
   * The ids of the papers the answer cites, in citation order, when the front end knows them
   * (the console keeps them; the bot while it remembers the reply). Without them, which papers
   * the answer cites is read back from its text: the ids it lists and the sentences it quotes,
   * which a model's answer, or one split over Discord embeds mid-sentence, may not give.
   */
  papers?: string[];
}

/**
 * What a front end hears while an answer is being prepared, in this order: `retrieved`; then,
 * when the model writes it, `queued` (only if it must wait; again each time it moves up, 1 =
 * next), `started`, and `token` for each piece of text the model writes: `words` it has written
 * so far, and `soFar`, what of it has been checked and may be shown (complete sentences whose
 * citations and statements passed, reasoning removed, links shown as plain text, citations
 * numbered as in the final result; '' until the first sentence passes), `text` what `soFar` gained.
 * `notice` can come at any point: a retry, download progress, or why the answer falls back.
 */
export type ProgressEvent =
  | { type: 'queued'; position: number }
  | { type: 'started' }
  | { type: 'retrieved'; sources: Source[] }
  | { type: 'token'; text: string; soFar: string; words: number }
  | { type: 'notice'; notice: Notice };

export interface RequestOptions {
  /** Aborting rejects the request with a CANCELLED PapercordError (and leaves the queue if it waits). */
  signal?: AbortSignal;
  onProgress?: (event: ProgressEvent) => void;
}

export interface LatencyStats {
  /** Generations measured (the last 50 are kept). */
  count: number;
  lastMs?: number;
  medianMs?: number;
  p90Ms?: number;
  firstTokenMedianMs?: number;
}

export interface ModelHostStatus {
  host: string;
  /** null until the host was first checked. */
  up: boolean | null;
  version?: string;
  error?: string;
  /** Something answered there, but not as an Ollama server: its reply, such as `HTTP 404, text/plain, "404 page not found"`. */
  answeredAs?: string;
  /** Its last check ran out of OLLAMA_CONNECT_TIMEOUT_MS: a server may be there, busy or stuck. */
  silent?: boolean;
  /** It (or a proxy in front of it) refused the user and password in its address, or asked for some: the HTTP status, 401 or 403. */
  refused?: number;
  checkedAt?: string;
}

/** What /status shows about the model side. */
export interface ModelStatus {
  chatModel: string;
  /** True when answers are written by the chat model right now; false: they are extractive. */
  answers: boolean;
  /** One line saying which, and what to do when it is not the model. */
  detail: string;
  /** True when an Ollama host answered its last check or request; null before any check. */
  reachable: boolean | null;
  /** Whether a reachable host has the chat model; null when unknown. */
  chatModelPresent: boolean | null;
  hosts: ModelHostStatus[];
  /** Requests waiting in the generation queue, and being written. */
  waiting: number;
  running: number;
  concurrency: number;
  latency: LatencyStats;
  cache: { size: number; capacity: number };
  /** A model download in progress (OLLAMA_AUTO_PULL=true). */
  pulling?: { host: string; model: string; status: string; percent?: number };
  /** The last reason the model was not used, when (ISO 8601), and whether it has answered since (the reason is then past). */
  lastError?: { message: string; at: string; answeredSince: boolean };
}
