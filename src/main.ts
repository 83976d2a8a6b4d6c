import 'dotenv/config';
import type { Settings } from './config.js';
import { fatal, openServiceOrExit, processSettings, runMain, stopOnSignals } from './process.js';
import { operatorFacingError } from './errors.js';
import { holdLogs, log, type HeldLine } from './log.js';
import { parseFlags } from './cli/flags.js';
import type { PapercordService } from './service.js';
import { startBot } from './bot/index.js';
import { runConsole } from './console/console.js';
import { DM_COLLECTION } from './bot/collection.js';

/**
 * `npm start`: the Discord bot when DISCORD_TOKEN is set, else the local console. Settings are
 * checked and the service is opened once; a bad setting or a failed start ends with a message
 * that says what to do, while a failure in one request never ends the process.
 */
const USAGE = `usage: npm start

Runs the Discord bot when DISCORD_TOKEN is set, else the local console (type /help there).
Settings come from the environment and .env; docs/configuration.md and .env.example list them all.`;

async function main(): Promise<void> {
  // Flags only for help: every setting is an environment variable.
  parseFlags({}, USAGE);
  const settings = processSettings();
  process.on('unhandledRejection', (e) => log.error('unhandled rejection (the bot keeps running)', { error: e }));
  process.on('uncaughtException', (e) => log.error('uncaught exception (the bot keeps running)', { error: e }));

  // The console's banner says in one line whether Ollama answers: the start-up's log lines that say it too wait, and are left out.
  const release = settings.discordToken ? undefined : holdLogs();
  // The bot names a collection in every request; one it forgot would read the shipped corpus only, never a server's papers.
  const service = await openServiceOrExit(settings, { follow: true, ...(settings.discordToken ? { defaultCollection: DM_COLLECTION } : {}) }, log);
  release?.((line) => !saidByBanner(line));

  if (settings.discordToken) await runBot(settings, service);
  else await runLocalConsole(settings, service);
}

async function runBot(settings: Settings, service: PapercordService): Promise<void> {
  log.info('starting the Discord bot', { api: settings.discordApiBase, guild: settings.discordGuildId || 'global commands', pid: process.pid });
  const starting = startBot(settings, service);
  // Listening before the bot is up: a signal during start-up still ends in an orderly stop, bounded by SHUTDOWN_GRACE_SECONDS.
  stopOnSignals(log, (signal) => {
    log.info('shutting down', { signal, graceSeconds: settings.shutdownGraceSeconds });
    return starting.then((bot) => bot.stop()).then(() => service.close());
  });
  try {
    await starting;
  } catch (e) {
    const ue = operatorFacingError(e, 'starting the bot');
    log.error('the bot could not start', { error: e });
    fatal(ue.message, ue.hint);
  }
}

async function runLocalConsole(settings: Settings, service: PapercordService): Promise<void> {
  const model = service.modelStatus();
  const info = service.info();
  const banner = [
    'papercord local console: DISCORD_TOKEN is not set, so the Discord bot did not start.',
    '  To run the bot, put DISCORD_TOKEN=<your bot token> in .env (see "Discord bot" in README.md).',
    // One line about Ollama: what it does now, and when it does not write, how to have it write.
    `Ollama: ${model.detail}${model.answers ? '' : ` For written answers: install Ollama (https://ollama.com) and run "ollama pull ${settings.chatModel}".`}`,
    `${info.papers} papers indexed (embedder ${info.embedder}). Type /help for the commands, /quit to leave.`,
    '',
  ];
  const controller = new AbortController();
  const stop = () => controller.abort();
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  await runConsole(service, { input: process.stdin, output: process.stdout, interactive: !!process.stdin.isTTY && !!process.stdout.isTTY, banner, told: model.answers ? [] : [model.detail], log, signal: controller.signal });
  await service.close();
  process.exit(0);
}

/**
 * A start-up log line the console's banner says already: how Ollama was found (the writer's check,
 * the embedder chosen because of it). A warning about anything else is still shown.
 */
function saidByBanner(line: HeldLine): boolean {
  // The message, not the formatted line: an embedder id or a host in a field can name Ollama too.
  return (line.level === 'info' || line.level === 'debug' || /answers will be extractive/.test(line.msg)) && /^(?:ollama |not an ollama |embedder chosen$)/i.test(line.msg);
}

runMain(main, log);
