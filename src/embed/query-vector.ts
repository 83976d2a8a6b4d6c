import { AsyncLocalStorage } from 'node:async_hooks';
import type { Embedder } from './embedder.js';
import { EmbeddingFailed } from './ollama.js';
import { joinNotices } from '../notice.js';
import type { Notice } from '../types.js';

/** The first query embedding that failed while one request was answered. */
interface SearchFailure {
  failure?: EmbeddingFailed;
}

/**
 * Per request, not on the embedder: questions are answered concurrently, and only those that
 * searched while the server failed were searched by words alone (a paper's authors were not).
 */
const searchFailures = new AsyncLocalStorage<SearchFailure>();

/**
 * A question's vector, or null when the embedding server did not give one (stopped, erroring,
 * silent): the search is then made by words alone (BM25), and the question is answered rather
 * than lost. The failure is kept for the request being answered (see withSearchNotice).
 */
export async function queryVector(embedder: Embedder, text: string): Promise<number[] | null> {
  try {
    return await embedder.embedQuery(text);
  } catch (e) {
    if (!(e instanceof EmbeddingFailed)) throw e;
    const missed = searchFailures.getStore();
    if (missed) missed.failure ??= e;
    return null;
  }
}

/**
 * Runs a request and, when one of its searches had no query vector, says so in its notice: what
 * happened in words for anyone, and the server, the error and the fix for the operator.
 */
export async function withSearchNotice<T extends { notice?: Notice }>(request: () => Promise<T>): Promise<T> {
  const missed: SearchFailure = {};
  const result = await searchFailures.run(missed, request);
  if (!missed.failure) return result;
  const searched: Notice = { said: "The papers were searched by the question's words only, not by its meaning: the embedding model did not answer.", forOperator: missed.failure.forOperator };
  return { ...result, notice: joinNotices(searched, result.notice) };
}

/** Whether a search of the request being answered was made by words only: its answer is not one to keep for the same question later, once the server answers again. */
export function searchedByWordsOnly(): boolean {
  return searchFailures.getStore()?.failure !== undefined;
}
