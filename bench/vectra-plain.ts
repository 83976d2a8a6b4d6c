/**
 * "The plain way" to use vectra for this job, for comparison: one LocalDocumentIndex,
 * upsertDocument per paper, queryDocuments in its BM25 mode. Embeddings come from our local
 * embedder behind vectra's EmbeddingsModel interface, so no network is needed and both sides
 * embed the same way.
 */
import { promises as fs } from 'node:fs';
import { LocalDocumentIndex, type EmbeddingsModel, type EmbeddingsResponse } from 'vectra';
import type { Paper } from '../src/corpus/paper.js';
import type { LocalEmbedder } from '../src/embed/local.js';

export class LocalEmbeddingsModel implements EmbeddingsModel {
  // Vectra batches chunks up to this many tokens per call; the local embedder has no limit.
  readonly maxTokens = 8192;

  constructor(private readonly embedder: LocalEmbedder) {}

  async createEmbeddings(inputs: string | string[]): Promise<EmbeddingsResponse> {
    const list = Array.isArray(inputs) ? inputs : [inputs];
    return { status: 'success', output: list.map((t) => this.embedder.vector(t)) };
  }
}

/** The text vectra gets for a paper: title and abstract, like the text papercord embeds per chunk. */
export function documentText(p: Paper): string {
  return `${p.title}\n${p.abstract}`;
}

export async function createPlainIndex(folder: string, embedder: LocalEmbedder): Promise<LocalDocumentIndex> {
  await fs.rm(folder, { recursive: true, force: true });
  const index = new LocalDocumentIndex({ folderPath: folder, embeddings: new LocalEmbeddingsModel(embedder) });
  await index.createIndex({ version: 1 });
  return index;
}

/** An index `createPlainIndex` built and filled earlier. */
export function openPlainIndex(folder: string, embedder: LocalEmbedder): LocalDocumentIndex {
  return new LocalDocumentIndex({ folderPath: folder, embeddings: new LocalEmbeddingsModel(embedder) });
}

/** Paper ids of the documents vectra returns for a question, best first. */
export async function plainQuery(index: LocalDocumentIndex, question: string, maxDocuments = 5): Promise<string[]> {
  const results = await index.queryDocuments(question, { maxDocuments, isBm25: true });
  return results.map((r) => r.uri);
}
