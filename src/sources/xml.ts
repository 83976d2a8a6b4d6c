/** XML read with fast-xml-parser, the same careful way for every service. */
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { collapseWhitespace, decodeEntities } from '../corpus/text.js';

/** Neither the arXiv API nor a JATS abstract declares a DOCTYPE; one that does may define entities that expand without end. */
const DOCTYPE = /<!DOCTYPE|<!ENTITY/i;

export class MalformedXml extends Error {
  override readonly name = 'MalformedXml';
}

/** A parsed XML document as objects (attributes as `@_name`), or MalformedXml when it is not well-formed XML. */
export function parseXml(text: string, arrays: readonly string[] = []): Record<string, unknown> {
  if (DOCTYPE.test(text)) throw new MalformedXml('declares a DOCTYPE');
  const valid = XMLValidator.validate(text);
  if (valid !== true) throw new MalformedXml(`${valid.err.msg} (line ${valid.err.line})`);
  const parser = new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: '@_',
    // Ids such as "2505.23727" stay strings.
    parseTagValue: false,
    parseAttributeValue: false,
    isArray: (name) => arrays.includes(name),
  });
  return parser.parse(text) as Record<string, unknown>;
}

type OrderedNode = Record<string, unknown>;

/** Elements after which the words of the next do not run on. */
const BLOCKS = new Set(['p', 'title', 'sec', 'list', 'list-item', 'def-list', 'def-item', 'disp-formula', 'disp-quote', 'table-wrap', 'fig', 'caption', 'label', 'abstract']);

function localName(tag: string): string {
  return tag.slice(tag.indexOf(':') + 1).toLowerCase();
}

/**
 * The plain text of a JATS fragment (Crossref's `abstract`: `<jats:title>Abstract</jats:title>
 * <jats:p>…</jats:p>`): paragraphs separated by spaces, inline markup dropped, a leading
 * "Abstract" heading left out. Markup that is not well-formed is stripped as tags instead.
 */
export function jatsToText(jats: string): string {
  if (!jats.includes('<')) return collapseWhitespace(decodeEntities(jats));
  let nodes: OrderedNode[];
  try {
    if (DOCTYPE.test(jats)) throw new MalformedXml('declares a DOCTYPE');
    const wrapped = `<root>${jats}</root>`;
    if (XMLValidator.validate(wrapped) !== true) throw new MalformedXml('not well-formed');
    const parser = new XMLParser({ preserveOrder: true, ignoreAttributes: true, parseTagValue: false, trimValues: false });
    nodes = ((parser.parse(wrapped) as OrderedNode[])[0]?.root ?? []) as OrderedNode[];
  } catch {
    return collapseWhitespace(decodeEntities(jats.replace(/<\/?[A-Za-z][\w:.-]*(?:\s[^<>]*)?\/?>/g, ' ')));
  }
  const parts: string[] = [];
  let headingSeen = false;
  const walk = (list: OrderedNode[], depth: number) => {
    for (const node of list) {
      for (const [tag, value] of Object.entries(node)) {
        if (tag === '#text') {
          parts.push(String(value));
          continue;
        }
        if (tag.startsWith(':@') || !Array.isArray(value)) continue;
        const name = localName(tag);
        // The heading of the abstract itself says nothing ("Abstract", "Summary").
        if (name === 'title' && depth === 0 && !headingSeen) {
          headingSeen = true;
          const heading = collapseWhitespace(textOf(value as OrderedNode[]));
          if (/^(abstract|summary)[.:]?$/i.test(heading)) continue;
        }
        if (BLOCKS.has(name)) parts.push(' ');
        walk(value as OrderedNode[], depth + 1);
        if (BLOCKS.has(name)) parts.push(' ');
      }
    }
  };
  walk(nodes, 0);
  return collapseWhitespace(decodeEntities(parts.join('')));
}

function textOf(list: OrderedNode[]): string {
  return list.map((n) => Object.entries(n).map(([k, v]) => (k === '#text' ? String(v) : Array.isArray(v) ? textOf(v as OrderedNode[]) : '')).join('')).join('');
}
