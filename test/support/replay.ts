/**
 * The replay suite: replies written as a 3–4B instruction model writes them (llama3.2:3b,
 * qwen3:4b), stored in test/fixtures/replies/*.yaml, replayed by the Ollama test server through
 * the real `ollama` client to the service's /ask, /summary and /related, and what reached the
 * user judged against what each fixture says it is:
 *
 * - good: shown as the model wrote it (citations as [n], numbered in order of first use), with no
 *   notice that anything was left out;
 * - refusal: shown as a refusal (or the passages quoted with the model's verdict), never as an
 *   answer blamed for citing nothing;
 * - flawed: what it invents (`flawed`) never reaches the user, in the answer or in any progress
 *   event; `outcome` says whether the rest is kept (`dropped`) or the answer replaced (`replaced`).
 *
 * A reply names the sources it cites by paper (`{veq}`, `{pixelthink,veq}`, `{?}` for a number no
 * source has): the server writes them as the prompt numbers them, in the fixture's citation style.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { PROJECT_ROOT } from '../../src/config.js';
import type { PapercordService } from '../../src/service.js';
import type { Answer, ProgressEvent, Related, Summary } from '../../src/types.js';
import type { ChatRequestRecord, ChatScript, OllamaTestServer } from './ollama-server.js';

export const REPLIES_DIR = path.join(PROJECT_ROOT, 'test', 'fixtures', 'replies');

/** The papers of the icml2026 corpus by a short name, as fixtures cite them. */
export const PAPERS: Record<string, string> = {
  phasecoder: 'dementyev26a',
  s3: '2605.03348',
  scivideobench: 'deng26w',
  stveto: '2607.17884',
  mllm4d: '2603.00515',
  submodular: 'improved-dynamic-algorithm-for-non-monotone-submodular',
  vlaattc: '2605.01194',
  veq: '2602.01037',
  gcl: 'meng26a',
  rft3d: 'linghu26a',
  mentisoculi: 'zeller26a',
  cast: '2603.08648',
  tgvkv: '2606.03075',
  cope: 'cope-continual-probe-guided-expansion-for-large-vision',
  proactivellm: '2606.00523',
  prism: '2605.05407',
  cmollm: '2607.22577',
  furina: 'wu26bw',
  pixelthink: '2505.23727',
};

export type Style = '[n]' | '[n,m]' | '[n; m]' | '[n-m]' | '(Source n)' | '[Source n]' | '[source n]' | '(n)' | '[^n]' | '【n】' | '[[n]]' | 'Source n';
export const STYLES: readonly Style[] = ['[n]', '[n,m]', '[n; m]', '[n-m]', '(Source n)', '[Source n]', '[source n]', '(n)', '[^n]', '【n】', '[[n]]', 'Source n'];

export interface ReplyFixture {
  id: string;
  model: 'llama3.2:3b' | 'qwen3:4b';
  command: 'ask' | 'summary' | 'related';
  /** The question; the paper (id or short name) for /summary; the paper or topic for /related. */
  request: string;
  length?: 'short' | 'medium' | 'long';
  count?: number;
  kind: 'good' | 'refusal' | 'flawed';
  /** How the model writes its citations (default "[n]"). */
  style?: Style;
  reply: string;
  /** Reasoning written before the reply in a <think> block, as qwen3 does when it thinks anyway. */
  thinking?: string;
  /** Flawed: what the reply invents, which must never be shown. */
  flawed?: string[];
  /** Flawed: the rest kept with a notice, or the whole replaced. */
  outcome?: 'dropped' | 'replaced';
  /** What the reply is an example of ("opener", "bullets", "hedged figure", ...). */
  covers?: string[];
}

export function loadFixtures(dir = REPLIES_DIR): ReplyFixture[] {
  const out: ReplyFixture[] = [];
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.yaml')).sort()) {
    const list = parse(readFileSync(path.join(dir, file), 'utf8')) as ReplyFixture[];
    for (const f of list) out.push({ ...f, reply: f.reply.replace(/\n+$/, '') });
  }
  return out;
}

