/**
 * A page's text items made into lines in reading order: a two-column page is read down its left
 * column, then its right one, with lines that span both (a title, a wide figure's caption)
 * read where they stand between them.
 */
import type { RawPage } from './protocol.js';

export type Column = 'left' | 'right' | 'full';

export interface Line {
  text: string;
  /** 1-based page number. */
  page: number;
  x0: number;
  x1: number;
  /** The baseline's distance from the top of the page. */
  top: number;
  /** Font size and font of most of the line's characters. */
  size: number;
  font: string;
  column: Column;
}

export interface PageLayout {
  number: number;
  width: number;
  height: number;
  columns: 1 | 2;
  /** In reading order. */
  lines: Line[];
  /** Why the page's text could not be read, when it could not. */
  failure?: string;
}

/** A run of text on one baseline, in page units from the page's top-left corner. */
interface Run {
  text: string;
  x0: number;
  x1: number;
  top: number;
  size: number;
  font: string;
}

// Measured in font sizes (em). Superscripts and subscripts sit within this of their line's baseline.
const SAME_BASELINE_EM = 0.45;
// Runs further apart than this on one baseline are separate pieces (table cells, two columns).
const PIECE_GAP_EM = 1;
// Two pieces either side of the gutter closer than this are one line that happens to cross it.
const ONE_LINE_GAP_EM = 0.8;
// A gap wider than this between two runs is a space.
const SPACE_EM = 0.15;

export function layoutPage(page: RawPage): PageLayout {
  const [x0 = 0, y0 = 0, x1 = 0, y1 = 0] = page.view;
  const width = x1 - x0;
  const height = y1 - y0;
  const runs = pageRuns(page);
  const lines = baselines(runs);
  const gutter = findGutter(lines, width);
  const ordered = gutter === undefined ? lines.map((runs) => makeLine(runs, page.number, 'full')) : readColumns(lines, gutter, page.number);
  return { number: page.number, width, height, columns: gutter === undefined ? 1 : 2, lines: ordered, ...(page.failure ? { failure: page.failure } : {}) };
}

/** Upright text only: the arXiv stamp up the margin and rotated table headers are left out of the flow. */
function pageRuns(page: RawPage): Run[] {
  const [left = 0, , , top = 0] = page.view;
  const runs: Run[] = [];
  for (const item of page.items) {
    const [a = 0, b = 0, c = 0, d = 0, e = 0, f = 0] = item.transform;
    if (!item.str.trim() || a <= 0 || d <= 0 || Math.abs(b) > 0.05 * a || Math.abs(c) > 0.05 * d) continue;
    const x0 = e - left;
    runs.push({ text: item.str, x0, x1: x0 + Math.max(0, item.width), top: top - f, size: d, font: item.font });
  }
  return runs;
}

/** Runs grouped by baseline, top to bottom, each group left to right. */
function baselines(runs: Run[]): Run[][] {
  const sorted = [...runs].sort((p, q) => p.top - q.top || p.x0 - q.x0);
  const groups: { top: number; size: number; runs: Run[] }[] = [];
  for (const run of sorted) {
    const last = groups[groups.length - 1];
    if (last && Math.abs(run.top - last.top) <= SAME_BASELINE_EM * Math.max(run.size, last.size)) {
      last.runs.push(run);
      // The largest run's baseline is the line's: a superscript before it does not move the line.
      if (run.size > last.size) Object.assign(last, { top: run.top, size: run.size });
    } else {
      groups.push({ top: run.top, size: run.size, runs: [run] });
    }
  }
  return groups.map((g) => g.runs.sort((p, q) => p.x0 - q.x0));
}

interface Piece {
  x0: number;
  x1: number;
}

/** A line's runs merged where they touch: what is left apart are cells, or the two columns. */
function pieces(line: Run[]): Piece[] {
  const out: Piece[] = [];
  for (const run of line) {
    const last = out[out.length - 1];
    if (last && run.x0 - last.x1 <= PIECE_GAP_EM * run.size) last.x1 = Math.max(last.x1, run.x1);
    else out.push({ x0: run.x0, x1: run.x1 });
  }
  return out;
}

