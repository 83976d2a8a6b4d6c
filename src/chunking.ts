import type { Paper } from './corpus/paper.js';
import { splitSentences, type Span } from './text/sentences.js';

/** Bump when chunk boundaries change, so that indexes built with the old chunker are rebuilt. */
export const CHUNKER_VERSION = 1;

export interface ChunkerSettings {
  /** A text up to this long stays one chunk (a typical abstract is 1,000 to 2,000 characters). */
  maxChunkChars: number;
  /** Size a longer text's chunks aim for. */
  targetChunkChars: number;
  /** Sentences repeated at the start of the next chunk. */
  overlapSentences: number;
}

export const DEFAULT_CHUNKER: ChunkerSettings = { maxChunkChars: 2400, targetChunkChars: 1200, overlapSentences: 1 };

/** A chunk's id: its paper's id and its place in the paper ("zeller26a#0" is the first). */
export function chunkId(paperId: string, index: number): string {
  return `${paperId}#${index}`;
}

export interface Chunk {
  id: string;
  paperId: string;
  index: number;
  /** Offsets of the chunk within the paper's abstract, or within its section's text for a full-text chunk. */
  start: number;
  end: number;
  text: string;
  /** A full-text chunk's section as the paper heads it ("§3 Method"); absent from the abstract's chunks. */
  section?: string;
  /** The page a full-text chunk starts on (1 is the first); absent from the abstract's chunks. */
  page?: number;
  /** The page it ends on, when that is another one. */
  pageEnd?: number;
}

/**
 * A piece of a paper's full text, in reading order: the text of one section on one page (a
 * section over two pages is two passages). What a PDF's extraction gives the index.
 */
export interface FullTextPassage {
  section: string;
  page: number;
  text: string;
}

/** Whether a chunk comes from the paper's full text rather than from its abstract. */
export function isFullTextChunk(chunk: Pick<Chunk, 'section'>): boolean {
  return chunk.section !== undefined;
}

export function chunkPaper(paper: Paper, settings: ChunkerSettings = DEFAULT_CHUNKER): Chunk[] {
  const text = paper.abstract;
  return chunkSpans(text, settings).map(({ start, end }, index) => ({ id: chunkId(paper.id, index), paperId: paper.id, index, start, end, text: text.slice(start, end) }));
}

/**
 * The chunks of a paper's full text, numbered from `firstIndex` (after its abstract's): each
 * section is chunked as an abstract is, and a chunk is on the page its first character is on.
 */
export function chunkFullText(paperId: string, passages: readonly FullTextPassage[], firstIndex: number, settings: ChunkerSettings = DEFAULT_CHUNKER): Chunk[] {
  const chunks: Chunk[] = [];
  for (const section of sectionsOf(passages)) {
    const pageAt = (offset: number) => {
      let p = 0;
      while (p + 1 < section.pageStarts.length && section.pageStarts[p + 1]![0] <= offset) p++;
      return section.pageStarts[p]![1];
    };
    for (const { start, end } of chunkSpans(section.text, settings)) {
      const index = firstIndex + chunks.length;
      const [page, last] = [pageAt(start), pageAt(Math.max(start, end - 1))];
      chunks.push({ id: chunkId(paperId, index), paperId, index, start, end, text: section.text.slice(start, end), section: section.name, page, ...(last !== page ? { pageEnd: last } : {}) });
    }
  }
  return chunks;
}

/** Consecutive passages of one section joined into its text, with where each page starts in it. */
function sectionsOf(passages: readonly FullTextPassage[]): { name: string; text: string; pageStarts: [number, number][] }[] {
  const sections: { name: string; text: string; pageStarts: [number, number][] }[] = [];
  for (const p of passages) {
    const text = p.text.trim();
    if (!text) continue;
    let last = sections.at(-1);
    if (!last || last.name !== p.section) {
      last = { name: p.section, text: '', pageStarts: [] };
      sections.push(last);
    }
    if (last.text) last.text += '\n';
    last.pageStarts.push([last.text.length, p.page]);
    last.text += text;
  }
  return sections;
}

/** Where a text's chunks start and end: the whole text when short, else runs of sentences with overlap. */
export function chunkSpans(text: string, settings: ChunkerSettings = DEFAULT_CHUNKER): { start: number; end: number }[] {
  if (text.length <= settings.maxChunkChars) return [{ start: 0, end: text.length }];
  const sentences = splitLongSentences(splitSentences(text), settings.targetChunkChars);
  const spans: { start: number; end: number }[] = [];
  let first = 0;
  while (first < sentences.length) {
    let last = first;
    while (last + 1 < sentences.length && sentences[last + 1]!.end - sentences[first]!.start <= settings.targetChunkChars) last++;
    spans.push({ start: sentences[first]!.start, end: sentences[last]!.end });
    if (last + 1 >= sentences.length) break;
    // Step back for overlap, but always move forward.
    first = Math.max(first + 1, last + 1 - settings.overlapSentences);
  }
  return spans;
}

/** The text that is embedded and indexed for a chunk: the title gives every chunk its topic. */
export function chunkIndexText(paper: Pick<Paper, 'title'>, chunk: Pick<Chunk, 'text'>): string {
  return `${paper.title}\n${chunk.text}`;
}

/** A "sentence" longer than a whole chunk (a table dump, a run-on list) is cut on word boundaries. */
function splitLongSentences(spans: Span[], limit: number): Span[] {
  const out: Span[] = [];
  for (const s of spans) {
    if (s.end - s.start <= limit) {
      out.push(s);
      continue;
    }
    let start = s.start;
    while (start < s.end) {
      let end = Math.min(s.end, start + limit);
      if (end < s.end) {
        const space = s.text.lastIndexOf(' ', end - s.start);
        if (space > start - s.start) end = s.start + space;
      }
      out.push({ start, end, text: s.text.slice(start - s.start, end - s.start) });
      start = end;
      while (start < s.end && s.text[start - s.start] === ' ') start++;
    }
  }
  return out;
}