const PLACEHOLDER = /(\s*)\{([^{}]+)\}/g;
const lastUser = (req: ChatRequestRecord) => [...req.messages].reverse().find((m) => m.role === 'user')?.content ?? '';

/** Paper id -> its number in the prompt (its first excerpt's), and how many sources there are. */
function promptNumbers(req: ChatRequestRecord): { numbers: Map<string, number>; count: number } {
  const numbers = new Map<string, number>();
  let count = 0;
  for (const [, n, id] of lastUser(req).matchAll(/^\[(\d+)\] .* \(paper id: (\S+)\)$/gm)) {
    count = Math.max(count, Number(n));
    if (!numbers.has(id!)) numbers.set(id!, Number(n));
  }
  return { numbers, count };
}

function numbersOf(fixture: ReplyFixture, names: string, prompt: ReturnType<typeof promptNumbers>): number[] {
  return names.split(',').map((name) => {
    const alias = name.trim();
    if (alias === '?') return prompt.count + 3;
    const n = prompt.numbers.get(PAPERS[alias] ?? alias);
    if (n === undefined) throw new Error(`fixture ${fixture.id}: the prompt has no source for "${alias}" (${[...prompt.numbers.keys()].join(', ')})`);
    return n;
  });
}

function and(ns: number[]): string {
  return ns.length === 1 ? String(ns[0]) : `${ns.slice(0, -1).join(', ')} and ${ns.at(-1)}`;
}

/** A citation group as the style writes it, and whether it is written right after the word before it. */
function written(style: Style, ns: number[]): { text: string; attached?: boolean } {
  const many = ns.length > 1;
  switch (style) {
    case '[n]': return { text: `[${ns.join(', ')}]` };
    case '[n,m]': return { text: `[${ns.join(',')}]` };
    case '[n; m]': return { text: `[${ns.join('; ')}]` };
    case '[n-m]': return { text: many && ns.every((n, i) => i === 0 || n === ns[i - 1]! + 1) ? `[${ns[0]}-${ns.at(-1)}]` : `[${ns.join(', ')}]` };
    case '(Source n)': return { text: `(Source${many ? 's' : ''} ${and(ns)})` };
    case '[Source n]': return { text: `[Source${many ? 's' : ''} ${ns.join(', ')}]` };
    case '[source n]': return { text: `[source${many ? 's' : ''} ${and(ns)}]` };
    case '(n)': return { text: `(${ns.join(', ')})` };
    case '[^n]': return { text: ns.map((n) => `[^${n}]`).join(''), attached: true };
    case '【n】': return { text: ns.map((n) => `【${n}】`).join(''), attached: true };
    case '[[n]]': return { text: `[[${ns.join(', ')}]]` };
    case 'Source n': return { text: `Source${many ? 's' : ''} ${and(ns)}` };
  }
}

/** The reply as the model writes it for this request: its citations numbered as the prompt numbers the papers, in its style. */
export function replyFor(fixture: ReplyFixture, req: ChatRequestRecord): string {
  const prompt = promptNumbers(req);
  const style = fixture.style ?? '[n]';
  const cited = new Set<number>();
  const body = fixture.reply.replace(PLACEHOLDER, (_, space: string, names: string) => {
    const ns = numbersOf(fixture, names, prompt);
    // A related reply's line starts with its candidate's number, as "2." is written.
    if (fixture.command === 'related') return `${space}${ns.join(', ')}`;
    ns.forEach((n) => cited.add(n));
    const w = written(style, ns);
    return `${w.attached ? '' : space}${w.text}`;
  });
  const footnotes = style === '[^n]' ? `\n\n${[...cited].map((n) => `[^${n}]: ${titleOf(req, n)}`).join('\n')}` : '';
  return `${fixture.thinking ? `<think>\n${fixture.thinking}\n</think>\n\n` : ''}${body}${footnotes}`;
}

function titleOf(req: ChatRequestRecord, n: number): string {
  return new RegExp(`^\\[${n}\\] (.*) \\(paper id: `, 'm').exec(lastUser(req))?.[1] ?? `Source ${n}`;
}

/**
 * What a good reply shows: its text with each citation "[n]", numbered in order of first use,
 * a group's numbers in order; the papers it cites, in that order.
 */
