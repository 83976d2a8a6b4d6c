import { cli, openService, print, run } from './common.js';
import { renderPapers } from '../render/text.js';

const usage = 'usage: npm run papers -- [--json] [search words]';
const { positionals, json, settings } = cli({}, usage);

run(json, async () => {
  const service = await openService(settings);
  const search = positionals.join(' ');
  const ids = new Set(service.listPapers(search).map((p) => p.id));
  const papers = service.papers.filter((p) => ids.has(p.id)).map((p) => ({ id: p.id, title: p.title, authors: p.authors, year: p.year, venue: p.venue, url: p.url, abstract: p.abstract }));
  print(json, papers, () => renderPapers(papers));
});
