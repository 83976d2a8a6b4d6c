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

/** English words every English question writes some of. */
export const ENGLISH_WORDS: ReadonlySet<string> = new Set('the a an of and or is are was were what which who how does do did in on for about any there this that these'.split(' '));

/** Letters of scripts other than Latin (CJK, Cyrillic, Greek, Arabic, Hebrew, Devanagari, Thai, Hangul). */
export const OTHER_SCRIPT = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\p{Script=Cyrillic}\p{Script=Greek}\p{Script=Arabic}\p{Script=Hebrew}\p{Script=Devanagari}\p{Script=Thai}]/gu;
