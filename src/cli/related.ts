import { cli, cliForm, openService, print, run } from './common.js';
import { NO_RELATED, renderRelated } from '../render/text.js';
import { PapercordError } from '../errors.js';

const usage = 'usage: npm run related -- [--json] [--count N] "<paper id, title or topic>"';
const { values, positionals, json, settings } = cli({ count: { type: 'string' } }, usage);

run(json, async () => {
  const count = typeof values.count !== 'string' ? undefined : Number(values.count);
  if (count !== undefined && (!Number.isInteger(count) || count < 1 || count > 10)) throw new PapercordError('BAD_INPUT', '--count must be a whole number from 1 to 10.', usage);
  const service = await openService(settings);
  const related = await service.related(positionals.join(' '), { count });
  print(json, related, () => renderRelated(related, cliForm(NO_RELATED)));
});
