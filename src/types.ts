/** The shapes the shared service returns to every front end (CLI, console, Discord). */

export interface PaperRef {
  id: string;
  title: string;
  url?: string;
  authors: string[];
  year?: number;
  venue?: string;
}

/** A retrieved chunk, numbered as the writer and the user see it. */
export interface Source {
  n: number;
  paperId: string;
  title: string;
  url?: string;
  score: number;
  text: string;
  chunkId: string;
  /** Character offsets of `text` within the paper's abstract. */
  start: number;
  end: number;
}

export interface Citation {
  n: number;
  paperId: string;
  title: string;
  url?: string;
  /** The sentence of the source that the claim relies on, when known. */
  quote?: string;
}

export type AnswerMode = 'extractive' | 'ollama';

export interface Answer {
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
  notice?: string;
  /** True when generation stopped early (timeout or an error mid-stream) and the answer is partial. */
  truncated?: boolean;
  cached?: boolean;
  elapsedMs: number;
}

export interface Summary {
  paper: PaperRef;
  summary: string;
  mode: AnswerMode;
  model?: string;
  citations: Citation[];
  sources: Source[];
  notice?: string;
  truncated?: boolean;
  elapsedMs: number;
}

export interface RelatedPaper {
  paperId: string;
  title: string;
  url?: string;
  score: number;
  /** Why it is related: shared key terms, or the model's grounded sentence. */
  reason: string;
}

export interface Related {
  query: string;
  /** The paper the query resolved to, when it named one. */
  paper?: PaperRef;
  related: RelatedPaper[];
  mode: AnswerMode;
  model?: string;
  notice?: string;
  elapsedMs: number;
}

/** A previous turn of a conversation, for follow-up questions. */
export interface Turn {
  question: string;
  answer: string;
}

/** What a front end hears while an answer is being prepared. */
export type ProgressEvent =
  | { type: 'queued'; position: number }
  | { type: 'started' }
  | { type: 'retrieved'; sources: Source[] }
  | { type: 'token'; text: string; soFar: string }
  | { type: 'notice'; message: string };

export interface RequestOptions {
  signal?: AbortSignal;
  onProgress?: (event: ProgressEvent) => void;
}
