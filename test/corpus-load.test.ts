import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PROJECT_ROOT } from '../src/config.js';
import { ABSTRACT_CHARS_WARNED, CORPUS_PRESETS, dedupePapers, describeIgnored, gatherImports, loadCorpus, summarizeLoad } from '../src/corpus/load.js';
import type { CorpusProblem, Paper } from '../src/corpus/paper.js';

let dir: string;
before(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'papercord-corpus-'));
});
after(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** Writes files under a fresh folder of the temp dir; returns that folder. */
async function fixture(name: string, files: Record<string, string | Uint8Array>): Promise<string> {
  const root = path.join(dir, name);
  for (const [rel, content] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(root, rel)), { recursive: true });
    await writeFile(path.join(root, rel), content);
  }
  return root;
}

const abs = (n: number | string) => `Abstract number ${n} describes a method and its results in enough words.`;
const post = (id: string, title: string, abstract = abs(id)) =>
  `---\ntitle: '${title}'\nabstract: ${abstract}\nid: ${id}\nvolume: '306'\nauthor:\n- given: Ann\n  family: Smith\n---\n`;

const SIX = ['dementyev26a', 'deng26w', 'meng26a', 'linghu26a', 'zeller26a', 'wu26bw'];

test('presets point at the shipped data', () => {
  assert.deepEqual(Object.keys(CORPUS_PRESETS).sort(), ['icml2026', 'pmlr-v306']);
  assert.equal(CORPUS_PRESETS.icml2026, 'data/corpus/icml2026/icml2026-abstracts.txt');
});

test('icml2026 alone: 19 papers with the sidecar titles, one file, no problems', async () => {
  const r = await loadCorpus(['icml2026']);
  const meta = JSON.parse(readFileSync(path.join(PROJECT_ROOT, 'data/corpus/icml2026/icml2026-abstracts.meta.json'), 'utf8')) as { papers: { title: string }[] };
  assert.equal(r.papers.length, 19);
  assert.deepEqual(r.papers.map((p) => p.title), meta.papers.map((p) => p.title));
  assert.deepEqual(r.problems, []);
  assert.deepEqual(r.files, ['data/corpus/icml2026/icml2026-abstracts.txt']);
  assert.equal(summarizeLoad(r), 'corpus: 19 papers indexed, 0 skipped, 0 problems from 1 file');
});

test('icml2026 + pmlr-v306: 306 papers, the six shared papers reported once each as duplicates', async () => {
  const r = await loadCorpus(['icml2026', 'pmlr-v306']);
  assert.equal(r.papers.length, 306);
  assert.equal(r.skipped, 6);
  assert.equal(r.files.length, 294);
  assert.equal(summarizeLoad(r), 'corpus: 306 papers indexed, 6 skipped (6 duplicates), 0 problems from 294 files');
  assert.equal(new Set(r.papers.map((p) => p.id)).size, 306);
  assert.deepEqual(r.problems.map((p) => p.duplicateOf).sort(), [...SIX].sort());
  for (const p of r.problems) {
    assert.equal(p.severity, 'info');
    assert.match(p.file, /^data\/corpus\/pmlr-v306\/posts\/2026-09-29-[a-z]+26[a-z]+\.md$/);
    assert.match(p.record!, /^front matter \(id [a-z]+26[a-z]+\)$/);
    assert.match(p.message, /^duplicate of [a-z]+26[a-z]+ \(from data\/corpus\/icml2026\/icml2026-abstracts\.txt, paragraph \d+ \(line \d+\)\)$/);
  }
  // The 19 come first and keep their sidecar data; the PMLR copies add their ids and full author lists.
  const first19 = r.papers.slice(0, 19);
  assert.deepEqual(first19.filter((p) => SIX.includes(p.id)).map((p) => p.id), SIX);
  assert.ok(first19.every((p) => p.source.file === 'data/corpus/icml2026/icml2026-abstracts.txt'));
  const phase = first19[0];
  assert.equal(phase.id, 'dementyev26a');
  assert.equal(phase.authors[0], 'Artem Dementyev');
  assert.ok(phase.authors.length > 1, 'full author list merged from the PMLR post');
});

