/**
 * Table tests of the lexicon: each pattern with texts it must match (and what it matches there)
 * and texts it must not; each word list with words in it and words not. Two ways to write them:
 * a call per export (`patternTable`, `listTable`, then `everyExportTabled`), or one object of
 * rows for a whole module (`lexiconTables`, which can also ask for a group, each word, or every
 * match of a global pattern).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { words } from '../../src/text/terms.js';

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

// One object of rows for a whole lexicon module.

/**
 * A text that must match; with what it must find: group `group` (the first by default, or the
 * whole match when that group is empty), or, for a pattern that is global, each match's in order.
 */
export type MatchRow = string | readonly [text: string, found: string | readonly string[], group?: number];

/** Rows for a pattern. `byWord`: the pattern is tried on each word of the text (as `words()` splits it), as its module does. */
export interface PatternRows {
  match: readonly MatchRow[];
  miss: readonly string[];
  byWord?: boolean;
}

/**
 * Rows for a word list: words in it and words not in it; and, for a list that says what a
 * question may hold and nothing else, questions all of whose words are in it, and near misses
 * with a word that is not.
 */
export interface WordListRows {
  has: readonly string[];
  lacks: readonly string[];
  allIn?: readonly string[];
  notAllIn?: readonly string[];
}

export type Rows = PatternRows | WordListRows;

/** Whether `pattern` matches `text`, from its start, whatever a global pattern's lastIndex was. */
const isMatch = (pattern: RegExp, text: string): boolean => once(pattern).test(text);

function found(pattern: RegExp, text: string, n = 1): string | string[] {
  const group = (m: RegExpMatchArray) => m[n] ?? m[0];
  if (pattern.flags.includes('g')) return [...text.matchAll(new RegExp(pattern.source, pattern.flags))].map(group);
  const m = new RegExp(pattern.source, pattern.flags).exec(text);
  return m ? group(m) : '';
}

function checkPattern(name: string, pattern: RegExp, rows: PatternRows): void {
  assert.ok(rows.match.length > 0 && rows.miss.length > 0, `${name}: rows that match and rows that do not`);
  const matches = (text: string) => (rows.byWord ? words(text).some((w) => isMatch(pattern, w)) : isMatch(pattern, text));
  for (const row of rows.match) {
    const [text, expected, group] = typeof row === 'string' ? [row, undefined, undefined] : row;
    assert.ok(matches(text), `${name} matches ${JSON.stringify(text)}`);
    if (expected !== undefined) assert.deepEqual(found(pattern, text, group), expected, `${name} finds ${JSON.stringify(expected)} in ${JSON.stringify(text)}`);
  }
  for (const text of rows.miss) assert.ok(!matches(text), `${name} does not match ${JSON.stringify(text)}`);
}

function checkWordList(name: string, list: ReadonlySet<string>, rows: WordListRows): void {
  assert.ok(rows.has.length > 0 && rows.lacks.length > 0, `${name}: words in it and words not`);
  for (const w of rows.has) assert.ok(list.has(w), `${name} has ${JSON.stringify(w)}`);
  for (const w of rows.lacks) assert.ok(!list.has(w), `${name} lacks ${JSON.stringify(w)}`);
  for (const q of rows.allIn ?? []) {
    const out = words(q).filter((w) => !list.has(w));
    assert.deepEqual(out, [], `${name} holds every word of ${JSON.stringify(q)}`);
  }
  for (const q of rows.notAllIn ?? []) assert.ok(words(q).some((w) => !list.has(w)), `${name} lacks a word of ${JSON.stringify(q)}`);
}

/** One test per export of `lexicon`, and one that every export has its table (the tables of a whole module at once). */
export function lexiconTables(file: string, lexicon: Readonly<Record<string, unknown>>, tables: Readonly<Record<string, Rows>>): void {
  test(`${file}: every export has a table of examples, and every table an export`, () => {
    assert.deepEqual(Object.keys(tables).sort(), Object.keys(lexicon).sort());
  });
  for (const [name, rows] of Object.entries(tables)) {
    test(`${file}: ${name}`, () => {
      const value = lexicon[name];
      if (value instanceof RegExp && 'match' in rows) checkPattern(name, value, rows);
      else if (value instanceof Set && 'has' in rows) checkWordList(name, value as ReadonlySet<string>, rows);
      else assert.fail(`${name}: a ${value instanceof RegExp ? 'pattern' : value instanceof Set ? 'word list' : typeof value} needs ${value instanceof Set ? 'has/lacks' : 'match/miss'} rows`);
    });
  }
}
