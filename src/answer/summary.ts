/** A paper's summary without a model, from its abstract's own sentences. */
import { systemNamePattern, type Paper } from '../corpus/paper.js';
import { readableTex } from '../corpus/text.js';
import { PapercordError } from '../errors.js';
import { listEnd, splitSentences } from '../text/sentences.js';
import { queryTerms, terms, withoutGist, words } from '../text/terms.js';

export const SUMMARY_LENGTHS = ['short', 'medium', 'long'] as const;
export type SummaryLength = (typeof SUMMARY_LENGTHS)[number];

export function isSummaryLength(x: unknown): x is SummaryLength {
  return (SUMMARY_LENGTHS as readonly unknown[]).includes(x);
}

/** A length as typed, in any case ("SHORT"); a BAD_INPUT error that quotes it otherwise. */
export function parseSummaryLength(given: string, hint?: string): SummaryLength {
  const length = given.toLowerCase();
  if (!isSummaryLength(length)) throw new PapercordError('BAD_INPUT', `--length must be short, medium or long, not "${given}".`, hint);
  return length;
}

/** A position paper's thesis ("This position paper argues that ..."): what it contributes is its argument. */
const THESIS = /\bthis (position )?paper (argues|contends|advocates)\b/i;
/** A sentence that states what the paper contributes: "we propose X", "this paper presents", a position paper's thesis. */
const CONTRIBUTION = new RegExp(`\\bwe\\b[^.;]{0,120}?\\b(propose|present|introduce|develop|design|construct|build)\\b|\\bthis (paper|work) (proposes|presents|introduces)\\b|${THESIS.source}`, 'i');
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
const PERCENT = /\d\s*\\?%/;
/**
 * What a sentence that reports a result holds: a figure ("30.4%", "2.3×"), a gain ("outperforms",
 * "achieves"), what the experiments show, or what the authors find ("We find large, systematic
 * shifts ...", which "These results reveal ..." after it, shown alone, pointed back at).
 */
