import * as paperNames from '../src/lexicon/paper-names.js';
import { lexiconTables } from './support/lexicon.js';

// Links and ids are those the recorded questions write ("what is <https://arxiv.org/abs/2505.23727>?",
// "who wrote https://proceedings.mlr.press/v306/chen26a/chen26a.pdf"), as the catalog is given them;
// declarations are from the indexed abstracts.
lexiconTables('lexicon/paper-names', paperNames, {
  LINK_ALONE: {
    match: ['https://arxiv.org/abs/2505.23727', 'arxiv.org/abs/2505.23727', 'https://proceedings.mlr.press/v306/chen26a/chen26a.pdf', 'www.openreview.net/forum?id=tu3ravqvye'],
    miss: ['summarize arxiv.org/abs/2505.23727', '2505.23727', 'arXiv:2505.23727', 'PixelThink', 'arxiv.org'],
  },
  UNPREVIEWED_LINK: {
    match: [
      ['<https://arxiv.org/abs/2505.23727>', 'https://arxiv.org/abs/2505.23727'],
      ['<https://proceedings.mlr.press/v306/zeller26a.html>', 'https://proceedings.mlr.press/v306/zeller26a.html'],
    ],
    miss: ['what is <https://arxiv.org/abs/2505.23727>?', 'https://arxiv.org/abs/2505.23727', '<https://arxiv.org/abs/2505.23727 and more>'],
  },
  LINK_SCHEME: {
    match: [
      ['https://www.openreview.net/forum?id=tu3ravqvye', 'https://www.', 0],
      ['http://proceedings.mlr.press/v306/chen26a.html', 'http://', 0],
      ['www.example.org/paper/', 'www.', 0],
    ],
    miss: ['arxiv.org/abs/2505.23727', 'wwwx.org/p', 'ftp://example.org'],
  },
  CODE_REPOSITORY: {
    match: [
      ['github.com/dengandong/scivideobench/tree/main/notebooks', 'github.com/dengandong/scivideobench', 0],
      ['huggingface.co/datasets/owner/data/viewer', 'huggingface.co/datasets/owner/data', 0],
      ['gitlab.com/group/project.git', 'gitlab.com/group/project.git', 0],
    ],
    miss: ['github.com/dengandong', 'arxiv.org/abs/2505.23727', 'https://github.com/GVCLab/MLLM-4D'],
  },
  ARXIV_PREFIX: {
    match: [['arXiv:2505.23727', 'arXiv:', 0], ['arxiv: 2606.03075', 'arxiv: ', 0]],
    miss: ['arXiv:', 'arxiv 2606.03075', 'what is arXiv:2505.23727', 'arXiv:cs/0101001'],
  },
  ARXIV_VERSIONED: {
    match: [['2505.23727v2', '2505.23727'], ['2606.03075v11', '2606.03075']],
    miss: ['2505.23727', 'arXiv:2505.23727v2', '2505.23727v', 'zeller26a'],
  },
  ID_CHARACTER: {
    match: ['zeller26', '2505.2', 'qa-code', 'VLA-ATTC'],
    miss: ['zeller', 'PixelThink', 'rl'],
  },
  CAPITALISED: {
    match: ['Group', 'Cognition', 'PRISM', 'Ünsal'],
    miss: ['learning', 'syntax', '3D', 'iPhone'],
  },
  JOINED_WORDS: {
    match: ['KernelFoundry', 'SciVideoBench', 'OpenGPT', 'PixelThink'],
    miss: ['kernel', 'GPT', 'Foundry', 'VLA-ATTC', 'Kernel Foundry'],
  },
  SMALL_LETTERS: {
    match: ['MonoSoup', 'FusionRoute', 'HypRAG'],
    miss: ['GCL', 'S3', 'ZS-SVD', 'VLA-ATTC', 'a'],
  },
  NAME: {
    match: ['GCL', 'ZS-SVD', 'S3', '3D-RFT', 'MonoSoup'],
    miss: ['Group Cognition Learning', '-GCL', 'GCL,', 'ZS--SVD'],
  },
  NAME_CHAR: {
    match: ['a', '3', '-', 'É'],
    miss: [' ', ',', '*', '>'],
  },
  DECLARING: {
    match: [
      ['To address these, we propose Group Cognition Learning (GCL), a paradigm.', ['we propose']],
      ['We further introduce a benchmark', ['We further introduce']],
      ['a method called FooBar, and a loss named Bar', ['called', 'named']],
      ['This paper introduces MonoSoup', ['introduces']],
    ],
    miss: ['The method we proposed earlier is built on Direct Preference Optimization (DPO).', 'We study the problem of spatial audio.', 'Introducing a new task'],
  },
  DECLARED_BEFORE_COMMA: {
    match: [
      ['In this paper, we introduce MonoSoup, a simple, data-free method.', ['MonoSoup'], 2],
      ['This paper presents **CAST**: a benchmark for agents.', ['CAST'], 2],
      ['We propose <b>HypRAG</b>, which retrieves', ['HypRAG'], 2],
      ['we develop VLA-ATTC, and we design CapKV: a cache', ['VLA-ATTC', 'CapKV'], 2],
    ],
    miss: ['We introduce a new benchmark for video.', 'we propose Group Cognition Learning (GCL)', 'introduce them in turn, then'],
  },
  WE_BEFORE: {
    match: ['In this paper, we ', 'We further ', 'we '],
    miss: ['In this paper, we', 'This paper ', 'we have also ', 'Answer '],
  },
  MARKUP: {
    match: [
      ['we propose <b>Group Cognition Learning (GCL)</b>', ['<b>', '</b>']],
      ['We propose \\textbf{S3} (Specialization)', ['\\textbf{', '}']],
      ['**S3**', ['*', '*', '*', '*']],
    ],
    miss: ['Group Cognition Learning (GCL)', 'a <br> tag', '\\cite S3'],
  },
  PARENTHESIS: {
    match: [
      ['we propose Group Cognition Learning (GCL), a paradigm', ['GCL']],
      ['We propose S3 (Specialization, Selection, Sparsification), a framework.', ['Specialization, Selection, Sparsification']],
      ['perception (VLM) and decision (LLM)', ['VLM', 'LLM']],
    ],
    miss: ['no parenthesis here', '()', `(${'x'.repeat(81)})`],
  },
  CLAUSE_END: {
    match: ['built on DPO. We propose', 'a result; we introduce', 'three parts: a', 'ends here!'],
    miss: ['version 2.5 of the model', 'e.g.x', 'Reinforcement Fine-Tuning for Video-based 3D Scene Understanding'],
  },
  LEADING_ARTICLE: {
    match: [['a Group Cognition Learning', 'a ', 0], ['the FooBar', 'the ', 0], ['An Actor-Critic', 'An ', 0]],
    miss: ['Actor-Critic', 'another method', 'theory of mind', 'S3'],
  },
});
