import { test } from 'node:test';
import assert from 'node:assert/strict';
import { groundCitations, parseCitations, plainLinks, stripThinking, visibleSoFar } from '../src/writer/citations.js';
import { parseNumberedLines } from '../src/writer/answers.js';
import { instructionEcho } from '../src/writer/echo.js';
import { ASK_SYSTEM_PROMPT, RELATED_SYSTEM_PROMPT, summarySystemPrompt } from '../src/writer/prompts.js';
import type { Source } from '../src/types.js';

function source(n: number, paperId = `p${n}`): Source {
  return { n, paperId, title: `Paper ${n}`, url: `https://example.org/${paperId}`, score: 1 / n, text: `Text of paper ${n}.`, chunkId: `${paperId}#0`, start: 0, end: 16 };
}
const five = [1, 2, 3, 4, 5].map((n) => source(n));

test('parseCitations: single, grouped, ranges, order of first use, no years', () => {
  assert.deepEqual(parseCitations('A [2]. B [1, 3]. C [3][4]. D [2-4]. In [2019] and [1;5].'), [2, 1, 3, 4, 5]);
  assert.deepEqual(parseCitations('no citations here, only [a] and [ ]'), []);
  assert.deepEqual(parseCitations('[1–3]'), [1, 2, 3]);
});

test('invented citations are dropped and the rest renumbered by first use, with sources reordered to match', () => {
  const g = groundCitations('Claim A [7]. Claim B [3]. Claim C [1, 7]. Claim D [3].', five);
  assert.equal(g.text, 'Claim B [1]. Claim C [2]. Claim D [1].');
  assert.deepEqual(g.invalid, [7]);
  assert.equal(g.dropped, 1);
  assert.deepEqual(g.citations.map((c) => [c.n, c.paperId, c.title, c.url]), [
    [1, 'p3', 'Paper 3', 'https://example.org/p3'],
    [2, 'p1', 'Paper 1', 'https://example.org/p1'],
  ]);
  // Cited sources first with their new numbers, then the others in their old order.
  assert.deepEqual(g.sources.map((s) => `${s.n}:${s.paperId}`), ['1:p3', '2:p1', '3:p2', '4:p4', '5:p5']);
});

test('a source left out of the prompt cannot be cited even though the user sees it', () => {
  const g = groundCitations('From two [2] and one [1].', five, [1]);
  assert.equal(g.text, 'From two and one [1].');
  assert.deepEqual(g.invalid, [2]);
  assert.deepEqual(g.citations.map((c) => c.paperId), ['p1']);
});

test('malformed citation text: unclosed, zero, words and duplicates', () => {
  const g = groundCitations('It works [1 and fails [x] or [0], see [2, 2] and [2][1].', five);
  assert.equal(g.text, 'It works [1 and fails [x] or, see [1, 2].');
  assert.deepEqual(g.invalid, [0]);
  assert.deepEqual(g.citations.map((c) => c.paperId), ['p2', 'p1']);
});

test('citation groups one after another read as one group once invalid numbers go: "[1][2] and [1, 3]" is "[1]", not "[1] and [1]"', () => {
  const one = [source(1)];
  assert.equal(groundCitations('PixelThink reduces latency by 30.4% [1][2] and [1, 3].', one).text, 'PixelThink reduces latency by 30.4% [1].');
  assert.equal(groundCitations('Both cut costs [2], [1] or [2].', five).text, 'Both cut costs [1, 2].');
  // Groups with words between them cite different claims and stay apart.
  assert.equal(groundCitations('A is fast [1] and B is small [2].', five).text, 'A is fast [1] and B is small [2].');
});

test('no valid citation leaves an empty citation list', () => {
  const g = groundCitations('Everything is fine [9].', five);
  assert.equal(g.text, '');
  assert.equal(g.dropped, 1);
  assert.equal(g.citations.length, 0);
  assert.deepEqual(g.sources.map((s) => s.n), [1, 2, 3, 4, 5]);
});

