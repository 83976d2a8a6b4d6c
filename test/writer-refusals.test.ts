/**
 * The table of refusals: the ways small models say the sources do not answer, each of which must
 * be read as a refusal (and so shown as one), and answers that only sound like one.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { modelDeclined, REFUSAL_PATTERNS } from '../src/writer/refusals.js';

const REFUSALS = [
  'The sources do not answer this question.',
  'The sources do not answer this, as they do not say which hardware was used.',
  'None of the provided abstracts mention GPU prices.',
  'I cannot answer that from the given sources.',
  "I couldn't find any information about GPU hours in the provided sources.",
  'I could not find the answer in the abstracts.',
  "I don't know.",
  'I do not know which GPU was used.',
  "I don't have enough information to answer that.",
  'This information is not available in the sources.',
  "That isn't mentioned in any of the provided abstracts.",
  'The abstracts say nothing about who funded MentisOculi.',
  'The passages contain no information on training cost.',
  'The sources make no mention of a license.',
  "The provided sources don't mention whether TGV-KV can run on phones.",
  "The provided abstracts don't seem to mention which GPUs were used.",
  'The abstract for Furina does not specify a license.',
  'The abstract of PixelThink does not explicitly state the dataset size.',
  'The sources provided do not discuss deployment.',
  'The given passage (Source 1) does not cover this.',
  'Unfortunately, there is no mention of real robots in the sources.',
  "There's no information about the model size.",
  'There is no indication of the hardware used.',
  'No information about the training budget is given.',
  "I'm sorry, but I was unable to find the number of parameters in the given abstract.",
  "I'm not able to determine that from these papers.",
  'The question cannot be answered from the provided context.',
  'There is not enough information in the sources to say.',
  'That is outside the scope of the provided sources.',
];

const ANSWERS = [
  'MentisOculi evaluates visual reasoning.',
  'PixelThink does not use chess.',
  'Visual thoughts do not yet benefit model reasoning.',
  'CoPE requires no replay data of previous tasks.',
  'The model does not need task labels at inference.',
  'It cannot be trained without labels, the authors argue.',
  'VEQ says nothing is lost at 4 bits.',
  'ProactiveLLM decides when to interact with the stream.',
  'There is no additional training or generation cost.',
  '',
];

test('each way a model says the sources do not answer is read as a refusal', () => {
  for (const text of REFUSALS) assert.equal(modelDeclined(text, 0), true, text);
});

test('answers that only sound like refusals are not, and neither is a refusal of part that cites', () => {
  for (const text of ANSWERS) assert.equal(modelDeclined(text, 0), false, text);
  assert.equal(modelDeclined('The sources do not say which GPU was used, but training took 3 days [1].', 1), false);
});

test('every pattern in the list is needed: each refusal of the table read by one that another does not read', () => {
  const readBy = (re: RegExp) => REFUSALS.filter((t) => re.test(t));
  for (const [i, re] of REFUSAL_PATTERNS.entries()) {
    const others = REFUSAL_PATTERNS.filter((_, j) => j !== i);
    assert.ok(readBy(re).some((t) => !others.some((o) => o.test(t))), `pattern ${i} (${re.source.slice(0, 60)}…) reads no refusal of its own`);
  }
});
