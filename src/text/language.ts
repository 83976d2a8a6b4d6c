/** Whether a question is written in a language other than English, which the abstracts are in. */
import { MADE_UP_NAME } from '../lexicon/names.js';
import { ENGLISH_WORDS, OTHER_LANGUAGES_WORDS, OTHER_SCRIPT } from '../lexicon/words.js';

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
