import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { PROJECT_ROOT } from '../src/config.js';
import { isHeading, parsePlaintext, sidecarCandidates, splitParagraphs } from '../src/corpus/plaintext.js';
import { titleFromAbstract } from '../src/corpus/text.js';
import { byline } from '../src/corpus/paper.js';
import { dedupePapers, loadCorpus } from '../src/corpus/load.js';

const TXT = path.join(PROJECT_ROOT, 'data/corpus/icml2026/icml2026-abstracts.txt');
const META = path.join(PROJECT_ROOT, 'data/corpus/icml2026/icml2026-abstracts.meta.json');

function shipped() {
  return parsePlaintext(readFileSync(TXT, 'utf8'), 'abstracts.txt', { file: 'abstracts.meta.json', text: readFileSync(META, 'utf8') });
}

const ABSTRACT_A = 'We propose a method for testing importers. It works well on every input we tried, e.g. empty ones.';
const ABSTRACT_B = 'Second abstract about retrieval with many words. It also has a second sentence.';
const ABSTRACT_C = 'Third abstract on duplicate detection across corpora. Results follow.';

test('the shipped 19 abstracts carry their real titles from the sidecar, in order', () => {
  const meta = JSON.parse(readFileSync(META, 'utf8')) as { papers: { title: string }[] };
  const r = shipped();
  assert.equal(r.papers.length, 19);
  assert.equal(r.skipped, 0);
  assert.deepEqual(r.problems, []);
  assert.deepEqual(r.papers.map((p) => p.title), meta.papers.map((p) => p.title));
  assert.equal(r.papers[0].title, 'PhaseCoder: Microphone Geometry-Agnostic Spatial Audio Understanding for Multimodal LLMs');
  assert.equal(r.papers[18].title, 'PixelThink: Towards Efficient Chain-of-Pixel Reasoning');
  // The sidecar's `code` beside its `url`, the project page.
  assert.deepEqual([r.papers[18].url, r.papers[18].code], ['https://pixelthink.github.io', ['https://github.com/songw-zju/PixelThink']]);
  assert.equal(r.papers.filter((p) => p.code).length, 8);
  for (const p of r.papers) {
    assert.notEqual(p.title, titleFromAbstract(p.abstract), `title of ${p.id} is derived from its abstract`);
    assert.ok(!p.abstract.startsWith(p.title.replace(/…$/, '')), `title of ${p.id} is the start of its abstract`);
  }
});

test('the shipped ids follow PMLR id, then arXiv id, then title slug', () => {
  const byTitle = new Map(shipped().papers.map((p) => [p.title, p]));
  const phase = byTitle.get('PhaseCoder: Microphone Geometry-Agnostic Spatial Audio Understanding for Multimodal LLMs')!;
  assert.equal(phase.id, 'dementyev26a');
  assert.deepEqual(phase.aliases.sort(), ['2601.21124', 'phasecoder-microphone-geometry-agnostic-spatial-audio', 'tu3ravqvye'].sort());
  assert.deepEqual(phase.authors, ['Artem Dementyev']);
  assert.equal(phase.year, 2026);
  assert.equal(phase.venue, 'ICML 2026');
  assert.equal(phase.url, 'https://icml.cc/virtual/2026/poster/61119');
  assert.deepEqual(phase.source, { file: 'abstracts.txt', record: 'paragraph 2 (line 3)' });

  assert.equal(byTitle.get('Toward Structural Multimodal Representations: Specialization, Selection, and Sparsification via Mixture-of-Experts')!.id, '2605.03348');
  const submodular = byTitle.get('Improved Dynamic Algorithm for Non-monotone Submodular Maximization under Cardinality Constraint')!;
  assert.equal(submodular.id, 'improved-dynamic-algorithm-for-non-monotone-submodular');
  assert.deepEqual(submodular.aliases, ['tbs3ubg6pv']);
  const pmlr = shipped().papers.filter((p) => /^[a-z]+\d\d[a-z]+$/.test(p.id)).map((p) => p.id);
  assert.deepEqual(pmlr, ['dementyev26a', 'deng26w', 'meng26a', 'linghu26a', 'zeller26a', 'wu26bw']);
});

test('without a sidecar the heading is skipped uncounted and titles come from the first sentence, said once for the file', () => {
  const text = `ICML 2026 Papers\n\n${ABSTRACT_A}\n\n${ABSTRACT_B}\n`;
  const r = parsePlaintext(text, 'x.txt');
  assert.equal(r.papers.length, 2);
  assert.equal(r.skipped, 0);
  assert.equal(r.papers[0].title, 'We propose a method for testing importers');
  assert.equal(r.papers[0].id, 'we-propose-a-method-for-testing-importers');
  assert.equal(r.papers[0].abstract, ABSTRACT_A);
  assert.deepEqual(r.problems, [
    { file: 'x.txt', message: "no metadata sidecar read (x.meta.json or x.metadata.json): the titles of its 2 papers are their abstracts' first sentences" },
  ]);
});