test('pmlr-v306 first: the PMLR records win and the abstracts-file copies are the duplicates', async () => {
  const r = await loadCorpus(['pmlr-v306', 'icml2026']);
  assert.equal(r.papers.length, 306);
  assert.deepEqual(r.problems.map((p) => p.file), Array(6).fill('data/corpus/icml2026/icml2026-abstracts.txt'));
  const phase = r.papers.find((p) => p.id === 'dementyev26a')!;
  assert.equal(phase.url, 'https://proceedings.mlr.press/v306/dementyev26a.html');
  assert.ok(phase.aliases.includes('2601.21124'), 'arXiv id merged from the sidecar');
});

test('a folder is walked recursively in name order; sidecars, hidden, README and other files are not records', async () => {
  const root = await fixture('walk', {
    'b/notes-abstracts.txt': `Notes\n\n${abs(1)}\n\n${abs(2)}\n`,
    'b/notes-metadata.json': JSON.stringify({ venue: 'NeurIPS 2025', papers: [{ abstract_starts_with: 'Abstract number 1', title: 'One' }, { abstract_starts_with: 'Abstract number 2', title: 'Two', arxiv: '2501.00002' }] }),
    'a/records.json': JSON.stringify([{ title: 'Three', abstract: abs(3) }]),
    'a/deeper/lines.jsonl': JSON.stringify({ title: 'Four', abstract: abs(4) }) + '\n',
    'c/2026-01-01-five26a.md': post('five26a', 'Five'),
    'c/README.md': '# Not a post',
    '.hidden/six.json': JSON.stringify([{ title: 'Six', abstract: abs(6) }]),
    '.seven.jsonl': JSON.stringify({ title: 'Seven', abstract: abs(7) }),
    'paper.pdf': '%PDF-1.4',
  });
  const r = await loadCorpus([root]);
  assert.deepEqual(r.problems, []);
  assert.deepEqual(r.ignored, { unsupported: [path.join(root, 'paper.pdf')], own: [] }, 'files of other types are listed, README and hidden ones are not');
  assert.deepEqual(r.papers.map((p) => p.title), ['Four', 'Three', 'One', 'Two', 'Five']);
  assert.deepEqual(r.files.map((f) => path.relative(root, f)), ['a/deeper/lines.jsonl', 'a/records.json', 'b/notes-abstracts.txt', 'c/2026-01-01-five26a.md']);
  assert.equal(r.papers[3].id, '2501.00002');
  assert.equal(r.papers[3].venue, 'NeurIPS 2025');
  // Named directly, a sidecar is still not read as records.
  const again = await loadCorpus(['b/notes-abstracts.txt', 'b/notes-metadata.json', 'b/notes-abstracts.txt'], { root });
  assert.deepEqual(again.papers.map((p) => p.title), ['One', 'Two']);
  assert.equal(again.files.length, 1);
});

test('relative entries resolve against opts.root; missing paths are problems naming them', async () => {
  const root = await fixture('rel', { 'x.jsonl': JSON.stringify({ title: 'X', abstract: abs('x') }) });
  const r = await loadCorpus(['x.jsonl', 'nope/missing.json', 'icml2027'], { root });
  assert.deepEqual(r.papers.map((p) => p.title), ['X']);
  assert.deepEqual(r.problems.map((p) => p.file), ['nope/missing.json', 'icml2027']);
  for (const p of r.problems) assert.match(p.message, /not found/);
  assert.equal(summarizeLoad(r), 'corpus: 1 paper indexed, 0 skipped, 2 problems from 1 file');
});

