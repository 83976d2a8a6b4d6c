/**
 * A model's Markdown as Discord shows it. Models write GitHub Markdown whatever the prompt says:
 * headings ("## Overview"), tables, HTML tags ("<b>", "<br>"). An embed shows none of those: a
 * heading's hashes, a table's pipes and the tags reach the reader as written. So a heading becomes
 * a bold line, a table a bold header over one line per row, and HTML its text (bold and italics
 * kept, a line break a new line, a script or style element dropped whole). Code blocks are left
 * as written: what is in them is meant to be read as written.
 */

const FENCE = /^\s*(```|~~~)/;
const HEADING = /^\s{0,3}#{1,6}\s+(.*?)(?:\s+#+)?\s*$/;
const TABLE_ROW = /^\s*\|.*\|\s*$/;
const TABLE_RULE = /^\s*\|?\s*:?-{2,}:?\s*(?:\|\s*:?-{2,}:?\s*)*\|?\s*$/;

/** Elements whose text is no prose: dropped with what they hold. */
const DROPPED_ELEMENTS = /<(script|style)\b[^>]*>[\s\S]*?<\/\1\s*>/gi;
/** An HTML tag; not Discord's own markup ("<@123>", "<#123>", "<t:1700000000:R>", "<:emoji:123>"), which starts with no letter. */
const TAG = /<\/?([a-z][a-z0-9-]*)\b[^<>]*>/gi;
const INLINE: Record<string, string> = { b: '**', strong: '**', i: '*', em: '*', u: '__', s: '~~', del: '~~', strike: '~~', code: '`' };
const LINE_BREAKS = new Set(['br', 'p', 'div', 'li', 'tr', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6']);

/** The model's Markdown with what Discord does not show (headings, tables, HTML) as what it does. */
export function discordMarkdown(text: string): string {
  return segments(text)
    .map(({ code, lines }) => (code ? lines : prose(withoutHtml(lines.join('\n')).split('\n'))).join('\n'))
    .join('\n');
}

/** The text's lines in runs, each a fenced code block (its fences with it) or what lies between. */
function segments(text: string): { code: boolean; lines: string[] }[] {
  const out: { code: boolean; lines: string[] }[] = [];
  let inCode = false;
  for (const line of text.split('\n')) {
    const fence = FENCE.test(line);
    // A fence belongs to its block, and an opening one starts a block of its own.
    const code = inCode || fence;
    if (out.at(-1)?.code !== code || (fence && !inCode)) out.push({ code, lines: [] });
    out.at(-1)!.lines.push(line);
    if (fence) inCode = !inCode;
  }
  return out;
}

/** Lines outside code: headings as bold lines, tables as lists. */
function prose(lines: string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (TABLE_ROW.test(line) && TABLE_RULE.test(lines[i + 1] ?? '')) {
      let end = i + 2;
      while (end < lines.length && TABLE_ROW.test(lines[end]!)) end++;
      out.push(...tableAsList(cells(line), lines.slice(i + 2, end).map(cells)));
      i = end - 1;
      continue;
    }
    const heading = HEADING.exec(line);
    out.push(heading ? (heading[1] ? `**${heading[1].replace(/^\*\*(.*)\*\*$/, '$1')}**` : '') : line);
  }
  return out;
}

function cells(row: string): string[] {
  return row
    .trim()
    .replace(/^\||\|$/g, '')
    .split(/(?<!\\)\|/)
    .map((c) => c.trim());
}

/** "| Paper | Finding |" over its rows as "**Paper · Finding**" over "- VEQ · It quantizes …". */
function tableAsList(header: string[], rows: string[][]): string[] {
  const head = header.filter(Boolean).join(' · ');
  return [...(head ? [`**${head}**`] : []), ...rows.map((r) => `- ${r.filter(Boolean).join(' · ')}`)];
}

/** HTML as its text: inline emphasis as Markdown, block ends as new lines, other tags gone. */
function withoutHtml(text: string): string {
  if (!/<[a-z/]/i.test(text)) return text;
  return text.replace(DROPPED_ELEMENTS, '').replace(TAG, (tag, name: string) => {
    const n = name.toLowerCase();
    if (INLINE[n]) return INLINE[n];
    if (LINE_BREAKS.has(n)) return n === 'br' || tag.startsWith('</') ? '\n' : '';
    return '';
  });
}