export function expectedShown(fixture: ReplyFixture): { text: string; papers: string[] } {
  const papers: string[] = [];
  const numberOf = (id: string) => {
    if (!papers.includes(id)) papers.push(id);
    return papers.indexOf(id) + 1;
  };
  const text = fixture.reply
    .replace(PLACEHOLDER, (_, space: string, names: string) => {
      const ids = names.split(',').map((a) => PAPERS[a.trim()] ?? a.trim());
      const ns = [...new Set(ids.map(numberOf))].sort((a, b) => a - b);
      return `${space.includes('\n') ? space : ' '}[${ns.join(', ')}]`;
    })
    .split('\n')
    .map((l) => l.trim())
    .join('\n')
    .trim();
  return { text, papers };
}

/** A related reply's reason for each paper, as the list shows it: its line's first sentence, bold marks left out. */
export function expectedReasons(fixture: ReplyFixture): Map<string, string> {
  const out = new Map<string, string>();
  for (const line of fixture.reply.split('\n')) {
    const m = /^\s*\{(\w+)\}[.)]\s+(.+)$/.exec(line);
    if (m) out.set(PAPERS[m[1]!] ?? m[1]!, /^.*?[.!?](?=\s|$)/.exec(m[2]!.replace(/\*\*/g, '').trim())?.[0] ?? m[2]!.trim());
  }
  return out;
}

export type ReplayResult = { fixture: ReplyFixture; shown: string[]; asked: boolean } & ({ command: 'ask'; answer: Answer } | { command: 'summary'; summary: Summary } | { command: 'related'; related: Related });

/** Replays one fixture: the server writes its reply to the request, word by word; every progress event's shown text is kept. */
export async function replay(service: PapercordService, server: OllamaTestServer, fixture: ReplyFixture): Promise<ReplayResult> {
  let asked = false;
  server.script((req): ChatScript => {
    if (!req.messages.length) return {};
    asked = true;
    return { reply: replyFor(fixture, req) };
  });
  const shown: string[] = [];
  const onProgress = (e: ProgressEvent) => {
    if (e.type === 'token') shown.push(e.soFar);
  };
  const base = { fixture, shown };
  if (fixture.command === 'ask') {
    const answer = await service.ask(fixture.request, { onProgress });
    return { ...base, asked, command: 'ask', answer };
  }
  const paper = PAPERS[fixture.request] ?? fixture.request;
  if (fixture.command === 'summary') {
    const summary = await service.summary(paper, { onProgress, length: fixture.length ?? 'medium' });
    return { ...base, asked, command: 'summary', summary };
  }
  const related = await service.related(paper, { onProgress, count: fixture.count ?? 3 });
  return { ...base, asked, command: 'related', related };
}

/** What became of a replayed reply, and why it is not what its fixture says, if it is not. */
export interface Judged {
  /** good: shown as written; refusal: shown as a refusal; flawed: caught (nothing it invents shown, the outcome its fixture says). */
  met: boolean;
  why?: string;
}

const LEFT_OUT = /^Left out /;

