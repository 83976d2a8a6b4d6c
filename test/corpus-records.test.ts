import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseJsonLines, parseJsonRecords } from '../src/corpus/records.js';
import { parseAuthors } from '../src/corpus/text.js';

const ABS = 'An abstract long enough to be indexed, about retrieval-augmented answering.';

test('JSON arrays: every author shape, summary for abstract, pdf/link for url', () => {
  const records = [
    { id: 'r1', title: 'Strings', abstract: ABS, authors: ['Ann Smith', ' Bo  Li '] },
    { title: 'Given and family', abstract: ABS + ' 2', authors: [{ given: 'Ann', family: 'Smith' }, { name: 'Bo Li' }], pdf: 'https://x.org/a.pdf' },
    { title: 'One string with and', summary: ABS + ' 3', authors: 'Ann Smith and Bo Li', link: 'https://x.org/b' },
    { title: 'One string with commas', abstract: ABS + ' 4', authors: 'Ann Smith, Bo Li, and Cy Young' },
    { title: 'BibTeX order', abstract: ABS + ' 5', authors: 'Smith, Ann and Li, Bo', url: 'https://x.org/c', year: '2024' },
  ];
  const r = parseJsonRecords(JSON.stringify(records), 'p.json');
  assert.deepEqual(r.problems, []);
  assert.equal(r.skipped, 0);
  assert.deepEqual(r.papers.map((p) => p.authors), [
    ['Ann Smith', 'Bo Li'],
    ['Ann Smith', 'Bo Li'],
    ['Ann Smith', 'Bo Li'],
    ['Ann Smith', 'Bo Li', 'Cy Young'],
    ['Ann Smith', 'Bo Li'],
  ]);
  assert.equal(r.papers[2].abstract, ABS + ' 3');
  assert.deepEqual(r.papers.map((p) => p.url), [undefined, 'https://x.org/a.pdf', 'https://x.org/b', undefined, 'https://x.org/c']);
  assert.equal(r.papers[4].year, 2024);
  assert.deepEqual(r.papers[0].source, { file: 'p.json', record: 'record 1 (id r1)' });
  assert.deepEqual(parseAuthors({ given: 'Solo', family: 'Author' }), ['Solo Author']);
  assert.deepEqual(parseAuthors('A One; B Two'), ['A One', 'B Two']);
  assert.deepEqual(parseAuthors(42), []);
});

test('HTML tags are stripped and entities decoded, without eating math', () => {
  const abstract = '<p>We <b>show</b> that H<sub>2</sub>O &amp; <em>x</em> &lt;tags&gt; &#8211; fine &#x2014; and $a<b$ or a<b and c>d.</p><p>Second paragraph.</p>';
  const r = parseJsonRecords(JSON.stringify([{ title: 'T &amp; <i>U</i>', abstract }]), 'p.json');
  assert.equal(r.papers[0].abstract, 'We show that H2O & x <tags> – fine — and $a<b$ or a<b and c>d. Second paragraph.');
  assert.equal(r.papers[0].title, 'T & U');
});

test('objects holding papers, records or data arrays; a top-level venue applies to all', () => {
  for (const key of ['papers', 'records', 'data']) {
    const r = parseJsonRecords(JSON.stringify({ venue: 'ICML 2026', [key]: [{ title: 'A', abstract: ABS }] }), 'p.json');
    assert.equal(r.papers.length, 1, key);
    assert.equal(r.papers[0].venue, 'ICML 2026');
    assert.equal(r.papers[0].year, 2026);
  }
  const none = parseJsonRecords(JSON.stringify({ items: [] }), 'p.json');
  assert.deepEqual(none.papers, []);
  assert.equal(none.problems[0].file, 'p.json');
  assert.match(none.problems[0].message, /no records/);
});

test('ids: pmlr_id, else the record id, else arXiv, else title slug; the rest are aliases', () => {
  const r = parseJsonRecords(
    JSON.stringify([
      { title: 'Has everything', abstract: ABS, pmlr_id: 'Smith24A', arxiv: 'https://arxiv.org/abs/2401.00001v2', openreview: 'XyZ' },
      { title: 'Own id', abstract: ABS, id: 'my paper', arxiv: '2401.00002' },
      { title: 'Only arXiv', abstract: ABS, arxiv: 'arXiv:2401.00003' },
      { title: 'Only a title: with Punctuation & Ünïcode!', abstract: ABS },
      { id: 'abas26a', pmlr_volume: '306', title: 'PMLR export', abstract: ABS },
    ]),
    'p.json',
  );
  assert.deepEqual(r.papers.map((p) => [p.id, p.aliases]), [
    ['smith24a', ['2401.00001', 'has-everything', 'xyz']],
    ['my-paper', ['2401.00002', 'own-id']],
    ['2401.00003', ['only-arxiv']],
    ['only-a-title-with-punctuation-unicode', []],
    ['abas26a', ['pmlr-export']],
  ]);
  assert.equal(r.papers[4].url, 'https://proceedings.mlr.press/v306/abas26a.html');
});

