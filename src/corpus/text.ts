/** Text clean-up shared by the importers. */
import { TEX_FORMAT } from '../lexicon/ids.js';

export function collapseWhitespace(text: string): string {
  // Touches only runs and non-space whitespace; replacing every single space is slow on 50,000 abstracts.
  return text.replace(/\s{2,}|[^\S ]/g, ' ').trim();
}

const NAMED_ENTITIES: Record<string, string> = {
  amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ',
  ndash: '–', mdash: '—', hellip: '…', lsquo: '‘', rsquo: '’', ldquo: '“', rdquo: '”',
  laquo: '«', raquo: '»', times: '×', minus: '−', plusmn: '±', le: '≤', ge: '≥', ne: '≠',
  deg: '°', middot: '·', bull: '•', prime: '′', copy: '©', reg: '®', trade: '™', shy: '',
  alpha: 'α', beta: 'β', gamma: 'γ', delta: 'δ', epsilon: 'ε', lambda: 'λ', mu: 'μ', pi: 'π',
  sigma: 'σ', theta: 'θ', tau: 'τ', phi: 'φ', omega: 'ω', eacute: 'é', egrave: 'è', uuml: 'ü',
  ouml: 'ö', auml: 'ä', szlig: 'ß', ccedil: 'ç', ntilde: 'ñ', aacute: 'á', iacute: 'í', oacute: 'ó',
};

export function decodeEntities(text: string): string {
  return text.replace(/&(#[0-9]{1,7}|#[xX][0-9a-fA-F]{1,6}|[a-zA-Z][a-zA-Z0-9]{1,31});/g, (whole, body: string) => {
    if (body[0] === '#') {
      const code = body[1] === 'x' || body[1] === 'X' ? parseInt(body.slice(2), 16) : parseInt(body.slice(1), 10);
      return code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff) ? String.fromCodePoint(code) : whole;
    }
    return NAMED_ENTITIES[body] ?? NAMED_ENTITIES[body.toLowerCase()] ?? whole;
  });
}

