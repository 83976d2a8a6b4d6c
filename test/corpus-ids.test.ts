import { test } from 'node:test';
import assert from 'node:assert/strict';
import { normalizeArxiv, normalizeOpenReview, normalizeTitle, paperIds, slugify, titleSlug } from '../src/corpus/ids.js';
import { cleanTitle } from '../src/corpus/text.js';

test('slugify: lowercase ASCII, hyphens, at most 60 characters cut at a word boundary', () => {
  assert.equal(slugify('PhaseCoder: Microphone Geometry-Agnostic Spatial Audio Understanding for Multimodal LLMs'), 'phasecoder-microphone-geometry-agnostic-spatial-audio');
  assert.equal(slugify('Über Café — Naïve Bayes!'), 'uber-cafe-naive-bayes');
  assert.equal(slugify('Sparse Regression with $\\ell_0$ Constraints'), 'sparse-regression-with-ell-0-constraints');
  const long = slugify('word '.repeat(40));
  assert.ok(long.length <= 60 && !long.endsWith('-') && long.split('-').every((w) => w === 'word'));
  assert.match(titleSlug('深度学习'), /^paper-[0-9a-f]{10}$/);
});

test('normalizeTitle ignores case, punctuation, spacing, accents and TeX markup', () => {
  const key = normalizeTitle('GraphFLEx: Unsupervised Structure Learning Framework');
  assert.equal(normalizeTitle('{G}raph{FLE}x:  unsupervised structure-learning $\\underline{\\text{F}}$ramework'), key);
  assert.equal(normalizeTitle('GraphFLEx: Unsupervised Structure Learning $\\textF$ramework'), key);
  assert.equal(normalizeTitle('Café'), normalizeTitle('CAFE'));
  assert.notEqual(normalizeTitle('Graph Networks'), normalizeTitle('Graph Network'));
});

test('arXiv and OpenReview ids lose prefixes, URLs and versions', () => {
  assert.equal(normalizeArxiv('arXiv:2605.03348v2'), '2605.03348');
  assert.equal(normalizeArxiv('https://arxiv.org/abs/2605.03348'), '2605.03348');
  assert.equal(normalizeArxiv('https://arxiv.org/pdf/2605.03348v1.pdf'), '2605.03348');
  assert.equal(normalizeArxiv('hep-th/9901001v1'), 'hep-th-9901001');
  assert.equal(normalizeArxiv('not an id'), undefined);
  assert.equal(normalizeOpenReview('https://openreview.net/forum?id=tU3raVqvYe&noteId=x'), 'tu3ravqvye');
});

test('paperIds: PMLR id, else record id, else arXiv, else slug; aliases hold the rest', () => {
  assert.deepEqual(paperIds({ title: 'T One', pmlrId: 'pmlr:Abc26a', arxiv: '2601.00001', openreview: 'Or1' }), { id: 'abc26a', aliases: ['2601.00001', 't-one', 'or1'] });
  assert.deepEqual(paperIds({ title: 'T Two', arxiv: '2601.00002' }), { id: '2601.00002', aliases: ['t-two'] });
  assert.deepEqual(paperIds({ title: 'T Three', recordId: '2601.00003v2' }), { id: '2601.00003', aliases: ['t-three'] });
  assert.deepEqual(paperIds({ title: 'T Four' }), { id: 't-four', aliases: [] });
});

test('cleanTitle keeps real math and drops formatting', () => {
  assert.equal(cleanTitle('$σ$: Sigmoid Modulation'), 'σ: Sigmoid Modulation');
  assert.equal(cleanTitle('With $\\ell_0$ Constraints for $α$-Mixing'), 'With $\\ell_0$ Constraints for α-Mixing');
  assert.equal(cleanTitle('{BERT}: \\textbf{Deep} Nets \\& {\\em more}'), 'BERT: Deep Nets & more');
});
