/** Words and patterns of questions about who wrote what: a paper's authors, an author's papers, names no author has, the most prolific authors. */

/** "Who wrote X?", "list the authors of X": answered from the paper's metadata, which the abstract does not hold. */
export const AUTHORSHIP = /\b(who (wrote|authored|is the ((first|last|lead|senior|corresponding) )?author|(are|were) (the|its) authors)|^\s*(list|name) (all )?the authors)\b/i;

/** AUTHORSHIP everywhere in a question, to take out: "Who wrote VEQ?" leaves "VEQ?". */
export const AUTHORSHIP_ALL = new RegExp(AUTHORSHIP.source, 'gi');

/** "VEQ authors", "PhaseCoder's authors", "Who are VEQ's authors?": the noun alone asks for them when nothing else is asked (see asksOnlyForAuthors). */
export const AUTHORS_NOUN = /\b(?:co-?)?(?:authors?|authorship)\b/i;

/** AUTHORS_NOUN everywhere in a question, to take out: "VEQ authors" leaves "VEQ". */
export const AUTHORS_NOUN_ALL = new RegExp(AUTHORS_NOUN.source, 'gi');

/** What a question that asks for a paper's authors holds besides the noun, the paper's name ("s" of "VEQ's"), "and" between two names, or a word pointing back at it, and a word that asks at its start ("list", "tell me"). */
export const ASKING_FOR_AUTHORS = new Set('who what which are were is was the its their all of for s please paper and both'.split(' '));

/** "How many authors does X have?", "how many authors wrote X?", "How many co-authors does X have?", "number of authors of X", "How many authors?": how many, with its byline; not "How many authors work on video?". */
export const AUTHOR_COUNT = /\b(?:how many (?:co-?)?authors|number of (?:co-?)?authors)(?:\s+(?:does|do|did|has|have|had|wrote|write|of|for|on|in)\b|\W*$)|\bhow many (?:people|persons|researchers) (?:wrote|write|(?:co-?)?authored|worked on)\b/i;

/** The words with which it asks how many: with them taken out, what is left names the paper. */
export const AUTHOR_COUNT_WORDS = /\b(?:how many|number of|does|do|did|has|have|had|wrote|write|people|persons|researchers|(?:co-?)?authored|worked on)\b/gi;

/** What a question that asks how many authors holds besides what ASKING_FOR_AUTHORS allows: its words for counting, and a word pointing back at the papers ("How many authors does it have?"). */
export const COUNTING_AUTHORS = new Set('how many number does do did has have had wrote write it they'.split(' '));

