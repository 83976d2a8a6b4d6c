/**
 * papercord as people run it: `npm start` in its own process, configured only through the
 * environment, as the Discord bot (against the emulator) and as the local console; and
 * `npm run deploy-commands`.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { DiscordEmulator } from './support/discord-emulator.js';
import { PROJECT_ROOT } from '../src/config.js';
import { childEnv } from './support/env.js';


interface Run {
  child: ChildProcess;
  /** Ends the whole process group (a no-op once it is gone). */
  kill(): void;
  stdout(): string;
  stderr(): string;
  exit: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

function npm(args: string[], env: NodeJS.ProcessEnv, input?: string): Run {
  // Its own process group, so a failed test can still end npm, the shell, tsx and the bot together.
  const child = spawn('npm', args, { cwd: PROJECT_ROOT, env, stdio: ['pipe', 'pipe', 'pipe'], detached: true });
  let out = '';
  let err = '';
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (err += d.toString()));
  const exit = once(child, 'exit').then(([code, signal]) => ({ code: code as number | null, signal: signal as NodeJS.Signals | null }));
  if (input !== undefined) child.stdin!.end(input);
  const kill = () => {
    try {
      process.kill(-child.pid!, 'SIGKILL');
    } catch {
      // Already gone.
    }
  };
  return { child, kill, stdout: () => out, stderr: () => err, exit };
}

async function withDataDir<T>(fn: (dir: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'papercord-proc-'));
  try {
    return await fn(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

// Three processes that start in a few seconds each: run them side by side.
describe('papercord processes', { concurrency: true }, () => {
  test('npm start with DISCORD_TOKEN runs the bot: registers commands, answers /ask, and exits 0 on SIGTERM', { timeout: 60_000 }, async () => {
    const emu = await DiscordEmulator.start();
    try {
      await withDataDir(async (dir) => {
        const run = npm(['start'], childEnv({ DISCORD_TOKEN: emu.token, DISCORD_API_BASE: emu.apiBase, DISCORD_GUILD_ID: emu.guild.id, DATA_DIR: dir, OLLAMA_HOST: 'http://127.0.0.1:9', EMBEDDINGS: 'local' }));
        try {
          await emu.waitForRequest((c) => c.method === 'PUT' && c.path.endsWith('/commands') && c.status === 200, { timeoutMs: 40_000 });
          const it = await emu.slashCommand('ask', { question: 'What does MentisOculi evaluate?' });
          assert.equal((await it.callback()).body.type, 5);
          const m = await it.waitForOriginal((x) => x.embeds.length > 0, 10_000);
          assert.match(m.embeds[0]!.description!, /\[1\]/);
          assert.match(m.embeds.at(-1)!.footer!.text, /from abstracts only/);
          // SIGTERM to npm itself, as a supervisor sends it: npm passes it on, and `exec` in the
          // start script means no shell sits in between to swallow it.
          process.kill(run.child.pid!, 'SIGTERM');
          const { code } = await run.exit;
          assert.equal(code, 0, run.stderr().slice(-2000));
          assert.match(run.stderr(), /"msg":"shutting down","signal":"SIGTERM"/);
        assert.match(run.stderr(), /"msg":"stopped"/);
          assert.equal(emu.connected, false);
          assert.ok(!run.stderr().includes(emu.token) && !run.stdout().includes(emu.token), 'the token is never printed');
        } finally {
          run.kill();
        }
      });
    } finally {
      await emu.stop();
    }
  });

  test('npm start without DISCORD_TOKEN runs the local console: says what is missing, then answers piped lines one by one', { timeout: 60_000 }, async () => {
    await withDataDir(async (dir) => {
      const lines = [
        '/ask What does MentisOculi evaluate?',
        '/ask',
        '/papers audio',
        '/summary mentis --length short',
        '/related spatial audio --count 2',
        '/bogus',
        'How does PhaseCoder localize sound?',
        '/status',
        '/help',
      ];
      const run = npm(['start', '--silent'], childEnv({ DISCORD_TOKEN: '', DATA_DIR: dir, OLLAMA_HOST: 'http://127.0.0.1:9', EMBEDDINGS: 'local' }), lines.join('\n') + '\n');
      try {
        const { code } = await run.exit;
        assert.equal(code, 0, run.stderr().slice(-2000));
      } finally {
        run.kill();
      }
      const out = run.stdout();
      const [first, second, third] = out.split('\n');
      assert.match(first!, /DISCORD_TOKEN is not set/);
      assert.match(second!, /DISCORD_TOKEN=/);
      assert.match(third!, /No Ollama server answered at http:\/\/127\.0\.0\.1:9/);
      assert.match(out, /ollama pull llama3\.2:3b/);
      const blocks = out.split('\n\n');
      const after = (re: RegExp) => blocks.slice(blocks.findIndex((b) => re.test(b)));
      assert.match(out, /MentisOculi[^\n]*\[1\][\s\S]*Sources:\n  \[1\] MentisOculi: Revealing the Limits of Reasoning with Mental Imagery \(zeller26a\)/);
      assert.match(out, /error: The question is empty\./);
      assert.match(out, /dementyev26a +PhaseCoder/);
      assert.match(out, /^TL;DR: .*MentisOculi.*\[1\]$/m, "a plain summary: no Markdown bold");
      assert.match(out, /Papers on "spatial audio":\n1\. /);
      assert.match(out, /error: Unknown command \/bogus/);
      assert.ok(after(/Unknown command/).some((b) => /PhaseCoder[\s\S]*\[1\]/.test(b)), 'the line after an error is still answered');
      assert.match(out, /Corpus: +19 papers/);
      assert.match(out, /\/summary <paper>/);
      assert.equal((out.match(/from abstracts only/g) ?? []).length, 4, 'ask, summary, related and the plain question');
      assert.doesNotMatch(out, /"level":/, 'logs go to standard error');
      // Each piped line is echoed right before its answer, and Ollama is told about once at start-up.
      for (const line of lines) assert.ok(out.includes(`\n> ${line}\n`), line);
      const startUp = out.slice(0, out.indexOf('\n> '));
      assert.equal(startUp.split('\n').filter((l) => /ollama/i.test(l)).length, 1, startUp);
      assert.doesNotMatch(run.stderr(), /ollama unreachable|embedder chosen/, 'the banner says it; the start-up log does not again');
    });
  });

  test('npm run deploy-commands registers the commands by hand', { timeout: 60_000 }, async () => {
    const emu = await DiscordEmulator.start();
    try {
      await withDataDir(async (dir) => {
        const run = npm(['run', '--silent', 'deploy-commands', '--', '--json'], childEnv({ DISCORD_TOKEN: emu.token, DISCORD_API_BASE: emu.apiBase, DISCORD_GUILD_ID: emu.guild.id, DATA_DIR: dir }));
        try {
          const { code } = await run.exit;
          assert.equal(code, 0, run.stderr());
        } finally {
          run.kill();
        }
        const result = JSON.parse(run.stdout());
        assert.equal(result.registered, true);
        assert.equal(result.scope, `guild ${emu.guild.id}`);
        assert.deepEqual(emu.commands(emu.guild.id).map((c) => c.name).sort(), [...result.names].sort());
        assert.equal(result.commands, 9);
      });
    } finally {
      await emu.stop();
    }
  });
});