test('"Title:" and "Authors:" header lines above an abstract get a hint to use the sidecar, once for the file', () => {
  const r = parsePlaintext(`Title: Paper A\nAuthors: X Y\n\n${ABSTRACT_A}\n\nTitle: Paper B\nAuthors: Z W\n\n${ABSTRACT_B}\n`, 'x.txt');
  const hints = r.problems.filter((p) => /Title:/.test(p.message));
  assert.deepEqual(hints, [
    { file: 'x.txt', record: 'paragraph 1 (line 1)', message: '"Title:" lines are not read from a .txt file (a short first paragraph is a heading, any other an abstract): put titles and authors in a metadata sidecar (x.meta.json or x.metadata.json), or use a .json or .jsonl file with title and authors' },
  ]);
  assert.equal(parsePlaintext(`ICML 2026 Papers\n\n${ABSTRACT_A}\n`, 'x.txt').problems.filter((p) => /lines are not read/.test(p.message)).length, 0, 'none for an ordinary heading');
});

test('a first paragraph that is an abstract is kept; Markdown headings are headings', () => {
  assert.equal(parsePlaintext(`${ABSTRACT_A}\n\n${ABSTRACT_B}`, 'x.txt').papers.length, 2);
  assert.equal(parsePlaintext(`# My reading list, with notes on why each paper matters to this project.\n\n${ABSTRACT_A}`, 'x.txt').papers.length, 1);
  assert.equal(isHeading('ICML 2026 Papers'), true);
  assert.equal(isHeading('Short abstract that ends.'), false);
  assert.equal(isHeading('x'.repeat(130)), false);
});

test('paragraphs may be hard-wrapped, use CRLF, and be separated by several blank lines', () => {
  const ps = splitParagraphs('Heading\r\n\r\n\r\nline one\r\nline two.\r\n  \r\nnext.\n');
  assert.deepEqual(ps, [
    { text: 'Heading', index: 1, line: 1 },
    { text: 'line one line two.', index: 2, line: 4 },
    { text: 'next.', index: 3, line: 7 },
  ]);
});

test('sidecar records match by abstract_starts_with whatever their order and spacing, else by position', () => {
  const sidecar = {
    file: 'x.meta.json',
    // A bare array; B's prefix has different spacing; C has no prefix and is placed by position (third).
    text: JSON.stringify([
      { abstract_starts_with: 'Second   abstract\nabout', title: 'Paper B', arxiv: 'arXiv:2401.00002v3' },
      { abstract_starts_with: 'We propose a method', title: 'Paper A', pmlr_id: 'smith24a', authors: ['Ann Smith', 'Bo Li'] },
      { title: 'Paper C', openreview: 'https://openreview.net/forum?id=AbC123' },
    ]),
  };
  const r = parsePlaintext(`Papers\n\n${ABSTRACT_A}\n\n${ABSTRACT_B}\n\n${ABSTRACT_C}`, 'x.txt', sidecar);
  assert.deepEqual(r.problems, []);
  assert.deepEqual(r.papers.map((p) => [p.title, p.id]), [
    ['Paper A', 'smith24a'],
    ['Paper B', '2401.00002'],
    ['Paper C', 'paper-c'],
  ]);
  assert.deepEqual(r.papers[0].authors, ['Ann Smith', 'Bo Li']);
  assert.equal(r.papers[0].authorsIncomplete, undefined, 'a full author list');
  assert.deepEqual(r.papers[2].aliases, ['abc123']);
});

test('a sidecar record that matches no abstract is reported, not guessed onto another', () => {
  const sidecar = { file: 'x.meta.json', text: JSON.stringify({ venue: 'NeurIPS 2025', papers: [{ abstract_starts_with: 'Nothing like this', title: 'Ghost' }] }) };
  const r = parsePlaintext(`${ABSTRACT_A}`, 'x.txt', sidecar);
  assert.equal(r.papers.length, 1);
  assert.equal(r.papers[0].title, 'We propose a method for testing importers');
  assert.deepEqual(r.problems.map((p) => [p.file, p.record]), [
    ['x.meta.json', 'record 1'],
    ['x.txt', 'paragraph 1 (line 1)'],
  ]);
  assert.match(r.problems[0].message, /matches no abstract/);
});

