import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parsePmlrPost, splitFrontMatter } from '../src/corpus/pmlr.js';
import { loadCorpus } from '../src/corpus/load.js';

const POST = `---
title: "{GraphFLEx}: Learning $\\\\underline{\\\\text{F}}$ramework with $\\\\ell_0$ and $σ$"
abstract: We show <b>bold</b> claims &amp; <em>more</em>,
  wrapped over
  lines.
layout: inproceedings
id: smith26a
tex_title: "Ignored {TeX} Title"
author:
- given: Ann
  family: Smith
- given: Bo
  family: Li
container-title: Proceedings of the 43rd International Conference on Machine Learning
volume: '306'
issued:
  date-parts:
  - 2026
  - 9
  - 29
openreview: AbCdE12345
pdf: https://raw.githubusercontent.com/mlresearch/v306/main/assets/smith26a/smith26a.pdf
# a YAML comment
---
`;

test('a PMLR post: cleaned title, HTML-free abstract, authors, venue, year, proceedings url, ids', () => {
  const r = parsePmlrPost(POST, 'posts/2026-09-29-smith26a.md');
  assert.deepEqual(r.problems, []);
  assert.equal(r.skipped, 0);
  const [p] = r.papers;
  assert.equal(p.id, 'smith26a');
  assert.equal(p.title, 'GraphFLEx: Learning Framework with $\\ell_0$ and σ');
  assert.equal(p.abstract, 'We show bold claims & more, wrapped over lines.');
  assert.deepEqual(p.authors, ['Ann Smith', 'Bo Li']);
  assert.equal(p.venue, 'ICML 2026');
  assert.equal(p.year, 2026);
  assert.equal(p.url, 'https://proceedings.mlr.press/v306/smith26a.html');
  assert.deepEqual(p.aliases, ['graphflex-learning-framework-with-ell-0-and', 'abcde12345']);
  assert.deepEqual(p.source, { file: 'posts/2026-09-29-smith26a.md', record: 'front matter (id smith26a)' });
});

test('nested date-parts, a date fallback, another container title, and tex_title when title is missing', () => {
  const other = POST.replace(/container-title: .*/, 'container-title: Proceedings of the Conference on Learning Theory')
    .replace(/issued:\n  date-parts:\n  - 2026\n  - 9\n  - 29\n/, 'issued:\n  date-parts:\n  - - 2025\n    - 7\n')
    .replace(/^title: .*\n/m, '');
  const [p] = parsePmlrPost(other, 'a.md').papers;
  assert.equal(p.year, 2025);
  assert.equal(p.venue, 'Proceedings of the Conference on Learning Theory');
  assert.equal(p.title, 'Ignored TeX Title');
  const dated = POST.replace(/issued:\n  date-parts:\n  - 2026\n  - 9\n  - 29\n/, 'date: 2024-07-21\n');
  const [q] = parsePmlrPost(dated, 'b.md').papers;
  assert.equal(q.year, 2024);
  assert.equal(q.venue, 'ICML 2024');
});

test('software: the code links, a slip in one read as the link meant; a value that is no link is left out with a warning naming file and record', () => {
  const withSoftware = (value: string) => parsePmlrPost(POST.replace('layout: inproceedings\n', `layout: inproceedings\nsoftware: ${value}\n`), 'posts/smith26a.md');
  assert.deepEqual(parsePmlrPost(POST, 'a.md').papers[0]!.code, undefined);
  const plain = withSoftware('https://github.com/ann/graphflex');
  assert.deepEqual(plain.problems, []);
  assert.deepEqual(plain.papers[0]!.code, ['https://github.com/ann/graphflex']);
  // As posts of volume 306 write them.
  for (const slip of ["'https: //github.com/ann/graphflex'", 'https://github. com/ann/graphflex', 'github.com/ann/graphflex']) {
    const r = withSoftware(slip);
    assert.deepEqual([r.papers[0]!.code, r.problems], [['https://github.com/ann/graphflex'], []], slip);
  }
  const bad = withSoftware('on request');
  assert.equal(bad.papers.length, 1);
  assert.equal(bad.papers[0]!.code, undefined);
  assert.deepEqual(bad.problems, [{ file: 'posts/smith26a.md', record: 'front matter (id smith26a)', message: 'code link "on request" is not an http(s) link; left out' }]);
});

