/** Words and patterns of questions about the index as a whole: its size, its newest papers, an overview of its topics. */

/** "How many papers are indexed?", "What papers do you have?", "list all papers": what the index holds (see asksAboutIndex). */
export const ABOUT_INDEX =
  /^\s*(how many (papers|articles|abstracts)|(?:what(?:['’]s| is) )?(?:the )?(?:total )?number of (papers|articles|abstracts)|(what|which) (papers|articles|abstracts) (do|are|can|have)\b[^?]*\b(you|indexed|there|available|know|cover)|(list|show)( me)?( all)?( the)? (papers|articles|abstracts)\s*[?.!]*\s*$)/i;

/** Words of such a question that are not a topic: "How many papers are indexed?" leaves nothing, "How many papers are from ICML?" leaves "ICML". */
export const INDEX_WORDS = /\b(how many|number of|indexed|available|know|cover|list|show|papers|articles|abstracts)\b/gi;

/** Where the papers are, or how they are counted: "in the corpus", "does your index have", "in total". */
export const IN_CORPUS = /\b(?:in|of) (?:the|your|this) (?:corpus|index|collection)\b|\b(?:the|your|this) (?:corpus|index|collection) (?:has|have|holds?|contains?)\b|\b(?:in total|total|in all|altogether|overall)\b/gi;

/** "How big is the corpus?", "What is the size of your index?", "corpus size?" */
export const CORPUS_SIZE = /^\s*(?:(?:how (?:big|large) is|what(?:['’]s| is) the size of|(?:tell me )?the size of) (?:the|your|this) (?:corpus|index|collection)|(?:the |your )?(?:corpus|index) size)\s*[?.!]*\s*$/i;

/** "How many ICML papers ...", "How many indexed papers ...": the words between "how many" and "papers". */
export const HOW_MANY_WHICH = /^(\s*how many\s+)((?:[\p{L}\p{N}-]+\s+){1,3}?)(?=(?:papers|articles|abstracts)\b)/iu;

/** "Which paper is the most recent?", "the newest paper", "oldest papers": a ranking of the papers by date. */
export const RECENCY = /^(?:recent|recently|newest|latest|oldest|earliest)$/;

/** The word for the papers ranked by date: "Which paper is the newest?", "the oldest ones", "latest work". */
export const PAPERS_NOUN = /^(?:papers?|ones?|work)$/;

/** A ranking by date that asks for the oldest: "Which paper is the oldest?", "the earliest papers", "the first paper". */
export const OLDEST = /\b(?:oldest|earliest|first)\b/i;

/** Words a question that asks which paper is newest or oldest may hold, and nothing else: "Which is the most recent paper in the index?". */
export const ASKING_FOR_RECENCY = new Set('which what is was are were the most least paper papers one ones work published released recent recently newest latest oldest earliest last first indexed in index corpus collection here'.split(' '));

/** "Summarize the corpus", "What are the most common topics?", "What topics do the papers cover?", "What is the collection about?": the whole index, which no one abstract answers. */
export const OVERVIEW = /^(?:summar\w*|overview|topics?|themes?|trends?|subjects?|areas?|kinds?|sorts?|types?)$/;

/** Asked in the plural, these are of the whole index without naming it: "What topics are covered?", "what are the topics", "What kind of papers do you have?". */
export const OVERVIEW_OF_ALL = /^(?:topics|themes|trends|subjects|areas|kinds?|sorts?|types?)$/;

/** A word that makes an overview one of the whole index: "the main topics", "common themes", "topics of the corpus". */
export const WHOLE = /^(?:corpus|collection|index|indexed|papers|common|main|popular|frequent|key|major|overall|all)$/;

/** What the index is called in a question for an overview: "What is the collection about?", "Summarize the corpus". */
export const INDEX_NOUN = /^(?:corpus|collection|index)$/;

/** Words a question that asks for an overview may hold, and nothing else: "What are the most common topics in the corpus?". */
export const ASKING_FOR_OVERVIEW = new Set(
  'what which are is the a an most common main popular frequent key major overall topics topic themes theme trends trend areas area subjects subject summarize summarise summary overview of give me us tell do does papers corpus collection index indexed all these your you cover covered covers in across about research field fields kind kinds sort sorts type types have got there'.split(' '),
);
