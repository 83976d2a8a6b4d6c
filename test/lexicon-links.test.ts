import * as links from '../src/lexicon/links.js';
import { lexiconTables } from './support/lexicon.js';

lexiconTables('lexicon/links', links, {
  LINK: {
    match: [['Where is the code for PixelThink?', 'code'], ['Where is the OpenReview page of VEQ?', 'OpenReview'], ["What's the arxiv link for 2606.03075?", 'arxiv'], ['PixelThink pmlr', 'pmlr'], ['Give me the link to VEQ', 'link']],
    miss: ['Who wrote qa-code?', 'Who wrote VEQ?', 'Which papers encode tokens?'],
  },
  WHERE_TO_READ: {
    match: ['Where can I read the MentisOculi paper?', 'where do i download mentisoculi', 'Where could I find MentisOculi?'],
    miss: ['Where was VEQ published?', 'Where is the critic presented in VEQ?', 'What can I read about VEQ?'],
  },
  LINK_WORDS: {
    match: [['Give me the link to PixelThink', ['Give', 'me', 'link', 'to']], ['Where can I find MentisOculi?', ['Where', 'can', 'I', 'find']]],
    miss: ['PixelThink', 'Who wrote VEQ?'],
  },
  ARXIV_CITED: {
    match: [["What's arxiv 2606.03075 about?", ['arxiv 2606.03075']], ['What is arXiv id 2606.03075?', ['arXiv id 2606.03075']], ['what is arXiv:2505.23727', ['arXiv:2505.23727']]],
    miss: ["What's the arxiv link for 2606.03075?", 'What is 2505.23727 about?'],
  },
  OPENREVIEW_ASKED: {
    match: ['Where is the OpenReview page for PixelThink?', 'MentisOculi openreview', 'Is MentisOculi on Open Review?'],
    miss: ['Where is the code for PixelThink?', 'Which papers review open problems?'],
  },
  PMLR_ASKED: {
    match: ['PixelThink pmlr', 'Where is the proceedings page of CAST?'],
    miss: ['Where is the OpenReview page of VEQ?', 'Which proceedings is VEQ in?'],
  },
  ARXIV_ASKED: {
    match: ["What's the arxiv link for 2606.03075?", 'What is arXiv id 2606.03075?'],
    miss: ['Where is the OpenReview page of VEQ?', 'Who wrote myarxiv-tools?'],
  },
  DOI_ASKED: {
    match: ['What is the DOI of VEQ?', 'VEQ doi'],
    miss: ['What does VEQ do?', 'Who wrote doi-resolver?'],
  },
  PMLR_URL: {
    match: ['https://proceedings.mlr.press/v306/zeller26a.html', 'http://proceedings.mlr.press/v306/chen26a/chen26a.pdf'],
    miss: ['https://arxiv.org/abs/2505.23727', 'https://openreview.net/forum?id=abc'],
  },
  DOI_URL: {
    match: ['https://doi.org/10.5281/zenodo.20413127', 'doi.org/10.1145/3456.7890', 'https://dx.doi.org/10.1145/3456.7890'],
    miss: ['https://arxiv.org/abs/2505.23727', 'https://example.org/doi.org/10.1/x'],
  },
  URL_IN_TEXT: {
    match: [
      ['Code is available at https://github.com/dengandong/SciVideoBench.', ['https://github.com/dengandong/SciVideoBench']],
      ['[Code Link](https://github.com/GVCLab/MLLM-4D)', ['https://github.com/GVCLab/MLLM-4D']],
      ['\\url{https://github.com/guangshuoqin/VEQ}', ['https://github.com/guangshuoqin/VEQ']],
    ],
    miss: ['Code will be released at github dot com.', 'See arXiv:2505.23727.'],
  },
  CODE_WORDS: {
    match: [['Which papers have code on GitHub?', ['code', 'GitHub']], ['Which papers are open source?', ['open source']], ['Which papers share an implementation?', ['implementation']]],
    miss: ['Which papers generate programs?', 'Who wrote qa-code?'],
  },
  PAPERS_WORD_ONLY: {
    match: ['Which papers have code?', 'works with code', 'Which ones are on GitHub?'],
    miss: ['Where is the code for PixelThink?', 'Is there code?'],
  },
  NO_CODE: {
    match: ['Which papers have no code?', "How many papers don't release code?", 'Which papers lack a code link?'],
    miss: ['Which papers have code?', 'Which papers have code on GitHub?'],
  },
  // As codePapersAsked reads a question: its words for code taken out.
  ASKING_FOR_CODE: {
    has: ['which', 'papers', 'have', 'no', 'on', 'gitlab'],
    lacks: ['generate', 'pixelthink', 'video'],
    allIn: ['How many papers have?', 'Which papers have available?', 'Which papers have no?', 'papers with?', 'Which papers are?', 'Which papers have on GitLab?'],
    notAllIn: ['Which papers generate?', 'Where is the for PixelThink?'],
  },
  CODE_HOST: {
    match: ['https://github.com/dengandong/SciVideoBench', 'https://gitlab.com/group/project', 'https://anonymous.4open.science/r/VEQ'],
    miss: ['https://sites.google.com/view/pixelthink', 'https://github.io/project'],
  },
  CODE_RELEASE: {
    match: ['Our code will be open-sourced soon.', 'The code will be made available.', 'Code and models are publicly available.'],
    miss: ['We release a benchmark of code generation tasks.', 'Code generation remains hard for small models.'],
  },
});
