/** Words with which a question points back at the papers before it, goes on, picks one by its place or among several, asks for others, or compares. */

/** Words that ask for papers besides the ones named ("other work on it", "alternatives to X"). */
export const OTHER_PAPERS = /\b(other|others|besides|alternatives?)\b/i;

/** Words that ask for papers like the one named ("papers like PixelThink", "related work", "work that resembles VEQ", "in the same vein as CAST"); not "like I'm five". */
export const RESEMBLING = /\b(similar|related|like(?!\s+i(?:['’]?m| am)\b)|resembl(?:e|es|ing)|(?:same|similar)\s+vein|along\s+the\s+(?:same\s+)?lines\s+of)\b/i;

/** Words for papers, which "similar" or "like" asks for more of ("papers like PixelThink", "similar work", "anything like it"). */
export const PAPERS = /\b(papers?|works?|methods?|approaches|studies|ones|anything|something)\b/i;

/**
 * Words that ask what to read after the paper named ("What else should I read after PixelThink?",
 * "I liked PRISM, what should I read next?", "further reading on VEQ"): papers besides it, as
 * "papers like it" are. Only the reader's "read": "What does PixelThink read next?" asks about PixelThink.
 */
export const READ_ON = /\b(i|we|to)\s+(\w+\s+)?read\b[^.?!]*\b(next|after|afterwards)\b|\b(else|next)\b[^.?!]*\b(i|we|to)\s+(\w+\s+)?read\b|\bfurther reading\b/i;

/**
 * "What's related to PhaseCoder?", "What is similar to VEQ?", "whats close to CAST", "anything
 * akin to VEQ", "what's nearest to PRISM": what is like the one paper named, with no word for papers.
 * "close to" only after what asks: "Does VEQ get close to full precision?" asks about VEQ.
 */
export const WHAT_RESEMBLES = /\b(?:what(?:['’]?s|\s+is|\s+else\s+is)?|anything(?:\s+else)?|something)\s+(?:(?:is|are)\s+)?(?:(?:most|very|really)\s+)?(?:related|similar|close(?:st)?|nearest|akin)\s+to\b/i;

/** How a request for papers like one says in which respect, which names no topic: "close to CAST topic-wise", "similar in spirit". */
const RESPECT = String.raw`topic-?wise|topically|thematically|conceptually|in\s+spirit|area-?wise|close(?:st)?|nearest|akin`;

/** Words that set a paper against another ("Compare VEQ and TGV-KV", "CoPE vs S3", "How do they differ?"): with one paper named, the other is not named. */
export const COMPARISON = /\b(compare[ds]?|comparing|comparison|versus|vs|unlike|differ(s|ed|ing|ences?)?|than)\b/i;

/** What a paper compares itself with in its own experiments ("What baselines does TUR-DPO compare against?"), not another indexed paper. */
export const OWN_BASELINES = /\b(baselines?|prior (work|art|methods?)|existing (methods?|approaches)|state[- ]of[- ]the[- ]art)\b/i;

/** The words of "papers like X", "other work similar to X": with them and X's name taken out, what else is asked. */
export const RELATING = new RegExp(`${OTHER_PAPERS.source}|${RESEMBLING.source}|${PAPERS.source}|\\b(to|any|more|find|show|list|recommend|suggest|me|else|next|read|reading|further|liked|enjoyed|loved|${RESPECT})\\b`, 'gi');

/** What a comparison asks for rather than about: "differ" is not a topic ("ReasonSeg-Diff" would match it), nor "in common". */
export const COMPARING = new RegExp(`${COMPARISON.source}|\\b(in common|similar|similarit(y|ies)|related|relate|alike)\\b`, 'gi');

/** Words with which a follow-up points back at every paper before it ("Who wrote them?", "When were they published?"). */
export const BACK_TO_ALL = /\b(they|them|their|theirs|both|the two|these|those)\b/i;

/** Words with which a follow-up points back at the papers before it, all of them or to pick one ("How do they differ?", "Which one is faster?"). */
export const BACK = new RegExp(`${BACK_TO_ALL.source}|\\b(either|neither|which ones?|which is|the former|the latter)\\b`, 'i');

/** A follow-up that only asks to go on with the last answer ("Tell me more", "Why?", "Can you elaborate?"), and nothing else. */
export const GOES_ON = /^\W*(?:(?:and|so|ok(?:ay)?|please|but)[\s,]+)?(?:(?:can|could|would) you\s+)?(?:tell me more|more|go on|continue|why|how so|how|explain|elaborate|details?|more details|what else|anything else|what do you mean|and)(?:\s+(?:please|(?:on|about) (?:that|this)(?: (?:one|paper))?))?\W*$/i;

/** Words that pick one of the papers before by its place in the list ("the second one", "the last paper"). */
export const PLACES: readonly string[] = ['first', 'second', 'third', 'fourth', 'fifth', 'sixth', 'seventh', 'eighth', 'ninth', 'tenth'];

/** A paper picked by its place in the list before ("the second one", "the last paper", "the 11th one", "the other one"). */
// "The other one" is a place too: of two, the one the conversation went on with is not it (see otherPicked).
export const PLACE = new RegExp(`\\bthe (${PLACES.join('|')}|last|other|\\d+(?:st|nd|rd|th)) (?:one|paper)\\b`, 'i');

/** Words with which a follow-up points back at the one paper before it ("What are its results?", "What does this paper train on?", "Who wrote the second one?"). */
export const BACK_TO_ONE = new RegExp(`\\b(its|(this|that) (paper|work|method|approach|model|system|one)|the paper|the authors)\\b|${PLACE.source}`, 'i');

/**
 * A bare "this" or "that" points back where it ends a question that asks about a paper ("Who wrote
 * that?", "What are the results of this?", "What is that about?"), or is all that is left of one
 * ("that?" of "Who wrote that?"); elsewhere it is an ordinary word ("What does this mean for RL?").
 */
export const THAT_ALONE = /(?:\b(?:wrote|written|authored|published|about|(?:summari[sz]e|explain|describe)|(?:results?|findings?|limitations?|contributions?|method|datasets?|code|authors?|idea|novelty|point) (?:of|in|from))\s+|^\W*(?:what(?:['’]s| is| was)\s+)?)(?:this|that)(?:\s+about)?\W*$/i;

/** "It" points back in a short question ("How fast is it?"); in a longer one it is mostly the question's own topic ("What is KV cache eviction and why is it useful?"). */
export const IT = /\bit\b/i;

/** A follow-up that asks for a paper is not about the one before ("Which paper studies spatial audio, and how does it work?"). */
export const ASKS_FOR_PAPER = /\bwhich (paper|one|work|study|method)\b/i;

/** "It" that stands for nothing ("Is it possible to ...?", "it is known that", "Is it better to ...?"); not "Is it better than ...?", which asks about the paper. */
export const DUMMY_IT = /\b(is|was) it (possible|true|worth|known|better(?! than))\b|\bit (is|was|seems) (possible|true|worth|known|better|hard|easy|common)\b/i;

/** Nouns for a paper, which a description goes with ("the paper on mental imagery", "the spatial audio paper"). */
const PAPER_NOUN = '(?:paper|work|study|article)';

/**
 * "the paper on mental imagery", "that paper about hallucination being space optimal", "the one
 * with the credit system": a paper described by what follows it. Not "the paper on arXiv" (where
 * it is), nor "What is that paper about exactly?".
 */
export const DESCRIBED_AFTER = new RegExp(`\\b(?:the|that|this) (?:${PAPER_NOUN}|one) (?:on|about|with|that|which|where|titled|called|named|proposing|introducing|presenting|studying|showing)\\s+(?!(?:it|this|that|them|they|arxiv|github|openreview|hugging ?face|exactly|then|again|really|anyway|please)\\b)[\\p{L}\\p{N}"“]`, 'iu');

/** "Is the paper about video?", "Was that paper on RL?": a question about the paper pointed at, not a description of another. */
export const ASKS_IF_ABOUT = new RegExp(`^\\W*(?:is|was|isn['’]t|wasn['’]t) (?:the|that|this) ${PAPER_NOUN} (?:about|on)\\b`, 'i');

/**
 * "the spatial audio paper", "the invisible lottery paper": a paper described by the words right
 * before it, none of them a word that joins or points ("the results of that paper" is that paper's results).
 */
export const DESCRIBED_BEFORE = new RegExp(`\\bthe ((?:(?!(?:of|this|that|these|those|its|their|the|an?|in|on|for|from|by|and|or|to|with)\\b)[\\p{L}\\p{N}][\\p{L}\\p{N}'’-]*\\s+){1,5}?)${PAPER_NOUN}\\b`, 'giu');

/** Words before "paper" that point at a paper already talked about rather than describe one ("the same paper", "the second paper", "the original work"). */
export const POINTING_ADJECTIVES = new RegExp(`\\b(?:same|previous|above|last|former|latter|other|earlier|mentioned|original|whole|full|entire|actual|cited|current|given|said|main|${PLACES.join('|')}|\\d+(?:st|nd|rd|th))\\b`, 'gi');

/** Words that point back at one paper, bare "it", "this" and "that" too. */
export const POINTER_ALL = new RegExp(`${BACK_TO_ONE.source}|\\b(?:it|this|that)\\b`, 'gi');

/** Where a new clause that asks something starts: "… and what", ", and who", "; does", "? How". */
export const NEW_CLAUSE = /(?:[,;:?.!]\s*(?:(?:and|then|so)\s+)?|\s(?:and|then|so)\s+)(?=(?:what|how|who|whom|when|where|why|which|does|did|do|is|was|are|were|can|could|has|have)\b)/gi;

/**
 * Words with which a follow-up asks which of the papers before it do something ("Which of them
 * use LLMs?", "which of these is about video?", "Do any of them use GRPO?"): those that do, not
 * each one.
 */
export const WHICH_OF = /\b(?:which (?:ones|of (?:them|these|those)(?: papers)?)|any of (?:them|these|those))\b/i;

/** Words that ask which of several papers has more or less of a measure ("uses less memory", "is cheaper"): a comparison of each, not a pick of those that write the word. */
const COMPARATIVES = 'more|less|fewer|most|least|better|worse|cheaper|smaller|larger|bigger|lighter|heavier|faster|slower|quicker|lower|higher|shorter|longer|leaner';

/** A word that asks which paper has more or less of something ("Which one is faster?", "uses less memory"). */
export const COMPARATIVE = new RegExp(String.raw`\b(?:${COMPARATIVES})\b`, 'i');

/**
 * "Which one uses RL?", "Which of the two is about video?", "Does either use RL?": which of two
 * papers set side by side does something. Not "Which one is faster?", "Which of the two is
 * better?" nor "Which one uses less memory?": a comparison, of each.
 */
export const WHICH_ONE = new RegExp(String.raw`\b(?:which (?:one|of (?:the two|both))|(?:do|does|did) either(?: of (?:them|these|those|the two))?)\b(?!\s+(?:(?:is|was|are|were)\s+(?:${COMPARATIVES}|best|worst|\p{L}+(?:er|est))|\p{L}+s\s+(?:${COMPARATIVES}))\b)`, 'iu');

/** "which one", "which of the two": how a comparison asks ("Which one is faster?"), no word of what it asks. */
export const WHICH_OF_SEVERAL = /\bwhich (?:one|of (?:the two|both|them|these|those))\b/giu;

/** Endings of a small word's other forms, and what each stands for: "uses" and "used" are "use"; "using" too. */
export const SMALL_WORD_ENDINGS: readonly (readonly [RegExp, string])[] = [[/s$/, ''], [/es$/, ''], [/d$/, ''], [/ed$/, ''], [/ing$/, ''], [/ing$/, 'e']];

/**
 * A verb that relates a paper to the one pointed at, without the words of a comparison: "Does VEQ
 * outperform it?", "Does VEQ build on that paper?". Not "claims to beat larger models": no pointer after it.
 */
export const RELATES_TO_ONE = /\b(?:outperform(?:s|ed|ing)?|beat(?:s|ing)?|improv(?:es?|ed|ing) (?:up)?on|buil(?:ds?|t|ding) (?:up)?on|extend(?:s|ed|ing)?|cit(?:es?|ed|ing))\s+(?:it|(?:this|that) (?:paper|work|one))\b/i;

/** "its" and "their": in a comparison, of the paper it names, maybe in words the catalog does not know ("How does MonoSoup compare to its baselines?"). */
export const POSSESSIVES = /\b(its|their)\b/gi;

/** "And for X?", "What about X?", "How about X": X, which may be all there is to the question. */
export const AND_ABOUT = /^(?:and|(?:what|how) about)\s+(?:(?:for|of|with)\s+)?(.+?)[\s?.!]*$/i;

/** "Do any use RL?", "Are some trained with GRPO?": some of the papers before as the question's subject; not "Do any papers use RL?", which asks of every paper. */
export const SOME_OF_THOSE_BEFORE = /^\W*(?:(?:and|so)\s+)?(?:(?:do|does|did|are|were|is|can|could)\s+)?(?:any|some|none|all|most)\b(?!\s+(?:of\s+)?(?:papers?|works?|studies|research|articles?)\b)/i;

/** "Which is the fastest?", "Which report state-of-the-art results?": which of the papers before, with no noun of its own for what it picks among. */
export const WHICH_WITHOUT_NOUN = /^\W*(?:(?:and|so)\s+)?which\s+(?:are|is|was|were|do|does|did|can|could|has|have|uses?|used|reports?|achieves?|includes?|supports?|handles?|needs?|requires?|runs?|beats?|outperforms?|scales?)\b/i;

/**
 * "Does it use RL?", "Can they run on a phone?": a paper pointed at as the question's subject. Not
 * "it" standing for nothing ("Is it possible to …", "Does it matter …", "Does it help to …").
 */
export const POINTED_AT_SUBJECT = /^\W*(?:(?:and|so)\s+)?(?:(?:does|did|can|could|will|would)\s+it|(?:do|did|can|could|will|would)\s+they)\s+(?!matter\b|make sense\b|help\b|hurt\b|pay\b)\p{L}/iu;

/** "How do they compare to GPT-4?", "Compare them with PixelThink": the papers before set against something, as the question's subject; not "Which papers compare these methods?". */
export const COMPARING_THOSE_BEFORE = /^\W*(?:(?:and|so)\s+)?(?:how (?:do|did|would) (?:they|these|those|both|the two)(?: papers| methods| models)? (?:compare|stack up|differ)|compare (?:them|these|those|both|the two)\b)/i;

/** Words for papers as a noun, which "other" or "similar" asks besides the ones named ("Which other papers use RL?"). */
// "work" as a noun only: "Does PhaseCoder work with other arrays?" asks about PhaseCoder.
export const PAPERS_AS_NOUN = /\b(papers?|studies|publications|(other|related|similar|prior|previous) works?)\b/i;

/** Words for several papers that a question describing one paper may use of that paper's authors ("the paper on video, what do they find?"). */
export const THEY = /\b(they|them|their)\b/gi;
