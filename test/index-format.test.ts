import { test } from 'node:test';
import assert from 'node:assert/strict';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { LocalIndex, type IndexItem } from 'vectra';
import { Float32VectorCodec } from '../src/index/vector-codec.js';
import { decodePapers, encodePapers, type PapersFile } from '../src/index/papers-file.js';
import { loadCorpus } from '../src/corpus/load.js';
import { buildIndex, currentBuildDir, loadIndex } from '../src/index/store.js';
import { chunkIndexText } from '../src/chunking.js';
import { tempDir } from './support/env.js';

const codec = new Float32VectorCodec();
const items: IndexItem[] = [
  { id: 'a#0', metadata: { paperId: 'a', chunk: 0 }, vector: [0.25, -1.5, 3], norm: Math.hypot(0.25, -1.5, 3) },
  { id: 'b#1', metadata: { paperId: 'b', chunk: 1 }, vector: [0.1, 0.2, 0.3], norm: 0.37416573867739417 },
];

test('the float32 codec round-trips ids, metadata, norms (as float64) and vectors (as float32)', () => {
  const back = codec.deserializeIndex(codec.serializeIndex({ version: 1, metadata_config: {}, items }));
  assert.equal(back.items.length, 2);
  for (const [i, item] of back.items.entries()) {
    assert.equal(item.id, items[i]!.id);
    assert.deepEqual(item.metadata, items[i]!.metadata);
    assert.equal(item.norm, items[i]!.norm);
    assert.deepEqual(Array.from(item.vector), items[i]!.vector.map(Math.fround));
  }
});

test('the float32 codec reads a file from any byte offset, and rejects a foreign, truncated or padded one', () => {
  const bytes = codec.serializeIndex({ version: 1, metadata_config: {}, items });
  // A buffer starting at an odd offset, as a pooled allocation can: the views need a copy.
  const odd = Buffer.alloc(bytes.length + 3).subarray(3);
  bytes.copy(odd);
  assert.deepEqual(Array.from(codec.deserializeIndex(odd).items[1]!.vector), items[1]!.vector.map(Math.fround));
  assert.throws(() => codec.deserializeIndex(Buffer.from('{"version":1,"items":[]}')), /bad magic/);
  assert.throws(() => codec.deserializeIndex(bytes.subarray(0, bytes.length - 4)), /truncated or corrupt/);
  assert.throws(() => codec.deserializeIndex(Buffer.concat([bytes, Buffer.alloc(4)])), /truncated or corrupt/);
  assert.throws(() => codec.serializeIndex({ version: 1, metadata_config: {}, items: [items[0]!, { ...items[1]!, vector: [1, 2] }] }), /2 dimensions, the index 3/);
});

test('vectra itself opens a shard through the codec and queries it', async () => {
  const dir = await tempDir();
  await fs.writeFile(path.join(dir, `index${codec.extension}`), codec.serializeIndex({ version: 1, metadata_config: {}, items }));
  const index = new LocalIndex(dir, undefined, undefined, codec);
  const hits = await index.queryItems([0.1, 0.2, 0.3], '', 2);
  assert.deepEqual(hits.map((h) => h.item.id), ['b#1', 'a#0']);
  assert.ok(Math.abs(hits[0]!.score - 1) < 1e-6, String(hits[0]!.score));
});

test('papers stored as rows plus one file of abstracts decode to the same papers, non-ASCII and code links included, and show in JSON', () => {
  const papers = [
    { id: 'x', title: 'X', abstract: 'Plain text.', authors: [], aliases: [], source: { file: 'a.jsonl', record: 'line 1' }, year: 2026, venue: 'ICML', url: 'https://x', code: ['https://github.com/x/x', 'https://x.org/data'] },
    { id: 'y', title: 'Y', abstract: 'Δ-updates — naïve “quotes” 😀 and 中文.', authors: ['A'], authorsIncomplete: true, aliases: ['y2'], source: { file: 'b.md', record: 'post' } },
    { id: 'z', title: 'Z', abstract: '', authors: [], aliases: [], source: { file: 'a.jsonl', record: 'line 3' }, venue: 'ICML' },
  ];
  const { json, abstracts } = encodePapers(papers);
  const file = JSON.parse(json) as PapersFile;
  assert.deepEqual(file.files, ['a.jsonl', 'b.md']);
  assert.ok(!json.includes('Plain text'));
  const back = decodePapers(file, abstracts);
  assert.deepEqual(JSON.parse(JSON.stringify(back)), papers);
  assert.deepEqual({ ...back[1]! }, papers[1]);
  assert.throws(() => decodePapers({ ...file, papers: [[...file.papers[1]!.slice(0, 9), 0, abstracts.length + 1] as unknown as PapersFile['papers'][number]] }, abstracts), /outside abstracts\.bin/);
  assert.throws(() => decodePapers({ ...file, files: [] }, abstracts), /not in papers\.json's lists/);
});

test('abstracts.bin changed in place, its size kept, is refused rather than answered from as U+FFFD', () => {
  const papers = [
    { id: 'x', title: 'X', abstract: 'Plain text about retrieval and indexing.', authors: [], aliases: [], source: { file: 'a.jsonl', record: 'line 1' } },
    { id: 'y', title: 'Y', abstract: 'Δ-updates — naïve “quotes” 😀 and 中文.', authors: [], aliases: [], source: { file: 'a.jsonl', record: 'line 2' } },
  ];
  const { json, abstracts } = encodePapers(papers);
  const file = JSON.parse(json) as PapersFile;
  // What QA did: the second half overwritten with 0xff bytes.
  const damaged = Buffer.from(abstracts);
  damaged.fill(0xff, damaged.length >> 1);
  assert.throws(() => decodePapers(file, damaged), /abstracts\.bin is not UTF-8/);
  // Offsets moved by one byte, into the middle of "Δ": the bytes are still UTF-8, the abstract would not be.
  const [start, end] = file.papers[1]!.slice(9, 11) as [number, number];
  const shifted = { ...file, papers: [file.papers[0]!, [...file.papers[1]!.slice(0, 9), start + 1, end] as unknown as PapersFile['papers'][number]] };
  assert.throws(() => decodePapers(shifted, abstracts), /cut through a character/);
});

test('an index loaded back serves the same chunk texts and vectors it was built with', async () => {
  const { papers } = await loadCorpus(['icml2026']);
  const root = await tempDir();
  const built = await buildIndex({ root, papers, embedder: null });
  const loaded = await loadIndex(root);
  assert.deepEqual(loaded.chunks.map((c) => c.text), built.chunks.map((c) => c.text));
  assert.deepEqual(loaded.papers.map((p) => p.abstract), papers.map((p) => p.abstract));
  const shardItems = await loaded.shards[0]!.listItems();
  const texts = loaded.chunks.map((c) => chunkIndexText(loaded.papers.find((p) => p.id === c.paperId)!, c));
  const vectors = await built.localEmbedder!.embedDocuments(texts);
  assert.deepEqual(shardItems.map((i) => Array.from(i.vector)), vectors.map((v) => v.map(Math.fround)));
  assert.ok((await fs.readdir(path.join((await currentBuildDir(root))!, 'shard-000'))).includes('index.f32'));
});
