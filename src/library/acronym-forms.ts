import type { Paper } from '../corpus/paper.js';
import { declaredExpansions, initialsOf, spellingInPapers, withInitialsSpelledOut, withUnwrittenAcronymsSpelledOut } from '../names/acronyms.js';
import { asksAnAspect } from '../question/aspects.js';
import { inPaperWordForms, pickedConcepts } from '../question/pointing.js';
import type { Library } from './library.js';

/** Acronyms whose spelling in the papers is kept (see unwrittenSpelledOut), each a pass over up to 500 abstracts to read again. */
const ACRONYM_SPELLINGS_KEPT = 256;

/**
 * How the papers of one index write acronyms and what they stand for: "RL" asked of papers that
 * write only "reinforcement learning" is asked in their words.
 */
export class AcronymForms {
  /** How the papers spell out acronyms none of them writes (see spellingInPapers), the last ACRONYM_SPELLINGS_KEPT asked. */
  private readonly spellings = new Map<string, string | undefined>();

  constructor(private readonly library: Library) {}

  /** An acronym's declared expansions ("rl": reinforc learn), a phrase with its acronyms spelled out so, or a phrase's acronym when the papers that write it declare it so. */
  forms(phrase: readonly string[]): string[][] {
    const { retriever, catalog } = this.library;
    // Read lazily: only the first few writers of a common acronym are read.
    function* writers(acronym: string): Generator<Paper> {
      for (const id of retriever.papersWriting(acronym)) {
        const paper = catalog.get(id);
        if (paper) yield paper;
      }
    }
    const expansions = (acronym: string) => declaredExpansions(acronym, writers(acronym));
    if (phrase.length === 1) return expansions(phrase[0]!).map((e) => e.terms);
    // "multimodal LLMs" is as often "multimodal large language models": an acronym within a phrase, spelled out as its papers declare it.
    const spelledOut = phrase.flatMap((t, i) => expansions(t).map((e) => [...phrase.slice(0, i), ...e.terms, ...phrase.slice(i + 1)]));
    // The other way, only an acronym that several papers declare so: one paper's "prompt injection (PI)" would count every TeX \pi.
    const acronym = initialsOf(phrase);
    return acronym && expansions(acronym).some((e) => e.papers >= 2 && e.terms.join(' ') === phrase.join(' ')) ? [...spelledOut, [acronym]] : spelledOut;
  }

  /** A question with the acronyms no paper writes spelled out as the papers spell them (see spellingInPapers), each read once per index. */
  unwrittenSpelledOut(question: string): string {
    const { retriever, papers } = this.library;
    const spelling = (acronym: string) => {
      if (!this.spellings.has(acronym)) {
        // Kept for the acronyms asked most recently only: the capitals people type are not a fixed few.
        if (this.spellings.size >= ACRONYM_SPELLINGS_KEPT) this.spellings.delete(this.spellings.keys().next().value!);
        this.spellings.set(acronym, spellingInPapers(acronym, papers));
      }
      return this.spellings.get(acronym);
    };
    return withUnwrittenAcronymsSpelledOut(question, (term) => retriever.termStats.df(term) > 0, spelling);
  }

  /** A question about one paper in its words (see withInitialsSpelledOut), as far as the corpus's declared acronyms allow. */
  spelledOutFor(question: string, paper: Paper): string {
    return inPaperWordForms(withInitialsSpelledOut(question, paper, (acronym) => this.forms([acronym])), `${paper.title}\n${paper.abstract}`, asksAnAspect);
  }

  /**
   * Whether a paper writes, in some form, the concept of what a pick asks (see pickedConcepts)
   * that the fewest papers write: "model" is not "diffusion models". An acronym is written also as
   * what the corpus's papers declare it to stand for ("RL": reinforcement learning), or, written
   * in capitals, as the paper spells it (see withInitialsSpelledOut).
   */
  writesMostTelling(question: string, paper: Paper): boolean {
    const { retriever } = this.library;
    const writes = (term: string) => retriever.papersWriting(term).has(paper.id) || this.forms([term]).some((expansion) => retriever.papersWritingAll(expansion).has(paper.id));
    const writers = (forms: string[]) => Math.max(0, ...forms.map((t) => retriever.termStats.df(t)));
    const rarest = pickedConcepts(this.spelledOutFor(question, paper)).sort((a, b) => writers(a) - writers(b))[0];
    return rarest === undefined || rarest.some(writes);
  }
}
