import { promises as fs } from 'node:fs';
import path from 'node:path';
import { PROJECT_ROOT } from '../config.js';
import { envExample, withEnvTable } from '../envdocs.js';

await fs.writeFile(path.join(PROJECT_ROOT, '.env.example'), envExample());
const readme = path.join(PROJECT_ROOT, 'README.md');
await fs.writeFile(readme, withEnvTable(await fs.readFile(readme, 'utf8')));
process.stdout.write('wrote .env.example and the README variable table\n');
