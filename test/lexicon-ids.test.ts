import * as lexicon from '../src/lexicon/ids.js';
import { everyExportTabled, fragment, patternTable } from './support/lexicon.js';

const L = lexicon;

patternTable('ARXIV_DIGITS', fragment(L.ARXIV_DIGITS, 'whole', ''), { matches: ['2505.23727', '1706.0376'], misses: ['2505.237', '25.23727', '2606.03075v2'] });
patternTable('ARXIV_ID', L.ARXIV_ID, { matches: ['2505.23727', '2606.03075v2', '1706.0376'], misses: ['2505.237', 'arxiv 2505.23727', '25.23727'] });
patternTable('ARXIV_ID_KEPT', L.ARXIV_ID_KEPT, { matches: ['2505.23727', '2606.03075'], misses: ['icml2026-42', '2505.23727v2', 'arXiv:2505.23727'] });
patternTable('ARXIV_CITING', fragment(L.ARXIV_CITING, 'anywhere', 'i'), {
  matches: [['what is arxiv 2606.03075', 'arxiv '], ['arXiv:2505.23727', 'arXiv:'], ['arxiv id 2606.03075', 'arxiv id ']],
  misses: ['xarxiv', 'the archive'],
});
patternTable('LINK_START', fragment(L.LINK_START, 'anywhere', 'i'), {
  matches: [['https://arxiv.org/abs/2505.23727', 'https://'], ['arxiv.org/abs/2505.23727', 'arxiv.org/'], ['www.x.org/p', 'www.x.org/']],
  misses: ['arxiv 2505.23727', 'Qwen2.5-VL', 'e.g. this'],
});
patternTable('TEX_FORMAT', fragment(L.TEX_FORMAT, 'whole', ''), { matches: ['textbf', 'emph', 'mathcal'], misses: ['frac', 'textbfx', 'sqrt'] });

everyExportTabled('lexicon/ids.ts', lexicon);