test('a broken sidecar is reported once, not once per abstract, and the abstracts still import', () => {
  for (const text of ['{ "papers": [ ', '{ "items": [] }']) {
    const r = parsePlaintext(`Heading\n\n${ABSTRACT_A}\n\n${ABSTRACT_A.replace('We', 'Here we')}`, 'x.txt', { file: 'x.meta.json', text });
    assert.equal(r.papers.length, 2);
    assert.deepEqual(r.problems.map((p) => p.file), ['x.meta.json'], text);
    assert.match(r.problems[0]!.message, /^metadata (?:is not valid JSON|has no `papers` array).*; titles taken from the abstracts$/);
  }
  // A sidecar that is read but has no record for an abstract still says so for that abstract.
  const unmatched = parsePlaintext(`Heading\n\n${ABSTRACT_A}`, 'x.txt', { file: 'x.meta.json', text: '{ "papers": [] }' });
  assert.equal(unmatched.problems.at(-1)!.message, 'no title in the metadata; using the first sentence');
});

test('a too-short paragraph is skipped and counted', () => {
  const r = parsePlaintext(`Heading\n\nTBD.\n\n${ABSTRACT_A}`, 'x.txt');
  assert.equal(r.papers.length, 1);
  assert.equal(r.skipped, 1);
  assert.equal(r.problems[0].record, 'paragraph 2 (line 3)');
  assert.match(r.problems[0].message, /abstract too short/);
});

test('sidecar names: X.meta.json, X.metadata.json, and foo-metadata.json for foo-abstracts.txt', () => {
  assert.deepEqual(sidecarCandidates('/d/icml-abstracts.txt').map((f) => path.basename(f)), ['icml-abstracts.meta.json', 'icml-abstracts.metadata.json', 'icml-metadata.json']);
  assert.deepEqual(sidecarCandidates('/d/notes.txt').map((f) => path.basename(f)), ['notes.meta.json', 'notes.metadata.json']);
});

test('a derived title is cut at a word boundary near 100 characters', () => {
  const long = 'word '.repeat(60).trim() + '. Next sentence.';
  const t = titleFromAbstract(long);
  assert.ok(t.length <= 100, `${t.length}`);
  assert.match(t, /^word( word)+…$/);
  assert.equal(titleFromAbstract('Markdown **bold** and *emphasis* vs. e.g. abbreviations. Then more.'), 'Markdown bold and emphasis vs. e.g. abbreviations');
});

test('a sidecar that names only the first author marks the authors incomplete; the other corpus\'s full list replaces it', async () => {
  const r = shipped();
  const mentis = r.papers.find((p) => p.id === 'zeller26a')!;
  assert.deepEqual(mentis.authors, ['Jana Ricarda Zeller']);
  assert.equal(mentis.authorsIncomplete, true);
  assert.equal(byline(mentis), 'Jana Ricarda Zeller et al. (ICML 2026)');
  const { papers } = await loadCorpus(['icml2026', 'pmlr-v306']);
  const phase = papers.find((p) => p.id === 'dementyev26a')!;
  assert.ok(phase.authors.length > 1);
  assert.equal(phase.authorsIncomplete, undefined);
  assert.equal(byline(phase), 'Artem Dementyev, Wazeer Zulfikar, Sinan Hersek, Pascal Getreuer, Anurag Kumar and Vivek Kumar (ICML 2026)');
});

test('a paper known by its one first author is complete when another corpus lists that one author alone', () => {
  const paper = (authors: string[], extra: object) => ({ id: 'solo26a', title: 'Solo', abstract: 'One author wrote this abstract about retrieval.', authors, aliases: [], source: { file: 'x', record: '1' }, ...extra });
  const { papers } = dedupePapers([paper(['Ann Solo'], { authorsIncomplete: true }), paper(['Ann Solo'], {})]);
  assert.equal(papers.length, 1);
  assert.equal(papers[0]!.authorsIncomplete, undefined);
  assert.equal(byline(papers[0]!), 'Ann Solo');
});

test('a byline names up to six authors and the venue once', () => {
  assert.equal(byline({ authors: ['A'], venue: 'ICML', year: 2026 }), 'A (ICML 2026)');
  assert.equal(byline({ authors: ['A', 'B'], year: 2025 }), 'A and B (2025)');
  assert.equal(byline({ authors: ['1', '2', '3', '4', '5', '6', '7'] }), '1, 2, 3, 4, 5, 6 et al.');
  assert.equal(byline({ authors: [] , venue: 'ICML 2026' }), '');
});

test('a sidecar of 200,000 unusable records reports each without overflowing the stack', () => {
  const r = parsePlaintext(`${ABSTRACT_A}\n\n${ABSTRACT_B}\n`, 'a.txt', { file: 'a.meta.json', text: JSON.stringify(Array.from({ length: 200_000 }, () => 1)) });
  assert.equal(r.papers.length, 2);
  assert.equal(r.problems.filter((p) => p.file === 'a.meta.json' && /not an object/.test(p.message)).length, 200_000);
});
