import { cli, openService, print, run } from './common.js';
import { asWritten, renderSummary } from '../render/text.js';
import { parseSummaryLength } from '../answer/summary.js';
import { withNoticeText } from '../notice.js';

const usage = 'usage: npm run summary -- [--json] [--length short|medium|long] "<paper id or title>"';
const { values, positionals, json, settings } = cli({ length: { type: 'string', default: 'medium' } }, usage);

run(json, async () => {
  const length = parseSummaryLength(String(values.length), usage);
  const service = await openService(settings);
  const summary = asWritten(await service.summary(positionals.join(' '), { length }));
  print(json, withNoticeText(summary), () => renderSummary(summary));
});
