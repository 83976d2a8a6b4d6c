/** The local console against the real service: follow-ups, options in any order, plain-word commands, the progress line on a terminal. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { PassThrough, Writable } from 'node:stream';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { paperPdf, samplePaper } from './support/paper-pdf.js';
import { PapercordService, type AskOptions } from '../src/service.js';
import { runConsole } from '../src/console/console.js';
import { NoticeRepeats } from '../src/console/notices.js';
import { parseLine } from '../src/console/parse.js';
import { HISTORY_TURNS, type Answer, type Notice, type ProgressEvent, type Turn } from '../src/types.js';
import { escapeRegExp } from '../src/text/pattern.js';
import { captureLog, testSettings, builtIndexSettings, tempDir } from './support/env.js';
import { joinNotices } from '../src/notice.js';
import { citingTwoPapers, modelServiceFixture, userText } from './support/progress.js';
import { citedPapers as cited } from './support/answers.js';
import { CLEAR_LINE, FakeTerminal, statusTexts } from './support/terminal.js';
import { configureLogging, log as processLog } from '../src/log.js';
import { fitRow, progressText, textColumns } from '../src/console/status-line.js';
import { COMMANDS } from '../commands/index.js';
import type { CommandModule } from '../src/command/types.js';

const log = captureLog();
const service = await PapercordService.open(await testSettings(), { log });
/** A service whose answers the Ollama test server writes. */
const withModel = modelServiceFixture();

/**
 * Runs the console over these lines; every write to the output, in order. `columns` makes the
 * output a terminal that wide. `out` leaves out the echo of each piped line (`> line`), which
 * `transcript` keeps.
 */
async function consoleRun(lines: string[], opts: { columns?: number; on?: PapercordService; told?: string[] } = {}): Promise<{ out: string; writes: string[]; transcript: string }> {
  const writes: string[] = [];
  const output = new Writable({
    write(chunk: Buffer | string, _enc, cb) {
      writes.push(String(chunk));
      cb();
    },
  });
  if (opts.columns) Object.assign(output, { isTTY: true, columns: opts.columns });
  const input = new PassThrough();
  input.end(lines.join('\n') + '\n');
  await runConsole(opts.on ?? service, { input, output, interactive: opts.columns !== undefined, banner: [], told: opts.told, log });
  const transcript = writes.join('');
  return { out: transcript.replace(/^> .*\n/gm, ''), writes, transcript };
}

/** The answer blocks the console printed, one per command. */
const blocks = (out: string) => out.split('\n\n').filter((b) => b.trim());

test('a question is asked with the last turns of the console conversation, as a Discord reply chain gives them', async (t) => {
  const histories: (Turn[] | undefined)[] = [];
  const ask = service.ask.bind(service);
  t.mock.method(service, 'ask', (q: string, o: AskOptions = {}) => {
    histories.push(o.history && [...o.history]);
    return ask(q, o);
  });
  const { out } = await consoleRun(['What is PixelThink?', 'What are its results?', '/ask How much faster is it?', 'What benchmark does it introduce?', 'Who wrote it?']);
  assert.deepEqual(histories[0], []);
  assert.deepEqual(histories[1]?.map((h) => h.question), ['What is PixelThink?']);
  assert.match(histories[1]![0]!.answer, /PixelThink/);
  assert.deepEqual(histories[3]?.map((h) => h.question), ['What is PixelThink?', 'What are its results?', 'How much faster is it?'].slice(-HISTORY_TURNS));
  // Only the last HISTORY_TURNS turns: the first has dropped out by the fifth question.
  assert.deepEqual(histories[4]?.map((h) => h.question), ['What are its results?', 'How much faster is it?', 'What benchmark does it introduce?']);
  assert.equal(HISTORY_TURNS, 3);
  // "its results" are PixelThink's: alone, the question quotes other papers' results first.
  const second = blocks(out).filter((b) => b.includes('Sources:'))[1]!;
  assert.match(second.split('Sources:')[1]!, /^\s+\[1\] PixelThink/);
});

