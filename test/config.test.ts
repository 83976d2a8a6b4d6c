import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile, readdir } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { loadSettings, ConfigError, VARIABLES, PROJECT_ROOT, secretValues, settingsWarnings } from '../src/config.js';
import { ENV_DOC, envExample, withEnvTable } from '../src/envdocs.js';

test('defaults load without any environment', () => {
  const s = loadSettings({});
  assert.equal(s.ollamaHost, 'http://127.0.0.1:11434');
  assert.deepEqual(s.corpus, ['icml2026']);
  assert.equal(s.embeddings, 'auto');
  assert.equal(s.generationConcurrency, 1);
});

test('every bad variable is named in one error', () => {
  assert.throws(
    () => loadSettings({ OLLAMA_HOST: 'http://localhost', EMBEDDINGS: 'magic', OLLAMA_TEMPERATURE: 'hot' }),
    (e: Error) => e instanceof ConfigError && /OLLAMA_HOST must include a port/.test(e.message) && /EMBEDDINGS must be one of/.test(e.message) && /OLLAMA_TEMPERATURE/.test(e.message),
  );
});

test('.env.example and docs/configuration.md list every variable with its default, as generated', async () => {
  const example = await readFile(path.join(PROJECT_ROOT, '.env.example'), 'utf8');
  assert.equal(example, envExample(), 'run npm run docs:env');
  const doc = await readFile(path.join(PROJECT_ROOT, ENV_DOC), 'utf8');
  assert.equal(doc, withEnvTable(doc), 'run npm run docs:env');
  for (const v of Object.values(VARIABLES)) {
    assert.ok(example.split('\n').includes(`${v.env}=${v.default}`), `.env.example: ${v.env}`);
    assert.ok(doc.includes(`| \`${v.env}\` | ${v.default ? `\`${v.default}\`` : '(empty)'} |`), `${ENV_DOC}: ${v.env}`);
  }
  const readme = await readFile(path.join(PROJECT_ROOT, 'README.md'), 'utf8');
  assert.ok(readme.includes(`](${ENV_DOC})`), 'the README links the full table');
  // The README's short list names variables that exist.
  const configuration = readme.slice(readme.indexOf('## Configuration'), readme.indexOf('\n## ', readme.indexOf('## Configuration') + 1));
  const named = [...configuration.matchAll(/`([A-Z][A-Z0-9_]+)`/g)].map((m) => m[1]!);
  assert.ok(named.length >= 5, 'the README lists the main variables');
  for (const name of named) assert.ok(Object.values(VARIABLES).some((v) => v.env === name), `README names ${name}, which src/config.ts does not have`);
});

test('the README shows the two set-up commands first', async () => {
  const readme = await readFile(path.join(PROJECT_ROOT, 'README.md'), 'utf8');
  const firstBlock = /```sh\n([\s\S]*?)```/.exec(readme)?.[1] ?? '';
  assert.match(firstBlock, /npm install && npm start/);
  assert.match(firstBlock, /npm test/);
});

test('the README stays a page a newcomer reads: at most 250 lines, the rest in docs/', async () => {
  const readme = await readFile(path.join(PROJECT_ROOT, 'README.md'), 'utf8');
  assert.ok(readme.split('\n').length - 1 <= 250, `README.md has ${readme.split('\n').length - 1} lines`);
});

/** A heading's anchor as GitHub writes it: lower case, punctuation dropped, spaces as hyphens. */
const anchorOf = (heading: string) => heading.trim().toLowerCase().replace(/[^\p{L}\p{N} _-]/gu, '').replace(/ /g, '-');

test('every link between the README and the docs leads to a file, and to a heading of it, that exists', async () => {
  const pages = ['README.md', 'BENCHMARKS.md', 'RELIABILITY.md', 'data/corpus/README.md', ...(await readdir(path.join(PROJECT_ROOT, 'docs'))).filter((f) => f.endsWith('.md')).map((f) => `docs/${f}`)];
  const anchors = new Map<string, Set<string>>();
  const anchorsOf = async (file: string) => {
    if (!anchors.has(file)) {
      const text = (await readFile(file, 'utf8')).replace(/```[\s\S]*?```/g, '');
      anchors.set(file, new Set([...text.matchAll(/^#{1,6} (.+)$/gm)].map((m) => anchorOf(m[1]!))));
    }
    return anchors.get(file)!;
  };
  let checked = 0;
  for (const page of pages) {
    // Code (blocks and spans) shows link syntax as text: "[x](y)" there is no link.
    const text = (await readFile(path.join(PROJECT_ROOT, page), 'utf8')).replace(/```[\s\S]*?```/g, '').replace(/`[^`\n]*`/g, '');
    for (const [, target] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
      if (/^[a-z]+:/i.test(target!)) continue;
      const [file, anchor] = target!.split('#') as [string, string | undefined];
      const resolved = file ? path.resolve(PROJECT_ROOT, path.dirname(page), file) : path.join(PROJECT_ROOT, page);
      assert.ok(existsSync(resolved), `${page} links ${target}, which does not exist`);
      if (anchor) assert.ok((await anchorsOf(resolved)).has(anchor), `${page} links ${target}: no such heading`);
      checked++;
    }
  }
  assert.ok(checked >= 20, `only ${checked} links checked`);
});

