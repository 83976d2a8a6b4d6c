import { promises as fs } from 'node:fs';

/**
 * A seed (a paper id or a topic) with the papers a reader would call related, judged from the
 * abstracts: `related` clearly, `plausible` arguably. A listed paper in neither is a wrong recommendation.
 */
export interface RelatedLabel {
  id: string;
  seed: string;
  related: string[];
  plausible: string[];
}

export interface RelatedScores {
  seeds: number;
  listed: number;
  /** Share of listed papers that are related or plausible. */
  precision: number;
  /** Share of listed papers that are clearly related. */
  strictPrecision: number;
  /** Share of the clearly related papers that were listed (of seeds that have any). */
  recall: number;
  /** Seeds with nothing related or plausible whose list was empty, of all such seeds. */
  emptyWhenNone: { empty: number; of: number };
}

export async function loadRelatedLabels(file: string): Promise<RelatedLabel[]> {
  const out: RelatedLabel[] = [];
  for (const [i, line] of (await fs.readFile(file, 'utf8')).split('\n').entries()) {
    if (!line.trim()) continue;
    const l = JSON.parse(line) as RelatedLabel;
    if (!l.id || !l.seed || !Array.isArray(l.related) || !Array.isArray(l.plausible)) throw new Error(`${file} line ${i + 1}: not a valid related label`);
    out.push(l);
  }
  return out;
}

/** Scores the lists given for each label (by label id). */
export function relatedScores(labels: RelatedLabel[], listed: ReadonlyMap<string, readonly string[]>): RelatedScores {
  let shown = 0;
  let good = 0;
  let clear = 0;
  let wanted = 0;
  let found = 0;
  const none = { empty: 0, of: 0 };
  for (const l of labels) {
    const list = listed.get(l.id) ?? [];
    shown += list.length;
    good += list.filter((id) => l.related.includes(id) || l.plausible.includes(id)).length;
    clear += list.filter((id) => l.related.includes(id)).length;
    wanted += l.related.length;
    found += l.related.filter((id) => list.includes(id)).length;
    if (l.related.length + l.plausible.length === 0) {
      none.of++;
      if (list.length === 0) none.empty++;
    }
  }
  return { seeds: labels.length, listed: shown, precision: shown ? good / shown : 1, strictPrecision: shown ? clear / shown : 1, recall: wanted ? found / wanted : 1, emptyWhenNone: none };
}
