import { test } from 'node:test';
import assert from 'node:assert/strict';
import { classifyRef, classifyRefs, type Ref } from '../src/sources/refs.js';

const kind = (token: string) => classifyRef(token).kind;
const pick = (r: Ref) => {
  switch (r.kind) {
    case 'arxiv':
    case 'openreview':
      return `${r.kind} ${r.id}`;
    case 'doi':
      return `doi ${r.doi}`;
    case 'pmlr':
      return `pmlr v${r.volume}/${r.id}`;
    case 'refused':
      return `refused ${r.host}`;
    case 'bibtex':
      return 'bibtex';
    case 'unknown':
      return 'unknown';
  }
};

test('arXiv ids and links, new and old style, with or without version, prefix or scheme, are one canonical id', () => {
  const cases: [string, string][] = [
    ['2505.23727', 'arxiv 2505.23727'],
    ['arXiv:2505.23727v2', 'arxiv 2505.23727'],
    ['ARXIV:0704.0001', 'arxiv 0704.0001'],
    ['hep-th/9901001', 'arxiv hep-th/9901001'],
    ['math.GT/0309136v1', 'arxiv math.GT/0309136'],
    ['https://arxiv.org/abs/2505.23727', 'arxiv 2505.23727'],
    ['https://arxiv.org/pdf/2505.23727v2.pdf', 'arxiv 2505.23727'],
    ['http://arxiv.org/pdf/2505.23727v2', 'arxiv 2505.23727'],
    ['https://arxiv.org/html/2505.23727v1/', 'arxiv 2505.23727'],
    ['https://www.arxiv.org/abs/hep-th/9711200v3', 'arxiv hep-th/9711200'],
    ['arxiv.org/abs/2505.23727', 'arxiv 2505.23727'],
    ['<https://arxiv.org/abs/2505.23727>', 'arxiv 2505.23727'],
    // arXiv's own DOIs are registered with DataCite, not Crossref.
    ['10.48550/arXiv.2505.23727', 'arxiv 2505.23727'],
  ];
  for (const [token, want] of cases) assert.equal(pick(classifyRef(token)), want, token);
});

test('DOIs and doi.org links, trailing punctuation left off', () => {
  const cases: [string, string][] = [
    ['10.1038/nature14539', 'doi 10.1038/nature14539'],
    ['doi:10.1038/nature14539.', 'doi 10.1038/nature14539'],
    ['https://doi.org/10.1007/JHEP06(2021)177', 'doi 10.1007/JHEP06(2021)177'],
    ['(https://dx.doi.org/10.1145/3292500.3330701)', 'doi 10.1145/3292500.3330701'],
    ['https://doi.org/10.1000%2Fabc', 'doi 10.1000/abc'],
    ['(10.1038/nature14539).', 'doi 10.1038/nature14539'],
  ];
  for (const [token, want] of cases) assert.equal(pick(classifyRef(token)), want, token);
});

test('OpenReview forum links and ids, PMLR pages and PDFs', () => {
  const cases: [string, string][] = [
    ['https://openreview.net/forum?id=tU3raVqvYe', 'openreview tU3raVqvYe'],
    ['https://openreview.net/pdf?id=tU3raVqvYe', 'openreview tU3raVqvYe'],
    ['openreview:HkxLXnAcFQ', 'openreview HkxLXnAcFQ'],
    ['tU3raVqvYe', 'openreview tU3raVqvYe'],
    ['HkxLXnAcFQ', 'openreview HkxLXnAcFQ'],
    ['https://proceedings.mlr.press/v306/abas26a.html', 'pmlr v306/abas26a'],
    ['proceedings.mlr.press/v306/abas26a', 'pmlr v306/abas26a'],
    ['https://proceedings.mlr.press/v306/abas26a/abas26a.pdf', 'pmlr v306/abas26a'],
    ['https://raw.githubusercontent.com/mlresearch/v306/main/assets/abas26a/abas26a.pdf', 'pmlr v306/abas26a'],
  ];
  for (const [token, want] of cases) assert.equal(pick(classifyRef(token)), want, token);
  // Words that only look like ids are not read as OpenReview ids.
  for (const word of ['PixelThink', 'MentisOculi', 'transformer', 'ReasonSeg']) assert.equal(kind(word), 'unknown', word);
});

test('a link to any other host is refused, including ones that only mention a known host', () => {
  for (const [token, host] of [
    ['https://example.com/paper.pdf', 'example.com'],
    ['http://169.254.169.254/latest/meta-data', '169.254.169.254'],
    ['https://arxiv.org.evil.example/abs/2505.23727', 'arxiv.org.evil.example'],
    ['https://evil.example/?u=https://arxiv.org/abs/2505.23727', 'evil.example'],
    ['ftp://arxiv.org/abs/2505.23727', 'ftp:arxiv.org'],
    ['github.com/dengandong/SciVideoBench', 'github.com'],
  ] as const) {
    assert.equal(pick(classifyRef(token)), `refused ${host}`, token);
  }
  // A known host with a path papercord cannot read is unknown, with a hint, not fetched either.
  const listing = classifyRef('https://arxiv.org/list/cs.LG/recent');
  assert.equal(listing.kind, 'unknown');
  assert.match(listing.kind === 'unknown' ? listing.hint : '', /arxiv\.org\/abs\/2505\.23727/);
});

test('several refs in one message, separated by spaces, newlines or commas, each classified in order; BibTeX runs to the end', () => {
  const refs = classifyRefs('2505.23727, doi: 10.1038/nature14539\nhttps://openreview.net/forum?id=tU3raVqvYe  example.com/x arXiv: hep-th/9711200\n@article{k, title={A, B and C}, year=2020}\n@misc{j, title={D}}');
  assert.deepEqual(refs.map(pick), ['arxiv 2505.23727', 'doi 10.1038/nature14539', 'openreview tU3raVqvYe', 'refused example.com', 'arxiv hep-th/9711200', 'bibtex']);
  const bib = refs.at(-1)!;
  assert.ok(bib.kind === 'bibtex' && bib.text.startsWith('@article{k') && bib.text.includes('@misc{j'));
  // An e-mail address is not the start of BibTeX.
  assert.deepEqual(classifyRefs('mail me@lab.org{x} 2505.23727').map((r) => r.kind), ['unknown', 'unknown', 'arxiv']);
  assert.deepEqual(classifyRefs(' \n '), []);
});
