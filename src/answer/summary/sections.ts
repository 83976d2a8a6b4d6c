/** An abstract's sentences by the part of a summary they belong to (TL;DR, problem, method, results, limits), as their words classify them. */
import { systemNamePattern, type Paper } from '../../corpus/paper.js';
import { listEnd, splitSentences } from '../../text/sentences.js';
import { words } from '../../text/terms.js';
import { ADDRESSES_IT, pointsBack, withoutLeadIn } from './pointers.js';

/** A position paper's thesis ("This position paper argues that ..."): what it contributes is its argument. */
const THESIS = /\bthis (position )?paper (argues|contends|advocates)\b/i;
/** A sentence that states what the paper contributes: "we propose X", "this paper presents", a position paper's thesis. */
export const CONTRIBUTION = new RegExp(`\\bwe\\b[^.;]{0,120}?\\b(propose|present|introduce|develop|design|construct|build)\\b|\\bthis (paper|work) (proposes|presents|introduces)\\b|${THESIS.source}`, 'i');
/** Weaker: what the paper sets out to do ("we study", "this work studies", "in this paper, we"). */
const AIM = /\bwe (study|formulate|prove|derive|establish|aim|investigate|examine|analy[sz]e)\b|\bthis (paper|work|study) (studies|formulates|proves|derives|establishes|aims|investigates|examines|analy[sz]es)\b|\b(in this (position )?(paper|work|study)|here),? we\b/i;
/** A contribution verb anywhere, for a sentence that names the paper's system ("... and accordingly propose TGV-KV"). */
const CONTRIBUTION_VERB = /\b(propos|present|introduc|develop|design)\w*/i;
/** The authors speaking of their own work. */
const AUTHORS = /\b(we|our)\b|\bthis (\w+ )?(paper|work|study)\b/i;
/** A sentence that adds to what came before ("Moreover, our approach can be extended"), not one that says what the paper is. */
const ADDITION = /^(moreover|furthermore|finally|additionally|in addition|also|lastly|besides)\b|^we (also|further|then)\b/i;
/** What earlier work did: part of the problem, wherever it stands, also after a connective ("Thus, prior work relies on search"). */
const PRIOR = /^((thus|hence|therefore|however|yet|but|unfortunately|consequently|as a result),?\s+)?((prior|previous|existing|current|recent|standard) (\S+ )?(work|methods?|approaches|models?|efforts?|systems?)\b|previously,)/i;
/**
 * Evidence and findings: experiments, comparisons, numbers, what the authors conclude, also in a
 * participle ("we construct a game ..., showing in this way that preferences do not suffice").
 * "As a result" only joins sentences; a word inside a compound names a step ("a sample-and-evaluate procedure"); an
 * evaluation an artifact enables is what it is built for ("a Throughput data split, allowing speedup evaluation across ...").
 */
