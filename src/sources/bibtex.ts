/**
 * Papers from BibTeX, many entries at once, read by @retorquere/bibtex-parser (LaTeX accents and
 * commands to Unicode, `@string`s, crossrefs). A broken entry is reported on its own and the good
 * ones are kept. An entry without an abstract but with an arXiv id or a DOI is handed back to be
 * looked up there.
 */
import { parse, type Creator, type Entry } from '@retorquere/bibtex-parser';
import { pageOfPdf } from '../corpus/ids.js';
import { venueOf } from '../corpus/pmlr.js';
import { collapseWhitespace, htmlToText, yearFrom } from '../corpus/text.js';
import type { Found } from './outcome.js';
import { arxivId, doiOf, type LookupRef } from './refs.js';

export interface BibtexResult {
  /** Entries with an abstract, in the order written. */
  found: { key: string; found: Found }[];
  /** Entries without an abstract that name an arXiv id or a DOI to look up. */
  lookups: { key: string; ref: LookupRef }[];
  /** Entries that could not be used, each with what to do. */
  problems: { key: string; reason: string }[];
}

/** A LaTeX "\'{\i}" becomes a dotless i with an accent; the accented letter is an ordinary i. */
function unicode(text: string): string {
  return text.replace(/\u0131(?=[\u0300-\u036f])/g, 'i').replace(/\u0237(?=[\u0300-\u036f])/g, 'j').normalize('NFC');
}

function plain(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  const t = collapseWhitespace(htmlToText(unicode(value)));
  return t || undefined;
}

function personName(c: Creator): string {
  if (c.name) return unicode(c.name);
  return unicode([c.firstName, c.prefix, c.lastName, c.suffix].filter(Boolean).join(' '));
}

/** The key an entry's text starts with ("@article{smith20," -> "smith20"). */
function keyOf(input: string): string | undefined {
  return /@\s*[a-z]+\s*[{(]\s*([^,\s{}()]+)/i.exec(input)?.[1];
}

function arxivOf(fields: Record<string, string>): string | undefined {
  const prefix = (fields.archiveprefix ?? fields.eprinttype ?? '').toLowerCase();
  if (fields.eprint && (prefix === 'arxiv' || !prefix)) {
    const id = arxivId(fields.eprint);
    if (id) return id;
  }
  // Google Scholar writes "journal = {arXiv preprint arXiv:2505.23727}".
  for (const v of [fields.journal, fields.note, fields.url, fields.howpublished]) {
    const m = v ? /arxiv(?:\.org\/(?:abs|pdf)\/|:\s*)([\w.\/-]+?)(?:v\d+)?(?:\.pdf)?(?=$|[\s,;}])/i.exec(v) : null;
    const id = m ? arxivId(m[1]!) : undefined;
    if (id) return id;
  }
  return undefined;
}

function entryFound(entry: Entry, file: string): { found?: Found; lookup?: LookupRef; reason?: string } {
  const fields = entry.fields as unknown as Record<string, string>;
  const creators = (entry.fields.author ?? entry.fields.editor ?? []) as Creator[];
  const url = fields.url?.trim();
  const pmlr = url ? /^https?:\/\/proceedings\.mlr\.press\/v(\d+)\/([\w-]+)\.html$/i.exec(pageOfPdf(url)) : null;
  const arxiv = arxivOf(fields);
  const doi = fields.doi ? doiOf(fields.doi.replace(/^https?:\/\/(?:dx\.)?doi\.org\//i, '')) : undefined;
  const year = yearFrom(fields.year) ?? yearFrom(fields.date);
  const container = plain(fields.booktitle ?? fields.journal ?? fields.journaltitle);
  const abstract = plain(fields.abstract);
  const title = plain(fields.title);
  if (!abstract) {
    if (arxiv) return { lookup: { kind: 'arxiv', raw: `arXiv:${arxiv}`, id: arxiv } };
    if (doi) return { lookup: { kind: 'doi', raw: `doi:${doi}`, doi } };
    return { reason: `BibTeX entry ${entry.key}${title ? ` ("${title}")` : ''} has no abstract, and papercord answers from abstracts; add an abstract field, or an eprint (arXiv id) or doi field for papercord to look it up.` };
  }
  const openreview = url && URL.canParse(url) && /openreview\.net\/(?:forum|pdf)\?/i.test(url) ? new URL(url).searchParams.get('id') ?? undefined : undefined;
  return {
    found: {
      origin: 'bibtex',
      from: file,
      ...(doi ? { doi } : {}),
      fields: {
        title,
        abstract,
        authors: creators.map(personName).map(collapseWhitespace).filter(Boolean),
        year,
        venue: venueOf(container && /^arxiv preprint/i.test(container) ? 'arXiv' : container, year) ?? (arxiv ? 'arXiv' : undefined),
        url: url ?? (doi ? `https://doi.org/${doi}` : arxiv ? `https://arxiv.org/abs/${arxiv}` : undefined),
        arxiv,
        openreview,
        ...(pmlr ? { pmlrId: pmlr[2]!, pmlrVolume: pmlr[1]! } : {}),
      },
    },
  };
}

/** Reads every entry of `text`; `file` names where it came from (an attachment's name, "message"). */
export function readBibtex(text: string, file: string): BibtexResult {
  const out: BibtexResult = { found: [], lookups: [], problems: [] };
  const library = parse(text, { english: false, unsupported: 'ignore' });
  const broken = new Set<string>();
  for (const e of library.errors) {
    const key = (e.input && keyOf(e.input)) ?? 'unnamed';
    broken.add(key);
    const where = /at line \d+(?:, column \d+)?/.exec(e.error)?.[0];
    out.problems.push({ key, reason: `BibTeX entry ${key} could not be read (${e.error.replace(/ at line \d+, column \d+.*$/, '').slice(0, 160)}${where ? `, ${where}` : ''}); fix it and add it again.` });
  }
  for (const entry of library.entries) {
    if (Object.keys(entry.fields).length === 0) {
      if (!broken.has(entry.key)) out.problems.push({ key: entry.key, reason: `BibTeX entry ${entry.key} has no fields; not added.` });
      continue;
    }
    const r = entryFound(entry, file);
    if (r.found) out.found.push({ key: entry.key, found: r.found });
    else if (r.lookup) out.lookups.push({ key: entry.key, ref: r.lookup });
    else out.problems.push({ key: entry.key, reason: r.reason! });
  }
  if (!library.entries.length && !library.errors.length) out.problems.push({ key: 'none', reason: 'no BibTeX entries found (an entry starts with @article{key, or similar).' });
  return out;
}
