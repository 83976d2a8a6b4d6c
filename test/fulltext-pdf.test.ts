/**
 * readPdf over PDFs written in the tests: a two-column paper read in order with its sections,
 * pages, title and abstract; and each kind of file it must refuse, each refusal saying which.
 */
import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { loadSettings } from '../src/config.js';
import { chunkFullText } from '../src/chunking.js';
import { DEFAULT_PDF_LIMITS, fullTextPassages, isPdfError, pdfLimits, readPdf, type FullText, type PdfErrorKind } from '../src/fulltext/index.js';
import { decompressionBomb, encryptedPdf, PAGE_LINES, paddedPdf, scannedPdf, slowPdf } from './support/hostile-pdf.js';
import { paperPdf, samplePaper, type PaperSpec, type WrittenPaper } from './support/paper-pdf.js';

const MARKER = /Sentence \d+ of section [\w.]+/g;

async function refusal(read: Promise<unknown>): Promise<{ kind: PdfErrorKind; message: string; hint?: string }> {
  try {
    await read;
  } catch (e) {
    assert.ok(isPdfError(e), `expected a PdfError, got ${String(e)}`);
    return { kind: e.kind, message: e.message, hint: e.hint };
  }
  assert.fail('the PDF was read, but it should have been refused');
}

/** The reader's view of a written paper, checked against what the writer reports it wrote. */
function assertReadAsWritten(spec: PaperSpec, written: WrittenPaper, full: FullText): void {
  assert.equal(full.title, spec.title);
  assert.equal(full.abstract, spec.abstract);
  assert.equal(full.pageCount, written.pageCount);
  const body = full.sections.filter((s) => s.role === 'body');
  assert.deepEqual(
    body.map((s) => ({ number: s.number, heading: s.heading, page: s.page })),
    spec.sections.map((s) => ({ number: s.number, heading: s.heading, page: written.headingPages.get(`${s.number} ${s.heading}`) })),
  );
  // Every sentence once, in the order written: down the left column, then the right, page by page.
  const read = body.flatMap((s) => s.text.match(MARKER) ?? []);
  assert.deepEqual(read, [...written.sentencePages.keys()]);
  const references = full.sections.filter((s) => s.role === 'references');
  assert.deepEqual(references.map((s) => s.heading), ['References']);
  assert.equal(references[0]!.text.match(/\[\d+\] A\. Author/g)?.length, spec.references.length);
  for (const section of full.sections) assert.doesNotMatch(section.text, /Preprint\. Under review\./, `the running head is not part of ${section.heading || 'the front matter'}`);
}

describe('a two-column paper', () => {
  // Subsections of two paragraphs of twelve sentences: longer than one passage.
  const spec = samplePaper(5, 12);
  let written: WrittenPaper;
  let full: FullText;
  before(async () => {
    written = await paperPdf(spec);
    full = await readPdf(written.bytes, { file: 'paper.pdf' });
  });

  test('is read with its title, abstract, sections and their pages, column by column', () => {
    assert.ok(written.pageCount >= 3, `the paper runs over several pages (${written.pageCount})`);
    assertReadAsWritten(spec, written, full);
  });

  test('is chunked into passages that name their section and the page they start on, never crossing a section', () => {
    const chunks = chunkFullText('paper', fullTextPassages(full), 0);
    const bySection = new Map(full.sections.map((s) => [s.number ? `§${s.number} ${s.heading}` : s.heading, s]));
    assert.ok(chunks.length > spec.sections.length, 'long sections make several passages');
    assert.ok(chunks.some((c, i) => i > 0 && chunks[i - 1]!.section === c.section && chunks[i - 1]!.page !== c.page), 'a section that runs onto the next page has passages on each');
    // Pages of a section are joined by a line break in its passages, by a space in its text.
    const words = (text: string) => text.replace(/\s+/g, ' ');
    for (const chunk of chunks) {
      const section = bySection.get(chunk.section!);
      assert.ok(section, `chunk labelled "${chunk.section}" belongs to a section`);
      assert.ok(words(section.text).includes(words(chunk.text)), `a passage of ${chunk.section} lies within it`);
      const first = chunk.text.match(MARKER)![0];
      assert.equal(chunk.page, written.sentencePages.get(first), `the page of "${first}"`);
    }
    assert.ok(chunks.some((c) => c.section === '§3.1 Setting'));
    assert.ok(!chunks.some((c) => /A cited work number/.test(c.text)), 'the references are not chunked');
    assert.ok(!chunks.some((c) => c.text.includes(spec.abstract)), 'the abstract is indexed as the abstract, not again as a passage');
  });

  test('reports its progress page by page', async () => {
    const seen: number[] = [];
    await readPdf(written.bytes, { onProgress: (page, pageCount) => (assert.equal(pageCount, written.pageCount), seen.push(page)) });
    assert.deepEqual(seen, Array.from({ length: written.pageCount }, (_, i) => i + 1));
  });
});

test('a one-column paper is read line by line, with its sections', async () => {
  const spec = { ...samplePaper(3), columns: 1 as const };
  const written = await paperPdf(spec);
  assertReadAsWritten(spec, written, await readPdf(written.bytes));
});

