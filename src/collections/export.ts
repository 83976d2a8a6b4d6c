/**
 * A collection's added papers written out so a group can move them: JSON Lines in the record
 * format papercord reads back (a .jsonl attachment to /add, or a CORPUS file), or BibTeX.
 */
import type { Paper } from '../corpus/paper.js';

export type ExportFormat = 'jsonl' | 'bibtex';

const ARXIV_ID = /^(?:\d{4}\.\d{4,5}|[a-z-]+(?:\.[A-Z]{2})?\/\d{7})$/;
const DOI = /^10\.\d{4,9}\/\S+$/;

function arxivOf(p: Paper): string | undefined {
  return [p.id, ...p.aliases].find((a) => ARXIV_ID.test(a));
}

function doiOf(p: Paper): string | undefined {
  return p.aliases.find((a) => DOI.test(a));
}

/** One paper as a JSON record that recordToPaper reads back to the same paper. */
function jsonRecord(p: Paper): Record<string, unknown> {
  const arxiv = arxivOf(p);
  const doi = doiOf(p);
  return {
    id: p.id,
    title: p.title,
    authors: p.authors,
    abstract: p.abstract,
    ...(p.year !== undefined ? { year: p.year } : {}),
    ...(p.venue ? { venue: p.venue } : {}),
    ...(p.url ? { url: p.url } : {}),
    ...(p.code?.length ? { code: p.code } : {}),
    ...(arxiv ? { arxiv } : {}),
    ...(p.openreview ? { openreview: p.openreview } : {}),
    ...(doi ? { doi } : {}),
  };
}

/** A BibTeX field value: braces balanced, so no entry can end another. */
function bibValue(text: string): string {
  let depth = 0;
  let out = '';
  for (const ch of text.replace(/\s+/g, ' ')) {
    if (ch === '{') depth++;
    if (ch === '}') {
      if (depth === 0) continue;
      depth--;
    }
    out += ch;
  }
  return `{${out}${'}'.repeat(depth)}}`;
}

function bibKey(p: Paper, used: Set<string>): string {
  const base = p.id.replace(/[^A-Za-z0-9_:.-]+/g, '-') || 'paper';
  let key = base;
  for (let n = 2; used.has(key); n++) key = `${base}-${n}`;
  used.add(key);
  return key;
}

function bibEntry(p: Paper, key: string): string {
  const arxiv = arxivOf(p);
  const doi = doiOf(p);
  const fields: [string, string | undefined][] = [
    ['title', p.title],
    ['author', p.authors.length ? p.authors.join(' and ') : undefined],
    ['year', p.year?.toString()],
    ['booktitle', p.venue],
    ['url', p.url],
    ['doi', doi],
    ['eprint', arxiv],
    ['archiveprefix', arxiv ? 'arXiv' : undefined],
    ['abstract', p.abstract],
  ];
  const body = fields.filter((f): f is [string, string] => !!f[1]).map(([k, v]) => `  ${k} = ${bibValue(v)}`);
  return `@${p.venue ? 'inproceedings' : 'misc'}{${key},\n${body.join(',\n')}\n}`;
}

export function exportPapers(papers: readonly Paper[], format: ExportFormat): string {
  if (format === 'jsonl') return papers.map((p) => JSON.stringify(jsonRecord(p))).join('\n') + (papers.length ? '\n' : '');
  const used = new Set<string>();
  return papers.map((p) => bibEntry(p, bibKey(p, used))).join('\n\n') + (papers.length ? '\n' : '');
}
