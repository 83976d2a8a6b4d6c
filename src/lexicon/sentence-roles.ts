/** Cues that classify an abstract's sentences: what the paper contributes, its problem, results and limits, where sentences end and lists go on. */

/** A position paper's thesis ("This position paper argues that ..."): what it contributes is its argument. */
export const THESIS = /\bthis (position )?paper (argues|contends|advocates)\b/i;

/** A sentence that states what the paper contributes: "we propose X", "this paper presents", a position paper's thesis. */
export const CONTRIBUTION = new RegExp(`\\bwe\\b[^.;]{0,120}?\\b(propose|present|introduce|develop|design|construct|build)\\b|\\bthis (paper|work) (proposes|presents|introduces)\\b|${THESIS.source}`, 'i');

/** Weaker: what the paper sets out to do ("we study", "this work studies", "in this paper, we"). */
export const AIM = /\bwe (study|formulate|prove|derive|establish|aim|investigate|examine|analy[sz]e)\b|\bthis (paper|work|study) (studies|formulates|proves|derives|establishes|aims|investigates|examines|analy[sz]es)\b|\b(in this (position )?(paper|work|study)|here),? we\b/i;

/** A contribution verb anywhere, for a sentence that names the paper's system ("... and accordingly propose TGV-KV"). */
export const CONTRIBUTION_VERB = /\b(propos|present|introduc|develop|design)\w*/i;

/** The authors speaking of their own work ("we", "our benchmarks", "this work establishes"). */
export const AUTHORS = /\b(we|our)\b|\bthis (\w+ )?(paper|work|study)\b/i;

/** A sentence that adds to what came before ("Moreover, our approach can be extended"), not one that says what the paper is. */
export const ADDITION = /^(moreover|furthermore|finally|additionally|in addition|also|lastly|besides)\b|^we (also|further|then)\b/i;

/** What earlier work did: part of the problem, wherever it stands, also after a connective ("Thus, prior work relies on search"). */
export const PRIOR = /^((thus|hence|therefore|however|yet|but|unfortunately|consequently|as a result),?\s+)?((prior|previous|existing|current|recent|standard) (\S+ )?(work|methods?|approaches|models?|efforts?|systems?)\b|previously,)/i;

/**
 * Evidence and findings: experiments, comparisons, numbers, what the authors conclude, also in a
 * participle ("we construct a game ..., showing in this way that preferences do not suffice").
 * "As a result" only joins sentences; a word inside a compound names a step ("a sample-and-evaluate procedure"); an
 * evaluation an artifact enables is what it is built for ("a Throughput data split, allowing speedup evaluation across ...").
 */
export const RESULT = /(?<!-)\b((?<!\bas a )results?|achiev\w*|outperform\w*|surpass\w*|state[- ]of[- ]the[- ]art|sota|experiments?|we (test|tested|tried)|empirical(ly)?|(?<!\b(enabl|allow|support|facilitat)\w*\s+([\w-]+\s+){0,3})(evaluat\w*|speedups?)|demonstrat\w*|accuracy|faster|benchmarks?|findings?|we find|suggests?|conclude|reveals?)\b|(?<!\b(where|when|while|if|of|for) )\b(showing|proving)\b[^.;]{0,20}?\bthat\b/i;

/** A finding stated as such ("we show that", "we prove an upper bound", "analysis shows that"): a result, unless the sentence also proposes something. */
export const FINDING = /\b(we|and) (\w+ )?(show|prove)\b(?! how)|(?<!\b(where|when|while|if|of|for) )\b(show|shows|showed|shown|showing|proves?|proved|proven|proving|demonstrat\w*)\b[^.;]{0,20}?\bthat\b/i;

