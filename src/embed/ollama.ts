import type { Ollama } from 'ollama';
import type { Embedder } from './embedder.js';

/** Task prefixes some embedding models were trained with; without them retrieval quality drops. */
const PREFIXES: { match: RegExp; document: string; query: string }[] = [
  { match: /nomic-embed/, document: 'search_document: ', query: 'search_query: ' },
  { match: /mxbai-embed|snowflake-arctic-embed|bge-/, document: '', query: 'Represent this sentence for searching relevant passages: ' },
  { match: /e5/, document: 'passage: ', query: 'query: ' },
];

export function embeddingPrefixes(model: string): { document: string; query: string } {
  return PREFIXES.find((p) => p.match.test(model)) ?? { document: '', query: '' };
}

/** Embeddings from an Ollama server, in batches. */
export class OllamaEmbedder implements Embedder {
  readonly kind = 'ollama' as const;
  readonly id: string;
  private readonly prefixes: { document: string; query: string };

  constructor(
    private readonly client: Ollama,
    readonly model: string,
    readonly dims: number,
    private readonly opts: { batchSize?: number; keepAlive?: string } = {},
  ) {
    this.id = `ollama-${model.replace(/[^a-z0-9.-]+/gi, '_')}-${dims}`;
    this.prefixes = embeddingPrefixes(model);
  }

  /** Learns the model's dimensions from one embedding. */
  static async connect(client: Ollama, model: string, opts: { batchSize?: number; keepAlive?: string } = {}): Promise<OllamaEmbedder> {
    const res = await client.embed({ model, input: 'dimension probe', keep_alive: opts.keepAlive });
    const dims = res.embeddings[0]?.length;
    if (!dims) throw new Error(`${model} returned no embedding`);
    return new OllamaEmbedder(client, model, dims, opts);
  }

  async embedDocuments(texts: string[], onProgress?: (done: number, total: number) => void): Promise<number[][]> {
    const batch = this.opts.batchSize ?? 32;
    const out: number[][] = [];
    for (let i = 0; i < texts.length; i += batch) {
      const input = texts.slice(i, i + batch).map((t) => this.prefixes.document + t);
      const res = await this.client.embed({ model: this.model, input, truncate: true, keep_alive: this.opts.keepAlive });
      if (res.embeddings.length !== input.length) throw new Error(`${this.model} returned ${res.embeddings.length} embeddings for ${input.length} texts`);
      out.push(...res.embeddings);
      onProgress?.(out.length, texts.length);
    }
    return out;
  }

  async embedQuery(text: string): Promise<number[]> {
    const res = await this.client.embed({ model: this.model, input: this.prefixes.query + text, truncate: true, keep_alive: this.opts.keepAlive });
    const v = res.embeddings[0];
    if (!v) throw new Error(`${this.model} returned no embedding`);
    return v;
  }
}
