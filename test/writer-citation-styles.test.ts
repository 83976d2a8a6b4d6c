/**
 * The citation styles small models write, read as [n] where the number can only be a source's,
 * and left as written where it numbers something else.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { asBracketCitations } from '../src/writer/citation-styles.js';
import { groundCitations, parseCitations } from '../src/writer/citations.js';
import type { Source } from '../src/types.js';

test('every style in the table is read as [n], a group as one', () => {
  const table: [string, string][] = [
    ['It works (Source 1).', 'It works [1].'],
    ['It works (source 2).', 'It works [2].'],
    ['It works (Sources 1 and 2).', 'It works [1, 2].'],
    ['It works (Sources 1, 2 and 3).', 'It works [1, 2, 3].'],
    ['It works (Source 1, Source 3).', 'It works [1, 3].'],
    ['It works (Source 1; Source 3).', 'It works [1, 3].'],
    ['It works (Sources 1-3).', 'It works [1-3].'],
    ['It works (Source: 2).', 'It works [2].'],
    ['It works (see Source 2).', 'It works [2].'],
    ['It works (Source [2]).', 'It works [2].'],
    ['It works [Source 1].', 'It works [1].'],
    ['It works [source 1].', 'It works [1].'],
    ['It works [Sources 1, 2].', 'It works [1, 2].'],
    ['It works (1).', 'It works [1].'],
    ['It works (1, 2), and more (3).', 'It works [1, 2], and more [3].'],
    ['It improves by 9% (1).', 'It improves by 9% [1].'],
    ['It works[^1].\n\n[^1]: PixelThink: Towards Efficient Chain-of-Pixel Reasoning', 'It works [1].\n\n'],
    ['It works【1】 and scales【2†source】.', 'It works [1] and scales [2].'],
    ['It works【1, 2】.', 'It works [1, 2].'],
    ['It works [[1]].', 'It works [1].'],
    ['It works [[1], [2]].', 'It works [1, 2].'],
    ['It works [1 and 2].', 'It works [1, 2].'],
    ['According to Source 2, it works.', 'According to [2], it works.'],
    ['As Sources 1 and 3 show, it works.', 'As [1, 3] show, it works.'],
    ['It works.[1] It scales.', 'It works. [1] It scales.'],
  ];
  for (const [written, read] of table) assert.equal(asBracketCitations(written), read, written);
});

test('numbers that are not a source’s stay as written', () => {
  for (const text of [
    'It works in two steps: (1) estimate difficulty, (2) regulate reasoning.',
    'The loss is given in Eq. (1).',
    'See Table (2).',
    'The update is O(1).',
    'It is open source 2 times over.',
    'Three findings: (1) PRISM wins, (2) it gains, and (3) PRISM is automatic.',
    'It was published in 2019 (NeurIPS).',
    'Source 12x models are large.',
    'It uses (2019) data.',
    'It works [1, 2].',
    'It works [1-3].',
    'It works [1; 2].',
  ]) assert.equal(asBracketCitations(text), text, text);
});

test('once read, a style is checked as [n] is: a number no source has is dropped with its sentence, the rest renumbered', () => {
  const source = (n: number, paperId: string): Source => ({ n, paperId, title: paperId, score: 1, text: `${paperId} text`, chunkId: `${paperId}#0`, start: 0, end: 9 });
  const text = asBracketCitations('VEQ quantizes experts (Source 2). It was tested on Mars (Source 7). TGV-KV evicts tokens (Sources 1 and 2).');
  assert.deepEqual(parseCitations(text), [2, 7, 1]);
  const g = groundCitations(text, [source(1, 'tgvkv'), source(2, 'veq')]);
  assert.equal(g.text, 'VEQ quantizes experts [1]. TGV-KV evicts tokens [1, 2].');
  assert.deepEqual(g.invalid, [7]);
  assert.deepEqual(g.citations.map((c) => c.paperId), ['veq', 'tgvkv']);
});