test('a sentence whose every citation is invented is left out whole: no claim without its source, no stub', () => {
  const one = [source(1)];
  const g = groundCitations('MentisOculi evaluates visual reasoning [1]. It beats GPT-5 by 40% [7]. See also [2][3].', one);
  assert.equal(g.text, 'MentisOculi evaluates visual reasoning [1].');
  assert.equal(g.dropped, 2);
  // A citation after the full stop belongs to the sentence before it.
  assert.equal(groundCitations('It works [1]. It flies. [7] It also swims [1].', one).text, 'It works [1]. It also swims [1].');
  // An uncited connective or heading stays; a list item or quote left empty goes with its marker, and no double blank line is left.
  const md = groundCitations('# VEQ\n\nIn short:\n\n- point one [1]\n- point two [4]\n\n> quote [5]\n\nThat is all.', one);
  assert.equal(md.text, '# VEQ\n\nIn short:\n\n- point one [1]\n\nThat is all.');
  assert.equal(md.dropped, 2);
  // The marker stays when only the item's first sentence goes.
  assert.equal(groundCitations('1. Made up [9]. Real [1].', one).text, '1. Real [1].');
});

test("a model's masked links show where they go; bare links and citations are left as they are", () => {
  assert.equal(plainLinks('Visit [click](https://evil.example) [1].'), 'Visit \\[click\\](https://evil.example) [1].');
  assert.equal(plainLinks('[*code*](<https://a.example/x_(1)> "title")'), '\\[\\*code\\*\\](<https://a.example/x_(1)>)');
  assert.equal(plainLinks('See https://a.example and <https://b.example>, as [1] says.'), 'See https://a.example and <https://b.example>, as [1] says.');
});

test('<think> blocks are removed, including unclosed ones and a lone closing tag', () => {
  assert.equal(stripThinking('<think>\nsecret plan [9]\n</think>\n\nThe answer [1].'), 'The answer [1].');
  assert.equal(stripThinking('A [1]. <thinking>hmm</thinking> B [2].'), 'A [1].  B [2].');
  assert.equal(stripThinking('The answer [1]. <think>still thinking when cut off'), 'The answer [1].');
  assert.equal(stripThinking('<think>never closed'), '');
  assert.equal(stripThinking('reasoning the template opened</think>The answer [1].'), 'The answer [1].');
});

test('visibleSoFar holds back a tag that may still be arriving', () => {
  assert.equal(visibleSoFar('<thi'), '');
  assert.equal(visibleSoFar('<think>plan'), '');
  assert.equal(visibleSoFar('<think>plan</think>Ans'), 'Ans');
  assert.equal(visibleSoFar('x < y'), 'x < y');
  assert.equal(visibleSoFar('Answer <'), 'Answer');
});

test('numbered related-work lines: formats, citations stripped, first sentence only', () => {
  const lines = parseNumberedLines('<think>x</think>1. Both study audio [1]. Extra sentence.\n[2] Shares the benchmark.\n3) Uses MoE.\n**4.** Bold one.\nnot a line\n1. duplicate');
  assert.deepEqual([...lines.entries()], [
    [1, 'Both study audio.'],
    [2, 'Shares the benchmark.'],
    [3, 'Uses MoE.'],
    [4, 'Bold one.'],
  ]);
});

test('a reply that recites the system prompt is recognised; answers and refusals are not', () => {
  for (const system of [ASK_SYSTEM_PROMPT, summarySystemPrompt('long'), RELATED_SYSTEM_PROMPT]) {
    const echoes = instructionEcho(system);
    for (const line of system.split('\n').filter((l) => l.split(' ').length >= 8)) assert.equal(echoes(`Sure! ${line.toUpperCase()} [1]`), true, line);
    assert.equal(echoes('The sources do not answer this question.'), false);
    assert.equal(echoes('MentisOculi is a suite of multi-step reasoning problems that probes mental imagery in unified multimodal models [1].'), false);
  }
});
