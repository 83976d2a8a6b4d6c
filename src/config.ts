import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SECRET_MIN_CHARS } from './log.js';

/** The project root, so that paths in the settings work from any working directory. */
export const PROJECT_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

type Parse<T> = (raw: string, name: string) => T;

interface Variable<T> {
  env: string;
  default: string;
  description: string;
  parse: Parse<T>;
  /** Never printed, not even its length. */
  secret?: boolean;
}

export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

const str: Parse<string> = (raw) => raw;
// Written in decimal: Number() alone reads " " as 0 and "0x1" or "1e3" as numbers nobody meant to write.
const INTEGER = /^\s*[+-]?\d+\s*$/;
const DECIMAL = /^\s*[+-]?(?:\d+\.?\d*|\.\d+)\s*$/;
const int = (min: number, max: number): Parse<number> => (raw, name) => {
  const n = INTEGER.test(raw) ? Number(raw) : NaN;
  if (!Number.isSafeInteger(n) || n < min || n > max) throw new ConfigError(`${name} must be a whole number from ${min} to ${max}, got "${raw}"`);
  return n;
};
const num = (min: number, max: number): Parse<number> => (raw, name) => {
  const n = DECIMAL.test(raw) ? Number(raw) : NaN;
  if (!Number.isFinite(n) || n < min || n > max) throw new ConfigError(`${name} must be a number from ${min} to ${max}, got "${raw}"`);
  return n;
};
const bool: Parse<boolean> = (raw, name) => {
  const v = raw.trim().toLowerCase();
  if (['1', 'true', 'yes', 'on'].includes(v)) return true;
  if (['0', 'false', 'no', 'off', ''].includes(v)) return false;
  throw new ConfigError(`${name} must be true or false, got "${raw}"`);
};
const oneOf = <T extends string>(...values: T[]): Parse<T> => (raw, name) => {
  const v = raw.trim().toLowerCase() as T;
  if (!values.includes(v)) throw new ConfigError(`${name} must be one of ${values.join(', ')}, got "${raw}"`);
  return v;
};
const list: Parse<string[]> = (raw) => raw.split(',').map((s) => s.trim()).filter(Boolean);
/**
 * A Discord id (a snowflake: 17 to 20 digits) of a server, channel or role, with where Discord
 * shows it. A channel or role written by its name was accepted, matched nothing, and the bot
 * fell silent everywhere; a server's name failed only at registration, blamed on the invite.
 */
const discordId = (what: string, copy: string): Parse<string> => (raw, name) => {
  const v = raw.trim();
  if (v && !/^\d{17,20}$/.test(v)) throw new ConfigError(`${name}: "${raw}" is not a ${what} id (ids are 17 to 20 digits). To get one, turn on Developer Mode in Discord (User Settings, Advanced), then ${copy}`);
  return v;
};
const discordIds = (what: string, copy: string): Parse<string[]> => (raw, name) => list(raw, name).map((v) => discordId(what, copy)(v, name));
/** How a user or password is written in an address when it holds a character that ends that part. */
const ESCAPES_HINT = 'a user or password holding @ : / # ? % or , is written with %40 %3A %2F %23 %3F %25 %2C';
/**
 * An address as it may be shown: a user and password in it are masked, everything up to the
 * last @ (a password with an unescaped @ or / would otherwise show its end).
 */