export function judge(r: ReplayResult): Judged {
  const f = r.fixture;
  if (!r.asked) return { met: false, why: 'the model was not asked' };
  const fail = (why: string): Judged => ({ met: false, why });
  const final = r.command === 'ask' ? r.answer.answer : r.command === 'summary' ? r.summary.summary : r.related.related.map((x) => x.reason).join('\n');
  const notice = (r.command === 'ask' ? r.answer.notice : r.command === 'summary' ? r.summary.notice : r.related.notice)?.said ?? '';
  const mode = r.command === 'ask' ? r.answer.mode : r.command === 'summary' ? r.summary.mode : r.related.mode;
  if (f.kind === 'flawed') {
    for (const bad of f.flawed ?? []) {
      if (final.includes(bad)) return fail(`"${bad}" is in the result: ${final}`);
      const streamed = r.shown.find((s) => s.includes(bad));
      if (streamed !== undefined) return fail(`"${bad}" was shown while streaming: ${streamed}`);
    }
    if (r.command === 'related') {
      const byModel = r.related.related.filter((x) => x.reasonBy === 'model').length;
      return f.outcome === 'replaced' ? (byModel === 0 ? { met: true } : fail(`${byModel} reasons by the model`)) : byModel > 0 ? { met: true } : fail('no reason by the model kept');
    }
    if (f.outcome === 'dropped') return mode === 'ollama' && notice.split(/(?<=\.) /).some((p) => LEFT_OUT.test(p)) ? { met: true } : fail(`not kept with a notice (${mode}): ${notice}`);
    return mode === 'extractive' ? { met: true } : fail(`not replaced: ${final}`);
  }
  if (f.kind === 'refusal') {
    if (r.command !== 'ask') return fail('refusals are /ask fixtures');
    if (/cited (?:none|only)/.test(notice)) return fail(`blamed for its citations: ${notice}`);
    const refused = r.answer.refused || /said the (?:abstracts?|passages found) do(?:es)? not answer/.test(notice);
    return refused ? { met: true } : fail(`not shown as a refusal (${r.answer.mode}): ${final} / ${notice}`);
  }
  if (mode !== 'ollama') return fail(`not the model's: ${notice}`);
  if (r.command === 'related') {
    const want = expectedReasons(f);
    for (const x of r.related.related) {
      const reason = want.get(x.paperId);
      if (reason === undefined) return fail(`no line for candidate ${x.paperId}`);
      if (x.reasonBy !== 'model' || x.reason !== reason) return fail(`${x.paperId}: ${x.reason}`);
    }
    return notice ? fail(`notice: ${notice}`) : { met: true };
  }
  const want = expectedShown(f);
  if (final !== want.text) return fail(`shown:\n${final}\nexpected:\n${want.text}`);
  const cited = (r.command === 'ask' ? r.answer.citations : r.summary.citations).map((c) => c.paperId);
  if (JSON.stringify([...new Set(cited)]) !== JSON.stringify(want.papers)) return fail(`cites ${cited.join(', ')}, expected ${want.papers.join(', ')}`);
  if (notice) return fail(`notice: ${notice}`);
  if (r.command === 'ask' && r.answer.refused) return fail('shown as a refusal');
  return { met: true };
}

export interface ReplayFigures {
  good: { shown: number; of: number };
  refusals: { shown: number; of: number };
  flawed: { caught: number; of: number };
  misses: { id: string; why: string }[];
}

export function figures(results: readonly { fixture: ReplyFixture; judged: Judged }[]): ReplayFigures {
  const count = (kind: ReplyFixture['kind']) => {
    const of = results.filter((r) => r.fixture.kind === kind);
    return { met: of.filter((r) => r.judged.met).length, of: of.length };
  };
  const good = count('good');
  const refusals = count('refusal');
  const flawed = count('flawed');
  return {
    good: { shown: good.met, of: good.of },
    refusals: { shown: refusals.met, of: refusals.of },
    flawed: { caught: flawed.met, of: flawed.of },
    misses: results.filter((r) => !r.judged.met).map((r) => ({ id: r.fixture.id, why: r.judged.why ?? '' })),
  };
}

/**
 * Replays every fixture: one Ollama test server, and a service per model on one data folder
 * (the answer cache off, so that a question asked by two fixtures reaches the model both times).
 * `open` opens a service with the given variables on top of the caller's settings.
 */
export async function replayAll(fixtures: readonly ReplyFixture[], open: (env: Record<string, string>) => Promise<PapercordService>, server: OllamaTestServer): Promise<{ fixture: ReplyFixture; result: ReplayResult; judged: Judged }[]> {
  const out: { fixture: ReplyFixture; result: ReplayResult; judged: Judged }[] = [];
  for (const model of [...new Set(fixtures.map((f) => f.model))]) {
    const service = await open({ OLLAMA_HOST: server.host, OLLAMA_CHAT_MODEL: model, ANSWER_CACHE_SIZE: '0' });
    try {
      for (const fixture of fixtures.filter((f) => f.model === model)) {
        const result = await replay(service, server, fixture);
        out.push({ fixture, result, judged: judge(result) });
      }
    } finally {
      await service.close();
    }
  }
  return out;
}
