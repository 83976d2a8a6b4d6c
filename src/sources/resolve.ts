/**
 * What a user gave /add (pasted text, .bib/.json/.jsonl attachments) -> paper records, each
 * with where it came from, and for everything not added a reason saying what happened and what
 * to try. Nothing here touches the index: the caller decides what is new and adds it.
 */
import path from 'node:path';
import type { Settings } from '../config.js';
import { buildPaper } from '../corpus/build.js';
import { normalizeTitle } from '../corpus/ids.js';
import type { ImportResult, Paper } from '../corpus/paper.js';
import { parseJsonLines, parseJsonRecords } from '../corpus/records.js';
import type { Logger } from '../log.js';
import { fetchArxiv } from './arxiv.js';
import { readBibtex } from './bibtex.js';
import { fetchCrossref } from './crossref.js';
import { fetchPolicy, ScholarlyHttp, type Clock } from './http.js';
import { fetchOpenReview } from './openreview.js';
import { miss, type Found, type Origin, type Outcome } from './outcome.js';
import { fetchPmlr } from './pmlr.js';
import { ACCEPTED, classifyRefs, REFUSED_HINT, shownRef, type LookupRef, type Ref } from './refs.js';

export type { Origin } from './outcome.js';

/** A paper as the corpus holds it, with where it was found. */
export interface AddedPaper extends Paper {
  origin: Origin;
  /** The DOI, when the source gives one (Crossref, arXiv's journal DOI, BibTeX), for finding the paper again. */
  doi?: string;
  /** For arXiv papers: the PDF under ARXIV_PDF_BASE (fetch it with the same ScholarlyHttp, service 'arxiv'). */
  pdfUrl?: string;
}

export interface Skipped {
  /** The ref as given ("2505.99999", "refs.bib: smith20"). */
  ref: string;
  /** What happened and what to try. */
  reason: string;
}

export interface ResolveResult {
  papers: AddedPaper[];
  skipped: Skipped[];
}

/** A file given with the request, as text (PDFs go to the PDF extractor, not here). */
export interface Attachment {
  name: string;
  text: string;
}

export interface ResolveInput {
  text?: string;
  attachments?: readonly Attachment[];
}

export interface ResolveDeps {
  http: ScholarlyHttp;
  /** The most refs looked up at the services (ADD_MAX_REFS). */
  maxRefs: number;
  signal?: AbortSignal;
  log?: Logger;
  /** Called after each lookup: how many of how many are done. */
  onProgress?: (done: number, total: number) => void;
}

/** The dependencies the settings describe; `clock` and `fetch` are for tests. */
export function resolveDeps(settings: Settings, extra: Partial<Omit<ResolveDeps, 'http' | 'maxRefs'>> & { clock?: Clock; fetch?: typeof fetch } = {}): ResolveDeps {
  const { clock, fetch, ...rest } = extra;
  return { http: new ScholarlyHttp(fetchPolicy(settings), { clock, fetch }), maxRefs: settings.addMaxRefs, ...rest };
}

/** One thing the user gave, in order: a record already read, a ref to look up, or a reason it is skipped. */
type Slot = { label: string } & ({ found: Found } | { paper: AddedPaper } | { lookup: LookupRef } | { skip: string });

function lookupKey(ref: LookupRef): string {
  switch (ref.kind) {
    case 'arxiv':
      return `arxiv:${ref.id}`;
    case 'doi':
      return `doi:${ref.doi.toLowerCase()}`;
    case 'openreview':
      return `openreview:${ref.id}`;
    case 'pmlr':
      return `pmlr:${ref.volume}/${ref.id}`;
  }
}

function slotsOfRefs(refs: Ref[], file: string): Slot[] {
  const slots: Slot[] = [];
  for (const ref of refs) {
    const label = shownRef(ref);
    if (ref.kind === 'bibtex') slots.push(...slotsOfBibtex(ref.text, file, 'BibTeX'));
    else if (ref.kind === 'refused') slots.push({ label, skip: `${ref.host} is not one of the services papercord reads, so the link was not opened: ${REFUSED_HINT}.` });
    else if (ref.kind === 'unknown') slots.push({ label, skip: `not a paper ref papercord reads: ${ref.hint}.` });
    else slots.push({ label, lookup: ref });
  }
  return slots;
}

function slotsOfBibtex(text: string, file: string, prefix: string): Slot[] {
  const bib = readBibtex(text, file);
  const label = (key: string) => `${prefix}: ${key}`;
  // Reported in the file's order as far as the parser keeps it: found, then looked up, then broken.
  return [
    ...bib.found.map(({ key, found }) => ({ label: label(key), found })),
    ...bib.lookups.map(({ key, ref }) => ({ label: `${label(key)} (${ref.raw})`, lookup: ref })),
    ...bib.problems.map(({ key, reason }) => ({ label: label(key), skip: reason })),
  ];
}

function slotsOfRecords(result: ImportResult, name: string): Slot[] {
  return [
    ...result.papers.map((p) => ({ label: `${name}: ${p.source.record}`, paper: { ...p, origin: 'json' as const } })),
    ...result.problems.filter((p) => p.severity !== 'info').map((p) => ({ label: p.record ? `${name}: ${p.record}` : name, skip: p.message })),
  ];
}

