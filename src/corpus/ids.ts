/**
 * Paper ids: readable, stable across re-imports, and the same for one paper whichever corpus it
 * came from, so that duplicates can be found and users can type them.
 */
import { createHash } from 'node:crypto';
import { ARXIV_DIGITS, ARXIV_ID, TEX_FORMAT } from '../lexicon/ids.js';

// Before lowercasing, so that "\textF" (\text applied to F, braces lost) is told from a longer command.
const TEX_FORMAT_COMMAND = new RegExp(`\\\\(?:${TEX_FORMAT})(?![a-z])`, 'g');

const PLAIN_ASCII = /^[\x00-\x7f]*$/;

/** Accents dropped ("é" -> "e"); most titles are ASCII already and skip the costly normalisation. */
function ascii(text: string): string {
  return PLAIN_ASCII.test(text) ? text : text.normalize('NFKD').replace(/[\u0300-\u036f]/g, '');
}

/** Lowercase ASCII words joined by hyphens, at most `max` characters, cut at a word boundary. */
export function slugify(text: string, max = 60): string {
  // Formatting commands go; others name a symbol ("\ell", "\alpha") and stay as words.
  const slug = ascii(text.replace(TEX_FORMAT_COMMAND, '')).toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '');
  if (slug.length <= max) return slug;
  const cut = slug.lastIndexOf('-', max);
  return (cut > 0 ? slug.slice(0, cut) : slug.slice(0, max)).replace(/-+$/, '');
}

/** The slug id of a title; titles without any ASCII letter (e.g. all-CJK) get a short hash instead. */
export function titleSlug(title: string): string {
  const slug = slugify(title);
  if (slug) return slug;
  return 'paper-' + createHash('sha256').update(title.normalize('NFC')).digest('hex').slice(0, 10);
}

/**
 * Key for "is this the same title": case, accents, punctuation, TeX markup and spacing do not
 * count, so "Mixture-of-Experts" and "Mixture of {E}xperts" agree. Not for display.
 */
export function normalizeTitle(title: string): string {
  return ascii(title.replace(TEX_FORMAT_COMMAND, ''))
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '');
}

/** A PMLR paper's page, from its volume ("306") and id ("zeller26a"). */
export function pmlrPageUrl(volume: string, id: string): string {
  return `https://proceedings.mlr.press/v${volume}/${id}.html`;
}

/** A PMLR paper's PDF, at the proceedings or in the volume's repository (raw, or as GitHub shows it), as the address of its page. */
const PMLR_PDF = /^(?:https?:\/\/)?(?:proceedings\.mlr\.press|raw\.githubusercontent\.com\/mlresearch|(?:www\.)?github\.com\/mlresearch)\/(v\d+)\/(?:(?:blob\/|raw\/)?main\/assets\/)?([\w-]+)\/\2\.pdf$/i;
/** A PMLR page written without its ".html" ("proceedings.mlr.press/v306/abas26a"). */
const PMLR_PAGE = /^((?:https?:\/\/)?proceedings\.mlr\.press\/v\d+\/[\w-]+?)(?:\.html)?\/?$/i;

/**
 * "proceedings.mlr.press/v306/chen26a/chen26a.pdf" and "github.com/mlresearch/v306/blob/main/assets/chen26a/chen26a.pdf"
 * -> "https://proceedings.mlr.press/v306/chen26a.html"; a PMLR page without ".html" with it; other links as they are.
 */
export function pageOfPdf(link: string): string {
  return link.trim().replace(PMLR_PDF, 'https://proceedings.mlr.press/$1/$2.html').replace(PMLR_PAGE, '$1.html');
}

/** The paper id a PMLR page or PDF ("zeller26a") or an OpenReview forum or PDF ("tu3ravqvye") link gives: a paper's record may link elsewhere (its arXiv page, its poster). */
export function idInLink(link: string): string | undefined {
  const pmlr = /^(?:https?:\/\/)?proceedings\.mlr\.press\/v\d+\/([\w-]+)\.html$/i.exec(pageOfPdf(link));
  if (pmlr) return normalizeId(pmlr[1]!);
  return /^(?:https?:\/\/)?(?:www\.)?openreview\.net\/(?:forum|pdf)\?/i.test(link.trim()) ? normalizeOpenReview(link) : undefined;
}

const ARXIV_IN_LINK = new RegExp(String.raw`(?:^|[/:\s])(${ARXIV_DIGITS})(?:v\d+)?(?:\.pdf)?\/?$`);

/** "arXiv:2605.03348v2", "https://arxiv.org/abs/2605.03348" -> "2605.03348"; old-style ids ("cs/0101001") kept. */
export function normalizeArxiv(raw: string): string | undefined {
  const s = raw.trim().toLowerCase();
  const modern = ARXIV_IN_LINK.exec(s);
  if (modern) return modern[1];
  const old = /([a-z-]+(?:\.[a-z]{2})?\/\d{7})(?:v\d+)?$/.exec(s);
  return old ? old[1].replace('/', '-') : undefined;
}

/** "https://openreview.net/forum?id=tU3raVqvYe" or "tU3raVqvYe" -> "tu3ravqvye". */
export function normalizeOpenReview(raw: string): string | undefined {
  return normalizeId(openReviewWritten(raw));
}

/** The forum id an OpenReview link or id writes, case kept ("tU3raVqvYe"), for a link to its forum; undefined for anything else. */
export function openReviewForum(raw: string): string | undefined {
  const id = openReviewWritten(raw).trim();
  return /^[\w-]{4,}$/.test(id) ? id : undefined;
}

function openReviewWritten(raw: string): string {
  const s = raw.trim();
  const fromUrl = /[?&]id=([^&#\s]+)/.exec(s);
  return fromUrl ? fromUrl[1]! : s.replace(/^openreview:/i, '');
}

/** Any other id: lowercase, no `pmlr:`-style prefix, characters other than [a-z0-9._-] turned into hyphens. */
export function normalizeId(raw: string): string | undefined {
  const s = raw
    .trim()
    .toLowerCase()
    .replace(/^(?:pmlr|arxiv|openreview|doi|id):\s*/, '')
    .replace(/[^a-z0-9._-]+/g, '-')
    .replace(/^[-.]+|[-.]+$/g, '');
  return s || undefined;
}

export interface IdSources {
  title: string;
  pmlrId?: string;
  /** The record's own `id` field, when it is not known to be a PMLR or arXiv id. */
  recordId?: string;
  arxiv?: string;
  openreview?: string;
}

export interface PaperIds {
  id: string;
  aliases: string[];
}

/**
 * The PMLR id if known, else the record's own id, else the arXiv id, else the title slug;
 * every other id becomes an alias.
 */
export function paperIds(src: IdSources): PaperIds {
  const pmlr = src.pmlrId ? normalizeId(src.pmlrId) : undefined;
  const arxiv = src.arxiv ? normalizeArxiv(src.arxiv) ?? normalizeId(src.arxiv) : undefined;
  let own = src.recordId ? normalizeId(src.recordId) : undefined;
  // A bare arXiv id in the `id` field is an arXiv id, whatever the field is called.
  const ownArxiv = own && ARXIV_ID.test(own) ? normalizeArxiv(own) : undefined;
  if (ownArxiv) own = undefined;
  const openreview = src.openreview ? normalizeOpenReview(src.openreview) : undefined;
  const slug = titleSlug(src.title);
  const ordered = [pmlr, own, arxiv ?? ownArxiv, slug, openreview, ownArxiv].filter((v): v is string => !!v);
  const id = ordered[0];
  const aliases = [...new Set(ordered.slice(1))].filter((a) => a !== id);
  return { id, aliases };
}
