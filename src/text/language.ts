/** Whether a question is written in a language other than English, which the abstracts are in. */

/**
 * Frequent words of French, Spanish, German, Italian, Portuguese and Dutch questions that English
 * does not write ("die", "son", "con" are left out: English writes them).
 */
const OTHER_LANGUAGES_WORDS = new Set(
  `le la les des est une du dans pour sur avec qui que quoi quel quels quelle quelles sont cette ces
  el los las una hay qué sobre para por del cuál cuáles cómo artículos trabajos quién quiénes escribió autores
  der das und ist welche welcher über mit für ein eine nicht gibt arbeiten wer geschrieben
  gli della delle sono cosa quali articoli
  uma são quais artigos
  het een zijn welke voor`.split(/\s+/),
);
/** English words every English question writes some of. */
const ENGLISH_WORDS = new Set('the a an of and or is are was were what which who how does do did in on for about any there this that these'.split(' '));
/** Letters of scripts other than Latin (CJK, Cyrillic, Greek, Arabic, Hebrew, Devanagari, Thai, Hangul). */
const OTHER_SCRIPT = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\p{Script=Cyrillic}\p{Script=Greek}\p{Script=Arabic}\p{Script=Hebrew}\p{Script=Devanagari}\p{Script=Thai}]/gu;

/**
 * Whether a question reads as written in another language: most of its letters in another
 * script ("量子化に関する論文はありますか"), or two frequent words of another language
 * ("Welche Arbeiten behandeln Quantisierung?"), or one and no English word ("¿Qué papers hablan de video?", "Qu'est-ce que PixelThink ?").
 */
export function writtenInOtherLanguage(question: string): boolean {
  if (mostlyOtherScript(question)) return true;
  const ws = [...new Set(question.toLowerCase().split(/[^\p{L}]+/u).filter(Boolean))];
  // "Was ist MentisOculi?": German's "was" is English's "what".
  const other = ws.filter((w) => OTHER_LANGUAGES_WORDS.has(w) || (w === 'was' && ws.includes('ist'))).length;
  return other >= 2 || (other === 1 && !ws.some((w) => ENGLISH_WORDS.has(w)));
}

/**
 * Whether a text of some length (a model's answer, an abstract) reads as written in another
 * language than English: most of its letters in another script, or more of its words frequent
 * words of another language than English ones ("PixelThink ist ein Verfahren, das …", "… est une
 * méthode qui …"). A title or a name of another language in English prose is outnumbered.
 */
export function readsAsOtherLanguage(text: string): boolean {
  if (mostlyOtherScript(text)) return true;
  const ws = text.toLowerCase().split(/[^\p{L}]+/u).filter(Boolean);
  const other = ws.filter((w) => OTHER_LANGUAGES_WORDS.has(w)).length;
  return other >= 2 && other > ws.filter((w) => ENGLISH_WORDS.has(w)).length;
}

/** Most letters of a text in another script than Latin; a paper's name is in no language: "PixelThink是什么？" is written in Chinese. */
function mostlyOtherScript(text: string): boolean {
  const unnamed = text.replace(MADE_UP_NAME, ' ');
  const letters = unnamed.match(/\p{L}/gu)?.length ?? 0;
  return letters > 0 && (unnamed.match(OTHER_SCRIPT)?.length ?? 0) * 2 > letters;
}

/** A run of Latin letters and digits with a capital inside or a digit, as a paper's name is written ("PixelThink", "3D-RFT"). */
const MADE_UP_NAME = /[\p{Script=Latin}\d][\p{Script=Latin}\d-]*(?:\p{Ll}\p{Lu}|\d)[\p{Script=Latin}\d-]*/gu;
