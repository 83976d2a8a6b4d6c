/**
 * Drives the REAL discord.js 14.28 Client against test/support/discord-emulator.ts.
 * Every test boots its own emulator + client and tears both down (client first) in `finally`.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { once } from 'node:events';
import {
  ActionRowBuilder,
  ButtonBuilder,
  ButtonStyle,
  Client,
  DiscordAPIError,
  EmbedBuilder,
  Events,
  GatewayIntentBits,
  MessageFlags,
  ModalBuilder,
  Partials,
  StringSelectMenuBuilder,
  TextInputBuilder,
  TextInputStyle,
  type ClientOptions,
  SlashCommandBuilder,
  type Interaction,
  type Message,
} from 'discord.js';
import { DiscordEmulator, Perm, type EmulatorOptions } from './support/discord-emulator.js';

const INTENTS = [GatewayIntentBits.Guilds, GatewayIntentBits.GuildMessages, GatewayIntentBits.MessageContent];

interface Harness {
  emu: DiscordEmulator;
  client: Client;
  /** errors thrown inside the inline handlers (asserted empty at the end of every test) */
  errors: unknown[];
  onInteraction(fn: (i: Interaction) => Promise<void>): void;
  onMessage(fn: (m: Message) => Promise<void>): void;
}

async function withBot(fn: (h: Harness) => Promise<void>, opts: EmulatorOptions = {}, clientOpts: Partial<ClientOptions> = {}): Promise<void> {
  const emu = await DiscordEmulator.start(opts);
  const client = new Client({ intents: INTENTS, ...emu.clientOptions(), ...clientOpts });
  const errors: unknown[] = [];
  const harness: Harness = {
    emu,
    client,
    errors,
    onInteraction(handler) {
      client.on(Events.InteractionCreate, (i) => void handler(i).catch((e: unknown) => errors.push(e)));
    },
    onMessage(handler) {
      client.on(Events.MessageCreate, (m) => void handler(m).catch((e: unknown) => errors.push(e)));
    },
  };
  try {
    const ready = once(client, Events.ClientReady);
    await client.login(emu.token);
    await ready;
    await fn(harness);
    assert.deepEqual(errors, [], 'inline handlers threw');
  } finally {
    await client.destroy();
    await emu.stop();
  }
}

test('login: clientReady, guild and channel cached, bad token rejected', async () => {
  await withBot(async ({ emu, client }) => {
    assert.equal(client.user?.id, emu.botUser.id);
    const guild = client.guilds.cache.get(emu.guild.id);
    assert.ok(guild, 'guild cached');
    assert.equal(guild.available, true);
    assert.ok(guild.roles.cache.has(emu.guild.id), '@everyone role cached');
    const channel = client.channels.cache.get(emu.channel.id);
    assert.ok(channel?.isTextBased(), 'text channel cached');
    assert.equal('name' in channel ? channel.name : undefined, 'general');
    assert.equal(emu.identifyCount, 1);
    const gw = emu.requests.find((c) => c.path === '/gateway/bot');
    assert.equal(gw?.auth, 'valid');
    assert.equal(gw?.headers.authorization, '[redacted]');
    // bot permissions are computed from roles like Discord
    const perms = (channel as import('discord.js').TextChannel).permissionsFor(client.user!);
    assert.ok(perms?.has('SendMessages'));
    // unknown routes are 404 and recorded
    await assert.rejects(client.rest.get('/nope/123' as `/${string}`), (e: unknown) => e instanceof DiscordAPIError && e.status === 404);
    assert.equal(emu.unknownRoutes.length, 1);
  });

  const emu = await DiscordEmulator.start();
  const bad = new Client({ intents: INTENTS, rest: { api: emu.apiBase } });
  try {
    await assert.rejects(bad.login('not-the-token'), /token/i);
    assert.equal(emu.requests.at(-1)?.status, 401);
    assert.equal(emu.requests.at(-1)?.auth, 'invalid');
  } finally {
    await bad.destroy();
    await emu.stop();
  }
});

