/** Number formats and Markdown tables: what `npm run bench` prints can be pasted into BENCHMARKS.md as it is. */

export interface Table {
  columns: string[];
  rows: string[][];
}

export function renderTable(t: Table): string {
  const widths = t.columns.map((c, i) => Math.max(c.length, ...t.rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`;
  return [line(t.columns), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...t.rows.map(line)].join('\n');
}

export const int = (n: number) => Math.round(n).toLocaleString('en-US');

/** Milliseconds, with the precision that matters at that scale. */
export function ms(n: number | undefined): string {
  if (n === undefined || !Number.isFinite(n)) return '-';
  if (n >= 10_000) return `${(n / 1000).toFixed(1)} s`;
  if (n >= 1000) return `${(n / 1000).toFixed(2)} s`;
  if (n >= 10) return `${n.toFixed(0)} ms`;
  return `${n.toFixed(1)} ms`;
}

export function mb(bytesOrMB: number, unit: 'bytes' | 'MB' = 'MB'): string {
  const m = unit === 'bytes' ? bytesOrMB / 2 ** 20 : bytesOrMB;
  return m >= 100 ? `${m.toFixed(0)} MB` : `${m.toFixed(1)} MB`;
}

export const ratio = (n: number) => (Number.isFinite(n) ? `${n >= 10 ? n.toFixed(0) : n.toFixed(1)}×` : '-');
export const score = (n: number | undefined) => (n === undefined ? '-' : n.toFixed(3));
