/**
 * A test file for test/temp-dir.test.ts, run as `node --import tsx --test` in its own process:
 * a folder made by tempDir() in a top-level await while the file's after() hooks run (node:test
 * runs them once the tests queued so far have ended) must still be there when those hooks have
 * run. Prints `DIR <folder>` so the parent can check it is gone once this process has exited.
 */
import { after, test } from 'node:test';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { tempDir } from './env.js';

let hooksStarted!: () => void;
const started = new Promise<void>((resolve) => (hooksStarted = resolve));
let folderMade!: () => void;
const made = new Promise<void>((resolve) => (folderMade = resolve));
// Holds the hooks until the folder is made: what a service opened between two tests does.
after(async () => {
  hooksStarted();
  await made;
});

test('a test queued before the top-level await', () => {});

await started;
const dir = await tempDir();
// Registered while the hooks run, so it runs after any hook tempDir() registered.
let hooksDone!: () => void;
const done = new Promise<void>((resolve) => (hooksDone = resolve));
after(() => hooksDone());
folderMade();
await done;
await writeFile(path.join(dir, 'still-here'), 'the folder outlived the hooks');
process.stdout.write(`DIR ${dir}\n`);

test('a test queued after the top-level await', () => {});
