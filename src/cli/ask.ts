import { createInterface } from 'node:readline';
import { cli, cliError, cliForm, openService, print, run } from './common.js';
import { asWritten, renderAnswer } from '../render/text.js';
import { operatorFacingError } from '../errors.js';
import type { Answer } from '../types.js';

const usage = 'usage: npm run ask -- [--json] [--paper <id or title>] "<question>"\n       (no question: one question per line from standard input)';
const { values, positionals, json, settings } = cli({ paper: { type: 'string' } }, usage);

run(json, async () => {
  const service = await openService(settings);
  const question = positionals.join(' ');
  // A question argument, even a blank one (which gets its error), means "not from stdin".
  if (positionals.length > 0 || process.stdin.isTTY) {
    const answer = forCli(await service.ask(question, { paper: values.paper as string | undefined }));
    print(json, answer, () => renderAnswer(answer));
    return;
  }
  // One question per line; a bad line gets an error object and the rest still run.
  for await (const line of createInterface({ input: process.stdin, crlfDelay: Infinity })) {
    if (!line.trim()) continue;
    try {
      const answer = forCli(await service.ask(line, { paper: values.paper as string | undefined }));
      print(json, answer, () => renderAnswer(answer) + '\n');
    } catch (e) {
      const err = cliError(operatorFacingError(e));
      print(json, { question: line, error: err }, () => `error: ${err.message}\n`);
    }
  }
});

/** A refusal points to /summary or /related; here those are npm scripts. */
function forCli(a: Answer): Answer {
  return asWritten({ ...a, answer: cliForm(a.answer) });
}