test('"Who wrote them?" after a model\'s answer gets the bylines of the papers it cites, though it quotes neither', async (t) => {
  const { service: written } = await withModel.open();
  withModel.server.script({ reply: citingTwoPapers });
  const answers: Answer[] = [];
  const ask = written.ask.bind(written);
  t.mock.method(written, 'ask', async (q: string, o: AskOptions = {}) => {
    const a = await ask(q, o);
    answers.push(a);
    return a;
  });
  const { out } = await consoleRun(['Which papers train multimodal LLMs with GRPO?', 'Who wrote them?'], { on: written });
  const [model, bylines] = answers;
  assert.equal(model!.mode, 'ollama', model!.notice?.said);
  assert.match(model!.answer, /^Two papers train with GRPO \[1\] and \[2\]\.$/);
  assert.equal(cited(model!).length, 2);
  assert.deepEqual(cited(bylines!), cited(model!), bylines!.answer);
  for (const id of cited(model!)) assert.match(out, new RegExp(`^${escapeRegExp(written.catalog.get(id)!.title)} is by .+\\(ICML 2026\\)\\. \\[\\d\\]$`, 'm'), out);
});

test('options take their place anywhere on the line: one word for length, count and page, and a paper before the question', async () => {
  const run = async (line: string) => {
    const { out } = await consoleRun([line]);
    assert.doesNotMatch(out, /error:/, line);
    return out;
  };
  const [ask, summary, related, papers] = [
    await run('/ask paper:PixelThink What is the speedup?'),
    await run('/summary --length short PixelThink'),
    await run('/related --count 2 PixelThink'),
    await run('/papers --page 2 audio'),
  ];
  assert.match(ask!, /\(2505\.23727\)/);
  assert.match(summary!, /^PixelThink: .*\(2505\.23727\)/);
  assert.match(related!, /^Related to PixelThink/);
  assert.equal(related!.match(/^\d+\. /gm)?.length, 2);
  // The search is "audio", one paper, not the whole list; its one page is shown for page 2.
  assert.match(papers!, /^dementyev26a +PhaseCoder/);
  assert.equal(papers!.trim().split('\n').length, 1);
});

test('console options: parsed wherever they appear, multi-word paper titles kept when they come last, quotes group words', () => {
  const ask = (text: string, options: Record<string, string> = {}) => ({ command: 'ask', text, options });
  assert.deepEqual(parseLine('/ask paper:PixelThink What is the speedup?'), ask('What is the speedup?', { paper: 'PixelThink' }));
  assert.deepEqual(parseLine('/ask --paper zeller26a What does it evaluate?'), ask('What does it evaluate?', { paper: 'zeller26a' }));
  assert.deepEqual(parseLine('/ask --paper "Mentis Oculi" What is it?'), ask('What is it?', { paper: 'Mentis Oculi' }));
  assert.deepEqual(parseLine('/ask paper:"Mentis Oculi" What is it?'), ask('What is it?', { paper: 'Mentis Oculi' }));
  assert.deepEqual(parseLine('/ask paper: Mentis Oculi question: what is it'), ask('what is it', { paper: 'Mentis Oculi' }));
  assert.deepEqual(parseLine('/ask question: what is it paper: Mentis Oculi'), ask('what is it', { paper: 'Mentis Oculi' }));
  assert.deepEqual(parseLine('/ask What is it? --paper Mentis Oculi'), ask('What is it?', { paper: 'Mentis Oculi' }));
  assert.deepEqual(parseLine(`/ask What's "mental imagery" in MentisOculi?`), ask(`What's "mental imagery" in MentisOculi?`));
  assert.deepEqual(parseLine('/summary --length short PixelThink'), { command: 'summary', text: 'PixelThink', options: { length: 'short' } });
  assert.deepEqual(parseLine('/summary --length=short PixelThink'), { command: 'summary', text: 'PixelThink', options: { length: 'short' } });
  assert.deepEqual(parseLine('/summary Mentis --length short Oculi'), { command: 'summary', text: 'Mentis Oculi', options: { length: 'short' } });
  assert.deepEqual(parseLine('/related --count 2 spatial audio'), { command: 'related', text: 'spatial audio', options: { count: '2' } });
  assert.deepEqual(parseLine('/related "spatial audio" count:2'), { command: 'related', text: 'spatial audio', options: { count: '2' } });
  assert.deepEqual(parseLine('/papers --page 2 audio'), { command: 'papers', text: 'audio', options: { page: '2' } });
});

test('a bare help, ? or quit line is the console command, not a question', async () => {
  for (const line of ['help', 'Help', '?', '  ?  ']) assert.deepEqual(parseLine(line), { command: 'help', text: '', options: {} }, line);
  for (const line of ['quit', 'EXIT']) assert.deepEqual(parseLine(line), { command: 'quit', text: '', options: {} }, line);
  assert.equal((parseLine('help me understand PixelThink') as { command: string }).command, 'ask');
  const { out } = await consoleRun(['help', '?', 'quit', 'What does MentisOculi evaluate?']);
  assert.equal(out.match(/\/summary <paper>/g)?.length, 2);
  assert.doesNotMatch(out, /Sources:/, 'nothing quoted for help, and nothing asked after quit');
});