const RESULT = /(?<!-)\b((?<!\bas a )results?|achiev\w*|outperform\w*|surpass\w*|state[- ]of[- ]the[- ]art|sota|experiments?|we (test|tested|tried)|empirical(ly)?|(?<!\b(enabl|allow|support|facilitat)\w*\s+([\w-]+\s+){0,3})(evaluat\w*|speedups?)|demonstrat\w*|accuracy|faster|benchmarks?|findings?|we find|suggests?|conclude|reveals?)\b|(?<!\b(where|when|while|if|of|for) )\b(showing|proving)\b[^.;]{0,20}?\bthat\b/i;
/** A finding stated as such ("we show that", "we prove an upper bound", "analysis shows that"): a result, unless the sentence also proposes something. */
const FINDING = /\b(we|and) (\w+ )?(show|prove)\b(?! how)|(?<!\b(where|when|while|if|of|for) )\b(show|shows|showed|shown|showing|proves?|proved|proven|proving|demonstrat\w*)\b[^.;]{0,20}?\bthat\b/i;
/** A question the paper asks ("We ask whether ...", "can a downstream agent ...?"): part of its problem, not of its method or results. */
const QUESTION = /\?["'”’)]*$|\b(ask|asks|explore|investigate|examine|interested in questions?( such as)?)\s+(whether|if)\b/i;
/** Others' work, cited ("by Kearns, Roth, and Ryu (2026)", "Smith et al."): part of the problem when the authors do not speak of their own. */
const CITES = /\bet al\.|\(\s*(19|20)\d\d[a-z]?\s*\)|\b[A-Z][a-z]+,? (19|20)\d\d[a-z]?\)/;
/** A difficulty ("Extending their guarantees is nontrivial", "a critical gap remains: usage alone does not determine risk"): part of the problem when the authors do not speak of their own work. */
const DIFFICULTY = /\b(non-?trivial|difficult|poorly understood|(remains?|is|are) (unclear|unknown|elusive|underexplored|unexplored)|remains? limited|open (question|problem)|(a|an|the) (\w+ )?gap remains|remains? (a|an) (\w+ )?gap)\b/i;
/** A sentence that draws a consequence of the one before ("As a consequence, a few large residuals dominate the loss"): it goes where that one goes. */
const CONSEQUENCE = /^(as a (consequence|result)|consequently|thus|hence|therefore),/i;
/** A step that follows the one before ("Each subtask is then accompanied by a baseline, which achieves ..."): it goes where that one goes, whatever its words. */
const NEXT_STEP = /^[^,;]{0,80}?\b(is|are) then\b/i;
/** A figure in percent ("30.4%", "50\\%"): what a result sentence reports. */
export const PERCENT = /\d\s*\\?%/;
/**
 * What a sentence that reports a result holds: a figure ("30.4%", "2.3×"), a gain ("outperforms",
 * "achieves"), what the experiments show, or what the authors find ("We find large, systematic
 * shifts ...", which "These results reveal ..." after it, shown alone, pointed back at).
 */
export const REPORTS = [
  /\d\s*(\\?%|×|\\times)/,
  /\b(outperform\w*|surpass\w*|exceed\w*|(?<!\bto )(improv|achiev)\w*|new state[- ]of[- ]the[- ]art|state[- ]of[- ]the[- ]art( \w+){0,3} (results?|performance))\b/i,
  /\b((?<!\bas a )results?|experiments?|evaluations?|evidence)\b[^.;]{0,80}\b(?<!\bto )(show|demonstrate|indicate|confirm|reveal|suggest|validate|verif(y|ies))/i,
  /\bwe (find|found|observe|observed)\b/i,
];
/**
 * What the authors do for an end they name first ("To ensure scalability, we employ ..."): how
 * their method works. Not when the end is to test it ("To evaluate our approach, we focus on ..."):
 * that sets up its results.
 */
