/**
 * Running heads, running feet and page numbers: text at a page's top or bottom edge that is
 * not part of the paper's flow and would otherwise land mid-sentence in a passage.
 */
import type { Line, PageLayout } from './layout.js';

/** The top and bottom tenth of a page is where running heads and feet stand. */
const EDGE_SHARE = 0.1;
const PAGE_NUMBER = /^(?:page\s*)?[-–—]?\s*\d{1,4}\s*[-–—]?(?:\s*(?:of|\/)\s*\d{1,4})?$/i;

export function withoutFurniture(pages: PageLayout[]): PageLayout[] {
  const edges = pages.map(edgeLines);
  // The same words at the edge of many pages, page numbers and dates aside ("Preprint. Under review.", a journal's name).
  const seen = new Map<string, number>();
  for (const lines of edges) for (const key of new Set(lines.map(furnitureKey))) seen.set(key, (seen.get(key) ?? 0) + 1);
  const repeated = Math.max(2, Math.ceil(pages.length * 0.3));
  return pages.map((page, i) => {
    const drop = new Set(edges[i]!.filter((line) => PAGE_NUMBER.test(line.text) || (seen.get(furnitureKey(line)) ?? 0) >= repeated));
    return drop.size ? { ...page, lines: page.lines.filter((line) => !drop.has(line)) } : page;
  });
}

/** The page's highest and lowest lines, where they stand within its edges. */
function edgeLines(page: PageLayout): Line[] {
  if (!page.lines.length) return [];
  const tops = page.lines.map((l) => l.top);
  const highest = Math.min(...tops);
  const lowest = Math.max(...tops);
  const margin = page.height * EDGE_SHARE;
  return page.lines.filter((l) => (l.top === highest && l.top <= margin) || (l.top === lowest && l.top >= page.height - margin));
}

function furnitureKey(line: Line): string {
  return line.text.toLowerCase().replace(/\d+/g, '#').replace(/\s+/g, ' ');
}