test('unreadable content: empty, whitespace-only, binary and invalid UTF-8 files are problems naming the file', async () => {
  const root = await fixture('bad', {
    'empty.jsonl': '',
    'blank.txt': '\n  \n',
    'binary.json': new Uint8Array([0x7b, 0x00, 0x01, 0x02, 0x7d]),
    'latin1.md': new Uint8Array([...Buffer.from('---\ntitle: Caf'), 0xe9, ...Buffer.from('\n---\n')]),
    'good.jsonl': JSON.stringify({ title: 'Good', abstract: abs('good') }),
  });
  const r = await loadCorpus([root]);
  assert.deepEqual(r.papers.map((p) => p.title), ['Good']);
  const byFile = Object.fromEntries(r.problems.map((p) => [path.basename(p.file), p.message]));
  assert.deepEqual(byFile, {
    'binary.json': 'binary file (NUL bytes), not text',
    'blank.txt': 'empty file',
    'empty.jsonl': 'empty file',
    'latin1.md': 'not valid UTF-8 text',
  });
  assert.ok(r.problems.every((p) => path.isAbsolute(p.file) && p.record === undefined));
  assert.equal(summarizeLoad(r), 'corpus: 1 paper indexed, 0 skipped, 4 problems from 5 files');
});

test('bad records across formats: each problem names its file and record, the rest still load', async () => {
  const root = await fixture('mixed', {
    '1-bad.json': '[{"title": "A", "abstract": ',
    '2-lines.jsonl': [JSON.stringify({ id: 'ok1', title: 'Ok one', abstract: abs('ok1') }), '{oops}', JSON.stringify({ id: 'noabs', title: 'No abstract' })].join('\n'),
    '3-post.md': '---\ntitle: [broken\nabstract: x: y: z\n---\n',
    '4-untitled.json': JSON.stringify([{ id: 'u1', abstract: 'Untitled work on corpora. It has no title at all.' }]),
  });
  const r = await loadCorpus([root]);
  assert.deepEqual(r.papers.map((p) => p.id), ['ok1', 'u1']);
  assert.equal(r.papers[1].title, 'Untitled work on corpora');
  const rel = r.problems.map((p) => [path.basename(p.file), p.record ?? null]);
  assert.deepEqual(rel, [
    ['1-bad.json', null],
    ['2-lines.jsonl', 'line 2'],
    ['2-lines.jsonl', 'line 3 (id noabs)'],
    ['3-post.md', null],
    ['4-untitled.json', 'record 1 (id u1)'],
  ]);
  assert.match(r.problems[0].message, /^not valid JSON at line 1/);
  assert.match(r.problems[3].message, /^front matter is not valid YAML at line \d+/);
  assert.equal(r.problems[4].message, 'no title in the metadata; using the first sentence');
  assert.equal(r.skipped, 3);
  assert.equal(summarizeLoad(r), 'corpus: 2 papers indexed, 3 skipped, 5 problems from 4 files');
});

test('duplicates: same title is an info duplicate; same id with another title is a warning and skipped', async () => {
  const root = await fixture('dups', {
    'a.jsonl': [
      JSON.stringify({ id: 'p1', title: 'Attention Is All You Need', abstract: abs(1), arxiv: '1706.03762' }),
      JSON.stringify({ id: 'p2', title: 'attention is all   you need!', abstract: abs(2) }),
      JSON.stringify({ id: 'p1', title: 'A Completely Different Paper', abstract: abs(3) }),
      JSON.stringify({ id: 'p3', title: 'Another One', abstract: abs(4), arxiv: 'arXiv:1706.03762' }),
      JSON.stringify({ id: 'p1', title: 'Attention is All you Need (corrected)', abstract: abs(1) }),
    ].join('\n'),
  });
  const r = await loadCorpus([path.join(root, 'a.jsonl')]);
  assert.deepEqual(r.papers.map((p) => p.id), ['p1']);
  assert.deepEqual(r.papers[0].aliases.sort(), ['1706.03762', 'attention-is-all-you-need', 'attention-is-all-you-need-corrected', 'p2'].sort());
  assert.deepEqual(r.problems.map((p) => [p.record, p.severity ?? 'warning', p.duplicateOf ?? null]), [
    ['line 2 (id p2)', 'info', 'p1'],
    ['line 3 (id p1)', 'warning', null],
    ['line 4 (id p3)', 'warning', null],
    ['line 5 (id p1)', 'info', 'p1'],
  ]);
  assert.match(r.problems[1].message, /^id p1 is already used by a different paper, "Attention Is All You Need" \(p1, from .*a\.jsonl, line 1 \(id p1\)\); skipped$/);
  assert.match(r.problems[2].message, /^id 1706\.03762 is already used/);
  assert.equal(r.skipped, 4);
  assert.equal(summarizeLoad(r), 'corpus: 1 paper indexed, 4 skipped (2 duplicates), 2 problems from 1 file');
});

