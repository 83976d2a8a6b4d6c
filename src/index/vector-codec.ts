import { JsonCodec, type DocumentCatalog, type IndexCodec, type IndexData, type IndexItem, type MetadataTypes } from './vectra.js';

const MAGIC = Buffer.from('PCVEC001', 'latin1');
/** Magic, then the header's byte length. */
const PREAMBLE_BYTES = MAGIC.length + 4;

interface Header {
  version: number;
  metadata_config: IndexData['metadata_config'];
  dims: number;
  items: { id: string; metadata: Record<string, MetadataTypes>; metadataFile?: string }[];
}

/**
 * A vectra IndexCodec that keeps the vectors as raw little-endian float32 instead of JSON
 * numbers: `PCVEC001`, the header's length (uint32), a JSON header with the ids and metadata,
 * padding to 8 bytes, every norm as float64, then every vector as float32, item after item.
 *
 * Loading is a file read and a small JSON parse; each item's vector is a Float32Array view
 * into that one buffer, not an array of doubles. At 100,000 chunks of 512 dimensions this is
 * what made a cold start fit in seconds and the vectors in 205 MB (JSON: 13.6 s, 410 MB
 * of doubles plus the parse). vectra reads the views like arrays (index and length only).
 * Catalogs and metadata files, which this index does not use, stay JSON.
 */
export class Float32VectorCodec implements IndexCodec {
  readonly extension = '.f32';
  private readonly json = new JsonCodec();

  serializeIndex(data: IndexData): Buffer {
    const dims = data.items[0]?.vector.length ?? 0;
    const header: Header = { version: data.version, metadata_config: data.metadata_config, dims, items: [] };
    for (const item of data.items) {
      if (item.vector.length !== dims) throw new Error(`item ${item.id} has ${item.vector.length} dimensions, the index ${dims}`);
      header.items.push(item.metadataFile ? { id: item.id, metadata: item.metadata, metadataFile: item.metadataFile } : { id: item.id, metadata: item.metadata });
    }
    const headerBytes = Buffer.from(JSON.stringify(header), 'utf8');
    const normsAt = align8(PREAMBLE_BYTES + headerBytes.length);
    const vectorsAt = normsAt + data.items.length * 8;
    // Buffer.alloc never hands out pooled memory: the buffer starts at offset 0, and the views below are aligned.
    const out = Buffer.alloc(vectorsAt + data.items.length * dims * 4);
    MAGIC.copy(out, 0);
    out.writeUInt32LE(headerBytes.length, MAGIC.length);
    headerBytes.copy(out, PREAMBLE_BYTES);
    if (!isLittleEndian()) throw new Error('the float32 vector files are little-endian; this machine is not');
    const norms = new Float64Array(out.buffer, out.byteOffset + normsAt, data.items.length);
    const vectors = new Float32Array(out.buffer, out.byteOffset + vectorsAt, data.items.length * dims);
    data.items.forEach((item, i) => {
      norms[i] = item.norm;
      vectors.set(item.vector, i * dims);
    });
    return out;
  }

  deserializeIndex(input: Buffer): IndexData {
    if (input.length < PREAMBLE_BYTES || !input.subarray(0, MAGIC.length).equals(MAGIC)) throw new Error('not a papercord vector file (bad magic)');
    if (!isLittleEndian()) throw new Error('the float32 vector files are little-endian; this machine is not');
    const headerLength = input.readUInt32LE(MAGIC.length);
    if (PREAMBLE_BYTES + headerLength > input.length) throw new Error('vector file truncated in its header');
    const header = JSON.parse(input.toString('utf8', PREAMBLE_BYTES, PREAMBLE_BYTES + headerLength)) as Header;
    const count = header.items.length;
    const normsAt = align8(PREAMBLE_BYTES + headerLength);
    const vectorsAt = normsAt + count * 8;
    const expected = vectorsAt + count * header.dims * 4;
    if (input.length !== expected) throw new Error(`vector file has ${input.length} bytes, its header implies ${expected} (truncated or corrupt)`);
    // Typed-array views need their element alignment; a file read into a pooled buffer may not have it.
    const buffer = input.byteOffset % 8 === 0 ? input : alignedCopy(input);
    const norms = new Float64Array(buffer.buffer, buffer.byteOffset + normsAt, count);
    const items: IndexItem[] = header.items.map((h, i) => {
      const vector = new Float32Array(buffer.buffer, buffer.byteOffset + vectorsAt + i * header.dims * 4, header.dims);
      // vectra types vectors as number[]; it only indexes them and reads their length.
      const item: IndexItem = { id: h.id, metadata: h.metadata, vector: vector as unknown as number[], norm: norms[i]! };
      if (h.metadataFile) item.metadataFile = h.metadataFile;
      return item;
    });
    return { version: header.version, metadata_config: header.metadata_config, items };
  }

  serializeCatalog(catalog: DocumentCatalog): Buffer {
    return this.json.serializeCatalog(catalog);
  }

  deserializeCatalog(buffer: Buffer): DocumentCatalog {
    return this.json.deserializeCatalog(buffer);
  }

  serializeMetadata(metadata: Record<string, MetadataTypes>): Buffer {
    return this.json.serializeMetadata(metadata);
  }

  deserializeMetadata(buffer: Buffer): Record<string, MetadataTypes> {
    return this.json.deserializeMetadata(buffer);
  }
}

function isLittleEndian(): boolean {
  return new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;
}

/** Buffer.alloc never takes memory from the shared pool, so the copy starts at offset 0. */
function alignedCopy(input: Buffer): Buffer {
  const out = Buffer.alloc(input.length);
  input.copy(out);
  return out;
}

function align8(n: number): number {
  return Math.ceil(n / 8) * 8;
}