test('OLLAMA_KEEP_ALIVE is read as Ollama reads it, a duration or a number of seconds, and anything else is an error naming it', () => {
  for (const raw of ['forever', '10 minutes', '1d', 'm5']) {
    assert.throws(() => loadSettings({ OLLAMA_KEEP_ALIVE: raw }), (e: Error) => e instanceof ConfigError && e.message.includes('OLLAMA_KEEP_ALIVE must be a duration') && e.message.includes(`got "${raw}"`), raw);
  }
  const read = (raw: string) => loadSettings({ OLLAMA_KEEP_ALIVE: raw }).keepAlive;
  assert.deepEqual(['10m', '1h30m', '300s', '1.5h', '-1', '0', ' 300 '].map(read), ['10m', '1h30m', '300s', '1.5h', '-1s', '0s', '300s']);
});

test('numbers are written in decimal: a blank, hex or exponent value is an error, not 0 or another number', () => {
  for (const [name, raw] of [['ANSWER_CACHE_SIZE', ' '], ['ANSWER_CACHE_SIZE', '0x10'], ['OLLAMA_NUM_CTX', '4e3'], ['COOLDOWN_SECONDS', '0x1'], ['OLLAMA_TEMPERATURE', ' ']] as const) {
    assert.throws(() => loadSettings({ [name]: raw }), (e: Error) => e instanceof ConfigError && e.message.includes(`${name} must be a`) && e.message.includes(`got "${raw}"`), `${name}=${raw}`);
  }
  const s = loadSettings({ ANSWER_CACHE_SIZE: ' 0 ', OLLAMA_NUM_CTX: '8192', COOLDOWN_SECONDS: '2.5', OLLAMA_TEMPERATURE: '.7' });
  assert.deepEqual([s.answerCacheSize, s.numCtx, s.cooldownSeconds, s.temperature], [0, 8192, 2.5, 0.7]);
});

test('OLLAMA_HOST and OLLAMA_HOSTS take http and https only, and say so at start-up', () => {
  assert.throws(() => loadSettings({ OLLAMA_HOST: 'ftp://127.0.0.1:11434' }), /OLLAMA_HOST must be an http:\/\/ or https:\/\/ URL such as http:\/\/127\.0\.0\.1:11434, got "ftp:\/\/127\.0\.0\.1:11434"/);
  assert.throws(() => loadSettings({ OLLAMA_HOSTS: 'http://a:11434,ws://b:11434' }), /OLLAMA_HOSTS must be an http:\/\/ or https:\/\/ URL/);
  assert.equal(loadSettings({ OLLAMA_HOST: 'https://ollama.example:8443' }).ollamaHost, 'https://ollama.example:8443');
  // A scheme's own port, written, is kept: URL drops it, and a host without one is an error.
  assert.equal(loadSettings({ OLLAMA_HOST: 'https://ollama.example:443' }).ollamaHost, 'https://ollama.example:443');
  assert.equal(loadSettings({ OLLAMA_HOST: 'http://[::1]:80/' }).ollamaHost, 'http://[::1]:80');
  assert.equal(loadSettings({ OLLAMA_HOST: '127.0.0.1:11434' }).ollamaHost, 'http://127.0.0.1:11434');
});