// Only known HTML tag names: a generic `<[a-z][^>]*>` would eat math such as "a<b and c>d".
const BLOCK_TAGS = new Set('p br div li ul ol blockquote h1 h2 h3 h4 h5 h6 hr table tr td th thead tbody dl dt dd pre section figure figcaption'.split(' '));
const INLINE_TAGS = new Set('b i u s em strong sub sup span a code tt small big font strike del ins mark abbr cite q kbd var samp img'.split(' '));
// Attributes must have values, so that "a<b and c>d" is not read as a <b> tag with two attributes.
const TAG_RE = /<\/?([a-zA-Z][a-zA-Z0-9]*)(?:\s+[a-zA-Z_:][-a-zA-Z0-9_:.]*\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'=<>]+))*\s*\/?>/g;

/** Removes HTML markup, decodes entities and collapses whitespace. */
export function htmlToText(text: string): string {
  let out = text;
  if (out.includes('<')) {
    // Block tags separate words; inline ones sit inside words ("H<sub>2</sub>O").
    out = out.replace(/<!--[\s\S]*?-->/g, '').replace(TAG_RE, (tag, name: string) => {
      const n = name.toLowerCase();
      return BLOCK_TAGS.has(n) ? ' ' : INLINE_TAGS.has(n) ? '' : tag;
    });
  }
  if (out.includes('&')) out = decodeEntities(out);
  return collapseWhitespace(out);
}

// The TeX commands that only format their argument, so "\\underline{\\text{F}}" reads as "F".
const TEX_FORMAT_ARG = new RegExp(`\\\\(?:${TEX_FORMAT})\\s*\\{([^{}]*)\\}`, 'g');
const TEX_FORMAT_SWITCH = /\{\\(?:bf|it|rm|sc|sf|tt|em)\s+([^{}]*)\}/g;
// PMLR's `title` drops the braces: "\\textF" is \\text applied to "F", so a command followed by a capital is still one.
const TEX_FORMAT_BARE = new RegExp(`\\\\(?:${TEX_FORMAT})(?![a-z])\\s*`, 'g');

/**
 * Math that is a bare word or symbol ("$f$", "$σ$") reads better without dollars; real math
 * ("$\\ell_0$") stays. The global regex pairs dollars left to right, so "$a$ and $b$" is two
 * spans, never " and ".
 */
/** Inline math, "$...$": it hugs its dollars ("$k$"); prose does not ("from $5 million to $2 million"). */
const INLINE_MATH = /(?<!\\)\$([^$\s](?:[^$]*[^$\s])?)\$/g;

function plainMath(t: string): string {
  // Math hugs its dollars ("$k$"); prose does not ("from $5 million to $2 million").
  return t.replace(INLINE_MATH, (whole, inner: string) => (/^[\p{L}\p{N}\s'+\-−.,]+$/u.test(inner) ? inner : whole));
}

/** Readable title: HTML and entities removed, BibTeX case-protecting braces and TeX formatting dropped. */
export function cleanTitle(raw: string): string {
  let t = htmlToText(raw);
  if (!/[\\{}$]/.test(t)) return t;
  for (let before = ''; before !== t; ) {
    before = t;
    t = t.replace(TEX_FORMAT_ARG, '$1').replace(TEX_FORMAT_SWITCH, '$1');
  }
  t = t.replace(TEX_FORMAT_BARE, '').replace(/(?<!\\)[{}]/g, '');
  t = plainMath(t).replace(/\\([&%#_{}$])/g, '$1');
  return collapseWhitespace(t);
}

const TEX_BOLD = /\\textbf\s*\{([^{}]*)\}/g;
const TEX_ITALIC = /\\(?:emph|textit)\s*\{([^{}]*)\}/g;
const TEX_URL = /\\url\s*\{([^{}]*)\}/g;
// A Map, not an object: "\constructor" must not find Object.prototype's.
const TEX_SYMBOLS = new Map(
  Object.entries({
    times: '×', sim: '~', approx: '≈', leq: '≤', geq: '≥', le: '≤', ge: '≥', neq: '≠', ne: '≠', pm: '±', cdot: '·', star: '⋆', ast: '∗',
    to: '→', rightarrow: '→', leftarrow: '←', uparrow: '↑', downarrow: '↓', infty: '∞', in: '∈', subset: '⊂', subseteq: '⊆', mid: ' | ',
    ldots: '…', dots: '…', cdots: '⋯', sum: '∑', prod: '∏', partial: '∂', nabla: '∇', forall: '∀', exists: '∃', cap: '∩', cup: '∪', ell: 'ℓ',
    alpha: 'α', beta: 'β', gamma: 'γ', delta: 'δ', epsilon: 'ε', varepsilon: 'ε', zeta: 'ζ', eta: 'η', theta: 'θ', vartheta: 'ϑ', iota: 'ι',
    kappa: 'κ', lambda: 'λ', mu: 'μ', nu: 'ν', xi: 'ξ', pi: 'π', rho: 'ρ', sigma: 'σ', tau: 'τ', upsilon: 'υ', phi: 'ϕ', varphi: 'φ', chi: 'χ',
    psi: 'ψ', omega: 'ω', Gamma: 'Γ', Delta: 'Δ', Theta: 'Θ', Lambda: 'Λ', Xi: 'Ξ', Pi: 'Π', Sigma: 'Σ', Phi: 'Φ', Psi: 'Ψ', Omega: 'Ω',
  }),
);
// Sizing and spacing: nothing to read. "\left(" is "(".
const TEX_SILENT = new Set(['left', 'right', 'big', 'Big', 'bigg', 'Bigg', 'quad', 'qquad', 'displaystyle', 'limits']);
const SUPERSCRIPTS = new Map([...'0123456789+-−=()ni'].map((c, i) => [c, '⁰¹²³⁴⁵⁶⁷⁸⁹⁺⁻⁻⁼⁽⁾ⁿⁱ'[i]!]));
const SUBSCRIPTS = new Map([...'0123456789+-−=()aehijklmnoprstuvx'].map((c, i) => [c, '₀₁₂₃₄₅₆₇₈₉₊₋₋₌₍₎ₐₑₕᵢⱼₖₗₘₙₒₚᵣₛₜᵤᵥₓ'[i]!]));
const COMBINING = new Map(Object.entries({ tilde: '\u0303', widetilde: '\u0303', hat: '\u0302', widehat: '\u0302', bar: '\u0304', overline: '\u0305' }));

/**
 * "^{-3}" as "⁻³" when Unicode has every character raised (likewise indices), else "^-3" or
 * "^(4/5)". A word stays a word: "d_model", not "dₘₒdₑₗ".
 */
function script(mark: '^' | '_', body: string): string {
  const b = body.trim();
  const chars = [...b];
  const table = mark === '^' ? SUPERSCRIPTS : SUBSCRIPTS;
  const oneLetter = chars.filter((c) => /\p{L}/u.test(c)).length <= 1;
  if (chars.length && oneLetter && chars.every((c) => table.has(c))) return chars.map((c) => table.get(c)).join('');
  return /^-?[\p{L}\p{N}]+$/u.test(b) || chars.length <= 1 ? `${mark}${b}` : `${mark}(${b})`;
}

/** A TeX group, "{...}", holding groups one level deep ("{\frac{3}{4}}" once \mathcal{O} is "{O}"); the source for a RegExp. */
const GROUP = '\\{((?:[^{}]|\\{[^{}]*\\})*)\\}';

const TEX_SQRT = new RegExp(`\\\\sqrt\\s*${GROUP}`, 'g');
const TEX_FRAC = new RegExp(`\\\\frac\\s*${GROUP}\\s*${GROUP}`, 'g');
const TEX_ACCENT = new RegExp(`\\\\(${[...COMBINING.keys()].join('|')})\\s*(?:${GROUP}|([\\p{L}\\p{N}]))`, 'gu');
const TEX_SCRIPT = new RegExp(`\\s*([\\^_])\\s*(?:${GROUP}|([^\\s{}]))`, 'g');

/** Text without TeX's grouping braces (escaped ones are held aside by then). */
function ungroup(text: string): string {
  return text.replace(/[{}]/g, '');
}

/** "(a+b)/2" for \frac{a+b}{2}: a part of more than a word or a number gets parentheses. */
function fraction(a: string, b: string): string {
  const part = (x: string) => (/^[\p{L}\p{N}.]+$/u.test(x.trim()) ? x.trim() : `(${x.trim()})`);
  return `${part(a)}/${part(b)}`;
}

/**
 * Inline math as plain text: Greek letters and common symbols as Unicode ("\epsilon" ε, "\leq"
 * ≤), exponents and indices as super- and subscripts where Unicode has them ("^{-3}" ⁻³, "_2"
 * ₂), \frac and \sqrt as "/" and "√", and any other command as its name ("\log" log). Only
 * what reads unambiguously: a reader of Discord or a terminal sees "O(ε⁻³k log(k))" rather
 * than TeX. Markdown's own characters in it are escaped, as they are symbols here.
 */
function readableMath(tex: string): string {
  // Escaped characters first, held aside so that the brace and backslash passes leave them.
  let t = tex.replace(/\\([{}_%&#$|])/g, (_, c: string) => (c === '{' ? '\ue000' : c === '}' ? '\ue001' : c === '_' ? '\ue002' : c === '|' ? '‖' : c));
  // Formatting keeps its braces, so "d_\text{model}" stays one index.
  for (let before = ''; before !== t; ) (before = t), (t = t.replace(TEX_FORMAT_ARG, '{$1}'));
  t = t.replace(TEX_FORMAT_BARE, '').replace(/\\([a-zA-Z]+)/g, (whole, name: string) => TEX_SYMBOLS.get(name) ?? whole);
  for (let before = ''; before !== t; ) {
    before = t;
    // Each result keeps braces, so that an exponent still takes all of it: K^\frac{3}{4} is K^(3/4).
    t = t
      .replace(TEX_SQRT, (_, x: string) => (ungroup(x).length === 1 ? `{√${ungroup(x)}}` : `{√(${ungroup(x)})}`))
      .replace(TEX_FRAC, (_, a: string, b: string) => `{${fraction(ungroup(a), ungroup(b))}}`)
      .replace(/\\frac\s*(\d)(\d)/g, '{$1/$2}')
      .replace(TEX_ACCENT, (_, accent: string, braced: string | undefined, bare: string | undefined) => {
        const x = ungroup(braced ?? bare!);
        return [...x].length === 1 ? `{${x}${COMBINING.get(accent)}}` : `{${x}}`;
      });
  }
  t = t.replace(/\\[,;:! ]|\\\\/g, (m) => (m === '\\!' ? '' : ' '));
  // A command left is read as its name ("\log", "\max"), apart from the letter or number before it.
  t = t.replace(/\\([a-zA-Z]+)/g, (_, name: string, at: number, all: string) => (TEX_SILENT.has(name) ? '' : `${/[\p{L}\p{N})]/u.test(all[at - 1] ?? '') ? ' ' : ''}${name}`));
  t = t.replace(TEX_SCRIPT, (_, mark: '^' | '_', braced: string | undefined, bare: string | undefined) => script(mark, ungroup(braced ?? bare!)));
  t = ungroup(t).replace(/\ue000/g, '{').replace(/\ue001/g, '}').replace(/\ue002/g, '_');
  // "~" formats only doubled, which math does not write. NFC: "Õ" as one character where Unicode has it.
  return t.replace(/\s{2,}/g, ' ').trim().replace(/[\\*_`]/g, '\\$&').normalize('NFC');
}

/**
 * An abstract's sentence as it should read in an answer: TeX formatting as Markdown
 * (\textbf{X} -> **X**, \emph{X} -> _X_), \url{...} as the bare address, escaped characters
 * and TeX quotes as the characters they stand for, and inline math as plain text (see
 * readableMath). The stored abstract is not changed: quotes and offsets refer to it.
 */
export function readableTex(text: string): string {
  if (!/[\\$`]/.test(text)) return text;
  // Math first: formatting inside it groups ("d_\text{model}"). It hugs its dollars ("$k$"); prose does not ("from $5 million to $2 million").
  let t = text.replace(INLINE_MATH, (_, inner: string) => readableMath(inner));
  t = t.replace(TEX_BOLD, '**$1**').replace(TEX_ITALIC, '_$1_').replace(TEX_URL, '$1');
  t = t.replace(TEX_FORMAT_ARG, '$1').replace(/``([^`']*)''/g, '“$1”');
  // \_ stays: it is also Markdown's escape for a literal underscore.
  return t.replace(/\\([&%#{}$])/g, '$1');
}

/**
 * Text shown inside a line of Markdown as written: a title's "*" or "_" must not format, nor
 * "[x](y)" link (escaping the brackets is enough for that).
 */
export function markdownLiteral(text: string): string {
  return text.replace(/[\\*_~`|[\]]/g, '\\$&');
}

/**
 * A stand-in title from the abstract's first sentence, cut at a word boundary.
 * Sentence ends need a following capital so that "e.g. the" and "vs. DPO" do not end it early.
 */
export function titleFromAbstract(abstract: string, max = 100): string {
  const text = collapseWhitespace(abstract.replace(/\*\*|__|(?<![\w*])[*_](?=\S)|(?<=\S)[*_](?![\w*])/g, ''));
  const end = /[.!?](?=\s+["'“(\[]?[A-Z0-9])/.exec(text);
  let sentence = end ? text.slice(0, end.index) : text.replace(/[.!?]+$/, '');
  if (sentence.length > max) {
    const cut = sentence.lastIndexOf(' ', max - 1);
    sentence = sentence.slice(0, cut > max / 2 ? cut : max - 1).replace(/[\s,;:–—-]+$/, '') + '…';
  }
  return sentence;
}

/** "ICML 2026" -> 2026. */
export function yearFrom(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isInteger(value) && value >= 1900 && value <= 2200 ? value : undefined;
  if (typeof value === 'string') {
    const m = /(?:^|\D)((?:19|20|21)\d\d)(?!\d)/.exec(value);
    return m ? Number(m[1]) : undefined;
  }
  if (value instanceof Date && !Number.isNaN(value.getTime())) return value.getUTCFullYear();
  return undefined;
}

function personName(value: unknown): string | undefined {
  if (typeof value === 'string') return collapseWhitespace(value) || undefined;
  if (value && typeof value === 'object') {
    const o = value as Record<string, unknown>;
    const str = (k: string) => (typeof o[k] === 'string' ? (o[k] as string) : '');
    const name = str('name') || str('literal') || [str('given') || str('first'), str('family') || str('last')].filter(Boolean).join(' ');
    return collapseWhitespace(decodeEntities(name)) || undefined;
  }
  return undefined;
}

/** "Family, Given" (BibTeX order) -> "Given Family"; other names unchanged. */
function unBibtex(name: string): string {
  const parts = name.split(',');
  return parts.length === 2 && parts[0].trim() && parts[1].trim() ? `${parts[1].trim()} ${parts[0].trim()}` : name;
}

/**
 * Authors from the shapes seen in the wild: an array of strings or of {given, family} / {name}
 * objects, or one string such as "A and B", "A, B and C", "Abas, Abdulhady and Daneshfar, Fatemeh" or "A; B".
 */
export function parseAuthors(value: unknown): string[] {
  let names: (string | undefined)[];
  if (Array.isArray(value)) names = value.map(personName);
  else if (typeof value === 'string') {
    const s = collapseWhitespace(value);
    if (!s) return [];
    if (s.includes(';')) names = s.split(';');
    else if (/\sand\s/.test(s)) {
      const parts = s.split(/\s*,?\s+and\s+/);
      const bibtex = parts.every((p) => (p.match(/,/g) ?? []).length === 1);
      names = bibtex ? parts.map(unBibtex) : parts.flatMap((p) => p.split(','));
    } else names = s.split(',');
  } else if (value && typeof value === 'object') names = [personName(value)];
  else return [];
  return names.map((n) => (n === undefined ? '' : collapseWhitespace(n))).filter((n) => n.length > 0);
}

/** 1-based line and column of an offset. */
export function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let j = 0; j < offset && j < text.length; j++) {
    if (text.charCodeAt(j) === 10) {
      line++;
      lineStart = j + 1;
    }
  }
  return { line, column: offset - lineStart + 1 };
}

/** Whether a paper's url is a well-formed http(s) link with a host, the only kind Discord links. */
export function isHttpUrl(url: string): boolean {
  return /^https?:\/\/[^/?#\s]/i.test(url) && URL.canParse(url);
}