test('--length is read in any case', async () => {
  const { out } = await consoleRun(['/summary PixelThink --length SHORT', '/summary --length Long mentis']);
  assert.doesNotMatch(out, /error:/);
  assert.equal(out.match(/^TL;DR: /gm)?.length, 2, "the plain console shows no Markdown bold");
});

test('a topic typed in quotes is shown in one pair of quotes', async () => {
  const { out } = await consoleRun(['/related "spatial audio"']);
  assert.match(out, /^Papers on "spatial audio":$/m);
});

test('on a terminal, each progress line fits its width, so one clear removes it; nothing says "writing" when no model writes', async () => {
  const columns = 80;
  const { out, writes } = await consoleRun(['What does MentisOculi evaluate?'], { columns });
  const clear = '\r\x1b[2K';
  const progress = writes.filter((w) => w.startsWith(clear) && w.length > clear.length).map((w) => w.slice(clear.length));
  // Without a reachable Ollama the service still announces the model (and why it was not used) as progress.
  assert.ok(progress.some((p) => p.startsWith('The model server could not be reached')), progress.join('\n'));
  for (const p of progress) assert.ok([...p].length < columns && !p.includes('\n'), p);
  assert.ok(!progress.some((p) => p.startsWith('writing')), progress.join('\n'));
  // The console's user runs papercord: the note says where it looked and what to do.
  assert.match(out, /Note: The model server could not be reached, so this answer is quoted .* No Ollama server answered at http:\/\/127\.0\.0\.1:9\. Start Ollama \(ollama serve\) or check OLLAMA_HOST\./);
});

test('the same note is shown once, not under every answer, and again only after the model has written one', async () => {
  const note = /Note: The model server could not be reached, so this answer is quoted/g;
  const { out } = await consoleRun(['What does MentisOculi evaluate?', '/summary PixelThink', '/related VEQ', 'How do I fix a dripping faucet?', 'When was VEQ published?', 'What is VEQ?']);
  assert.equal(out.match(note)?.length, 1, out);
  assert.equal(out.match(/^— extractive/gm)?.length, 6, 'every answer still says how it was made');
  const notes = new NoticeRepeats();
  const down = { said: 'Ollama is down' };
  const quoted = { mode: 'extractive', notice: down };
  assert.equal(notes.unrepeated(quoted).notice, down);
  assert.equal(notes.unrepeated<{ mode: string; notice?: Notice }>({ mode: 'extractive' }).notice, undefined);
  assert.equal(notes.unrepeated(quoted).notice, undefined, 'an answer without a note is no news');
  notes.unrepeated({ mode: 'ollama' });
  assert.equal(notes.unrepeated(quoted).notice, down, 'down again after the model wrote an answer');
});