function slotsOfAttachment(a: Attachment): Slot[] {
  const ext = path.extname(a.name).toLowerCase();
  if (ext === '.bib' || ext === '.bibtex') return slotsOfBibtex(a.text, a.name, a.name);
  if (ext === '.json') return slotsOfRecords(parseJsonRecords(a.text, a.name), a.name);
  if (ext === '.jsonl' || ext === '.ndjson') return slotsOfRecords(parseJsonLines(a.text, a.name), a.name);
  return [{ label: a.name, skip: 'not a file papercord reads here: attach BibTeX (.bib), JSON (.json) or JSON Lines (.jsonl) records, or a PDF.' }];
}

/** Looks every lookup up, arXiv ids in batches and each service at its own pace; the outcome by lookup key. */
async function lookUp(refs: LookupRef[], deps: ResolveDeps): Promise<Map<string, Outcome>> {
  const outcomes = new Map<string, Outcome>();
  let done = 0;
  const total = refs.length;
  const settle = (key: string, outcome: Outcome) => {
    outcomes.set(key, outcome);
    deps.onProgress?.(++done, total);
  };
  const byKind = <K extends LookupRef['kind']>(kind: K) => refs.filter((r): r is Extract<LookupRef, { kind: K }> => r.kind === kind);
  // A fault of papercord's own while reading one answer costs that ref, not the whole request.
  const guarded = <T>(what: string, work: () => Promise<T>, fallback: (reason: string) => T): Promise<T> =>
    work().catch((e: unknown) => {
      deps.log?.error('reading a paper service answer failed', { ref: what, error: e });
      return fallback(`papercord failed while reading the answer for ${what} (its error is logged); try again, or give the paper another way.`);
    });
  const arxiv = async () => {
    const ids = byKind('arxiv').map((r) => r.id);
    if (!ids.length) return;
    const found = await guarded(`arXiv ids ${ids.join(', ')}`, () => fetchArxiv(deps.http, ids, deps.signal), (reason) => new Map(ids.map((id) => [id, miss(reason)])));
    for (const id of ids) settle(`arxiv:${id}`, found.get(id)!);
  };
  const each = async <R extends LookupRef>(list: R[], fetchOne: (r: R) => Promise<Outcome>) => {
    for (const r of list) settle(lookupKey(r), await guarded(r.raw, () => fetchOne(r), miss));
  };
  await Promise.all([
    arxiv(),
    each(byKind('doi'), (r) => fetchCrossref(deps.http, r.doi, deps.signal)),
    each(byKind('openreview'), (r) => fetchOpenReview(deps.http, r.id, deps.signal)),
    each(byKind('pmlr'), (r) => fetchPmlr(deps.http, r.volume, r.id, deps.signal)),
  ]);
  return outcomes;
}

function toPaper(found: Found, label: string): AddedPaper | string {
  const built = buildPaper(found.fields, found.from, label);
  if (!built.paper) return `${built.problems.map((p) => p.message.replace(/; skipped$/, '')).join('; ')}: not added.`;
  return { ...built.paper, origin: found.origin, ...(found.doi ? { doi: found.doi } : {}), ...(found.pdfUrl ? { pdfUrl: found.pdfUrl } : {}) };
}

/** Keys one paper is known by within one request: its id, its aliases, its title. */
function paperKeys(p: Paper): string[] {
  return [p.id, ...p.aliases, `title:${normalizeTitle(p.title)}`];
}

/**
 * Reads what the user gave into papers. Refs are looked up at the configured services only; a
 * link to any other host is refused, never fetched. Papers come in the order given; a paper given
 * twice is added once.
 */
export async function resolveRefs(input: ResolveInput, deps: ResolveDeps): Promise<ResolveResult> {
  const slots: Slot[] = [...slotsOfRefs(classifyRefs(input.text ?? ''), 'message'), ...(input.attachments ?? []).flatMap(slotsOfAttachment)];
  if (!slots.length) return { papers: [], skipped: [{ ref: '', reason: `nothing to add: give ${ACCEPTED}, or attach a .bib, .json, .jsonl or PDF file.` }] };

  // Each paper is asked for once (a second mention is reported with the first), and no more than maxRefs of them.
  const wanted = new Map<string, LookupRef>();
  const planned = slots.map((slot): Slot => {
    if (!('lookup' in slot)) return slot;
    const key = lookupKey(slot.lookup);
    if (wanted.has(key)) return slot;
    if (wanted.size >= deps.maxRefs) return { label: slot.label, skip: `over the limit of ${deps.maxRefs} papers looked up at once (ADD_MAX_REFS); add it again on its own.` };
    wanted.set(key, slot.lookup);
    return slot;
  });
  const outcomes = await lookUp([...wanted.values()], deps);

  const papers: AddedPaper[] = [];
  const skipped: Skipped[] = [];
  const seen = new Map<string, string>();
  for (const slot of planned) {
    let result: AddedPaper | string;
    if ('skip' in slot) result = slot.skip;
    else if ('paper' in slot) result = slot.paper;
    else if ('found' in slot) result = toPaper(slot.found, slot.label);
    else {
      const outcome = outcomes.get(lookupKey(slot.lookup))!;
      result = outcome.ok ? toPaper(outcome.found, slot.label) : outcome.reason;
    }
    if (typeof result === 'string') {
      skipped.push({ ref: slot.label, reason: result });
      continue;
    }
    const earlier = paperKeys(result).map((k) => seen.get(k)).find((x) => x !== undefined);
    if (earlier) {
      skipped.push({ ref: slot.label, reason: `the same paper as ${earlier} ("${result.title}"), given earlier; added once.` });
      continue;
    }
    for (const k of paperKeys(result)) seen.set(k, slot.label);
    papers.push(result);
  }
  deps.log?.info('paper refs resolved', { papers: papers.length, skipped: skipped.length, lookedUp: wanted.size });
  return { papers, skipped };
}
