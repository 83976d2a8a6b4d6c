/** Words and patterns of questions for the papers on a topic ("How many papers are about video?", "Which papers study audio?"), and of the position papers. */

/**
 * "How many papers are about video?", "How many papers mention X?", "How many papers use GRPO?",
 * "How many of the papers study audio?", "Count the papers about video": the count of papers a
 * topic is written in, not a search. Only these verbs: "How many papers are from ICML?" or
 * "... by Wang" ask other things.
 */
export const TOPIC_COUNT =
  /^\s*(?:how many|(?:what(?:['’]s| is) )?(?:the )?number of|count(?: up)?(?: all)?(?: the| these| your)?) (?:of (?:the|these|your|all the) )?(?:indexed )?(?:papers|articles|abstracts)\s+(?:(?:in|of) (?:the|your|this) (?:corpus|index|collection)\s+)?(?:(?:that|which)\s+)?(?:(?:are|is|were|do|does|did)\s+)?(?:there\s+(?:(?:that|which)\s+)?)?(?:about|on|regarding|concerning|related to|(?:mention|use|study|discuss|cover|address|propose|evaluate|involve|apply|employ|explore|investigate|tackle|consider|target|focus on|deal with|work on|talk about)(?:s|es|ing)?|studies|studying|(?:report|show|give|present)(?:s|ed|ing)? (?:results|experiments|numbers)(?=\s+on\b)|(?:are|were) (?:evaluated|tested|benchmarked)(?=\s+on\b))\s+(?:(?:on|in|with)\s+)?(.+?)\s*[?.!]*\s*$/i;

/** "How many video papers are there?": the topic before "papers". */
export const TOPIC_PAPERS = /^\s*how many\s+(?!of\s)(.+?)\s+(?:papers|articles|abstracts)(?:\s+(?:are there|do you have|do you know of|do you know|have you indexed|have you got|are indexed|are in (?:the|your) (?:index|corpus|collection)|exist|are available))?\s*[?.!]*\s*$/i;

/** Words of "How many X papers" that say which papers but name no topic: "How many indexed papers are there?". */
export const NOT_TOPIC = /\b(?:total|different|distinct|indexed|available|more|other|such|unique|separate|individual|listed|published|accepted|overall|whole|research|academic|scientific|recent|new|your|these|those|the|all|in|of)\b/gi;

/** What a topic ends with that only asks how many there are: "How many papers on video are there?". */
export const TRAILING_FILLER =
  /\s+(?:are there|is there|there are|do you have|you have|have you got|do you know(?: of)?|have you indexed|(?:are |you )?(?:indexed|listed|available)|(?:are |that are )?in (?:the|your|this) (?:index|corpus|collection|list)|(?:that )?exists?|are (?:out )?there)\s*(?=[?.!]*\s*$)/i;

/** Words that point at a topic without naming it: "about it", "about this topic", "about the same thing". */
export const POINTING = new Set('it its them they this that these those the same such a one ones topic topics subject subjects thing things area areas field fields idea ideas too also as well'.split(' '));

/** "Which papers study video?" asks for the papers "How many papers study video?" counts. */
export const WHICH_PAPERS = /^\s*(?:which|what)\s+(?=(?:[\p{L}\p{N}-]+\s+)?(?:papers|articles|abstracts)\b)/iu;

/**
 * "papers about video?", "any papers on video?", "anything on video?", "is there work on video?",
 * "Are there papers about video?", "Do you have papers on video?", "show me papers about video",
 * "What papers do you have on video?": asked as often as "Which papers study video?", and for the same
 * papers; only with the word that says what they are on ("about", "on", "that use"), so "papers by
 * Wang" or "papers from ICML" stay what they are. Not "What work is there on X?", whose "understanding
 * or retrieving videos" is a description to search for rather than a phrase a paper writes.
 */
export const PAPERS_ON = new RegExp(
  String.raw`^\s*(?:(?:(?:are|is) there|(?:do|does) (?:you|the (?:index|corpus|collection)) have|have you got|you got|got|(?:can you |could you |please )?(?:show|list|find|give)(?: me| us)?)\s+)?` +
    String.raw`(?:(?:any|some|a|all(?: the)?|the)\s+)?(?:papers?|articles?|work|research|studies|anything|something|stuff)\s+` +
    String.raw`(?=(?:about|on|regarding|concerning|that|which)\s|re:)`,
  'iu',
);

/** "What papers do you have on video?": what stands between "papers" and the topic. */
export const WHAT_PAPERS_HELD = /^\s*(?:which|what)\s+(?:papers|articles)\s+(?:do you have|have you got|do you know(?: of)?)\s+(?=(?:about|on|regarding|concerning)\s)/i;

/** "re:" written for "about": "papers re: video". */
export const RE_ABOUT = /\bre:\s*/i;

/** Where a topic lists several things: "audio or speech", "video and audio", "GRPO, PPO". */
export const TOPIC_LIST = /\s*,\s*|\s+(?:and|or|&)\s+/i;

/** A topic of alternatives, any of which counts: "audio or speech". */
export const EITHER_OR = /\sor\s/i;

/** The small words a topic before "papers" may hold, joining its phrases: "How many video and audio papers are there?". */
export const TOPIC_CONJUNCTIONS = new Set(['and', 'or']);

/** "Which papers propose …": the verb just before a count's topic (see TopicAsked.proposed). */
export const PROPOSED_BEFORE = /\bpropos(?:e|es|ed|ing)\s+(?:(?:on|in|with)\s+)?$/i;

/** A sentence where a paper says what it does: "we introduce SciVideoBench, a rigorous benchmark", "this paper proposes …". */
export const OWN_WORK = /\b(?:we|this (?:paper|work)|our (?:paper|work))\b[^.;]*?\b(?:propos|introduc|present|develop|buil[dt]|construct|curat|releas|creat|design|formaliz)/i;

/** "How many of them use diffusion?": a count among the papers before, whose topic follows. */
export const HOW_MANY_OF_THOSE = /^\s*how many of (?:them|these|those)(?: papers)?\s+(?=\S)/i;

/** Two to four consonants or digits: an acronym's letters as a term writes them ("llm", "gnn", "3d"). */
const ACRONYM_LETTERS = String.raw`[b-df-hj-np-tv-xz\d]{2,4}`;

/** A vowel-less term of two to four letters or digits ("llm", "gnn"); not "bias". */
export const ACRONYM = new RegExp(`^${ACRONYM_LETTERS}$`);

/** The same with an "s": an acronym's term in the plural ("llms", "gnns"); not "gans". */
export const ACRONYM_PLURAL = new RegExp(`^${ACRONYM_LETTERS}s$`);

/** "position paper", "position papers", "position-track papers": ICML's track for papers that argue a position. */
export const POSITION_PAPER = /\bposition(?:[- ]track)? papers?\b/i;

/**
 * Words that only ask for papers of a kind, or what they argue, which the answer quotes of each:
 * "Which papers are position papers?", "Are there any position papers in the index?", "What are
 * the position papers about?", "What do the position papers argue?".
 */
export const ASKING_FOR_PAPERS = new Set(
  'which what how many are is there any do does you have got list show me find give all the of indexed papers ones exist in index corpus collection please about argue argued claim say said tell us their they them summarize summarise summary main thesis theses point points arguments take positions'.split(' '),
);

/** A title of ICML's position track ("Position: Privacy Is a Claim, Not a Property of Synthetic Data"). */
export const POSITION_TITLE = /^\s*position\s*:/i;
