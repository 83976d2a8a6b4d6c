import { cli, openService, print, run } from './common.js';
import { renderPapers } from '../render/text.js';
import { paperRef } from '../names/catalog.js';

const usage = 'usage: npm run papers -- [--json] [search words]';
const { positionals, json, settings } = cli({}, usage);

run(json, async () => {
  const service = await openService(settings);
  const search = positionals.join(' ');
  // Best match first, as the catalog ranks them; with no search words, corpus order.
  // Code links only where the metadata gives some, as authorsIncomplete only where it is true.
  const papers = service.findPapers(search).map((p) => ({ ...paperRef(p), ...(p.code ? { code: p.code } : {}), abstract: p.abstract }));
  print(json, papers, () => renderPapers(papers));
});
