import { cli, fail, openService, run } from './common.js';
import { LOCAL_COLLECTION } from '../collections/view.js';
import type { ExportFormat } from '../collections/export.js';

const usage = 'usage: npm run export -- [--collection <id>] [--format jsonl|bibtex]\n       (writes the papers added to the collection to standard output; local by default)';
const { values, positionals, json, settings } = cli({ collection: { type: 'string' }, format: { type: 'string' } }, usage);

run(json, async () => {
  if (positionals.length) fail(json, { code: 'BAD_INPUT', message: `export takes no arguments, got "${positionals.join(' ')}".`, hint: usage });
  const format = (values.format as string | undefined) ?? 'jsonl';
  if (format !== 'jsonl' && format !== 'bibtex') fail(json, { code: 'BAD_INPUT', message: `--format must be jsonl or bibtex, got "${format}".`, hint: usage });
  const collection = (values.collection as string | undefined) ?? LOCAL_COLLECTION;
  const service = await openService(settings, { writer: null, defaultCollection: collection });
  try {
    process.stdout.write(service.exportCollection(collection, format as ExportFormat));
  } finally {
    await service.close();
  }
});
