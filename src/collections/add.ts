/**
 * /add: what a user gave (refs, BibTeX, JSON records, PDFs) -> papers added to one collection,
 * and a report of each paper added and each thing skipped with its reason. Good entries are
 * added even when others fail; nothing already indexed is lost (see index/additions.ts).
 */
import path from 'node:path';
import { COLLECTIONS_DIR, dataPath, type Settings } from '../config.js';
import type { Paper } from '../corpus/paper.js';
import type { FullTextPassage } from '../chunking.js';
import type { Embedder } from '../embed/embedder.js';
import { PapercordError } from '../errors.js';
import { isPdfError } from '../fulltext/index.js';
import { addPapers } from '../index/additions.js';
import type { LoadedIndex } from '../index/store.js';
import type { Logger } from '../log.js';
import { resolveDeps, resolveRefs, type AddedPaper as ResolvedPaper, type Attachment, type Skipped } from '../sources/resolve.js';
import { FetchFailure, type ScholarlyHttp } from '../sources/http.js';
import { failureReason } from '../sources/outcome.js';
import { PresentPapers } from './duplicates.js';
import { collectionRoom } from './limits.js';
import { readFullText, readPdfPaper, type PdfPaper } from './pdf-paper.js';
import { collectionProblem } from './records.js';
import { pdfLimits } from '../fulltext/index.js';
import { addedPapersOf } from './view.js';

export interface AddInput {
  text?: string;
  files?: { name: string; bytes: Uint8Array }[];
}

/** Where an addition is: looking refs up, reading PDFs, indexing. */
export interface AddProgress {
  stage: 'looking-up' | 'reading-pdf' | 'indexing';
  done: number;
  total: number;
}

export interface AddOptions {
  collection: string;
  onProgress?: (p: AddProgress) => void;
  signal?: AbortSignal;
}

export interface AddedEntry {
  id: string;
  title: string;
  authors: string[];
  year?: number;
  venue?: string;
  url?: string;
  /** Where it came from: arxiv, crossref, openreview, pmlr, bibtex, json, pdf. */
  source: string;
  fullText: boolean;
  pages?: number;
  sections?: number;
  note?: string;
}

export interface AddReport {
  collection: string;
  added: AddedEntry[];
  skipped: Skipped[];
}

/** What an addition needs from the service. */
export interface AddContext {
  settings: Settings;
  log: Logger;
  /** The index in force when the addition starts. */
  index: LoadedIndex;
  /** The build's embedder (undefined: its fitted local one). */
  embedder?: Embedder;
  /** For tests: the HTTP client of the paper services. */
  http?: ScholarlyHttp;
}

export interface AddOutcome {
  report: AddReport;
  /** The index with the papers added, when any were. */
  index?: LoadedIndex;
  compaction?: Promise<LoadedIndex | null>;
}

interface Candidate {
  ref: string;
  paper: Paper;
  source: string;
  fullText?: FullTextPassage[];
  pages?: number;
  sections?: number;
  note?: string;
}

const PDF = /\.pdf$/i;

export function checkCollection(collection: string): void {
  const problem = collectionProblem(collection);
  if (problem) throw new PapercordError('BAD_INPUT', `Not a collection: ${problem}.`, 'Give a collection id such as local or guild:<id>.');
}

