import { createInterface } from 'node:readline';
import { cli, cliError, cliForm, openService, print, run } from './common.js';
import { errorLines } from './flags.js';
import { asWritten, renderAnswer } from '../render/text.js';
import { operatorFacingError } from '../errors.js';
import { withNoticeText } from '../notice.js';
import type { Answer } from '../types.js';

const usage = 'usage: npm run ask -- [--json] [--paper <id or title>] "<question>"\n       (no question: one question per line from standard input)';
const { values, positionals, json, settings } = cli({ paper: { type: 'string' } }, usage);

run(json, async () => {
  const service = await openService(settings);
  const question = positionals.join(' ');
  const paper = values.paper as string | undefined;
  // A question argument, even a blank one (which gets its error), means "not from stdin".
  if (positionals.length > 0 || process.stdin.isTTY) {
    const answer = forCli(await service.ask(question, { paper }));
    print(json, withNoticeText(answer), () => renderAnswer(answer));
    return;
  }
  // Checked once, before any line: a --paper that matches nothing would fail every line alike.
  if (paper !== undefined) service.resolvePaper(paper);
  // One question per line; a bad line gets its error and the rest still run; the exit status then says some failed.
  let lineNumber = 0;
  let failed = 0;
  for await (const line of createInterface({ input: process.stdin, crlfDelay: Infinity })) {
    lineNumber++;
    if (!line.trim()) continue;
    try {
      const answer = forCli(await service.ask(line, { paper }));
      print(json, withNoticeText(answer), () => renderAnswer(answer) + '\n');
    } catch (e) {
      failed++;
      const err = cliError(operatorFacingError(e));
      if (json) process.stdout.write(`${JSON.stringify({ question: line, error: err })}\n`);
      else process.stderr.write(`${errorLines(err, `line ${lineNumber}`)}\n`);
    }
  }
  if (failed > 0) process.exitCode = 1;
});

/** A refusal points to /summary or /related; here those are npm scripts. */
function forCli(a: Answer): Answer {
  return asWritten({ ...a, answer: cliForm(a.answer) });
}
