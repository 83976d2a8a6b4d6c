/** A paper's full text cut into passages to index, each naming its section and page. */
import { chunkSpans, DEFAULT_CHUNKER, type ChunkerSettings } from '../chunking.js';
import { pageAt, sectionLabel, type FullText, type SectionRole } from './sections.js';

export interface FullTextChunk {
  text: string;
  /** "§3 Method", or an unnumbered section's heading ("Conclusion"). */
  section: string;
  /** The page the passage starts on (1-based). */
  page: number;
}

export interface FullTextChunkOptions {
  /** Sized as the abstracts' chunks are unless told otherwise. */
  chunker?: ChunkerSettings;
  /**
   * The sections whose text is chunked. By default the paper's body and appendices: the
   * abstract is indexed as the paper's abstract already, the front matter is its byline,
   * and the references would answer questions with other papers' titles.
   */
  roles?: readonly SectionRole[];
}

const BODY: readonly SectionRole[] = ['body'];

/** Passages of whole sentences, in reading order; none crosses from one section into the next. */
export function fullTextChunks(fullText: Pick<FullText, 'sections'>, options: FullTextChunkOptions = {}): FullTextChunk[] {
  const roles = options.roles ?? BODY;
  const chunks: FullTextChunk[] = [];
  for (const section of fullText.sections) {
    if (!roles.includes(section.role) || !section.text.trim()) continue;
    const label = sectionLabel(section);
    for (const { start, end } of chunkSpans(section.text, options.chunker ?? DEFAULT_CHUNKER)) {
      chunks.push({ text: section.text.slice(start, end), section: label, page: pageAt(section, start) });
    }
  }
  return chunks;
}