/**
 * Where the two columns of a page divide, if it has two: the middle of the widest band near
 * the page's centre that the fewest pieces of text cross, when at least three column-wide
 * pieces lie on each side of it and they outnumber those that cross (a title, authors, a wide
 * caption). A page of one column has its lines cross the centre and few wide pieces beside it.
 */
function findGutter(lines: Run[][], width: number): number | undefined {
  const all = lines.flatMap(pieces);
  if (all.length < 6 || width <= 0) return undefined;
  // How many pieces cross each whole x: the ranges of x each piece covers, added up in one sweep.
  const size = Math.ceil(width) + 2;
  const starts = new Int32Array(size + 1);
  for (const p of all) {
    const from = Math.max(0, Math.floor(p.x0) + 1);
    const to = Math.min(size - 1, Math.ceil(p.x1) - 1);
    if (from > to) continue;
    starts[from]!++;
    starts[to + 1]!--;
  }
  let best = { crossing: Infinity, from: 0, to: 0 };
  let run = { crossing: Infinity, from: 0 };
  let crossing = 0;
  const low = Math.ceil(width * 0.3);
  const high = Math.floor(width * 0.7);
  for (let x = 0; x <= high; x++) {
    crossing += starts[x]!;
    if (x < low) continue;
    if (crossing !== run.crossing) run = { crossing, from: x };
    if (crossing < best.crossing || (crossing === best.crossing && x - run.from > best.to - best.from)) best = { crossing, from: run.from, to: x };
  }
  const gutter = (best.from + best.to) / 2;
  const columnWide = (p: Piece) => p.x1 - p.x0 >= width * 0.25;
  const left = all.filter((p) => p.x1 <= gutter && columnWide(p)).length;
  const right = all.filter((p) => p.x0 >= gutter && columnWide(p)).length;
  return left >= 3 && right >= 3 && best.crossing <= left + right ? gutter : undefined;
}

/** Lines of a two-column page in reading order: each stretch between full-width lines, left column first. */
function readColumns(lines: Run[][], gutter: number, page: number): Line[] {
  const out: Line[] = [];
  let left: Line[] = [];
  let right: Line[] = [];
  const flush = () => {
    out.push(...left, ...right);
    left = [];
    right = [];
  };
  for (const runs of lines) {
    const l = runs.filter((r) => (r.x0 + r.x1) / 2 < gutter);
    const r = runs.filter((run) => (run.x0 + run.x1) / 2 >= gutter);
    const crosses = runs.some((run) => run.x0 < gutter - 1 && run.x1 > gutter + 1);
    const touching = l.length > 0 && r.length > 0 && r[0]!.x0 - Math.max(...l.map((run) => run.x1)) < ONE_LINE_GAP_EM * r[0]!.size;
    if (crosses || touching) {
      flush();
      out.push(makeLine(runs, page, 'full'));
      continue;
    }
    if (l.length) left.push(makeLine(l, page, 'left'));
    if (r.length) right.push(makeLine(r, page, 'right'));
  }
  flush();
  return out;
}

function makeLine(runs: Run[], page: number, column: Column): Line {
  let text = '';
  let previous: Run | undefined;
  const chars = new Map<string, number>();
  for (const run of runs) {
    const gap = previous ? run.x0 - previous.x1 : 0;
    if (previous && gap > SPACE_EM * run.size && !/\s$/.test(text) && !/^\s/.test(run.text)) text += ' ';
    text += run.text;
    const style = `${run.font}\u0000${run.size}`;
    chars.set(style, (chars.get(style) ?? 0) + run.text.length);
    previous = run;
  }
  const [style] = [...chars.entries()].reduce((a, b) => (b[1] > a[1] ? b : a));
  const [font = '', size = '0'] = style.split('\u0000');
  const top = runs.reduce((a, b) => (b.size > a.size ? b : a)).top;
  return { text: text.replace(/\s+/g, ' ').trim(), page, x0: Math.min(...runs.map((r) => r.x0)), x1: Math.max(...runs.map((r) => r.x1)), top, size: Number(size), font, column };
}
