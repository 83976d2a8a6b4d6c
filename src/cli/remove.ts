import { cli, fail, openService, print, run } from './common.js';
import { LOCAL_COLLECTION, renderRemoveReport } from '../render/collections.js';

const usage = 'usage: npm run remove -- [--json] [--collection <id>] <paper id or title>';
const { values, positionals, json, settings } = cli({ collection: { type: 'string' } }, usage);

run(json, async () => {
  const query = positionals.join(' ');
  if (!query.trim()) fail(json, { code: 'BAD_INPUT', message: 'No paper was named.', hint: usage });
  const collection = (values.collection as string | undefined) ?? LOCAL_COLLECTION;
  const service = await openService(settings, { writer: null, defaultCollection: collection });
  try {
    const report = await service.remove(query, { collection });
    print(json, report, () => renderRemoveReport(report));
  } finally {
    await service.close();
  }
});
