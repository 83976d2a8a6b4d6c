import { REST, Routes } from 'discord.js';
import { cli, fail, print, run } from './common.js';
import { COMMANDS_REGISTRY_FILE, dataPath } from '../config.js';
import { redact } from '../log.js';
import { loadCommands } from '../bot/loader.js';
import { applicationIdFromToken, commandDefinitions, registerCommands } from '../bot/registration.js';

const usage = 'usage: npm run deploy-commands -- [--json] [--global]\n  Registers the slash commands for DISCORD_GUILD_ID (instant), or globally with --global or without DISCORD_GUILD_ID (up to an hour to appear).';
const { values, json, settings } = cli({ global: { type: 'boolean', default: false } }, usage);

run(json, async () => {
  if (!settings.discordToken) fail(json, { code: 'BAD_INPUT', message: 'DISCORD_TOKEN is not set.', hint: 'Put the bot token in .env; the README ("Discord bot") explains where to find it.' });
  redact(settings.discordToken);
  const rest = new REST({ api: settings.discordApiBase }).setToken(settings.discordToken);
  // DISCORD_CLIENT_ID, else the id inside the token, else ask Discord.
  const applicationId = settings.discordClientId || applicationIdFromToken(settings.discordToken) || ((await rest.get(Routes.currentApplication())) as { id: string }).id;
  const guildId = values.global ? undefined : settings.discordGuildId || undefined;
  const commands = await loadCommands();
  const result = await registerCommands(rest, {
    applicationId,
    guildId,
    defs: commandDefinitions(commands, settings),
    registryFile: dataPath(settings, COMMANDS_REGISTRY_FILE),
    force: true,
  });
  print(json, { ...result, names: [...commands.keys()] }, () => `registered ${result.commands} commands (${[...commands.keys()].map((n) => `/${n}`).join(', ')}) ${guildId ? `for guild ${guildId}: they appear at once` : 'globally: they can take up to an hour to appear'}`);
});