test('slash command: deferReply then editReply with an embed', async () => {
  await withBot(async ({ emu, onInteraction }) => {
    onInteraction(async (i) => {
      if (!i.isChatInputCommand() || i.commandName !== 'ask') return;
      await i.deferReply();
      const q = i.options.getString('question', true);
      await i.editReply({ embeds: [new EmbedBuilder().setTitle('Answer').setDescription(`You asked: ${q}`).addFields({ name: 'Source', value: 'paper.pdf p. 3' })] });
    });
    const it = await emu.slashCommand('ask', { question: 'What is attention?' });
    const cb = await it.callback();
    assert.equal(cb.body.type, 5);
    assert.equal(cb.status, 204);
    assert.equal(cb.auth, 'none');
    const original = await it.waitForOriginal((m) => m.embeds.length > 0);
    assert.equal(original.embeds[0].title, 'Answer');
    assert.equal(original.embeds[0].description, 'You asked: What is attention?');
    assert.equal(original.flags & MessageFlags.Loading, 0, 'loading flag cleared by the edit');
    assert.equal(original.flags & MessageFlags.Ephemeral, 0);
    assert.equal(original.history.length, 2, 'deferred placeholder + one edit');
    assert.equal(it.edits.length, 1);
    assert.equal(it.callbackType, 5);
    // like Discord, the channel sees the deferred message being created and then updated
    const dispatched = emu.gatewayEvents.filter((e) => e.direction === 'sent' && e.d?.id === original.id).map((e) => e.t);
    assert.deepEqual(dispatched, ['MESSAGE_CREATE', 'MESSAGE_UPDATE']);
  });
});

test('autocomplete: respond() reaches the emulator as callback type 8', async () => {
  await withBot(async ({ emu, onInteraction }) => {
    onInteraction(async (i) => {
      if (!i.isAutocomplete()) return;
      const typed = i.options.getFocused();
      await i.respond(['attention', 'transformers', 'bert'].filter((p) => p.startsWith(typed)).map((p) => ({ name: p, value: p })));
    });
    const it = await emu.autocomplete('summary', { paper: 'tr' }, 'paper');
    const cb = await it.callback();
    assert.equal(cb.body.type, 8);
    assert.deepEqual(it.choices(), [{ name: 'transformers', value: 'transformers' }]);
  });
});

test('button click: the component interaction carries the message and update() edits it', async () => {
  await withBot(async ({ emu, onInteraction }) => {
    let clickedMessageId: string | undefined;
    onInteraction(async (i) => {
      if (i.isChatInputCommand()) {
        const row = new ActionRowBuilder<ButtonBuilder>().addComponents(new ButtonBuilder().setCustomId('more').setLabel('More').setStyle(ButtonStyle.Primary));
        await i.reply({ content: 'short answer', components: [row] });
      } else if (i.isButton() && i.customId === 'more') {
        clickedMessageId = i.message.id;
        await i.update({ content: 'long answer', components: [] });
      }
    });
    const cmd = await emu.slashCommand('ask', { question: 'q' });
    const original = await cmd.waitForOriginal();
    assert.equal(original.content, 'short answer');
    assert.equal(original.type, 20, 'chat input command response');
    await assert.rejects(emu.clickButton(original, 'nope'), /custom_ids: more/);
    const click = await emu.clickButton(original, 'more');
    assert.equal((await click.callback()).body.type, 7);
    assert.equal(clickedMessageId, original.id);
    const updated = await emu.waitForMessage((m) => m.id === original.id && m.content === 'long answer');
    assert.deepEqual(updated.components, []);
    assert.equal(click.original()?.id, original.id);
  });
});