test('YAML that is not YAML is a problem naming the file and the line', () => {
  const r = parsePmlrPost('---\ntitle: ok\nabstract: [unclosed\nauthor: : x\n---\n', 'broken.md');
  assert.deepEqual(r.papers, []);
  assert.equal(r.skipped, 1);
  assert.equal(r.problems.length, 1);
  assert.equal(r.problems[0].file, 'broken.md');
  assert.match(r.problems[0].message, /^front matter is not valid YAML at line 4: /);
});

test('no front matter, front matter that is not a mapping, and a post without abstract are problems', () => {
  const none = parsePmlrPost('# Just Markdown\n\nSome text.\n', 'readme.md');
  assert.match(none.problems[0].message, /no YAML front matter/);
  assert.equal(none.skipped, 1);
  const scalar = parsePmlrPost('---\njust a string\n---\n', 's.md');
  assert.match(scalar.problems[0].message, /not a mapping/);
  const noAbstract = parsePmlrPost('---\nid: x26a\ntitle: T\n---\n', 'n.md');
  assert.deepEqual(noAbstract.problems, [{ file: 'n.md', record: 'front matter (id x26a)', message: 'no abstract; skipped' }]);
  assert.equal(noAbstract.skipped, 1);
});

test('front matter is only a leading block between --- lines', () => {
  assert.equal(splitFrontMatter('text\n---\na: 1\n---\n'), undefined);
  assert.equal(splitFrontMatter('---\na: 1\n'), undefined);
  assert.deepEqual(splitFrontMatter('\uFEFF---\r\na: 1\r\n---\r\nbody'), { yaml: 'a: 1', firstLine: 2 });
});

test('the shipped PMLR sample: 293 papers, clean, with proceedings urls', async () => {
  const r = await loadCorpus(['pmlr-v306']);
  assert.equal(r.papers.length, 293);
  assert.equal(r.files.length, 293);
  assert.deepEqual(r.problems, []);
  assert.equal(r.skipped, 0);
  for (const p of r.papers) {
    assert.match(p.id, /^[a-z-]+\d\d[a-z]+$/);
    assert.equal(p.url, `https://proceedings.mlr.press/v306/${p.id}.html`);
    assert.equal(p.venue, 'ICML 2026');
    assert.equal(p.year, 2026);
    assert.ok(p.authors.length > 0, p.id);
    assert.doesNotMatch(p.abstract, /<\/?(b|em)>|&amp;/, p.id);
    assert.doesNotMatch(p.title, /\\text|[{}]/, p.id);
  }
  const byId = new Map(r.papers.map((p) => [p.id, p]));
  assert.equal(byId.get('abas26a')!.title, 'TUR-DPO: Topology- and Uncertainty-Aware Direct Preference Optimization');
  assert.deepEqual(byId.get('abas26a')!.authors, ['Abdulhady Abas', 'Fatemeh Daneshfar', 'Seyedali Mirjalili', 'Mourad Oussalah']);
  assert.equal(byId.get('kataria26a')!.title, 'GraphFLEx: Unsupervised Structure Learning Framework for Large Expanding Graphs');
  assert.equal(r.papers[0].source.file, 'data/corpus/pmlr-v306/posts/2026-09-29-abas26a.md');
  // 166 posts give their code (`software`), each an http(s) link once read, none dropped.
  assert.equal(r.papers.filter((p) => p.code?.length === 1).length, 166);
  assert.deepEqual(byId.get('chen26c')!.code, ['https://github.com/NROwind/OpenGPT-4o-Image']);
});