describe('files that are refused', () => {
  test('password-protected: encrypted', async () => {
    const error = await refusal(readPdf(encryptedPdf(PAGE_LINES, { user: 'secret', owner: 'owner' }), { file: 'locked.pdf' }));
    assert.equal(error.kind, 'encrypted');
    assert.match(error.message, /^locked\.pdf is password-protected/);
  });

  test('encrypted for a certificate (a security handler pdf.js does not implement): encrypted', async () => {
    const error = await refusal(readPdf(encryptedPdf(PAGE_LINES, { user: '', owner: 'owner' }, 'Adobe.PubSec')));
    assert.equal(error.kind, 'encrypted');
  });

  test('encrypted with an empty user password (only printing or copying restricted) is read', async () => {
    const full = await readPdf(encryptedPdf(PAGE_LINES, { user: '', owner: 'owner' }));
    assert.equal(full.sections.map((s) => s.text).join(' '), PAGE_LINES.join(' '));
  });

  test('cut short: truncated', async () => {
    const { bytes } = await paperPdf(samplePaper(2));
    const error = await refusal(readPdf(bytes.subarray(0, Math.floor(bytes.length * 0.6)), { file: 'cut.pdf' }));
    assert.equal(error.kind, 'truncated');
    assert.match(error.hint ?? '', /again/);
  });

  test('garbage bytes named .pdf: not a PDF', async () => {
    let seed = 7;
    const garbage = Uint8Array.from({ length: 50_000 }, () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) & 0xff);
    const error = await refusal(readPdf(garbage, { file: 'paper.pdf' }));
    assert.equal(error.kind, 'malformed');
    assert.match(error.message, /not a PDF/);
  });

  test('a PDF header and end marker around garbage: damaged', async () => {
    const bytes = new TextEncoder().encode(`%PDF-1.7\n${'1 0 obj << /Type /Nonsense >> garbage '.repeat(50)}\n%%EOF\n`);
    const error = await refusal(readPdf(bytes));
    assert.equal(error.kind, 'malformed');
    assert.match(error.message, /damaged/);
  });

  test('over PDF_MAX_MB (20 MB by default): too large, before it is parsed', async () => {
    const bytes = await paddedPdf(1, 21 * 2 ** 20);
    const error = await refusal(readPdf(bytes));
    assert.equal(error.kind, 'too-large');
    assert.match(error.message, /21\.\d MB.*20\.0 MB/);
  });

  test('more pages than the limit: too many pages', async () => {
    const error = await refusal(readPdf(await paddedPdf(6), { limits: { maxPages: 5 } }));
    assert.equal(error.kind, 'too-many-pages');
    assert.match(error.message, /6 pages.*up to 5/);
  });

  test('scanned pages without a text layer: no text', async () => {
    const error = await refusal(readPdf(await scannedPdf(2)));
    assert.equal(error.kind, 'no-text');
    assert.match(error.hint ?? '', /OCR/);
  });
});

describe('files that would stall or exhaust the process', () => {
  const limits = { maxMemoryMb: 128, timeoutMs: 60_000 };

  for (const predictor of [false, true]) {
    test(`a decompression bomb (${predictor ? "pdf.js's own inflater" : "Node's zlib"}) is stopped at the memory limit, the process unharmed`, async () => {
      const bomb = await decompressionBomb(512, { predictor });
      const rss = process.memoryUsage.rss();
      const error = await refusal(readPdf(bomb, { limits }));
      assert.equal(error.kind, 'out-of-memory');
      assert.match(error.message, /128 MB/);
      // The thread's memory is gone with it: at most what the allocator keeps for reuse, not the 512 MB unpacked.
      const grown = (process.memoryUsage.rss() - rss) / 2 ** 20;
      assert.ok(grown < 2 * limits.maxMemoryMb + 64, `the process grew by ${grown.toFixed(0)} MB`);
      const after = await readPdf(await paddedPdf(1), { limits });
      assert.equal(after.sections.map((s) => s.text).join(' '), PAGE_LINES.join(' '), 'the next PDF is read as usual');
    });
  }

  test('a PDF that takes longer than the time limit is stopped: timed out', async () => {
    const error = await refusal(readPdf(await slowPdf(100), { limits: { maxMemoryMb: 512, timeoutMs: 500 } }));
    assert.equal(error.kind, 'timeout');
    assert.match(error.message, /0\.5 s/);
  });
});

test('the limits are settings, checked at start-up', () => {
  assert.deepEqual(pdfLimits(loadSettings({})), DEFAULT_PDF_LIMITS);
  assert.deepEqual(DEFAULT_PDF_LIMITS, { maxBytes: 20 * 2 ** 20, maxPages: 200, timeoutMs: 30_000, maxMemoryMb: 256 });
  assert.deepEqual(pdfLimits(loadSettings({ PDF_MAX_MB: '5', PDF_MAX_PAGES: '50', PDF_TIMEOUT_MS: '10000', PDF_MAX_MEMORY_MB: '128' })), { maxBytes: 5 * 2 ** 20, maxPages: 50, timeoutMs: 10_000, maxMemoryMb: 128 });
  assert.throws(
    () => loadSettings({ PDF_MAX_MB: 'twenty', PDF_MAX_MEMORY_MB: '8' }),
    (e: Error) => /PDF_MAX_MB must be a number/.test(e.message) && /PDF_MAX_MEMORY_MB must be a whole number from 64/.test(e.message),
  );
});
