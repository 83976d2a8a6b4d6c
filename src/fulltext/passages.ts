/**
 * A paper's full text as the passages the index chunks (see chunkFullText in src/chunking.ts,
 * the one chunker of abstracts and full texts alike): one per section per page, each naming
 * its section and page.
 */
import type { FullTextPassage } from '../chunking.js';
import { sectionLabel, type FullText, type SectionRole } from './sections.js';

/**
 * The sections indexed: the body and appendices. The abstract is indexed as the paper's
 * abstract already, the front matter is its byline, and the references would answer questions
 * with other papers' titles.
 */
const INDEXED: readonly SectionRole[] = ['body'];

/** A full text's indexed sections as passages: a section over two pages is two passages. */
export function fullTextPassages(fullText: Pick<FullText, 'sections'>): FullTextPassage[] {
  const passages: FullTextPassage[] = [];
  for (const section of fullText.sections) {
    if (!INDEXED.includes(section.role) || !section.text.trim()) continue;
    const label = sectionLabel(section);
    const starts = section.pageStarts.length ? section.pageStarts : [{ offset: 0, page: section.page }];
    starts.forEach((start, i) => {
      const text = section.text.slice(start.offset, starts[i + 1]?.offset ?? section.text.length).trim();
      if (text) passages.push({ section: label, page: start.page, text });
    });
  }
  return passages;
}

