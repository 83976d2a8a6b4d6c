import * as lexicon from '../src/lexicon/summary-lengths.js';
import { everyExportTabled, patternTable } from './support/lexicon.js';

const L = lexicon;

patternTable('LONG_ASKED', L.LONG_ASKED, {
  matches: [['the full summary', 'full'], ['the long version please', 'long'], ['a detailed overview', 'detailed'], ['explain VEQ in more detail', 'in more detail'], ['an in-depth summary', 'in-depth']],
  misses: ['a short summary', 'summary?', 'Which papers study longevity?'],
});
patternTable('MEDIUM_ASKED', L.MEDIUM_ASKED, {
  matches: [['the medium summary of VEQ', 'medium'], ['medium length please', 'medium']],
  misses: ['a short summary', 'papers on social media', 'intermediate results'],
});
patternTable('SUMMARY_ONLY', L.SUMMARY_ONLY, {
  matches: ['Summary?', 'Give me an overview', 'summarize', 'tl;dr?', 'the gist?', 'give me a short summary', 'the long version please', 'summaries?', 'a one-sentence summary of it'],
  misses: ['summarize PixelThink', 'Summary of VEQ?', 'Give me an overview of RL papers', 'What is it about?'],
});
patternTable('GIST_WORD', L.GIST_WORD, {
  matches: [['Summary?', 'Summary'], ['Give me an overview', 'overview'], ['summarize https://arxiv.org/abs/2505.23727', 'summarize'], ['the gist?', 'gist'], ['tl;dr?', 'tl;dr'], ['summaries please', 'summaries']],
  misses: ["What's the main idea?", 'In a nutshell?', 'Which papers study summarization?'],
});
patternTable('GIST', L.GIST, {
  matches: [
    ["What's the main idea of ST-Veto?", 'main idea'],
    ['And the key takeaways?', 'key takeaways'],
    ['In a nutshell?', 'In a nutshell'],
    ["explain PixelThink like I'm five", "like I'm five"],
    ['What is PixelThink, briefly?', 'briefly'],
    ['a long summary of VEQ', 'long'],
    ['Give me the whole summary of VEQ', 'whole'],
    ['the full version of VEQ', 'full version'],
    ['short answer: who wrote VEQ?', 'short'],
    ['PixelThink in detail', 'in detail'],
  ],
  misses: ['what highlights the gap between them?', 'Which papers handle long answer generation?', 'Which papers study long videos?', 'the full KV cache', 'What does VEQ say about entire images?'],
});

patternTable('ONE_PAPER_NOUN', L.ONE_PAPER_NOUN, {
  matches: [['tldr of the paper arguing one probe is not enough', 'paper'], ['i remember a study showing that, summary pls', 'study']],
  misses: ['summarize the papers on video', 'the paperwork is done', 'a summary of the studies on RL'],
});
patternTable('WHAT_PAPER_IS_ABOUT', L.WHAT_PAPER_IS_ABOUT, {
  matches: ["what's the MCP privacy exfiltration attack paper about?", 'What is the paper on microphone geometry about?', 'whats that quantum boosting paper about'],
  misses: ['What does the MCP paper say about privacy?', 'What is PixelThink about?', 'Which paper is about video?', 'What is the paper on video really good at?'],
});
everyExportTabled('lexicon/summary-lengths.ts', lexicon);