test('the OpenReview forum id keeps its case (OpenReview links need it) and a PMLR id with its volume gives the proceedings page, whatever the url is', () => {
  const r = parseJsonRecords(
    JSON.stringify([
      { title: 'Forum link', abstract: ABS, openreview: 'https://openreview.net/forum?id=tU3raVqvYe', pmlr_id: 'dementyev26a', pmlr_volume: 306, url: 'https://icml.cc/virtual/2026/poster/61119' },
      { title: 'Forum id', abstract: ABS, openreview: 'openreview:sxvuK2x3eA' },
      { title: 'No volume', abstract: ABS, pmlr_id: 'zeller26a', openreview: 'not an id!' },
    ]),
    'p.json',
  );
  assert.deepEqual(r.papers.map((p) => [p.openreview, p.pmlrPage, p.url]), [
    ['tU3raVqvYe', 'https://proceedings.mlr.press/v306/dementyev26a.html', 'https://icml.cc/virtual/2026/poster/61119'],
    ['sxvuK2x3eA', undefined, undefined],
    [undefined, undefined, undefined],
  ]);
  // Looked up as before: the alias is folded.
  assert.ok(r.papers[0]!.aliases.includes('tu3ravqvye'));
});

test('a malformed JSON file is one problem naming the file and line', () => {
  const r = parseJsonRecords('[\n  {"title": "A", "abstract": "x"},\n  {"title": }\n]', 'bad.json');
  assert.deepEqual(r.papers, []);
  assert.equal(r.problems.length, 1);
  assert.equal(r.problems[0].file, 'bad.json');
  assert.match(r.problems[0].message, /^not valid JSON at line 3, column 13: /);
});

test('records without an abstract, with a stub abstract, or not objects are skipped and named', () => {
  const r = parseJsonRecords(JSON.stringify([{ id: 'ok', title: 'Fine', abstract: ABS }, { id: 'noabs', title: 'No abstract' }, { title: 'Stub', abstract: 'n/a' }, 'just a string']), 'p.json');
  assert.equal(r.papers.length, 1);
  assert.equal(r.skipped, 3);
  assert.deepEqual(r.problems.map((p) => [p.file, p.record]), [
    ['p.json', 'record 2 (id noabs)'],
    ['p.json', 'record 3'],
    ['p.json', 'record 4'],
  ]);
  assert.match(r.problems[0].message, /no abstract/);
  assert.match(r.problems[1].message, /too short/);
  assert.match(r.problems[2].message, /not a record object/);
});

test('a record without a title is indexed under its first sentence, with a problem', () => {
  const r = parseJsonRecords(JSON.stringify([{ id: 'x1', abstract: 'First sentence is the title. Second sentence is not part of it.' }]), 'p.json');
  assert.equal(r.papers.length, 1);
  assert.equal(r.papers[0].title, 'First sentence is the title');
  assert.deepEqual(r.problems, [{ file: 'p.json', record: 'record 1 (id x1)', message: 'no title in the metadata; using the first sentence' }]);
});

test('code links from `code` or `software`: one link, several, or a list, each once; what is no http(s) link is left out with a warning naming the record', () => {
  const records = [
    { id: 'c1', title: 'One', abstract: ABS, code: 'https://github.com/a/one' },
    { id: 'c2', title: 'Software', abstract: ABS + ' 2', software: 'https://gitlab.com/b/two' },
    { id: 'c3', title: 'A list', abstract: ABS + ' 3', code: ['https://github.com/c/three', 'https://github.com/c/three', 'https://c.github.io'] },
    { id: 'c4', title: 'In one string', abstract: ABS + ' 4', code: 'https://github.com/d/four, https://d.org/data' },
    { id: 'c5', title: 'Not links', abstract: ABS + ' 5', code: ['ftp://e.org/five', { repo: 'five' }], software: 'https://ignored.org' },
  ];
  const r = parseJsonLines(records.map((x) => JSON.stringify(x)).join('\n'), 'p.jsonl');
  assert.deepEqual(r.papers.map((p) => p.code), [['https://github.com/a/one'], ['https://gitlab.com/b/two'], ['https://github.com/c/three', 'https://c.github.io'], ['https://github.com/d/four', 'https://d.org/data'], undefined]);
  assert.deepEqual(r.problems, [
    { file: 'p.jsonl', record: 'line 5 (id c5)', message: 'code link "ftp://e.org/five" is not an http(s) link; left out' },
    { file: 'p.jsonl', record: 'line 5 (id c5)', message: 'code field holds object, not a link; left out' },
  ]);
});

test('JSON Lines: blank lines ignored, a bad line reported by number, the others imported', () => {
  const lines = [
    JSON.stringify({ id: 'a', title: 'A', abstract: ABS }),
    '',
    '{"id": "b", "title": "B", "abstract": ', // truncated
    JSON.stringify({ id: 'c', title: 'C', abstract: ABS + ' c', authors: [{ given: 'Cy', family: 'Young' }] }),
    '   ',
    '[1, 2]',
    JSON.stringify({ id: 'd', title: 'D' }),
  ];
  const r = parseJsonLines(lines.join('\n') + '\n', 'p.jsonl');
  assert.deepEqual(r.papers.map((p) => p.id), ['a', 'c']);
  assert.deepEqual(r.papers[1].authors, ['Cy Young']);
  assert.deepEqual(r.papers[1].source, { file: 'p.jsonl', record: 'line 4 (id c)' });
  assert.equal(r.skipped, 3);
  assert.deepEqual(r.problems.map((p) => [p.file, p.record]), [
    ['p.jsonl', 'line 3'],
    ['p.jsonl', 'line 6'],
    ['p.jsonl', 'line 7 (id d)'],
  ]);
  assert.match(r.problems[0].message, /not valid JSON/);
});
