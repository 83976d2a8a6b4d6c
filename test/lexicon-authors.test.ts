import * as authors from '../src/lexicon/authors.js';
import { lexiconTables } from './support/lexicon.js';

lexiconTables('lexicon/authors', authors, {
  AUTHORSHIP: {
    match: [['Who wrote PhaseCoder?', 'Who wrote'], ['Who are the authors of VEQ?', 'Who are the authors'], ['list the authors of PhaseCoder', 'list the authors'], ['Who is the first author of CAST?', 'Who is the first author']],
    miss: ['VEQ authors', 'What do the authors of PixelThink propose?', 'What has Zeller published?'],
  },
  AUTHORSHIP_ALL: {
    match: [['Who wrote TGV-KV and CAST?', ['Who wrote']], ['Who wrote VEQ and who wrote CAST?', ['Who wrote', 'who wrote']]],
    miss: ['PhaseCoder authors', 'papers written by Zeller'],
  },
  AUTHORS_NOUN: {
    match: ["PhaseCoder's authors", 'VEQ authors', 'How many co-authors does PhaseCoder have?', 'authorship of VEQ'],
    miss: ['Who wrote VEQ?', 'What is an authoring tool?'],
  },
  AUTHORS_NOUN_ALL: {
    match: [['Who are the authors of VEQ?', ['authors']], ['authors and co-authors of VEQ', ['authors', 'co-authors']]],
    miss: ['Who wrote VEQ?', 'What does PixelThink propose?'],
  },
  // As asksOnlyForAuthors reads a question: its paper's name and the word "authors" taken out.
  ASKING_FOR_AUTHORS: {
    has: ['who', 'are', 'the', 'of', 's', 'both', 'and'],
    lacks: ['propose', 'results', 'do'],
    allIn: ['Who are the of?', "'s", 'Who are the of both and?', 'the?'],
    notAllIn: ['What do the of propose?', 'Which methods are used by the of?'],
  },
  AUTHOR_COUNT: {
    match: ['how many authors does PhaseCoder have', 'How many co-authors does PhaseCoder have?', 'number of authors of PhaseCoder', 'how many people wrote PhaseCoder?', 'How many researchers worked on PhaseCoder?', 'How many authors?'],
    miss: ['How many authors work on video?', 'Who wrote PhaseCoder?', 'How many papers by Wang?'],
  },
  AUTHOR_COUNT_WORDS: {
    match: [['how many authors does PhaseCoder have', ['how many', 'does', 'have']], ['how many people wrote PhaseCoder?', ['how many', 'people', 'wrote']]],
    miss: ['PhaseCoder authors', 'Who are the authors of VEQ?'],
  },
  // As asksOnlyForAuthors reads a count of authors: its paper's name and the word "authors" taken out.
  COUNTING_AUTHORS: {
    has: ['how', 'many', 'does', 'have', 'it'],
    lacks: ['video', 'work', 'on'],
    allIn: ['how many does have', 'how many does it have?', 'how many wrote?'],
    notAllIn: ['How many work on video?'],
  },
  BY_AUTHOR: {
    match: ['papers by Zeller', "what are dementyev's papers?", "what's zeller's research?", 'What has Zeller published?', 'papers Zeller wrote'],
    miss: ['What does PixelThink propose?', 'Dementyev papers', 'Who are the authors of VEQ?'],
  },
  WRITING: {
    match: ['papers Zeller wrote', 'What has Meta published?', 'which papers did zeller write?', 'Which papers were written by Google?'],
    miss: ['papers by Zeller', "Zeller's papers", 'What does the Zeller paper find?'],
  },
  CAPITALISED_RUN: {
    match: [['papers by Artem Dementyev and Jana Zeller', ['Artem Dementyev', 'Jana Zeller']], ['What has Song Wang published?', ['What', 'Song Wang']]],
    miss: ['papers by zeller', 'what has dementyev published?'],
  },
  BY_RUN: {
    match: [['papers by Dementyev and Zeller', ['Dementyev and Zeller']], ['papers by Wang, Li and Zhang', ['Wang, Li and Zhang']], ['anything by zeller?', ['zeller']]],
    miss: ['Zeller papers', "Zeller's papers", 'What does VEQ do?'],
  },
  POSSESSIVE_RUN: {
    match: [["what are dementyev's papers?", ['what are dementyev']], ["Song Wang's work", ['Song Wang']], ["dementyev and zeller's papers", ['dementyev and zeller']]],
    miss: ['papers by Zeller', "What is PixelThink's accuracy?"],
  },
  LIST_SEPARATOR: {
    match: [['Dementyev and Zeller', ' and '], ['Wang, Li', ', '], ['Wang or Li', ' or ']],
    miss: ['Artem Dementyev', 'Anderson'],
  },
  SURNAME_SHAPE: {
    match: ['Zeller', 'Dementyev', "Dementyev's"],
    miss: ['PixelThink', 'VEQ', 'LoRA', 'zeller'],
  },
  ASKING_OPENER: {
    match: ['show', 'list', 'any', 'Show'],
    miss: ['Artem', 'what', 'papers'],
  },
  ASKING_START: {
    match: [['show me dementyev\'s papers', 'show me'], ['list Dementyev papers', 'list'], ['tell me VEQ\'s authors', 'tell me'], ['please list the authors of PhaseCoder', 'please list']],
    miss: ['What does PixelThink find?', 'Which papers find a gap?', 'papers by Zeller'],
  },
  DETERMINERS: {
    has: ['the', 'its', 'their', 'this'],
    lacks: ['what', 'are', 'show', 'john'],
  },
  LOWER_CASE_WORD: {
    match: ['zeller', "zeller's", 'dementyev'],
    miss: ['Zeller', 'VEQ', 'pixelThink2'],
  },
  BEFORE_PAPERS: {
    match: [['Dementyev papers', ['Dementyev']], ['list Dementyev papers', ['list Dementyev']], ['any dementyev publications?', ['any dementyev']]],
    miss: ['papers by Zeller', 'What does VEQ propose?'],
  },
  BEFORE_WRITING: {
    match: [['papers zeller wrote', ['papers zeller']], ['what has dementyev published?', ['what has dementyev']]],
    miss: ['papers by Zeller', "Zeller's papers"],
  },
  PAPERS_WORD: {
    match: [['list Dementyev papers', ['papers']], ['any dementyev publications?', ['publications']]],
    miss: ['Who wrote VEQ?', 'What is paperwork?'],
  },
  WORD_BEFORE_PAPERS: {
    match: [['Which papers study video?', ['Which']], ['Dementyev papers', ['Dementyev']], ["zeller's papers", ["zeller's"]]],
    miss: ['papers by Zeller', 'Who wrote VEQ?'],
  },
  NAMED_BY: {
    match: [['papers by Artem Dementyev', 'Artem Dementyev'], ['Which papers were written by Google?', 'Google'], ['How many papers by Wang?', 'Wang']],
    miss: ['papers by zeller', 'How is VEQ improved by Long context?', 'Which papers are from Google?'],
  },
  NAMED_POSSESSIVE: {
    match: [["Kloft's papers", 'Kloft'], ["Song Wang's work", 'Song Wang'], ["Jiayu Xiong’s publications", 'Jiayu Xiong']],
    miss: ["VEQ's work", "PixelThink's work", "zeller's papers"],
  },
  NAMED_WRITING: {
    match: [['Which papers did Google write?', 'Google'], ['What has Meta published?', 'Meta'], ['Which papers did Artem Dementyev write?', 'Artem Dementyev']],
    miss: ['which papers did zeller write?', 'papers Zeller wrote'],
  },
  NAMED_FROM: {
    match: [['Which papers are from Google DeepMind?', 'Google DeepMind'], ['Which papers come out of MIT?', 'MIT'], ['papers by researchers at Google', 'Google'], ['Which papers are affiliated with Stanford?', 'Stanford']],
    miss: ['Which papers are from google?', 'papers by Zeller'],
  },
  RANKING_WORDS: {
    byWord: true,
    match: ['Who is the most prolific author?', 'top authors?', 'Which researchers are the leading ones?'],
    miss: ['Who wrote VEQ?', 'Which author wrote the fewest papers?'],
  },
  AUTHOR_WORDS: {
    byWord: true,
    match: ['Who is the most prolific author?', 'top authors?', 'Which researchers publish most?'],
    miss: ['Which paper is the most recent?', 'What are the most common topics?'],
  },
  ASKING_FOR_RANKING: {
    has: ['who', 'most', 'prolific', 'author', 'papers'],
    lacks: ['cited', 'video', 'recent'],
    allIn: ['Who is the most prolific author?', 'Which author has the most papers?', 'who wrote the most papers', 'top authors?', 'Which authors have the most publications in the index?'],
    notAllIn: ['Who wrote the most cited paper?', 'Which author has the most papers on video?'],
  },
  PAPER_WITH_MOST_AUTHORS: {
    match: ['Which paper has the most authors?', 'Which papers have the most co-authors?'],
    miss: ['Which author has the most papers?', 'Who is the most prolific author?'],
  },
});
