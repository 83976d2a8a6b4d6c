/**
 * Discord's size limits, and splitting long text to fit them. Lengths are counted in UTF-16
 * units (`string.length`), which is never less than the characters Discord counts, so a piece
 * that fits here fits there.
 */
export const LIMITS = {
  content: 2000,
  title: 256,
  description: 4096,
  fieldName: 256,
  fieldValue: 1024,
  fields: 25,
  footer: 2048,
  authorName: 256,
  embedTotal: 6000,
  embedsPerMessage: 10,
  choiceName: 100,
  choiceValue: 100,
  customId: 100,
  buttonLabel: 80,
  threadName: 100,
  /** The longest text a string option may be given a max_length of. */
  optionLength: 6000,
} as const;

/** Spans that must never be cut: markdown links, bare and bracketed URLs. */
const UNBREAKABLE = /\[[^\]\n]*\]\(<?https?:\/\/[^\s)>]*>?\)|<https?:\/\/[^\s>]+>|https?:\/\/\S+/g;

/**
 * A sentence ends at . ! ? or … (with closing quotes or brackets), together with the citation
 * markers that follow it ("... results. [1] Next"), so a claim never loses its citation.
 */
const SENTENCE_END = /[.!?…]["'’”)\]]*(?:[ \t]*\[\d+(?:\s*[,–-]\s*\d+)*\])*(?=\s)/g;

/**
 * Splits `text` into pieces of at most `max` characters, cutting at the last paragraph break
 * that fits, else the last line break, else the last sentence end, else the last space; never
 * inside a word or a link. Only a single word (or link) longer than `max` is ever cut.
 */
export function splitText(text: string, max: number): string[] {
  if (max < 1) throw new RangeError('splitText: max must be positive');
  const out: string[] = [];
  let rest = text.trim();
  while (rest.length > max) {
    const cut = findCut(rest, max);
    const piece = rest.slice(0, cut).trimEnd();
    if (piece) out.push(piece);
    rest = rest.slice(cut).trimStart();
  }
  if (rest) out.push(rest);
  return out;
}

function findCut(s: string, max: number): number {
  const spans = [...s.matchAll(UNBREAKABLE)].map((m) => [m.index!, m.index! + m[0].length] as const);
  const inside = (i: number) => spans.some(([a, b]) => a < i && i < b);
  const best = (re: RegExp, at: (m: RegExpMatchArray) => number): number => {
    let found = -1;
    for (const m of s.matchAll(re)) {
      const i = at(m);
      if (i > max) break;
      if (i > 0 && !inside(i)) found = i;
    }
    return found;
  };
  for (const [re, at] of [
    [/\n[ \t]*\n/g, (m: RegExpMatchArray) => m.index!],
    [/\n/g, (m: RegExpMatchArray) => m.index!],
    [SENTENCE_END, (m: RegExpMatchArray) => m.index! + m[0].length],
    [/\s/g, (m: RegExpMatchArray) => m.index!],
  ] as const) {
    const i = best(re, at);
    if (i > 0) return i;
  }
  // One word or link longer than max: cut before the span if something precedes it, else inside it.
  const span = spans.find(([a, b]) => a < max && max < b);
  if (span && span[0] > 0) return span[0];
  // Never between the two halves of a surrogate pair.
  const code = s.charCodeAt(max - 1);
  return code >= 0xd800 && code <= 0xdbff ? max - 1 : max;
}

/** Shortens to at most `max` characters on a word boundary, with an ellipsis. */
export function truncate(text: string, max: number): string {
  const t = text.trim();
  if (t.length <= max) return t;
  const room = max - 1;
  const cut = t.lastIndexOf(' ', room);
  return `${t.slice(0, cut > room / 2 ? cut : room).trimEnd()}…`;
}