test('title slugs that collide by truncation get a suffix instead of a clash', () => {
  const long = 'A Very Long Common Prefix For Two Different Papers About Graph Neural';
  const mk = (title: string, n: number): Paper => ({ id: '', title, abstract: abs(n), authors: [], aliases: [], source: { file: 'f', record: `record ${n}` } });
  const a = mk(`${long} Networks`, 1);
  const b = mk(`${long} Nets And Friends`, 2);
  a.id = 'a-very-long-common-prefix-for-two-different-papers-about';
  b.id = a.id;
  const r = dedupePapers([a, b]);
  assert.deepEqual(r.papers.map((p) => p.id), [a.id, `${a.id}-2`]);
  assert.deepEqual(r.problems, []);
});

test('50,000 JSON Lines records load quickly (no quadratic duplicate search)', async () => {
  const lines: string[] = [];
  for (let i = 0; i < 50_000; i++) {
    lines.push(JSON.stringify({ id: `r${i}`, title: `Study ${i} of topic ${i % 101}`, abstract: `${abs(i)} With <b>markup</b> &amp; more text. `.repeat(6), authors: 'Ann Smith and Bo Li', arxiv: `2401.${String(i).padStart(5, '0')}` }));
  }
  lines.push(lines[123]);
  const root = await fixture('big', { 'big.jsonl': lines.join('\n') });
  const started = performance.now();
  const r = await loadCorpus([path.join(root, 'big.jsonl')]);
  const ms = performance.now() - started;
  assert.equal(r.papers.length, 50_000);
  assert.equal(r.skipped, 1);
  assert.equal(r.problems[0].duplicateOf, 'r123');
  // About 1 s alone on a 2-core machine, 20 s with four test suites beside it; a quadratic search
  // takes many minutes. The speed itself is the bench's to measure (ingest), not this test's.
  assert.ok(ms < 60_000, `took ${Math.round(ms)} ms`);
});

test('a file of 200,000 records and 200,000 problems is gathered whole, without overflowing the stack', () => {
  // Shared objects: what is tested is how many there are, not what they hold.
  const paper = { id: 'p', title: 't', abstract: abs(1), authors: [], aliases: [], source: { file: 'big.json', record: 'record 1' } } satisfies Paper;
  const problem: CorpusProblem = { file: 'big.jsonl', record: 'line 1', message: 'not JSON' };
  const many = <T>(x: T) => Array.from({ length: 200_000 }, () => x);
  const problems: CorpusProblem[] = [];
  const { candidates, skipped } = gatherImports([{ problems: many(problem) }, { result: { papers: many(paper), problems: many(problem), skipped: 7 }, problems: [] }], problems);
  assert.equal(candidates.length, 200_000);
  assert.equal(problems.length, 400_000);
  assert.equal(skipped, 7);
});

