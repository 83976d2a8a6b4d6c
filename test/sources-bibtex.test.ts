import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readBibtex } from '../src/sources/bibtex.js';

const ABSTRACT = 'An abstract long enough to be indexed, about retrieval.';

test('many entries at once: LaTeX accents and commands to Unicode, braces dropped, names in reading order', () => {
  const bib = `
@string{icml = "Proceedings of the 43rd International Conference on Machine Learning"}
@inproceedings{muller26a,
  title = {{PixelThink}: Na\\"ive {Chain-of-Pixel} Reasoning with \\emph{Less}},
  author = {M{\\"u}ller, J{\\"o}rg and Garc\\'{\\i}a, Ana and {\\AA}berg, Lars and {Google DeepMind}},
  booktitle = icml,
  year = 2026,
  abstract = {We show --- with 50\\% fewer tokens --- that $\\alpha$-pruning works.},
  url = {https://proceedings.mlr.press/v306/muller26a.html}
}
@article{li21,
  title = {Second},
  author = {Li, Bo},
  journal = {Journal of Things},
  year = {2021},
  doi = {https://doi.org/10.1000/XYZ},
  abstract = {${ABSTRACT}}
}`;
  const r = readBibtex(bib, 'refs.bib');
  assert.deepEqual(r.problems, []);
  assert.deepEqual(r.found.map((f) => f.key), ['muller26a', 'li21']);
  const [a, b] = r.found.map((f) => f.found);
  assert.equal(a!.fields.title, 'PixelThink: Naïve Chain-of-Pixel Reasoning with Less');
  assert.deepEqual(a!.fields.authors, ['Jörg Müller', 'Ana García', 'Lars Åberg', 'Google DeepMind']);
  assert.equal(a!.fields.abstract, 'We show — with 50% fewer tokens — that α-pruning works.');
  assert.deepEqual([a!.fields.venue, a!.fields.year, a!.fields.pmlrId, a!.fields.pmlrVolume, a!.origin, a!.from], ['ICML 2026', 2026, 'muller26a', '306', 'bibtex', 'refs.bib']);
  assert.deepEqual([b!.fields.venue, b!.doi, b!.fields.url], ['Journal of Things', '10.1000/XYZ', 'https://doi.org/10.1000/XYZ']);
});

test('broken entries are reported one by one, by key, and the good ones around them are kept', () => {
  const bib = `@article{good1, title={First good}, author={A, B}, year=2020, abstract={${ABSTRACT}}}
@article{broken1,
  title = {Missing brace,
  author = {A. Person},
  year = 2020

@article{good2, title={Second good}, year={2021}, abstract={${ABSTRACT} Two.}}
@misc{noabstract, title={Nothing to read}, author={C, D}}
@article{good3, title={Third good}, abstract={${ABSTRACT} Three.}}`;
  const r = readBibtex(bib, 'refs.bib');
  assert.deepEqual(r.found.map((f) => f.key), ['good1', 'good2', 'good3']);
  const byKey = new Map(r.problems.map((p) => [p.key, p.reason]));
  assert.match(byKey.get('broken1') ?? '', /^BibTeX entry broken1 could not be read \(.*\bat line \d+.*\); fix it and add it again\.$/);
  assert.match(byKey.get('noabstract') ?? '', /^BibTeX entry noabstract \("Nothing to read"\) has no abstract.*eprint \(arXiv id\) or doi field/);
  assert.equal(r.problems.length, 2);
});

test('an entry without an abstract but with an arXiv id or a DOI is handed back to be looked up', () => {
  const bib = `@misc{scholar, title={PixelThink}, author={Wang, Song}, journal={arXiv preprint arXiv:2505.23727}, year={2025}}
@misc{eprint, title={X}, eprint={hep-th/9711200}, archivePrefix={arXiv}}
@article{doi, title={Deep learning}, doi={10.1038/nature14539}}
@article{url, title={Y}, url={https://arxiv.org/abs/2401.00001v3}}`;
  const r = readBibtex(bib, 'message');
  assert.deepEqual(r.problems, []);
  assert.deepEqual(r.lookups.map((l) => [l.key, l.ref.kind === 'doi' ? l.ref.doi : l.ref.kind === 'arxiv' ? l.ref.id : '']), [
    ['scholar', '2505.23727'],
    ['eprint', 'hep-th/9711200'],
    ['doi', '10.1038/nature14539'],
    ['url', '2401.00001'],
  ]);
});

test('text with no entries at all says so', () => {
  assert.match(readBibtex('just some words', 'x.bib').problems[0]!.reason, /^no BibTeX entries found/);
});
