import { cli, cliForm, openService, print, run } from './common.js';
import { renderRelated } from '../render/text.js';
import { parseWholeNumber, RELATED_COUNT } from '../options.js';
import { withNoticeText } from '../notice.js';

const usage = 'usage: npm run related -- [--json] [--count N] "<paper id, title or topic>"';
const { values, positionals, json, settings } = cli({ count: { type: 'string' } }, usage);

run(json, async () => {
  const count = typeof values.count !== 'string' ? undefined : parseWholeNumber('count', values.count, RELATED_COUNT, usage);
  const service = await openService(settings);
  const related = await service.related(positionals.join(' '), { count });
  print(json, withNoticeText(related), () => renderRelated(related, cliForm));
});
