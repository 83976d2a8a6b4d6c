import { ConfigError, loadSettings, secretValues, settingsWarnings, type Settings } from './config.js';
import { captureConsole, configureLogging, flushHeldLogs, log, redact, type Logger } from './log.js';
import { operatorFacingError } from './errors.js';
import { PapercordService, type ServiceOptions } from './service.js';

/** Ends a long-running entry point (npm start, the shard launcher) with a message and what to do. */
export function fatal(message: string, hint?: string): never {
  // What the log held back (the console's start-up) may say why.
  flushHeldLogs();
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
  startLogging(settings);
  return settings;
}

/** Logging as the settings ask, the console's output through it, and every secret of the settings kept out of it (Ollama's credentials too). */
export function startLogging(settings: Settings): void {
  configureLogging({ level: settings.logLevel, format: settings.logFormat });
  captureConsole();
  redactSecrets(settings);
  for (const warning of settingsWarnings(settings)) log.warn(warning);
}

/** Every secret of the settings (Ollama's credentials too) kept out of the log from now on. */
export function redactSecrets(settings: Settings): void {
  for (const secret of secretValues(settings)) redact(secret);
}

/** Opens the service for an entry point; if it cannot be opened, the process ends saying why and what to do. */
export async function openServiceOrExit(settings: Settings, opts: ServiceOptions, log: Logger): Promise<PapercordService> {
  try {
    return await PapercordService.open(settings, opts);
  } catch (e) {
    const ue = operatorFacingError(e, 'opening the index');
    if (ue.code === 'INTERNAL') log.error('could not open the index', { error: e });
    fatal(ue.message, ue.hint);
  }
}

/** Runs an entry point; a failure nothing else handled is logged and ends the process. */
export function runMain(main: () => Promise<void>, log: Logger): void {
  main().catch((e: unknown) => {
    log.error('fatal', { error: e });
    fatal((e as Error).message ?? String(e));
  });
}

/** Whether a long-running entry point has begun to stop. */
export interface Shutdown {
  readonly stopping: boolean;
  /** Begins stopping for a reason other than a signal; later signals are only logged. False if a stop had already begun. */
  begin(): boolean;
}

/**
 * Stops the process on the first SIGINT or SIGTERM: `stop` does the work, then the process exits
 * 0 (1 with the reason logged if it failed). A terminal or a supervisor may signal npm, the shell
 * and the process alike: one stop is enough, so later signals are only logged.
 */
export function stopOnSignals(log: Logger, stop: (signal: NodeJS.Signals) => Promise<unknown>): Shutdown {
  let stopping = false;
  const begin = () => !stopping && (stopping = true);
  const onSignal = (signal: NodeJS.Signals) => {
    if (!begin()) return void log.info('already shutting down', { signal });
    stop(signal).then(
      () => process.exit(0),
      (e: unknown) => {
        log.error('shutdown failed', { error: e });
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  return {
    get stopping() {
      return stopping;
    },
    begin,
  };
}
