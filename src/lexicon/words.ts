/** General word lists for reading questions: words that say nothing of a topic, question forms, the words of other languages. */

/**
 * Frequent words of French, Spanish, German, Italian, Portuguese and Dutch questions that English
 * does not write ("die", "son", "con" are left out: English writes them).
 */
export const OTHER_LANGUAGES_WORDS: ReadonlySet<string> = new Set(
  `le la les des est une du dans pour sur avec qui que quoi quel quels quelle quelles sont cette ces
  el los las una hay qué sobre para por del cuál cuáles cómo artículos trabajos quién quiénes escribió autores
  der das und ist welche welcher über mit für ein eine nicht gibt arbeiten wer geschrieben
  gli della delle sono cosa quali articoli
  uma são quais artigos
  het een zijn welke voor`.split(/\s+/),
);

/** English words every English question writes some of ("the", "which", "about"). */
export const ENGLISH_WORDS: ReadonlySet<string> = new Set('the a an of and or is are was were what which who how does do did in on for about any there this that these'.split(' '));

/** Letters of scripts other than Latin (CJK, Cyrillic, Greek, Arabic, Hebrew, Devanagari, Thai, Hangul: "量子化に関する論文"). */
export const OTHER_SCRIPT = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\p{Script=Cyrillic}\p{Script=Greek}\p{Script=Arabic}\p{Script=Hebrew}\p{Script=Devanagari}\p{Script=Thai}]/gu;

/**
 * Words too common to tell what a text is about ("the", "paper", "propose"): no term is made of them. The index
 * stores terms made without them: a change here is a change of terms (bump TERMS_VERSION in text/terms.ts).
 */
export const STOPWORDS: ReadonlySet<string> = new Set(
  `a about above after again against all also am an and any are as at be because been before being below between both but by can could did do does doing down during each few for from further had has have having he her here hers him his how i if in into is it its itself just me more most my no nor not now of off on once only or other our ours out over own same she should so some such than that the their theirs them then there these they this those through to too under until up very was we were what when where which while who whom why will with would you your yours
  paper papers propose proposed proposes present presents introduce introduces introduced show shows shown demonstrate demonstrates work approach method methods new novel using use used based via however thus therefore across within without toward towards whether does do did tell explain describe`.split(/\s+/),
);

/** Question words and fillers that say nothing about the topic ("what", "summary", "please"). */
export const QUERY_FILLERS: ReadonlySet<string> = new Set('what whats which who how many much why when where does do did is are was were can could should would paper papers study studies author authors about behind say says said saying tell explain describe summarize summarise summary overview rundown recap tldr gist give gives any there here something anything everything someone anyone way ways want need know like get got thing things kind sort please really actually'.split(' '));

/** "x or y" and "x, y or z": words a question offers as alternatives. */
export const ALTERNATIVES = /(?<![\p{L}\p{N}])((?:[\p{L}\p{N}][\p{L}\p{N}.-]*\s*,\s*)*[\p{L}\p{N}][\p{L}\p{N}.-]*),?\s+or\s+([\p{L}\p{N}][\p{L}\p{N}.-]*)/gu;

/** Asked yes or no: "Does X use diffusion models?", "Can X run on a phone?", "Is X trained on video?". */
export const YES_OR_NO = /^\W*(?:(?:and|so)\s+)?(?:does|do|did|is|are|was|were|can|could|has|have|will|would|should)\b/i;

/** A word as a question writes it, with inner apostrophes, dots and hyphens ("PixelThink's", "Qwen2.5-VL", "RL"). */
export const WORD_AS_WRITTEN = /[\p{L}\p{N}][\p{L}\p{N}'’.-]*[\p{L}\p{N}]|[\p{L}\p{N}]/gu;

/** A word of letters and inner hyphens, as a question writes it ("transcribe", "training-free"). */
export const LETTER_WORD = /[\p{L}][\p{L}-]*/gu;

/** A noun's or adjective's ending after a stem, which makes it another form of the same word ("-ion" of "detection", "-ive" of "generative", "-or" of "detector"). */
export const NOUN_ENDING = /^(?:ion|ition|ation|ive|al|or)s?$/;
