/**
 * The Ollama servers that write answers (OLLAMA_HOSTS, else OLLAMA_HOST). Requests go round
 * robin over the servers that are up; a server that fails to connect is marked down and
 * skipped. Down servers are checked again before a request finds none up, so a stopped server
 * that comes back is used at once: a refused connection costs nothing to try. A server that
 * let its last check run out of OLLAMA_CONNECT_TIMEOUT_MS is not waited for again, which would
 * cost every answer the whole timeout: like a down server while others serve, it is checked in
 * the background at most every `recheckMs`, and used from the first answer after it answers.
 */
import { credentialsFix } from '../ollama/client.js';
import type { ProbeResult } from '../ollama/probe.js';
import { formatMs } from '../text/durations.js';

export interface HostState {
  host: string;
  /** null until the first check or request. */
  up: boolean | null;
  version?: string;
  /** Installed models, from the last successful check. */
  models?: string[];
  /** Why it is down. */
  error?: string;
  /** Set when it is down because what answered there is not Ollama (see ProbeResult). */
  answeredAs?: string;
  /** Its last check ran out of time: nothing answered at all. */
  silent?: boolean;
  /** Down because it refused papercord's credentials, or their absence: the HTTP status (see ProbeResult). */
  refused?: number;
  checkedAt?: number;
}

export type Probe = (host: string) => Promise<ProbeResult>;

export class HostPool {
  private readonly hosts: HostState[];
  private readonly probing = new Map<string, Promise<HostState>>();
  private cursor = 0;

  constructor(
    urls: string[],
    private readonly probe: Probe,
    private readonly recheckMs = 30_000,
  ) {
    if (urls.length === 0) throw new Error('HostPool needs at least one host');
    this.hosts = [...new Set(urls)].map((host) => ({ host, up: null }));
  }

  get urls(): string[] {
    return this.hosts.map((h) => h.host);
  }

  states(): HostState[] {
    return this.hosts.map((h) => ({ ...h }));
  }

  /** Checks one host now (a check already running is shared). */
  check(host: string): Promise<HostState> {
    const running = this.probing.get(host);
    if (running) return running;
    const p = this.probe(host)
      .catch((e: unknown): ProbeResult => ({ host, reachable: false, models: [], error: String(e) }))
      .then((r) => {
        const state = this.state(host);
        Object.assign(state, { up: r.reachable, checkedAt: Date.now(), error: r.reachable ? undefined : r.error, answeredAs: r.answeredAs, silent: !r.reachable && r.timedOut === true, refused: r.refused });
        if (r.reachable) Object.assign(state, { version: r.version, models: r.models });
        return { ...state };
      })
      .finally(() => this.probing.delete(host));
    this.probing.set(host, p);
    return p;
  }

  checkAll(): Promise<HostState[]> {
    return Promise.all(this.hosts.map((h) => this.check(h.host)));
  }

  markUp(host: string): void {
    Object.assign(this.state(host), { up: true, error: undefined, answeredAs: undefined, silent: false, refused: undefined, checkedAt: Date.now() });
  }

  /** Down: it did not answer a request (`refused` unset), or refused papercord with that status. */
  markDown(host: string, error: string, refused?: number): void {
    Object.assign(this.state(host), { up: false, error, answeredAs: undefined, silent: false, refused, checkedAt: Date.now() });
  }

  /**
   * The next host to send a request to, skipping `exclude`, or null when none answers.
   * Costs nothing while a host is known to be up; otherwise at most one check of each host
   * that did not time out at its last check, bounded by the probe's own timeout.
   */
  async pick(exclude: ReadonlySet<string> = new Set()): Promise<string | null> {
    const candidates = this.rotation().filter((h) => !exclude.has(h.host));
    const now = Date.now();
    for (const h of candidates) {
      if (h.up !== true && now - (h.checkedAt ?? 0) >= this.recheckMs) void this.check(h.host);
    }
    const up = candidates.find((h) => h.up === true);
    if (up) return this.take(up.host);
    // Nothing known to be up: ask the unknown and down ones that answer quickly, and take the first that answers in rotation order.
    const checked = await Promise.all(candidates.filter((h) => !h.silent).map((h) => this.check(h.host)));
    const found = checked.find((h) => h.up);
    return found ? this.take(found.host) : null;
  }

  private rotation(): HostState[] {
    return [...this.hosts.slice(this.cursor), ...this.hosts.slice(0, this.cursor)];
  }

  private take(host: string): string {
    this.cursor = (this.hosts.findIndex((h) => h.host === host) + 1) % this.hosts.length;
    return host;
  }

  private state(host: string): HostState {
    const s = this.hosts.find((h) => h.host === host);
    if (!s) throw new Error(`unknown Ollama host ${host}`);
    return s;
  }
}

/** The setting that names the hosts written with: OLLAMA_HOSTS when set, else OLLAMA_HOST. */
export type HostsVariable = 'OLLAMA_HOST' | 'OLLAMA_HOSTS';

export function hostsVariable(settings: { ollamaHosts: readonly string[] }): HostsVariable {
  return settings.ollamaHosts.length ? 'OLLAMA_HOSTS' : 'OLLAMA_HOST';
}

/**
 * Why no host can be used, and what to do, for the notes of the status and of extractive
 * answers. A host where something else answers (a 404 page, a proxy) is told apart from one
 * where nothing does: "start Ollama" would not fix the first. Nor would it fix a host that let
 * the check run out of `connectTimeoutMs` (`silent`): a server is there but busy or stuck, unlike
 * a refused connection or an unknown host, which fail at once. A host that refused papercord's
 * credentials (`refused`, a 401 or 403 from a proxy) is told to have them checked.
 */
export function noHostNote(hosts: readonly Pick<HostState, 'host' | 'answeredAs' | 'silent' | 'refused' | 'error'>[], variable: HostsVariable, connectTimeoutMs: number): { what: string; fix: string } {
  const refused = hosts.filter((h) => h.refused).map((h) => `${h.host} refused papercord (${h.error})`);
  const answering = hosts.filter((h) => !h.refused);
  const down = answering.filter((h) => !h.answeredAs && !h.silent).map((h) => h.host);
  const stuck = answering.filter((h) => !h.answeredAs && h.silent).map((h) => h.host);
  const foreign = answering.filter((h) => h.answeredAs).map((h) => `${h.host} answered, but not as an Ollama server (${h.answeredAs})`);
  const what = [
    ...(down.length ? [`No Ollama server answered at ${down.join(', ')}`] : []),
    ...(stuck.length ? [`${stuck.join(', ')} did not answer within ${formatMs(connectTimeoutMs)} (OLLAMA_CONNECT_TIMEOUT_MS): a server there accepts connections but is busy or stuck, or a firewall drops them`] : []),
    ...foreign,
    ...refused,
  ].join('; ');
  const downFix = foreign.length === 0 ? (down.length ? `Start Ollama (ollama serve) or check ${variable}.` : '') : down.length === 0 ? `Check ${variable}: ${variable === 'OLLAMA_HOSTS' ? 'each must be' : 'it must be'} the address of an Ollama server (ollama serve listens on port 11434).` : `Start Ollama (ollama serve) and check ${variable}.`;
  const stuckFix = stuck.length ? `Check that Ollama at ${stuck.join(', ')} is not overloaded or hung (ollama ps; restart it if it stays silent), or raise OLLAMA_CONNECT_TIMEOUT_MS if it is only slow.` : '';
  const refusedFix = refused.length ? `${credentialsFix(variable)}.` : '';
  return { what, fix: [downFix, stuckFix, refusedFix].filter(Boolean).join(' ') };
}
