/** Papers the scholarly test server knows, as each service describes them. */
import type { ArxivFixture, CrossrefFixture, OpenReviewFixture, PmlrFixture, ScholarlyServer } from './scholarly-server.js';

export const PIXELTHINK: ArxivFixture = {
  id: '2505.23727',
  version: 2,
  title: 'PixelThink: Towards Efficient Chain-of-Pixel\n  Reasoning',
  summary:
    'Existing reasoning segmentation approaches typically fine-tune multimodal large language models (MLLMs) using image-text pairs and corresponding mask labels. To address overthinking, we propose PixelThink, a simple yet effective scheme that integrates externally estimated task difficulty and internally measured model uncertainty to regulate reasoning generation within a reinforcement learning paradigm, cutting token usage by 48.2% & latency by 30.4% for x<y.',
  authors: ['Song Wang', 'Gongfan Fang', 'Lingdong Kong', 'Xiangtai Li', 'Jianyun Xu', 'Sheng Yang', 'Qiang Li', 'Jianke Zhu', 'Xinchao Wang'],
  published: '2025-05-29T17:55:37Z',
  updated: '2025-06-02T08:01:12Z',
  comment: 'Project Page: https://PixelThink.github.io',
  category: 'cs.CV',
};

export const MALDACENA: ArxivFixture = {
  id: 'hep-th/9711200',
  version: 3,
  title: 'The Large N Limit of Superconformal Field Theories and Supergravity',
  summary: 'We show that the large N limit of certain conformal field theories in various dimensions include in their Hilbert space a sector describing supergravity on the product of Anti-deSitter spacetimes, spheres and other compact manifolds.',
  authors: ['Juan M. Maldacena'],
  published: '1997-11-27T22:22:59Z',
  doi: '10.1023/A:1026654312961',
  journalRef: 'Adv.Theor.Math.Phys.2:231-252,1998',
  category: 'hep-th',
};

export const DEEP_LEARNING: CrossrefFixture = {
  doi: '10.1038/nature14539',
  title: 'Deep learning',
  authors: [{ given: 'Yann', family: 'LeCun' }, { given: 'Yoshua', family: 'Bengio' }, { given: 'Geoffrey', family: 'Hinton' }],
  abstract:
    '<jats:title>Abstract</jats:title><jats:p>Deep learning allows computational models that are composed of multiple processing layers to learn representations of data with multiple levels of abstraction. These methods have improved the state of the art in speech recognition, visual object recognition &amp; object detection; <jats:italic>backpropagation</jats:italic> indicates how a machine should change its internal parameters.</jats:p>',
  containerTitle: 'Nature',
  issued: [2015, 5, 27],
};

export const NO_ABSTRACT: CrossrefFixture = {
  doi: '10.1145/3292500.3330701',
  title: 'A Paper Whose Publisher Deposited No Abstract',
  authors: [{ given: 'Ada', family: 'Lovelace' }],
  containerTitle: 'Proceedings of KDD',
  issued: [2019, 7, 25],
  type: 'proceedings-article',
  publisher: 'ACM',
};

export const OPENREVIEW_NOTE: OpenReviewFixture = {
  id: 'tU3raVqvYe',
  content: {
    title: 'Sparse Mixture Routing for Long-Context Retrieval',
    authors: ['Ana García', 'Bo Li'],
    authorids: ['~Ana_Garcia1', '~Bo_Li9'],
    abstract: 'We route each query token to a sparse mixture of retrieval experts, which keeps long-context retrieval accurate while halving its memory.',
    venue: 'ICLR 2026 Poster',
    venueid: 'ICLR.cc/2026/Conference',
    pdf: '/pdf/0123456789abcdef.pdf',
    _bibtex: '@inproceedings{\ngarcia2026sparse,\ntitle={Sparse Mixture Routing for Long-Context Retrieval},\nauthor={Ana Garc{\\\'\\i}a and Bo Li},\nbooktitle={ICLR},\nyear={2026},\nurl={https://openreview.net/forum?id=tU3raVqvYe}\n}',
  },
};

export const TUR_DPO: PmlrFixture = {
  volume: '306',
  id: 'abas26a',
  title: 'TUR-DPO: Topology- and Uncertainty-Aware Direct Preference Optimization',
  texTitle: '{TUR}-{DPO}: Topology- and Uncertainty-Aware Direct Preference Optimization',
  authors: [{ given: 'Abdulhady', family: 'Abas' }, { given: 'Fatemeh', family: 'Daneshfar' }],
  abstract: 'Aligning large language models (LLMs) with human preferences is commonly done via RLHF or DPO. We propose TUR-DPO, a topology- and uncertainty-aware variant of DPO that rewards how answers are derived, not only what they say.',
  conference: 'Proceedings of the 43rd International Conference on Machine Learning',
  published: '2026-09-29',
  pages: '1-21',
};

/** A server knowing every fixture above. */
export function withFixtures(server: ScholarlyServer): ScholarlyServer {
  return server.addArxiv(PIXELTHINK, MALDACENA).addWork(DEEP_LEARNING, NO_ABSTRACT).addNote(OPENREVIEW_NOTE).addPmlr(TUR_DPO);
}