/** Adds what `input` holds to `opts.collection`. */
export async function addToCollection(ctx: AddContext, input: AddInput, opts: AddOptions): Promise<AddOutcome> {
  checkCollection(opts.collection);
  const { settings } = ctx;
  const files = input.files ?? [];
  const pdfs = files.filter((f) => PDF.test(f.name));
  const attachments: Attachment[] = files.filter((f) => !PDF.test(f.name)).map((f) => ({ name: f.name, text: new TextDecoder().decode(f.bytes) }));
  const skipped: Skipped[] = [];
  const candidates: Candidate[] = [];

  const hasRefs = (input.text ?? '').trim() !== '' || attachments.length > 0;
  const deps = resolveDeps(settings, { signal: opts.signal, log: ctx.log, onProgress: (done, total) => opts.onProgress?.({ stage: 'looking-up', done, total }) });
  const http = ctx.http ?? deps.http;
  if (hasRefs || pdfs.length === 0) {
    const resolved = await resolveRefs({ text: input.text, attachments }, { ...deps, http });
    // "nothing to add" is only true when no PDF came either.
    skipped.push(...resolved.skipped.filter((s) => s.ref !== '' || pdfs.length === 0));
    for (const p of resolved.papers) candidates.push(await candidateOf(p, ctx, http, opts.signal));
  }
  let done = 0;
  for (const f of pdfs) {
    opts.onProgress?.({ stage: 'reading-pdf', done: done++, total: pdfs.length });
    try {
      const read: PdfPaper = await readPdfPaper(f.name, f.bytes, settings);
      candidates.push({ ref: f.name, paper: read.paper, source: 'pdf', fullText: read.fullText, pages: read.pages, sections: read.sections, ...(read.note ? { note: read.note } : {}) });
    } catch (e) {
      if (!isPdfError(e)) ctx.log.error('reading an attached PDF failed', { file: f.name, error: e });
      skipped.push({ ref: f.name, reason: isPdfError(e) ? `${e.message} ${e.hint ?? ''}`.trim() : `papercord failed while reading ${f.name} (its error is logged); try again, or add the paper by its arXiv id or DOI.` });
    }
  }

  const present = new PresentPapers(ctx.index.papers, addedPapersOf(ctx.index, opts.collection));
  const fresh: Candidate[] = [];
  for (const c of candidates) {
    const reason = present.duplicateReason(c.paper);
    if (reason) skipped.push({ ref: c.ref, reason });
    else {
      present.put(c.paper);
      fresh.push(c);
    }
  }
  const room = collectionRoom(addedPapersOf(ctx.index, opts.collection).length, fresh.length, settings.addMaxPapers);
  for (const c of fresh.slice(room.fits)) skipped.push({ ref: c.ref, reason: room.reason });
  const toAdd = fresh.slice(0, room.fits);
  const report: AddReport = { collection: opts.collection, added: [], skipped };
  if (!toAdd.length) return { report };

  opts.onProgress?.({ stage: 'indexing', done: 0, total: toAdd.length });
  const root = path.dirname(ctx.index.dir);
  const result = await addPapers(
    root,
    toAdd.map((c) => ({ collection: opts.collection, paper: c.paper, ...(c.fullText?.length ? { fullText: c.fullText } : {}) })),
    { index: ctx.index, records: dataPath(settings, COLLECTIONS_DIR), embedder: ctx.embedder, maxSegments: settings.indexMaxSegments, log: (m, f) => ctx.log.info(m, f) },
  );
  const addedIds = new Set(result.added.map((a) => a.paper.id));
  for (const c of toAdd) {
    if (addedIds.has(c.paper.id)) report.added.push(entryOf(c));
    else {
      const why = result.skipped.find((s) => s.id === c.paper.id)?.reason ?? 'not added';
      skipped.push({ ref: c.ref, reason: `${why} (${c.paper.id}); not added again.` });
    }
  }
  opts.onProgress?.({ stage: 'indexing', done: toAdd.length, total: toAdd.length });
  ctx.log.info('papers added to a collection', { collection: opts.collection, added: report.added.length, skipped: skipped.length });
  return { report, index: result.index, ...(result.compaction ? { compaction: result.compaction } : {}) };
}

function entryOf(c: Candidate): AddedEntry {
  const p = c.paper;
  return {
    id: p.id,
    title: p.title,
    authors: p.authors,
    ...(p.year !== undefined ? { year: p.year } : {}),
    ...(p.venue ? { venue: p.venue } : {}),
    ...(p.url ? { url: p.url } : {}),
    source: c.source,
    fullText: (c.fullText?.length ?? 0) > 0,
    ...(c.pages !== undefined ? { pages: c.pages } : {}),
    ...(c.sections !== undefined ? { sections: c.sections } : {}),
    ...(c.note ? { note: c.note } : {}),
  };
}

/** A resolved paper as the index keeps it (its DOI an alias, so it is found again), with its arXiv full text when ADD_FULL_TEXT asks. */
async function candidateOf(p: ResolvedPaper, ctx: AddContext, http: ScholarlyHttp, signal?: AbortSignal): Promise<Candidate> {
  const { origin, doi, pdfUrl, ...paper } = p;
  const doiAlias = doi?.toLowerCase();
  if (doiAlias && !paper.aliases.includes(doiAlias)) paper.aliases = [...paper.aliases, doiAlias];
  const c: Candidate = { ref: paper.source.record || paper.id, paper, source: origin };
  if (!ctx.settings.addFullText || !pdfUrl) return c;
  try {
    const fetched = await http.get('arxiv', pdfUrl, { signal, accept: 'application/pdf', maxBytes: pdfLimits(ctx.settings).maxBytes });
    const { fullText, pages, sections } = await readFullText(new Uint8Array(fetched.body), `${paper.id}.pdf`, ctx.settings);
    return { ...c, fullText, pages, sections };
  } catch (e) {
    const why = e instanceof FetchFailure ? failureReason(e, `the PDF of ${paper.id}`, `arXiv has no PDF for ${paper.id}`) : isPdfError(e) ? e.message : 'reading it failed (logged)';
    if (!(e instanceof FetchFailure) && !isPdfError(e)) ctx.log.error('reading an arXiv PDF failed', { paper: paper.id, error: e });
    return { ...c, note: `added from its abstract only: ${why}` };
  }
}
