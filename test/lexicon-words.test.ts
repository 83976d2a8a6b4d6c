import * as lexicon from '../src/lexicon/words.js';
import { everyExportTabled, listTable, patternTable } from './support/lexicon.js';

const L = lexicon;

listTable('OTHER_LANGUAGES_WORDS', L.OTHER_LANGUAGES_WORDS, { members: ['welche', 'sobre', 'quels', 'artigos'], others: ['die', 'son', 'con', 'papers'] });
listTable('ENGLISH_WORDS', L.ENGLISH_WORDS, { members: ['the', 'which', 'about'], others: ['papers', 'welche', 'video'] });
patternTable('OTHER_SCRIPT', L.OTHER_SCRIPT, { matches: [['量子化に関する論文はありますか', '量'], ['Что такое PixelThink?', 'Ч']], misses: ['What is PixelThink?', '¿Qué papers hablan de video?'] });
listTable('STOPWORDS', L.STOPWORDS, { members: ['the', 'paper', 'propose', 'using', 'whether'], others: ['video', 'learning', 'audio'] });
listTable('QUERY_FILLERS', L.QUERY_FILLERS, { members: ['what', 'how', 'summary', 'authors', 'please'], others: ['video', 'summaries', 'results'] });
patternTable('ALTERNATIVES', L.ALTERNATIVES, {
  matches: [['papers on audio or speech', 'audio or speech'], ['video, images or text', 'video, images or text']],
  misses: ['papers on audio and speech', 'Who wrote VEQ?'],
});
patternTable('YES_OR_NO', L.YES_OR_NO, {
  matches: [['Does MentisOculi use diffusion models?', 'Does'], ['Can PixelThink run on a phone?', 'Can'], ['and is VEQ trained on video?', 'and is']],
  misses: ['What does VEQ use?', 'Which papers use RL?', 'Documents about RL'],
});
patternTable('WORD_AS_WRITTEN', L.WORD_AS_WRITTEN, {
  matches: [["PixelThink's results", "PixelThink's"], ['Qwen2.5-VL is', 'Qwen2.5-VL'], ['a', 'a']],
  misses: ['?!', ' - '],
});
patternTable('LETTER_WORD', L.LETTER_WORD, { matches: [['transcribe speech', 'transcribe'], ['training-free methods', 'training-free']], misses: ['2025', '?!'] });
patternTable('NOUN_ENDING', L.NOUN_ENDING, { matches: ['ion', 'ation', 'ive', 'ors'], misses: ['ing', 'er', 'ize'] });

everyExportTabled('lexicon/words.ts', lexicon);
