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
  /** Offsets of the chunk within the paper's abstract. */
  start: number;
  end: number;
  text: string;
}

export function chunkPaper(paper: Paper, settings: ChunkerSettings = DEFAULT_CHUNKER): Chunk[] {
  const text = paper.abstract;
  return chunkSpans(text, settings).map(({ start, end }, index) => ({ id: chunkId(paper.id, index), paperId: paper.id, index, start, end, text: text.slice(start, end) }));
}

/**
 * Where a text is cut into chunks: whole when it is short, else runs of whole sentences near
 * the target size, each repeating the last `overlapSentences` of the one before.
 */
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