test('a note joined from several shows the parts not shown yet: the model failing after a search by words only is still told', async () => {
  const { service: embedding } = await withModel.open({ EMBEDDINGS: 'auto', DATA_DIR: await tempDir(), OLLAMA_EMBED_TIMEOUT_MS: '300', ANSWER_CACHE_SIZE: '0' });
  assert.match(embedding.info().embedder, /^ollama-/);
  withModel.server.scriptEndpoint('/api/embed', { status: 500, errorMessage: 'embedding failed' });
  try {
    // The model writes the first answer, then nothing.
    withModel.server.script((req) => (userText(req).includes('<question>\nWhat does MentisOculi probe?\n') ? { reply: 'MentisOculi probes mental imagery [1].' } : { empty: true }));
    const { out } = await consoleRun(['What does MentisOculi probe?', 'What does MentisOculi find about mental images?', 'What does MentisOculi evaluate?'], { on: embedding });
    const notes = out.split('\n').filter((line) => line.startsWith('Note: '));
    assert.equal(notes.length, 2, out);
    assert.match(notes[0]!, /^Note: The papers were searched by the question's words only/);
    // The second answer's note is the same search, told already, and news of the model.
    assert.equal(notes[1], 'Note: llama3.2:3b wrote nothing, so this answer is quoted from the abstracts.');
  } finally {
    withModel.server.scriptEndpoint('/api/embed', null);
    withModel.server.script(null);
  }
  const notes = new NoticeRepeats();
  const down = { said: 'Ollama is down' };
  const slow = { said: 'Embeddings are slow', forOperator: 'Check the embedding server.' };
  assert.equal(notes.unrepeated({ mode: 'extractive', notice: down }).notice, down);
  assert.deepEqual(notes.unrepeated({ mode: 'extractive', notice: joinNotices(down, slow) }).notice, slow);
  assert.equal(notes.unrepeated({ mode: 'extractive', notice: joinNotices(slow, down) }).notice, undefined);
});

test('/status says why the model was last not used and when, and once it has answered since, that this is past', async () => {
  const { service: slow } = await withModel.open({ OLLAMA_FIRST_TOKEN_TIMEOUT_MS: '300' });
  const lastNotUsed = (out: string) => out.split('\n').filter((line) => line.includes('Last time the model was not used'));
  assert.deepEqual(lastNotUsed((await consoleRun(['/status'], { on: slow })).out), []);
  withModel.server.script({ hang: true });
  const failed = await consoleRun(['What does MentisOculi evaluate?', '/status'], { on: slow });
  const [line] = lastNotUsed(failed.out);
  const when = /^ {12}Last time the model was not used \((\d+) s ago, (\S+)\): llama3\.2:3b did not start answering within 300 ms .* OLLAMA_FIRST_TOKEN_TIMEOUT_MS sets the wait\.$/.exec(line ?? '');
  assert.ok(when, failed.out);
  assert.ok(Math.abs(Date.parse(when[2]!) - Date.now()) < 5000, when[2]);
  withModel.server.script(null);
  const answered = await consoleRun(['What does MentisOculi evaluate?', '/status'], { on: slow });
  assert.match(answered.out, /— written by llama3\.2:3b/);
  assert.deepEqual(lastNotUsed(answered.out).map((l) => l.replace(/\(\d+ s ago, /, '(')), [line!.replace(/\(\d+ s ago, /, '(').replace('):', '; it has answered since):')]);
});

test('a note the banner already gave is not repeated under the first answer or summary', async () => {
  const status = await service.refreshModelStatus();
  assert.match(status.detail, /^No Ollama server answered at http:\/\/127\.0\.0\.1:9: answers are extractive/);
  const { out } = await consoleRun(['What does MentisOculi evaluate?', '/summary PixelThink'], { told: [status.detail] });
  assert.doesNotMatch(out, /Note:/, out);
  assert.equal(out.match(/^— extractive/gm)?.length, 2, 'each still says how it was made');
  const other = await consoleRun(['What does MentisOculi evaluate?'], { told: ['The chat model llama3.2:3b is not installed on the Ollama server at http://127.0.0.1:9: answers are extractive.'] });
  assert.match(other.out, /Note: The model server could not be reached/, 'a different note is still shown');
});

test('answers and summaries print text as written: S_N, not the S\\_N that Discord is given', async () => {
  const pmlr = await PapercordService.open(await builtIndexSettings({ CORPUS: 'pmlr-v306' }), { log });
  try {
    const { out } = await consoleRun(['What set does neural graph dispersion construct?', '/summary hosseini26b'], { on: pmlr });
    // Once in the answer, once in the summary's Method part.
    assert.equal(out.match(/graphs S_N, metric d/g)?.length, 2, out);
    assert.doesNotMatch(out, /S\\+_N/);
  } finally {
    await pmlr.close();
  }
});

test('a --page that is not a whole number from 1 is an error that says so, not page 1; past the end is the last page', async () => {
  const { out } = await consoleRun(['/papers --page 0', '/papers --page abc', '/papers --page 1.5', '/related --count 11 spatial audio', '/papers --page 99 audio']);
  const [zero, abc, half, count, last] = blocks(out);
  assert.equal(zero, 'error: --page must be a whole number of at least 1, not "0".');
  assert.equal(abc, 'error: --page must be a whole number of at least 1, not "abc".');
  assert.equal(half, 'error: --page must be a whole number of at least 1, not "1.5".');
  assert.equal(count, 'error: --count must be a whole number from 1 to 10, not "11".');
  // One paper is about audio: page 99 is the one page there is.
  assert.match(last!, /^dementyev26a +PhaseCoder/);
});

test('a paper, topic or question of only quotes is missing, and the error says what to type, not "No paper matches """"', async () => {
  const { out } = await consoleRun(['/summary "', '/summary “”', `/related '`, '/ask "']);
  const [summary, curly, related, ask] = blocks(out);
  for (const b of [summary, curly]) assert.equal(b, 'error: No paper was named.\nGive a paper id or part of its title; /papers lists them.');
  assert.equal(related, 'error: Name a paper or describe a topic.\nFor example: /related paper_or_topic: spatial audio');
  assert.match(ask!, /^error: The question is empty\.\nAsk something about the papers, for example: /);
  assert.doesNotMatch(out, /No paper matches|Papers on/);
});

test('/summary and /related are turns of the conversation: "Who wrote it?" after a summary is its paper\'s byline, "Who wrote them?" after /related the listed papers\', and "/related it" is the paper the conversation is on', async () => {
  const bylines = (out: string) => out.split('\n').filter((line) => / is by .*\(ICML 2026\)\. \[\d+\]$/.test(line));
  const [byline] = bylines((await consoleRun(['What is PixelThink?', 'Who wrote it?'])).out);
  assert.match(byline!, /^PixelThink: .* is by /);
  const summaryFirst = (await consoleRun(['/summary PixelThink --length short', 'who wrote it?'])).out;
  assert.deepEqual(bylines(summaryFirst), [byline]);
  const { out } = await consoleRun(['What is PixelThink?', '/related it', 'who wrote them?']);
  const related = out.slice(out.indexOf('Related to '));
  assert.ok(related.startsWith('Related to PixelThink: Towards Efficient Chain-of-Pixel Reasoning (2505.23727):\n'), out);
  const listed = [...related.matchAll(/^\d+\. .* \(([^()\s]+)\)(?: \S+)?$/gm)].map((m) => m[1]!);
  assert.ok(listed.length >= 2, related);
  assert.deepEqual(bylines(related).map((line) => line.split(' is by ')[0]), listed.map((id) => service.catalog.get(id)!.title));
  // "/related this" after a summary is its paper's list; with no turn before, or after several papers, which paper is asked.
  assert.ok((await consoleRun(['/summary PixelThink', '/related this'])).out.includes('\nRelated to PixelThink: Towards Efficient Chain-of-Pixel Reasoning (2505.23727):\n'));
  assert.match((await consoleRun(['/related it'])).out, /^error: Which paper\? "it" names none\./);
  assert.match((await consoleRun(['/related PixelThink', '/summary that paper'])).out, /error: Which paper\? The last answer is about \d+: /);
});

test('a /papers page is a turn about the papers it shows: "the second one" is the second of them, "them" all of them', async () => {
  const shown = service.listPapers('video').slice(0, 20);
  assert.ok(shown.length >= 2);
  const { out } = await consoleRun(['/papers video', 'What is the second one about?']);
  const sources = out.slice(out.indexOf('Sources:'));
  assert.deepEqual([...sources.matchAll(/^\s+\[\d+\] .* \(([^()\s]+)\)/gm)].map((m) => m[1]), [shown[1]!.id], out);
  const bylines = blocks((await consoleRun(['/papers video', 'Who wrote them?'])).out)[1]!;
  assert.deepEqual(bylines.split('\n').filter((line) => / is by /.test(line)).map((line) => line.split(' is by ')[0]), shown.map((p) => p.title));
});

/** A command for the console tests: shows a status line, logs a line through the process log while it is live, and answers. */
const loggingCommand: CommandModule = {
  ...(COMMANDS.find((c) => c.data.name === 'status')!),
  text: {
    async run(_input, ctx) {
      ctx.onProgress?.({ type: 'retrieved', sources: [] } as unknown as ProgressEvent);
      processLog.warn('a log line while the status line is live');
      return { json: {}, render: () => 'the answer line' };
    },
  },
};

test('a log line written while the status line is live waits, and is printed below the finished answer, never inside a line', async () => {
  const terminal = new FakeTerminal({ columns: 80 });
  configureLogging({ sink: terminal.logLine, json: true });
  try {
    const input = new PassThrough();
    input.end('/status\n');
    await runConsole(service, { input, output: terminal, interactive: true, banner: [], log, commands: [loggingCommand] });
  } finally {
    configureLogging({ sink: (line) => process.stderr.write(line + '\n') });
  }
  const text = terminal.text;
  const logAt = text.indexOf('a log line while the status line is live');
  assert.ok(logAt > text.indexOf('the answer line\n'), JSON.stringify(text));
  // The log line starts a line of its own: the status line was cleared and the answer ended before it.
  assert.equal(text.slice(0, logAt).lastIndexOf('\n'), text.slice(0, logAt).lastIndexOf('{') - 1, JSON.stringify(text));
});

test('with the model known to be down nothing says "asking the model"; at /quit no status line is left on the terminal', async () => {
  assert.equal(progressText({ type: 'started' } as ProgressEvent, false), undefined);
  assert.equal(progressText({ type: 'started' } as ProgressEvent, true), 'asking the model…');
  const { writes } = await consoleRun(['What does MentisOculi evaluate?', '/summary PixelThink', '/quit'], { columns: 80 });
  assert.ok(!statusTexts(writes).some((t) => /asking the model/.test(t)), statusTexts(writes).join('\n'));
  assert.ok(statusTexts(writes).length > 0, 'a status line was shown');
  const lastStatus = writes.map((w) => statusTexts([w]).length > 0).lastIndexOf(true);
  assert.ok(writes.slice(lastStatus + 1).includes(CLEAR_LINE), 'the last status line is cleared');
});

test('a notice wider than the terminal, or with line breaks, is cut to one row, so one clear erases it whole', () => {
  const notice = `${'模型服务器无法连接 '.repeat(12)}\nand a second line ${'x'.repeat(100)}`;
  for (const width of [20, 40, 80]) {
    const row = fitRow(notice, width);
    assert.ok(textColumns(row) < width, `${textColumns(row)} columns at ${width}: ${row}`);
    assert.ok(!/[\r\n]/.test(row), row);
  }
  assert.equal(fitRow('short', 80), 'short');
});

test('piped lines are echoed as "> line", each right before its answer; /quit is not', async () => {
  const { transcript } = await consoleRun(['Who wrote PixelThink?', 'summarize pixelthink', '/quit']);
  const [before, first, second, ...rest] = transcript.split(/^> /m);
  assert.equal(before, '');
  assert.match(first!, /^Who wrote PixelThink\?\nPixelThink: .* is by [\s\S]*Sources:/);
  assert.match(second!, /^summarize pixelthink\nTL;DR: [\s\S]*Sources:/);
  assert.deepEqual(rest, []);
  assert.doesNotMatch(transcript, /> \/quit/);
});

test('when the output pipe closes (EPIPE), the console stops reading and ends without an error', async () => {
  const input = new PassThrough();
  // Never ended: only the closed output can end this console.
  input.write('What does MentisOculi evaluate?\nWhat is PixelThink?\n');
  const errors = captureLog();
  await runConsole(service, { input, output: new FakeTerminal({ failWith: 'EPIPE' }), interactive: false, banner: ['banner'], log: errors });
  assert.deepEqual(errors.lines.filter((l) => l.level === 'error'), []);
});

test('a note the banner gave is not shown again on the status line', async () => {
  const told = [service.modelStatus().detail];
  const { writes } = await consoleRun(['What does MentisOculi evaluate?'], { columns: 80, told });
  assert.ok(!statusTexts(writes).some((t) => /could not be reached|No Ollama server answered/.test(t)), statusTexts(writes).join('\n'));
  const { writes: untold } = await consoleRun(['What does MentisOculi evaluate?'], { columns: 80 });
  assert.ok(statusTexts(untold).some((t) => /could not be reached/.test(t)), 'without the banner, the status line says it');
});

test('/add reads a PDF from a path into the local collection, which the console\'s /papers lists; /remove takes it out; a missing file is an error', async () => {
  const dir = await tempDir();
  const file = path.join(dir, 'two-columns.pdf');
  await writeFile(file, (await paperPdf(samplePaper(2))).bytes);
  const local = await PapercordService.open(await testSettings(), { log, writer: null });
  try {
    const added = blocks((await consoleRun([`/add ${file}`], { on: local })).out).join('\n');
    const paper = local.findPapers('Two Columns Layout-Aware Extraction', 1)[0];
    assert.ok(paper && /Two Columns/.test(paper.title), added);
    assert.ok(added.includes(paper.id), 'the report names the paper');
    assert.ok((await consoleRun(['/papers layout-aware extraction'], { on: local })).out.includes(paper.id));
    await consoleRun([`/remove ${paper.id}`], { on: local });
    assert.ok(!local.findPapers(undefined).some((p) => p.id === paper.id));
    const missing = (await consoleRun([`/add ${path.join(dir, 'nowhere.pdf')}`], { on: local })).out;
    assert.match(missing, /^error: /m);
    assert.ok(missing.includes('nowhere.pdf'));
  } finally {
    await local.close();
  }
});