/** A question the paper asks ("We ask whether ...", "can a downstream agent ...?"): part of its problem, not of its method or results. */
export const QUESTION = /\?["'”’)]*$|\b(ask|asks|explore|investigate|examine|interested in questions?( such as)?)\s+(whether|if)\b/i;

/** Others' work, cited ("by Kearns, Roth, and Ryu (2026)", "Smith et al."): part of the problem when the authors do not speak of their own. */
export const CITES = /\bet al\.|\(\s*(19|20)\d\d[a-z]?\s*\)|\b[A-Z][a-z]+,? (19|20)\d\d[a-z]?\)/;

/** A difficulty ("Extending their guarantees is nontrivial", "a critical gap remains: usage alone does not determine risk"): part of the problem when the authors do not speak of their own work. */
export const DIFFICULTY = /\b(non-?trivial|difficult|poorly understood|(remains?|is|are) (unclear|unknown|elusive|underexplored|unexplored)|remains? limited|open (question|problem)|(a|an|the) (\w+ )?gap remains|remains? (a|an) (\w+ )?gap)\b/i;

/** A sentence that draws a consequence of the one before ("As a consequence, a few large residuals dominate the loss"): it goes where that one goes. */
export const CONSEQUENCE = /^(as a (consequence|result)|consequently|thus|hence|therefore),/i;

/** A step that follows the one before ("Each subtask is then accompanied by a baseline, which achieves ..."): it goes where that one goes, whatever its words. */
export const NEXT_STEP = /^[^,;]{0,80}?\b(is|are) then\b/i;

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
export const MEANS = /^to (?!(?:evaluat|validat|test|assess|complement|verif|demonstrat|examin|measur|benchmark|compar)\w*)[^,]{1,80}, we\b/i;

/** A limit the paper states. Not "limited data": that is a setting. */
export const LIMIT = /\b(limitations?|future work|remains? (an open|challenging))\b/i;

/** A limit of the paper's own: in the authors' words ("A limitation of our approach is ..."), or work it leaves for later. */
export const OWN_LIMIT = /\bfuture work\b|\b(we|our)\b|\bthis (\w+ )?(paper|work|study)\b/i;

/** What a paper says it sets out to evaluate ("we develop MentisOculi, a suite ... to evaluate", "we evaluate both proof-based and final-answer reasoning"). */
export const EVALUATES = /\b(evaluat\w*|benchmark\w*|assess\w*|prob(e|es|ing)|audit\w*)\b/i;

/** A limitation the paper's work answers ("GCOS addresses a limitation of prior synthesis methods by ..."): what it does, not a limit of its own. */
export const ANSWERS_LIMIT = /\b(address|tackl|overcom|resolv|solv|mitigat|alleviat|remov|circumvent|lift|avoid)\w*\s+(\S+\s+){0,3}?limitations?\b/i;

