/**
 * The start-up check of the Ollama side: each host's version, whether the chat and embedding
 * models are there with the capabilities papercord needs, in one log line. Every request is
 * bounded by OLLAMA_CONNECT_TIMEOUT_MS, so an unreachable server delays start-up by at most
 * that (a refused connection by nothing).
 */
import type { Settings } from '../config.js';
import type { Logger } from '../log.js';
import { errorText, ollamaClient } from '../ollama/client.js';
import { hasModel } from '../ollama/probe.js';
import { hostsVariable, type HostPool } from './hosts.js';

export interface ModelCheck {
  model: string;
  present: boolean;
  /** From /api/show; undefined when the server does not report them (older Ollama). */
  capabilities?: string[];
  /** The capability it lacks, when it has the model but cannot do the job. */
  missing?: string;
}

export interface HostReport {
  host: string;
  reachable: boolean;
  version?: string;
  error?: string;
  /** What answered instead of Ollama, if anything did. */
  answeredAs?: string;
  /** The status by which it refused papercord's credentials, or their absence. */
  refused?: number;
  chat?: ModelCheck;
  embed?: ModelCheck;
}

/** Whether a host has the chat model and it can chat (an embedding model named as the chat model cannot). */
export function canChat(h: HostReport): boolean {
  return !!h.chat && h.chat.present && !h.chat.missing;
}

export interface StartupReport {
  hosts: HostReport[];
  /** True when some host can write answers with the chat model. */
  ready: boolean;
}

export async function checkOllama(pool: HostPool, settings: Pick<Settings, 'chatModel' | 'embedModel' | 'connectTimeoutMs' | 'embeddings' | 'autoPull' | 'ollamaHosts' | 'ollamaAuth'>, log: Logger): Promise<StartupReport> {
  const states = await pool.checkAll();
  const hosts = await Promise.all(
    states.map(async (s): Promise<HostReport> => {
      if (!s.up) return { host: s.host, reachable: false, error: s.error, answeredAs: s.answeredAs, refused: s.refused };
      const client = ollamaClient(s.host, settings.ollamaAuth, { timeoutMs: settings.connectTimeoutMs });
      const check = async (model: string, needs: string): Promise<ModelCheck> => {
        if (!hasModel(s.models ?? [], model)) return { model, present: false };
        try {
          const caps = (await client.show({ model })).capabilities;
          if (!Array.isArray(caps)) return { model, present: true };
          return { model, present: true, capabilities: caps, ...(caps.includes(needs) ? {} : { missing: needs }) };
        } catch (e) {
          // The list says it is there; a failed /api/show is not worth refusing it for.
          log.debug('ollama show failed', { host: s.host, model, error: errorText(e) });
          return { model, present: true };
        }
      };
      const [chat, embed] = await Promise.all([check(settings.chatModel, 'completion'), check(settings.embedModel, 'embedding')]);
      return { host: s.host, reachable: true, version: s.version, chat, embed };
    }),
  );
  const ready = hosts.some(canChat);
  const fields = {
    // Why it is unreachable tells a stopped server (refused) from a busy or stuck one (no answer in time).
    hosts: hosts.map((h) => (h.reachable ? `${h.host} v${h.version}` : h.answeredAs ? `${h.host} not Ollama (${h.answeredAs})` : h.refused ? `${h.host} refused papercord (${h.error})` : `${h.host} unreachable${h.error ? ` (${h.error})` : ''}`)).join(', '),
    chat: describe(hosts, settings.chatModel, (h) => h.chat),
    embed: settings.embeddings === 'local' ? `${describe(hosts, settings.embedModel, (h) => h.embed)} (EMBEDDINGS=local: not used)` : describe(hosts, settings.embedModel, (h) => h.embed),
    warm: ready ? 'started' : 'skipped',
    ...(hosts.some((h) => h.chat && !h.chat.present) ? { fix: settings.autoPull ? `pulling ${settings.chatModel} (OLLAMA_AUTO_PULL=true)` : `ollama pull ${settings.chatModel}` } : {}),
  };
  if (ready) log.info('ollama checked', fields);
  else {
    const why = hosts.some((h) => h.reachable)
      ? 'ollama checked: the chat model is not usable, answers will be extractive'
      : hosts.every((h) => h.answeredAs)
        ? `not an ollama server: answers will be extractive, check ${hostsVariable(settings)}`
        : hosts.every((h) => h.refused)
          ? `ollama refused papercord: answers will be extractive, check the user and password in ${hostsVariable(settings)}`
          : 'ollama unreachable: answers will be extractive';
    log.warn(why, fields);
  }
  return { hosts, ready };
}

function describe(hosts: HostReport[], model: string, pick: (h: HostReport) => ModelCheck | undefined): string {
  const checks = hosts.map(pick).filter((c): c is ModelCheck => c !== undefined);
  if (checks.length === 0) return `${model} unknown`;
  const ok = checks.find((c) => c.present && !c.missing);
  if (ok) return `${model} ok${ok.capabilities ? ` (${ok.capabilities.join(', ')})` : ''}`;
  const lacking = checks.find((c) => c.present && c.missing);
  if (lacking) return `${model} lacks "${lacking.missing}" (has ${lacking.capabilities?.join(', ')})`;
  return `${model} missing`;
}
