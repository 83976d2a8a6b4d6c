/**
 * Discord faults against the real bot: REST 429s with Retry-After, 5xx that outlast the
 * client's own retries, requests that hang or are slow, and gateway disconnects (resume, op 7,
 * a dropped TCP connection, an invalid session) while an answer is being written, and answers
 * that are ready only after the interaction's token expired. The outcome that must hold each
 * time: the reply is delayed, not lost; nothing crashes; the bot keeps serving. The model is the
 * Ollama test server, so answers take the streamed path.
 */
import { describe, test, before, after, beforeEach } from 'node:test';
import assert from 'node:assert/strict';
import { Events } from 'discord.js';
import { startHarness, assertNoPings, buttonIds, textOf, type BotHarness } from './support/bot.js';
import { PROGRESS_INTERVAL_MS } from '../src/bot/throttle.js';
import { DISCORD_TOKEN_LIFETIME } from '../src/bot/token.js';
import { defaultReply, type ChatRequestRecord, type ChatScript } from './support/ollama-server.js';
import { ChannelType, Perm, type InteractionHandle, type RestCall, type StoredMessage } from './support/discord-emulator.js';
import { distinctRepeats } from './support/progress.js';

const EPHEMERAL = 64;
const CALLBACK = /^POST \/interactions\/\d+\/[^/]+\/callback$/;
const EDIT_ORIGINAL = /^PATCH \/webhooks\/\d+\/[^/]+\/messages\/@original$/;
const FOLLOWUP = /^POST \/webhooks\/\d+\/[^/]+$/;
const CHANNEL_POST = /^POST \/channels\/\d+\/messages$/;
const CHANNEL_EDIT = /^PATCH \/channels\/\d+\/messages\/\d+$/;
const TYPING = /^POST \/channels\/\d+\/typing$/;
const WEBHOOK = /^[A-Z]+ \/webhooks\//;

/** The final reply to a question: an embed with the footer (model-written or extractive). */
const isAnswer = (m: StoredMessage) => m.embeds.some((e) => /^(Written by|Extractive)/.test(e.footer?.text ?? ''));
const writtenByModel = (m: StoredMessage) => m.embeds.some((e) => /^Written by llama3\.2:3b/.test(e.footer?.text ?? ''));
/** The question of a chat request (not the sources, which may name other papers). */
const questionOf = (req: ChatRequestRecord) => /<question>\n([\s\S]*?)\n<\/question>/.exec([...req.messages].reverse().find((m) => m.role === 'user')?.content ?? '')?.[1] ?? '';
const subject = (c: RestCall) => `${c.method} ${c.path}`;

/** Every PATCH of the interaction's @original, injected faults included, in order. */
const editsOf = (it: { requests(): RestCall[] }) => it.requests().filter((c) => EDIT_ORIGINAL.test(subject(c)));

/** Scripts the fake model per request by a word of the question; everything else gets the quick default reply. */
function scriptBy(h: BotHarness, rules: [RegExp, ChatScript][]): void {
  h.ollama!.script((req) => rules.find(([re]) => re.test(questionOf(req)))?.[1] ?? {});
}

/** Unhandled errors anywhere in the process while this file runs: a crash in the making. */
function watchCrashes(): unknown[] {
  const seen: unknown[] = [];
  const onError = (e: unknown) => void seen.push(e);
  before(() => {
    process.on('unhandledRejection', onError);
    process.on('uncaughtException', onError);
  });
  after(() => {
    process.off('unhandledRejection', onError);
    process.off('uncaughtException', onError);
  });
  return seen;
}

const crashes = watchCrashes();