test('mention: the bot replies in the channel with a message_reference', async () => {
  await withBot(async ({ emu, client, onMessage }) => {
    onMessage(async (m) => {
      if (m.author.bot || !m.mentions.users.has(client.user!.id)) return;
      if ('sendTyping' in m.channel) await m.channel.sendTyping();
      await m.reply(`pong: ${m.content.replace(/<@!?\d+>\s*/, '')}`);
    });
    const asker = emu.createUser({ username: 'bob' });
    const question = await emu.postMessage({ content: 'ping', mentionsBot: true, author: asker });
    assert.ok(question.content.startsWith(`<@${emu.botUser.id}>`));
    const reply = await emu.waitForMessage((m) => m.message_reference?.message_id === question.id);
    assert.equal(reply.content, 'pong: ping');
    assert.equal(reply.type, 19);
    assert.equal(reply.author.id, emu.botUser.id);
    assert.equal(reply.channel_id, emu.channel.id);
    assert.equal(reply.referenced_message?.id, question.id);
    assert.ok(reply.mentions.some((u) => u.id === asker.id), 'reply pings the author by default');
    assert.ok(emu.requests.some((c) => c.method === 'POST' && c.path === `/channels/${emu.channel.id}/typing` && c.status === 204));
    assert.deepEqual(emu.surprises(), []);
  });
});

test('without Embed Links: a message of embeds alone is refused, embeds beside content dropped, an edit to embeds alone is empty; interaction replies keep theirs', async () => {
  await withBot(async ({ emu, client, onMessage, onInteraction }) => {
    const noEmbeds = emu.createChannel({ name: 'no-embeds', permissionOverwrites: [{ id: emu.botUser.id, type: 1, allow: '0', deny: String(Perm.EmbedLinks) }] });
    const embed = new EmbedBuilder().setTitle('Answer').setDescription('the text');
    const refusals: unknown[] = [];
    onMessage(async (m) => {
      if (m.author.bot || !m.mentions.users.has(client.user!.id)) return;
      await m.reply({ embeds: [embed] }).catch((e: unknown) => refusals.push(e));
      const placeholder = await m.reply({ content: 'searching', embeds: [embed] });
      await placeholder.edit({ content: '', embeds: [embed] }).catch((e: unknown) => refusals.push(e));
      await m.reply('done');
    });
    let appPermissions: bigint | undefined;
    onInteraction(async (i) => {
      if (!i.isChatInputCommand()) return;
      appPermissions = i.appPermissions.bitfield;
      await i.deferReply();
      await i.editReply({ embeds: [embed] });
    });
    const q = await emu.postMessage({ content: 'ask', mentionsBot: true, channelId: noEmbeds.id });
    await emu.waitForMessage((m) => m.message_reference?.message_id === q.id && m.content === 'done');
    assert.deepEqual(refusals.map((e) => [(e as DiscordAPIError).status, (e as DiscordAPIError).code]), [[403, 50013], [400, 50006]]);
    const placeholder = emu.botMessages(noEmbeds.id).find((m) => m.content === 'searching')!;
    assert.deepEqual(placeholder.embeds, [], 'sent without its embed, and not edited');
    const it = await emu.slashCommand('ask', { question: 'q' }, { channelId: noEmbeds.id });
    const original = await it.waitForOriginal((m) => m.embeds.length > 0);
    assert.equal(original.embeds[0]!.title, 'Answer');
    assert.ok(appPermissions! & Perm.EmbedLinks, 'app_permissions always include Embed Links');
    // Where the bot may embed, nothing changes.
    const q2 = await emu.postMessage({ content: 'ask', mentionsBot: true });
    await emu.waitForMessage((m) => m.message_reference?.message_id === q2.id && m.content === 'done');
    assert.equal(refusals.length, 2);
    assert.deepEqual(emu.botMessages(emu.channel.id).filter((m) => m.embeds.length).map((m) => m.content), ['', '']);
  });
});

