import { isCoined, type Paper } from '../corpus/paper.js';
import { normalizeTitle } from '../corpus/ids.js';
import { isKnownVenue } from '../answer/collection.js';
import { comparedNames, madeUpNames } from '../names/question-names.js';
import { escapeRegExp, wholeWord } from '../text/pattern.js';
import { queryConcepts } from '../text/terms.js';
import type { Library } from './library.js';

/** Made-up names of one question checked for whether anything indexed mentions them (see nothingMentions): each a catalog lookup and a postings read. */
const UNMENTIONED_NAME_CHECKS = 4;
/** What may stand between the parts of a name as a paper writes it ("GPT-4", "GPT 4", "GPT4", "TGV–KV", "Qwen2.5", "NeurIPS'20"). */
const NAME_PART_BREAK = String.raw`[\s\-‐‑–_.'’]?`;
/** Terms read for the other forms of a name (see papersWriting): a name's letters are in few terms, and a common run ("model") stops there. */
const NAME_FORMS_READ = 200;
/** Papers read for those forms: a name written in thousands of papers is found among the first few hundred. */
const NAME_FORM_PAPERS_READ = 500;

/**
 * Names a question uses that no indexed paper is called and nothing indexed writes ("Does
 * FooBarNet use RL?"): a search would answer with other papers' words around them.
 */
export class UnmentionedNames {
  /** The names the metadata holds and no term does (see namesInMetadata), read on first use. */
  private metadataNames: Set<string> | undefined;

  constructor(private readonly library: Library) {}

  /** The made-up names of a question (see madeUpNames) that no paper is called and no title or abstract writes. */
  in(q: string): string[] {
    // The first few, as other name checks: a question of made-up words costs no more than a short one.
    const names = [...new Set([...madeUpNames(q), ...comparedNames(q)])].slice(0, UNMENTIONED_NAME_CHECKS);
    const known = this.namesInMetadata();
    // A venue ("NeurIPS") is no paper's name: "Nothing indexed mentions NeurIPS" would read as if the index had no venues.
    return names.filter((name) => !known.has(normalizeTitle(name)) && !isKnownVenue(name) && this.library.names.namesIn(name).papers.length === 0 && this.papersWriting(name).length === 0);
  }

  /**
   * The one made-up word a text asks about ("LinkNet" of "is the LinkNet?") when no indexed paper
   * is called that and nothing else is asked; undefined for a text that names a paper, asks
   * about a topic ("the 4D spatial-temporal paper"), or nothing.
   */
  nameAlone(text: string): string | undefined {
    const asked = text
      .split(/\s+/)
      .map((w) => w.replace(/^[^\p{L}\p{N}]+|(?:['’]s)?[^\p{L}\p{N}]*$/gu, ''))
      .filter((w) => queryConcepts(w).length > 0);
    const [name] = asked;
    return asked.length === 1 && isCoined(name!) && this.library.names.namesIn(name!).papers.length === 0 ? name : undefined;
  }

  /**
   * The papers whose title or abstract writes a name as a word of its own, in any form nameWritten
   * allows ("MLLM-4D", "MLLM 4D"): not a paper that writes its parts apart, nor a longer name that
   * starts with it ("GPT2 tasks" and "GPT-4o" are not GPT-4). The papers that write every part are
   * read first; only if none writes it, those whose terms hold its letters.
   */
  papersWriting(name: string): Paper[] {
    const retriever = this.library.retriever;
    // "PixelThinks" and "cMoLLMs" are the names PixelThink and cMoLLM.
    for (const form of /\p{L}s$/u.test(name) ? [name, name.slice(0, -1)] : [name]) {
      const written = nameWritten(form);
      const writers = (ids: Iterable<string>) => [...ids].map((id) => retriever.paper(id)).filter((p): p is Paper => p !== undefined && written.test(`${p.title}\n${p.abstract}`));
      const asTerms = writers(retriever.papersWritingAll(queryConcepts(form).map(([term]) => term!)));
      if (asTerms.length) return asTerms;
      // Written with other joins than the question's ("Qwen2.5VL" of "Qwen2.5-VL", "Llama3" of "Llama 3"): the papers of the terms that hold its longest run of letters.
      const core = form.match(/\p{L}{3,}/gu)?.sort((a, b) => b.length - a.length)[0]?.toLowerCase();
      const other = core ? writers(retriever.papersWritingTermsWith(core, NAME_FORMS_READ, NAME_FORM_PAPERS_READ)) : [];
      if (other.length) return other;
    }
    return [];
  }

  /** The papers the catalog finds closest to a name that is none of theirs, for a "Did you mean". */
  closestPapers(name: string): Paper[] {
    const r = this.library.catalog.resolve(name);
    return 'paper' in r ? [r.paper] : 'namesakes' in r ? r.namesakes : 'titled' in r ? r.titled : r.candidates;
  }

  /**
   * Names the metadata holds and no term of the index does, read once per index, as normalizeTitle
   * keys them: the sites the papers link to ("github" of github.com: "code on GitHub"), the
   * pages they give by id (OpenReview, PMLR) and their venues ("icml2026" of ICML 2026: "papers in ICML2026").
   */
  private namesInMetadata(): Set<string> {
    if (!this.metadataNames) {
      const papers = this.library.papers;
      const hosts = papers.flatMap((p) => [p.url, ...(p.code ?? [])]).flatMap((link) => /^https?:\/\/(?:www\.)?([^./]+)\./i.exec(link ?? '')?.[1]?.toLowerCase() ?? []);
      const venues = papers.flatMap((p) => (p.venue ? [p.venue, `${p.venue}${p.year ?? ''}`] : [])).map(normalizeTitle);
      // Pages the metadata gives by id rather than by link: "the OpenReview page of the paper on mental imagery".
      const pages = [...(papers.some((p) => p.openreview) ? ['openreview'] : []), ...(papers.some((p) => p.pmlrPage) ? ['pmlr'] : [])];
      this.metadataNames = new Set([...hosts, ...venues, ...pages]);
    }
    return this.metadataNames;
  }
}

/**
 * A name as papers may write it: its parts (split at punctuation and where letters meet digits)
 * with or without what joins them ("Llama 3", "Llama-3", "Llama3"), as a plural, and, for a name
 * that ends in letters, with a version after it ("YouCook2" of "YouCook"); not inside a longer
 * word ("GPT2 tasks" and "GPT-4o" are not GPT-4).
 */
function nameWritten(name: string): RegExp {
  const parts = name.split(/[^\p{L}\p{N}]+|(?<=\p{L})(?=\p{N})|(?<=\p{N})(?=\p{L})/u).filter(Boolean).map(escapeRegExp);
  const version = /\p{L}$/u.test(name) ? String.raw`(?:[\s\-.]?\d+(?:\.\d+)*)?` : '';
  return wholeWord(`${parts.join(NAME_PART_BREAK)}(?:e?s)?${version}`, 'iu');
}
