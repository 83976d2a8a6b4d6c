/**
 * Fits a prompt into the model's context window (num_ctx). Ollama silently drops the start of
 * a prompt that is too long, which is where the instructions are, so the prompt is made to fit
 * before it is sent: the earlier turn goes first, then the lowest-ranked sources, then the tail
 * of the last source left. The system prompt and the task are never cut; if they alone do not
 * fit, the caller is told so and must not ask the model.
 */
import type { ChatMessage, PromptSource } from './prompts.js';

/**
 * Tokens are counted as characters / 3: real English runs near 4 characters a token, but paper
 * abstracts are dense with numbers, names and symbols that split into more tokens. Erring high
 * costs a source now and then; erring low costs the instructions.
 */
export const CHARS_PER_TOKEN = 3;
/** The chat template's role markers and separators around each message. */
const TOKENS_PER_MESSAGE = 8;
/** A source trimmed below this says too little to be worth citing. */
const MIN_SOURCE_CHARS = 200;

export function estimateTokens(text: string): number {
  return Math.ceil(text.length / CHARS_PER_TOKEN);
}

export function messagesTokens(messages: ChatMessage[]): number {
  return messages.reduce((sum, m) => sum + estimateTokens(m.content) + TOKENS_PER_MESSAGE, 0);
}

/** Tokens kept free for the answer, which is also the cap on its length (num_predict). */
export function answerReserve(numCtx: number, wanted: number): number {
  return Math.max(64, Math.min(wanted, Math.floor(numCtx / 4)));
}

export interface BudgetInput<S extends PromptSource> {
  system: string;
  /** Builds the user message from the sources (and the earlier turn) that are kept. */
  render: (sources: S[], withEarlier: boolean) => string;
  /** Best first; the last ones are dropped first. */
  sources: S[];
  hasEarlier?: boolean;
  numCtx: number;
  /** Tokens reserved for the answer. */
  reserve: number;
}

export interface BudgetResult<S extends PromptSource> {
  /** False when even the instructions with the fewest allowed sources do not fit: do not send. */
  fits: boolean;
  messages: ChatMessage[];
  /** The sources in the prompt, possibly with the last one's text trimmed. */
  sources: S[];
  /** Numbers of the sources left out. */
  dropped: number[];
  /** Numbers of the sources whose text was cut short. */
  trimmed: number[];
  droppedEarlier: boolean;
  promptTokens: number;
  limit: number;
}

export function fitPrompt<S extends PromptSource>(input: BudgetInput<S>): BudgetResult<S> {
  const limit = input.numCtx - input.reserve;
  let withEarlier = input.hasEarlier ?? false;
  let kept = [...input.sources];
  const trimmed: number[] = [];
  const build = (): ChatMessage[] => [
    { role: 'system', content: input.system },
    { role: 'user', content: input.render(kept, withEarlier) },
  ];
  const size = () => messagesTokens(build());
  const result = (fits: boolean): BudgetResult<S> => {
    const messages = build();
    return {
      fits,
      messages,
      sources: kept,
      dropped: input.sources.filter((s) => !kept.some((k) => k.n === s.n)).map((s) => s.n),
      trimmed,
      droppedEarlier: (input.hasEarlier ?? false) && !withEarlier,
      promptTokens: messagesTokens(messages),
      limit,
    };
  };

  if (size() <= limit) return result(true);
  if (withEarlier) {
    withEarlier = false;
    if (size() <= limit) return result(true);
  }
  // At least one source is kept; if that does not fit, the prompt does not fit.
  while (kept.length > 1 && size() > limit) kept = kept.slice(0, -1);
  if (size() <= limit) return result(true);
  if (kept.length === 0) return result(false);

  // One source left (or the minimum) and still too long: cut the last one's tail.
  const last = kept[kept.length - 1]!;
  const withoutText = messagesTokens([
    { role: 'system', content: input.system },
    { role: 'user', content: input.render([...kept.slice(0, -1), { ...last, text: '' }], withEarlier) },
  ]);
  const room = (limit - withoutText) * CHARS_PER_TOKEN - 2;
  if (room >= MIN_SOURCE_CHARS) {
    kept = [...kept.slice(0, -1), { ...last, text: cutText(last.text, room) }];
    trimmed.push(last.n);
    if (size() <= limit) return result(true);
  }
  return result(false);
}

/** The longest prefix of `text` within `max` characters ending at a sentence or word boundary, marked with an ellipsis. */
export function cutText(text: string, max: number): string {
  if (text.length <= max) return text;
  const room = text.slice(0, Math.max(0, max - 1));
  const sentenceEnd = Math.max(room.lastIndexOf('. '), room.lastIndexOf('? '), room.lastIndexOf('! '));
  if (sentenceEnd > room.length * 0.6) return `${room.slice(0, sentenceEnd + 1)} …`.slice(0, max);
  const space = room.lastIndexOf(' ');
  return `${space > 0 ? room.slice(0, space) : room}…`;
}