/** A rate or bound a method attains ("ROG yields $O(\sigma^2 / (\lambda^2 t))$"): a result, as "achieves" is. */
export const ATTAINS_BOUND = /\b(yields?|attains?|obtains?|enjoys?|guarantees?|gets?)\s+(an? |the )?((\w+ ){0,2}(rate|bound|regret|complexity) (of )?)?\$\s*(\\(tilde|widetilde)\s*\{?\s*)?(\\mathcal\s*\{?\s*)?(O|\\Theta|\\Omega)\b/i;

/** A shortcoming, when the authors do not say it ("we do not need a projection", "our method does not require labels" are strengths). */
export const SHORTCOMING = /\b(fails? to|does not|cannot)\b/i;

/** Links and release notes ("Code is available at ...", "We release our models"): not part of what the paper found. */
export const BOILERPLATE = /https?:\/\/|\\url\{|\bgithub\.com\b|\b(codes?|data|datasets?|models?|weights|checkpoints?|implementation|project page|demo)\b[^.]{0,40}\b(is|are|will be|has been|have been)\s+(made\s+)?(publicly\s+)?(available|released|open-?sourced?)\b|\bwe (will )?(publicly )?(release|open-?source)\b|^\s*(project page|code|\[code)\b/i;

const NOT_THE_PAPER = '(?! (?:position )?(?:paper|work|study|article|manuscript|thesis|note|letter|survey)\\b)';

/** "this", "these", ... but not of the paper itself, nor "such as". */
const DEMONSTRATIVE = `(?:this|these|those|such(?! as\\b))\\b${NOT_THE_PAPER}`;

/** "the gap" that an earlier sentence stated ("To fill in the gap, this paper introduces"); not one the sentence names itself ("bridge the gap between X and Y"). */
const THE_GAP = 'the gaps?\\b(?! (?:between|in|of|that|from|with|across|left)\\b)';

/** "address this", "bridge these gaps", "overcome it", "fill in the gap": the paper's answer to what an earlier sentence stated. */
export const ADDRESSES_IT = new RegExp(`\\b(?:address|tackl|overcom|resolv|solv|fill|bridg|clos|mitigat|alleviat)\\w*(?: in)? (?:${DEMONSTRATIVE}|it\\b|them\\b|${THE_GAP})`, 'i');

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
export const POINTS_BACK = new RegExp(
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
export const DEMONSTRATIVE_PHRASE = new RegExp(`\\b(?:this|these|such(?! as\\b))\\b${NOT_THE_PAPER}((?:\\s+[\\w-]+){1,2})`, 'gi');

/** The chosen sentences as a summary shows them: part by part (TL;DR first), each part in the abstract's order. */
const BACK_REFERENCE = `(?:(?:this|these|that|those|such)(?: [\\w-]+){0,3}|${THE_GAP})`;

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
export const LEAD_IN = new RegExp(
  `^(?:to (?:[\\w-]+ ){1,3}?${BACK_REFERENCE}|(?:motivated|inspired|guided|driven) by ${BACK_REFERENCE}|drawing (?:inspiration )?(?:from|on) ${BACK_REFERENCE}|(?:based|building|built) on ${BACK_REFERENCE}|leveraging ${BACK_REFERENCE}|in (?:light of|response to|view of) ${BACK_REFERENCE}|against this background|to (?:this|that) end|therefore|accordingly|thus|hence|consequently|in response|specifically|(?:in|by) contrast), (?=${LEAD_IN_SUBJECT})`,
  'i',
);

/** Abbreviations that end with a period but do not end a sentence ("e.g", "et al", "Fig"), lower case, without their last period. */
export const ABBREVIATIONS: ReadonlySet<string> = new Set([
  'e.g', 'i.e', 'etc', 'vs', 'al', 'cf', 'fig', 'figs', 'eq', 'eqs', 'sec', 'no', 'approx', 'resp', 'dr', 'mr', 'ms', 'prof', 'inc', 'ltd', 'st', 'jr', 'u.s', 'w.r.t', 'viz', 'ca',
]);

/** Where a sentence may end: its punctuation and the quotes or brackets that close it, before a space or the end ("works. ", "(see [3]).") */
export const SENTENCE_END = /[.!?…]+["'”’)\]]*(?=\s+|$)/;

/** What a sentence starts with: a capital, a digit, a quote or a bracket ("We", "3D", "(1)"); "such as x. y" has no sentence after "x.". */
export const SENTENCE_START = /[\p{Lu}\d"'“‘(\[*]/u;

/** A sentence that is item (n) of a numbered list, markdown allowed: "*(2) Text-Weighted Ranking*", "(ii) It naturally allows". */
export const LIST_ITEM = /^[*_\s]*\((\d+|[ivx]+)\)/;

/** A numbered list's first item anywhere in a sentence ("three submodules: (1) A."). */
export const LIST_OPENING = /\((1|i)\)/;

/** A sentence that opens with an ordinal word: "First, we derive", "Secondly, it combines", "Finally, we show". */
export const ORDINAL_ITEM = /^(first|second|third|fourth|fifth|sixth|finally|lastly)(ly)?,/i;

/** The ordinals of a list in words, in order ("First, ...", "Second, ..."). */
export const ORDINALS: readonly string[] = ['first', 'second', 'third', 'fourth', 'fifth', 'sixth'];
