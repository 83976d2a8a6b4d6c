/**
 * A reply judged sentence by sentence as it streams: what may be shown so far, and what is left
 * of it once an unsupported sentence goes.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { SentenceVetter, vettedSoFar, withoutUnsupported } from '../src/writer/vetting.js';
import type { Source } from '../src/types.js';

const PIXEL: Source = { n: 1, paperId: 'pixel', title: 'PixelThink: Towards Efficient Chain-of-Pixel Reasoning', score: 1, text: 'PixelThink regulates reasoning generation with reinforcement learning. It reduces inference latency by 30.4% and cuts token usage by 48.2%.', chunkId: 'pixel#0', start: 0, end: 120 };
const vetter = () => new SentenceVetter({ sources: [PIXEL], supplied: [1], context: ['What is PixelThink?'] });

/** Every prefix of a reply, a word at a time, as a stream gives it, and what is shown at each. */
function streamed(reply: string): string[] {
  const v = vetter();
  const words = reply.split(/(?<=\s)/);
  return words.map((_, i) => vettedSoFar(words.slice(0, i + 1).join(''), v, i === words.length - 1));
}

test('a sentence is shown once it is complete: not while it is written, nor before a citation after its stop may still come', () => {
  const shown = streamed('PixelThink regulates reasoning generation [1]. It reduces inference latency by 30.4% [1].');
  assert.equal(shown[0], '');
  assert.ok(!shown.includes('PixelThink regulates reasoning generation [1]. It'), 'no word of the next sentence');
  assert.equal(shown.find((s) => s !== ''), 'PixelThink regulates reasoning generation [1].');
  assert.equal(shown.at(-1), 'PixelThink regulates reasoning generation [1]. It reduces inference latency by 30.4% [1].');
  // "It works. [1]" and "It works. (Source 1)": the sentence waits for its citation.
  const v = vetter();
  assert.equal(vettedSoFar('PixelThink regulates reasoning generation. [', v, false), '');
  assert.equal(vettedSoFar('PixelThink regulates reasoning generation. [1]', v, false), '');
  assert.equal(vettedSoFar('PixelThink regulates reasoning generation. [1] It', v, false), 'PixelThink regulates reasoning generation. [1]');
});

test('a sentence that fails is never shown, and the ones after it that pass are', () => {
  const shown = streamed('PixelThink regulates reasoning generation [1]. It improves the success rate by 12 % [1]. It cuts token usage by 48.2% [1]. It was published by Yann LeCun [1]. It reduces latency by 30.4% [1].');
  for (const s of shown) assert.doesNotMatch(s, /12 %|LeCun/, s);
  assert.equal(shown.at(-1), 'PixelThink regulates reasoning generation [1]. It cuts token usage by 48.2% [1]. It reduces latency by 30.4% [1].');
  for (const s of streamed('It beats every method on Mars [7]. PixelThink regulates reasoning generation [1].')) assert.doesNotMatch(s, /Mars/);
});

test('a sentence citing nothing waits for a sentence after it that cites and passes; a reply citing nothing shows nothing', () => {
  const shown = streamed('## Overview\nHere is what the source says.\nPixelThink regulates reasoning generation [1].');
  assert.ok(shown.slice(0, -1).every((s) => s === ''), shown.join(' | '));
  assert.equal(shown.at(-1), '## Overview\nHere is what the source says.\nPixelThink regulates reasoning generation [1].');
  assert.ok(streamed('PixelThink regulates reasoning. It cuts token usage by 48.2%.').every((s) => s === ''));
  assert.ok(streamed('I could not find that in the sources.').every((s) => s === ''));
});

test('an unsupported sentence is left out when most of the reply is left; when little is, the reply no longer answers', () => {
  const kept = withoutUnsupported('PixelThink regulates reasoning generation with reinforcement learning [1]. It reduces inference latency by 30.4% [1]. It improves the success rate by 12 % [1].', vetter());
  assert.equal(kept.text, 'PixelThink regulates reasoning generation with reinforcement learning [1]. It reduces inference latency by 30.4% [1].');
  assert.deepEqual([kept.dropped, kept.stated, kept.littleLeft], [1, ['12 %'], false]);
  const lost = withoutUnsupported('PixelThink was published at NeurIPS 2019 by Yann LeCun and reaches 99% on ImageNet [1]. It is fast [1].', vetter());
  assert.deepEqual([lost.dropped, lost.littleLeft], [1, true]);
  const none = withoutUnsupported('It was written by Yann LeCun [1].', vetter());
  assert.equal(none.littleLeft, true);
  const whole = withoutUnsupported('PixelThink regulates reasoning generation [1].', vetter());
  assert.deepEqual([whole.dropped, whole.text], [0, 'PixelThink regulates reasoning generation [1].']);
});