/** "Papers by X", "What has X published?", "X's papers": a question that asks for what someone wrote. */
export const BY_AUTHOR = /\b(by|publish|published|write|wrote|written|authored|co-?authored|(papers?|works?) ((are|were|is|was|come|comes|came) )?(of|from)|['’]s? (papers?|works?|publications?|research))\b/i;

/** Verbs of writing: with one, a capitalised word alone may be a surname ("What has Zeller published?"). */
export const WRITING = /\b(publish|published|write|wrote|written|authored|co-?authored)\b/i;

/** A name written with capitals, one to four words: "Song Wang", "Google DeepMind". */
const CAPITALISED_NAME = String.raw`\p{Lu}[\p{L}.'’-]*(?:\s+\p{Lu}[\p{L}.'’-]*){0,3}`;

/** Names written with capitals, one to four words ("What has Song Wang published?"). */
export const CAPITALISED_RUN = new RegExp(CAPITALISED_NAME, 'gu');

/** What follows "by", "papers of" or "papers are from": a list of names ("by Artem Dementyev and Jana Zeller", "by Wang, Li and Zhang"). */
export const BY_RUN = /(?<=\b(?:by|(?:papers?|works?) (?:(?:are|were|is|was|come|comes|came) )?(?:of|from))\s+)[\p{L}.'’-]+(?:(?:\s*,\s*|\s+)[\p{L}.'’-]+)*/giu;

/** What comes before "'s papers" or "'s work": a few words, names among them ending where the possessive starts ("What are Dementyev's papers?", "Song Wang's work", "Dementyev and Zeller's papers"). */
export const POSSESSIVE_RUN = runBefore("['’]s?\\s+(?:papers?|works?|publications?|research)\\b");

/** Between the names of a list: "Dementyev and Zeller", "Wang, Li or Zhang". */
export const LIST_SEPARATOR = /\s*,\s*|\s+(?:and|or)\s+/i;

/** A name of one word that looks like a surname as people write it: "Zeller", not "PixelThink", "VEQ" or "LoRA". */
export const SURNAME_SHAPE = /^\p{Lu}\p{Ll}[\p{Ll}'’-]*$/u;

/** Words that open a request for someone's papers ("Show Dementyev's papers"); any other capitalised word before a surname may be a first name. */
export const ASKING_OPENER = /^(?:show|list|find|give|get|see|display|tell|search|fetch|all|any)$/i;

/** A question's opening words that only ask ("list Zeller papers"); elsewhere "find" may be what a paper does. */
export const ASKING_START = /^\s*(?:please\s+)?(?:show|list|name|find|give|get|see|display|tell|search|fetch)(?:\s+(?:me|us))?\b/i;

/** Small words after which a word is not a name: "the model's work" is no one's. */
export const DETERMINERS = new Set('a an the this that these those its their his her our my your'.split(' '));

/** A word written in lower case, as people type names in chat ("zeller's papers"). */
export const LOWER_CASE_WORD = /^\p{Ll}[\p{Ll}'’-]*$/u;

/** "Dementyev papers", "song wang publications": names right before the word for papers. */
export const BEFORE_PAPERS = runBefore('\\s+(?:papers?|publications)\\b');

/** "papers zeller wrote", "what has dementyev published": names right before a verb of writing. */
export const BEFORE_WRITING = runBefore('\\s+(?:(?:has|have|had)\\s+)?(?:wrote|writes?|written|authored|co-?authored|published|publish(?:es)?)\\b');

/** The word for papers, everywhere, to take out of a question for an author's papers: "Dementyev papers". */
export const PAPERS_WORD = /\b(?:papers?|publications)\b/gi;

/** The word right before "papers": in most questions a small one ("Which papers", "other papers"), which no name is. */
export const WORD_BEFORE_PAPERS = /([\p{L}.'’-]+)\s+(?:papers?|publications)\b/giu;

/** A few words (names among them) ending right where `next` starts ("What are Dementyev's papers?": "What are Dementyev"). */
function runBefore(next: string): RegExp {
  return new RegExp(`[\\p{L}.'’-]+(?:(?:\\s*,\\s*|\\s+)[\\p{L}.'’-]+){0,7}(?=${next})`, 'giu');
}

/** "papers by X", "written by X", "X's papers": where a question names whom it asks papers of, capitalised. */
export const NAMED_BY = new RegExp(String.raw`\b(?:(?:papers?|works?|articles?|publications?)\s+(?:(?:are|were|is|was)\s+)?|(?:written|authored|published)\s+)by\s+(${CAPITALISED_NAME})`, 'u');

/** Before "'s papers", only words shaped as names ("John Smith's papers"): "VEQ's work" and "PixelThink's work" are about papers. */
export const NAMED_POSSESSIVE = /(?<![\p{L}.-])(\p{Lu}\p{Ll}[\p{Ll}-]*(?:\s+\p{Lu}\p{Ll}[\p{Ll}-]*){0,3})['’]s?\s+(?:papers?|works?|publications?|research)\b/u;

/** "Which papers did Google write?", "What has Meta published?": a name before a verb of writing, as an institution is asked about. */
export const NAMED_WRITING = new RegExp(String.raw`\b(?:did|does|do|has|have)\s+(${CAPITALISED_NAME})\s+(?:write|written|publish|published|author|authored|release|released|put out)\b`, 'u');

/** "Which papers are from Google DeepMind?", "papers out of MIT", "papers affiliated with Stanford", "papers by researchers at Google": where papers come from, as the metadata does not say. */
export const NAMED_FROM = new RegExp(
  String.raw`\b(?:(?:papers?|works?|articles?|publications?)\s+(?:(?:are|were|is|was|come|comes|came)\s+)?(?:from|out of|affiliated with)|(?:researchers?|authors?|people|teams?|labs?)\s+(?:at|from|of))\s+(?:the\s+)?(${CAPITALISED_NAME})`,
  'u',
);

/**
 * "Who is the most prolific author?", "Which author has the most papers?", "Who wrote the most papers?", "top authors": a ranking of
 * authors by their papers. A word that ranks: "most", "top", "prolific".
 */
export const RANKING_WORDS = /^(?:most|top|prolific|productive|leading)$/;

/** A word for the authors ranked: "who", "authors", "researchers". */
export const AUTHOR_WORDS = /^(?:who|authors?|researchers?|people|scientists?)$/;

/** Words a question that ranks authors by their papers may hold, and nothing else: "Which author has the most papers in the corpus?". */
export const ASKING_FOR_RANKING = new Set(
  'who which what whose is are was were the a most top prolific productive leading frequent author authors researcher researchers people scientist scientists has have had wrote write written writes published publish authored appears appear on in of with paper papers works publications number indexed index corpus collection here please'.split(' '),
);

/** "Which paper has the most authors?": a ranking of papers by their authors, not of authors by their papers. */
export const PAPER_WITH_MOST_AUTHORS = /\b(?:papers?|works?|articles?|publications?)\s+(?:has|have|had|with|lists?)\s+(?:the\s+)?(?:most|largest number of|biggest number of)\s+(?:co-?)?authors\b/i;
