/**
 * Paper metadata from the OpenReview API: `notes?id=<forum id>` answers `{notes: [...], count}`.
 * API v2 writes each content field as `{value: ...}`; API v1 wrote the value itself. An unknown id
 * is a 404 (`{name: "NotFoundError", ...}`) or an empty list; a paper not public is a 403.
 */
import { yearFrom } from '../corpus/text.js';
import { FetchFailure, type ScholarlyHttp } from './http.js';
import { failureReason, malformedReason, miss, type Outcome } from './outcome.js';

type Note = Record<string, unknown>;

/** A content field in either API's shape. */
function field(content: Note, name: string): unknown {
  const v = content[name];
  return v && typeof v === 'object' && !Array.isArray(v) && 'value' in v ? (v as { value: unknown }).value : v;
}

function str(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() ? value.trim() : undefined;
}

/** "ICLR.cc/2024/Conference" -> "ICLR 2024", for notes that carry no `venue`. */
function venueFromId(venueId: string | undefined): string | undefined {
  const m = venueId ? /^([A-Za-z][\w-]*)(?:\.[a-z]+)?\/(\d{4})\b/.exec(venueId) : null;
  return m ? `${m[1]} ${m[2]}` : undefined;
}

/** The notes of an answer, or a description of why it is not one. */
export function openReviewNotes(body: string): Note[] | string {
  let data: unknown;
  try {
    data = JSON.parse(body);
  } catch {
    return 'not JSON';
  }
  const notes = (data as { notes?: unknown } | null)?.notes;
  if (!Array.isArray(notes)) return 'no `notes` list';
  return notes.filter((n): n is Note => !!n && typeof n === 'object');
}

export interface OpenReviewPaper {
  title?: string;
  abstract: string;
  authors: string[];
  venue?: string;
  year?: number;
  bibtex?: string;
}

export function noteFields(note: Note): OpenReviewPaper {
  const content = (note.content && typeof note.content === 'object' ? note.content : {}) as Note;
  const authors = field(content, 'authors');
  const venue = str(field(content, 'venue')) ?? venueFromId(str(field(content, 'venueid')) ?? str(note.domain) ?? str(note.invitation));
  const stamp = [note.pdate, note.odate, note.cdate, note.tcdate].find((t): t is number => typeof t === 'number' && Number.isFinite(t));
  return {
    title: str(field(content, 'title')),
    abstract: str(field(content, 'abstract')) ?? '',
    authors: Array.isArray(authors) ? authors.filter((a): a is string => typeof a === 'string' && a.trim() !== '').map((a) => a.trim()) : [],
    venue,
    year: yearFrom(venue) ?? (stamp === undefined ? undefined : new Date(stamp).getUTCFullYear()),
    bibtex: str(field(content, '_bibtex')),
  };
}

export async function fetchOpenReview(http: ScholarlyHttp, id: string, signal?: AbortSignal): Promise<Outcome> {
  const subject = `OpenReview forum ${id}`;
  const notFound = `no such OpenReview forum ${id}: OpenReview has no paper with that id. Check the link (the id after forum?id=, in its case).`;
  let body: string;
  try {
    const res = await http.get('openreview', http.url('openreview', 'notes', { id }), { signal, accept: 'application/json' });
    body = res.body.toString('utf8');
  } catch (e) {
    if (!(e instanceof FetchFailure)) throw e;
    if (e.details.status === 403) return miss(`OpenReview forum ${id} is not public (403), so papercord cannot read it; paste its arXiv id, or attach its PDF or BibTeX.`);
    return miss(failureReason(e, subject, notFound));
  }
  const notes = openReviewNotes(body);
  if (typeof notes === 'string') return miss(malformedReason('openreview', subject, notes));
  const note = notes.find((n) => n.id === id) ?? notes[0];
  if (!note) return miss(notFound);
  const f = noteFields(note);
  if (!f.title && typeof note.forum === 'string' && note.forum !== note.id) {
    return miss(`${id} is a reply in OpenReview forum ${note.forum}, not a paper; paste the forum's link (openreview.net/forum?id=${note.forum}).`);
  }
  if (!f.abstract) return miss(`OpenReview forum ${id} has no abstract, and papercord answers from abstracts; attach the paper's PDF or a BibTeX entry with an abstract.`);
  const forum = typeof note.forum === 'string' && note.forum ? note.forum : id;
  return {
    ok: true,
    found: {
      origin: 'openreview',
      from: `https://openreview.net/forum?id=${forum}`,
      fields: { title: f.title, abstract: f.abstract, authors: f.authors, year: f.year, venue: f.venue, url: `https://openreview.net/forum?id=${forum}`, openreview: forum },
    },
  };
}