// Each suite has its own emulator, bot and model server, so they run side by side.
describe('Discord faults', { concurrency: true }, () => {
  describe('REST faults', { concurrency: 1 }, () => {
    let h: BotHarness;
    before(async () => {
      // A long cooldown: a failure must not leave the asker locked out (see the persistent-500 test).
      h = await startHarness({ ollama: true, env: { COOLDOWN_SECONDS: '60', ANSWER_CACHE_SIZE: '0' } });
    });
    after(() => h?.close());

    /** Asks with a fresh user and waits for the final answer. */
    async function ask(question: string, user = h.user()) {
      const it = await h.emu.slashCommand('ask', { question }, { user });
      const m = await it.waitForOriginal(isAnswer, 10_000);
      return { it, m, user };
    }

    test('429 with Retry-After on the deferral: the client waits, the deferral is accepted within 3 s, the answer arrives', async () => {
      h.emu.rateLimitNext(1, { retryAfterSeconds: 0.5, routeMatch: CALLBACK });
      const { it, m } = await ask('What does MentisOculi evaluate?');
      const callbacks = it.requests().filter((c) => CALLBACK.test(subject(c)));
      assert.deepEqual(callbacks.map((c) => c.status), [429, 204]);
      assert.ok(callbacks[1]!.at - callbacks[0]!.at >= 500, `retried ${callbacks[1]!.at - callbacks[0]!.at} ms later`);
      assert.equal(it.callbackType, 5, 'deferred');
      assert.ok(writtenByModel(m));
    });

    test('429 (global) on a follow-up of a long answer: every part arrives, in order', async () => {
      // Told apart by letters: a number no source states would be an invented fact, and the answer not shown.
      const paragraph = (i: number) => `Paragraph ${String.fromCharCode(65 + i)} says that TGV-KV keeps the tokens the text grounds and evicts the rest. ${distinctRepeats('It does so with a small budget.', 30, i * 30)} [1]`;
      const reply = Array.from({ length: 12 }, (_, i) => paragraph(i)).join('\n\n');
      scriptBy(h, [[/TGV-KV at length/, { reply, chunkSize: 5000 }]]);
      h.emu.rateLimitNext(1, { retryAfterSeconds: 0.3, global: true, routeMatch: FOLLOWUP });
      const it = await h.emu.slashCommand('ask', { question: 'Explain TGV-KV at length' }, { user: h.user() });
      const followups = await h.emu.waitFor(() => (it.followups().some(isAnswer) ? it.followups() : undefined), 'the last follow-up (with the footer)', 10_000);
      const posts = it.requests().filter((c) => FOLLOWUP.test(subject(c)));
      assert.equal(posts[0]!.status, 429);
      assert.ok(posts.slice(1).every((c) => c.status === 200));
      assert.equal(followups.length, posts.length - 1, 'one message per successful post, none twice');
      const words = [it.original()!, ...followups].flatMap((x) => x.embeds.map((e) => e.description ?? '')).join(' ').split(/\s+/).filter(Boolean);
      assert.deepEqual(words, reply.split(/\s+/).filter(Boolean), 'every word, in order');
    });

    test('429 on the placeholder reply and on its edit (a mention): the answer arrives as a reply', async () => {
      h.emu.rateLimitNext(1, { retryAfterSeconds: 0.3, routeMatch: CHANNEL_POST });
      h.emu.rateLimitNext(1, { retryAfterSeconds: 0.3, routeMatch: CHANNEL_EDIT });
      const q = await h.emu.postMessage({ content: 'What does PhaseCoder localize?', mentionsBot: true, author: h.user() });
      const a = await h.emu.waitForMessage((m) => m.message_reference?.message_id === q.id && isAnswer(m), 10_000);
      assert.ok(writtenByModel(a));
      const mine = h.emu.requests.filter((c) => (CHANNEL_POST.test(subject(c)) && c.body?.message_reference?.message_id === q.id) || (CHANNEL_EDIT.test(subject(c)) && c.path.endsWith(`/${a.id}`)));
      assert.deepEqual(mine.map((c) => [c.method, c.status]), [['POST', 429], ['POST', 200], ['PATCH', 429], ['PATCH', 200]]);
    });

    test('four 500s in a row on the deferral (the client retries 3 times, then gives up): the bot tries once more and answers', async () => {
      h.emu.failNext(4, 500, CALLBACK);
      const { it, m } = await ask('What does SciVideoBench evaluate?');
      assert.deepEqual(it.requests().filter((c) => CALLBACK.test(subject(c))).map((c) => c.status), [500, 500, 500, 500, 204]);
      assert.ok(writtenByModel(m));
      assert.ok(h.log.lines.some((l) => l.level === 'warn' && /trying once more/.test(l.msg) && l.fields.step === 'defer'), h.log.text());
    });

    test('four 500s on the edit that carries the answer: the answer is sent again and shown, not replaced by an error', async () => {
      h.emu.failNext(4, 500, EDIT_ORIGINAL);
      const { it, m } = await ask('What does PixelThink reduce?');
      assert.ok(writtenByModel(m), textOf(m));
      assert.deepEqual(editsOf(it).map((c) => c.status), [500, 500, 500, 500, 200]);
      assert.equal(m.history.filter((r) => r.embeds.length > 0).length, 1, 'no error message in between');
    });

    test('four 500s on a follow-up: the missing part is sent again; the first message keeps the answer', async () => {
      const reply = Array.from({ length: 12 }, (_, i) => `Part ${String.fromCharCode(65 + i)} of the answer on CoPE. ${distinctRepeats('CoPE expands the context with positions.', 25, i * 25)} [1]`).join('\n\n');
      scriptBy(h, [[/CoPE at length/, { reply, chunkSize: 5000 }]]);
      h.emu.failNext(4, 500, FOLLOWUP);
      const it = await h.emu.slashCommand('ask', { question: 'Explain CoPE at length' }, { user: h.user() });
      const followups = await h.emu.waitFor(() => (it.followups().some(isAnswer) ? it.followups() : undefined), 'the last follow-up', 10_000);
      const first = it.original()!;
      assert.equal(first.history.filter((r) => r.embeds.length > 0).length, 1, 'the first message was not replaced');
      const words = [first, ...followups].flatMap((x) => x.embeds.map((e) => e.description ?? '')).join(' ').split(/\s+/).filter(Boolean);
      assert.deepEqual(words, reply.split(/\s+/).filter(Boolean));
    });

    test('four 500s on the placeholder reply to a mention: sent again, then edited into the answer', async () => {
      h.emu.failNext(4, 500, CHANNEL_POST);
      const q = await h.emu.postMessage({ content: 'What does VEQ quantize?', mentionsBot: true, author: h.user() });
      const a = await h.emu.waitForMessage((m) => m.message_reference?.message_id === q.id && isAnswer(m), 10_000);
      assert.ok(writtenByModel(a));
      assert.equal(h.emu.botMessages().filter((m) => m.message_reference?.message_id === q.id).length, 1, 'one reply');
    });

    test('500s on a progress edit are logged and skipped; the answer still arrives', async () => {
      // Progress edits every 100 ms here (1.5 s in the bot), and the model starts after 400 ms: one progress edit first.
      h.bot.ctx.progressIntervalMs = 100;
      scriptBy(h, [[/ProactiveLLM/, { firstTokenDelayMs: 400 }]]);
      h.emu.failNext(4, 500, EDIT_ORIGINAL);
      const { it, m } = await ask('What does ProactiveLLM propose?').finally(() => (h.bot.ctx.progressIntervalMs = PROGRESS_INTERVAL_MS));
      assert.ok(writtenByModel(m));
      const statuses = editsOf(it).map((c) => c.status);
      assert.deepEqual(statuses.slice(0, 4), [500, 500, 500, 500]);
      assert.equal(statuses.at(-1), 200);
      assert.ok(h.log.lines.some((l) => l.msg === 'progress edit failed'), 'logged');
    });

    test('500s that do not stop: logged, the asker told once Discord answers again, the same asker can ask again at once', async () => {
      // 4 tries by the client, 4 more after our own retry: the answer cannot be delivered.
      h.emu.failNext(8, 500, EDIT_ORIGINAL);
      const user = h.user();
      const it = await h.emu.slashCommand('ask', { question: 'What does TGV-KV evict?' }, { user });
      const m = await it.waitForOriginal((x) => x.embeds.length > 0, 10_000);
      assert.match(textOf(m), /Something went wrong/);
      assert.ok(h.log.lines.some((l) => l.level === 'error' && /could not deliver/.test(l.msg)), h.log.text());
      // Nothing was delivered, so the cooldown does not hold it against the asker.
      const again = await ask('What does TGV-KV evict?', user);
      assert.ok(writtenByModel(again.m), textOf(again.m));
    });

    test('a 4xx that is not a rate limit is not retried (it would fail the same way)', async () => {
      h.emu.failNext(1, 403, EDIT_ORIGINAL);
      const it = await h.emu.slashCommand('ask', { question: 'What is cMoLLM?' }, { user: h.user() });
      const m = await it.waitForOriginal((x) => x.embeds.length > 0, 10_000);
      assert.deepEqual(editsOf(it).map((c) => c.status), [403, 200], 'the answer once, then the error reply');
      assert.match(textOf(m), /Something went wrong/);
    });

    test('after all that: no crash, the client is connected, and a new question is answered', async () => {
      const { m } = await ask('What does MentisOculi evaluate?');
      assert.ok(writtenByModel(m));
      assert.ok(h.bot.client.isReady());
      assert.deepEqual(crashes, []);
      assertNoPings(h.emu);
      // Every error response was one we injected (or the 403 above).
      assert.deepEqual(h.emu.surprises().map(subject), []);
    });
  });

  describe('requests that hang or are slow (REST timeout 400 ms)', { concurrency: 1 }, () => {
    let h: BotHarness;
    before(async () => {
      h = await startHarness({ ollama: true, restTimeoutMs: 400, env: { ANSWER_CACHE_SIZE: '0' } });
    });
    after(() => h?.close());

    test('a hung edit: the client gives up after its timeout and sends it again; the answer arrives', async () => {
      h.emu.hangNext(1, EDIT_ORIGINAL);
      const it = await h.emu.slashCommand('ask', { question: 'What does MentisOculi evaluate?' }, { user: h.user() });
      const m = await it.waitForOriginal(isAnswer, 10_000);
      assert.ok(writtenByModel(m));
      const hung = h.emu.requests.find((c) => c.injected === 'hang' && c.path.includes(it.token));
      assert.ok(hung, 'the first edit hung');
      await h.emu.waitFor(() => hung.aborted, 'the client to abort the hung edit');
    });

    test('a deferral that hangs through all of the client\'s tries: the bot tries once more within the 3 s and answers', async () => {
      h.emu.hangNext(4, CALLBACK);
      const it = await h.emu.slashCommand('ask', { question: 'What does PhaseCoder localize?' }, { user: h.user() });
      const m = await it.waitForOriginal(isAnswer, 10_000);
      assert.ok(writtenByModel(m));
      const cb = await it.callback();
      assert.equal(cb.status, 204, 'accepted: not 10062');
    });

    test('a slow deferral that Discord processed after the client gave up (its retry gets 40060): the answer still arrives', async () => {
      // Both the first try and the client's retry are answered after 600 ms: the first is applied
      // (the interaction is acknowledged), the retry is refused as already acknowledged.
      h.emu.delayNext(2, 600, CALLBACK);
      const it = await h.emu.slashCommand('ask', { question: 'What does SciVideoBench evaluate?' }, { user: h.user() });
      const m = await it.waitForOriginal(isAnswer, 10_000);
      assert.ok(writtenByModel(m));
      const callbacks = it.requests().filter((c) => CALLBACK.test(subject(c)));
      assert.ok(callbacks.some((c) => (c.response as { code?: number } | undefined)?.code === 40060), 'the retry was refused as already acknowledged');
    });

    test('a hung typing indicator does not hold up the reply to a mention', async () => {
      h.emu.hangNext(1, TYPING);
      const q = await h.emu.postMessage({ content: 'What does PixelThink reduce?', mentionsBot: true, author: h.user() });
      const typing = await h.emu.waitForRequest((c) => c.injected === 'hang' && TYPING.test(subject(c)));
      const placeholder = await h.emu.waitForRequest((c) => CHANNEL_POST.test(subject(c)) && c.body?.message_reference?.message_id === q.id);
      assert.equal(typing.aborted, undefined, 'the placeholder was sent while the typing request still hung');
      assert.ok(placeholder.status === 200);
      await h.emu.waitForMessage((m) => m.message_reference?.message_id === q.id && isAnswer(m), 10_000);
    });

    test('after the hangs: no crash, and the next question is answered', async () => {
      h.emu.releaseHung();
      const it = await h.emu.slashCommand('ask', { question: 'What does VEQ quantize?' }, { user: h.user() });
      assert.ok(writtenByModel(await it.waitForOriginal(isAnswer, 10_000)));
      assert.ok(h.bot.client.isReady());
      assert.deepEqual(crashes, []);
    });
  });

  describe('hostile input through Discord', { concurrency: 1 }, () => {
    let h: BotHarness;
    before(async () => {
      h = await startHarness();
    });
    after(() => h?.close());

    test('mentions, markdown and code in a question and in a paper name: shown as plain text, pinging no one', async () => {
      const role = h.emu.createRole({ name: 'researchers', mentionable: true });
      const victim = h.user();
      const noise = `@everyone @here <@&${role.id}> <@${victim.id}> **bold** _it_ \`code\` [link](https://evil.example) # Heading`;
      const it = await h.emu.slashCommand('ask', { question: `${noise} What does MentisOculi evaluate?` }, { user: h.user() });
      const m = await it.waitForOriginal(isAnswer);
      const title = m.embeds[0]!.title!;
      // Bold, italics and code are read as their words, as the question is; an escaped opening bracket is enough to stop a masked link.
      assert.ok(title.includes(' bold it code \\[link]') && !/[*`]/.test(title), title);
      // The service echoes an unknown paper name in its error: escaped there too.
      const bad = await h.emu.slashCommand('summary', { paper: `<@${victim.id}> @everyone **Nope** [x](https://evil.example)` }, { user: h.user() });
      const e = await bad.waitForOriginal();
      assert.equal(e.flags & EPHEMERAL, EPHEMERAL);
      assert.match(textOf(e), /No paper matches/);
      assert.ok(textOf(e).includes('\\*\\*Nope\\*\\*') && textOf(e).includes('\\[x]'), textOf(e));
      assertNoPings(h.emu);
    });

    test('a 5,000-character question, and one of only zero-width and control characters: refused with the limit, only to the asker', async () => {
      const long = await h.emu.slashCommand('ask', { question: 'why?'.repeat(1250) }, { user: h.user() });
      const l = await long.waitForOriginal();
      assert.equal(l.flags & EPHEMERAL, EPHEMERAL);
      assert.match(textOf(l), /The question has 5000 characters; the limit is 1000/);
      const empty = await h.emu.slashCommand('ask', { question: '\u200b\u200b\u0007\u200d' }, { user: h.user() });
      const z = await empty.waitForOriginal();
      assert.equal(z.flags & EPHEMERAL, EPHEMERAL);
      assert.equal(z.embeds.length, 1);
      assert.doesNotMatch(textOf(z), /Something went wrong/);
      assert.deepEqual(h.emu.surprises(), []);
    });
  });

  describe('the gateway drops while an answer is being written', { concurrency: 1 }, () => {
    let h: BotHarness;
    before(async () => {
      h = await startHarness({ ollama: true, env: { ANSWER_CACHE_SIZE: '0' } });
    });
    after(() => h?.close());

    /** Starts a slowly written answer and resolves once the model has begun writing it. */
    async function slowAnswer(question: string, word: RegExp) {
      scriptBy(h, [[word, { reply: (req) => defaultReply(req), tokenDelayMs: 25 }]]);
      const it = await h.emu.slashCommand('ask', { question }, { user: h.user() });
      await h.ollama!.waitForRequest((r) => r.path === '/api/chat' && word.test(JSON.stringify(r.body)), { includePast: true });
      return it;
    }

    for (const how of ['close 4000', 'op 7 RECONNECT', 'TCP connection dropped'] as const) {
      test(`resume (${how}): the answer in progress arrives, and an interaction created while disconnected is replayed and answered`, async () => {
        const resumes = h.emu.resumeCount;
        const identifies = h.emu.identifyCount;
        const resumed = new Promise((r) => h.bot.client.once(Events.ShardResume, r));
        const writing = await slowAnswer('What does MentisOculi evaluate?', /MentisOculi/);
        h.emu.disconnectGateway(how === 'close 4000' ? {} : how === 'op 7 RECONNECT' ? { reconnect: true } : { terminate: true });
        // Created while the bot is away: Discord keeps it for the session and replays it on RESUME.
        const missed = await h.emu.slashCommand('ask', { question: 'What does PhaseCoder localize?' }, { user: h.user() });
        await resumed;
        assert.ok(writtenByModel(await writing.waitForOriginal(isAnswer, 10_000)));
        assert.ok(writtenByModel(await missed.waitForOriginal(isAnswer, 10_000)));
        assert.equal((await missed.callback()).status, 204);
        assert.equal(h.emu.resumeCount, resumes + 1);
        assert.equal(h.emu.identifyCount, identifies, 'no new session');
        assert.ok(h.log.lines.some((l) => l.msg === 'gateway resumed'));
      });
    }

    test('invalid session: the bot identifies again, the answer in progress arrives, new questions are answered', async () => {
      const identifies = h.emu.identifyCount;
      const writing = await slowAnswer('What does PixelThink reduce?', /PixelThink/);
      const mark = h.emu.mark();
      h.emu.disconnectGateway({ invalidSession: true });
      await h.emu.waitForGatewayOp(0, { since: mark, t: 'GUILD_CREATE' });
      assert.equal(h.emu.identifyCount, identifies + 1);
      assert.ok(writtenByModel(await writing.waitForOriginal(isAnswer, 10_000)));
      const after = await h.emu.slashCommand('ask', { question: 'What does SciVideoBench evaluate?' }, { user: h.user() });
      assert.ok(writtenByModel(await after.waitForOriginal(isAnswer, 10_000)));
      const q = await h.emu.postMessage({ content: 'What does CoPE expand?', mentionsBot: true, author: h.user() });
      assert.ok(writtenByModel(await h.emu.waitForMessage((m) => m.message_reference?.message_id === q.id && isAnswer(m), 10_000)));
      assert.deepEqual(crashes, []);
      assert.deepEqual(h.emu.surprises().map(subject), []);
      assert.equal(h.emu.botMessages().filter((m) => m.flags & EPHEMERAL).length, 0, 'no error replies');
    });
  });

  describe('an answer ready only after the interaction token expired', { concurrency: 1 }, () => {
    /** Discord's 15 minutes, shortened (for the emulator and, where a test says so, for the bot). */
    const TOKEN_LIFETIME_MS = 1000;
    let h: BotHarness;
    before(async () => {
      h = await startHarness({ ollama: true, emu: { interactionTokenLifetimeMs: TOKEN_LIFETIME_MS }, env: { ANSWER_CACHE_SIZE: '0' } });
    });
    after(() => h?.close());
    beforeEach(() => {
      // The bot's clock agrees with Discord's (the margin is Discord's minute, so larger than the whole lifetime here).
      h.bot.ctx.tokenLifetime = { ...DISCORD_TOKEN_LIFETIME, lifetimeMs: TOKEN_LIFETIME_MS };
      h.bot.ctx.progressIntervalMs = PROGRESS_INTERVAL_MS;
    });

    /**
     * Holds the service's next call of `method` until `release()`: the test lets the answer be
     * ready exactly when it wants it, after the token expired, instead of a slow model and a sleep.
     */
    function holdNext(method: 'ask' | 'summary' | 'related') {
      const service = h.service as unknown as Record<string, (...args: unknown[]) => Promise<unknown>>;
      const real = service[method]!;
      let release!: () => void;
      const released = new Promise<void>((r) => (release = r));
      let reach!: () => void;
      const reached = new Promise<void>((r) => (reach = r));
      service[method] = async (...args) => {
        service[method] = real;
        reach();
        await released;
        return real.apply(h.service, args);
      };
      return { reached, release };
    }

    /** Runs the command held until its token expired, then lets the answer be ready; resolves with the mark taken at that moment. */
    async function answeredAfterExpiry(method: 'ask' | 'summary' | 'related', start: () => Promise<InteractionHandle>) {
      const held = holdNext(method);
      const it = await start();
      await held.reached;
      await it.tokenExpired();
      const mark = h.emu.mark();
      held.release();
      return { it, mark };
    }

    /** A question answered the usual way (the bot expecting Discord's 15 minutes): a sign that earlier handlers are done. */
    async function askAndWait(question: string) {
      h.bot.ctx.tokenLifetime = { ...DISCORD_TOKEN_LIFETIME };
      const it = await h.emu.slashCommand('ask', { question }, { user: h.user() });
      return it.waitForOriginal(isAnswer, 10_000);
    }

    /** The bot's message in a channel (not through an interaction's token) that opens by mentioning `userId`. */
    const postedFor = (userId: string, channelId = h.emu.channel.id) => (m: StoredMessage) => m.source === 'channel' && m.channel_id === channelId && m.content.startsWith(`<@${userId}>`) && isAnswer(m);
    const channelPosts = (channelId: string, since: number) => h.emu.requests.filter((c) => c.seq > since && c.method === 'POST' && c.path === `/channels/${channelId}/messages`);

    test('/ask: the answer is posted in the channel, opening with a line that pings the asker and no one else; its buttons work', async () => {
      const asker = h.user();
      const victim = h.user();
      const role = h.emu.createRole({ name: 'readers', mentionable: true });
      const question = `What does MentisOculi evaluate? @everyone <@${victim.id}> <@&${role.id}> **now**`;
      const { it, mark } = await answeredAfterExpiry('ask', () => h.emu.slashCommand('ask', { question }, { user: asker }));
      const m = await h.emu.waitForMessage(postedFor(asker.id), 10_000);

      assert.ok(m.content.startsWith(`<@${asker.id}>, your answer to “What does MentisOculi evaluate? @everyone`), m.content);
      assert.ok(m.content.endsWith('\\*\\*now\\*\\*”:'), `the asker's words are shown as plain text: ${m.content}`);
      assert.deepEqual(m.mentions.map((u) => u.id), [asker.id], 'only the asker is pinged');
      assert.deepEqual(m.mention_roles, []);
      assert.equal(m.mention_everyone, false);
      const [post, ...more] = channelPosts(h.emu.channel.id, mark);
      assert.equal(more.length, 0, 'one message');
      assert.deepEqual(post!.body.allowed_mentions, { parse: [], users: [asker.id], replied_user: false });
      assert.ok(writtenByModel(m), textOf(m));
      assert.match(m.embeds[0]!.title!, /^What does MentisOculi evaluate\?/);
      // The bot knew the token had expired: it did not try it first.
      assert.deepEqual(it.requests().filter((c) => c.seq > mark).map(subject), []);
      assert.ok(!h.log.text().includes(it.token), 'the interaction token is never logged');

      const ids = buttonIds(m);
      const quotesId = ids.find((id) => id.startsWith('ans:quotes:'))!;
      const quotes = await h.emu.clickButton(m, quotesId, { user: asker });
      const shown = await quotes.waitForOriginal((x) => x.embeds.length > 0);
      assert.equal(shown.flags & EPHEMERAL, EPHEMERAL);
      assert.match(textOf(shown), /Quoted passages: What does MentisOculi evaluate\?/);
      const vote = await h.emu.clickButton(m, ids.find((id) => id.startsWith('ans:up:'))!, { user: h.user() });
      assert.match(textOf(await vote.waitForOriginal((x) => x.embeds.length > 0)), /Recorded 👍/);
      assert.ok(h.log.lines.some((l) => l.msg === 'feedback' && l.fields.message === m.id && l.fields.vote === 'up'));
      assert.ok(ids.some((id) => id.startsWith('ans:rel:')), 'the related-papers button is there too');
    });

    test('where the bot may not embed: /ask is answered with embeds through its token, and as text when posted in the channel', async () => {
      const created = new Promise((resolve) => h.bot.client.once(Events.ChannelCreate, resolve));
      const noEmbeds = h.emu.createChannel({ name: 'no-embeds', permissionOverwrites: [{ id: h.emu.botUser.id, type: 1, allow: '0', deny: String(Perm.EmbedLinks) }] }).id;
      await created;
      // Interaction responses may always embed.
      h.bot.ctx.tokenLifetime = { ...DISCORD_TOKEN_LIFETIME };
      const inTime = await h.emu.slashCommand('ask', { question: 'What does PhaseCoder localize?' }, { user: h.user(), channelId: noEmbeds });
      assert.ok(writtenByModel(await inTime.waitForOriginal(isAnswer, 10_000)));

      h.bot.ctx.tokenLifetime = { ...DISCORD_TOKEN_LIFETIME, lifetimeMs: TOKEN_LIFETIME_MS };
      const asker = h.user();
      await answeredAfterExpiry('ask', () => h.emu.slashCommand('ask', { question: 'What does MentisOculi evaluate?' }, { user: asker, channelId: noEmbeds }));
      const m = await h.emu.waitForMessage((x) => x.source === 'channel' && x.channel_id === noEmbeds && x.content.startsWith(`<@${asker.id}>`), 10_000);
      assert.deepEqual(m.embeds, []);
      assert.ok(m.content.startsWith(`<@${asker.id}>, your answer to “What does MentisOculi evaluate?”:\n\n**What does MentisOculi evaluate?**\n`), m.content);
      assert.match(m.content, /\n\*\*Sources\*\*\n\*\*\[1\]\*\* \[/);
      assert.match(m.content, /\n-# Written by llama3\.2:3b/);
      assert.ok(buttonIds(m).some((id) => id.startsWith('ans:quotes:')), 'with its buttons');
      assert.deepEqual(m.mentions.map((u) => u.id), [asker.id], 'only the asker is pinged');
    });

    test('progress after Discord refused the token (its clock ahead of the bot\'s) stops after one refused edit, without a warning; the answer goes to the channel', async () => {
      // The bot expects Discord's full 15 minutes; Discord refuses the token after 1 s.
      h.bot.ctx.tokenLifetime = { ...DISCORD_TOKEN_LIFETIME };
      h.bot.ctx.progressIntervalMs = 50;
      scriptBy(h, [[/PhaseCoder/, { tokenDelayMs: 25 }]]);
      const asker = h.user();
      const { it, mark } = await answeredAfterExpiry('ask', () => h.emu.slashCommand('ask', { question: 'What does PhaseCoder localize?' }, { user: asker }));
      const m = await h.emu.waitForMessage(postedFor(asker.id), 10_000);
      assert.ok(writtenByModel(m), textOf(m));
      // The model streamed for a while at 50 ms progress spacing: many edits, had they not stopped.
      const afterExpiry = it.requests().filter((c) => c.seq > mark);
      assert.deepEqual(afterExpiry.map((c) => [subject(c).replace(it.token, ':token'), c.status, (c.response as { code?: number }).code]), [['PATCH /webhooks/' + h.emu.applicationId + '/:token/messages/@original', 401, 50027]]);
      const mine = h.log.lines.filter((l) => l.fields.interaction === it.id);
      assert.deepEqual(mine.filter((l) => l.level === 'warn' || l.level === 'error'), [], 'no warning: an expired token is expected, not a fault');
      assert.equal(mine.filter((l) => /progress is no longer shown/.test(l.msg)).length, 1, 'said once');
    });

    test('/related whose final edit Discord refuses (no progress shown before): the refused edit is followed by a post in the channel', async () => {
      h.bot.ctx.tokenLifetime = { ...DISCORD_TOKEN_LIFETIME };
      // No progress edit before the answer: the first request after the expiry is the answer's.
      h.bot.ctx.progressIntervalMs = 60_000;
      const asker = h.user();
      const { it, mark } = await answeredAfterExpiry('related', () => h.emu.slashCommand('related', { paper_or_topic: 'video benchmarks for scientific reasoning' }, { user: asker }));
      const m = await h.emu.waitForMessage((x) => x.source === 'channel' && x.content.startsWith(`<@${asker.id}>`) && x.embeds.length > 0, 10_000);
      assert.equal(m.content, `<@${asker.id}>, the papers related to “video benchmarks for scientific reasoning”:`);
      assert.match(m.embeds[0]!.title!, /Papers on "video benchmarks for scientific reasoning"/);
      assert.deepEqual(m.mentions.map((u) => u.id), [asker.id]);
      assert.ok(buttonIds(m).some((id) => id.startsWith('ans:up:')), 'with its vote buttons');
      assert.deepEqual(it.requests().filter((c) => c.seq > mark).map((c) => c.status), [401], 'the refused edit, then nothing more with the token');
      assert.ok(!h.log.lines.some((l) => l.fields.interaction === it.id && l.level === 'error'), h.log.text());
    });

    test('/summary in a thread, with under a minute left on the token: posted in the thread, and the deferred reply points to it', async () => {
      // Less than the margin is left from the start: the reply goes to the channel while the token still works.
      h.bot.ctx.tokenLifetime = { lifetimeMs: TOKEN_LIFETIME_MS, marginMs: TOKEN_LIFETIME_MS };
      const thread = h.emu.createChannel({ name: 'reading group', type: ChannelType.PublicThread, parentId: h.emu.channel.id });
      const asker = h.user();
      const it = await h.emu.slashCommand('summary', { paper: 'mentis' }, { user: asker, channelId: thread.id });
      const m = await h.emu.waitForMessage(postedFor(asker.id, thread.id), 10_000);
      assert.equal(m.content, `<@${asker.id}>, your summary of “mentis”:`);
      assert.match(m.embeds[0]!.title!, /MentisOculi/);
      assert.deepEqual(m.mentions.map((u) => u.id), [asker.id]);
      const pointer = await it.waitForOriginal((x) => x.content.includes(m.id));
      assert.match(pointer.content, /posted in the channel: https:\/\/discord\.com\/channels\/\d+\/\d+\/\d+$/);
      assert.ok(pointer.content.endsWith(`/${thread.id}/${m.id}`), pointer.content);
      assert.deepEqual(pointer.mentions, []);
      assert.deepEqual(it.requests().filter((c) => c.status >= 400), [], 'no request was refused');
    });

    test('a channel the bot may not send in: a warning naming the channel, and nothing else is tried', async () => {
      const closed = h.emu.createChannel({ name: 'read-only', permissionOverwrites: [{ id: h.emu.botUser.id, type: 1, allow: '0', deny: String(Perm.SendMessages) }] });
      const asker = h.user();
      const { it, mark } = await answeredAfterExpiry('ask', () => h.emu.slashCommand('ask', { question: 'What does VEQ quantize?' }, { user: asker, channelId: closed.id }));
      const warning = await h.log.waitFor((l) => l.level === 'warn' && l.fields.channel === closed.id, 10_000);
      assert.match(warning.msg, /cannot post the reply in the channel/);
      assert.equal(warning.fields.interaction, it.id);
      // Another question, answered, so the first one's handler has long finished before the counts below.
      await askAndWait('What does PixelThink reduce?');
      assert.deepEqual(channelPosts(closed.id, mark).map((c) => (c.response as { code?: number }).code), [50013], 'one refused post: no retry, no error message after it');
      assert.deepEqual(it.requests().filter((c) => c.seq > mark), [], 'the expired token was not tried');
      const mine = h.log.lines.filter((l) => l.fields.interaction === it.id && l.level !== 'debug');
      assert.deepEqual(mine.filter((l) => l.level === 'error' || (l.level === 'warn' && l !== warning)).map((l) => l.msg), [], 'one warning, no error');
      assert.deepEqual(crashes, []);
    });

    test('an answer only the asker was to see (Related papers under an answer): not posted in the channel; a warning says it is lost', async () => {
      const answer = await askAndWait('What does SciVideoBench evaluate?');
      h.bot.ctx.tokenLifetime = { ...DISCORD_TOKEN_LIFETIME, lifetimeMs: TOKEN_LIFETIME_MS };
      const asker = h.user();
      const relatedId = buttonIds(answer).find((id) => id.startsWith('ans:rel:'))!;
      const { it: click, mark } = await answeredAfterExpiry('related', () => h.emu.clickButton(answer, relatedId, { user: asker }));
      const warning = await h.log.waitFor((l) => l.level === 'warn' && l.fields.interaction === click.id, 10_000);
      assert.match(warning.msg, /only the asker was to see it, so it is not posted in the channel/);
      assert.equal(warning.fields.channel, h.emu.channel.id);
      await askAndWait('What does CoPE expand?');
      assert.deepEqual(h.emu.requests.filter((c) => c.seq > mark && (CHANNEL_POST.test(subject(c)) || (WEBHOOK.test(subject(c)) && c.path.includes(click.token)))), [], 'nothing posted, the expired token not tried');
    });
  });
});
