/**
 * What the text surfaces give /add: the command line's arguments one by one (files and refs
 * together), the console's line as one path or refs, and a file refused by its size before it
 * is read, in the words of what it is.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { addInputOfText } from '../src/command/add-input.js';
import { PdfError } from '../src/fulltext/errors.js';
import { PapercordError } from '../src/errors.js';
import { tempDir } from './support/env.js';

const LIMITS = { maxBytes: 1000 };

test('arguments: each existing .pdf/.bib/.json/.jsonl path is read as a file, the others are refs; a link ending in .pdf, with or without its scheme, is a ref', async () => {
  const cwd = await tempDir();
  await writeFile(path.join(cwd, 'refs.bib'), '@article{a, title={A}}');
  await writeFile(path.join(cwd, 'papers.jsonl'), '{"id":"x"}\n');
  const input = await addInputOfText('', LIMITS, { cwd, args: ['2505.23727', 'refs.bib', 'https://arxiv.org/pdf/2505.23727.pdf', 'papers.jsonl', ' '] });
  assert.deepEqual(input.files?.map((f) => f.name), ['refs.bib', 'papers.jsonl']);
  assert.equal(new TextDecoder().decode(input.files![0]!.bytes), '@article{a, title={A}}');
  assert.deepEqual(input.text?.split('\n'), ['2505.23727', 'https://arxiv.org/pdf/2505.23727.pdf']);
  const refsOnly = await addInputOfText('', LIMITS, { cwd, args: ['10.1234/abcd', 'arxiv.org/pdf/2505.23727.pdf'] });
  assert.deepEqual(refsOnly, { text: '10.1234/abcd\narxiv.org/pdf/2505.23727.pdf' });
  // A relative path with folders is still a path.
  await assert.rejects(addInputOfText('', LIMITS, { cwd, args: ['papers/new.pdf'] }), /There is no file at/);
});

test('the console line: one path is a file, anything else is refs; nothing given and a missing file are BAD_INPUT', async () => {
  const cwd = await tempDir();
  await writeFile(path.join(cwd, 'one.json'), '[]');
  assert.deepEqual((await addInputOfText(' one.json ', LIMITS, { cwd })).files?.map((f) => f.name), ['one.json']);
  assert.deepEqual(await addInputOfText('2505.23727 10.1234/abcd', LIMITS, { cwd }), { text: '2505.23727 10.1234/abcd' });
  await assert.rejects(addInputOfText('  ', LIMITS, { cwd }), (e: PapercordError) => e.code === 'BAD_INPUT');
  await assert.rejects(addInputOfText('', LIMITS, { cwd, args: [] }), (e: PapercordError) => e.code === 'BAD_INPUT');
  await assert.rejects(addInputOfText('', LIMITS, { cwd, args: ['2505.23727', 'missing.pdf'] }), (e: PapercordError) => e.code === 'BAD_INPUT' && e.message.includes('missing.pdf'));
});

test('a file over the size limit: a PDF is refused as a PDF, a .bib or .json file as a file of papers', async () => {
  const cwd = await tempDir();
  const big = new Uint8Array(LIMITS.maxBytes + 1);
  for (const name of ['big.pdf', 'big.bib', 'big.json']) await writeFile(path.join(cwd, name), big);
  await assert.rejects(addInputOfText('big.pdf', LIMITS, { cwd }), (e: unknown) => e instanceof PdfError && e.kind === 'too-large');
  for (const name of ['big.bib', 'big.json']) {
    await assert.rejects(addInputOfText('', LIMITS, { cwd, args: [name] }), (e: unknown) => {
      assert.ok(e instanceof PapercordError && !(e instanceof PdfError), String(e));
      assert.equal(e.code, 'BAD_INPUT');
      assert.ok(e.message.includes(name) && e.message.includes('PDF_MAX_MB'), e.message);
      assert.doesNotMatch(`${e.message} ${e.hint}`, /\bPDFs?\b/, 'no PDF wording for a file that is not one');
      return true;
    });
  }
});
