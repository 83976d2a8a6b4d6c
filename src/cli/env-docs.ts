import { promises as fs } from 'node:fs';
import path from 'node:path';
import { PROJECT_ROOT } from '../config.js';
import { ENV_DOC, envExample, withEnvTable } from '../envdocs.js';
import { exitWithError, parseFlags } from './flags.js';

const usage = 'usage: npm run docs:env\n       (rewrites .env.example and the variable table in docs/configuration.md from src/config.ts; takes no options)';
// Checked before anything is written: `--help` or a typo must not rewrite two files.
const { positionals, json } = parseFlags({}, usage);
if (positionals.length) exitWithError(json, { code: 'BAD_INPUT', message: `docs:env takes no arguments, got "${positionals.join(' ')}".`, hint: usage });

await fs.writeFile(path.join(PROJECT_ROOT, '.env.example'), envExample());
const doc = path.join(PROJECT_ROOT, ENV_DOC);
await fs.writeFile(doc, withEnvTable(await fs.readFile(doc, 'utf8')));
process.stdout.write(`wrote .env.example and the variable table in ${ENV_DOC}\n`);