const shownUrl = (raw: string) => raw.replace(/^([a-z]+:\/\/)?.*@/i, '$1***@').replace(/^([a-z]+:\/\/)[^/?#@*]*:(?!\d*(?:[/?#]|$))[^/?#]*/i, '$1***');
const parseUrl = (raw: string, name: string): URL => {
  try {
    return new URL(raw.includes('://') ? raw : `http://${raw}`);
  } catch {
    throw new ConfigError(`${name} must be a URL such as http://127.0.0.1:11434, got "${shownUrl(raw)}"${raw.includes('@') || shownUrl(raw) !== raw ? ` (${ESCAPES_HINT})` : ''}`);
  }
};
/**
 * An Ollama server as written in OLLAMA_HOST or OLLAMA_HOSTS, read once. `address` is what
 * papercord sends requests to, shows (logs, /status, errors) and tells servers apart by: scheme,
 * host, port and path. A user and password written in it are not part of it: they are sent as
 * `authorization` (see ollamaAuth) and shown nowhere.
 */
interface OllamaAddress {
  address: string;
  authorization?: string;
}

const ollamaAddress: Parse<OllamaAddress> = (raw, name) => {
  const u = parseUrl(raw, name);
  // Ollama speaks HTTP: ftp://... was accepted and then reported unreachable at every answer.
  if (u.protocol !== 'http:' && u.protocol !== 'https:') throw new ConfigError(`${name} must be an http:// or https:// URL such as http://127.0.0.1:11434, got "${shownUrl(raw)}"`);
  // URL drops a scheme's own port ("https://h:443" has port ""), yet it was written: kept, as the ollama client would read a bare host as :11434.
  const port = u.port || /^[a-z]+:\/\/(?:[^/?#]*@)?[^/?#@]*:(\d+)(?:[/?#]|$)/i.exec(raw.trim())?.[1];
  if (!port) throw new ConfigError(`${name} must include a port, for example http://127.0.0.1:11434 (got "${shownUrl(raw)}")`);
  // The ollama client sends to the path (a reverse proxy's prefix: https://host:443/ollama/api/chat) but drops a query or fragment.
  if (u.search || u.hash) throw new ConfigError(`${name} may hold a path, such as a reverse proxy's /ollama, but no ?query or #fragment: the requests would go without it (got "${shownUrl(raw)}")`);
  const address = `${u.protocol}//${u.hostname}:${port}${u.pathname.replace(/\/+$/, '')}`;
  if (!u.username && !u.password) return { address };
  let credentials: string;
  try {
    credentials = `${decodeURIComponent(u.username)}:${decodeURIComponent(u.password)}`;
  } catch {
    throw new ConfigError(`${name}: the user or password in "${shownUrl(raw)}" has a % not followed by two hex digits (${ESCAPES_HINT})`);
  }
  return { address, authorization: `Basic ${Buffer.from(credentials, 'utf8').toString('base64')}` };
};
/** A duration as Go writes one ("10m", "1h30m", "300s", "-1s"), which is what Ollama's API reads a keep_alive string as. */
const GO_DURATION = /^[+-]?(?:(?:\d+\.?\d*|\.\d+)(?:ns|us|µs|μs|ms|s|m|h))+$/;
/**
 * How long Ollama keeps a model loaded, as its server reads OLLAMA_KEEP_ALIVE: a duration, or a
 * number of seconds (negative: for ever). Sent as a duration: the API reads a string only as one,
 * and rejected "forever" at every request, each answer falling back to quotes.
 */
const keepAlive: Parse<string> = (raw, name) => {
  const v = raw.trim();
  if (/^[+-]?\d+$/.test(v)) return `${v}s`;
  if (GO_DURATION.test(v)) return v;
  throw new ConfigError(`${name} must be a duration such as 10m, 1h30m or 300s, a number of seconds, or -1 to keep the model loaded, got "${raw}"`);
};
const ollamaAddresses: Parse<OllamaAddress[]> = (raw, name) => list(raw, name).map((r) => ollamaAddress(r, name));
const apiBase: Parse<string> = (raw, name) => {
  try {
    new URL(raw);
  } catch {
    throw new ConfigError(`${name} must be a URL such as https://discord.com/api, got "${raw}"`);
  }
  return raw.replace(/\/+$/, '');
};

/**
 * The base of an outside service papercord fetches paper metadata from: http(s), with a path but
 * no query or fragment (every request is built under it, and only URLs under it are fetched).
 */
const serviceBase: Parse<string> = (raw, name) => {
  let u: URL;
  try {
    u = new URL(raw.trim());
  } catch {
    throw new ConfigError(`${name} must be an http:// or https:// URL such as https://export.arxiv.org/api, got "${shownUrl(raw)}"`);
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') throw new ConfigError(`${name} must be an http:// or https:// URL, got "${shownUrl(raw)}"`);
  if (u.search || u.hash || u.username || u.password) throw new ConfigError(`${name} may hold a path but no ?query, #fragment, user or password, got "${shownUrl(raw)}"`);
  return `${u.origin}${u.pathname.replace(/\/+$/, '')}`;
};
/** An e-mail address or an http(s) URL, sent in the User-Agent of requests to the paper services. */
const contact: Parse<string> = (raw, name) => {
  const v = raw.trim();
  if (v && !/^[^\s@()<>;]+@[^\s@()<>;]+\.[^\s@()<>;]+$/.test(v) && !/^https?:\/\/[^\s()<>;]+$/i.test(v)) {
    throw new ConfigError(`${name} must be an e-mail address or an http(s) URL (it goes into the User-Agent), got "${raw}"`);
  }
  return v;
};

const autoOrBool: Parse<boolean | 'auto'> = (raw, name) => {
  if (raw.trim().toLowerCase() === 'auto') return 'auto';
  try {
    return bool(raw, name);
  } catch {
    throw new ConfigError(`${name} must be auto, true or false, got "${raw}"`);
  }
};
const shardCount: Parse<number | 'auto'> = (raw, name) => (raw.trim().toLowerCase() === 'auto' ? 'auto' : int(1, 10000)(raw, name));

/** Every setting papercord reads from the environment, each named once with its default. */
export const VARIABLES = {
  corpus: { env: 'CORPUS', default: 'icml2026', description: 'Papers to index: comma-separated files or folders (plain-text abstracts, JSON, JSON Lines, PMLR Markdown posts) or the shipped corpora `icml2026` and `pmlr-v306`.', parse: list },
  dataDir: { env: 'DATA_DIR', default: 'data', description: 'Where the index, feedback and other state live (relative to the project root).', parse: str },
  embeddings: { env: 'EMBEDDINGS', default: 'auto', description: '`auto` uses Ollama embeddings when the server has the model, else the built-in local embedder; `ollama` or `local` force one.', parse: oneOf('auto', 'ollama', 'local') },
  ollamaHost: { env: 'OLLAMA_HOST', default: 'http://127.0.0.1:11434', description: 'The Ollama server, with its port, and the path a reverse proxy serves it under if any (`https://host:443/ollama`). Behind a reverse proxy with basic auth, put its user and password in the address (`https://user:password@host:port`, with @ : / # ? % , in them written %40 %3A %2F %23 %3F %25 %2C): they are sent as an `Authorization: Basic` header, and logs and /status show the address without them.', parse: ollamaAddress },
  ollamaHosts: { env: 'OLLAMA_HOSTS', default: '', description: 'Several Ollama servers for generation, comma-separated; requests are spread over the ones that answer. Empty: only OLLAMA_HOST. Each may carry a path and a user and password as OLLAMA_HOST does.', parse: ollamaAddresses },
  chatModel: { env: 'OLLAMA_CHAT_MODEL', default: 'llama3.2:3b', description: 'The model that writes answers.', parse: str },
  embedModel: { env: 'OLLAMA_EMBED_MODEL', default: 'nomic-embed-text', description: 'The embedding model used when EMBEDDINGS picks Ollama.', parse: str },
  numCtx: { env: 'OLLAMA_NUM_CTX', default: '4096', description: 'Context window (tokens) requested from the chat model; prompts are budgeted to fit it.', parse: int(512, 262144) },
  temperature: { env: 'OLLAMA_TEMPERATURE', default: '0.2', description: 'Sampling temperature of the chat model.', parse: num(0, 2) },
  keepAlive: { env: 'OLLAMA_KEEP_ALIVE', default: '10m', description: 'How long Ollama keeps the chat model loaded after a request: a duration (10m, 1h30m, 300s), a number of seconds, or -1 for ever.', parse: keepAlive },
  connectTimeoutMs: { env: 'OLLAMA_CONNECT_TIMEOUT_MS', default: '2000', description: 'How long to wait for the Ollama server to answer a health check before treating it as unreachable.', parse: int(100, 60000) },
  embedTimeoutMs: { env: 'OLLAMA_EMBED_TIMEOUT_MS', default: '15000', description: 'How long to wait for Ollama embeddings (a question, or a batch of chunks at ingest); a question whose embedding does not come in time is searched by its words only.', parse: int(100, 600000) },
  firstTokenTimeoutMs: { env: 'OLLAMA_FIRST_TOKEN_TIMEOUT_MS', default: '60000', description: 'How long to wait for the first token of an answer (includes loading the model).', parse: int(100, 600000) },
  generationTimeoutMs: { env: 'OLLAMA_TIMEOUT_MS', default: '120000', description: 'Total time allowed for one answer to be written.', parse: int(100, 1800000) },
  autoPull: { env: 'OLLAMA_AUTO_PULL', default: 'false', description: 'Pull a missing model automatically (with progress) instead of asking the operator to: the chat model in the background, the embedding model (when EMBEDDINGS picks Ollama) at start-up, before the index is built with it.', parse: bool },
  busyRetries: { env: 'OLLAMA_BUSY_RETRIES', default: '2', description: 'How many times to try again, with back-off, when Ollama answers 503 (busy) before answering extractively.', parse: int(0, 10) },
  retryDelayMs: { env: 'OLLAMA_RETRY_DELAY_MS', default: '1000', description: 'The first back-off after a 503; it doubles with each retry.', parse: int(1, 60000) },
  generationConcurrency: { env: 'GENERATION_CONCURRENCY', default: '1', description: 'How many answers are written at once; the rest wait in a queue and are told their position.', parse: int(1, 64) },
  answerCacheSize: { env: 'ANSWER_CACHE_SIZE', default: '200', description: 'Recent answers kept in memory (0 turns the cache off); emptied when the index changes.', parse: int(0, 100000) },
  maxQuestionChars: { env: 'MAX_QUESTION_CHARS', default: '1000', description: 'Longest question (or /related topic) accepted; the Discord options are registered with it as their length (at most 6000).', parse: int(10, 100000) },
  pdfMaxMb: { env: 'PDF_MAX_MB', default: '20', description: 'Largest PDF read for its full text, in MB; a larger one is refused before it is parsed.', parse: num(0.1, 1024) },
  pdfMaxPages: { env: 'PDF_MAX_PAGES', default: '200', description: 'Most pages a PDF may have to be read for its full text.', parse: int(1, 10000) },
  pdfTimeoutMs: { env: 'PDF_TIMEOUT_MS', default: '30000', description: 'How long reading one PDF may take (its own thread, stopped when the time is up).', parse: int(100, 600000) },
  pdfMaxMemoryMb: { env: 'PDF_MAX_MEMORY_MB', default: '256', description: 'Memory one PDF may take while it is read, in MB (its thread\'s heap, and the process\'s growth while it runs); a file that unpacks to more (a decompression bomb) is stopped.', parse: int(64, 16384) },
  discordToken: { env: 'DISCORD_TOKEN', default: '', description: 'The bot token. Without it `npm start` runs the local console instead of the bot.', parse: str, secret: true },
  discordClientId: { env: 'DISCORD_CLIENT_ID', default: '', description: 'The application id, needed only by `npm run deploy-commands` before the bot has logged in once (otherwise read from the token).', parse: str },
  discordGuildId: { env: 'DISCORD_GUILD_ID', default: '', description: 'Register slash commands in this server only (instant); empty registers them globally. The server\'s id, not its name.', parse: discordId('server', "right-click the server's icon and Copy Server ID") },
  discordApiBase: { env: 'DISCORD_API_BASE', default: 'https://discord.com/api', description: 'Discord REST base URL, for a REST proxy or the test emulator.', parse: apiBase },
  discordShards: { env: 'DISCORD_SHARDS', default: 'auto', description: 'Shards started by `npm run start:sharded`: a number, or `auto` for the count Discord recommends. `npm start` ignores it (one process, one shard).', parse: shardCount },
  allowedChannels: { env: 'DISCORD_ALLOWED_CHANNELS', default: '', description: 'Channel ids (not names) the bot answers in, comma-separated; empty: every channel.', parse: discordIds('channel', 'right-click the channel and Copy Channel ID') },
  allowedRoles: { env: 'DISCORD_ALLOWED_ROLES', default: '', description: 'Role ids (not names) allowed to ask, comma-separated; empty: everyone.', parse: discordIds('role', 'right-click the role (Server Settings, Roles) and Copy Role ID') },
  addRoles: { env: 'ADD_ROLES', default: '', description: 'Roles whose members may /add and /remove papers in a server, by name or id, comma-separated; members with Manage Server always may. Empty: Manage Server only.', parse: list },
  directMessages: { env: 'DISCORD_DMS', default: 'auto', description: 'Answer direct messages (every message in a DM is a question) and offer the slash commands there: `true`, `false`, or `auto`: yes unless `DISCORD_ALLOWED_CHANNELS` or `DISCORD_ALLOWED_ROLES` limits the bot, since neither can be checked in a DM.', parse: autoOrBool },
  threadPerQuestion: { env: 'DISCORD_THREADS', default: 'false', description: 'Answer each mention in a new thread instead of a reply.', parse: bool },
  shutdownGraceSeconds: { env: 'SHUTDOWN_GRACE_SECONDS', default: '10', description: 'On SIGINT or SIGTERM, how long answers being written may finish before they are cancelled (waiting ones are told at once).', parse: num(0, 600) },
  cooldownSeconds: { env: 'COOLDOWN_SECONDS', default: '10', description: 'Per-user wait between answers the model writes (0 turns it off). A question the model writes nothing for (a refusal, small talk, a byline, quotes of the abstracts, a cached answer) does not count.', parse: num(0, 3600) },
  arxivApiBase: { env: 'ARXIV_API_BASE', default: 'https://export.arxiv.org/api', description: 'Where paper metadata for arXiv ids is asked for (the arXiv API; papercord calls its `/query`). A test server or a proxy can stand in.', parse: serviceBase },
  arxivPdfBase: { env: 'ARXIV_PDF_BASE', default: 'https://arxiv.org/pdf', description: "Where an arXiv paper's PDF is fetched from (`<base>/<id>v<n>`), under arXiv's rate limit.", parse: serviceBase },
  crossrefApiBase: { env: 'CROSSREF_API_BASE', default: 'https://api.crossref.org', description: 'Where metadata for DOIs is asked for (the Crossref REST API; papercord calls its `/works/<doi>`).', parse: serviceBase },
  openreviewApiBase: { env: 'OPENREVIEW_API_BASE', default: 'https://api2.openreview.net', description: 'Where metadata for OpenReview forums is asked for (the OpenReview API v2; papercord calls its `/notes?id=`); the v1 API, https://api.openreview.net, answers in a shape papercord reads too.', parse: serviceBase },
  pmlrBase: { env: 'PMLR_BASE', default: 'https://proceedings.mlr.press', description: "Where PMLR paper pages are fetched from (`<base>/v<volume>/<id>.html`).", parse: serviceBase },
  addFetchTimeoutMs: { env: 'ADD_FETCH_TIMEOUT_MS', default: '15000', description: 'How long one request to arXiv, Crossref, OpenReview or PMLR may take, answer included; one that takes longer is given up (not tried again).', parse: int(100, 300000) },
  addFetchRetries: { env: 'ADD_FETCH_RETRIES', default: '2', description: 'How many times a request to a paper service is tried again after a 429 (rate limited), a 5xx or a failed connection, waiting as its Retry-After asks or doubling from 1 s.', parse: int(0, 10) },
  addRetryMaxWaitMs: { env: 'ADD_RETRY_MAX_WAIT_MS', default: '20000', description: 'The longest papercord waits before trying a paper service again; a service that asks (Retry-After) for longer is reported as busy at once.', parse: int(0, 600000) },
  arxivIntervalMs: { env: 'ARXIV_INTERVAL_MS', default: '3000', description: "The least time between two requests to arXiv (its API and its PDFs), one at a time, as arXiv's terms of use ask (one request every 3 s).", parse: int(0, 600000) },
  addFetchIntervalMs: { env: 'ADD_FETCH_INTERVAL_MS', default: '1000', description: 'The least time between two requests to Crossref, OpenReview or PMLR (each service on its own), one at a time.', parse: int(0, 600000) },
  addContact: { env: 'ADD_CONTACT', default: '', description: "An e-mail address or URL of whoever runs this papercord, sent in the User-Agent of requests to the paper services so they can reach you (Crossref serves requests with a contact from its polite pool). Empty: papercord's name and version only.", parse: contact },
  addMaxRefs: { env: 'ADD_MAX_REFS', default: '20', description: 'The most papers one /add looks up at arXiv, Crossref, OpenReview or PMLR (BibTeX entries with an abstract and JSON records are not looked up and do not count); the rest are skipped with a note.', parse: int(1, 1000) },
  addMaxPapers: { env: 'ADD_MAX_PAPERS', default: '500', description: 'The most papers one collection (a Discord server\'s, the shared one, the local one) may hold besides the shipped corpus; an /add over it adds none past the limit and says so.', parse: int(1, 1000000) },
  addFullText: { env: 'ADD_FULL_TEXT', default: 'false', description: 'Fetch an arXiv paper\'s PDF (under ARXIV_PDF_BASE and arXiv\'s rate limit) when it is added, to index its full text beside its abstract. A PDF attached to /add is always read.', parse: bool },
  collections: { env: 'COLLECTIONS', default: 'per-guild', description: '`per-guild`: papers added in a Discord server are seen there only; `shared`: every server sees every added paper. The command line and console use a local collection of their own.', parse: oneOf('per-guild', 'shared') },
  indexMaxSegments: { env: 'INDEX_MAX_SEGMENTS', default: '10', description: 'Papers added without a rebuild go into small segments of the index, one per addition; once a collection has more than this many, they are merged into one in the background. 0 never merges them by itself.', parse: int(0, 1000) },
  logLevel: { env: 'LOG_LEVEL', default: 'info', description: 'debug, info, warn or error.', parse: oneOf('debug', 'info', 'warn', 'error') },
  logFormat: { env: 'LOG_FORMAT', default: 'auto', description: 'Log lines on standard error: `json` (one object per line), `text`, or `auto`: text on a terminal, JSON otherwise.', parse: oneOf('auto', 'json', 'text') },
} satisfies Record<string, Variable<unknown>>;

type Vars = typeof VARIABLES;
type Parsed = { [K in keyof Vars]: Vars[K] extends Variable<infer T> ? T : never };
export type Settings = Omit<Parsed, 'ollamaHost' | 'ollamaHosts'> & {
  /** The addresses of OLLAMA_HOST and OLLAMA_HOSTS, without the users and passwords (those are in ollamaAuth). */
  ollamaHost: string;
  ollamaHosts: string[];
  /** Tunable numbers of retrieval and answering that are not worth an environment variable. */
  retrieval: RetrievalSettings;
  ollamaAuth: OllamaAuth;
};

/**
 * The Authorization header of each Ollama server whose address in OLLAMA_HOST or OLLAMA_HOSTS
 * carries a user and password (a reverse proxy with basic auth in front of Ollama), by its
 * address without them. A Map, so that a settings object printed whole shows none of them.
 */
export type OllamaAuth = ReadonlyMap<string, string>;

function ollamaAuth(addresses: readonly OllamaAddress[]): OllamaAuth {
  const auth = new Map<string, string>();
  for (const { address, authorization } of addresses) {
    if (!authorization) continue;
    if (auth.has(address) && auth.get(address) !== authorization) throw new ConfigError(`OLLAMA_HOST and OLLAMA_HOSTS give ${address} two different users or passwords`);
    auth.set(address, authorization);
  }
  return auth;
}

export interface RetrievalSettings {
  /** Sources given to the writer for one question. */
  topK: number;
  /** Candidates taken from each of the vector and BM25 searches before fusion. */
  candidates: number;
  /** Reciprocal rank fusion constant. */
  rrfK: number;
  /** Weight of the BM25 list relative to the vector list in the fusion. */
  bm25Weight: number;
  /** Weight of query-term coverage against the fused rank when ordering the final hits. */
  coverageWeight: number;
  /** A question is off-topic unless a hit reaches this cosine similarity or this query-term coverage. */
  minCosine: number;
  minTermCoverage: number;
  /** MMR trade-off between relevance and diversity for related papers. */
  mmrLambda: number;
  relatedCount: number;
  /** Similarity of key terms (see relatedKeyTerms) below which a paper is not recommended as related at all. */
  minRelatedSimilarity: number;
  /**
   * A related paper must reach this share of the best candidate's similarity: past the papers
   * that share what the two are about come ones that share one incidental key term, and a
   * shorter list is better than one padded with them.
   */
  minRelatedShareOfBest: number;
  /** How many of a text's heaviest terms (tf-idf) count as what it is about, for related papers and their reasons. */
  relatedKeyTerms: number;
  /** Sentences the extractive answer quotes. */
  extractiveSentences: number;
  /**
   * A source that covers less of the question than this share of what the best source covers
   * has its sentences' scores lowered in proportion. Tried 1 (every source below the best):
   * answers to multi-paper questions then cited fewer of the papers.
   */
  extractiveSourceShare: number;
  /**
   * Within one source, a question's word that is also in the source's title weighs this much
   * when its sentences are chosen: the title's words say which paper is meant, the others what
   * is asked about it ("which benchmark did 3D-RFT beat larger models on?").
   */
  extractiveTitleTermWeight: number;
  /**
   * A question no passage answers in its words, whose nearest passages still reach this share of
   * the relevance floor (see Retriever.closeness), is answered with them marked as possibly not
   * answering (`closest`) instead of refused; below it, refused outright. Above 1: never.
   * docs/retrieval-experiments.md has the trade-off curve of false refusals and off-topic answered.
   */
  closestShare: number;
}

export const DEFAULT_RETRIEVAL: RetrievalSettings = {
  topK: 5,
  candidates: 50,
  rrfK: 60,
  bm25Weight: 1,
  coverageWeight: 1,
  minCosine: 0.25,
  minTermCoverage: 0.26,
  mmrLambda: 0.7,
  relatedCount: 5,
  minRelatedSimilarity: 0.04,
  minRelatedShareOfBest: 0.3,
  relatedKeyTerms: 25,
  extractiveSentences: 3,
  extractiveSourceShare: 0.8,
  extractiveTitleTermWeight: 0.3,
  closestShare: 0.9,
};

/**
 * What the bot keeps in memory about Discord beyond discord.js's own caches: tunable numbers not
 * worth an environment variable. Measured with `npm run load` (RELIABILITY.md, Load figures).
 */
export const BOT_MEMORY = {
  /**
   * Replies whose buttons and follow-ups the bot remembers (see AnswerMemory), about 1.25 KB each:
   * about 1.25 MB when full. An older reply's buttons say it is too old; a reply to it is still
   * read back from its message.
   */
  rememberedReplies: 1000,
  /**
   * How often discord.js's REST client drops its idle per-route request queues. Every interaction
   * has routes of its own (its token is in the path), so each leaves a queue of about 0.5 KB that
   * discord.js's default (an hour) keeps: a busy hour's worth of them. A queue is dropped only
   * when it holds no request and no rate limit; the next request on its route makes a new one.
   */
  restHandlerSweepMs: 60_000,
} as const;

/** Reads and validates every setting; throws one ConfigError naming every bad variable. */
export function loadSettings(env: NodeJS.ProcessEnv = process.env): Settings {
  const out: Record<string, unknown> = {};
  const errors: string[] = [];
  for (const [key, v] of Object.entries(VARIABLES) as [string, Variable<unknown>][]) {
    const raw = env[v.env];
    try {
      out[key] = v.parse(raw === undefined || raw === '' ? v.default : raw, v.env);
    } catch (e) {
      errors.push(e instanceof Error ? e.message : String(e));
    }
  }
  if (errors.length) throw new ConfigError(`Invalid configuration:\n- ${errors.join('\n- ')}`);
  out.retrieval = { ...DEFAULT_RETRIEVAL };
  const host = out.ollamaHost as OllamaAddress;
  const hosts = out.ollamaHosts as OllamaAddress[];
  try {
    out.ollamaAuth = ollamaAuth([host, ...hosts]);
  } catch (e) {
    throw new ConfigError(`Invalid configuration:\n- ${(e as Error).message}`);
  }
  out.ollamaHost = host.address;
  out.ollamaHosts = hosts.map((h) => h.address);
  return out as Settings;
}

/**
 * Settings each valid alone that together do not work as written, said at start-up with what
 * will happen (a warning, not an error: the operator may mean it).
 */
export function settingsWarnings(settings: Settings): string[] {
  const warnings: string[] = [];
  const total = settings.generationTimeoutMs;
  const first = settings.firstTokenTimeoutMs;
  if (total < first) {
    warnings.push(`OLLAMA_TIMEOUT_MS (${total} ms) is shorter than OLLAMA_FIRST_TOKEN_TIMEOUT_MS (${first} ms): every answer is stopped after ${total} ms, even while the model is still loading, and the abstracts are quoted instead. Raise OLLAMA_TIMEOUT_MS above ${first}, or lower OLLAMA_FIRST_TOKEN_TIMEOUT_MS.`);
  }
  return warnings;
}

/** What papercord keeps under DATA_DIR besides its index: the feedback log, the papers added to collections and the registered slash commands. */
export const FEEDBACK_FILE = 'feedback.jsonl';
/** Where the papers added to collections are kept (see src/collections/records.ts). */
export const COLLECTIONS_DIR = 'collections';
export const COMMANDS_REGISTRY_FILE = 'discord-commands.json';

/** Absolute path of the data folder. */
export function dataPath(settings: Pick<Settings, 'dataDir'>, ...parts: string[]): string {
  return path.resolve(PROJECT_ROOT, settings.dataDir, ...parts);
}

/**
 * A basic auth header's secrets in every form they are sent or may be echoed in: its token,
 * `user:password`, the password as written in an address and as is; the user too when there is
 * no password (`https://token@host`). None shorter than SECRET_MIN_CHARS.
 */
export function credentialForms(authorization: string): string[] {
  const token = authorization.replace(/^Basic /, '');
  const credentials = Buffer.from(token, 'base64').toString('utf8');
  const colon = credentials.indexOf(':');
  const password = credentials.slice(colon + 1);
  const secret = password || credentials.slice(0, Math.max(colon, 0)) || credentials;
  return [...new Set([token, credentials, secret, encodeURIComponent(secret)])].filter((form) => form.length >= SECRET_MIN_CHARS);
}

/** The values of every secret setting, so that logs and replies can be scrubbed of them: Ollama's passwords among them, in every form they are sent in. */
export function secretValues(settings: Settings): string[] {
  const ollama = [...settings.ollamaAuth.values()].flatMap(credentialForms);
  return [
    ...(Object.entries(VARIABLES) as [keyof Vars, Variable<unknown>][]).filter(([, v]) => v.secret).map(([k]) => settings[k]),
    ...ollama,
  ].filter((v): v is string => typeof v === 'string' && v.length > 0);
}
