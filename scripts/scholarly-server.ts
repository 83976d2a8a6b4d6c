/**
 * `npm run scholarly-server`: the offline stand-in for arXiv, Crossref, OpenReview and PMLR that
 * the tests use (test/support/scholarly-server.ts, with its fixtures), on a free local port, so
 * `npm run add` can be tried without the network. Prints the settings that point papercord at
 * it, as lines for .env or `export`; runs until Ctrl+C.
 */
import { withFixtures } from '../test/support/scholarly-fixtures.js';
import { ScholarlyServer } from '../test/support/scholarly-server.js';

const server = withFixtures(await ScholarlyServer.start());
process.stdout.write(`${Object.entries(server.env()).map(([k, v]) => `${k}=${v}`).join('\n')}\n`);
process.stderr.write(`scholarly test server at ${server.origin}; papers it knows: arXiv ${[...server.arxiv.keys()].join(', ')}; Ctrl+C stops it\n`);
const stop = () => void server.close().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