test('a 429 on the first editReply is retried and the reply still arrives', async () => {
  await withBot(async ({ emu, onInteraction }) => {
    onInteraction(async (i) => {
      if (!i.isChatInputCommand()) return;
      await i.deferReply();
      await i.editReply('done after rate limit');
    });
    emu.rateLimitNext(1, { retryAfterSeconds: 0.1, routeMatch: /^PATCH \/webhooks\// });
    const it = await emu.slashCommand('ask', { question: 'q' });
    const original = await it.waitForOriginal((m) => m.content === 'done after rate limit');
    const patches = it.requests().filter((c) => c.method === 'PATCH');
    assert.deepEqual(patches.map((c) => [c.status, c.injected ?? null]), [[429, 'rate-limit'], [200, null]]);
    assert.ok(patches[1].at - patches[0].at >= 100, 'client waited retry-after');
    assert.equal(patches[0].path, `/webhooks/${emu.applicationId}/${it.token}/messages/@original`);
    assert.equal(it.edits.length, 1);
    assert.equal(original.history.length, 2);
  });
});

test('a 500 on a channel message is retried by @discordjs/rest', async () => {
  await withBot(async ({ emu, client, onMessage }) => {
    onMessage(async (m) => {
      if (!m.author.bot && m.mentions.users.has(client.user!.id)) await m.reply('ok');
    });
    emu.failNext(1, 500, /^POST \/channels\/\d+\/messages$/);
    const q = await emu.postMessage({ content: 'hi', mentionsBot: true });
    await emu.waitForMessage((m) => m.message_reference?.message_id === q.id);
    const posts = emu.requests.filter((c) => c.method === 'POST' && c.path === `/channels/${emu.channel.id}/messages`);
    assert.deepEqual(posts.map((c) => c.status), [500, 200]);
  });
});

test('gateway disconnect: the client resumes and gets the events it missed', async () => {
  await withBot(async ({ emu, client, onMessage }) => {
    onMessage(async (m) => {
      if (!m.author.bot && m.mentions.users.has(client.user!.id)) await m.reply(`re: ${m.id}`);
    });
    const resumed = once(client, Events.ShardResume);
    emu.disconnectGateway(); // close 4000 -> discord.js resumes
    const missed = await emu.postMessage({ content: 'sent while disconnected', mentionsBot: true });
    const [, replayed] = (await resumed) as [number, number];
    assert.ok(replayed >= 1, `replayed ${replayed}`);
    assert.equal(emu.resumeCount, 1);
    assert.equal(emu.identifyCount, 1);
    await emu.waitForMessage((m) => m.content === `re: ${missed.id}`);
    const after = await emu.postMessage({ content: 'after resume', mentionsBot: true });
    await emu.waitForMessage((m) => m.content === `re: ${after.id}`);
  });
});

test('invalid session: the client re-identifies and keeps working', async () => {
  await withBot(async ({ emu, client, onMessage }) => {
    onMessage(async (m) => {
      if (!m.author.bot && m.mentions.users.has(client.user!.id)) await m.reply('still here');
    });
    const mark = emu.mark();
    emu.disconnectGateway({ invalidSession: true });
    await emu.waitForGatewayOp(2, { since: mark });
    await emu.waitForGatewayOp(0, { since: mark, t: 'GUILD_CREATE' });
    assert.equal(emu.identifyCount, 2);
    assert.equal(emu.resumeCount, 0);
    const q = await emu.postMessage({ content: 'hello again', mentionsBot: true });
    await emu.waitForMessage((m) => m.message_reference?.message_id === q.id);
  });
});

test('bulk guild command registration (PUT) is stored, validated and used by slashCommand()', async () => {
  await withBot(async ({ emu, client, onInteraction }) => {
    const papers = new SlashCommandBuilder()
      .setName('papers')
      .setDescription('Paper catalog')
      .addSubcommand((s) => s.setName('list').setDescription('List papers').addIntegerOption((o) => o.setName('limit').setDescription('How many').setRequired(true)));
    const ask = new SlashCommandBuilder().setName('ask').setDescription('Ask a question').addStringOption((o) => o.setName('question').setDescription('Your question').setRequired(true));
    const registered = await client.application!.commands.set([papers.toJSON(), ask.toJSON()], emu.guild.id);
    assert.equal(registered.size, 2);
    const put = emu.requests.find((c) => c.method === 'PUT');
    assert.equal(put?.path, `/applications/${emu.applicationId}/guilds/${emu.guild.id}/commands`);
    assert.deepEqual(emu.commands(emu.guild.id).map((c) => c.name), ['papers', 'ask']);
    assert.deepEqual([...registered.keys()].sort(), emu.commands(emu.guild.id).map((c) => c.id).sort());
    // re-registering keeps ids, like Discord
    const again = await client.application!.commands.set([papers.toJSON(), ask.toJSON()], emu.guild.id);
    assert.deepEqual([...again.keys()].sort(), [...registered.keys()].sort());
    // Discord rejects upper-case names
    await assert.rejects(client.application!.commands.set([{ name: 'Bad', description: 'x' }], emu.guild.id), (e: unknown) => e instanceof DiscordAPIError && e.code === 50035);

    let seen: unknown;
    onInteraction(async (i) => {
      if (!i.isChatInputCommand()) return;
      seen = [i.commandId, i.options.getSubcommand(), i.options.getInteger('limit')];
      await i.reply({ content: 'ok', flags: MessageFlags.Ephemeral });
    });
    const it = await emu.slashCommand('papers list', { limit: 3 });
    await it.waitForOriginal();
    assert.deepEqual(seen, [registered.find((c) => c.name === 'papers')!.id, 'list', 3]);
    await assert.rejects(emu.slashCommand('papers list', { limit: 3, nope: 1 }), /no option 'nope'/);
  });
});

test('ephemeral followup: flags 64 stored and never dispatched on the gateway', async () => {
  await withBot(async ({ emu, onInteraction }) => {
    onInteraction(async (i) => {
      if (!i.isChatInputCommand()) return;
      await i.reply({ content: 'public answer', withResponse: true });
      await i.followUp({ content: 'only you can see this', flags: MessageFlags.Ephemeral });
    });
    const it = await emu.slashCommand('ask', { question: 'q' });
    const followup = await it.waitForFollowup();
    assert.equal(followup.content, 'only you can see this');
    assert.equal(followup.flags & MessageFlags.Ephemeral, MessageFlags.Ephemeral);
    assert.equal(followup.ephemeral, true);
    const cb = await it.callback();
    assert.equal(cb.query.with_response, 'true');
    assert.equal(cb.status, 200);
    const original = it.original()!;
    assert.equal(original.ephemeral, false);
    const sentIds = emu.gatewayEvents.filter((e) => e.t === 'MESSAGE_CREATE').map((e) => e.d.id);
    assert.ok(sentIds.includes(original.id));
    assert.ok(!sentIds.includes(followup.id));
  });
});

test('Discord-like validation: a 2001-char reply is rejected with 50035', async () => {
  await withBot(async ({ emu, onInteraction }) => {
    let caught: unknown;
    onInteraction(async (i) => {
      if (!i.isChatInputCommand()) return;
      try {
        await i.reply('x'.repeat(2001));
      } catch (e) {
        caught = e;
        await i.reply('shortened');
      }
    });
    const it = await emu.slashCommand('ask', { question: 'q' });
    const original = await it.waitForOriginal();
    assert.equal(original.content, 'shortened');
    assert.ok(caught instanceof DiscordAPIError);
    assert.equal(caught.code, 50035);
    assert.match(caught.message, /content\[BASE_TYPE_MAX_LENGTH\]/);
    assert.equal(emu.surprises().length, 1);
  });
});

test('thread from a message and a file upload (multipart) inside it', async () => {
  await withBot(async ({ emu, client, onMessage }) => {
    onMessage(async (m) => {
      if (m.author.bot || !m.mentions.users.has(client.user!.id)) return;
      const thread = await m.startThread({ name: 'Discussion' });
      await thread.send({ content: 'see attached', files: [{ attachment: Buffer.from('hello file'), name: 'answer.txt' }] });
    });
    const q = await emu.postMessage({ content: 'start a thread', mentionsBot: true });
    const inThread = await emu.waitForMessage((m) => m.content === 'see attached');
    const thread = emu.channels.get(inThread.channel_id)!;
    assert.equal(thread.type, 11);
    assert.equal(thread.id, q.id, 'thread id = starter message id, like Discord');
    assert.equal(thread.parent_id, emu.channel.id);
    assert.ok(client.channels.cache.get(thread.id)?.isThread(), 'THREAD_CREATE reached the client');
    assert.equal(inThread.attachments[0].filename, 'answer.txt');
    assert.equal(emu.attachment(inThread.attachments[0].id)?.data.toString(), 'hello file');
    const upload = emu.requests.find((c) => c.method === 'POST' && c.path === `/channels/${thread.id}/messages`);
    assert.match(upload?.headers['content-type'] ?? '', /^multipart\/form-data/);
    assert.equal(upload?.body.content, 'see attached');
  });
});

test('the 3 s acknowledgement deadline is enforced (shortened here)', async () => {
  await withBot(
    async ({ emu, onInteraction }) => {
      let sawError!: (e: unknown) => void;
      const caught = new Promise<unknown>((resolve) => (sawError = resolve));
      onInteraction(async (i) => {
        if (!i.isChatInputCommand()) return;
        await new Promise((r) => setTimeout(r, 80)); // a slow bot that forgot to defer
        await i.reply('too late').catch(sawError);
      });
      const it = await emu.slashCommand('ask', { question: 'q' });
      const cb = await it.callback();
      assert.equal(cb.status, 404);
      assert.equal((cb.response as { code: number }).code, 10062);
      const err = await caught;
      assert.ok(err instanceof DiscordAPIError && err.code === 10062);
      assert.equal(it.acknowledgedAt, undefined);
    },
    { interactionAckTimeoutMs: 50 },
  );
});

test('modal and select menu round trips', async () => {
  await withBot(async ({ emu, onInteraction }) => {
    onInteraction(async (i) => {
      if (i.isChatInputCommand() && i.commandName === 'feedback') {
        await i.showModal(
          new ModalBuilder()
            .setCustomId('fb')
            .setTitle('Feedback')
            .addComponents(new ActionRowBuilder<TextInputBuilder>().addComponents(new TextInputBuilder().setCustomId('text').setLabel('Text').setStyle(TextInputStyle.Paragraph))),
        );
      } else if (i.isModalSubmit()) {
        await i.reply({ content: `thanks: ${i.fields.getTextInputValue('text')}`, flags: MessageFlags.Ephemeral });
      } else if (i.isChatInputCommand() && i.commandName === 'pick') {
        const menu = new StringSelectMenuBuilder().setCustomId('paper').addOptions({ label: 'A', value: 'a' }, { label: 'B', value: 'b' });
        await i.reply({ content: 'pick one', components: [new ActionRowBuilder<StringSelectMenuBuilder>().addComponents(menu)] });
      } else if (i.isStringSelectMenu()) {
        await i.deferUpdate();
        await i.editReply({ content: `picked ${i.values.join(',')}`, components: [] });
      }
    });
    const fb = await emu.slashCommand('feedback');
    assert.equal((await fb.callback()).body.type, 9);
    assert.equal(fb.modal().custom_id, 'fb');
    const submit = await emu.submitModal('fb', { text: 'great bot' });
    const thanks = await submit.waitForOriginal();
    assert.equal(thanks.content, 'thanks: great bot');
    assert.equal(thanks.ephemeral, true);

    const pick = await emu.slashCommand('pick');
    const menuMessage = await pick.waitForOriginal();
    const sel = await emu.selectMenu(menuMessage, 'paper', ['b']);
    assert.equal((await sel.callback()).body.type, 6);
    const edited = await sel.waitForOriginal((m) => m.content === 'picked b');
    assert.equal(edited.id, menuMessage.id, 'deferUpdate + editReply edits the component message');
  });
});

test('hung request released later; delayed response; global 429', async () => {
  await withBot(async ({ emu, client, onMessage }) => {
    onMessage(async (m) => {
      if (!m.author.bot && m.mentions.users.has(client.user!.id)) await m.reply(`answer ${m.id}`);
    });
    emu.hangNext(1, /^POST \/channels\//);
    const q1 = await emu.postMessage({ content: 'one', mentionsBot: true });
    const hung = await emu.waitForRequest((c) => c.injected === 'hang');
    assert.equal(hung.status, 0);
    assert.equal(emu.botMessages().length, 0);
    assert.equal(emu.releaseHung(), 1);
    await emu.waitForMessage((m) => m.content === `answer ${q1.id}`);
    assert.equal(hung.status, 200);

    emu.rateLimitNext(1, { global: true, retryAfterSeconds: 0.05 });
    emu.delayNext(1, 30);
    const mark = emu.mark();
    const q2 = await emu.postMessage({ content: 'two', mentionsBot: true });
    await emu.waitForMessage((m) => m.content === `answer ${q2.id}`);
    const calls = emu.requests.filter((c) => c.seq > mark).map((c) => c.injected ?? c.status);
    assert.deepEqual(calls, ['rate-limit', 'delay']);
  });
});

test('DMs, reactions and intent filtering (no MessageContent: content only when mentioned)', async () => {
  await withBot(
    async ({ emu, client, onMessage }) => {
      const seen: string[] = [];
      onMessage(async (m) => {
        if (m.author.bot) return;
        seen.push(`${m.channel.isDMBased() ? 'dm' : 'guild'}:${m.content}`);
        if (m.channel.isDMBased()) await m.reply('dm reply');
        else await m.react('👍');
      });
      await emu.postMessage({ content: 'not for the bot' });
      const mention = await emu.postMessage({ content: 'for the bot', mentionsBot: true });
      await emu.waitFor(() => emu.message(mention.id)?.reactions?.length, 'the reaction');
      assert.deepEqual(emu.message(mention.id)?.reactions?.[0].emoji, { id: null, name: '👍' });
      const dm = await emu.postMessage({ content: 'private question', dm: true });
      const reply = await emu.waitForMessage((m) => m.channel_id === dm.channel_id);
      assert.equal(reply.content, 'dm reply');
      assert.deepEqual(seen, ['guild:', `guild:<@${emu.botUser.id}> for the bot`, 'dm:private question']);
      assert.ok(client.user);
    },
    {},
    { intents: [GatewayIntentBits.Guilds, GatewayIntentBits.GuildMessages, GatewayIntentBits.DirectMessages], partials: [Partials.Channel] },
  );
});

test('a hung request is aborted by the client (rest timeout) and retried', async () => {
  const emu = await DiscordEmulator.start();
  // Long enough for the retry itself to finish on a busy machine (at 150 ms, two files at once on
  // two loaded cores had the retry aborted too); the hung request waits it out whole.
  const client = new Client({ intents: INTENTS, ...emu.clientOptions({ timeout: 1000 }) });
  try {
    const ready = once(client, Events.ClientReady);
    await client.login(emu.token);
    await ready;
    emu.hangNext(1, /^GET \/users\/@me$/);
    const me = await client.rest.get('/users/@me');
    assert.equal((me as { id: string }).id, emu.botUser.id);
    const calls = emu.requests.filter((c) => c.path === '/users/@me');
    assert.deepEqual(calls.map((c) => [c.injected ?? null, c.status]), [['hang', 0], [null, 200]]);
    await emu.waitFor(() => calls[0].aborted, 'the client to abort the hung request');
  } finally {
    await client.destroy();
    await emu.stop();
  }
});
