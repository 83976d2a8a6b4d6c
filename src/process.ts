import { ConfigError, loadSettings, secretValues, type Settings } from './config.js';
import { configureLogging, redact, type Logger } from './log.js';

/** Ends a long-running entry point (npm start, the shard launcher) with a message and what to do. */
export function fatal(message: string, hint?: string): never {
  process.stderr.write(`papercord: ${message}${hint ? `\n${hint}` : ''}\n`);
  process.exit(1);
}

/** Settings for a long-running entry point: validated, logging configured, every secret redacted from logs. */
export function processSettings(): Settings {
  let settings: Settings;
  try {
    settings = loadSettings();
  } catch (e) {
    if (e instanceof ConfigError) fatal(e.message, 'Fix the variables named above in .env or the environment; .env.example lists them all.');
    throw e;
  }
  configureLogging({ level: settings.logLevel });
  for (const secret of secretValues(settings)) redact(secret);
  return settings;
}

/** Exits 0 once a shutdown's work is done, 1 with the reason logged if it fails. */
export function exitWhenStopped(stopped: Promise<unknown>, log: Logger): void {
  stopped.then(
    () => process.exit(0),
    (e: unknown) => {
      log.error('shutdown failed', { error: e });
      process.exit(1);
    },
  );
}
