/**
 * Papers added to a built index without a rebuild: collections and what each sees, full-text
 * chunks with their section and page, removal, repeated additions, compaction, reloading, and
 * what a change cut short leaves for the next start to clean. (Processes killed during a
 * change: test/segments-crash.test.ts; equivalence with a rebuild: test/segments-equivalence.)
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { loadCorpus } from '../src/corpus/load.js';
import type { Paper } from '../src/corpus/paper.js';
import { buildIndex, indexVersion, loadIndex, type LoadedIndex } from '../src/index/store.js';
import { addPapers, AddError, removePaper } from '../src/index/additions.js';
import { compactSegments } from '../src/index/compact.js';
import { cleanOrphans, refreshIndex } from '../src/index/live.js';
import { acquireLock } from '../src/index/lock.js';
import { chunkIndexText, isFullTextChunk } from '../src/chunking.js';
import { Retriever } from '../src/retrieval/retriever.js';
import { DEFAULT_RETRIEVAL } from '../src/config.js';
import { tempDir } from './support/env.js';

const { papers } = await loadCorpus(['icml2026']);
const base = papers.slice(0, 15);
const [first, second, third, fourth] = papers.slice(15) as [Paper, Paper, Paper, Paper];

async function built(): Promise<{ root: string; index: LoadedIndex }> {
  const root = await tempDir();
  return { root, index: await buildIndex({ root, papers: base, embedder: null }) };
}

const retriever = (index: LoadedIndex) => new Retriever(index, index.localEmbedder!, DEFAULT_RETRIEVAL);
const paperIds = async (r: Retriever, q: string) => new Set((await r.search(q)).hits.map((h) => h.paper.id));

test('a paper added to a collection is found by that collection only; the build stays visible to all', async () => {
  const { root, index } = await built();
  const { index: next, added, skipped } = await addPapers(root, [{ collection: 'guild:1', paper: first }], { index });
  assert.deepEqual([added.map((a) => a.paper.id), skipped], [[first.id], []]);
  assert.equal(next.segments.length, 1);
  assert.notEqual(indexVersion(next), indexVersion(index));
  const root0 = retriever(next);
  const mine = root0.view('guild:1');
  const theirs = root0.view('guild:2');
  assert.ok((await paperIds(mine, first.title)).has(first.id));
  assert.ok(!(await paperIds(theirs, first.title)).has(first.id));
  assert.ok(!(await paperIds(root0, first.title)).has(first.id));
  assert.equal(mine.paper(first.id)?.title, first.title);
  assert.equal(theirs.paper(first.id), undefined);
  assert.equal(mine.firstChunk(first.id)?.text, first.abstract.slice(0, mine.firstChunk(first.id)!.end));
  assert.equal(theirs.firstChunk(first.id), undefined);
  assert.equal(mine.collectionOf(first.id), 'guild:1');
  assert.equal(mine.collectionOf(base[0]!.id), undefined);
  assert.deepEqual(mine.addedPapers().map((p) => p.id), [first.id]);
  assert.equal(mine.papers.length, base.length + 1);
  assert.equal(theirs.papers.length, base.length);
  // Every lookup by word respects the collection too.
  const word = [...new Set(first.title.toLowerCase().split(/\W+/))].find((w) => w.length > 6 && !base.some((p) => `${p.title} ${p.abstract}`.toLowerCase().includes(w)));
  if (word) {
    const { terms } = await import('../src/text/terms.js');
    const term = terms(word)[0]!;
    assert.ok(mine.papersWriting(term).has(first.id));
    assert.ok(!theirs.papersWriting(term).has(first.id));
  }
  // Views are kept: asking again is free.
  assert.equal(root0.view('guild:1'), mine);
});

test('the added chunks get the vectors the build gives them: the local embedder as it was fitted for the build, not refitted', async () => {
  const { root, index } = await built();
  const { index: next } = await addPapers(root, [{ collection: 'c', paper: first }], { index });
  const r = retriever(next).view('c');
  const [stored] = await r.chunkVectors(first.id);
  const expected = index.localEmbedder!.vector(chunkIndexText(first, { text: r.firstChunk(first.id)!.text }));
  assert.deepEqual(Array.from(stored!), Array.from(Float32Array.from(expected)));
  const [hit] = await r.vectorSearch(expected, undefined, 1);
  assert.equal(hit?.id, `${first.id}#0`);
});

test('full text is chunked beside the abstract: each chunk has its own text, section and page; the abstract stays the abstract', async () => {
  const { root, index } = await built();
  const method = 'We estimate the quokka coefficient with a zanzibarian sampler over twelve thousand trajectories.';
  const fullText = [
    { section: '§1 Introduction', page: 1, text: 'Papers are long. '.repeat(3) },
    { section: '§3 Method', page: 4, text: `Our method has three parts. ${'The first part warms up the model. '.repeat(40)}` },
    { section: '§3 Method', page: 5, text: `${method} It converges.` },
  ];
  await addPapers(root, [{ collection: 'c', paper: first, fullText }], { index });
  // Read back from disk, as another process or a restart would.
  const r = retriever(await loadIndex(root)).view('c');
  const hits = (await r.search('zanzibarian quokka coefficient')).hits;
  const top = hits[0]!;
  assert.equal(top.paper.id, first.id);
  assert.ok(isFullTextChunk(top.chunk));
  assert.equal(top.chunk.section, '§3 Method');
  // The section's one chunk runs from page 4 onto page 5, where the sentence asked about is.
  assert.deepEqual([top.chunk.page, top.chunk.pageEnd], [4, 5]);
  assert.ok(top.chunk.text.includes(method));
  assert.equal(r.paper(first.id)!.abstract, first.abstract);
  const own = r.firstChunk(first.id)!;
  assert.equal(own.section, undefined);
  assert.equal(own.text, first.abstract.slice(own.start, own.end));
  const intro = (await r.search('Papers are long')).hits.find((h) => h.chunk.section === '§1 Introduction');
  assert.deepEqual([intro?.chunk.page, intro?.chunk.pageEnd], [1, undefined]);
});

test('adding again is a no-op: a paper its collection holds, a paper of the build, or one given twice is skipped with the reason', async () => {
  const { root, index } = await built();
  const once = await addPapers(root, [{ collection: 'c', paper: first }], { index });
  const again = await addPapers(root, [{ collection: 'c', paper: first }, { collection: 'c', paper: base[0]! }, { collection: 'd', paper: second }, { collection: 'd', paper: second }], { index: once.index });
  assert.deepEqual(
    again.skipped.map((s) => [s.collection, s.id, s.reason]),
    [
      ['c', first.id, 'already in the collection'],
      ['c', base[0]!.id, 'in the shipped corpus'],
      ['d', second.id, 'twice in this request'],
    ],
  );
  assert.deepEqual(again.added.map((a) => [a.collection, a.paper.id]), [['d', second.id]]);
  const nothing = await addPapers(root, [{ collection: 'c', paper: first }], { index: again.index });
  assert.equal(nothing.index, again.index);
  await assert.rejects(addPapers(root, [{ collection: '', paper: first }]), AddError);
  await assert.rejects(addPapers(root, [{ collection: 'c', paper: { ...first, title: ' ' } }]), /has no title/);
  await assert.rejects(addPapers(root, [{ collection: 'c', paper: first, fullText: [{ section: 's', page: 0, text: 't' }] }]), /page/);
});

test('two collections may hold the same paper; removing it from one leaves the other, and it can be added back', async () => {
  const { root, index } = await built();
  let current = (await addPapers(root, [{ collection: 'a', paper: first }, { collection: 'b', paper: first }], { index })).index;
  assert.equal(current.segments.length, 2);
  const removed = await removePaper(root, 'a', first.id, { index: current });
  assert.equal(removed.removed, true);
  current = removed.index;
  const r = retriever(current);
  assert.equal(r.view('a').paper(first.id), undefined);
  assert.ok(!(await paperIds(r.view('a'), first.title)).has(first.id));
  assert.ok((await paperIds(r.view('b'), first.title)).has(first.id));
  assert.deepEqual(await removePaper(root, 'a', first.id, { index: current }).then((x) => [x.removed, x.reason]), [false, 'not in the collection']);
  assert.deepEqual(await removePaper(root, 'a', base[0]!.id, { index: current }).then((x) => [x.removed, x.reason]), [false, 'in the shipped corpus']);
  current = (await addPapers(root, [{ collection: 'a', paper: first }], { index: current })).index;
  assert.equal(retriever(current).view('a').paper(first.id)?.id, first.id);
  // The removal survives a reload: the tombstone is in the list.
  const reloaded = await loadIndex(root);
  assert.deepEqual(reloaded.segments.map((s) => [s.collection, [...s.removed]]), [['a', [first.id]], ['b', []], ['a', []]]);
});

test('compaction merges a collection\'s segments into one, drops the removed papers and the old folders, and answers as before', async () => {
  const { root, index } = await built();
  let current = index;
  for (const paper of [first, second, third, fourth]) current = (await addPapers(root, [{ collection: 'c', paper }], { index: current, maxSegments: 0 })).index;
  current = (await addPapers(root, [{ collection: 'd', paper: first }], { index: current, maxSegments: 0 })).index;
  current = (await removePaper(root, 'c', second.id, { index: current })).index;
  const question = `${third.title}?`;
  const before = (await retriever(current).view('c').search(question)).hits.map((h) => [h.chunk.id, h.score]);
  const folder = path.join(current.dir, 'segments');
  const { index: compacted, merges } = await compactSegments(root, { index: current });
  assert.deepEqual(merges.map((m) => [m.collection, m.from.length, m.papers, m.dropped]), [['c', 4, 3, 1]]);
  assert.deepEqual(compacted.segments.map((s) => [s.collection, s.papers.map((p) => p.id)]), [['c', [first.id, third.id, fourth.id]], ['d', [first.id]]]);
  assert.deepEqual((await fs.readdir(folder)).sort(), compacted.segments.map((s) => s.name).sort());
  assert.deepEqual((await retriever(compacted).view('c').search(question)).hits.map((h) => [h.chunk.id, h.score]), before);
  assert.deepEqual((await loadIndex(root)).segments.map((s) => s.name), compacted.segments.map((s) => s.name));
  // Nothing left to merge: nothing is written.
  assert.equal((await compactSegments(root, { index: compacted })).index, compacted);
});

test('an addition that takes a collection past INDEX_MAX_SEGMENTS compacts it in the background and tells the new index', async () => {
  const { root, index } = await built();
  let current = index;
  for (const paper of [first, second, third]) current = (await addPapers(root, [{ collection: 'c', paper }], { index: current, maxSegments: 3 })).index;
  let told: LoadedIndex | undefined;
  const last = await addPapers(root, [{ collection: 'c', paper: fourth }], { index: current, maxSegments: 3, onCompacted: (i) => (told = i) });
  assert.equal(last.index.segments.length, 4);
  const compacted = await last.compaction!;
  assert.ok(compacted);
  assert.equal(told, compacted);
  assert.deepEqual(compacted.segments.map((s) => s.papers.length), [4]);
});

test('another process\'s changes are read by refreshIndex: only the new segments; a rebuild is loaded whole', async () => {
  const { root, index } = await built();
  const elsewhere = await loadIndex(root);
  const { index: added } = await addPapers(root, [{ collection: 'c', paper: first }], { index: elsewhere });
  const seen = await refreshIndex(index);
  assert.equal(seen.generation, added.generation);
  assert.deepEqual(seen.segments.map((s) => s.name), added.segments.map((s) => s.name));
  assert.equal(seen.papers, index.papers, 'the build is not read again');
  assert.equal(await refreshIndex(seen), seen);
  await buildIndex({ root, papers: papers.slice(0, 10), embedder: null });
  const rebuilt = await refreshIndex(seen);
  assert.equal(rebuilt.papers.length, 10);
  assert.equal(rebuilt.segments.length, 0);
});

test('what a change cut short left is removed at the next start, unless another process holds the lock', async () => {
  const { root, index } = await built();
  const { index: next } = await addPapers(root, [{ collection: 'c', paper: first }], { index });
  const folder = path.join(next.dir, 'segments');
  await fs.mkdir(path.join(folder, '.tmp-seg-000009-abcdef'), { recursive: true });
  await fs.mkdir(path.join(folder, 'seg-000009-abcdef'));
  await fs.writeFile(path.join(next.dir, 'segments.json.123.deadbeef.tmp'), '{"half');
  const lock = await acquireLock(path.join(root, '.lock'));
  assert.deepEqual(await cleanOrphans(root), []);
  await lock.release();
  assert.deepEqual((await cleanOrphans(root)).sort(), ['.tmp-seg-000009-abcdef', 'seg-000009-abcdef', 'segments.json.123.deadbeef.tmp']);
  assert.deepEqual(await fs.readdir(folder), next.segments.map((s) => s.name));
  assert.equal((await loadIndex(root)).segments.length, 1);
});

test('a long section is chunked as an abstract is, each chunk on the pages its text is on', async () => {
  const { chunkFullText } = await import('../src/chunking.js');
  const sentence = (page: number, i: number) => `Sentence ${i} of page ${page} states one more finding about the method.`;
  const pageText = (page: number) => Array.from({ length: 30 }, (_, i) => sentence(page, i)).join(' ');
  const chunks = chunkFullText('p', [{ section: '§2 Background', page: 2, text: 'Short.' }, ...[3, 4, 5].map((page) => ({ section: '§3 Method', page, text: pageText(page) }))], 1);
  assert.deepEqual(chunks[0]!, { id: 'p#1', paperId: 'p', index: 1, start: 0, end: 6, text: 'Short.', section: '§2 Background', page: 2 });
  const method = chunks.slice(1);
  assert.ok(method.length > 2);
  for (const c of method) {
    const pages = [...c.text.matchAll(/of page (\d)/g)].map((m) => Number(m[1]));
    assert.equal(c.section, '§3 Method');
    assert.equal(c.page, pages[0]);
    assert.equal(c.pageEnd ?? c.page, pages.at(-1));
  }
  assert.deepEqual(method.map((c) => c.index), method.map((_, i) => i + 2));
});
