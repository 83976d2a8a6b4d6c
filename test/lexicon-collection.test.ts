import * as collection from '../src/lexicon/collection.js';
import { lexiconTables } from './support/lexicon.js';

lexiconTables('lexicon/collection', collection, {
  ABOUT_INDEX: {
    match: ['How many papers are indexed?', 'What is the total number of papers?', 'number of papers in the corpus?', 'What papers do you have?', 'list the papers', 'How many papers are from ICML?'],
    miss: ['How many authors does PhaseCoder have?', 'Which papers use RL?', 'What papers are about video?', 'How many questions are in SciVideoBench?'],
  },
  INDEX_WORDS: {
    match: [['How many papers are indexed?', ['How many', 'papers', 'indexed']], ['list the papers', ['list', 'papers']]],
    miss: ['Who wrote VEQ?', 'What does PixelThink propose?'],
  },
  IN_CORPUS: {
    match: [['How many papers are in the corpus?', ['in the corpus']], ['How many papers does the corpus have?', ['the corpus have']], ['How many papers in total?', ['in total']], ['What is the size of the corpus?', ['of the corpus']]],
    miss: ['How many papers are about video?', 'How many papers are from ICML?'],
  },
  CORPUS_SIZE: {
    match: ['How big is the corpus?', 'How large is your index?', 'What is the size of the corpus?', 'corpus size?'],
    miss: ['How big is SciVideoBench?', 'What is the size of the model in VEQ?', 'How big is the corpus of PixelThink?'],
  },
  HOW_MANY_WHICH: {
    match: [['How many ICML papers are there?', 'ICML ', 2], ['How many ICML 2026 papers do you have?', 'ICML 2026 ', 2], ['How many video papers?', 'video ', 2], ['How many Jing Wang papers?', 'Jing Wang ', 2]],
    miss: ['How many papers are indexed?', 'How many papers mention video?', 'How many questions are in SciVideoBench?'],
  },
  RECENCY: {
    byWord: true,
    match: ['Which paper is the most recent?', 'What is the newest paper?', 'latest papers?', 'Which papers are the oldest?'],
    miss: ['Which paper is the best?', 'What is new in VEQ?', 'Who wrote the first one?'],
  },
  PAPERS_NOUN: {
    byWord: true,
    match: ['Which paper is the most recent?', 'latest papers?', 'the newest ones?', "What is the model's work?"],
    miss: ['Which of them is newest?', 'Which is the most recent?'],
  },
  OLDEST: {
    match: ['Which papers are the oldest?', 'Which of them is oldest?', 'the earliest paper', 'Which was the first paper?'],
    miss: ['Which paper is the most recent?', 'latest papers?', 'Which of them is newest?'],
  },
  ASKING_FOR_RECENCY: {
    has: ['which', 'most', 'recent', 'newest', 'oldest', 'paper'],
    lacks: ['on', 'best', 'reinforcement'],
    allIn: ['Which paper is the most recent?', 'What is the newest paper?', 'latest papers?', 'Which papers are the oldest?'],
    notAllIn: ['Which is the latest paper on reinforcement learning?', 'Which paper is the best?'],
  },
  OVERVIEW: {
    byWord: true,
    match: ['Summarize the corpus', 'Give me an overview', 'What are the main themes?', 'what are the most common topics?', 'What kind of papers do you have?'],
    miss: ['What is the collection about?', 'How many papers are indexed?', 'What is PixelThink about?'],
  },
  OVERVIEW_OF_ALL: {
    byWord: true,
    match: ['What topics are covered?', 'what kind of papers do you have?', 'What types of papers are there?', 'What are the main themes?'],
    miss: ['Summarize the corpus', 'What is the main topic?', 'Give me an overview'],
  },
  WHOLE: {
    byWord: true,
    match: ['Summarize the corpus', 'What are the main themes?', 'What topics do the papers cover?', 'what are the most common topics?'],
    miss: ['Give me an overview', 'What topics does PixelThink cover?'],
  },
  INDEX_NOUN: {
    byWord: true,
    match: ['Summarize the corpus', 'What is the collection about?', 'How large is your index?'],
    miss: ['What is PixelThink about?', 'What is indexed?', 'What are the main themes?'],
  },
  ASKING_FOR_OVERVIEW: {
    has: ['what', 'topics', 'overview', 'corpus', 'cover'],
    lacks: ['pixelthink', 'video', 'results'],
    allIn: ['Give me an overview', 'what are the most common topics?', 'What topics do the papers cover?', 'What is the collection about?', 'What topics are covered?', 'What kind of papers do you have?'],
    notAllIn: ['What topics does PixelThink cover?', 'What is the collection about video?'],
  },
});
