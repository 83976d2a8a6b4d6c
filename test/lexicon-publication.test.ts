import * as publication from '../src/lexicon/publication.js';
import { lexiconTables } from './support/lexicon.js';

lexiconTables('lexicon/publication', publication, {
  KNOWN_VENUE: {
    match: ['NeurIPS', 'ICML 2025', "NeurIPS'20", 'ICLR’25', 'cvpr'],
    miss: ['Google', 'ICML workshop', 'PixelThink', 'NeurIPS 2025 papers'],
  },
  FROM_VENUE: {
    match: [
      ['Which papers are from ICML 2026?', 'ICML 2026'],
      ['How many papers were published at ICML?', 'ICML'],
      ['papers accepted to ICML 2026', 'ICML 2026'],
      ['Were any of these papers published at NeurIPS?', 'NeurIPS'],
      ['Did any of them appear in CVPR 2025?', 'CVPR 2025'],
      ['Which papers are from Google DeepMind?', 'Google DeepMind'],
    ],
    miss: ['Is VEQ from ICML?', 'What is the takeaway from MentisOculi?', 'Which papers use data from YouTube videos?'],
  },
  PUBLICATION: {
    match: ['When was VEQ published?', 'Is 3D-RFT from ICML?', 'Is 3D-RFT an ICML paper?', 'Was CAST accepted to NeurIPS 2025?', 'Which venue is PixelThink in?', 'What year is VEQ from?'],
    miss: ['Who wrote VEQ?', "What's the takeaway from MentisOculi?", 'Is VEQ better than prior work?'],
  },
  PUBLICATION_WORDS: {
    match: [['When was VEQ published?', ['When', 'published']], ['Is 3D-RFT an ICML paper?', ['ICML']], ['Which venue is PixelThink in?', ['Which venue', 'in']]],
    miss: ['Who wrote VEQ?', 'What does PixelThink propose?'],
  },
  STANDS_FOR: {
    match: ['What does GCL stand for?', 'What is VEQ short for?', 'What does GCL mean?', 'meaning of GCL', 'What is the meaning of the acronym GCL?'],
    miss: ['What does the GCL result mean for multimodal fusion?', 'What does this mean for cooking?', 'What does PixelThink propose?'],
  },
});