test("OLLAMA_HOST and OLLAMA_HOSTS keep a reverse proxy's path, which the ollama client sends to, and refuse a query or fragment, which it would drop", () => {
  const s = loadSettings({ OLLAMA_HOST: 'https://ada:secret@gpu.example:443/ollama/', OLLAMA_HOSTS: 'http://a:11434/x/ollama,http://b:11434' });
  assert.equal(s.ollamaHost, 'https://gpu.example:443/ollama');
  assert.deepEqual(s.ollamaHosts, ['http://a:11434/x/ollama', 'http://b:11434']);
  assert.deepEqual([...s.ollamaAuth.keys()], ['https://gpu.example:443/ollama']);
  for (const raw of ['http://gpu:11434/ollama?key=1', 'http://ada:secret@gpu:11434/ollama#top']) {
    assert.throws(() => loadSettings({ OLLAMA_HOST: raw }), (e: Error) => /OLLAMA_HOST may hold a path, such as a reverse proxy's \/ollama, but no \?query or #fragment/.test(e.message) && !e.message.includes('secret'), raw);
  }
});

test('a user and password in OLLAMA_HOST or OLLAMA_HOSTS are taken out of the address into a basic auth header, are secrets, and are masked in errors', () => {
  const basic = (credentials: string) => `Basic ${Buffer.from(credentials).toString('base64')}`;
  const s = loadSettings({ OLLAMA_HOST: 'https://ada:p%40ss%3Aw%2Frd@ollama.example.com:443', OLLAMA_HOSTS: 'http://a:11434, http://bob:hunter22@b:11434' });
  assert.equal(s.ollamaHost, 'https://ollama.example.com:443');
  assert.deepEqual(s.ollamaHosts, ['http://a:11434', 'http://b:11434']);
  assert.deepEqual([...s.ollamaAuth], [
    ['https://ollama.example.com:443', basic('ada:p@ss:w/rd')],
    ['http://b:11434', basic('bob:hunter22')],
  ]);
  const secrets = secretValues(s);
  for (const secret of ['p@ss:w/rd', 'ada:p@ss:w/rd', basic('ada:p@ss:w/rd').slice(6), 'hunter22']) assert.ok(secrets.includes(secret), secret);
  assert.equal(JSON.stringify(s).includes('hunter22'), false, 'a settings object printed whole shows none');
  // The port after the credentials is the one read, a numeric password is not.
  assert.throws(() => loadSettings({ OLLAMA_HOST: 'https://ada:4430@ollama.example.com' }), (e: Error) => /OLLAMA_HOST must include a port/.test(e.message) && !e.message.includes('4430'));
  // An unescaped / or @ in the password: the error shows none of it and says how to write it.
  for (const raw of ['https://ada:pa/ss@h:443', 'https://ada:s@cret@h', 'ftp://ada:secret@h:21', 'https://ada:se%zzcret@h:443']) {
    assert.throws(() => loadSettings({ OLLAMA_HOST: raw }), (e: Error) => e instanceof ConfigError && /OLLAMA_HOST/.test(e.message) && !/pa\/ss|s@cret|secret|zz/.test(e.message), raw);
  }
  assert.throws(() => loadSettings({ OLLAMA_HOST: 'https://ada:pa/ss@h:443' }), /got "https:\/\/\*\*\*@h:443" \(a user or password holding @ : \/ # \? % or , is written with %40 %3A %2F %23 %3F %25 %2C\)/);
  // A comma in a password parts OLLAMA_HOSTS there: the piece before it shows none of the password either.
  assert.throws(() => loadSettings({ OLLAMA_HOSTS: 'http://alice:s3cr,et@h:11434' }), (e: Error) => !/alice|s3cr/.test(e.message) && /got "http:\/\/\*\*\*" .*%2C/.test(e.message));
  assert.throws(() => loadSettings({ OLLAMA_HOST: 'http://ada:one@b:11434', OLLAMA_HOSTS: 'http://ada:two@b:11434' }), /OLLAMA_HOST and OLLAMA_HOSTS give http:\/\/b:11434 two different users or passwords/);
  // The same address without them, in the other variable, is sent them too.
  assert.deepEqual([...loadSettings({ OLLAMA_HOST: 'http://ada:one@b:11434', OLLAMA_HOSTS: 'http://b:11434,http://c:11434' }).ollamaAuth.keys()], ['http://b:11434']);
});

test('LOG_FORMAT is a setting like the others: checked, and listed in .env.example and docs/configuration.md', () => {
  assert.equal(loadSettings({}).logFormat, 'auto');
  assert.equal(loadSettings({ LOG_FORMAT: 'JSON' }).logFormat, 'json');
  assert.throws(() => loadSettings({ LOG_FORMAT: 'yaml' }), /LOG_FORMAT must be one of auto, json, text/);
});

test('DISCORD_DMS is auto by default, takes the words of a switch, and names its values when wrong', () => {
  assert.equal(loadSettings({}).directMessages, 'auto');
  assert.equal(loadSettings({ DISCORD_DMS: 'Auto' }).directMessages, 'auto');
  assert.equal(loadSettings({ DISCORD_DMS: 'yes' }).directMessages, true);
  assert.equal(loadSettings({ DISCORD_DMS: 'off' }).directMessages, false);
  assert.throws(() => loadSettings({ DISCORD_DMS: 'sometimes' }), /DISCORD_DMS must be auto, true or false, got "sometimes"/);
});

test('Discord server, channel and role ids: a name instead of an id is refused with how to copy the id; ids and empty lists pass', () => {
  assert.throws(
    () => loadSettings({ DISCORD_GUILD_ID: 'My Server', DISCORD_ALLOWED_CHANNELS: 'general, 112233445566778899', DISCORD_ALLOWED_ROLES: 'Moderators' }),
    (e: Error) =>
      e instanceof ConfigError &&
      /DISCORD_GUILD_ID: "My Server" is not a server id \(ids are 17 to 20 digits\)\. To get one, turn on Developer Mode in Discord \(User Settings, Advanced\), then right-click the server's icon and Copy Server ID/.test(e.message) &&
      /DISCORD_ALLOWED_CHANNELS: "general" is not a channel id .*Copy Channel ID/.test(e.message) &&
      /DISCORD_ALLOWED_ROLES: "Moderators" is not a role id .*Copy Role ID/.test(e.message),
  );
  const s = loadSettings({ DISCORD_GUILD_ID: ' 112233445566778899 ', DISCORD_ALLOWED_CHANNELS: '112233445566778899, 112233445566778800,', DISCORD_ALLOWED_ROLES: '' });
  assert.equal(s.discordGuildId, '112233445566778899');
  assert.deepEqual(s.allowedChannels, ['112233445566778899', '112233445566778800']);
  assert.deepEqual(s.allowedRoles, []);
  assert.equal(loadSettings({}).discordGuildId, '');
});

test('OLLAMA_TIMEOUT_MS shorter than the wait for the first token: a warning that says what will happen; none by default', () => {
  assert.deepEqual(settingsWarnings(loadSettings({})), []);
  const [warning, ...rest] = settingsWarnings(loadSettings({ OLLAMA_TIMEOUT_MS: '100' }));
  assert.deepEqual(rest, []);
  assert.match(warning!, /^OLLAMA_TIMEOUT_MS \(100 ms\) is shorter than OLLAMA_FIRST_TOKEN_TIMEOUT_MS \(60000 ms\): every answer is stopped after 100 ms/);
});
