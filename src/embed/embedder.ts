/** Turns text into vectors. Documents and queries may be embedded differently (prefixes). */
export interface Embedder {
  /** Names the embedder and its parameters; an index built by one embedder is never queried with another. */
  readonly id: string;
  readonly kind: 'local' | 'ollama';
  readonly dims: number;
  embedDocuments(texts: string[], onProgress?: (done: number, total: number) => void): Promise<number[][]>;
  embedQuery(text: string): Promise<number[]>;
}