const REPORTS = [
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
const reportStrength = (s: string) => REPORTS.filter((re) => re.test(s)).length;
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
const BOILERPLATE = /https?:\/\/|\\url\{|\bgithub\.com\b|\b(codes?|data|datasets?|models?|weights|checkpoints?|implementation|project page|demo)\b[^.]{0,40}\b(is|are|will be|has been|have been)\s+(made\s+)?(publicly\s+)?(available|released|open-?sourced?)\b|\bwe (will )?(publicly )?(release|open-?source)\b|^\s*(project page|code|\[code)\b/i;

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
const WITH_REFERENTS_MOST_WORDS = 80;

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

/**
 * How much of its abstract a summary may quote, as a share of the abstract's characters: a
 * medium summary that took two sentences of every part was 84% of its abstract, a short one 47%.
 * (A long one is all of it, unless the abstract is longer than SUMMARY_BASIS_MAX: see summaryChoice.)
 */
const SHARE: Record<SummaryLength, number> = { short: 0.4, medium: 0.55, long: 1 };
/**
 * The most of an abstract's characters a summary's share is taken of: a little more than an
 * abstract runs to (the longest of the 306 shipped has 1,859). A record whose "abstract" is a
 * whole paper, or 940 KB of text, would otherwise make a short summary 40% of it.
 */
const SUMMARY_BASIS_MAX = 3_000;

/**
 * A summary built from the abstract's own sentences, in the abstract's order: TL;DR (the
 * sentences that say what the paper is and stand alone, see standingTldr), problem, method,
 * results and (only if stated) limits. Links and release notes are left out. See
 * summaryChoice for what each length keeps.
 */
export function extractiveSummary(paper: Paper, length: SummaryLength): string {
  const parts = summaryParts(paper);
  if (!parts) return '';
  const { sections, order } = parts;
  return summaryLines(sections, summaryChoice(sections, order, length, paper.abstract.length));
}

/**
 * More of a paper's summary, for a conversation that asks to go on ("Tell me more", "Go on"):
 * the sentences of the shortest summary (short, then medium, then long) that has any not yet
 * shown, less those shown, as summary lines; undefined once the whole abstract has been. `shown`
 * tells whether a text, as an answer shows it, is in one of the conversation's answers.
 */
export function summaryGoingOn(paper: Paper, shown: (text: string) => boolean): string | undefined {
  const next = unshownSentences(paper, shown);
  return next && summaryLines(next.sections, new Set(next.sentences));
}

/** The first sentence summaryGoingOn would show, as an answer shows it: for going on with several papers, a sentence of each. */
export function nextSentenceShown(paper: Paper, shown: (text: string) => boolean): string | undefined {
  const next = unshownSentences(paper, shown);
  const first = next && shownInOrder(next.sections, new Set(next.sentences))[0];
  return first === undefined ? undefined : readableTex(next!.sections['TL;DR'].includes(first) ? shownTldr(first) : first);
}

/** The sentences summaryGoingOn shows, with the summary's sections they belong to. */
function unshownSentences(paper: Paper, shown: (text: string) => boolean): { sections: SummarySections; sentences: string[] } | undefined {
  const parts = summaryParts(paper);
  if (!parts) return undefined;
  const { sections, order } = parts;
  // A TL;DR is shown without its lead-in (see shownTldr); a quote shows it whole.
  const unshown = new Set(order.filter((s) => !shown(readableTex(s)) && !shown(readableTex(shownTldr(s)))));
  for (const length of SUMMARY_LENGTHS) {
    const sentences = [...summaryChoice(sections, order, length, paper.abstract.length)].filter((s) => unshown.has(s));
    if (sentences.length) return { sections, sentences };
  }
  return undefined;
}

/** The chosen sentences as summary lines, part by part ("**TL;DR:** ... [1]"), each part in the abstract's order. */
function summaryLines(sections: SummarySections, chosen: ReadonlySet<string>): string {
  const lines = (Object.keys(sections) as SummarySection[]).map((label) => [label, sections[label].filter((s) => chosen.has(s))] as const);
  return lines.filter(([, shown]) => shown.length).map(([label, shown]) => partLine(label, shown)).join('\n');
}

/**
 * Which of a summary's sentences a length shows. Always the TL;DR and the result that reports
 * most plainly (the problem where no result is stated), and in a medium one the method's first
 * sentence; then, while they fit in the length's share of the abstract, a short one's first
 * sentence of the method, a medium one's of the problem and the limits, then its others in turn.
 * A sentence that does not fit is left out and the next one tried, so a list (one entry, see
 * summarySections) is whole or not there. A sentence that points back ("This method ...", "close
 * this gap", see pointsBack) comes with the one before it in the abstract, shown right before it
 * (after the TL;DR, which stands first, when it points back at that), or not at all: then the
 * next of its kind stands in (the next result, the method's next sentence). `order` is the
 * sections' entries in the abstract's order.
 */
export function summaryChoice(sections: SummarySections, order: readonly string[], length: SummaryLength, abstractLength: number): Set<string> {
  // A long summary is the whole abstract: no sentence of it is left out for want of its referent. Not of a text far longer than an abstract.
  if (length === 'long' && abstractLength <= SUMMARY_BASIS_MAX) return new Set(order);
  const results = byReportStrength(sections.Results);
  const [problem, ...moreProblem] = sections.Problem;
  const [method, ...moreMethod] = sections.Method;
  const [limit, ...moreLimits] = sections.Limits;
  const musts = [results.length ? results : [problem], length === 'short' ? [] : sections.Method];
  // A short summary says what a paper is, how and how well; a problem only stands in for a missing part.
  const rest = length === 'short' ? [method ?? problem] : [problem, limit, ...interleave(results.slice(1), moreMethod, moreProblem, moreLimits)];
  const chosen = new Set<string>();
  let used = 0;
  const size = (added: readonly string[]) => added.reduce((n, x) => n + x.length, 0);
  const fits = (added: readonly string[]) => used + size(added) <= SHARE[length] * Math.min(abstractLength, SUMMARY_BASIS_MAX);
  /** Shows `s`, with the sentences it points back at, if `allowed` lets them in and each pointer then follows its referent. */
  const show = (s: string | undefined, allowed: (added: readonly string[]) => boolean): boolean => {
    if (!s || chosen.has(s)) return false;
    const added = [s, ...referents(s, order, sections['TL;DR'])].filter((x) => !chosen.has(x));
    if (!allowed(added) || !pointersFollowReferents(shownInOrder(sections, new Set([...chosen, ...added])), order, sections['TL;DR'])) return false;
    for (const x of added) chosen.add(x);
    used += size(added);
    return true;
  };
  // The TL;DR is shown whatever its size: all its sentences (see standingTldr).
  for (const s of sections['TL;DR']) show(s, () => true);
  // A must alone is shown whatever its size; with its referents, the first of its list that fits,
  // else, unless one of its list is already shown (a method sentence the result points back at),
  // the first that can be shown at all, so that a summary keeps its result.
  for (const candidates of musts) {
    candidates.some((s) => show(s, (added) => added.length === 1 || fits(added))) || candidates.some((s) => chosen.has(s)) || candidates.some((s) => show(s, () => true));
  }
  for (const s of rest) show(s, fits);
  return chosen;
}

/** Not "this paper", "this work" or "this position paper": the paper itself. */
const NOT_THE_PAPER = '(?! (?:position )?(?:paper|work|study|article|manuscript|thesis|note|letter|survey)\\b)';
/** "this", "these", ... but not of the paper itself, nor "such as". */
const DEMONSTRATIVE = `(?:this|these|those|such(?! as\\b))\\b${NOT_THE_PAPER}`;
/** "the gap" that an earlier sentence stated ("To fill in the gap, this paper introduces"); not one the sentence names itself ("bridge the gap between X and Y"). */
const THE_GAP = 'the gaps?\\b(?! (?:between|in|of|that|from|with|across|left)\\b)';
/** "address this", "bridge these gaps", "overcome it", "fill in the gap": the paper's answer to what an earlier sentence stated. */
const ADDRESSES_IT = new RegExp(`\\b(?:address|tackl|overcom|resolv|solv|fill|bridg|clos|mitigat|alleviat)\\w*(?: in)? (?:${DEMONSTRATIVE}|it\\b|them\\b|${THE_GAP})`, 'i');
/**
 * Opening connectives that say how a sentence follows from the one before ("In particular, some
 * parameterizations ...", "As a result, practitioners lack ..."): without that one, it does not
 * say what it is a case, consequence or contrast of. Not "However" or "Moreover": what follows
 * them says all it says.
 */
const LEANING_CONNECTIVE = 'in particular|specifically|as a (?:result|consequence)|consequently|thus|hence|therefore|accordingly|for (?:example|instance)|(?:in|by) contrast|conversely|instead|similarly|likewise|in turn|in other words';
/**
 * A sentence that points back at the one before it: it opens with a pronoun or a demonstrative
 * ("This method identifies", "However, their inference lags", "It comprises 440 tasks"), with a
 * connective that leans on it (see LEANING_CONNECTIVE), with a pronoun after its opening clause
 * ("While widely adopted, its use ..."), with a
 * clause that does ("Based on this insight, we", "Despite these advances, ..."), or it names what
 * an earlier sentence stated ("close this gap", "We address this by"). Without that sentence right
 * before it, it reads without its referent.
 */
const POINTS_BACK = new RegExp(
  [
    `^(?:(?:however|yet|but|moreover|furthermore|unfortunately|in particular|notably|thus|hence|therefore|consequently|additionally|in addition|importantly|crucially|specifically),?\\s+)?(?:${DEMONSTRATIVE}|(?:it|they|its|their)\\b)`,
    `^[^,]{0,40}\\b${DEMONSTRATIVE}[^,]{0,40},`,
    `^(?:${LEANING_CONNECTIVE}),`,
    `^[^,]{0,40},\\s+(?:its|their|they)\\b`,
    `\\b${DEMONSTRATIVE} (?:gaps?|limitations?|challenges?|issues?|shortcomings?|questions?|bottlenecks?|discrepanc(?:y|ies)|tensions?|trade-?offs?|observations?|insights?|findings?|phenomen(?:on|a)|difficult(?:y|ies)|drawbacks?|concerns?)\\b`,
    ADDRESSES_IT.source,
  ].join('|'),
  'i',
);

/**
 * A demonstrative and the two words after it ("this signature through", "these critical tokens",
 * "this at scale"). Not "those": it mostly names what the sentence says next ("those altered by noise").
 */
const DEMONSTRATIVE_PHRASE = new RegExp(`\\b(?:this|these|such(?! as\\b))\\b${NOT_THE_PAPER}((?:\\s+[\\w-]+){1,2})`, 'gi');

/**
 * Whether a sentence points back at what an earlier one stated (see POINTS_BACK), or names with a
 * demonstrative something it has not written itself before ("a jailbreak attack that induces this
 * signature"; not "a posterior that can have significant bias ... a scheme that removes this bias").
 */
export function pointsBack(sentence: string): boolean {
  if (POINTS_BACK.test(sentence)) return true;
  for (const m of sentence.matchAll(DEMONSTRATIVE_PHRASE)) {
    const before = new Set(terms(sentence.slice(0, m.index)));
    if (!terms(m[1]!).some((t) => before.has(t))) return true;
  }
  return false;
}

/**
 * The sentences `s` points back at, nearest last: the one before it, and the one before that
 * while each points back in turn. The TL;DR ends the chain: it stands first, its lead-in cut (see shownTldr).
 */
function referents(s: string, order: readonly string[], tldr: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = order.indexOf(s); i > 0 && pointsBack(order[i]!) && !tldr.includes(order[i]!); i--) out.unshift(order[i - 1]!);
  return out;
}

/**
 * Whether each sentence shown that points back is shown right after the sentence before it in the
 * abstract, or points back at the TL;DR, `tldr`, shown first (a Problem line may come between the
 * TL;DR "We propose Foo" and the method "It learns its routes ..."). The TL;DR's own sentences
 * stand first as standingTldr chose them.
 */
function pointersFollowReferents(shown: readonly string[], order: readonly string[], tldr: readonly string[]): boolean {
  return shown.every((s, k) => {
    const i = order.indexOf(s);
    return tldr.includes(s) || i <= 0 || !pointsBack(s) || (k > 0 && shown[k - 1] === order[i - 1]) || tldr.includes(order[i - 1]!);
  });
}

/** The chosen sentences as a summary shows them: part by part (TL;DR first), each part in the abstract's order. */
function shownInOrder(sections: SummarySections, chosen: ReadonlySet<string>): string[] {
  return (Object.keys(sections) as SummarySection[]).flatMap((label) => sections[label].filter((s) => chosen.has(s)));
}

/** One from each list in turn: [a1, b1, c1, a2, b2, ...]. */
function interleave<T>(...lists: T[][]): T[] {
  const out: T[] = [];
  for (let i = 0; i < Math.max(0, ...lists.map((l) => l.length)); i++) for (const l of lists) if (i < l.length) out.push(l[i]!);
  return out;
}

/** The results that report most plainly ("Experimental results demonstrate ... by 30.4%") before ones that only mention an evaluation; the abstract's order among equals. */
function byReportStrength(results: readonly string[]): string[] {
  return [...results].sort((a, b) => reportStrength(b) - reportStrength(a));
}

const BACK = `(?:(?:this|these|that|those|such)(?: [\\w-]+){0,3}|${THE_GAP})`;
/**
 * What a lead-in is cut before: the authors or their work ("we", "this paper", "our method"), or
 * the authors after a clause of their own ("To this end, inspired by the idea that …, we propose").
 */
const LEAD_IN_SUBJECT = String.raw`we\b|this (?:paper|work|study)\b|our (?:method|approach|framework|model)\b|(?:motivated|inspired|guided|driven) by [^,]{1,80}, we\b`;
/**
 * An opening clause that only points back at the sentences before it ("To bridge this gap, we",
 * "Motivated by these observations, we", "Therefore, we", "To fill in the gap, this paper introduces"). Not one that says something of its own
 * ("To mitigate data scarcity in fine-tuning, we", "Under this assumption and gradient domination
 * conditions, we").
 */
const LEAD_IN = new RegExp(
  `^(?:to (?:[\\w-]+ ){1,3}?${BACK}|(?:motivated|inspired|guided|driven) by ${BACK}|drawing (?:inspiration )?(?:from|on) ${BACK}|(?:based|building|built) on ${BACK}|leveraging ${BACK}|in (?:light of|response to|view of) ${BACK}|against this background|to (?:this|that) end|therefore|accordingly|thus|hence|consequently|in response|specifically|(?:in|by) contrast), (?=${LEAD_IN_SUBJECT})`,
  'i',
);

/**
 * The TL;DR as shown: it stands first, before the sentences a lead-in points back at ("To bridge
 * this gap, we introduce X"), so the lead-in is left out and an ellipsis marks the cut ("…we
 * introduce X"). What follows the ellipsis is still the abstract's own text, word for word;
 * starting it with a capital ("We introduce X") would not be.
 */
export function shownTldr(sentence: string): string {
  const rest = withoutLeadIn(sentence);
  return rest === sentence ? sentence : `…${rest}`;
}

/** A sentence after its lead-in (see LEAD_IN), if it has one. */
function withoutLeadIn(sentence: string): string {
  const lead = LEAD_IN.exec(sentence);
  return lead ? sentence.slice(lead[0].length) : sentence;
}

/** "**Results:** ... [1]": one part of a summary, cited to its abstract, source `n`. */
function partLine(label: SummarySection, shown: readonly string[], n = 1): string {
  const text = label === 'TL;DR' ? shown.map(shownTldr) : shown;
  return `**${label}:** ${readableTex(text.join(' '))} [${n}]`;
}

/**
 * "**Results:** ... [1]": one part of the summary, in the abstract's order: the whole TL;DR (see
 * standingTldr); of another part, as many sentences as `length` takes (the results that report
 * most plainly first), each that points back right after the sentence it points at, else the
 * next of the part stands in. A method line may point back at the TL;DR: a question about a
 * paper's method is answered with its TL;DR line first (what it proposes is the heart of its
 * method), then this one. Only when none of the part can stand does its first come with the
 * sentences it points back at, though of another part ("This approach often uncovers
 * undertuning" alone answers no question), up to WITH_REFERENTS_MOST_WORDS words, else alone. A
 * long one is the whole part, as a long summary is. Cited to source `n`.
 */
export function sectionLine(sections: SectionedAbstract, label: SummarySection, length: SummaryLength, n = 1): string {
  const all = sections[label];
  if (label === 'TL;DR' || length === 'long') return partLine(label, all, n);
  const { order } = sections;
  const shownBefore = label === 'Method' ? sections['TL;DR'] : [];
  const take = length === 'short' ? 1 : 2;
  const candidates = label === 'Results' ? byReportStrength(all) : all;
  const chosen = new Set<string>();
  const line = (added: string) => order.filter((x) => chosen.has(x) || x === added);
  // Passes until nothing more fits: a pointer may follow its referent taken on a later turn ("This gain ..." after its result).
  for (let grew = true; grew && chosen.size < take; ) {
    grew = false;
    for (const s of candidates) {
      if (chosen.size >= take) break;
      if (chosen.has(s) || !pointersFollowReferents(line(s), order, shownBefore)) continue;
      chosen.add(s);
      grew = true;
    }
  }
  if (!chosen.size) {
    const [first] = candidates as [string];
    const withReferents = [...referents(first, order, shownBefore), first].filter((x) => !shownBefore.includes(x));
    for (const x of words(withReferents.join(' ')).length <= WITH_REFERENTS_MOST_WORDS ? withReferents : [first]) chosen.add(x);
  }
  return partLine(label, order.filter((x) => chosen.has(x)), n);
}

/** A summary's parts, and all their entries in the abstract's order (what a sentence points back at, see sectionLine). */
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
function summaryParts(paper: Paper): ReturnType<typeof partsOf> {
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

/** Words for data: a benchmark is data a paper evaluates on ("What benchmarks does X use?"), not a result. */
const DATA_WORDS = 'datasets?|data|benchmarks?|corpus|corpora';
/** A word that asks what data a paper uses. */
const DATA_ASPECT = new RegExp(`^(${DATA_WORDS})$`);
/** Words, plural, for the models a paper evaluates on ("What models does VEQ test on?", "Which LLMs?"); not "model", its own ("What is PixelThink's model?"). */
const MODELS_ASPECT = /^(models|llms|mllms|vlms|lmms|backbones)$/;

/**
 * Words, as written, that ask about one aspect of a paper: a part of its summary ("What results
 * does X report?"), or, with no part, something only its own words can say ("What datasets does
 * X use?").
 */
const ASPECT_WORDS: [SummarySection | undefined, RegExp][] = [
  ['Results', /^(results?|findings?|outcomes?|reports?|reported|performs?|performance|achieves?|achieved|finds?|found|fast|faster|speed|speedups?|efficient|efficiency|accurate|accuracy|good|well|better|evaluations?|evaluated|experiments?|baselines?|compared?|compares|against|beats?|beaten|outperforms?|outperformed|surpass(es|ed)?|improves?|improved|improvements?|gains?|margins?)$/],
  ['Method', /^(techniques?|mechanisms?|architectures?|algorithms?|pipelines?|approach(es)?|methods?|methodology)$/],
  // "Why does X matter?", "Why is X important?", "Why should I care about X?" ask what it sets out to fix.
  ['Problem', /^(problems?|motivations?|motivates?|motivated|challenges?|solves?|solved|tackles?|tackled|address|addresses|addressed|gaps?|matters?|important|importance|care)$/],
  ['Limits', /^(limitations?|limits?|weakness(es)?|drawbacks?|shortcomings?|caveats?)$/],
  ['TL;DR', /^(contributions?|novelty|takeaways?|significance)$/],
  [undefined, DATA_ASPECT],
  [undefined, MODELS_ASPECT],
];
/** Verbs a question asks with, that say nothing of which part ("What challenges does X reveal?"). */
// "What models does VEQ test on?", "… evaluate on?": what it evaluates is asked ("models"), not the verb.
const ASKING = /^(reveals?|identif(y|ies)|faces?|has|have|gives?|discuss(es)?|mentions?|states?|main|key|takes?|uses?|follows?|adopts?|employs?|tests?|tested|evaluates?)$/;

/** The aspect a word asks about (see ASPECT_WORDS); undefined for any other word. */
const aspectOf = (word: string) => ASPECT_WORDS.find(([, re]) => re.test(word));

/** Whether a word asks about an aspect of a paper ("significance", "results"): asked as written, not in a form its abstract writes ("significant"). */
export const asksAnAspect = (word: string): boolean => aspectOf(word.toLowerCase()) !== undefined;

/**
 * "How does it work?", "how do they work", and "How does  work?" once a paper's name is taken
 * out of "How does VEQ work?"; "Explain how  works", "how it works": asks for the method. "work"
 * alone asks for none ("this work", "future work").
 */
const HOW_IT_WORKS = /\bhow\s+(?:(?:does|do|did|would|can)\s+(?:\S+\s+){0,4}?work|(?:\S+\s+){0,4}?works)\b/i;

/** The words a question asks with: aspects, and words of its own but the verbs that only ask. */
function tellingWords(question: string): string[] {
  // "approach" and "method" are stopwords of the search, not of this; "the key contributions" ask for the gist, no one part.
  const telling = words(withoutGist(question)).filter((w) => aspectOf(w) || (queryTerms(w).length > 0 && !ASKING.test(w)));
  return HOW_IT_WORKS.test(question) ? [...telling.filter((w) => w !== 'work' && w !== 'works'), 'method'] : telling;
}

/**
 * The part of a summary a question (without the paper's names) asks for, when every word it
 * asks with asks for that part; else undefined.
 */
export function askedSection(question: string): SummarySection | undefined {
  const sections = new Set(tellingWords(question).map((w) => aspectOf(w)?.[0]));
  const [only] = sections;
  return sections.size === 1 ? only : undefined;
}

/** Whether a word a question asks with asks for a part of a summary ("What challenges does BEST address?" asks for its problem). */
export function asksAbout(question: string, section: SummarySection): boolean {
  return tellingWords(question).some((w) => aspectOf(w)?.[0] === section);
}

/** Whether every word a question asks with asks about an aspect of a paper ("And the limitations?", "What datasets?"), and nothing else. */
export function asksOnlyAspects(question: string): boolean {
  const telling = tellingWords(question);
  return telling.length > 0 && telling.every((w) => aspectOf(w) !== undefined);
}

/** How long a summary a question asks for: "the full summary", "the long version", "a detailed overview", "in detail". */
const LONG_ASKED = /\b(?:long|longer|full|fuller|detailed|complete|whole|entire|in[- ]depth|in (?:more |full |great )?detail)\b/i;
const MEDIUM_ASKED = /\bmedium\b/i;
const SUMMARY_NOUN = String.raw`(?:summary|summari[sz]e|overview|recap|rundown|gist|tl;?dr)`;
const LENGTH_WORD = String.raw`(?:short|shorter|brief|quick|medium|long|longer|full|fuller|detailed|complete|whole|entire|in[- ]depth|one-line)`;
/**
 * A question that asks only for a summary, naming no paper and no other word: "summary?",
 * "summarize", "tl;dr?", "give me a short summary", "the long version please". After a question
 * about one paper it asks for that paper's; it does not point back ("it"), so it was refused.
 */
const SUMMARY_ONLY = new RegExp(
  String.raw`^\W*(?:(?:and|so|ok(?:ay)?|now|then|please)[\s,]+)*(?:(?:can|could|would) you\s+)?(?:(?:please\s+)?(?:give|show|tell|get|send)\s+(?:me|us)\s+)?(?:(?:a|an|the|its|their)\s+)?(?:${LENGTH_WORD}\s+)?(?:${SUMMARY_NOUN}|${LENGTH_WORD}\s+version)(?:\s+(?:please|of (?:it|this|that)(?: (?:one|paper))?))?\W*$`,
  'i',
);

/** Whether a question asks only for a summary (see SUMMARY_ONLY). */
export function asksOnlyForSummary(question: string): boolean {
  return SUMMARY_ONLY.test(question.trim());
}

/** The summary length a question asks for ("the full summary": long), short when it says none: a chat answer is read at a glance. */
export function summaryLengthAsked(question: string): SummaryLength {
  return LONG_ASKED.test(question) ? 'long' : MEDIUM_ASKED.test(question) ? 'medium' : 'short';
}

/** Whether a question asks what data a paper uses ("What datasets does X use?", "What benchmarks?"). */
export function asksForData(question: string): boolean {
  return tellingWords(question).some((w) => DATA_ASPECT.test(w));
}

/** Whether a question asks which models a paper evaluates on or uses ("What models does X test on?", "what models?"). */
export function asksForModels(question: string): boolean {
  return tellingWords(question).some((w) => MODELS_ASPECT.test(w));
}

/**
 * A model named as papers name them: a family's name ("Qwen3-VL", "LLaVA-NeXT", "GPT-4o", "Kimi-VL",
 * "PI0.5"), a name ending in a kind of model ("InternVL", "CogVLM"; not the kind alone, "prior VLM
 * methods", "dMLLMs"), or models counted ("five models with different sizes", "three MLLMs"). Not data ("YouCook2").
 */
const NAMES_MODELS = new RegExp(
  String.raw`\b(?:GPT|Llama|LLaMA|Qwen|LLaVA|Kimi|Gemma|Mistral|Mixtral|Claude|Gemini|InternVL|InternLM|DeepSeek|Phi|Vicuna|BERT|RoBERTa|T5|ViT|CLIP|SigLIP|ResNet|Whisper|PaLM|Falcon|Pythia|BLIP|Flamingo|OpenVLA|PI0|π0|Octo|SmolVLM|MiniCPM|Molmo|Pixtral|Idefics)(?![a-z])|\b(?=[\w.]*[a-z\d])[A-Z][\w.]*(?:VLM|VL|LM)\b(?!-?\s*(?:bench|benchmark|dataset))|\b(?:two|three|four|five|six|seven|eight|nine|ten|\d+)\s+(?:[\w-]+\s+){0,2}(?:models|LLMs|MLLMs|VLMs|LMMs|backbones)\b`,
);

/** The sentences of a paper's own work that name the models it evaluates on or builds on (see NAMES_MODELS). */
export function modelSentences(paper: Paper): string[] {
  return ownSentences(paper, (s) => NAMES_MODELS.test(readableTex(s)));
}

/** A word for data, not in a compound that says the method needs none ("data-free"). */
const DATA_WORD = new RegExp(`\\b(${DATA_WORDS})\\b(?!-)`, 'i');
/** A name as datasets and benchmarks are written: an inner capital or digit ("YouCook2", "ImageNet", "R2R", "VizWiz-VQA"), or capitals ("COIN"). */
const DATA_NAME = String.raw`(?:[A-Z][\w-]*(?:[A-Z]|\d)[\w-]*|[A-Z]{3,}s?)\b`;
/**
 * Data named where a paper evaluates or trains on it, with a word for data: "a benchmark spanning
 * YouCook2, COIN, and CrossTask", "fine-tuned on ImageNet ... benchmarks", "a benchmark called
 * MultiHal"; or data the authors gather ("our data collection pipeline ... curating a subset of 25.9k").
 */
const NAMES_DATA = new RegExp(String.raw`\b(?:on|spanning|across|including|such as|from|over|called|named)\s+(?:the\s+)?${DATA_NAME}|\b(?:we|our)\b[^.;]{0,40}?\b(?:collect|curat|mine[ds]?\b|mining|annotat|gather|crawl|scrap)`);
/** Data named as such, whatever else the sentence says: "the VizWiz-VQA task", "Room-to-Room (R2R) benchmarks", "BEST, the first benchmark". Not "on Kimi-VL": a model. */
const NAMED_AS_DATA = new RegExp(String.raw`${DATA_NAME}\)?\s+(?:tasks?|benchmarks?|datasets?|suites?|corpus)\b|${DATA_NAME},\s+(?:an?|the)\s+(?:[\w-]+\s+){0,3}(?:benchmark|dataset|corpus)\b`);

/**
 * The sentences of a paper's abstract that say what data it uses (see NAMES_DATA and
 * NAMED_AS_DATA), in its authors' own work, not in its problem (what others' benchmarks lack).
 * In the abstract's order; none when it names no data ("experiments across diverse benchmarks").
 */
export function dataSentences(paper: Paper): string[] {
  return ownSentences(paper, (s) => (DATA_WORD.test(s) && NAMES_DATA.test(s)) || NAMED_AS_DATA.test(s));
}

/** The sentences of a paper's own work (not of its problem) that `says` holds of, in the abstract's order. */
function ownSentences(paper: Paper, says: (sentence: string) => boolean): string[] {
  const parts = summaryParts(paper);
  return parts ? parts.order.filter((s) => !parts.sections.Problem.includes(s) && says(s)) : [];
}

/** "Any numbers?", "the key figures of X", "X's stats": its figures, whatever they measure. */
const FIGURES = String.raw`\b(?:(?:key|main|headline)\s+)?(?:numbers|figures|stats|statistics)\b`;
/** "How big is X?", "How many …", "What is the size of X?", "What are the numbers for X?": asks for a figure, whatever words the abstract writes it with. */
const ASKS_HOW_MUCH = new RegExp(String.raw`\bhow (?:big|large|small|many|much|long)\b|\b(?:size|scale|number of)\b|${FIGURES}`, 'i');
const ASKS_HOW_MUCH_ALL = new RegExp(ASKS_HOW_MUCH.source, 'gi');
const ASKS_FIGURES = new RegExp(FIGURES, 'i');
/**
 * A number written as one ("1,000", "25", "30.4%", "2.5×"), not part of a name ("Qwen2.5-VL", "3D",
 * "W3A16"), a shape ("a 1×1 convolutional kernel", "3 x 3") or a list's marker ("(1) Text-Vision Budgeting"),
 * which say nothing of how big a paper's work is.
 */
// A shape's "x" follows a digit ("3 x 3"), not a word ("max 10 GPUs", "index 4096"); "8 × 24GB" is eight of a size, no shape.
const FIGURE = /(?<![\p{L}\p{N}.,×-])(?<!\d\s?[×x]\s?)\d[\d,.]*(?![\p{L}-]|\s?[×x]\s?\d(?![\d.]*\s?[KMGT]i?B\b)|\)\s*[*_]*\p{L})/u;
/** The most sentences quoted for a figure asked about: the abstract's first few that state one. */
const FIGURE_SENTENCES_MAX = 3;

/**
 * Whether a question asks for a figure and nothing else ("How large is it?"): "large" is no word to
 * search for, as "Large Multimodal Models" would answer it. Not "How does it decide how much to
 * think?", which asks how, not how much.
 */
export function asksOnlyHowMuch(question: string): boolean {
  return ASKS_HOW_MUCH.test(question) && queryTerms(question.replace(ASKS_HOW_MUCH_ALL, ' ')).length === 0;
}

/** Whether a follow-up asks only for figures, in words no other question uses ("Any numbers?", "the stats?"): of the paper before, as "How big is it?" is. */
export function asksOnlyForFigures(question: string): boolean {
  return ASKS_FIGURES.test(question) && asksOnlyHowMuch(question);
}

/**
 * The sentences of a paper's own work that state a figure ("SciVideoBench consists of 1,000 …
 * questions"), in the abstract's order, for a question that asks for one ("How big is
 * SciVideoBench?") in words the abstract does not write.
 */
export function figureSentences(paper: Paper): string[] {
  // As read: TeX writes a shape "$1{\times}1$".
  return ownSentences(paper, (s) => FIGURE.test(readableTex(s))).slice(0, FIGURE_SENTENCES_MAX);
}

/** What a number word counts when it says how large a paper's work is: its data, its models and their parameters, its compute. */
const COUNTED = 'benchmarks|datasets|corpora|tasks|domains|languages|environments|questions|samples|examples|instances|images|videos|clips|hours|episodes|trajectories|demonstrations|documents|papers|queries|prompts|users|participants|subjects|annotators|models|baselines|(?:M?LLM|VLM)s|parameters|tokens|GPUs|robots|scenes|categories|classes|graphs|games|patients|molecules|proteins';
/** Counts written in words; "thousands of" is one, "thousands" alone may be of anything. */
const COUNT_WORD = String.raw`two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|twenty|thirty|forty|fifty|(?:hundreds|thousands|millions|billions|dozens)\s+of`;
/**
 * Sizes written as a name's part or a unit ("Todo-14B", "2M"), or counted in words, with what they count:
 * data, models or compute ("five agentic benchmarks", "thousands of videos"). Not a number word alone,
 * which as often counts a method's parts ("two stages", "three components", "two-sided", "two sets of parameters") as its size.
 */
const SIZE_UNREAD = new RegExp(String.raw`[\p{L}\p{N}.-]*\d[\d.,]*[kKMBT]\b|\b(?:${COUNT_WORD})\s+(?:(?!of\s)[\p{L}\p{N}-]+\s+){0,3}?(?:${COUNTED})\b`, 'giu');
/** The most of them a refusal quotes. */
const SIZES_UNREAD_SHOWN = 3;

/** Sizes of a paper's own work its abstract writes in ways figureSentences does not read (see SIZE_UNREAD), each once, in its order. */
export function sizesUnread(paper: Paper): string[] {
  const found = ownSentences(paper, () => true).flatMap((s) => [...readableTex(s).matchAll(SIZE_UNREAD)].map((m) => m[0].replace(/\s+/gu, ' ')));
  return [...new Set(found)].slice(0, SIZES_UNREAD_SHOWN);
}
