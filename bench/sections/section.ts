/**
 * A benchmark section: one kind of measurement with its own table. The runner runs the
 * registered sections in order; a later section may use an earlier one's results (the
 * comparison reuses the scale section's indexes).
 */
import type { Table } from '../format.js';
import type { Progress } from '../progress.js';

export interface SectionContext {
  quick: boolean;
  /** Only these sizes of the scale section (labels such as "10k"), when given. */
  sizes?: string[];
  seed: number;
  /** Generated corpora, indexes and vectra folders live here (gitignored). */
  workDir: string;
  progress: Progress;
  /** Results of the sections that ran before, by section id. */
  results: Map<string, SectionResult>;
}

export interface SectionResult {
  id: string;
  title: string;
  status: 'ok' | 'failed';
  tables: Table[];
  notes: string[];
  /** Raw figures, written to the JSON results. */
  data?: unknown;
}

export interface Section {
  id: string;
  title: string;
  run(ctx: SectionContext): Promise<SectionResult>;
}
