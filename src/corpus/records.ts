/** Paper records as JSON (an array, or an object holding one) or JSON Lines (one record per line). */
import type { CorpusProblem, ImportResult, Paper } from './paper.js';
import { buildPaper, recordLabel, str } from './build.js';
import { describeJsonError } from './jsonpos.js';
import { htmlToText, parseAuthors, yearFrom } from './text.js';
import { pmlrPageUrl } from './ids.js';

export interface RecordDefaults {
  venue?: string;
}

/** One record object -> a paper, or the problems that kept it out. */
export function recordToPaper(value: unknown, file: string, label: string, defaults: RecordDefaults = {}): { paper?: Paper; problems: CorpusProblem[] } {
  if (!value || typeof value !== 'object' || Array.isArray(value)) {
    return { problems: [{ file, record: label, message: `not a record object (got ${Array.isArray(value) ? 'an array' : value === null ? 'null' : typeof value}); skipped` }] };
  }
  const r = value as Record<string, unknown>;
  const record = recordLabel(label, str(r.id) ?? str(r.pmlr_id) ?? str(r.arxiv));
  const volume = str(r.pmlr_volume);
  // PMLR exports (such as icml2026_sample.jsonl) carry the PMLR id in `id` next to `pmlr_volume`.
  const pmlrId = str(r.pmlr_id) ?? (volume ? str(r.id) : undefined);
  const venue = str(r.venue) ?? defaults.venue;
  const rawAbstract = str(r.abstract) ?? str(r.summary);
  const url = str(r.url) ?? (volume && pmlrId ? pmlrPageUrl(volume, pmlrId) : undefined) ?? str(r.pdf) ?? str(r.link);
  return buildPaper(
    {
      title: str(r.title),
      abstract: rawAbstract === undefined ? undefined : htmlToText(rawAbstract),
      authors: parseAuthors(r.authors ?? r.author),
      year: yearFrom(r.year),
      venue,
      url,
      code: r.code ?? r.software,
      pmlrId,
      pmlrVolume: volume,
      recordId: str(r.id),
      arxiv: str(r.arxiv) ?? str(r.arxiv_id),
      openreview: str(r.openreview) ?? str(r.openreview_id),
    },
    file,
    record,
  );
}

function collect(results: Iterable<{ paper?: Paper; problems: CorpusProblem[] }>): ImportResult {
  const out: ImportResult = { papers: [], problems: [], skipped: 0 };
  for (const r of results) {
    out.problems.push(...r.problems);
    if (r.paper) out.papers.push(r.paper);
    else out.skipped++;
  }
  return out;
}

export function parseJsonRecords(text: string, file: string): ImportResult {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (e) {
    return { papers: [], problems: [{ file, message: `not valid JSON ${describeJsonError(text, e)}` }], skipped: 0 };
  }
  let list: unknown[] | undefined;
  const defaults: RecordDefaults = {};
  if (Array.isArray(data)) list = data;
  else if (data && typeof data === 'object') {
    const o = data as Record<string, unknown>;
    const key = ['papers', 'records', 'data'].find((k) => Array.isArray(o[k]));
    if (key) {
      list = o[key] as unknown[];
      defaults.venue = str(o.venue);
    } else if ('abstract' in o || 'title' in o) list = [o];
  }
  if (!list) return { papers: [], problems: [{ file, message: 'no records: expected an array of records or an object with a `papers`, `records` or `data` array' }], skipped: 0 };
  return collect(list.map((item, i) => recordToPaper(item, file, `record ${i + 1}`, defaults)));
}

/** One record per line; a bad line is reported by its number and the others still import. */
export function parseJsonLines(text: string, file: string): ImportResult {
  const lines = text.split('\n');
  function* each() {
    for (let i = 0; i < lines.length; i++) {
      const line = lines[i].trim();
      if (!line) continue;
      let value: unknown;
      try {
        value = JSON.parse(line);
      } catch (e) {
        yield { problems: [{ file, record: `line ${i + 1}`, message: `not valid JSON: ${(e as Error).message}; skipped` }] };
        continue;
      }
      yield recordToPaper(value, file, `line ${i + 1}`);
    }
  }
  return collect(each());
}