test('a folder of unsupported files only: nothing is read, and the files are named with why', async () => {
  const root = await fixture('unsupported', { 'papers.csv': 'title,abstract\n', 'paper.pdf': '%PDF-1.4' });
  const r = await loadCorpus([root]);
  assert.deepEqual(r.papers, []);
  assert.deepEqual(r.ignored.unsupported, [path.join(root, 'paper.pdf'), path.join(root, 'papers.csv')]);
  assert.equal(describeIgnored(r.ignored).unsupported, `2 files of an unsupported type not read (expected .txt, .json, .jsonl, .ndjson, .md or .markdown): ${path.join(root, 'paper.pdf')}, ${path.join(root, 'papers.csv')}`);
});

test('a folder holding papercord\'s own files (CORPUS=data): they are passed over and named once; named directly they are read', async () => {
  const root = await fixture('holds-data', {
    'corpus/records.json': JSON.stringify([{ title: 'Three', abstract: abs(3) }]),
    'index/local/build-1/papers.json': JSON.stringify({ files: [], venues: [], papers: [] }),
    'index/local/build-1/manifest.json': JSON.stringify({ format: 3 }),
    'eval/questions.jsonl': JSON.stringify({ question: 'What is it?', expected: ['x'] }) + '\n',
  });
  const exclude = [path.join(root, 'index'), path.join(root, 'eval')];
  const r = await loadCorpus([root], { exclude });
  assert.deepEqual(r.problems, []);
  assert.deepEqual(r.papers.map((p) => p.title), ['Three']);
  assert.deepEqual(r.ignored.own, [...exclude].sort());
  assert.match(describeIgnored(r.ignored).own!, /^not read as corpus files, as papercord keeps its own index or eval labels there: /);
  const direct = await loadCorpus([path.join(root, 'eval/questions.jsonl')], { exclude });
  assert.equal(direct.files.length, 1);
});

test('a sidecar whose .txt is gone is named as such, not read as records without abstracts', async () => {
  const sidecar = JSON.stringify({ papers: [{ title: 'One', abstract_starts_with: 'Abstract number 1' }, { title: 'Two' }] });
  const root = await fixture('orphan', { 'notes.meta.json': sidecar, 'talks-metadata.json': sidecar });
  const r = await loadCorpus([root]);
  assert.deepEqual(r.papers, []);
  assert.equal(r.skipped, 0);
  assert.deepEqual(r.problems.map((p) => [path.basename(p.file), p.record, p.message]), [
    ['notes.meta.json', undefined, 'a metadata sidecar whose abstracts file (notes.txt) is missing; not read as papers'],
    ['talks-metadata.json', undefined, 'a metadata sidecar whose abstracts file (talks-abstracts.txt) is missing; not read as papers'],
  ]);
  // A JSON corpus that only happens to be named like a sidecar still loads.
  const named = await fixture('named-like-one', { 'icml-metadata.json': JSON.stringify([{ title: 'Three', abstract: abs(3) }]) });
  assert.deepEqual((await loadCorpus([named])).papers.map((p) => p.title), ['Three']);
});

test('an abstract far beyond an abstract\'s size (a whole paper pasted) is still indexed, with one warning naming its file and record', async () => {
  const huge = 'Huge abstracts test the chunker and the index. '.repeat(Math.ceil(ABSTRACT_CHARS_WARNED / 40));
  const root = await fixture('oversized', {
    'papers.jsonl': [JSON.stringify({ id: 'ok1', title: 'Ok one', abstract: abs('ok1') }), JSON.stringify({ id: 'huge', title: 'A Huge Record', abstract: huge })].join('\n'),
  });
  const r = await loadCorpus([root]);
  assert.deepEqual(r.papers.map((p) => p.id), ['ok1', 'huge']);
  assert.deepEqual(r.problems.map((p) => [path.basename(p.file), p.record, p.severity]), [['papers.jsonl', 'line 2 (id huge)', undefined]]);
  assert.match(r.problems[0]!.message, /^the abstract has [\d,]+ characters, far beyond an abstract's/);
  assert.equal(summarizeLoad(r), 'corpus: 2 papers indexed, 0 skipped, 1 problem from 1 file');
});
