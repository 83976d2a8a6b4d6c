/** Table tests of the lexicon: each pattern with texts it must match (and what it matches there) and texts it must not. */
import { test } from 'node:test';
import assert from 'node:assert/strict';

/** A text the pattern must match, or the text and what the pattern must match in it. */
export type Match = string | readonly [text: string, matched: string];

/** The exports the tables of this test file cover ("REPORTS" of "REPORTS[1]"). */
const tabled = new Set<string>();
const cover = (name: string) => tabled.add(name.replace(/\[.*$/, ''));

/** The pattern without its global flag: `test` on a global pattern would go on from where the last row left it. */
const once = (re: RegExp) => new RegExp(re.source, re.flags.replace(/[gy]/g, ''));

/** One test per pattern: each of `matches` matches (what it matches, where a row says), none of `misses` does. */
export function patternTable(name: string, re: RegExp, rows: { matches: readonly Match[]; misses: readonly string[] }): void {
  cover(name);
  test(`lexicon ${name}`, () => {
    assert.ok(rows.matches.length > 0 && rows.misses.length > 0, `${name}: a table needs rows both ways`);
    for (const row of rows.matches) {
      const [text, matched] = typeof row === 'string' ? [row, undefined] : row;
      const m = once(re).exec(text);
      assert.ok(m, `${name} should match ${JSON.stringify(text)}`);
      if (matched !== undefined) assert.equal(m[0], matched, `${name} in ${JSON.stringify(text)}`);
    }
    for (const text of rows.misses) assert.equal(once(re).exec(text)?.[0], undefined, `${name} should not match ${JSON.stringify(text)}`);
  });
}

/** One test per word list: each of `members` is in it, none of `others` is. */
export function listTable(name: string, list: ReadonlySet<string> | readonly string[], rows: { members: readonly string[]; others: readonly string[] }): void {
  cover(name);
  test(`lexicon ${name}`, () => {
    assert.ok(rows.members.length > 0 && rows.others.length > 0, `${name}: a table needs rows both ways`);
    const has = (w: string) => ('has' in list ? list.has(w) : list.includes(w));
    for (const w of rows.members) assert.ok(has(w), `${name} should hold ${JSON.stringify(w)}`);
    for (const w of rows.others) assert.ok(!has(w), `${name} should not hold ${JSON.stringify(w)}`);
  });
}

/** A table of its own, for an export that is neither a pattern nor a word list (pairs of a pattern and what it stands for). */
export function customTable(name: string, rows: () => void): void {
  cover(name);
  test(`lexicon ${name}`, rows);
}

/** A String.raw fragment as a pattern of its own, for its table: the whole text must be one of its words ("whole"), or it may stand anywhere. */
export function fragment(source: string, how: 'whole' | 'anywhere' = 'whole', flags = 'iu'): RegExp {
  return new RegExp(how === 'whole' ? `^(?:${source})$` : source, flags);
}

/** A test that every export of a lexicon module has a table in this file (call it after the tables). */
export function everyExportTabled(file: string, exports: Record<string, unknown>): void {
  test(`every export of ${file} has a table`, () => {
    assert.deepEqual(Object.keys(exports).filter((name) => !tabled.has(name)), []);
  });
}