const MEANS = /^to (?!(?:evaluat|validat|test|assess|complement|verif|demonstrat|examin|measur|benchmark|compar)\w*)[^,]{1,80}, we\b/i;
/** How plainly a sentence reports a result: 0 when it only mentions an evaluation ("To support evaluation, we introduce a benchmark"). */
export const reportStrength = (s: string) => REPORTS.filter((re) => re.test(s)).length;
/** A limit the paper states. Not "limited data": that is a setting. */
const LIMIT = /\b(limitations?|future work|remains? (an open|challenging))\b/i;
/** A limit of the paper's own: in the authors' words ("A limitation of our approach is ..."), or work it leaves for later. */
const OWN_LIMIT = /\bfuture work\b|\b(we|our)\b|\bthis (\w+ )?(paper|work|study)\b/i;
/** What a paper says it sets out to evaluate ("we develop MentisOculi, a suite ... to evaluate", "we evaluate both proof-based and final-answer reasoning"). */
const EVALUATES = /\b(evaluat\w*|benchmark\w*|assess\w*|prob(e|es|ing)|audit\w*)\b/i;
/** A limit stated: "To overcome this limitation, we introduce X" and "In this work, we explore whether X can address these limitations" are what the paper does. */
const statesLimit = (s: string) => !CONTRIBUTION.test(s) && !AIM.test(s) && !ANSWERS_LIMIT.test(s) && (LIMIT.test(s) || (SHORTCOMING.test(s) && !AUTHORS.test(s)));
/** A limitation the paper's work answers ("GCOS addresses a limitation of prior synthesis methods by ..."): what it does, not a limit of its own. */
const ANSWERS_LIMIT = /\b(address|tackl|overcom|resolv|solv|mitigat|alleviat|remov|circumvent|lift|avoid)\w*\s+(\S+\s+){0,3}?limitations?\b/i;
/** A rate or bound a method attains ("ROG yields $O(\sigma^2 / (\lambda^2 t))$"): a result, as "achieves" is. */
const ATTAINS_BOUND = /\b(yields?|attains?|obtains?|enjoys?|guarantees?|gets?)\s+(an? |the )?((\w+ ){0,2}(rate|bound|regret|complexity) (of )?)?\$\s*(\\(tilde|widetilde)\s*\{?\s*)?(\\mathcal\s*\{?\s*)?(O|\\Theta|\\Omega)\b/i;
/** A shortcoming, when the authors do not say it ("we do not need a projection", "our method does not require labels" are strengths). */
const SHORTCOMING = /\b(fails? to|does not|cannot)\b/i;
/** Links and release notes ("Code is available at ...", "We release our models"): not part of what the paper found. */
export const BOILERPLATE = /https?:\/\/|\\url\{|\bgithub\.com\b|\b(codes?|data|datasets?|models?|weights|checkpoints?|implementation|project page|demo)\b[^.]{0,40}\b(is|are|will be|has been|have been)\s+(made\s+)?(publicly\s+)?(available|released|open-?sourced?)\b|\bwe (will )?(publicly )?(release|open-?source)\b|^\s*(project page|code|\[code)\b/i;

/**
 * Which of a paper's sentences says what it is: the first that names its system with a
 * contribution verb, else the first contribution sentence, else the first that names its system
 * in the authors' words, else the first aim sentence, else the first in the authors' words (the
 * last three not reporting a result); else the first sentence.
 */
export function tldrIndex(sentences: readonly string[], title: string): number {
  return tldrCandidate(sentences, tldrKinds(title)) ?? 0;
}

/** Of the sentences `eligible` lets in, the one that best says what the paper is, in tldrIndex's order; undefined when none says it. */
export function tldrIndexAmong(sentences: readonly string[], title: string, eligible: (i: number) => boolean): number | undefined {
  return tldrCandidate(sentences, tldrKinds(title), eligible);
}

/** The kinds of sentence that say what a paper is, in tldrIndex's order. */
function tldrKinds(title: string): ((s: string) => boolean)[] {
  const name = systemNamePattern(title);
  return [
    (s) => !!name?.test(s) && CONTRIBUTION_VERB.test(s),
    (s) => CONTRIBUTION.test(s) && !ADDITION.test(s),
    (s) => !!name?.test(s) && AUTHORS.test(s) && !reportStrength(s),
    (s) => AIM.test(s),
    (s) => AUTHORS.test(s) && !reportStrength(s),
  ];
}

/** The first sentence of the first of `kinds` that `eligible` lets in (see tldrIndex); undefined when there is none. */
function tldrCandidate(sentences: readonly string[], kinds: readonly ((s: string) => boolean)[], eligible: (i: number) => boolean = () => true): number | undefined {
  // An abstract's last sentence is most often its conclusion ("This work establishes connections
  // ...", "Moreover, our approach can be extended"): the TL;DR only when no other sentence can be,
  // unless it plainly states the contribution ("We propose a new hybrid RL framework ...").
  const last = sentences.length - 1;
  const final = sentences[last]!;
  const concludes = last > 0 && (!CONTRIBUTION.test(final) || reportStrength(final) > 0 || ADDITION.test(final));
  for (const kind of kinds) {
    const i = sentences.findIndex((s, k) => (!concludes || k < last) && eligible(k) && kind(s));
    if (i >= 0) return i;
  }
  return concludes && eligible(last) && kinds.some((kind) => kind(final)) ? last : undefined;
}

/** How many words a TL;DR may take with the sentences it points back at (see standingTldr): about twice a TL;DR, 25 on average. */
const TLDR_WITH_REFERENTS_WORDS = 60;
/** How many words any sentence may take with the sentences it points back at when no other can stand in for it (a TL;DR, a part's only sentence, see sectionLine). */
export const WITH_REFERENTS_MOST_WORDS = 80;

/**
 * The TL;DR line, read first and alone: its first sentence and its TL;DR sentence, given the
 * sentence that says what the paper is (`index`, see tldrIndex). A TL;DR that still points back once its lead-in is cut ("…we introduce Furina, a
 * jailbreak attack that induces this signature") comes with the sentences it points back at when
 * together they take at most TLDR_WITH_REFERENTS_WORDS words. Else the first sentence that stands
 * alone and says what the paper is (a contribution, its system named, its aim: tldrIndex's kinds
 * but the last, any sentence in the authors' words) is the TL;DR; with none, the TL;DR comes with
 * the sentences it points back at up to WITH_REFERENTS_MOST_WORDS words, else alone.
 */
function standingTldr(sentences: readonly string[], title: string, index: number): { from: number; index: number } {
  const standsAlone = (i: number) => !pointsBack(withoutLeadIn(sentences[i]!));
  if (standsAlone(index)) return { from: index, index };
  let from = index - 1;
  while (from > 0 && !standsAlone(from)) from--;
  const size = words(sentences.slice(from, index + 1).join(' ')).length;
  if (size <= TLDR_WITH_REFERENTS_WORDS) return { from, index };
  const alone = tldrCandidate(sentences, tldrKinds(title).slice(0, -1), standsAlone);
  if (alone !== undefined) return { from: alone, index: alone };
  return { from: size <= WITH_REFERENTS_MOST_WORDS ? from : index, index };
}

/** The parts of a summary, each a list of the abstract's sentences in its order. */
export interface SummarySections {
  'TL;DR': string[];
  Problem: string[];
  Method: string[];
  Results: string[];
  Limits: string[];
}

export type SummarySection = keyof SummarySections;

export type SectionedAbstract = SummarySections & { readonly order: readonly string[] };

/**
 * The abstract's sentences by the part of a summary they belong to; undefined for an empty
 * abstract. A list ("(1) ... (2) ..." or "First, ... Second, ...", see listEnd) is one entry,
 * its sentences joined, in the part its first sentence belongs to: a part of it would cut it.
 */
export function summarySections(paper: Paper): SectionedAbstract | undefined {
  const parts = summaryParts(paper);
  return parts && { ...parts.sections, order: parts.order };
}

/**
 * The last paper's parts: one question about a paper reads them several times (the part asked,
 * the sentences naming its data, its problem for the quote, its summary). Only the last is kept,
 * so a long-running bot keeps no more than one paper's.
 */
let lastParts: { paper: Paper; parts: ReturnType<typeof partsOf> } | undefined;

/** partsOf(paper), read again from lastParts when it is the last paper's. */
export function summaryParts(paper: Paper): ReturnType<typeof partsOf> {
  if (lastParts?.paper !== paper) lastParts = { paper, parts: partsOf(paper) };
  return lastParts.parts;
}

/** The abstract's sentences by part (see summarySections), and all of them (a list as one) in the abstract's order. */
function partsOf(paper: Paper): { sections: SummarySections; order: string[]; limitsFound: string[] } | undefined {
  // A sentence repeated word for word is one sentence: the summary's choice is of sentences' texts, and a chosen text
  // would show every copy (a record of one sentence 20,000 times gave a "short" summary of all of them).
  const all = [...new Set(splitSentences(paper.abstract).map((s) => s.text))];
  if (all.length === 0) return undefined;
  // A sentence that also states a contribution or a figure is kept: "we release X, which cuts costs by 30%" is content.
  const kept = all.filter((s) => !BOILERPLATE.test(s) || CONTRIBUTION.test(s) || PERCENT.test(s));
  const sentences = kept.length ? kept : all;
  const first = (re: RegExp) => sentences.findIndex((s) => re.test(s));
  const strongIdx = first(CONTRIBUTION);
  const aimIdx = first(AIM);
  const saysWhat = tldrIndex(sentences, paper.title);
  const { from: tldrFrom, index: tldrIdx } = standingTldr(sentences, paper.title, saysWhat);
  // What comes before the paper's first word about its own work is the problem; with none, the first sentence alone.
  // A TL;DR that closes the abstract would leave all the rest to the problem: there, the authors' first "we" ends it
  // (elsewhere "We argue that this assumption fails" before the TL;DR is part of the problem). The sentence that says
  // what the paper is counts, also where another stands in for it as the TL;DR (zhou26bz's closing "We call on ...").
  const closing = saysWhat === sentences.length - 1 ? first(AUTHORS) : -1;
  const starts = [saysWhat, tldrIdx, strongIdx, aimIdx, closing].filter((i) => i >= 0);
  // A position paper that opens with its thesis ("This position paper argues that ...") then lays out what it argues
  // against: the problem runs to the authors' next word ("We contend that ...").
  const afterThesis = THESIS.test(sentences[0]!) ? sentences.findIndex((s, i) => i > 0 && AUTHORS.test(s)) : -1;
  const problemEnd = afterThesis > 0 ? afterThesis : Math.max(Math.min(...starts), 1);
  const evaluatesOthers = EVALUATES.test(sentences[saysWhat]!);
  const partOf = (s: string, i: number): SummarySection => {
    if (i >= tldrFrom && i <= tldrIdx) return 'TL;DR';
    if (i < problemEnd || PRIOR.test(s) || QUESTION.test(s)) return 'Problem';
    const finding = (x: string) => RESULT.test(x) || PERCENT.test(x) || ATTAINS_BOUND.test(x) || (FINDING.test(x) && !CONTRIBUTION.test(x));
    // After the TL;DR, a consequence of a finding ("We show that residuals are heavy-tailed. As a consequence, ...") is one too.
    const asBefore = () => (i - 1 === tldrIdx ? (finding(sentences[i - 1]!) ? 'Results' : 'Method') : partOf(sentences[i - 1]!, i - 1));
    if (NEXT_STEP.test(s) && i > 0) return asBefore();
    // What the authors build or how they answer the problem ("we propose a ... evaluation scheme", "We address this by
    // evaluating ...") is their method, whatever it evaluates, unless it also reports a result or states a finding.
    const doing =
      ((CONTRIBUTION.test(s) || (ADDRESSES_IT.test(s) && AUTHORS.test(s))) && !reportStrength(s) && !FINDING.test(s)) ||
      // "To ensure scalability, we employ Ghost ..., incurring only 4.7% additional compute overhead": a means to an end, whose figure is its cost, not a gain.
      (MEANS.test(s) && !REPORTS.slice(1).some((re) => re.test(s)) && !FINDING.test(s));
    if (finding(s) && !doing) return 'Results';
    if (CONSEQUENCE.test(s) && !AUTHORS.test(s) && i > 0) return asBefore();
    if (!AUTHORS.test(s) && (CITES.test(s) || DIFFICULTY.test(s))) return 'Problem';
    const isLimit = statesLimit(s);
    // A paper that evaluates models finds their limits ("Analysis of UMMs exposes a critical limitation: ... they fail to
    // leverage ..."): its results, not its own limits, which it states in its own words ("our", "future work").
    if (isLimit && evaluatesOthers && !OWN_LIMIT.test(s)) return 'Results';
    return isLimit ? 'Limits' : 'Method';
  };
  const sections: SummarySections = { 'TL;DR': [], Problem: [], Method: [], Results: [], Limits: [] };
  const order: string[] = [];
  for (let i = 0; i < sentences.length; ) {
    const end = listEnd(sentences, i);
    const run = sentences.slice(i, end);
    // A list that holds a sentence of the TL;DR is the TL;DR, whole.
    const tldrInRun = tldrFrom < end && tldrIdx >= i;
    // A list reports results only when each of its items does ("First, it computes projections faster. Second, it combines this with ...": how it works).
    const parts = run.map((s, k) => partOf(s, i + k));
    const listPart = parts.every((p) => p === 'Results') ? 'Results' : (parts.find((p) => p !== 'Results') ?? 'Method');
    const entry = run.join(' ');
    sections[tldrInRun ? 'TL;DR' : listPart].push(entry);
    order.push(entry);
    i = end;
  }
  // The limits an evaluation finds in what it evaluates: what "What are the limitations of MentisOculi?" can be answered with when it states none of its own.
  const limitsFound = evaluatesOthers ? sections.Results.filter((s) => statesLimit(s) && !OWN_LIMIT.test(s)) : [];
  return { sections, order, limitsFound };
}

/**
 * The results in which a paper that evaluates models finds their limits ("Analysis of UMMs
 * exposes a critical limitation: ... they fail to leverage ..."), in the abstract's order; none
 * of a paper that does not evaluate others'.
 */
export function limitsFound(paper: Paper): string[] {
  return summaryParts(paper)?.limitsFound ?? [];
}
