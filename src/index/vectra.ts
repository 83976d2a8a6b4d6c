import { createRequire } from 'node:module';
import path from 'node:path';
import type * as Vectra from 'vectra';

/**
 * The three parts of vectra that papercord uses, loaded from their own files. vectra's main
 * module also loads its GPT tokenizer, web fetcher (cheerio) and gRPC server, which papercord
 * never uses: about 0.6 s of CPU at every start of every process (each CLI command, each shard),
 * against about 0.1 s for these. The package's `exports` map only names the main module, so the
 * files are required by their path inside the package's `lib` folder; they are the same module
 * instances that the main module exports.
 */
const require = createRequire(import.meta.url);
const lib = path.dirname(require.resolve('vectra'));
const load = <T>(file: string): T => require(path.join(lib, file)) as T;

export const { LocalIndex } = load<{ LocalIndex: typeof Vectra.LocalIndex }>('LocalIndex.js');
export type LocalIndex<TMetadata extends Record<string, Vectra.MetadataTypes> = Record<string, Vectra.MetadataTypes>> = Vectra.LocalIndex<TMetadata>;
export const { ItemSelector } = load<{ ItemSelector: typeof Vectra.ItemSelector }>('ItemSelector.js');
export const { JsonCodec } = load<{ JsonCodec: typeof Vectra.JsonCodec }>(path.join('codecs', 'JsonCodec.js'));
export type { DocumentCatalog, IndexCodec, IndexData, IndexItem, MetadataTypes } from 'vectra';
