/**
 * PDFs that a reader must refuse or survive, written for the tests: password-protected, a
 * decompression bomb, a scan without a text layer, one padded past a size limit.
 */
import { createHash } from 'node:crypto';
import zlib from 'node:zlib';
import { PDFDocument, PDFName, StandardFonts, type PDFPage } from 'pdf-lib';

// The standard security handler's padding (PDF 32000-1, 7.6.3.3, Algorithm 2).
const PADDING = Buffer.from('28BF4E5E4E758A4164004E56FFFA01082E2E00B6D0683E802F0CA9FE6453697A', 'hex');
const PERMISSIONS = -4;

/**
 * A one-page PDF encrypted with the standard security handler (revision 2, RC4 with a 40-bit
 * key), its content stream encrypted as a reader would decrypt it. With an empty user password
 * it opens without one, as a PDF with only an owner password (printing or copying restricted)
 * does; with a user password it cannot be opened without it. `handler` names another security
 * handler than the standard one (Adobe.PubSec: encrypted for a certificate).
 */
export function encryptedPdf(lines: string[], passwords: { user: string; owner: string }, handler = 'Standard'): Uint8Array {
  const id = createHash('md5').update(lines.join('\n')).digest();
  const pad = (password: string) => Buffer.concat([Buffer.from(password, 'latin1'), PADDING]).subarray(0, 32);
  const ownerKey = md5(pad(passwords.owner || passwords.user)).subarray(0, 5);
  const o = rc4(ownerKey, pad(passwords.user));
  const p = Buffer.alloc(4);
  p.writeInt32LE(PERMISSIONS);
  const fileKey = md5(Buffer.concat([pad(passwords.user), o, p, id])).subarray(0, 5);
  const u = rc4(fileKey, PADDING);
  const objectKey = (num: number) => md5(Buffer.concat([fileKey, Buffer.from([num & 0xff, (num >> 8) & 0xff, (num >> 16) & 0xff, 0, 0])])).subarray(0, 10);
  const shown = lines.map((line) => `(${line.replace(/[()\\]/g, '\\$&')}) Tj T*`).join(' ');
  const content = Buffer.from(`BT /F1 11 Tf 14 TL 72 720 Td ${shown} ET`, 'latin1');
  const stream = rc4(objectKey(4), content);
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>',
    Buffer.concat([Buffer.from(`<< /Length ${stream.length} >>\nstream\n`, 'latin1'), stream, Buffer.from('\nendstream', 'latin1')]),
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    `<< /Filter /${handler} /V 1 /R 2 /O <${o.toString('hex')}> /U <${u.toString('hex')}> /P ${PERMISSIONS} >>`,
  ];
  const parts: Buffer[] = [Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  const offsets: number[] = [];
  let length = parts[0]!.length;
  objects.forEach((body, i) => {
    offsets.push(length);
    const part = Buffer.concat([Buffer.from(`${i + 1} 0 obj\n`, 'latin1'), Buffer.isBuffer(body) ? body : Buffer.from(body, 'latin1'), Buffer.from('\nendobj\n', 'latin1')]);
    parts.push(part);
    length += part.length;
  });
  const xref = ['xref', `0 ${objects.length + 1}`, '0000000000 65535 f ', ...offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n `)].join('\n');
  const hexId = id.toString('hex');
  parts.push(Buffer.from(`${xref}\ntrailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Encrypt 6 0 R /ID [<${hexId}> <${hexId}>] >>\nstartxref\n${length}\n%%EOF\n`, 'latin1'));
  return new Uint8Array(Buffer.concat(parts));
}

function md5(data: Buffer): Buffer {
  return createHash('md5').update(data).digest();
}

function rc4(key: Buffer, data: Buffer): Buffer {
  const s = Array.from({ length: 256 }, (_, i) => i);
  for (let i = 0, j = 0; i < 256; i++) {
    j = (j + s[i]! + key[i % key.length]!) & 0xff;
    [s[i], s[j]] = [s[j]!, s[i]!];
  }
  const out = Buffer.alloc(data.length);
  for (let n = 0, i = 0, j = 0; n < data.length; n++) {
    i = (i + 1) & 0xff;
    j = (j + s[i]!) & 0xff;
    [s[i], s[j]] = [s[j]!, s[i]!];
    out[n] = data[n]! ^ s[(s[i]! + s[j]!) & 0xff]!;
  }
  return out;
}

/** Text enough for a page to count as having a text layer, in lines that fit a page. */
export const PAGE_LINES = [
  'This page carries a real text layer that any PDF reader can extract,',
  'with enough words on it to count as running text rather than a stamp',
  'or a page number, as the opening page of a short paper would have.',
];

/**
 * A page of ordinary text plus a second content stream of `megabytes` MB of zeros, deflated to
 * about a thousandth of that. pdf.js unpacks a plain deflated content stream with Node's zlib in
 * chunks (`predictor: false`) and one with a PNG predictor with its own inflater in one array it
 * doubles as it goes (`predictor: true`).
 */
export async function decompressionBomb(megabytes: number, { predictor = false } = {}): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage([612, 792]);
  PAGE_LINES.forEach((line, i) => page.drawText(line, { x: 72, y: 700 - 14 * i, size: 11, font }));
  const packed = await deflateZeros(megabytes);
  const dict = predictor ? { Filter: 'FlateDecode', DecodeParms: { Predictor: 12, Columns: 1023 } } : { Filter: 'FlateDecode' };
  page.node.addContentStream(doc.context.register(doc.context.stream(packed, dict)));
  return doc.save();
}

/**
 * A page of text, then `megabytes` MB of operators that draw nothing ("q Q": save and restore
 * the graphics state): little memory, but millions of operators for pdf.js to go through.
 */
export async function slowPdf(megabytes: number): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage([612, 792]);
  PAGE_LINES.forEach((line, i) => page.drawText(line, { x: 72, y: 700 - 14 * i, size: 11, font }));
  const packed = await deflateRepeated(Buffer.from('q Q '.repeat(2 ** 18), 'latin1'), megabytes, { level: 1 });
  page.node.addContentStream(doc.context.register(doc.context.stream(packed, { Filter: 'FlateDecode' })));
  return doc.save();
}

/** Zeros deflated as they stream in (run-length matching is fast on them), never held whole. */
function deflateZeros(megabytes: number): Promise<Uint8Array> {
  return deflateRepeated(Buffer.alloc(2 ** 20), megabytes, { level: 9, strategy: zlib.constants.Z_RLE });
}

/** `block` (1 MB) written `times` times through a deflater. */
async function deflateRepeated(block: Buffer, times: number, options: zlib.ZlibOptions): Promise<Uint8Array> {
  const deflate = zlib.createDeflate(options);
  const chunks: Buffer[] = [];
  deflate.on('data', (c: Buffer) => chunks.push(c));
  const ended = new Promise((resolve, reject) => deflate.on('end', resolve).on('error', reject));
  for (let i = 0; i < times; i++) if (!deflate.write(block)) await new Promise((resolve) => deflate.once('drain', resolve));
  deflate.end();
  await ended;
  return new Uint8Array(Buffer.concat(chunks));
}

/** Pages that are only an image, as a scanner makes them: nothing to extract. */
export async function scannedPdf(pages: number): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const side = 64;
  const pixels = new Uint8Array(side * side).map((_, i) => ((i % side) * 4) ^ Math.floor(i / side));
  const image = doc.context.register(doc.context.flateStream(pixels, { Type: 'XObject', Subtype: 'Image', Width: side, Height: side, ColorSpace: 'DeviceGray', BitsPerComponent: 8 }));
  for (let i = 0; i < pages; i++) drawImage(doc.addPage([612, 792]), image, 'Scan');
  return doc.save();
}

function drawImage(page: PDFPage, image: ReturnType<PDFDocument['context']['register']>, name: string): void {
  page.node.setXObject(PDFName.of(name), image);
  page.node.addContentStream(page.doc.context.register(page.doc.context.stream(`q 540 0 0 720 36 36 cm /${name} Do Q`)));
}

/** A valid PDF of `pages` pages of text, padded with an unused stream to at least `bytes` bytes. */
export async function paddedPdf(pages: number, bytes = 0): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let i = 0; i < pages; i++) {
    const page = doc.addPage([612, 792]);
    PAGE_LINES.forEach((line, n) => page.drawText(line, { x: 72, y: 700 - 14 * n, size: 11, font }));
  }
  if (bytes > 0) doc.context.register(doc.context.stream(new Uint8Array(bytes).fill(0x41)));
  return doc.save();
}
